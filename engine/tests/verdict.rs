//! The resilience verdict: each finding fires on the behaviour it names, and only then. Runs come
//! from the simulator where the engine can produce the behaviour, and are written by hand where it
//! cannot (a harness that retries a 401, say, as an imported trace might show).

mod common;

use common::*;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::{Guards, RunConfig};
use rusty_lock_engine::run::events::{Event, FailReason, FinalBecause, Guard, Layer, Outcome};
use rusty_lock_engine::run::provider::{CallFailure, RetryPolicy, WaitReason};
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::run::world::Room;
use rusty_lock_engine::show::scenario::decode;
use rusty_lock_engine::show::verdict::{
    judge, judge_with_asks, slug, Finding, Said, ServerAsk, Severity, NEAR_ZERO_MS, STORM_RETRIES,
};
use rusty_lock_engine::show::view::backoff_strips;

fn slugs(findings: &[Finding]) -> Vec<&'static str> {
    findings.iter().map(|f| f.slug).collect()
}

fn find<'a>(findings: &'a [Finding], slug: &str) -> &'a Finding {
    findings.iter().find(|f| f.slug == slug).unwrap_or_else(|| panic!("no {slug} in {:?}", slugs(findings)))
}

fn has(findings: &[Finding], slug: &str) -> bool {
    findings.iter().any(|f| f.slug == slug)
}

fn bad(findings: &[Finding]) -> Vec<&'static str> {
    findings.iter().filter(|f| f.severity == Severity::Bad).map(|f| f.slug).collect()
}

fn with_retry(retry: RetryPolicy) -> RunConfig {
    RunConfig { retry, ..RunConfig::default() }
}

fn with_guards(guards: Guards) -> RunConfig {
    RunConfig { guards, ..RunConfig::default() }
}

fn judged(config: &RunConfig, plan: FaultPlan) -> (Vec<Event>, Vec<Finding>) {
    let sim = simulate(config, plan);
    let findings = judge(config, &sim.events);
    (sim.events, findings)
}

/// A scenario link as the page reads it, run and judged: `(config, events, findings)`.
fn judged_link(link: &str) -> (RunConfig, Vec<Event>, Vec<Finding>) {
    let (scenario, notices) = decode(link);
    assert_eq!(notices, [], "{link} reads cleanly");
    let (events, findings) = judged(&scenario.config, scenario.faults);
    (scenario.config, events, findings)
}

/// What the backoff strip of `turn` adds up to.
fn strip_total(config: &RunConfig, events: &[Event], turn: u32) -> u64 {
    let strips = backoff_strips(&config.retry, events);
    strips.iter().find(|s| s.turn == turn).unwrap_or_else(|| panic!("no strip for turn {turn}")).total_wait_ms()
}

// Hand-written events, for what the engine itself would never do.

fn called(turn: u32, attempt: u32, max_attempts: u32) -> Event {
    Event::ModelCalled { turn, attempt, max_attempts }
}

fn failed(turn: u32, attempt: u32, max_attempts: u32, failure: CallFailure, layer: Layer) -> Event {
    Event::ModelCallFailed { turn, attempt, max_attempts, failure, layer, retry_after_ms: None, final_because: None }
}

fn retry(turn: u32, next_attempt: u32, wait_ms: u64, reason: WaitReason) -> Event {
    Event::RetryScheduled { turn, next_attempt, max_attempts: 3, wait_ms, reason }
}

fn replied(turn: u32, finish_reason: &str) -> Event {
    Event::ModelReplied {
        turn,
        content: Some("done".into()),
        tool_calls: vec![],
        finish_reason: finish_reason.into(),
        usage: None,
    }
}

fn start() -> Vec<Event> {
    vec![
        Event::RunStarted {
            task: "Open the temple door.".into(),
            max_turns: 10,
            room: Room::default(),
            lang: Default::default(),
        },
        Event::TurnStarted { turn: 1, max_turns: 10, messages: 2, est_tokens: 50 },
    ]
}

fn end(outcome: Outcome) -> Event {
    Event::Finished { outcome, turns: 1, elapsed_ms: 0 }
}

