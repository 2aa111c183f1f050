//! What is on screen: memos over the record and the playback cursor, read by everything that
//! draws the run (the scene, the board, the history, the log, the code panel).

use crate::state::Playground;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::show::view::{RunRecord, RunView};

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
            Some(i) => Some(i.min(pg.run.with(RunRecord::len).saturating_sub(1))),
            None => pg.run.with(RunRecord::len).checked_sub(1),
        });
        let event = Memo::new(move |_| {
            let i = index.get()?;
            pg.run.with(|rec| rec.events().get(i).cloned())
        });
        // Live, the page keeps the view up to date one event at a time; looking back, it is
        // rebuilt once from the steps before the cursor (which never change during a run).
        let view = Memo::new(move |_| match pb.cursor.get() {
            None => pg.run.with(|rec| rec.view().clone()),
            Some(_) => match index.get() {
                Some(i) => {
                    pg.run.with_untracked(|rec| RunView::from_events(&rec.events()[..=i.min(rec.events().len() - 1)]))
                }
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
