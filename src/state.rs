//! The playground's state: plain engine types in signals, and the two actions, Run and Stop.
//! Components read it from context; none of them owns a piece of it.

use crate::web::driver::Speed;
use crate::web::runner::start_run;
use leptos::prelude::*;
use rusty_lock_engine::{CancelToken, Event, Fault, FaultGroup, FaultPlan, FaultRule, RunConfig, RunView};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// One row of the fault panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaultToggle {
    pub fault: Fault,
    pub on: bool,
    /// The turn it hits. Turn 2 is when the agent first tries the key: a good default.
    pub turn: u32,
    /// For server faults, how many attempts in a row fail.
    pub times: u32,
}

impl FaultToggle {
    fn off(fault: Fault) -> Self {
        FaultToggle { fault, on: false, turn: 2, times: 1 }
    }
}

/// The playback speeds, from slow to instant.
pub const DEFAULT_SPEED: usize = 2;

#[derive(Clone, Copy)]
pub struct Playground {
    pub config: RwSignal<RunConfig>,
    pub faults: RwSignal<Vec<FaultToggle>>,
    pub speed_index: RwSignal<usize>,
    pub events: RwSignal<Vec<Event>>,
    pub view: RwSignal<RunView>,
    pub running: RwSignal<bool>,
    cancel: StoredValue<Option<CancelToken>, LocalStorage>,
    /// The plan the running chaos decorator reads, kept in step with the toggles.
    live_plan: StoredValue<Rc<RefCell<FaultPlan>>, LocalStorage>,
    live_speed: StoredValue<Speed, LocalStorage>,
}

impl Playground {
    pub fn new() -> Self {
        let speed_index = RwSignal::new(DEFAULT_SPEED);
        let faults = RwSignal::new(Fault::ALL.iter().map(|f| FaultToggle::off(*f)).collect::<Vec<_>>());
        let pg = Playground {
            config: RwSignal::new(RunConfig::default()),
            faults,
            speed_index,
            events: RwSignal::new(Vec::new()),
            view: RwSignal::new(RunView::default()),
            running: RwSignal::new(false),
            cancel: StoredValue::new_local(None),
            live_plan: StoredValue::new_local(Rc::new(RefCell::new(FaultPlan::default()))),
            live_speed: StoredValue::new_local(Rc::new(Cell::new(crate::text::SPEEDS[DEFAULT_SPEED].1))),
        };
        // Toggles and speed apply mid-run: the running loop reads these shared cells.
        Effect::new(move |_| {
            let plan = plan_of(&pg.faults.get());
            pg.live_plan.with_value(|p| *p.borrow_mut() = plan);
        });
        Effect::new(move |_| {
            let speed = crate::text::SPEEDS[pg.speed_index.get().min(crate::text::SPEEDS.len() - 1)].1;
            pg.live_speed.with_value(|s| s.set(speed));
        });
        pg
    }

    pub fn run(&self) {
        self.stop();
        self.events.set(Vec::new());
        self.view.set(RunView::default());
        self.running.set(true);
        let pg = *self;
        let deliver: Rc<dyn Fn(Event)> = Rc::new(move |event: Event| {
            let finished = matches!(event, Event::Finished { .. });
            let index = pg.events.with_untracked(Vec::len);
            pg.view.update(|v| v.apply(index, &event));
            pg.events.update(|v| v.push(event));
            if finished {
                pg.running.set(false);
            }
        });
        let token =
            start_run(self.config.get_untracked(), self.live_plan.get_value(), self.live_speed.get_value(), deliver);
        self.cancel.set_value(Some(token));
    }

    /// Cancels the run at once, even in the middle of a backoff or a call that never answers.
    pub fn stop(&self) {
        if let Some(token) = self.cancel.get_value() {
            token.cancel();
        }
        self.cancel.set_value(None);
    }
}

/// The fault plan the toggles describe.
pub fn plan_of(toggles: &[FaultToggle]) -> FaultPlan {
    FaultPlan::new(
        toggles
            .iter()
            .filter(|t| t.on)
            .map(|t| FaultRule {
                turn: t.turn,
                fault: t.fault,
                times: if t.fault.group() == FaultGroup::Server { t.times } else { 1 },
            })
            .collect(),
    )
}