fn answered() -> Outcome {
    Outcome::Answered { text: "done".into() }
}

/// A turn-1 failure with `failure`, retried after `wait_ms`, then a good answer.
fn retried_once(failure: CallFailure, wait_ms: u64, reason: WaitReason) -> Vec<Event> {
    let mut e = start();
    e.extend([
        called(1, 1, 3),
        failed(1, 1, 3, failure, Layer::Code),
        retry(1, 2, wait_ms, reason),
        called(1, 2, 3),
        replied(1, "stop"),
        end(answered()),
    ]);
    e
}

#[test]
fn a_clean_run_has_no_findings() {
    let (_, findings) = judged(&RunConfig::default(), FaultPlan::default());
    assert_eq!(findings, []);
}

#[test]
fn every_injectable_fault_with_the_default_settings_gets_no_bad_finding() {
    for fault in Fault::ALL {
        let (_, findings) = judged(&RunConfig::default(), plan(2, fault, 1));
        assert_eq!(bad(&findings), Vec::<&str>::new(), "{fault:?}");
    }
}

#[test]
fn retrying_a_failure_that_cannot_pass_is_bad() {
    for failure in [400, 401, 403, 404, 422]
        .map(|status| CallFailure::Http { status })
        .into_iter()
        .chain([CallFailure::BadBody { reason: rusty_lock_engine::run::provider::BodyProblem::Html }])
    {
        let findings = judge(&RunConfig::default(), &retried_once(failure.clone(), 500, WaitReason::Backoff));
        let f = find(&findings, slug::RETRIED_PERMANENT);
        assert_eq!(f.severity, Severity::Bad, "{failure:?}");
    }
}

#[test]
fn retrying_a_transient_failure_is_not_retrying_the_impossible() {
    for status in [408, 409, 429, 500, 502, 503, 504, 529] {
        let findings =
            judge(&RunConfig::default(), &retried_once(CallFailure::Http { status }, 500, WaitReason::Backoff));
        assert!(!has(&findings, slug::RETRIED_PERMANENT), "{status}");
    }
}

#[test]
fn a_401_that_ends_the_run_at_once_is_failing_fast() {
    let (_, findings) = judged(&RunConfig::default(), plan(2, Fault::Unauthorized, 1));
    assert_eq!(slugs(&findings), [slug::FAILED_FAST]);
    assert_eq!(find(&findings, slug::FAILED_FAST).severity, Severity::Good);
    assert_eq!(
        find(&findings, slug::FAILED_FAST).said,
        Said::FailedFast { turn: 2, failure: CallFailure::Http { status: 401 } }
    );
}

#[test]
fn a_429_that_waits_the_servers_retry_after_is_honoured() {
    let (_, findings) = judged(&RunConfig::default(), plan(2, Fault::RateLimited, 1));
    assert_eq!(slugs(&findings), [slug::HONOURED_RETRY_AFTER]);
    assert!(
        matches!(
            find(&findings, slug::HONOURED_RETRY_AFTER).said,
            Said::HonouredRetryAfter { turn: 2, waited_ms: 2000, .. }
        ),
        "the server's 2 s, waited whole"
    );
}

#[test]
fn a_retry_after_cap_of_zero_ignores_the_server() {
    let config = with_retry(RetryPolicy { retry_after_cap_ms: 0, ..RetryPolicy::default() });
    let (events, findings) = judged(&config, plan(2, Fault::RateLimited, 1));
    assert_eq!(waits(&events), [0]);
    assert_eq!(find(&findings, slug::IGNORED_RETRY_AFTER).severity, Severity::Bad);
    assert!(!has(&findings, slug::HONOURED_RETRY_AFTER));
}

#[test]
fn a_wait_shorter_than_a_known_ask_is_ignoring_retry_after() {
    let events = retried_once(CallFailure::Http { status: 429 }, 300, WaitReason::Backoff);
    let asks = [ServerAsk { turn: 1, attempt: 1, retry_after_ms: 5000 }];
    let findings = judge_with_asks(&RunConfig::default(), &events, &asks);
    let f = find(&findings, slug::IGNORED_RETRY_AFTER);
    assert_eq!(f.severity, Severity::Bad);
    assert!(matches!(f.said, Said::IgnoredRetryAfter { waited_ms: 300, asked_ms: 5000, .. }), "{:?}", f.said);
    assert!(!has(&findings, slug::RETRY_AFTER_MISSING), "the ask is known, so nothing is missing");
}

