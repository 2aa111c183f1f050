//! A run is a pure function of its settings, its faults and its seed; and the backoff is the
//! capped exponential with full jitter it claims to be.

mod common;

use common::*;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::provider::{RetryPolicy, WaitReason};
use rusty_lock_engine::run::rng::SeededRng;
use rusty_lock_engine::run::sim::simulate;

fn json_lines(sim: &rusty_lock_engine::run::sim::Simulation) -> Vec<String> {
    sim.events.iter().map(|e| serde_json::to_string(e).unwrap()).collect()
}

#[test]
fn the_same_config_plan_and_seed_give_identical_events() {
    let plans = [
        FaultPlan::default(),
        plan(2, Fault::Http503, 2),
        plan_of(&[(1, Fault::Dropped, 1), (2, Fault::Hang, 1), (3, Fault::BadJson, 1), (4, Fault::RateLimited, 2)]),
    ];
    for seed in [0, 1, 42, u64::MAX] {
        let config = RunConfig { seed, ..RunConfig::default() };
        for p in &plans {
            let a = simulate(&config, p.clone());
            let b = simulate(&config, p.clone());
            assert_eq!(json_lines(&a), json_lines(&b), "seed {seed}, plan {p:?}");
            assert_eq!(a.outcome, b.outcome);
        }
    }
}

