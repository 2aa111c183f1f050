//! Property checks of the resilience verdict (issue 22, "a verdict that is always right"), over
//! every single fault on turns 1 to 3, one to three times, and every ordered pair of faults as two
//! rules (queued on one turn, or on two turns), each run at 32 retry settings: 1 to 4 attempts,
//! retry everything off and on, jitter on and off, a Retry-After cap of 0 and the default, the
//! watchdog on. Each property walks every run and says how many it checked.
//!
//! What is checked, exactly:
//!
//! * nothing failed goes unsaid: every turn with a `model-call-failed` is named by a finding about
//!   a failed call (for a single fault, by its own turn; with two faulted turns, the later one may
//!   instead be folded into an earlier turn's finding of the same slug, whose `count` then says
//!   more than one);
//! * no contradiction: no turn has a good finding and a bad one about the same failure;
//! * the sums are the events' sums: a finding that adds up a turn's waits equals the sum of that
//!   turn's `retry-scheduled` waits it is about (all of them for retries used up, the backoff ones
//!   for a recovery), which is the total the backoff strip shows; a finding about one retry's wait
//!   equals the wait of one such retry of its turn.

mod common;

use common::*;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::run::provider::{CallFailure, WaitReason};
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::show::verdict::{judge, Finding, Said, Severity, NEAR_ZERO_MS};
use rusty_lock_engine::show::view::backoff_strips;
use std::sync::OnceLock;

/// The retry settings every plan is played at: 4 × 2 × 2 × 2 = 32, the watchdog left on.
fn settings() -> Vec<RunConfig> {
    let mut all = Vec::new();
    for max_attempts in 1..=4 {
        for retry_everything in [false, true] {
            for jitter in [true, false] {
                for retry_after_cap_ms in [0, RunConfig::default().retry.retry_after_cap_ms] {
                    let mut config = RunConfig::default();
                    config.retry.max_attempts = max_attempts;
                    config.retry.retry_everything = retry_everything;
                    config.retry.jitter = jitter;
                    config.retry.retry_after_cap_ms = retry_after_cap_ms;
                    assert!(config.guards.watchdog_ms > 0);
                    all.push(config);
                }
            }
        }
    }
    all
}

/// Every fault alone, on turns 1 to 3, one to three times: 14 × 3 × 3 = 126 plans.
fn single_plans() -> Vec<FaultPlan> {
    let mut all = Vec::new();
    for fault in Fault::ALL {
        for turn in 1..=3 {
            for times in 1..=3 {
                all.push(plan(turn, fault, times));
            }
        }
    }
    all
}

/// Every ordered pair of faults as two rules, queued on turn 2 or on turns 1 and 3, once or twice
/// each: 14 × 14 × 2 × 4 = 1,568 plans.
fn pair_plans() -> Vec<FaultPlan> {
    let mut all = Vec::new();
    for a in Fault::ALL {
        for b in Fault::ALL {
            for (turn_a, turn_b) in [(2, 2), (1, 3)] {
                for (times_a, times_b) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
                    all.push(plan_of(&[(turn_a, a, times_a), (turn_b, b, times_b)]));
                }
            }
        }
    }
    all
}

/// One judged run, kept as the facts the properties read: the events themselves are played
/// again only to show a failure.
struct Case {
    config: RunConfig,
    plan: FaultPlan,
    single: bool,
    findings: Vec<Finding>,
    /// The turns that had a failed model call, in order.
    failed_turns: Vec<u32>,
    retries: Vec<Retry>,
    /// `(turn, model calls)` of every turn that called the model.
    calls: Vec<(u32, usize)>,
    /// `(turn, total wait)` of every backoff strip, from the page's own `backoff_strips`.
    strips: Vec<(u32, u64)>,
}

impl Case {
    fn context(&self) -> String {
        let events = simulate(&self.config, self.plan.clone()).events;
        format!(
            "config {:?}\nplan {:?}\nfindings {:#?}\nevents {:#?}",
            self.config.retry, self.plan, self.findings, events
        )
    }