#[test]
fn a_known_ask_longer_than_the_cap_is_a_capped_warning_not_a_fault() {
    let events = retried_once(CallFailure::Http { status: 429 }, 10_000, WaitReason::RetryAfter);
    let asks = [ServerAsk { turn: 1, attempt: 1, retry_after_ms: 60_000 }];
    let findings = judge_with_asks(&RunConfig::default(), &events, &asks);
    assert_eq!(find(&findings, slug::RETRY_AFTER_CAPPED).severity, Severity::Warning);
    assert!(!has(&findings, slug::IGNORED_RETRY_AFTER));
}

#[test]
fn a_known_ask_that_was_waited_out_is_honoured() {
    let events = retried_once(CallFailure::Http { status: 503 }, 3000, WaitReason::RetryAfter);
    let asks = [ServerAsk { turn: 1, attempt: 1, retry_after_ms: 3000 }];
    let findings = judge_with_asks(&RunConfig::default(), &events, &asks);
    assert_eq!(slugs(&findings), [slug::HONOURED_RETRY_AFTER]);
}

#[test]
fn asks_for_other_attempts_do_not_count() {
    let events = retried_once(CallFailure::Http { status: 429 }, 300, WaitReason::Backoff);
    let asks = [
        ServerAsk { turn: 1, attempt: 2, retry_after_ms: 5000 },
        ServerAsk { turn: 2, attempt: 1, retry_after_ms: 5000 },
    ];
    assert!(!has(&judge_with_asks(&RunConfig::default(), &events, &asks), slug::IGNORED_RETRY_AFTER));
}

#[test]
fn a_429_on_backoff_without_a_known_ask_is_only_a_warning() {
    let findings =
        judge(&RunConfig::default(), &retried_once(CallFailure::Http { status: 429 }, 400, WaitReason::Backoff));
    let f = find(&findings, slug::RETRY_AFTER_MISSING);
    assert_eq!(f.severity, Severity::Warning);
    assert!(matches!(f.said, Said::RetryAfterMissing { waited_ms: 400, .. }), "{:?}", f.said);
    assert!(!has(&findings, slug::IGNORED_RETRY_AFTER));
}

#[test]
fn a_503_on_backoff_is_not_missing_a_retry_after() {
    let findings =
        judge(&RunConfig::default(), &retried_once(CallFailure::Http { status: 503 }, 400, WaitReason::Backoff));
    assert_eq!(slugs(&findings), [slug::RECOVERED_WITH_BACKOFF]);
}

#[test]
fn a_503_retried_with_backoff_that_recovers_is_good() {
    let (_, findings) = judged(&RunConfig::default(), plan(2, Fault::Http503, 2));
    let f = find(&findings, slug::RECOVERED_WITH_BACKOFF);
    assert_eq!((f.severity, f.count), (Severity::Good, 1), "one recovery, however many retries it took");
    assert!(
        matches!(f.said, Said::RecoveredWithBackoff { failure: CallFailure::Http { status: 503 }, .. }),
        "{:?}",
        f.said
    );
}

#[test]
fn a_zero_base_delay_is_retrying_without_waiting() {
    let config = with_retry(RetryPolicy { base_delay_ms: 0, ..RetryPolicy::default() });
    let (events, findings) = judged(&config, plan(2, Fault::Http503, 2));
    assert_eq!(waits(&events), [0, 0]);
    let f = find(&findings, slug::RETRIED_WITHOUT_WAITING);
    assert_eq!((f.severity, f.count), (Severity::Bad, 2));
    assert!(!has(&findings, slug::RECOVERED_WITH_BACKOFF), "no backoff, so no credit for it");
}

