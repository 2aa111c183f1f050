//! Starts one run in the page: the built-in model wrapped in chaos, on a virtual clock driven
//! by real timers, paced so each step can be watched.

use crate::web::driver::{ClockDriver, Speed};
use crate::web::gate::gate;
use futures::future::LocalBoxFuture;
use gloo_timers::future::TimeoutFuture;
use rusty_lock_engine::run::builtin::{BuiltinModel, Personality};
use rusty_lock_engine::run::cancel::CancelToken;
use rusty_lock_engine::run::chaos::{broken_by, FaultPlan};
use rusty_lock_engine::run::clock::VirtualClock;
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, Outcome};
use rusty_lock_engine::run::harness::{Harness, Inputs, Observer};
use rusty_lock_engine::run::provider::Provider;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;

/// Hands each event to the page, then holds the loop for a moment so the eye can follow.
struct PacedObserver {
    speed: Speed,
    deliver: Rc<dyn Fn(Event)>,
    /// At instant speed, when the loop next gives the browser a turn.
    turns: BrowserTurns,
}

/// How long each step stays on screen at 1×, in ms: long enough to read its caption aloud to a
/// room (at least 1.3 s), and longer where the lesson is (a failure, a guard, a tolerated quirk).
/// A wait shows its countdown on top of this, for as long as the backoff lasts. 2× and 4× divide
/// these; instant skips them.
pub fn pace_ms(event: &Event) -> u32 {
    match event {
        Event::RunStarted { .. } => 1300,
        Event::TurnStarted { .. } => 1300,
        Event::ModelCalled { .. } => 1300,
        Event::ModelReplied { .. } => 1800,
        Event::QuirkTolerated { .. } => 2600,
        Event::ToolStarted { .. } => 1300,
        Event::ToolSucceeded { .. } => 1600,
        Event::ToolFailed { .. } => 2600,
        Event::ModelCallFailed { .. } => 2600,
        Event::RetryScheduled { .. } => 1300,
        Event::GuardTripped { .. } => 2800,
        // A lesson's moment: the caption names what now travels with every turn.
        Event::SecretSent { .. } => 2800,
        Event::Finished { .. } => 0,
    }
}

impl Observer for PacedObserver {
    fn on_event(&mut self, event: &Event) -> LocalBoxFuture<'static, ()> {
        let gate = gate();
        // Paused: the event waits at the gate. Stop's own ending never waits.
        let stopped = matches!(event, Event::Finished { outcome: Outcome::Cancelled, .. });
        if !gate.is_open() && !stopped {
            // Held, the presenter is the pace: each event shows as its press lets it through,
            // with no time on screen of its own, so the next press moves on at once (a press
            // never waits for the step before it to finish playing).
            let (deliver, event) = (self.deliver.clone(), event.clone());
            return Box::pin(async move {
                gate.pass(event.clone()).await;
                deliver(event);
            });
        }
        (self.deliver)(event.clone());
        let speed = self.speed.get();
        let ms = pace_ms(event);
        if speed <= 0.0 {
            return self.turns.maybe_yield();
        }
        if ms == 0 {
            return Box::pin(std::future::ready(()));
        }
        Box::pin(TimeoutFuture::new((ms as f64 / speed) as u32))
    }
}

/// Who answers. The built-in model is built here rather than by the caller, so that its code
/// travels with the rest of the engine in the lazy `engine` part.
pub enum Model {
    Builtin(Personality),
    Other(Box<dyn Provider>),
}

/// What a run needs from the page.
pub struct RunSetup {
    pub config: RunConfig,
    pub plan: Rc<RefCell<FaultPlan>>,
    /// Pacing for the eye: how long each step stays on screen.
    pub speed: Speed,
    /// How fast the run's own clock (backoff, watchdog) goes. A real endpoint answers in real
    /// time, so its runs keep this at 1 whatever the playback speed.
    pub clock_speed: Speed,
    /// The model, built-in or HTTP. Chaos is wrapped around it here.
    pub model: Model,
    pub deliver: Rc<dyn Fn(Event)>,
}

