//! Plays a recorded run (an imported trace) back through the same pacing as a live run.

use crate::web::driver::Speed;
use crate::web::gate::gate;
use crate::web::runner::{pace_ms, BrowserTurns};
use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use rusty_lock_engine::run::cancel::CancelToken;
use rusty_lock_engine::run::events::Event;
use std::rc::Rc;
use wasm_bindgen_futures::spawn_local;

/// Lives in the loop's lazy part, as a live run does, so the log's lines (in the same part) are
/// there before the first event is: an opened trace shows its whole run when its outcome shows.
pub fn replay(events: Vec<Event>, speed: Speed, deliver: Rc<dyn Fn(Event)>, token: CancelToken) {
    spawn_local(async move {
        let gate = gate();
        let mut turns = BrowserTurns::new();
        for event in events {
            // Paused: hold the next event until Play or a step.
            if !gate.is_open() {
                if let Either::Left(_) = select(token.cancelled(), std::pin::pin!(gate.pass())).await {
                    deliver(Event::Finished {
                        outcome: rusty_lock_engine::run::events::Outcome::Cancelled,
                        turns: 0,
                        elapsed_ms: 0,
                    });
                    return;
                }
            }
            let ms = replay_ms(&event);
            deliver(event);
            let factor = speed.get();
            if factor > 0.0 && ms > 0 {
                let wait = TimeoutFuture::new((ms as f64 / factor).min(u32::MAX as f64) as u32);
                if let Either::Left(_) = select(token.cancelled(), wait).await {
                    deliver(Event::Finished {
                        outcome: rusty_lock_engine::run::events::Outcome::Cancelled,
                        turns: 0,
                        elapsed_ms: 0,
                    });
                    return;
                }
            } else {
                // Instant: hand the browser a turn every slice or every few hundred events, as a
                // live run does, so a trace of thousands of events never freezes the page and Stop
                // is seen at once.
                turns.maybe_yield().await;
                if token.is_cancelled() {
                    deliver(Event::Finished {
                        outcome: rusty_lock_engine::run::events::Outcome::Cancelled,
                        turns: 0,
                        elapsed_ms: 0,
                    });
                    return;
                }
            }
        }
    });
}

/// How long a recorded step stays on screen at 1×: its pace, plus the backoff it recorded, so a
/// replayed retry waits as long as the live one did.
pub fn replay_ms(event: &Event) -> u64 {
    let wait = match event {
        Event::RetryScheduled { wait_ms, .. } => *wait_ms,
        _ => 0,
    };
    pace_ms(event) as u64 + wait
}
