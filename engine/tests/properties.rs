//! Property-style checks over many seeded, random-ish fault plans: whatever is thrown at it,
//! the loop never panics, always ends with exactly one `finished`, labels every failure with a
//! layer, and never retries past its budget.

mod common;

use common::*;
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan, FaultRule};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, FailReason, Guard, Layer, Outcome};
use rusty_lock_engine::run::rng::SeededRng;
use rusty_lock_engine::run::sim::simulate;
use std::collections::HashMap;

fn pick(rng: &mut SeededRng, n: u64) -> u64 {
    rng.next_u64() % n
}

fn random_plan(rng: &mut SeededRng) -> FaultPlan {
    let rules = (0..pick(rng, 5))
        .map(|_| FaultRule {
            turn: 1 + pick(rng, 6) as u32,
            fault: Fault::ALL[pick(rng, Fault::ALL.len() as u64) as usize],
            times: 1 + pick(rng, 3) as u32,
        })
        .collect();
    FaultPlan::new(rules)
}

fn random_config(rng: &mut SeededRng, seed: u64) -> RunConfig {
    let mut config = RunConfig { seed, ..RunConfig::default() };
    if pick(rng, 4) == 0 {
        config.personality = Personality::Stubborn;
    }
    if pick(rng, 4) == 0 {
        config.guards.stop_on_repeat = false;
    }
    config.retry.max_attempts = 1 + pick(rng, 4) as u32;
    config.retry.jitter = pick(rng, 2) == 0;
    config
}