#[test]
fn one_tiny_jittered_wait_is_bad_luck_not_a_policy() {
    let findings = judge(
        &RunConfig::default(),
        &retried_once(CallFailure::Http { status: 503 }, NEAR_ZERO_MS - 1, WaitReason::Backoff),
    );
    assert!(!has(&findings, slug::RETRIED_WITHOUT_WAITING));
}

#[test]
fn a_tiny_wait_with_jitter_off_is_the_policy() {
    let config = with_retry(RetryPolicy { jitter: false, ..RetryPolicy::default() });
    let findings = judge(&config, &retried_once(CallFailure::Network, 0, WaitReason::Backoff));
    assert!(has(&findings, slug::RETRIED_WITHOUT_WAITING));
}

#[test]
fn a_single_attempt_that_meets_a_503_gives_up_too_early() {
    let config = with_retry(RetryPolicy { max_attempts: 1, ..RetryPolicy::default() });
    let (events, findings) = judged(&config, plan(2, Fault::Http503, 1));
    assert!(matches!(
        finished(&events).0,
        Outcome::Failed { reason: FailReason::RetriesExhausted { attempts: 1, .. } }
    ));
    assert_eq!(slugs(&findings), [slug::GAVE_UP_TOO_EARLY]);
    assert_eq!(find(&findings, slug::GAVE_UP_TOO_EARLY).severity, Severity::Bad);
}

#[test]
fn a_single_attempt_that_meets_a_401_did_not_give_up_too_early() {
    let config = with_retry(RetryPolicy { max_attempts: 1, ..RetryPolicy::default() });
    let (_, findings) = judged(&config, plan(2, Fault::Unauthorized, 1));
    assert_eq!(slugs(&findings), [slug::FAILED_FAST]);
}

#[test]
fn retries_used_up_after_real_backoff_is_not_giving_up_too_early() {
    let (events, findings) = judged(&RunConfig::default(), plan(2, Fault::Http503, 3));
    assert_eq!(finished(&events).0.slug(), "failed");
    assert!(!has(&findings, slug::GAVE_UP_TOO_EARLY));
    assert_eq!(bad(&findings), Vec::<&str>::new());
}

/// Issue 22: `?faults=t2:503x3` and its kin ended in "Still failing (HTTP 503) after 3
/// attempts", yet the verdict said nothing failed. Retries used up are now a finding of their
/// own, with the attempts and the turn's waits exactly as its strip adds them up.
#[test]
fn retries_used_up_are_named_with_their_attempts_and_the_strips_total_wait() {
    for (link, failure, attempts) in [
        ("faults=t2:503x3", CallFailure::Http { status: 503 }, 3),
        ("faults=t2:dropx3", CallFailure::Network, 3),
        ("faults=t2:503x3&attempts=2", CallFailure::Http { status: 503 }, 2),
    ] {
        let (config, events, findings) = judged_link(link);
        assert_eq!(
            finished(&events).0,
            Outcome::Failed { reason: FailReason::RetriesExhausted { attempts, last: failure.clone() } },
            "{link}"
        );
        assert_eq!(slugs(&findings), [slug::RETRIES_USED_UP], "{link}");
        let f = find(&findings, slug::RETRIES_USED_UP);
        assert_eq!((f.severity, f.count), (Severity::Warning, 1), "{link}");
        let waited_ms = strip_total(&config, &events, 2);
        assert_eq!(waited_ms, waits(&events).iter().sum::<u64>(), "{link}");
        assert_eq!(f.said, Said::RetriesUsedUp { turn: 2, failure, attempts, waited_ms }, "{link}");
    }
}

/// The waits of an exhausted turn count whatever chose them: a 429's Retry-After wait is part of
/// the strip, so it is part of the sum.
#[test]
fn retries_used_up_after_a_429_and_two_503s_count_every_wait_of_the_turn() {
    let (config, events, findings) = judged_link("faults=t2:429,t2:503x2");
    assert_eq!(waits(&events)[0], 2000, "the server's ask, honoured");
    let f = find(&findings, slug::RETRIES_USED_UP);
    assert_eq!(
        f.said,
        Said::RetriesUsedUp {
            turn: 2,
            failure: CallFailure::Http { status: 503 },
            attempts: 3,
            waited_ms: strip_total(&config, &events, 2),
        }
    );
    assert!(has(&findings, slug::HONOURED_RETRY_AFTER), "the honoured ask is still praised");
}

