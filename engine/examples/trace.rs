//! Prints the events of one built-in run, one per line: `cargo run -p rusty-lock-engine --example trace -- t2:503x2`.
use rusty_lock_engine::run::chaos::{Fault, FaultPlan, FaultRule};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::sim::simulate;

fn main() {
    let rules = std::env::args()
        .skip(1)
        .filter_map(|a| {
            let (turn, rest) = a.strip_prefix('t')?.split_once(':')?;
            let (fault, times) = rest.split_once('x').unwrap_or((rest, "1"));
            Some(FaultRule { turn: turn.parse().ok()?, fault: Fault::from_slug(fault)?, times: times.parse().ok()? })
        })
        .collect();
    let sim = simulate(&RunConfig::default(), FaultPlan::new(rules));
    for e in &sim.events {
        println!("{}", serde_json::to_string(e).unwrap_or_default());
    }
}