/// Everything that must hold of any run that finished.
fn check_run(config: &RunConfig, plan: &FaultPlan, events: &[Event], outcome: &Outcome) {
    let ctx = || format!("config {config:?}\nplan {plan:?}\nevents {events:#?}");
    assert_eq!(count(events, "finished"), 1, "{}", ctx());
    assert_eq!(count(events, "run-started"), 1, "{}", ctx());
    assert_eq!(events[0].kind(), "run-started", "{}", ctx());
    let (last_outcome, turns, elapsed_ms) = finished(events);
    assert_eq!(&last_outcome, outcome, "{}", ctx());

    let max_attempts = config.retry.max_attempts.max(1);
    let mut called: HashMap<u32, u32> = HashMap::new();
    let mut retried: HashMap<u32, u32> = HashMap::new();
    let mut waited = 0;
    let mut turn_seen = 0;
    for (i, e) in events.iter().enumerate() {
        match e {
            Event::ModelCallFailed { .. }
            | Event::ToolFailed { .. }
            | Event::RetryScheduled { .. }
            | Event::GuardTripped { .. } => {
                assert!(e.layer().is_some(), "{e:?} has no layer\n{}", ctx())
            }
            Event::TurnStarted { .. }
            | Event::ModelCalled { .. }
            | Event::ModelReplied { .. }
            | Event::ToolStarted { .. }
            | Event::ToolSucceeded { .. } => {
                assert_eq!(e.layer(), None)
            }
            _ => {}
        }
        match e {
            Event::TurnStarted { turn, .. } => {
                assert_eq!(*turn, turn_seen + 1, "turns go up one at a time\n{}", ctx());
                turn_seen = *turn;
            }
            Event::ModelCalled { turn, attempt, max_attempts: m, .. } => {
                let n = called.entry(*turn).or_default();
                *n += 1;
                assert_eq!(*attempt, *n, "attempts count up within a turn\n{}", ctx());
                assert_eq!(*m, max_attempts);
                assert!(*n <= max_attempts, "turn {turn}: {n} attempts > {max_attempts}\n{}", ctx());
            }
            Event::RetryScheduled { turn, next_attempt, wait_ms, .. } => {
                *retried.entry(*turn).or_default() += 1;
                assert!(*next_attempt <= max_attempts, "{}", ctx());
                assert!(*wait_ms <= config.retry.max_delay_ms.max(config.retry.retry_after_cap_ms), "{}", ctx());
                assert_eq!(events[i - 1].kind(), "model-call-failed", "{}", ctx());
                assert!(matches!(events[i - 1], Event::ModelCallFailed { layer: Layer::Code, .. }), "{}", ctx());
                assert!(matches!(events[i + 1], Event::ModelCalled { .. } | Event::Finished { .. }), "{}", ctx());
                waited += wait_ms;
            }
            Event::ModelCallFailed { layer, .. } => {
                assert_ne!(*layer, Layer::Model, "the model never handles a failed call\n{}", ctx());
                if *layer == Layer::Nobody {
                    assert!(
                        matches!(events[i + 1], Event::Finished { outcome: Outcome::Failed { .. }, .. }),
                        "{}",
                        ctx()
                    );
                } else {
                    assert_eq!(events[i + 1].kind(), "retry-scheduled", "{}", ctx());
                }
            }
            Event::GuardTripped { guard: Guard::Watchdog, layer, .. } => {
                assert_eq!(*layer, Layer::Code);
                assert!(
                    matches!(
                        events[i + 1],
                        Event::ModelCallFailed { failure: rusty_lock_engine::run::provider::CallFailure::Timeout, .. }
                    ),
                    "{}",
                    ctx()
                );
            }
            Event::ToolFailed { layer, output, .. } => {
                assert_eq!(*layer, Layer::Model, "{}", ctx());
                assert!(output.starts_with("Error: "), "{}", ctx());
            }
            _ => {}
        }
    }
    for (turn, r) in &retried {
        assert!(*r < max_attempts, "turn {turn}: {r} retries\n{}", ctx());
        assert!(*r < called[turn] || matches!(outcome, Outcome::Cancelled));
    }
    assert_eq!(turns, turn_seen, "{}", ctx());
    assert!(turns <= config.guards.max_turns, "{}", ctx());
    assert!(elapsed_ms >= waited, "{}", ctx());

    // The outcome agrees with the plan: layer 3 only happens when something in the plan can cause it.
    let has = |f: Fault| plan.rules.iter().any(|r| r.fault == f);
    match outcome {
        Outcome::Answered { text } => assert!(text.contains("door is open"), "{}", ctx()),
        Outcome::Failed { reason: FailReason::HarnessBug { .. } } => assert!(has(Fault::HarnessBug)),
        Outcome::Failed { reason: FailReason::Fatal { .. } } => {
            assert!(has(Fault::Unauthorized) || has(Fault::BadRequest), "{}", ctx())
        }
        Outcome::Failed { reason: FailReason::RetriesExhausted { attempts, .. } } => {
            assert_eq!(*attempts, max_attempts)
        }
        Outcome::Failed { reason: FailReason::UnhandledCall { .. } | FailReason::UnhandledTool { .. } } => {
            panic!("only the naive loop leaves failures unhandled\n{}", ctx())
        }
        // The built-in model always finishes its answers: only the injected cut stops one short.
        Outcome::Failed { reason: FailReason::NotAnAnswer { .. } } => assert!(has(Fault::CutAtLength), "{}", ctx()),
        Outcome::Escalated { .. } | Outcome::GaveUp { .. } => {}
        Outcome::Failed {
            reason:
                FailReason::Threw { .. }
                | FailReason::Stalled
                | FailReason::Blocked { .. }
                | FailReason::TimeLimit { .. }
                | FailReason::TooManyRequests { .. }
                | FailReason::SandboxError { .. }
                | FailReason::NoAgent { .. },
        } => panic!("only a learner's own loop ends this way\n{}", ctx()),
        Outcome::Cancelled => panic!("nobody pressed Stop\n{}", ctx()),
    }
}

#[test]
fn random_fault_plans_never_break_the_loop() {
    let mut rng = SeededRng::new(2024);
    let mut outcomes: HashMap<&'static str, usize> = HashMap::new();
    for seed in 0..500 {
        let config = random_config(&mut rng, seed);
        let plan = random_plan(&mut rng);
        let sim = std::panic::catch_unwind(|| simulate(&config, plan.clone()))
            .unwrap_or_else(|_| panic!("simulate panicked on config {config:?} plan {plan:?}"));
        let outcome = sim.outcome.clone().unwrap_or_else(|| panic!("no outcome with the watchdog on: {plan:?}"));
        check_run(&config, &plan, &sim.events, &outcome);
        *outcomes.entry(outcome.slug()).or_default() += 1;
    }
    // The generator reaches every kind of ending, so the checks above were exercised.
    for slug in ["answered", "failed", "escalated", "gave-up"] {
        assert!(outcomes.get(slug).copied().unwrap_or(0) > 0, "no {slug} run in {outcomes:?}");
    }
}

