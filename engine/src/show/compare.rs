//! The two schools side by side: the same scenario played by the naive loop and by the robust
//! one, and the first step where they stop doing the same thing.

use crate::run::chaos::FaultPlan;
use crate::run::config::RunConfig;
use crate::run::events::Event;
use crate::run::sim::{simulate, simulate_naive, Simulation};
use crate::show::view::turn_of;

/// Both runs of one scenario, and where they part ways.
#[derive(Debug, Clone)]
pub struct Comparison {
    pub naive: Simulation,
    pub robust: Simulation,
    /// The index of the first event that differs, or `None` if both runs did the same thing.
    pub diverge_at: Option<usize>,
}

/// Plays `config` and `plan` with both loops. With the built-in model both are pure functions
/// of their inputs, so this is too.
pub fn compare(config: &RunConfig, plan: FaultPlan) -> Comparison {
    let naive = simulate_naive(config, plan.clone());
    let robust = simulate(config, plan);
    let diverge_at = divergence(&naive.events, &robust.events);
    Comparison { naive, robust, diverge_at }
}

/// What a step looks like on screen: its kind, the layer that handled it and its turn. Attempt
/// counts are left out: the naive loop announces one attempt where the robust one allows three,
/// and that alone is not the two loops doing different things.
fn step(event: &Event) -> (&'static str, Option<crate::run::events::Layer>, Option<u32>) {
    (event.kind(), event.layer(), turn_of(event))
}

/// The first index where the two event lists differ, counting one ending before the other.
pub fn divergence(a: &[Event], b: &[Event]) -> Option<usize> {
    let same = a.iter().zip(b).take_while(|(x, y)| step(x) == step(y)).count();
    (same < a.len().max(b.len())).then_some(same)
}
