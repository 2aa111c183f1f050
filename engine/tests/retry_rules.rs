//! The retry rules, right: a harness that retries everything still meets a 400 or a 401 on every
//! attempt (no retry can mend a broken request or a wrong key), and the verdict never praises a
//! retry it has just called a problem.

mod common;

use common::*;
use rusty_lock_engine::run::chaos::Fault;
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, FailReason, Outcome};
use rusty_lock_engine::run::provider::CallFailure;
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::show::verdict::{judge, slug, Severity};

fn retry_everything(max_attempts: u32) -> RunConfig {
    let mut config = RunConfig::default();
    config.retry.retry_everything = true;
    config.retry.max_attempts = max_attempts;
    config
}

fn failures_on(events: &[Event], turn: u32) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ModelCallFailed { turn: t, failure, .. } if *t == turn => Some(failure.slug()),
            _ => None,
        })
        .collect()
}

#[test]
fn with_retry_everything_a_400_fails_on_every_attempt_whatever_its_count() {
    for (fault, status) in [(Fault::BadRequest, 400), (Fault::Unauthorized, 401)] {
        for times in [1, 2, 3] {
            for attempts in [2, 3, 5] {
                let sim = simulate(&retry_everything(attempts), plan(2, fault, times));
                let want = vec![format!("http-{status}"); attempts as usize];
                assert_eq!(failures_on(&sim.events, 2), want, "{fault:?} x{times}, {attempts} attempts");
                assert_eq!(
                    sim.outcome,
                    Some(Outcome::Failed {
                        reason: FailReason::RetriesExhausted { attempts, last: CallFailure::Http { status } }
                    }),
                    "{fault:?} x{times}, {attempts} attempts"
                );
                assert!(
                    !sim.events.iter().any(|e| matches!(e, Event::ModelReplied { turn: 2, .. })),
                    "no attempt of turn 2 may be answered"
                );
            }
        }
    }
}

#[test]
fn a_400_queued_before_a_503_still_owns_the_rest_of_the_turn() {
    let sim = simulate(&retry_everything(4), plan_of(&[(2, Fault::BadRequest, 1), (2, Fault::Http503, 1)]));
    assert_eq!(failures_on(&sim.events, 2), vec!["http-400"; 4]);
}

#[test]
fn transient_faults_still_wear_off_after_their_count() {
    let sim = simulate(&retry_everything(3), plan(2, Fault::Http503, 1));
    assert_eq!(failures_on(&sim.events, 2), vec!["http-503"]);
    assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })));
}

#[test]
fn the_right_school_still_fails_a_400_at_once() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::BadRequest, 3));
    assert_eq!(failures_on(&sim.events, 2), vec!["http-400"]);
}

/// No retry is judged both a problem and good.
fn assert_no_praise_beside_a_problem(config: &RunConfig, events: &[Event]) {
    let findings = judge(config, events);
    let bad = findings.iter().any(|f| f.severity == Severity::Bad);
    let praised: Vec<_> = findings
        .iter()
        .filter(|f| [slug::RECOVERED_WITH_BACKOFF, slug::HONOURED_RETRY_AFTER].contains(&f.slug))
        .collect();
    assert!(bad, "the run had a bad retry: {findings:#?}");
    assert!(praised.is_empty(), "the same retry was also praised: {findings:#?}");
}

#[test]
fn the_verdict_on_a_retried_400_has_no_good_word_for_that_retry() {
    let config = retry_everything(3);
    let sim = simulate(&config, plan(2, Fault::BadRequest, 1));
    let findings = judge(&config, &sim.events);
    assert!(findings.iter().any(|f| f.slug == slug::RETRIED_PERMANENT), "{findings:#?}");
    assert_no_praise_beside_a_problem(&config, &sim.events);
}

#[test]
fn a_foreign_trace_whose_retried_400_was_answered_is_still_only_a_problem() {
    // Another harness's trace: it retried a 400 and the next attempt happened to answer.
    let config = retry_everything(3);
    let mut events = simulate(&config, plan(2, Fault::Http503, 1)).events;
    for e in &mut events {
        if let Event::ModelCallFailed { failure, .. } = e {
            *failure = CallFailure::Http { status: 400 };
        }
    }
    assert_no_praise_beside_a_problem(&config, &events);
}

#[test]
fn a_retry_sooner_than_the_server_asked_is_not_praised_for_recovering() {
    let config = RunConfig::default();
    let mut events = simulate(&config, plan(2, Fault::Http503, 1)).events;
    for e in &mut events {
        if let Event::ModelCallFailed { retry_after_ms, .. } = e {
            *retry_after_ms = Some(60_000);
        }
    }
    let findings = judge(&config, &events);
    assert!(findings.iter().any(|f| f.slug == slug::IGNORED_RETRY_AFTER), "{findings:#?}");
    assert_no_praise_beside_a_problem(&config, &events);
}

#[test]
fn a_clean_recovery_is_still_praised() {
    let config = RunConfig::default();
    let sim = simulate(&config, plan(2, Fault::Http503, 1));
    let findings = judge(&config, &sim.events);
    assert!(findings.iter().any(|f| f.slug == slug::RECOVERED_WITH_BACKOFF), "{findings:#?}");
}