/// Starts a run that `token` stops. `deliver` receives every event, `Finished` last.
pub fn start_run(setup: RunSetup, token: CancelToken) {
    let RunSetup { config, plan, speed, clock_speed, model, deliver } = setup;
    // The built-in model answers at once, so every wait of its runs is the run's own (a retry's,
    // a silent call's watchdog): a press ends at it and the wait runs down on screen.
    gate().set_waits_end_beats(matches!(model, Model::Builtin(_)));
    let provider: Box<dyn Provider> = match model {
        Model::Builtin(personality) => Box::new(BuiltinModel::speaking(personality, config.lang)),
        Model::Other(provider) => provider,
    };
    spawn_local(async move {
        let clock = VirtualClock::new();
        ClockDriver::attach(&clock, clock_speed);
        let (provider, tools) = broken_by(plan, provider, Rc::new(clock.clone()));
        let harness =
            Harness(Inputs { provider: &provider, clock: &clock, config: &config, tools: &tools, cancel: token });
        let mut observer = PacedObserver { speed, deliver, turns: BrowserTurns::new() };
        harness.run(&mut observer).await;
        clock.set_on_new_timer(None);
    });
}

/// At instant speed nothing waits, so without this a 1,000-turn run was one 400 ms task: the
/// page froze and a click on Stop was only seen once the run had ended. The loop now hands the
/// browser a turn every few milliseconds of work, and Stop is seen then.
pub(crate) struct BrowserTurns {
    /// With `scheduler.yield` (see [`browser_turn`]) the loop resumes ahead of other tasks and the
    /// page paints only now and then. Elsewhere a zero timeout, after which the page paints every
    /// time, and a paint of a long log is dear: those turns are spaced further apart. Each turn
    /// also costs the page an update, so shorter slices make the whole run slower (30 ms slices:
    /// a 1,000-turn run took about 1 s; 60 ms: about 0.7 s, against 0.55 s in one piece).
    slice_ms: f64,
    last: f64,
    /// Events handed over since the browser's last turn. The loop's own work can be far quicker
    /// than the page's (each event is a log line to build, a view to fold): on a fast machine a
    /// whole 1,000-turn run fitted in one slice and then in one 200 ms task, and Stop could not
    /// land. So a turn also comes every [`BrowserTurns::MAX_EVENTS`] events.
    events: usize,
}

impl BrowserTurns {
    pub(crate) fn new() -> Self {
        let slice_ms = if scheduler_yield().is_some() { 40.0 } else { 200.0 };
        // The first event hands the browser a turn at once: the click that started the run
        // ends there, and the loop's first slice, with the first calls into its code (compiled
        // then, on the main thread), is a task of its own.
        BrowserTurns { slice_ms, last: js_sys::Date::now(), events: Self::MAX_EVENTS - 1 }
    }

    /// The most events between two of the browser's turns: about 120 turns of the stubborn
    /// model, some 10 to 20 ms of the loop's work here. Half the page's batch
    /// (`actions::run::INSTANT_BATCH`), so every other turn also draws a frame.
    const MAX_EVENTS: usize = 600;

    /// Call once per event handed over. Ready at once, unless the loop has worked a whole slice,
    /// or handed over [`BrowserTurns::MAX_EVENTS`] events, since the browser's last turn.
    pub(crate) fn maybe_yield(&mut self) -> LocalBoxFuture<'static, ()> {
        self.events += 1;
        if self.events < Self::MAX_EVENTS && js_sys::Date::now() - self.last < self.slice_ms {
            return Box::pin(std::future::ready(()));
        }
        self.events = 0;
        self.last = js_sys::Date::now();
        browser_turn()
    }
}

/// `scheduler` and its `yield`, where the browser has them.
fn scheduler_yield() -> Option<(JsValue, js_sys::Function)> {
    let scheduler = js_sys::Reflect::get(&js_sys::global(), &"scheduler".into()).ok().filter(JsValue::is_object)?;
    let f = js_sys::Reflect::get(&scheduler, &"yield".into()).ok()?.dyn_into::<js_sys::Function>().ok()?;
    Some((scheduler, f))
}

/// Resolves in a task of its own, after the browser has had a turn: `scheduler.yield()` where
/// the browser has it (ahead of timers, in the order asked), else a zero timeout. Asked at the
/// same moment, the loop's turn and the page's update come in two tasks, in the order asked.
pub(crate) fn browser_turn() -> LocalBoxFuture<'static, ()> {
    let promise = scheduler_yield().and_then(|(s, f)| f.call0(&s).ok()?.dyn_into::<js_sys::Promise>().ok());
    Box::pin(async move {
        match promise {
            Some(p) => drop(wasm_bindgen_futures::JsFuture::from(p).await),
            None => TimeoutFuture::new(0).await,
        }
    })
}
