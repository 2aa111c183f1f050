//! The playground's state: plain engine types in signals, and the actions (Run, Stop, Replay).
//! Components read it from context; none of them owns a piece of it. The fault plan itself is
//! the source of truth, so a link round-trips exactly whatever the toggles show.

use crate::web::driver::Speed;
use crate::web::replay::replay;
use crate::web::runner::start_run;
use leptos::prelude::*;
use rusty_lock_engine::scenario::{Mode, Notice, ProviderChoice, Scenario, DEFAULT_SPEED, SPEEDS};
use rusty_lock_engine::{CancelToken, Event, FaultPlan, Layer, RunConfig, RunView};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

#[derive(Clone, Copy)]
pub struct Playground {
    pub config: RwSignal<RunConfig>,
    pub plan: RwSignal<FaultPlan>,
    pub speed_index: RwSignal<usize>,
    pub provider: RwSignal<ProviderChoice>,
    pub lesson: RwSignal<Option<String>>,
    pub lang: RwSignal<Option<String>>,
    pub mode: RwSignal<Mode>,
    /// What the last link or file asked for that was ignored.
    pub notices: RwSignal<Vec<Notice>>,
    /// A problem with an imported trace, shown until dismissed.
    pub trace_error: RwSignal<Option<String>>,
    /// The viewer's answer to the current lesson's question.
    pub answer: RwSignal<Option<Layer>>,
    pub events: RwSignal<Vec<Event>>,
    pub view: RwSignal<RunView>,
    pub running: RwSignal<bool>,
    cancel: StoredValue<Option<CancelToken>, LocalStorage>,
    /// The plan the running chaos decorator reads, kept in step with the toggles.
    live_plan: StoredValue<Rc<RefCell<FaultPlan>>, LocalStorage>,
    live_speed: StoredValue<Speed, LocalStorage>,
}

/// The speed factor of a speed index; 0 means instant.
pub fn speed_factor(index: usize) -> f64 {
    match SPEEDS.get(index).copied().unwrap_or("1") {
        "instant" => 0.0,
        s => s.parse().unwrap_or(1.0),
    }
}

impl Playground {
    pub fn new() -> Self {
        let pg = Playground {
            config: RwSignal::new(RunConfig::default()),
            plan: RwSignal::new(FaultPlan::default()),
            speed_index: RwSignal::new(DEFAULT_SPEED),
            provider: RwSignal::new(ProviderChoice::Builtin),
            lesson: RwSignal::new(None),
            lang: RwSignal::new(None),
            mode: RwSignal::new(Mode::Full),
            notices: RwSignal::new(Vec::new()),
            trace_error: RwSignal::new(None),
            answer: RwSignal::new(None),
            events: RwSignal::new(Vec::new()),
            view: RwSignal::new(RunView::default()),
            running: RwSignal::new(false),
            cancel: StoredValue::new_local(None),
            live_plan: StoredValue::new_local(Rc::new(RefCell::new(FaultPlan::default()))),
            live_speed: StoredValue::new_local(Rc::new(Cell::new(speed_factor(DEFAULT_SPEED)))),
        };
        // Toggles and speed apply mid-run: the running loop reads these shared cells.
        Effect::new(move |_| {
            let plan = pg.plan.get();
            pg.live_plan.with_value(|p| *p.borrow_mut() = plan);
        });
        Effect::new(move |_| {
            let speed = speed_factor(pg.speed_index.get());
            pg.live_speed.with_value(|s| s.set(speed));
        });
        pg
    }

    /// The scenario the page shows now (tracked: an effect reading it reruns on any change).
    pub fn scenario(&self) -> Scenario {
        Scenario {
            config: self.config.get(),
            faults: self.plan.get(),
            speed: self.speed_index.get(),
            provider: self.provider.get(),
            lesson: self.lesson.get(),
            lang: self.lang.get(),
            mode: self.mode.get(),
        }
    }

    /// The same, without subscribing the caller.
    pub fn scenario_untracked(&self) -> Scenario {
        untrack(|| self.scenario())
    }

    /// Puts a scenario on the page. A new lesson starts fresh, on its question.
    pub fn apply_scenario(&self, s: Scenario) {
        if s.lesson != self.lesson.get_untracked() {
            self.stop();
            self.clear();
            self.answer.set(None);
        }
        self.config.set(s.config);
        self.plan.set(s.faults);
        self.speed_index.set(s.speed.min(SPEEDS.len() - 1));
        self.provider.set(s.provider);
        self.lesson.set(s.lesson);
        self.lang.set(s.lang);
        self.mode.set(s.mode);
    }

    fn clear(&self) {
        self.events.set(Vec::new());
        self.view.set(RunView::default());
    }

    /// The callback a run or a replay hands each event to.
    fn deliver(&self) -> Rc<dyn Fn(Event)> {
        let pg = *self;
        Rc::new(move |event: Event| {
            let finished = matches!(event, Event::Finished { .. });
            let index = pg.events.with_untracked(Vec::len);
            pg.view.update(|v| v.apply(index, &event));
            pg.events.update(|v| v.push(event));
            if finished {
                pg.running.set(false);
            }
        })
    }

    pub fn run(&self) {
        self.stop();
        self.clear();
        self.running.set(true);
        let token = start_run(
            self.config.get_untracked(),
            self.live_plan.get_value(),
            self.live_speed.get_value(),
            self.deliver(),
        );
        self.cancel.set_value(Some(token));
    }

    /// Plays recorded events back at the current speed, as if the run were happening now.
    pub fn replay(&self, events: Vec<Event>) {
        self.stop();
        self.clear();
        self.running.set(true);
        let token = replay(events, self.live_speed.get_value(), self.deliver());
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
