//! The engine's benchmark: how long a whole run takes on the virtual clock, from the default run
//! to a 1,000-turn stubborn run, and how long the herd simulator takes for 1,000 clients under
//! all six policies (the target is 50 ms). Plain `fn main` and `std::time::Instant`; run it with
//! `cargo bench -p rusty-lock-engine`.

use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, Guard, Outcome};
use rusty_lock_engine::run::herd::{simulate_herd, HerdSetup};
use rusty_lock_engine::run::sim::{simulate, Simulation};
use std::hint::black_box;
use std::time::{Duration, Instant};

struct Case {
    name: &'static str,
    config: RunConfig,
    plan: FaultPlan,
    iterations: usize,
    check: fn(&Simulation),
}

fn turns_started(sim: &Simulation) -> usize {
    sim.events.iter().filter(|e| matches!(e, Event::TurnStarted { .. })).count()
}

fn check_default(sim: &Simulation) {
    assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })), "{:?}", sim.outcome);
    assert_eq!(turns_started(sim), 5);
}

fn check_thousand(sim: &Simulation) {
    assert_eq!(sim.outcome, Some(Outcome::GaveUp { guard: Guard::MaxTurns }));
    assert_eq!(turns_started(sim), 1000, "the long run must really play 1,000 turns");
    match sim.events.last() {
        Some(Event::Finished { turns, .. }) => assert_eq!(*turns, 1000),
        other => panic!("the run did not finish: {other:?}"),
    }
}

fn check_retry(sim: &Simulation) {
    assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })), "{:?}", sim.outcome);
    let retries = sim.events.iter().filter(|e| matches!(e, Event::RetryScheduled { turn: 2, .. })).count();
    assert_eq!(retries, 2);
}

/// The value at quantile `q` of sorted samples (nearest rank).
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn show(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.1} µs")
    }
}

fn main() {
    // `cargo test --benches` (or `--all-targets`) builds this without optimisations: check the
    // runs, but keep the timing short, since debug figures mean nothing.
    let quick = cfg!(debug_assertions) || std::env::args().any(|a| a == "--test");
    if quick {
        println!("(unoptimised build: a quick check, not a benchmark; use `cargo bench`)");
    }

    let mut thousand = RunConfig { personality: Personality::Stubborn, ..RunConfig::default() };
    thousand.guards.max_turns = 1000;
    thousand.guards.max_errors_in_a_row = 0;
    thousand.guards.stop_on_repeat = false;

    let cases = [
        Case {
            name: "default run (5 turns)",
            config: RunConfig::default(),
            plan: FaultPlan::default(),
            iterations: 200,
            check: check_default,
        },
        Case {
            name: "stubborn, 1,000 turns",
            config: thousand,
            plan: FaultPlan::default(),
            iterations: 20,
            check: check_thousand,
        },
        Case {
            name: "503 x2 on turn 2",
            config: RunConfig::default(),
            plan: FaultPlan::single(2, Fault::Http503, 2),
            iterations: 200,
            check: check_retry,
        },
    ];

    println!();
    println!("{:<24} {:>6} {:>8} {:>12} {:>12} {:>14}", "run", "iters", "events", "median", "p90", "per event");
    println!("{}", "-".repeat(81));
    for case in &cases {
        // Check once, then warm up, before timing.
        let first = simulate(&case.config, case.plan.clone());
        (case.check)(&first);
        let events = first.events.len();
        let iterations = if quick { 2 } else { case.iterations };
        for _ in 0..iterations / 10 {
            black_box(simulate(black_box(&case.config), black_box(case.plan.clone())));
        }
        let mut samples = Vec::with_capacity(iterations);
        for _ in 0..iterations {
            let start = Instant::now();
            let sim = simulate(black_box(&case.config), black_box(case.plan.clone()));
            samples.push(start.elapsed());
            assert_eq!(sim.events.len(), events, "a run is deterministic");
            black_box(sim);
        }
        samples.sort_unstable();
        let median = quantile(&samples, 0.5);
        let p90 = quantile(&samples, 0.9);
        println!(
            "{:<24} {:>6} {:>8} {:>12} {:>12} {:>14}",
            case.name,
            iterations,
            events,
            show(median),
            show(p90),
            show(median / events as u32),
        );
    }
    println!();

    bench_herd(quick);
}

/// The herd view's default: 1,000 clients, six policies, computed in one go.
fn bench_herd(quick: bool) {
    let setup = HerdSetup::default();
    assert_eq!(setup.clients, 1000);
    let first = simulate_herd(&setup);
    assert_eq!(first.len(), 6);
    assert!(first.iter().all(|l| !l.cut_short && l.succeeded > 0), "every policy finishes");
    let calls: u64 = first.iter().map(|l| l.calls).sum();
    let iterations = if quick { 2 } else { 50 };
    let mut samples = Vec::with_capacity(iterations);
    for _ in 0..iterations {
        let start = Instant::now();
        let herd = simulate_herd(black_box(&setup));
        samples.push(start.elapsed());
        assert_eq!(herd, first, "a herd is deterministic");
    }
    samples.sort_unstable();
    println!(
        "herd, 1,000 clients x 6 policies: {} calls, median {}, p90 {} (target 50 ms)",
        calls,
        show(quantile(&samples, 0.5)),
        show(quantile(&samples, 0.9))
    );
    println!();
}