/// Issue 22: `?faults=t2:401&retryall=on` showed both "✗ Turn 2 retried an HTTP 401" and
/// "✓ Turn 2's HTTP 401 ended the run at once". A 401 retried until the attempts ran out did not
/// end the run at once: the retry is the finding, and the only one.
#[test]
fn a_401_retried_until_the_attempts_ran_out_is_not_also_failing_fast() {
    let (_, events, findings) = judged_link("faults=t2:401&retryall=on");
    assert_eq!(count(&events, "retry-scheduled"), 2);
    assert_eq!(slugs(&findings), [slug::RETRIED_PERMANENT]);
    let f = find(&findings, slug::RETRIED_PERMANENT);
    assert_eq!((f.severity, f.count), (Severity::Bad, 2), "both retries of it");
    assert!(!has(&findings, slug::FAILED_FAST));
}

/// Failing fast is about the failure that ended the run: a 503 retried before it does not take
/// the credit away from a 401 that was not retried.
#[test]
fn a_401_that_follows_a_retried_503_still_fails_fast() {
    let (_, _, findings) = judged_link("faults=t2:503,t2:401");
    assert_eq!(
        find(&findings, slug::FAILED_FAST).said,
        Said::FailedFast { turn: 2, failure: CallFailure::Http { status: 401 } }
    );
    assert_eq!(bad(&findings), Vec::<&str>::new());
}

/// A watchdog cut is praised as a timeout your code could retry; with one attempt only, that
/// timeout ended the run instead, and the turn gets the bad word alone, not a ✓ beside it.
#[test]
fn a_cut_hang_that_gave_up_too_early_is_not_also_praised() {
    let (_, events, findings) = judged_link("faults=t2:hang&attempts=1");
    assert_eq!(count(&events, "guard-tripped"), 1);
    assert_eq!(slugs(&findings), [slug::GAVE_UP_TOO_EARLY]);
    assert_eq!(
        find(&findings, slug::GAVE_UP_TOO_EARLY).said,
        Said::GaveUpTooEarly { turn: 2, failure: CallFailure::Timeout }
    );
}

/// Issue 22: "Turn 3 retried an HTTP 503 after 79 ms of backoff" above a strip of 79 + 278 ms.
/// The recovery reports the whole backoff of its turn.
#[test]
fn a_recovery_reports_every_backoff_wait_of_its_turn() {
    let mut events = start();
    events.extend([
        Event::TurnStarted { turn: 3, max_turns: 10, messages: 6, est_tokens: 120 },
        called(3, 1, 3),
        failed(3, 1, 3, CallFailure::Http { status: 503 }, Layer::Code),
        retry(3, 2, 79, WaitReason::Backoff),
        called(3, 2, 3),
        failed(3, 2, 3, CallFailure::Http { status: 503 }, Layer::Code),
        retry(3, 3, 278, WaitReason::Backoff),
        called(3, 3, 3),
        replied(3, "stop"),
        end(answered()),
    ]);
    let config = RunConfig::default();
    assert_eq!(strip_total(&config, &events, 3), 79 + 278);
    let findings = judge(&config, &events);
    assert_eq!(slugs(&findings), [slug::RECOVERED_WITH_BACKOFF]);
    assert_eq!(
        find(&findings, slug::RECOVERED_WITH_BACKOFF).said,
        Said::RecoveredWithBackoff { turn: 3, failure: CallFailure::Http { status: 503 }, waited_ms: 357 }
    );

    let (config, events, findings) = judged_link("faults=t3:503x2");
    assert_eq!(count(&events, "retry-scheduled"), 2);
    assert!(matches!(
        find(&findings, slug::RECOVERED_WITH_BACKOFF).said,
        Said::RecoveredWithBackoff { turn: 3, waited_ms, .. } if waited_ms == strip_total(&config, &events, 3)
    ));
}

