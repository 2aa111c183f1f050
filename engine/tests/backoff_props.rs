//! Properties of the one backoff function: every wait lies under its ceiling, no ceiling passes
//! the cap, and the herd simulator's clients wait exactly what a run of the harness waits for the
//! same seed and attempt (they call the same function, and this would catch a copy drifting).

use proptest::prelude::*;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::run::herd::{client_seed, simulate_policy, HerdPolicy, HerdSetup};
use rusty_lock_engine::run::provider::{backoff, backoff_ceiling_ms, Jitter, RetryPolicy};
use rusty_lock_engine::run::sim::simulate;

fn jitter() -> impl Strategy<Value = Jitter> {
    prop_oneof![Just(Jitter::None), Just(Jitter::Full), Just(Jitter::Equal), Just(Jitter::Decorrelated)]
}

fn delay() -> impl Strategy<Value = u64> {
    prop_oneof![0..10u64, 0..120_000u64, Just(u64::MAX), any::<u64>()]
}

/// The waits a run of the harness takes on turn 1 when every attempt of it fails with a 503.
fn harness_waits(policy: &RetryPolicy, seed: u64) -> Vec<u64> {
    let config = RunConfig { retry: policy.clone(), seed, ..RunConfig::default() };
    let sim = simulate(&config, FaultPlan::single(1, Fault::Http503, policy.max_attempts));
    sim.events
        .iter()
        .filter_map(|e| match e {
            Event::RetryScheduled { turn: 1, wait_ms, .. } => Some(*wait_ms),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn every_wait_lies_in_zero_to_its_ceiling_and_no_ceiling_passes_the_cap(
        kind in jitter(), base in delay(), cap in delay(), attempt in 0..80u32, previous in delay(), unit in 0.0..1.0f64,
    ) {
        let pick = backoff(kind, base, cap, attempt, previous, unit);
        prop_assert!(pick.wait_ms <= pick.ceiling_ms, "{:?}", pick);
        prop_assert!(pick.ceiling_ms <= cap, "{:?}", pick);
        if kind != Jitter::Decorrelated {
            prop_assert_eq!(pick.ceiling_ms, backoff_ceiling_ms(base, cap, attempt));
        }
        if kind == Jitter::Equal {
            prop_assert!(pick.wait_ms >= pick.ceiling_ms / 2);
        }
    }

    #[test]
    fn the_harness_policy_waits_what_the_backoff_function_picks(
        on in any::<bool>(), base in delay(), cap in delay(), attempt in 1..40u32, unit in 0.0..1.0f64,
    ) {
        let policy = RetryPolicy { base_delay_ms: base, max_delay_ms: cap, jitter: on, ..RetryPolicy::default() };
        let (wait, _) = policy.wait_ms(attempt, None, unit);
        let kind = if on { Jitter::Full } else { Jitter::None };
        prop_assert_eq!(wait, backoff(kind, base, cap, attempt, 0, unit).wait_ms);
        prop_assert!(wait <= cap);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_herd_waits_what_the_harness_waits_for_the_same_seed_and_attempt(
        seed in any::<u64>(), client in 0..40u32, attempts in 2..7u32,
        base in 0..3000u64, cap in 0..20_000u64, on in any::<bool>(),
    ) {
        let yours = RetryPolicy { max_attempts: attempts, base_delay_ms: base, max_delay_ms: cap, jitter: on, ..RetryPolicy::default() };
        let harness = harness_waits(&yours, client_seed(seed, client));
        prop_assert_eq!(harness.len(), attempts as usize - 1);
        // A server down for longer than the run: the client fails every attempt.
        let setup = HerdSetup {
            clients: client + 1, down_ms: u64::MAX, seed, base_ms: base, cap_ms: cap,
            yours, trace_client: Some(client), ..HerdSetup::default()
        };
        prop_assert_eq!(&simulate_policy(&setup, HerdPolicy::Yours).traced_waits, &harness);
        let same_family = if on { HerdPolicy::FullJitter } else { HerdPolicy::Exponential };
        let reference = simulate_policy(&setup, same_family).traced_waits;
        prop_assert_eq!(&reference[..harness.len()], &harness[..]);
    }
}

proptest! {
    #[test]
    fn every_wait_the_harness_picks_lies_in_the_range_the_preview_draws(
        on in any::<bool>(), base in delay(), cap in delay(), attempt in 1..40u32, unit in 0.0..1.0f64,
    ) {
        let policy = RetryPolicy { base_delay_ms: base, max_delay_ms: cap, jitter: on, ..RetryPolicy::default() };
        let (lo, hi) = policy.wait_range(attempt);
        let (wait, _) = policy.wait_ms(attempt, None, unit);
        prop_assert!(lo <= wait && wait <= hi, "{} not in {}..={}", wait, lo, hi);
        prop_assert_eq!(hi, backoff_ceiling_ms(base, cap, attempt));
        if !on {
            prop_assert_eq!(lo, hi);
        } else {
            prop_assert_eq!(lo, 0);
        }
    }
}
