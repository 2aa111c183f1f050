//! Playback and time travel: play, pause, step, scrub. The run's events are the record; the
//! cursor says which step is on screen (`None` follows the run live), and everything that draws
//! the run reads [`crate::state::shown::Shown`], so stepping back shows the run exactly as it was.
//!
//! Pause holds a live run at the gate ([`crate::web::gate`]); looking back pauses it too, and
//! Play catches up with the record at the playback speed before the run goes on.

use crate::state::Playground;
use crate::web::gate::gate;
use leptos::prelude::*;
use rusty_lock_engine::show::beats::{beat_back, press_end, Press};
use rusty_lock_engine::show::view::RunRecord;

/// The step count of the record.
fn len(pg: Playground) -> usize {
    pg.run.with_untracked(RunRecord::len)
}

/// Moves the cursor to step `i`; the newest step means following live again.
fn go_to(pg: Playground, i: usize) {
    let n = len(pg);
    if n == 0 {
        return;
    }
    pg.playback.cursor.set(if i + 1 >= n { None } else { Some(i) });
}

/// Play or pause. At the end of a finished run, Play starts it again from the first step.
pub fn toggle(pg: Playground) {
    let pb = pg.playback;
    if len(pg) == 0 {
        return;
    }
    let at_end = pb.cursor.get_untracked().is_none() && !pg.running.get_untracked();
    if pb.paused.get_untracked() || at_end {
        if at_end {
            pb.cursor.set(Some(0));
        }
        pb.paused.set(false);
    } else {
        pb.paused.set(true);
    }
}

/// Is playback moving (a live run going on, or the record playing)?
pub fn is_playing(pg: Playground) -> bool {
    let pb = pg.playback;
    !pb.paused.get() && (pg.running.get() || pb.cursor.get().is_some())
}

/// One step back, pausing.
pub fn step_back(pg: Playground) {
    let n = len(pg);
    if n == 0 {
        return;
    }
    pg.playback.paused.set(true);
    let at = pg.playback.cursor.get_untracked().unwrap_or(n - 1);
    pg.playback.cursor.set(Some(at.saturating_sub(1)));
}

/// One step forward, pausing. At the newest step of a live run, lets one more event through.
pub fn step_forward(pg: Playground) {
    let pb = pg.playback;
    pb.paused.set(true);
    match pb.cursor.get_untracked() {
        Some(i) => go_to(pg, i + 1),
        None if pg.running.get_untracked() => {
            gate().set_open(false);
            gate().step();
        }
        None => {}
    }
}

/// The first step, pausing.
pub fn first(pg: Playground) {
    if len(pg) > 0 {
        pg.playback.paused.set(true);
        pg.playback.cursor.set(Some(0));
    }
}

/// The newest step.
pub fn last(pg: Playground) {
    pg.playback.cursor.set(None);
}

/// The timeline scrubber moved to step `i`.
pub fn scrub(pg: Playground, i: usize) {
    pg.playback.paused.set(true);
    go_to(pg, i);
}

/// What a presenter's "next" or "back" did, in narrate pace: moved the run, or found nothing
/// more in that direction, where the presenter's keys move to the next or previous lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Narrated {
    Moved,
    Nothing,
}

/// A presenter's "next", as `press` says: one step (the arrows, Space), a beat (the clicker's
/// PageDown and the presenter view's Next: a turn that goes well in one press, a failure and its
/// handling a press each), to the next failure, or to the end. It starts the run (a lesson's
/// question is then answered by "Show me", judging nobody), moves through it, or, once a finished
/// run is on its last step, says there is nothing more.
pub fn narrate_next(pg: Playground, press: Press) -> Narrated {
    let pb = pg.playback;
    let running = pg.running.get_untracked();
    match pb.cursor.get_untracked() {
        Some(i) => {
            pb.paused.set(true);
            let end = pg.run.with_untracked(|rec| press_end(rec.events(), i + 1, press));
            go_to(pg, end.max(i + 1));
            // Past the record's end into a run still going: the jump and End go on through it.
            if running && end + 1 >= len(pg) && matches!(press, Press::ToFailure | Press::ToEnd) {
                gate().set_open(false);
                gate().press_over(press);
            }
        }
        None if running => {
            pb.paused.set(true);
            gate().set_open(false);
            gate().press_over(press);
        }
        None if len(pg) > 0 => return Narrated::Nothing,
        None if untrack(|| pg.in_lesson()) => crate::actions::run::answer_lesson(pg, None),
        None => crate::actions::run::run(pg),
    }
    Narrated::Moved
}

/// A presenter's "back": one step (the arrows) or the beat before (the clicker), or nothing at the
/// first step (or before any run).
pub fn narrate_back(pg: Playground, press: Press) -> Narrated {
    let n = len(pg);
    let at = pg.playback.cursor.get_untracked().unwrap_or(n.saturating_sub(1));
    if n == 0 || at == 0 {
        return Narrated::Nothing;
    }
    if press == Press::Step {
        step_back(pg);
    } else {
        pg.playback.paused.set(true);
        let to = pg.run.with_untracked(|rec| beat_back(rec.events(), at));
        pg.playback.cursor.set(Some(to));
    }
    Narrated::Moved
}

/// Timed playback or step by step, from the key that switches them (T): narrating holds the run
/// on its step, timed playback plays on from it.
pub fn toggle_pace(pg: Playground) {
    use rusty_lock_engine::show::scenario::Pace;
    let narrate = !pg.narrating();
    pg.scenario.update(|s| s.pace = if narrate { Pace::Narrate } else { Pace::Timed });
    let moving = pg.running.get_untracked() || pg.playback.cursor.get_untracked().is_some();
    if moving {
        pg.playback.paused.set(narrate);
    }
}
