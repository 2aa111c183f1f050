//! Playback and time travel. The run's events are the record; the cursor says which step is on
//! screen (`None` follows the run live). Everything that draws the run (the scene, the board,
//! the history, the log, the code panel) reads [`Shown`], so stepping back shows the run exactly
//! as it was after that step.
//!
//! Pause holds a live run at the gate ([`crate::web::gate`]); looking back pauses it too, and
//! Play catches up with the record at the playback speed before the run goes on.

use crate::state::{speed_factor, Playground};
use crate::web::gate::gate;
use leptos::prelude::*;
use rusty_lock_engine::{Comparison, Event, RunView};

/// What is on screen: the step the cursor points at, or the newest one.
#[derive(Clone, Copy)]
pub struct Shown {
    /// The index of the step on screen, if the run has any.
    pub index: Memo<Option<usize>>,
    /// That step.
    pub event: Memo<Option<Event>>,
    /// The run as it was after that step.
    pub view: Memo<RunView>,
    /// The naive loop at the same step, in compare mode.
    pub naive_index: Memo<Option<usize>>,
    pub naive_event: Memo<Option<Event>>,
    pub naive_view: Memo<RunView>,
}

impl Shown {
    pub fn new(pg: Playground) -> Self {
        let pb = pg.playback;
        let index = Memo::new(move |_| match pb.cursor.get() {
            Some(i) => Some(i.min(pg.events.with(Vec::len).saturating_sub(1))),
            None => pg.events.with(Vec::len).checked_sub(1),
        });
        let event = Memo::new(move |_| {
            let i = index.get()?;
            pg.events.with(|e| e.get(i).cloned())
        });
        // Live, the page keeps the view up to date one event at a time; looking back, it is
        // rebuilt once from the steps before the cursor (which never change during a run).
        let view = Memo::new(move |_| match pb.cursor.get() {
            None => pg.view.get(),
            Some(_) => match index.get() {
                Some(i) => pg.events.with_untracked(|e| RunView::from_events(&e[..=i.min(e.len() - 1)])),
                None => RunView::default(),
            },
        });
        let naive_index = Memo::new(move |_| {
            let len = pb.naive.with(Vec::len);
            (len > 0).then(|| index.get().unwrap_or(0).min(len - 1))
        });
        let naive_event = Memo::new(move |_| {
            let i = naive_index.get()?;
            pb.naive.with(|e| e.get(i).cloned())
        });
        let naive_view = Memo::new(move |_| match naive_index.get() {
            Some(i) => pb.naive.with(|e| RunView::from_events(&e[..=i])),
            None => RunView::default(),
        });
        Shown { index, event, view, naive_index, naive_event, naive_view }
    }
}

/// The step count of the record.
fn len(pg: Playground) -> usize {
    pg.events.with_untracked(Vec::len)
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

/// Run, or in compare mode, run both schools. Both runs are computed at once (with the built-in
/// model they are pure functions of the scenario) and then played from the first step, in step.
pub fn run(pg: Playground) {
    if !pg.playback.compare.get_untracked() {
        pg.run();
        return;
    }
    pg.stop();
    let pb = pg.playback;
    pb.reset();
    let config = pg.config.get_untracked();
    let plan = pg.plan.get_untracked();
    leptos::task::spawn_local(async move {
        match crate::parts::compare_runs(config, plan).await {
            Ok(comparison) => show_comparison(pg, comparison),
            Err(_) => pg.trace_error.set(Some(crate::text::ENGINE_PART_MISSING.into())),
        }
    });
}

/// Puts both schools' runs on screen, to be played from the first step.
fn show_comparison(pg: Playground, comparison: Comparison) {
    let pb = pg.playback;
    pb.naive.set(comparison.naive.events);
    pb.diverge_at.set(comparison.diverge_at);
    let robust = comparison.robust.events;
    pg.view.set(RunView::from_events(&robust));
    pg.events.set(robust);
    pg.running.set(false);
    if speed_factor(pg.speed_index.get_untracked()) > 0.0 {
        pb.cursor.set(Some(0));
    }
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
/// hooks above this, in `web::playback_glue`, installed beside it by the app.) Call once, after
/// the playground is in context.
pub fn install(pg: Playground) {
    provide_context(Shown::new(pg));
    sync_gate(pg);
}
