//! Runs the built-in model with chaos on a virtual clock, as fast as the CPU allows. Tests,
//! benchmarks and the page's "instant" mode all share it, so they see the same run.

use crate::run::builtin::BuiltinModel;
use crate::run::cancel::CancelToken;
use crate::run::chaos::{broken_by, Chaos, ChaosTools, FaultPlan};
use crate::run::clock::{block_on_virtual, VirtualClock};
use crate::run::config::RunConfig;
use crate::run::events::{Event, Outcome};
use crate::run::harness::{Harness, Inputs};
use crate::run::naive::NaiveLoop;
use crate::run::tools::Tools;
use std::cell::RefCell;
use std::rc::Rc;

/// The events of a run and how it ended. `outcome` is `None` when the run waits forever on a
/// call that never answers (a hang with the watchdog off), which the event list then shows.
#[derive(Debug, Clone)]
pub struct Simulation {
    pub events: Vec<Event>,
    pub outcome: Option<Outcome>,
}

/// With the built-in model, this is a pure function of `config` and `plan`.
pub fn simulate(config: &RunConfig, plan: FaultPlan) -> Simulation {
    let clock = VirtualClock::new();
    let (provider, tools) = broken_builtin(config, plan, &clock);
    let harness =
        Harness(Inputs { provider: &provider, clock: &clock, config, tools: &tools, cancel: CancelToken::new() });
    let mut events = Vec::new();
    let outcome = block_on_virtual(&clock, harness.run(&mut events));
    Simulation { events, outcome }
}

/// The same scenario played by the naive loop ([`crate::run::naive::NaiveLoop`]): no retries, no
/// catching, no watchdog. A call that never answers leaves `outcome` at `None`.
pub fn simulate_naive(config: &RunConfig, plan: FaultPlan) -> Simulation {
    let clock = VirtualClock::new();
    let (provider, tools) = broken_builtin(config, plan, &clock);
    let naive =
        NaiveLoop(Inputs { provider: &provider, clock: &clock, config, tools: &tools, cancel: CancelToken::new() });
    let mut events = Vec::new();
    let outcome = block_on_virtual(&clock, naive.run(&mut events));
    Simulation { events, outcome }
}

/// The built-in model and the tool dispatch, both broken by `plan` on `clock`: what every
/// simulated run plays against, robust or naive.
fn broken_builtin(
    config: &RunConfig,
    plan: FaultPlan,
    clock: &VirtualClock,
) -> (Chaos<BuiltinModel>, ChaosTools<Tools>) {
    let model = BuiltinModel::speaking(config.personality, config.lang);
    broken_by(Rc::new(RefCell::new(plan)), model, Rc::new(clock.clone()))
}