    fn strip_total(&self, turn: u32) -> u64 {
        self.strips.iter().find(|s| s.0 == turn).map_or(0, |s| s.1)
    }

    fn calls_on(&self, turn: u32) -> usize {
        self.calls.iter().find(|c| c.0 == turn).map_or(0, |c| c.1)
    }
}

/// Every plan played and judged at every setting, once for all three properties: 1,694 plans at
/// 32 settings, 54,208 runs.
fn every_case() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        let configs = settings();
        let plans = single_plans().into_iter().map(|p| (p, true)).chain(pair_plans().into_iter().map(|p| (p, false)));
        let mut cases = Vec::new();
        for (plan, single) in plans {
            for config in &configs {
                let sim = simulate(config, plan.clone());
                assert!(sim.outcome.is_some(), "the watchdog is on, so every run ends: {plan:?}");
                let events = sim.events;
                let mut calls: Vec<(u32, usize)> = Vec::new();
                for e in &events {
                    if let Event::ModelCalled { turn, .. } = e {
                        match calls.last_mut() {
                            Some(c) if c.0 == *turn => c.1 += 1,
                            _ => calls.push((*turn, 1)),
                        }
                    }
                }
                cases.push(Case {
                    config: config.clone(),
                    plan: plan.clone(),
                    single,
                    findings: judge(config, &events),
                    failed_turns: failed_turns(&events),
                    retries: retries(&events),
                    calls,
                    strips: backoff_strips(&config.retry, &events)
                        .iter()
                        .map(|s| (s.turn, s.total_wait_ms()))
                        .collect(),
                });
            }
        }
        cases
    })
}

/// One retry as the events tell it: the failed call and the wait scheduled after it.
struct Retry {
    turn: u32,
    failure: CallFailure,
    asked_ms: Option<u64>,
    wait_ms: u64,
    reason: WaitReason,
}

fn retries(events: &[Event]) -> Vec<Retry> {
    let mut out = Vec::new();
    let mut last_failure = None;
    for e in events {
        match e {
            Event::ModelCallFailed { turn, attempt, failure, retry_after_ms, .. } => {
                last_failure = Some((*turn, *attempt, failure.clone(), *retry_after_ms));
            }
            Event::RetryScheduled { turn, next_attempt, wait_ms, reason, .. } => {
                let (t, attempt, failure, asked_ms) = last_failure.clone().expect("a retry follows a failure");
                assert_eq!((t, attempt + 1), (*turn, *next_attempt), "a retry follows its own failure");
                out.push(Retry { turn: *turn, failure, asked_ms, wait_ms: *wait_ms, reason: *reason });
            }
            _ => {}
        }
    }
    out
}

fn failed_turns(events: &[Event]) -> Vec<u32> {
    let mut turns: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            Event::ModelCallFailed { turn, .. } => Some(*turn),
            _ => None,
        })
        .collect();
    turns.dedup();
    turns
}

/// The turn a finding about a failed call names; `None` for every other finding (a guard, a
/// reply, the run's load or jitter).
fn turn_of_failure_finding(said: &Said) -> Option<u32> {
    match said {
        Said::RetriedPermanent { turn, .. }
        | Said::RetryAfterCapped { turn, .. }
        | Said::IgnoredRetryAfter { turn, .. }
        | Said::RetryAfterCapAtZero { turn, .. }
        | Said::HonouredRetryAfter { turn, .. }
        | Said::RetryAfterMissing { turn, .. }
        | Said::RecoveredWithBackoff { turn, .. }
        | Said::GaveUpTooEarly { turn, .. }
        | Said::RetriesUsedUp { turn, .. }
        | Said::FailedFast { turn, .. }
        | Said::RetriedWithoutWaiting { turn, .. }
        | Said::WatchdogCutHang { turn, .. } => Some(*turn),
        _ => None,
    }
}

