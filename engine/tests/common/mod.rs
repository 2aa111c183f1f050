//! Helpers shared by the engine's integration tests: building configs and plans, driving a
//! harness by hand on a virtual clock, scripted providers, and reading event streams.
#![allow(dead_code)]

use futures::future::LocalBoxFuture;
use rusty_lock_engine::run::builtin::{BuiltinModel, Personality};
use rusty_lock_engine::run::cancel::CancelToken;

use rusty_lock_engine::run::chaos::{broken_by, Chaos, ChaosTools, Fault, FaultPlan, FaultRule};

use rusty_lock_engine::run::clock::{block_on_virtual, Clock, VirtualClock};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, Outcome};
use rusty_lock_engine::run::harness::{Harness, Inputs, Observer};
use rusty_lock_engine::run::provider::{CallContext, Provider, ProviderError};
use rusty_lock_engine::run::tools::Tools;
use rusty_lock_engine::run::wire::{ChatRequest, ChatResponse};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

pub fn plan(turn: u32, fault: Fault, times: u32) -> FaultPlan {
    FaultPlan::single(turn, fault, times)
}

pub fn plan_of(rules: &[(u32, Fault, u32)]) -> FaultPlan {
    FaultPlan::new(rules.iter().map(|&(turn, fault, times)| FaultRule { turn, fault, times }).collect())
}

pub fn stubborn() -> RunConfig {
    RunConfig { personality: Personality::Stubborn, ..RunConfig::default() }
}

pub fn kinds(events: &[Event]) -> Vec<&'static str> {
    events.iter().map(Event::kind).collect()
}

/// The turn an event happened in. The engine's `view::turn_of` also gives `Finished` its count
/// of turns; here it belongs to no turn, so a turn's kinds end with that turn's own events.
pub fn turn_of(event: &Event) -> Option<u32> {
    match event {
        Event::Finished { .. } => None,
        _ => rusty_lock_engine::show::view::turn_of(event),
    }
}

/// The kinds of the events of one turn, in order.
pub fn turn_kinds(events: &[Event], turn: u32) -> Vec<&'static str> {
    events.iter().filter(|e| turn_of(e) == Some(turn)).map(Event::kind).collect()
}

pub fn count(events: &[Event], kind: &str) -> usize {
    events.iter().filter(|e| e.kind() == kind).count()
}

pub fn count_in_turn(events: &[Event], turn: u32, kind: &str) -> usize {
    events.iter().filter(|e| turn_of(e) == Some(turn) && e.kind() == kind).count()
}

pub fn last(events: &[Event]) -> &Event {
    events.last().expect("the run emitted no event at all")
}

/// The `(outcome, turns, elapsed_ms)` of the final event, which must be `Finished`.
pub fn finished(events: &[Event]) -> (Outcome, u32, u64) {
    match last(events) {
        Event::Finished { outcome, turns, elapsed_ms } => (outcome.clone(), *turns, *elapsed_ms),
        other => panic!("the last event is {other:?}, not finished"),
    }
}

pub fn waits(events: &[Event]) -> Vec<u64> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RetryScheduled { wait_ms, .. } => Some(*wait_ms),
            _ => None,
        })
        .collect()
}

/// The `(turn, content, tool calls as name+arguments)` of every reply: what the model said.
pub fn replies(events: &[Event]) -> Vec<(u32, Option<String>, Vec<String>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ModelReplied { turn, content, tool_calls, .. } => Some((
                *turn,
                content.clone(),
                tool_calls.iter().map(|c| format!("{}{}", c.function.name, c.function.arguments)).collect(),
            )),
            _ => None,
        })
        .collect()
}

/// The `(name, arguments)` of every tool call the harness started, in order.
pub fn tool_calls(events: &[Event]) -> Vec<(String, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ToolStarted { call, .. } => Some((call.function.name.clone(), call.function.arguments.clone())),
            _ => None,
        })
        .collect()
}

/// An observer that records every event and can press Stop when a predicate matches.
pub struct StopWhen<F: FnMut(&Event) -> bool> {
    pub events: Vec<Event>,
    pub cancel: CancelToken,
    pub when: F,
}

impl<F: FnMut(&Event) -> bool> Observer for StopWhen<F> {
    fn on_event(&mut self, event: &Event) -> LocalBoxFuture<'static, ()> {
        self.events.push(event.clone());
        if (self.when)(event) {
            self.cancel.cancel();
        }
        Box::pin(std::future::ready(()))
    }
}

/// A provider that answers from a script first, then lets the built-in model answer. It also
/// keeps every request it was sent.
pub struct Scripted {
    pub script: RefCell<VecDeque<Result<ChatResponse, ProviderError>>>,
    pub inner: BuiltinModel,
    pub calls: Cell<u32>,
    pub requests: RefCell<Vec<(CallContext, ChatRequest)>>,
}

impl Scripted {
    pub fn new(script: Vec<Result<ChatResponse, ProviderError>>) -> Self {
        Scripted {
            script: RefCell::new(script.into()),
            inner: BuiltinModel::new(Personality::Helpful),
            calls: Cell::new(0),
            requests: RefCell::new(Vec::new()),
        }
    }
}

impl Provider for Scripted {
    fn complete(
        &self,
        request: &ChatRequest,
        ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        self.calls.set(self.calls.get() + 1);
        self.requests.borrow_mut().push((ctx, request.clone()));
        match self.script.borrow_mut().pop_front() {
            Some(answer) => Box::pin(std::future::ready(answer)),
            None => self.inner.complete(request, ctx),
        }
    }
}

/// Wraps any provider and records each request it is sent, with its turn and attempt.
pub struct Recorder<'a> {
    pub inner: &'a dyn Provider,
    pub requests: RefCell<Vec<(CallContext, ChatRequest)>>,
}

impl Provider for Recorder<'_> {
    fn complete(
        &self,
        request: &ChatRequest,
        ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        self.requests.borrow_mut().push((ctx, request.clone()));
        self.inner.complete(request, ctx)
    }
}

/// The result of a run driven by hand.
pub struct Driven {
    pub events: Vec<Event>,
    pub outcome: Option<Outcome>,
    pub now_ms: u64,
}

/// Runs `provider` through a harness on a fresh virtual clock, without chaos (unless the
/// provider brings its own); `plan` only feeds the harness-bug check.
pub fn drive(provider: &dyn Provider, config: &RunConfig, plan: FaultPlan) -> Driven {
    let clock = VirtualClock::new();
    let tools = ChaosTools::new(Tools, Rc::new(RefCell::new(plan)));
    let harness = Harness(Inputs { provider, clock: &clock, config, tools: &tools, cancel: CancelToken::new() });
    let mut events = Vec::new();
    let outcome = block_on_virtual(&clock, harness.run(&mut events));
    Driven { events, outcome, now_ms: clock.now_ms() }
}

/// The built-in model wrapped in chaos on `clock`, exactly as `simulate` builds it.
pub fn chaos_builtin(config: &RunConfig, plan: &Rc<RefCell<FaultPlan>>, clock: &VirtualClock) -> Chaos<BuiltinModel> {
    broken_by(plan.clone(), BuiltinModel::speaking(config.personality, config.lang), Rc::new(clock.clone())).0
}