/// The loop records why a failure was final; a server that said "do not retry" (a 503 with
/// `x-should-retry: false`) ended the run at once, which is failing fast, not silence.
#[test]
fn a_failure_the_loop_called_final_at_once_is_failing_fast_whatever_its_status() {
    let mut events = start();
    events.extend([
        called(1, 1, 3),
        Event::ModelCallFailed {
            turn: 1,
            attempt: 1,
            max_attempts: 3,
            failure: CallFailure::Http { status: 503 },
            layer: Layer::Nobody,
            retry_after_ms: None,
            final_because: Some(FinalBecause::CannotPass),
        },
        end(Outcome::Failed { reason: FailReason::Fatal { failure: CallFailure::Http { status: 503 } } }),
    ]);
    let findings = judge(&RunConfig::default(), &events);
    assert_eq!(slugs(&findings), [slug::FAILED_FAST]);
}

#[test]
fn many_attempts_on_one_turn_are_a_storm() {
    let config = with_retry(RetryPolicy { max_attempts: 8, ..RetryPolicy::default() });
    let (_, findings) = judged(&config, plan(2, Fault::Http503, 7));
    let f = find(&findings, slug::RETRY_STORM);
    assert_eq!(f.severity, Severity::Warning);
    assert!(matches!(f.said, Said::RetryStorm { most: 8, on_turn: 2, .. }), "{:?}", f.said);
}

#[test]
fn many_retries_spread_over_turns_are_a_storm_too() {
    // Four attempts a turn (under the per-turn limit) on each of the four turns that call the
    // model before the answer: twelve retries in all.
    let config = with_retry(RetryPolicy { max_attempts: 4, ..RetryPolicy::default() });
    let rules: Vec<(u32, Fault, u32)> = (2..=5).map(|turn| (turn, Fault::Http503, 3)).collect();
    let (events, findings) = judged(&config, plan_of(&rules));
    assert_eq!(finished(&events).0.slug(), "answered");
    assert_eq!(count(&events, "retry-scheduled"), 12);
    assert!(count(&events, "retry-scheduled") > STORM_RETRIES);
    assert!(matches!(find(&findings, slug::RETRY_STORM).said, Said::RetryStorm { most: 4, .. }));
}

#[test]
fn the_default_three_attempts_are_not_a_storm() {
    let (_, findings) = judged(&RunConfig::default(), plan(2, Fault::Http503, 2));
    assert!(!has(&findings, slug::RETRY_STORM));
}

#[test]
fn backoff_with_jitter_off_is_synchronized() {
    let config = with_retry(RetryPolicy { jitter: false, ..RetryPolicy::default() });
    let (events, findings) = judged(&config, plan(2, Fault::Http503, 2));
    assert_eq!(waits(&events), [500, 1000]);
    let f = find(&findings, slug::SYNCHRONIZED_RETRIES);
    assert_eq!((f.severity, f.count), (Severity::Warning, 2));
    assert_eq!(f.said, Said::SynchronizedRetries);
}

#[test]
fn retry_after_waits_with_jitter_off_are_not_blamed_on_jitter() {
    let config = with_retry(RetryPolicy { jitter: false, ..RetryPolicy::default() });
    let (_, findings) = judged(&config, plan(2, Fault::RateLimited, 1));
    assert!(!has(&findings, slug::SYNCHRONIZED_RETRIES), "the server chose that wait");
}

#[test]
fn a_hang_with_the_watchdog_off_waits_forever_and_is_bad() {
    let config = with_guards(Guards { watchdog_ms: 0, ..Guards::default() });
    let sim = simulate(&config, plan(2, Fault::Hang, 1));
    assert_eq!(sim.outcome, None);
    let findings = judge(&config, &sim.events);
    let f = find(&findings, slug::HANG_WITHOUT_TIMEOUT);
    assert_eq!(f.severity, Severity::Bad);
    assert_eq!(f.said, Said::HangWithoutTimeout { turn: 2, until_stop: false });
}

#[test]
fn a_hang_stopped_by_the_user_with_the_watchdog_off_is_bad() {
    let config = with_guards(Guards { watchdog_ms: 0, ..Guards::default() });
    let mut events = start();
    events.extend([called(1, 1, 3), end(Outcome::Cancelled)]);
    let findings = judge(&config, &events);
    assert!(matches!(
        find(&findings, slug::HANG_WITHOUT_TIMEOUT).said,
        Said::HangWithoutTimeout { until_stop: true, .. }
    ));
}