/// The failures of its turn a finding is about: the one it names, or, where it names none, the
/// ones whose retry matches its facts. A recovery is about every failure its turn backed off from.
fn failures_about(said: &Said, retries: &[Retry]) -> Vec<CallFailure> {
    let of_turn = |turn: u32, keep: &dyn Fn(&Retry) -> bool| -> Vec<CallFailure> {
        retries.iter().filter(|r| r.turn == turn && keep(r)).map(|r| r.failure.clone()).collect()
    };
    match said {
        Said::RecoveredWithBackoff { turn, failure, .. } => {
            let mut all = of_turn(*turn, &|r| r.reason == WaitReason::Backoff);
            all.push(failure.clone());
            all
        }
        Said::RetriedPermanent { failure, .. }
        | Said::RetryAfterCapAtZero { failure, .. }
        | Said::HonouredRetryAfter { failure, .. }
        | Said::GaveUpTooEarly { failure, .. }
        | Said::RetriesUsedUp { failure, .. }
        | Said::FailedFast { failure, .. } => vec![failure.clone()],
        Said::IgnoredRetryAfter { turn, waited_ms, asked_ms } => {
            of_turn(*turn, &|r| r.wait_ms == *waited_ms && r.asked_ms == Some(*asked_ms))
        }
        Said::RetryAfterCapped { turn, asked_ms, .. } => of_turn(*turn, &|r| r.asked_ms == Some(*asked_ms)),
        Said::RetryAfterMissing { turn, waited_ms } | Said::RetriedWithoutWaiting { turn, waited_ms } => {
            of_turn(*turn, &|r| r.wait_ms == *waited_ms && r.reason == WaitReason::Backoff)
        }
        Said::WatchdogCutHang { .. } => vec![CallFailure::Timeout],
        _ => Vec::new(),
    }
}

/// Issue 22: three 503s used up the retries and the verdict said nothing had failed. Whatever
/// fails, and at whatever setting, each failed turn has a finding that says what became of it.
#[test]
fn a_verdict_never_says_nothing_failed_when_a_call_failed() {
    let (mut failing, mut folded) = (0, 0);
    for case in every_case() {
        for &turn in &case.failed_turns {
            failing += 1;
            if case.findings.iter().any(|f| turn_of_failure_finding(&f.said) == Some(turn)) {
                continue;
            }
            // One entry per slug: a later turn's finding may be folded into an earlier turn's.
            let in_an_earlier_one =
                case.findings.iter().any(|f| f.count > 1 && turn_of_failure_finding(&f.said).is_some_and(|t| t < turn));
            assert!(
                !case.single && in_an_earlier_one,
                "turn {turn} failed and no finding speaks of it\n{}",
                case.context()
            );
            folded += 1;
        }
    }
    // With 14 faults: 54,208 runs, 45,056 failed turns, 1,584 of them folded into an earlier
    // turn's finding. Every fault alone (3 turns × 3 counts) and every ordered pair (8 ways), under
    // each of the 32 settings: a new fault grows the sweep by itself.
    let faults = Fault::ALL.len();
    assert_eq!(every_case().len(), (faults * 9 + faults * faults * 8) * settings().len());
    assert_eq!(settings().len(), 32);
    assert!(failing > 40_000, "only {failing} failed turns");
    assert!(folded < failing / 10, "{folded} of {failing} failed turns were only folded into another");
    println!("{} runs, {failing} failed turns, {folded} folded into an earlier turn's finding", every_case().len());
}

/// Issue 22: a 401 retried to the end was called both "retried" (✗) and "ended at once" (✓).
/// No turn may be told it handled one failure both well and badly.
#[test]
fn a_verdict_never_praises_and_faults_a_turn_for_the_same_failure() {
    let mut pairs = 0;
    for case in every_case() {
        let judged = |severity: Severity| -> Vec<(u32, Vec<CallFailure>, &'static str)> {
            case.findings
                .iter()
                .filter(|f| f.severity == severity)
                .filter_map(|f| {
                    Some((turn_of_failure_finding(&f.said)?, failures_about(&f.said, &case.retries), f.slug))
                })
                .collect()
        };
        for (good_turn, good_about, good) in judged(Severity::Good) {
            for (bad_turn, bad_about, bad) in judged(Severity::Bad) {
                pairs += 1;
                let same = good_turn == bad_turn && good_about.iter().any(|f| bad_about.contains(f));
                assert!(!same, "turn {good_turn}: {good} and {bad} about the same failure\n{}", case.context());
            }
        }
    }
    // With 14 faults, 54,208 runs, in which 1,372 times a good finding and a bad one about a failed call meet.
    assert!(pairs > 1_000, "only {pairs} good-and-bad pairs met");
    println!("{} runs, {pairs} good-and-bad pairs held apart", every_case().len());
}

