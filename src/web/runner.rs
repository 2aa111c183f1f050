//! Starts one run in the page: the built-in model wrapped in chaos, on a virtual clock driven
//! by real timers, paced so each step can be watched.

use crate::web::driver::{ClockDriver, Speed};
use futures::future::LocalBoxFuture;
use gloo_timers::future::TimeoutFuture;
use rusty_lock_engine::{
    BuiltinModel, CancelToken, Chaos, Clock, Event, FaultPlan, Harness, Observer, RunConfig, VirtualClock,
};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen_futures::spawn_local;

/// Hands each event to the page, then holds the loop for a moment so the eye can follow.
struct PacedObserver {
    speed: Speed,
    deliver: Rc<dyn Fn(Event)>,
}

/// How long each step stays on screen at 1×, in ms.
pub fn pace_ms(event: &Event) -> u32 {
    match event {
        Event::RunStarted { .. } => 300,
        Event::TurnStarted { .. } => 300,
        Event::ModelCalled { .. } => 450,
        Event::ModelReplied { .. } => 750,
        Event::ToolStarted { .. } => 300,
        Event::ToolSucceeded { .. } | Event::ToolFailed { .. } => 750,
        Event::ModelCallFailed { .. } => 600,
        Event::RetryScheduled { .. } => 150,
        Event::GuardTripped { .. } => 800,
        Event::Finished { .. } => 0,
    }
}

impl Observer for PacedObserver {
    fn on_event(&mut self, event: &Event) -> LocalBoxFuture<'static, ()> {
        (self.deliver)(event.clone());
        let speed = self.speed.get();
        let ms = pace_ms(event);
        if speed <= 0.0 || ms == 0 {
            return Box::pin(std::future::ready(()));
        }
        Box::pin(TimeoutFuture::new((ms as f64 / speed) as u32))
    }
}

/// Starts a run and returns its Stop button. `deliver` receives every event, `Finished` last.
pub fn start_run(
    config: RunConfig,
    plan: Rc<RefCell<FaultPlan>>,
    speed: Speed,
    deliver: Rc<dyn Fn(Event)>,
) -> CancelToken {
    let cancel = CancelToken::new();
    let token = cancel.clone();
    spawn_local(async move {
        let clock = VirtualClock::new();
        ClockDriver::attach(&clock, speed.clone());
        let shared: Rc<dyn Clock> = Rc::new(clock.clone());
        let provider = Chaos::new(BuiltinModel::new(config.personality), plan.clone(), shared);
        let harness = Harness { provider: &provider, clock: &clock, config: &config, plan, cancel: token };
        let mut observer = PacedObserver { speed, deliver };
        harness.run(&mut observer).await;
        clock.set_on_new_timer(None);
    });
    cancel
}
