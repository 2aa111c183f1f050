//! Browser glue for playback: the timer that plays the record step by step, the keyboard
//! (space, arrows, Home, End), the backoff countdown, and scrolling a lit line into view.

use crate::actions::step::{first, last, step_back, step_forward, toggle};
use crate::state::shown::Shown;
use crate::state::{speed_factor, Playground};
use crate::web::events::key_press;
use crate::web::gate::{gate, now, Countdown};
use crate::web::replay::replay_ms;
use leptos::ev::keydown;
use leptos::prelude::*;
use rusty_lock_engine::show::view::RunRecord;
use std::time::Duration;

/// Plays the record: while the cursor looks back and playback is not paused, moves it one step
/// on after that step's time on screen. Reaching the newest step follows the run live again.
pub fn use_ticker(pg: Playground) {
    let pb = pg.playback;
    let pending = StoredValue::new_local(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let cursor = pb.cursor.get();
        let paused = pb.paused.get();
        let speed = speed_factor(pg.speed.get());
        if let Some(handle) = pending.try_update_value(Option::take).flatten() {
            handle.clear();
        }
        let Some(i) = cursor else { return };
        if paused {
            return;
        }
        if speed <= 0.0 {
            pb.cursor.set(None);
            return;
        }
        let ms = pg.run.with_untracked(|rec| rec.events().get(i).map(replay_ms)).unwrap_or(0);
        let advance = move || {
            if let (Some(Some(i)), Some(n)) = (pb.cursor.try_get_untracked(), pg.run.try_with_untracked(RunRecord::len))
            {
                pb.cursor.set(if i + 2 >= n { None } else { Some(i + 1) });
            }
        };
        let handle = set_timeout_with_handle(advance, Duration::from_millis((ms as f64 / speed) as u64)).ok();
        pending.set_value(handle);
    });
    // The playground taken down (a link to another view) takes its timer with it.
    on_cleanup(move || {
        if let Some(handle) = pending.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    });
}

/// Space plays or pauses, the arrows step, Home and End jump. Never while typing in a field, and
/// Space leaves a focused button to press itself.
pub fn use_playback_keys(pg: Playground) {
    let handle = window_event_listener(keydown, move |ev| {
        let Some(press) = key_press(&ev) else { return };
        if press.with_modifier || press.default_prevented || press.typing {
            return;
        }
        let tag = press.target_tag;
        // A narrated run's keys are the presenter keys' (`crate::hooks::keys`).
        if pg.narrating() && matches!(press.key.as_str(), " " | "ArrowLeft" | "ArrowRight") {
            return;
        }
        match press.key.as_str() {
            // Space runs when there is nothing to play yet, then plays and pauses.
            " " if !matches!(tag.as_str(), "BUTTON" | "A" | "SUMMARY") => {
                if pg.run.with_untracked(RunRecord::is_empty) && !pg.running.get_untracked() {
                    crate::actions::run::run(pg);
                } else {
                    toggle(pg);
                }
            }
            "ArrowLeft" => step_back(pg),
            "ArrowRight" => step_forward(pg),
            "Home" => first(pg),
            "End" => last(pg),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || handle.remove());
}

/// The live run's wait that runs down on screen after a press (`web::gate`), while its step is
/// the one on screen.
pub fn live_countdown(pg: Playground) -> Option<Countdown> {
    pg.playback.countdown.track();
    let c = gate().countdown()?;
    (pg.playback.cursor.get().is_none() && pg.run.with(RunRecord::len) == c.at).then_some(c)
}

/// The wait still to wait, in the run's own milliseconds, for the step `wait` describes
/// (`(step index, wait)`). It counts down at the playback speed while playback moves, and stands
/// still while paused, except a wait running down after a press, which counts down as it runs.
pub fn use_countdown(pg: Playground, wait: Memo<Option<(usize, u64)>>) -> ReadSignal<Option<u64>> {
    let (left, set_left) = signal(None::<u64>);
    let ticking = StoredValue::new_local(None::<IntervalHandle>);
    const TICK_MS: u64 = 100;
    Effect::new(move |_| {
        if let Some(handle) = ticking.try_update_value(Option::take).flatten() {
            handle.clear();
        }
        let Some((_, ms)) = wait.get() else {
            set_left.set(None);
            return;
        };
        // Live at instant speed the wait is already over; looking back, it shows in full.
        let live = pg.playback.cursor.get_untracked().is_none();
        if live && speed_factor(pg.scenario.with_untracked(|s| s.speed)) <= 0.0 {
            set_left.set(Some(0));
            return;
        }
        set_left.set(Some(ms));
        let tick = move || {
            if let Some(Some(c)) = untrack(|| pg.is_alive().then(|| live_countdown(pg))) {
                set_left.try_set(Some(c.left()));
                return;
            }
            if pg.playback.paused.try_get_untracked() != Some(false) {
                return;
            }
            let speed = speed_factor(pg.scenario.with_untracked(|s| s.speed));
            let step = if speed <= 0.0 { u64::MAX } else { (TICK_MS as f64 * speed) as u64 };
            set_left.try_update(|l| *l = l.map(|v| v.saturating_sub(step)));
        };
        ticking.set_value(set_interval_with_handle(tick, Duration::from_millis(TICK_MS)).ok());
    });
    on_cleanup(move || {
        if let Some(handle) = ticking.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    });
    left
}

/// Keeps the gate in step with playback: a live run moves only while it is on screen and not
/// paused.
pub fn sync_gate(pg: Playground) {
    let pb = pg.playback;
    Effect::new(move |_| {
        let open = pb.cursor.get().is_none() && !pb.paused.get();
        gate().set_open(open);
    });
}

/// Sets playback up for the page: what is shown, and the gate. (The player's timer and keys are
/// hooks above this, in `hooks::playback_glue`, installed beside it by the app.) Call once, after
/// the playground is in context.
pub fn install(pg: Playground) {
    provide_context(Shown::new(pg));
    sync_gate(pg);
    let (pb, run) = (pg.playback, pg.run);
    gate().on_countdown(Some(std::rc::Rc::new(move |span, real_ms| {
        if let Some(at) = run.try_with_untracked(RunRecord::len) {
            gate().set_countdown(Some(Countdown { at, span, real_ms, from: now() }));
            pb.countdown.update(|n| *n += 1);
        }
    })));
}

/// With "pause at the first failure" on, holds playback on the first step of each run that a
/// layer handles, so the room can say who will handle it before the run goes on.
pub fn use_pause_at_failure(pg: Playground) {
    let shown = crate::state::expect_context::<Shown>();
    let pb = pg.playback;
    Effect::new(move |_| {
        let failing = shown.event.with(|e| e.as_ref().and_then(rusty_lock_engine::run::events::Event::layer).is_some());
        if !failing || !pb.pause_at_failure.get() {
            return;
        }
        let run = pb.run_id.get_untracked();
        if pb.paused_for_run.get_untracked() != Some(run) && speed_factor(pg.scenario.with_untracked(|s| s.speed)) > 0.0
        {
            pb.paused_for_run.set(Some(run));
            pb.paused.set(true);
        }
    });
}