/// Issue 22: "after 79 ms of backoff" above a strip of 79 + 278 ms. Every wait a finding reports
/// is what the events add up to for the retries it is about, and the sums are the strip's.
#[test]
fn a_verdicts_waits_add_up_to_the_waits_of_its_turn() {
    let (mut sums, mut single_waits) = (0, 0);
    for case in every_case() {
        let retries = &case.retries;
        let of_turn = |turn: u32, reason: Option<WaitReason>| -> u64 {
            retries.iter().filter(|r| r.turn == turn && reason.is_none_or(|w| r.reason == w)).map(|r| r.wait_ms).sum()
        };
        let one_of = |turn: u32, waited_ms: u64, keep: &dyn Fn(&Retry) -> bool| {
            retries.iter().any(|r| r.turn == turn && r.wait_ms == waited_ms && keep(r))
        };
        for f in &case.findings {
            let ctx = || format!("{}: {:?}\n{}", f.slug, f.said, case.context());
            match &f.said {
                Said::RecoveredWithBackoff { turn, waited_ms, .. } => {
                    assert_eq!(*waited_ms, of_turn(*turn, Some(WaitReason::Backoff)), "{}", ctx());
                    if retries.iter().all(|r| r.turn != *turn || r.reason == WaitReason::Backoff) {
                        assert_eq!(*waited_ms, case.strip_total(*turn), "{}", ctx());
                    }
                    sums += 1;
                }
                Said::RetriesUsedUp { turn, attempts, waited_ms, .. } => {
                    assert_eq!(*waited_ms, of_turn(*turn, None), "{}", ctx());
                    assert_eq!(*waited_ms, case.strip_total(*turn), "{}", ctx());
                    assert_eq!(*attempts as usize, case.calls_on(*turn), "{}", ctx());
                    sums += 1;
                }
                Said::HonouredRetryAfter { turn, waited_ms, asked_ms, .. } => {
                    let asked = |r: &Retry| {
                        r.reason == WaitReason::RetryAfter && asked_ms.is_none_or(|a| r.asked_ms == Some(a))
                    };
                    assert!(one_of(*turn, *waited_ms, &asked), "{}", ctx());
                    single_waits += 1;
                }
                Said::IgnoredRetryAfter { turn, waited_ms, asked_ms } => {
                    assert!(one_of(*turn, *waited_ms, &|r| r.asked_ms == Some(*asked_ms)), "{}", ctx());
                    single_waits += 1;
                }
                Said::RetriedWithoutWaiting { turn, waited_ms } => {
                    assert!(*waited_ms < NEAR_ZERO_MS, "{}", ctx());
                    assert!(one_of(*turn, *waited_ms, &|r| r.reason == WaitReason::Backoff), "{}", ctx());
                    single_waits += 1;
                }
                Said::RetryAfterMissing { turn, waited_ms } => {
                    let guessed =
                        |r: &Retry| r.reason == WaitReason::Backoff && r.failure == CallFailure::Http { status: 429 };
                    assert!(one_of(*turn, *waited_ms, &guessed), "{}", ctx());
                    single_waits += 1;
                }
                _ => {}
            }
        }
    }
    // With 14 faults, 20,296 sums of a turn's waits and 4,504 single waits, over 54,208 runs.
    assert!(sums > 15_000, "only {sums} sums checked");
    assert!(single_waits > 3_000, "only {single_waits} single waits checked");
    println!("{} runs, {sums} sums of a turn's waits and {single_waits} single waits checked", every_case().len());
}