#[test]
fn stopping_mid_call_with_a_watchdog_on_is_not_a_hang() {
    let mut events = start();
    events.extend([called(1, 1, 3), end(Outcome::Cancelled)]);
    assert!(!has(&judge(&RunConfig::default(), &events), slug::HANG_WITHOUT_TIMEOUT));
}

#[test]
fn stopping_mid_backoff_with_the_watchdog_off_is_not_a_hang() {
    let config = with_guards(Guards { watchdog_ms: 0, ..Guards::default() });
    let mut events = start();
    events.extend([
        called(1, 1, 3),
        failed(1, 1, 3, CallFailure::Http { status: 503 }, Layer::Code),
        retry(1, 2, 800, WaitReason::Backoff),
        end(Outcome::Cancelled),
    ]);
    assert!(!has(&judge(&config, &events), slug::HANG_WITHOUT_TIMEOUT));
}

#[test]
fn a_hang_cut_by_the_watchdog_is_good() {
    let (_, findings) = judged(&RunConfig::default(), plan(2, Fault::Hang, 1));
    assert_eq!(find(&findings, slug::WATCHDOG_CUT_HANG).severity, Severity::Good);
    assert!(matches!(find(&findings, slug::WATCHDOG_CUT_HANG).said, Said::WatchdogCutHang { turn: 2, after_ms: 5000 }));
    assert!(!has(&findings, slug::HANG_WITHOUT_TIMEOUT));
}

#[test]
fn a_reply_without_a_finish_reason_is_an_accepted_truncated_stream() {
    let mut events = start();
    events.extend([called(1, 1, 3), replied(1, ""), end(answered())]);
    let findings = judge(&RunConfig::default(), &events);
    assert_eq!(slugs(&findings), [slug::ACCEPTED_TRUNCATED_STREAM]);
    assert_eq!(find(&findings, slug::ACCEPTED_TRUNCATED_STREAM).severity, Severity::Bad);
}

#[test]
fn the_built_in_model_always_names_a_finish_reason() {
    for config in [RunConfig::default(), stubborn()] {
        let (_, findings) = judged(&config, FaultPlan::default());
        assert!(!has(&findings, slug::ACCEPTED_TRUNCATED_STREAM));
    }
}

#[test]
fn a_guard_that_stops_a_stuck_model_is_good() {
    let (_, findings) = judged(&stubborn(), FaultPlan::default());
    assert_eq!(slugs(&findings), [slug::GUARD_STOPPED_LOOP]);
    assert!(matches!(
        find(&findings, slug::GUARD_STOPPED_LOOP).said,
        Said::GuardStoppedLoop { guard: Guard::RepeatedCall, .. }
    ));
}

#[test]
fn findings_come_worst_first_with_one_entry_per_slug() {
    let config = RunConfig {
        retry: RetryPolicy { jitter: false, base_delay_ms: 0, ..RetryPolicy::default() },
        ..RunConfig::default()
    };
    let (_, findings) =
        judged(&config, plan_of(&[(2, Fault::Http503, 1), (3, Fault::Http502, 1), (4, Fault::RateLimited, 1)]));
    let ranks: Vec<u8> = findings
        .iter()
        .map(|f| match f.severity {
            Severity::Bad => 0,
            Severity::Warning => 1,
            Severity::Good => 2,
        })
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{:?}", slugs(&findings));
    let mut unique = slugs(&findings);
    unique.dedup();
    assert_eq!(unique.len(), findings.len());
    assert_eq!(find(&findings, slug::RETRIED_WITHOUT_WAITING).count, 2);
}

