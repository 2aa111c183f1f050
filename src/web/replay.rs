//! Plays a recorded run (an imported trace) back through the same pacing as a live run.

use crate::web::driver::Speed;
use crate::web::gate::gate;
use crate::web::runner::{pace_ms, BrowserTurns};
use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use rusty_lock_engine::run::cancel::CancelToken;
use rusty_lock_engine::run::events::{Event, Outcome};
use std::rc::Rc;
use wasm_bindgen_futures::spawn_local;

/// Lives in the loop's lazy part, as a live run does, so the log's lines (in the same part) are
/// there before the first event is: an opened trace shows its whole run when its outcome shows.
/// Stop ends a replay as it ends a live run: with one `Finished` event, cancelled, that counts
/// the turns played and the time they took.
pub fn replay(events: Vec<Event>, speed: Speed, deliver: Rc<dyn Fn(Event)>, token: CancelToken) {
    spawn_local(async move {
        let mut turns = BrowserTurns::new();
        let (mut turn, mut elapsed_ms) = (0, 0);
        for event in events {
            if let Event::TurnStarted { turn: t, .. } = event {
                turn = t;
            }
            let (ms, last) = (replay_ms(&event), matches!(event, Event::Finished { .. }));
            if !play(event, ms, &speed, &*deliver, &token, &mut turns).await {
                // Stopped while the recorded ending was on screen: the run has its end already.
                if !last {
                    deliver(Event::Finished { outcome: Outcome::Cancelled, turns: turn, elapsed_ms });
                }
                return;
            }
            elapsed_ms += ms;
        }
    });
}

/// Delivers one recorded event and waits its time on screen; `false` if Stop came first.
async fn play(
    event: Event,
    ms: u64,
    speed: &Speed,
    deliver: &dyn Fn(Event),
    token: &CancelToken,
    turns: &mut BrowserTurns,
) -> bool {
    // Paused: hold the next event until Play or a step.
    let gate = gate();
    if !gate.is_open() {
        if let Either::Left(_) = select(token.cancelled(), std::pin::pin!(gate.pass(event.clone()))).await {
            return false;
        }
        // Held, the presenter is the pace (as in a live run): no time on screen of its own.
        deliver(event);
        return !token.is_cancelled();
    }
    deliver(event);
    let factor = speed.get();
    if factor > 0.0 && ms > 0 {
        let wait = TimeoutFuture::new((ms as f64 / factor).min(u32::MAX as f64) as u32);
        return matches!(select(token.cancelled(), wait).await, Either::Right(_));
    }
    // Instant: hand the browser a turn every slice or every few hundred events, as a live run
    // does, so a trace of thousands of events never freezes the page and Stop is seen at once.
    turns.maybe_yield().await;
    !token.is_cancelled()
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