#[test]
fn with_the_watchdog_off_only_a_hang_leaves_a_run_without_an_outcome() {
    let mut rng = SeededRng::new(77);
    let mut hung = 0;
    for seed in 0..500 {
        let mut config = random_config(&mut rng, seed);
        config.guards.watchdog_ms = 0;
        let plan = random_plan(&mut rng);
        let sim = simulate(&config, plan.clone());
        match &sim.outcome {
            Some(outcome) => check_run(&config, &plan, &sim.events, outcome),
            None => {
                hung += 1;
                assert!(plan.rules.iter().any(|r| r.fault == Fault::Hang), "{plan:?}");
                assert_eq!(count(&sim.events, "finished"), 0);
                assert_eq!(last(&sim.events).kind(), "model-called", "{plan:?}");
            }
        }
    }
    assert!(hung > 0, "the generator never produced a reachable hang");
}

#[test]
fn every_single_fault_on_every_turn_and_count_ends_cleanly() {
    for fault in Fault::ALL {
        for turn in 1..=6 {
            for times in 1..=3 {
                let config = RunConfig::default();
                let plan = plan(turn, fault, times);
                let sim = simulate(&config, plan.clone());
                let outcome = sim.outcome.clone().expect("the watchdog is on");
                check_run(&config, &plan, &sim.events, &outcome);
            }
        }
    }
}

#[test]
fn fault_slugs_round_trip_and_are_unique() {
    let mut seen = std::collections::HashSet::new();
    for fault in Fault::ALL {
        assert!(seen.insert(fault.slug()), "duplicate slug {}", fault.slug());
        assert_eq!(Fault::from_slug(fault.slug()), Some(fault));
    }
    assert_eq!(Fault::from_slug("nope"), None);
}

/// The harness keeps a running count of the history it sends; every turn's figure must still be
/// exactly what counting the whole history afresh gives.
#[test]
fn every_turn_reports_the_size_of_the_whole_history_it_sends() {
    use rusty_lock_engine::run::wire::estimate_tokens;
    use rusty_lock_engine::show::view::history;
    let mut rng = SeededRng::new(31);
    let mut turns = 0;
    for seed in 0..150 {
        let config = random_config(&mut rng, seed);
        let plan = random_plan(&mut rng);
        let sim = simulate(&config, plan.clone());
        for (i, e) in sim.events.iter().enumerate() {
            if let Event::TurnStarted { messages, est_tokens, .. } = e {
                let sent = history(&sim.events[..i]);
                assert_eq!(*messages, sent.len(), "plan {plan:?}, event {i}");
                assert_eq!(*est_tokens, estimate_tokens(&sent), "plan {plan:?}, event {i}");
                turns += 1;
            }
        }
    }
    assert!(turns > 300, "only {turns} turns checked");
}

/// The built-in model keeps what it has read between calls. Whatever it read before (a longer
/// history, another run's, the same one again), each decision must be the one a model reading
/// the history for the first time makes.
#[test]
fn the_builtin_model_decides_as_a_first_reading_would_whatever_it_read_before() {
    use rusty_lock_engine::show::view::history;
    let mut rng = SeededRng::new(5);
    let mut histories = Vec::new();
    for seed in 0..120 {
        let config = random_config(&mut rng, seed);
        let sim = simulate(&config, random_plan(&mut rng));
        let full = history(&sim.events);
        // Every prefix that ends where the model would be asked: after the task or a result.
        for end in 2..=full.len() {
            histories.push((config.personality, full[..end].to_vec()));
        }
    }
    let mut checked = 0;
    for personality in [Personality::Helpful, Personality::Stubborn] {
        let reused = rusty_lock_engine::run::builtin::BuiltinModel::new(personality);
        for _ in 0..histories.len() {
            // In order (as a loop asks), and at random (shorter, longer, another run's).
            let (_, h) = if pick(&mut rng, 3) == 0 {
                &histories[pick(&mut rng, histories.len() as u64) as usize]
            } else {
                &histories[checked % histories.len()]
            };
            let fresh = rusty_lock_engine::run::builtin::BuiltinModel::new(personality);
            assert_eq!(reused.decide(h), fresh.decide(h), "history of {} messages", h.len());
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} decisions checked");
}