#[test]
fn every_finding_is_one_sentence() {
    let mut all = Vec::new();
    let zero_wait = with_retry(RetryPolicy { base_delay_ms: 0, jitter: false, ..RetryPolicy::default() });
    all.extend(judged(&zero_wait, plan(2, Fault::Http503, 2)).1);
    let no_jitter = with_retry(RetryPolicy { jitter: false, ..RetryPolicy::default() });
    all.extend(judged(&no_jitter, plan(2, Fault::Http502, 1)).1);
    all.extend(
        judged(&with_retry(RetryPolicy { max_attempts: 1, ..RetryPolicy::default() }), plan(2, Fault::Dropped, 1)).1,
    );
    all.extend(
        judged(&with_retry(RetryPolicy { max_attempts: 9, ..RetryPolicy::default() }), plan(2, Fault::Http500, 8)).1,
    );
    all.extend(judged(&with_guards(Guards { watchdog_ms: 0, ..Guards::default() }), plan(2, Fault::Hang, 1)).1);
    all.extend(judged(&RunConfig::default(), plan(2, Fault::Hang, 1)).1);
    all.extend(judged(&RunConfig::default(), plan(2, Fault::RateLimited, 1)).1);
    all.extend(judged(&RunConfig::default(), plan(2, Fault::BadRequest, 1)).1);
    all.extend(judged(&RunConfig::default(), plan(2, Fault::Http503, 3)).1);
    all.extend(judged(&stubborn(), FaultPlan::default()).1);
    all.extend(judge(
        &RunConfig::default(),
        &retried_once(CallFailure::Http { status: 401 }, 500, WaitReason::Backoff),
    ));
    all.extend(judge(
        &RunConfig::default(),
        &retried_once(CallFailure::Http { status: 429 }, 500, WaitReason::Backoff),
    ));
    let mut e = start();
    e.extend([called(1, 1, 3), replied(1, ""), end(answered())]);
    all.extend(judge(&RunConfig::default(), &e));
    let ask = |ms| [ServerAsk { turn: 1, attempt: 1, retry_after_ms: ms }];
    let capped = retried_once(CallFailure::Http { status: 429 }, 10_000, WaitReason::RetryAfter);
    all.extend(judge_with_asks(&RunConfig::default(), &capped, &ask(60_000)));
    let short = retried_once(CallFailure::Http { status: 429 }, 100, WaitReason::Backoff);
    all.extend(judge_with_asks(&RunConfig::default(), &short, &ask(60_000)));

    let mut seen: Vec<&str> = slugs(&all);
    seen.sort();
    seen.dedup();
    let mut every = vec![
        slug::RETRIED_PERMANENT,
        slug::IGNORED_RETRY_AFTER,
        slug::RETRY_AFTER_CAPPED,
        slug::RETRY_AFTER_MISSING,
        slug::RETRIED_WITHOUT_WAITING,
        slug::GAVE_UP_TOO_EARLY,
        slug::RETRIES_USED_UP,
        slug::RETRY_STORM,
        slug::SYNCHRONIZED_RETRIES,
        slug::HANG_WITHOUT_TIMEOUT,
        slug::ACCEPTED_TRUNCATED_STREAM,
        slug::HONOURED_RETRY_AFTER,
        slug::RECOVERED_WITH_BACKOFF,
        slug::FAILED_FAST,
        slug::WATCHDOG_CUT_HANG,
        slug::GUARD_STOPPED_LOOP,
    ];
    every.sort();
    assert_eq!(seen, every, "every finding was produced at least once");
    for f in &all {
        // Facts, not prose: the page words every finding in the reader's language, so no string
        // the engine puts in one may be a sentence.
        let facts = serde_json::to_value(&f.said).unwrap();
        let mut strings = Vec::new();
        collect_strings(&facts, &mut strings);
        assert!(strings.iter().all(|s| !s.contains(' ')), "{}: {strings:?}", f.slug);
        assert!(f.slug.chars().all(|c| c.is_ascii_lowercase() || c == '-'));
    }
}

#[test]
fn findings_serialize_with_kebab_case_severity() {
    let (_, findings) = judged(&RunConfig::default(), plan(2, Fault::RateLimited, 1));
    let json = serde_json::to_value(&findings).unwrap();
    assert_eq!(json[0]["slug"], "honoured-retry-after");
    assert_eq!(json[0]["severity"], "good");
    assert_eq!(json[0]["count"], 1);
}

fn collect_strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| collect_strings(v, out)),
        _ => {}
    }
}