#[test]
fn events_round_trip_through_json() {
    let sim = simulate(&RunConfig::default(), plan_of(&[(2, Fault::Http503, 2), (3, Fault::SchemaInvalid, 1)]));
    for e in &sim.events {
        let text = serde_json::to_string(e).unwrap();
        let back: rusty_lock_engine::run::events::Event = serde_json::from_str(&text).unwrap();
        assert_eq!(&back, e);
        assert!(text.starts_with(&format!(r#"{{"type":"{}""#, e.kind())), "{text}");
    }
}

#[test]
fn a_different_seed_gives_different_waits() {
    let p = plan(2, Fault::Http503, 2);
    let a = simulate(&RunConfig { seed: 42, ..RunConfig::default() }, p.clone());
    let b = simulate(&RunConfig { seed: 7, ..RunConfig::default() }, p.clone());
    assert_eq!(waits(&a.events).len(), 2);
    assert_ne!(waits(&a.events), waits(&b.events));
    // Only the waits (and so the elapsed time) differ: the story is the same.
    assert_eq!(kinds(&a.events), kinds(&b.events));
    assert_eq!(a.outcome, b.outcome);
    // Across many seeds the first wait takes many values, all under its 500 ms ceiling.
    let mut firsts: Vec<u64> = (0..100)
        .map(|seed| waits(&simulate(&RunConfig { seed, ..RunConfig::default() }, p.clone()).events)[0])
        .collect();
    assert!(firsts.iter().all(|w| *w < 500));
    firsts.sort_unstable();
    firsts.dedup();
    assert!(firsts.len() > 50, "jitter barely varies: {firsts:?}");
}

#[test]
fn the_seed_changes_nothing_without_a_retry() {
    let a = simulate(&RunConfig { seed: 1, ..RunConfig::default() }, FaultPlan::default());
    let b = simulate(&RunConfig { seed: 2, ..RunConfig::default() }, FaultPlan::default());
    assert_eq!(json_lines(&a), json_lines(&b));
}

#[test]
fn without_jitter_waits_double_from_the_base_up_to_the_cap() {
    let config = RunConfig {
        retry: RetryPolicy {
            max_attempts: 6,
            base_delay_ms: 500,
            max_delay_ms: 3000,
            jitter: false,
            retry_after_cap_ms: 10_000,
            retry_everything: false,
        },
        ..RunConfig::default()
    };
    let sim = simulate(&config, plan(2, Fault::Http503, 5));
    assert_eq!(waits(&sim.events), [500, 1000, 2000, 3000, 3000]);
    assert_eq!(finished(&sim.events).2, 9500);
    assert!(matches!(sim.outcome, Some(rusty_lock_engine::run::events::Outcome::Answered { .. })));
    // And the seed no longer matters.
    let other = simulate(&RunConfig { seed: 99, ..config }, plan(2, Fault::Http503, 5));
    assert_eq!(json_lines(&sim), json_lines(&other));
}

#[test]
fn full_jitter_stays_under_the_ceiling() {
    let policy = RetryPolicy::default();
    let mut rng = SeededRng::new(3);
    for attempt in 1..=10u32 {
        let ceiling = (500u64 << (attempt - 1)).min(4000);
        for _ in 0..1000 {
            let (wait, reason) = policy.wait_ms(attempt, None, rng.next_f64());
            assert_eq!(reason, WaitReason::Backoff);
            assert!(wait < ceiling, "attempt {attempt}: {wait} >= {ceiling}");
        }
        // The extremes of the unit interval.
        assert_eq!(policy.wait_ms(attempt, None, 0.0).0, 0);
        assert!(policy.wait_ms(attempt, None, 1.0 - f64::EPSILON).0 < ceiling);
        assert!(policy.wait_ms(attempt, None, 0.5).0 == ceiling / 2);
    }
}

#[test]
fn without_jitter_the_wait_is_the_ceiling() {
    let policy = RetryPolicy { jitter: false, ..RetryPolicy::default() };
    let got: Vec<u64> = (1..=6).map(|a| policy.wait_ms(a, None, 0.123).0).collect();
    assert_eq!(got, [500, 1000, 2000, 4000, 4000, 4000]);
    // Attempt 0 is treated like the first.
    assert_eq!(policy.wait_ms(0, None, 0.5).0, 500);
}

#[test]
fn the_backoff_cap_is_respected() {
    for max_delay_ms in [0, 1, 250, 499, 500, 501, 4000, 60_000] {
        let policy = RetryPolicy { max_delay_ms, jitter: false, ..RetryPolicy::default() };
        for attempt in 1..=40 {
            let (wait, _) = policy.wait_ms(attempt, None, 0.9);
            assert!(wait <= max_delay_ms, "cap {max_delay_ms}, attempt {attempt}: {wait}");
        }
    }
}

#[test]
fn huge_attempt_numbers_and_delays_do_not_overflow() {
    let policy = RetryPolicy { max_delay_ms: u64::MAX, jitter: false, ..RetryPolicy::default() };
    for attempt in [31, 32, 33, 63, 64, 65, 1000, u32::MAX - 1, u32::MAX] {
        let (wait, _) = policy.wait_ms(attempt, None, 0.5);
        assert_eq!(wait, 500 << 30, "attempt {attempt}: the exponent stops growing at 30");
    }
    let huge = RetryPolicy { base_delay_ms: u64::MAX, max_delay_ms: u64::MAX, jitter: true, ..RetryPolicy::default() };
    assert_eq!(RetryPolicy { jitter: false, ..huge.clone() }.wait_ms(u32::MAX, None, 0.5).0, u64::MAX);
    let (wait, _) = huge.wait_ms(u32::MAX, None, 1.0 - f64::EPSILON);
    assert!(wait > 0);
    let default = RetryPolicy::default();
    assert_eq!(default.wait_ms(u32::MAX, None, 0.5), (2000, WaitReason::Backoff));
}

#[test]
fn retry_after_is_honoured_up_to_its_cap_and_wins_over_backoff() {
    let policy = RetryPolicy::default();
    assert_eq!(policy.wait_ms(1, Some(2000), 0.7), (2000, WaitReason::RetryAfter));
    assert_eq!(policy.wait_ms(1, Some(0), 0.7), (0, WaitReason::RetryAfter));
    assert_eq!(policy.wait_ms(2, Some(10_000), 0.7), (10_000, WaitReason::RetryAfter));
    assert_eq!(policy.wait_ms(2, Some(60_000), 0.7), (10_000, WaitReason::RetryAfter));
    assert_eq!(policy.wait_ms(9, Some(u64::MAX), 0.7), (10_000, WaitReason::RetryAfter));
    let no_cap = RetryPolicy { retry_after_cap_ms: 0, ..policy };
    assert_eq!(no_cap.wait_ms(1, Some(2000), 0.7), (0, WaitReason::RetryAfter));
}

#[test]
fn the_rng_is_seeded_and_its_unit_floats_stay_in_range() {
    let mut a = SeededRng::new(5);
    let mut b = SeededRng::new(5);
    let mut c = SeededRng::new(6);
    let xs: Vec<u64> = (0..100).map(|_| a.next_u64()).collect();
    assert_eq!(xs, (0..100).map(|_| b.next_u64()).collect::<Vec<_>>());
    assert_ne!(xs, (0..100).map(|_| c.next_u64()).collect::<Vec<_>>());
    let mut r = SeededRng::new(0);
    let mut sum = 0.0;
    for _ in 0..10_000 {
        let f = r.next_f64();
        assert!((0.0..1.0).contains(&f));
        sum += f;
    }
    let mean = sum / 10_000.0;
    assert!((0.45..0.55).contains(&mean), "mean {mean}");
}
