//! Layer 1, your code: transient server failures are retried with backoff and the model never
//! hears about them; permanent ones are not retried and end the run in layer 3.

mod common;

use common::*;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan, RATE_LIMIT_RETRY_AFTER_MS};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, FailReason, Layer, Outcome};
use rusty_lock_engine::run::provider::{CallFailure, ProviderError, RetryPolicy, WaitReason};
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::run::wire::ChatResponse;
use std::cell::RefCell;
use std::rc::Rc;

const ANSWER: &str = "The temple door is open. The lock was rusted, so I oiled it, and then the key turned.";

fn answered() -> Outcome {
    Outcome::Answered { text: ANSWER.into() }
}

#[test]
fn a_429_waits_exactly_the_servers_retry_after_and_the_run_still_answers() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::RateLimited, 1));
    assert_eq!(
        turn_kinds(&sim.events, 2),
        [
            "turn-started",
            "model-called",
            "model-call-failed",
            "retry-scheduled",
            "model-called",
            "model-replied",
            "tool-started",
            "tool-failed"
        ]
    );
    let failed = sim.events.iter().find(|e| e.kind() == "model-call-failed").unwrap();
    assert!(matches!(
        failed,
        Event::ModelCallFailed {
            turn: 2,
            attempt: 1,
            failure: CallFailure::Http { status: 429 },
            layer: Layer::Code,
            ..
        }
    ));
    let retry = sim.events.iter().find(|e| e.kind() == "retry-scheduled").unwrap();
    match retry {
        Event::RetryScheduled { turn, next_attempt, wait_ms, reason, .. } => {
            assert_eq!((*turn, *next_attempt), (2, 2));
            assert_eq!(*reason, WaitReason::RetryAfter);
            assert_eq!(*wait_ms, RATE_LIMIT_RETRY_AFTER_MS);
            assert_eq!(*wait_ms, 2000);
        }
        _ => unreachable!(),
    }
    assert_eq!(retry.layer(), Some(Layer::Code));
    let (outcome, turns, elapsed_ms) = finished(&sim.events);
    assert_eq!(outcome, answered());
    assert_eq!(turns, 5);
    assert_eq!(elapsed_ms, 2000, "the only time that passed is the wait the server asked for");
    assert_eq!(sim.outcome, Some(outcome));
}

#[test]
fn a_retry_after_longer_than_the_cap_is_clamped_to_the_cap() {
    let provider = Scripted::new(vec![Err(ProviderError::http(429).with_retry_after_ms(60_000))]);
    let config = RunConfig::default();
    assert_eq!(config.retry.retry_after_cap_ms, 10_000);
    let run = drive(&provider, &config, FaultPlan::default());

    assert_eq!(
        turn_kinds(&run.events, 1),
        [
            "turn-started",
            "model-called",
            "model-call-failed",
            "retry-scheduled",
            "model-called",
            "model-replied",
            "tool-started",
            "tool-succeeded"
        ]
    );
    assert_eq!(waits(&run.events), [10_000]);
    assert!(run
        .events
        .iter()
        .any(|e| matches!(e, Event::RetryScheduled { reason: WaitReason::RetryAfter, wait_ms: 10_000, .. })));
    assert_eq!(run.outcome, Some(answered()));
    assert_eq!(run.now_ms, 10_000, "the clock moved by the cap, not by the 60 s the server asked for");
    assert_eq!(finished(&run.events).2, 10_000);
    assert_eq!(provider.calls.get(), 6, "five turns plus one retry");
}

#[test]
fn a_retry_after_under_the_cap_is_honoured_even_above_the_backoff_ceiling() {
    let provider = Scripted::new(vec![Err(ProviderError::http(429).with_retry_after_ms(7_000))]);
    let config = RunConfig::default();
    assert!(7_000 > config.retry.max_delay_ms);
    let run = drive(&provider, &config, FaultPlan::default());
    assert_eq!(waits(&run.events), [7_000]);
    assert_eq!(run.outcome, Some(answered()));
}

#[test]
fn a_503_twice_is_retried_and_the_run_still_answers() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::Http503, 2));
    assert_eq!(
        turn_kinds(&sim.events, 2),
        [
            "turn-started",
            "model-called",
            "model-call-failed",
            "retry-scheduled",
            "model-called",
            "model-call-failed",
            "retry-scheduled",
            "model-called",
            "model-replied",
            "tool-started",
            "tool-failed"
        ]
    );
    let failures: Vec<_> = sim
        .events
        .iter()
        .filter_map(|e| match e {
            Event::ModelCallFailed { turn, attempt, failure, layer, .. } => {
                Some((*turn, *attempt, failure.clone(), *layer))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        failures,
        [
            (2, 1, CallFailure::Http { status: 503 }, Layer::Code),
            (2, 2, CallFailure::Http { status: 503 }, Layer::Code)
        ]
    );
    let retries: Vec<_> = sim
        .events
        .iter()
        .filter_map(|e| match e {
            Event::RetryScheduled { next_attempt, reason, .. } => Some((*next_attempt, *reason)),
            _ => None,
        })
        .collect();
    assert_eq!(retries, [(2, WaitReason::Backoff), (3, WaitReason::Backoff)]);
    let w = waits(&sim.events);
    assert!(w[0] < 500 && w[1] < 1000, "full jitter keeps each wait under its ceiling: {w:?}");
    let (outcome, turns, elapsed_ms) = finished(&sim.events);
    assert_eq!(outcome, answered());
    assert_eq!(turns, 5);
    assert_eq!(elapsed_ms, w.iter().sum::<u64>());
}

#[test]
fn the_model_never_sees_a_retried_503() {
    let config = RunConfig::default();
    let clean = simulate(&config, FaultPlan::default());
    let faulty = simulate(&config, plan(2, Fault::Http503, 2));

    // What the model said, turn by turn, is exactly what it says when nothing fails.
    assert_eq!(replies(&faulty.events), replies(&clean.events));
    assert_eq!(count(&faulty.events, "model-replied"), count(&clean.events, "model-replied"));
    assert_eq!(count(&faulty.events, "turn-started"), count(&clean.events, "turn-started"));
    // So are the tools it ran and the sizes of the history it was sent.
    assert_eq!(tool_calls(&faulty.events), tool_calls(&clean.events));
    let sizes = |events: &[Event]| -> Vec<(usize, u32)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::TurnStarted { messages, est_tokens, .. } => Some((*messages, *est_tokens)),
                _ => None,
            })
            .collect()
    };
    assert_eq!(sizes(&faulty.events), sizes(&clean.events));

    // And the requests themselves carry no trace of the failure: record every one that is sent.
    let plan = Rc::new(RefCell::new(plan(2, Fault::Http503, 2)));
    let clock = rusty_lock_engine::run::clock::VirtualClock::new();
    let chaos = chaos_builtin(&config, &plan, &clock);
    let recorder = Recorder { inner: &chaos, requests: RefCell::new(Vec::new()) };
    let harness = rusty_lock_engine::run::harness::Harness(rusty_lock_engine::run::harness::Inputs {
        provider: &recorder,
        clock: &clock,
        config: &config,
        tools: &rusty_lock_engine::run::tools::Tools,
        cancel: rusty_lock_engine::run::cancel::CancelToken::new(),
    });
    let mut events = Vec::new();
    let outcome = rusty_lock_engine::run::clock::block_on_virtual(&clock, harness.run(&mut events));
    assert_eq!(outcome, Some(answered()));
    let requests = recorder.requests.borrow();
    assert_eq!(requests.len(), 7, "five turns, turn 2 sent three times");
    let turn2: Vec<_> = requests.iter().filter(|(ctx, _)| ctx.turn == 2).collect();
    assert_eq!(turn2.iter().map(|(ctx, _)| ctx.attempt).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(turn2.windows(2).all(|w| w[0].1 == w[1].1), "a retry resends the very same request");
    for (_, request) in requests.iter() {
        let text = serde_json::to_string(&request.messages).unwrap();
        assert!(!text.contains("503"), "a 503 leaked into the history: {text}");
        assert!(!text.to_lowercase().contains("unavailable") && !text.to_lowercase().contains("retry"));
    }
}

#[test]
fn a_500_and_a_502_are_retried_like_a_503() {
    for (fault, status) in [(Fault::Http500, 500), (Fault::Http502, 502)] {
        let sim = simulate(&RunConfig::default(), plan(3, fault, 1));
        assert!(
            sim.events.iter().any(|e| matches!(e,
                Event::ModelCallFailed { turn: 3, attempt: 1, failure: CallFailure::Http { status: s }, layer: Layer::Code, .. } if *s == status)),
            "{fault:?}"
        );
        assert_eq!(count_in_turn(&sim.events, 3, "model-called"), 2, "{fault:?}");
        assert_eq!(sim.outcome, Some(answered()), "{fault:?}");
    }
}

#[test]
fn a_401_is_not_retried_and_ends_the_run_in_layer_3() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::Unauthorized, 1));
    assert_eq!(turn_kinds(&sim.events, 2), ["turn-started", "model-called", "model-call-failed"]);
    assert_eq!(count_in_turn(&sim.events, 2, "model-called"), 1);
    assert_eq!(count(&sim.events, "retry-scheduled"), 0);
    let failed = &sim.events[sim.events.len() - 2];
    assert!(matches!(
        failed,
        Event::ModelCallFailed {
            turn: 2,
            attempt: 1,
            failure: CallFailure::Http { status: 401 },
            layer: Layer::Nobody,
            ..
        }
    ));
    let expected = Outcome::Failed { reason: FailReason::Fatal { failure: CallFailure::Http { status: 401 } } };
    let (outcome, turns, _) = finished(&sim.events);
    assert_eq!(outcome, expected);
    assert_eq!(turns, 2);
    assert_eq!(last(&sim.events).layer(), Some(Layer::Nobody));
    assert_eq!(sim.outcome, Some(expected));
}

#[test]
fn a_400_is_not_retried_and_ends_the_run_in_layer_3() {
    let sim = simulate(&RunConfig::default(), plan(1, Fault::BadRequest, 3));
    assert_eq!(kinds(&sim.events), ["run-started", "turn-started", "model-called", "model-call-failed", "finished"]);
    assert!(matches!(
        sim.events[3],
        Event::ModelCallFailed { failure: CallFailure::Http { status: 400 }, layer: Layer::Nobody, .. }
    ));
    assert_eq!(
        sim.outcome,
        Some(Outcome::Failed { reason: FailReason::Fatal { failure: CallFailure::Http { status: 400 } } })
    );
}

#[test]
fn a_503_on_every_attempt_uses_up_the_retries_and_fails() {
    let config = RunConfig::default();
    assert_eq!(config.retry.max_attempts, 3);
    let sim = simulate(&config, plan(2, Fault::Http503, 3));
    assert_eq!(count_in_turn(&sim.events, 2, "model-called"), 3);
    assert_eq!(count_in_turn(&sim.events, 2, "retry-scheduled"), 2);
    let layers: Vec<Layer> =
        sim.events.iter().filter(|e| e.kind() == "model-call-failed").map(|e| e.layer().unwrap()).collect();
    assert_eq!(layers, [Layer::Code, Layer::Code, Layer::Nobody], "only the last failure is nobody's");
    assert!(matches!(
        sim.events[sim.events.len() - 2],
        Event::ModelCallFailed { attempt: 3, max_attempts: 3, layer: Layer::Nobody, .. }
    ));
    assert_eq!(
        sim.outcome,
        Some(Outcome::Failed {
            reason: FailReason::RetriesExhausted { attempts: 3, last: CallFailure::Http { status: 503 } }
        })
    );
    assert_eq!(count(&sim.events, "model-replied"), 1, "turn 2 never got a reply");
}

#[test]
fn more_attempts_outlast_the_same_outage() {
    let mut config = RunConfig::default();
    config.retry.max_attempts = 4;
    let sim = simulate(&config, plan(2, Fault::Http503, 3));
    assert_eq!(count_in_turn(&sim.events, 2, "model-called"), 4);
    assert_eq!(sim.outcome, Some(answered()));
}

#[test]
fn max_attempts_of_one_never_retries() {
    let mut config = RunConfig::default();
    config.retry.max_attempts = 1;
    let sim = simulate(&config, plan(2, Fault::Http503, 1));
    assert_eq!(count(&sim.events, "retry-scheduled"), 0);
    assert_eq!(
        sim.outcome,
        Some(Outcome::Failed {
            reason: FailReason::RetriesExhausted { attempts: 1, last: CallFailure::Http { status: 503 } }
        })
    );
}

#[test]
fn a_dropped_connection_is_retried_and_the_run_still_answers() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::Dropped, 1));
    assert_eq!(
        turn_kinds(&sim.events, 2)[..5],
        ["turn-started", "model-called", "model-call-failed", "retry-scheduled", "model-called"]
    );
    assert!(sim.events.iter().any(|e| matches!(
        e,
        Event::ModelCallFailed { turn: 2, failure: CallFailure::Network, layer: Layer::Code, .. }
    )));
    assert!(sim.events.iter().any(|e| matches!(e, Event::RetryScheduled { turn: 2, reason: WaitReason::Backoff, .. })));
    assert_eq!(sim.outcome, Some(answered()));
}

#[test]
fn server_faults_on_one_turn_queue_up_in_order() {
    let mut config = RunConfig::default();
    config.retry.max_attempts = 4;
    let sim = simulate(&config, plan_of(&[(2, Fault::Http503, 2), (2, Fault::RateLimited, 1)]));
    let failures: Vec<CallFailure> = sim
        .events
        .iter()
        .filter_map(|e| match e {
            Event::ModelCallFailed { failure, .. } => Some(failure.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        failures,
        [CallFailure::Http { status: 503 }, CallFailure::Http { status: 503 }, CallFailure::Http { status: 429 }]
    );
    let reasons: Vec<WaitReason> = sim
        .events
        .iter()
        .filter_map(|e| match e {
            Event::RetryScheduled { reason, .. } => Some(*reason),
            _ => None,
        })
        .collect();
    assert_eq!(reasons, [WaitReason::Backoff, WaitReason::Backoff, WaitReason::RetryAfter]);
    assert_eq!(*waits(&sim.events).last().unwrap(), 2000);
    assert_eq!(sim.outcome, Some(answered()));
}

#[test]
fn a_slow_reply_under_the_watchdog_is_not_a_failure() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::Slow, 1));
    assert_eq!(kinds(&sim.events), kinds(&simulate(&RunConfig::default(), FaultPlan::default()).events));
    assert_eq!(finished(&sim.events).2, 2000);
    assert_eq!(sim.outcome, Some(answered()));
}

#[test]
fn a_slow_reply_past_the_watchdog_is_cut_and_retried() {
    let mut config = RunConfig::default();
    config.guards.watchdog_ms = 1000;
    let sim = simulate(&config, plan(2, Fault::Slow, 1));
    assert_eq!(
        turn_kinds(&sim.events, 2)[..6],
        ["turn-started", "model-called", "guard-tripped", "model-call-failed", "retry-scheduled", "model-called"]
    );
    assert_eq!(sim.outcome, Some(answered()));
}

#[test]
fn a_200_whose_body_has_no_choices_is_not_retried_and_fails() {
    let empty = ChatResponse { id: Some("x".into()), choices: vec![], usage: None };
    let provider = Scripted::new(vec![Err(ProviderError::http(503)), Ok(empty)]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert_eq!(
        kinds(&run.events),
        [
            "run-started",
            "turn-started",
            "model-called",
            "model-call-failed",
            "retry-scheduled",
            "model-called",
            "model-call-failed",
            "finished"
        ]
    );
    assert_eq!(provider.calls.get(), 2, "the bad body is not asked for again");
    let bad = &run.events[6];
    match bad {
        Event::ModelCallFailed {
            attempt: 2, failure: CallFailure::BadBody { reason }, layer: Layer::Nobody, ..
        } => {
            assert_eq!(reason, &rusty_lock_engine::run::provider::BodyProblem::NoChoices)
        }
        other => panic!("expected a bad-body failure, got {other:?}"),
    }
    match run.outcome {
        Some(Outcome::Failed { reason: FailReason::Fatal { failure: CallFailure::BadBody { .. } } }) => {}
        other => panic!("expected a fatal bad body, got {other:?}"),
    }
}

#[test]
fn a_200_with_tool_calls_finish_but_no_calls_is_a_bad_body() {
    let body =
        r#"{"choices":[{"index":0,"message":{"role":"assistant","content":"hmm"},"finish_reason":"tool_calls"}]}"#;
    let response: ChatResponse = serde_json::from_str(body).unwrap();
    let provider = Scripted::new(vec![Ok(response)]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert_eq!(provider.calls.get(), 1);
    assert!(matches!(
        run.outcome,
        Some(Outcome::Failed { reason: FailReason::Fatal { failure: CallFailure::BadBody { .. } } })
    ));
}

#[test]
fn the_servers_should_retry_header_overrides_the_status_code() {
    // x-should-retry: false on a 503 means do not retry.
    let mut no = ProviderError::http(503);
    no.should_retry = Some(false);
    assert!(!no.is_transient());
    let provider = Scripted::new(vec![Err(no)]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert_eq!(provider.calls.get(), 1);
    assert_eq!(
        run.outcome,
        Some(Outcome::Failed { reason: FailReason::Fatal { failure: CallFailure::Http { status: 503 } } })
    );

    // x-should-retry: true on a 401 means retry.
    let mut yes = ProviderError::http(401);
    yes.should_retry = Some(true);
    let provider = Scripted::new(vec![Err(yes)]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert_eq!(count_in_turn(&run.events, 1, "model-called"), 2);
    assert_eq!(run.outcome, Some(answered()));
}

#[test]
fn transient_and_permanent_failures_are_told_apart() {
    for status in [408, 409, 429, 500, 502, 503, 504, 529] {
        assert!(ProviderError::http(status).is_transient(), "{status}");
    }
    for status in [400, 401, 403, 404, 422] {
        assert!(!ProviderError::http(status).is_transient(), "{status}");
    }
    assert!(ProviderError::of(CallFailure::Network).is_transient());
    assert!(ProviderError::of(CallFailure::Timeout).is_transient());
    assert!(!ProviderError::of(CallFailure::BadBody { reason: rusty_lock_engine::run::provider::BodyProblem::Html })
        .is_transient());
}

#[test]
fn the_default_retry_policy_is_three_attempts_with_capped_jittered_backoff() {
    assert_eq!(
        RetryPolicy::default(),
        RetryPolicy {
            max_attempts: 3,
            base_delay_ms: 500,
            max_delay_ms: 4000,
            jitter: true,
            retry_after_cap_ms: 10_000,
            retry_everything: false,
        }
    );
}

/// A page drives the clock from real time: a timer set late must still wait its whole length,
/// even when an earlier timer with the same nominal deadline was dropped.
#[test]
fn a_clock_synced_to_real_time_measures_each_timer_from_when_it_was_set() {
    use rusty_lock_engine::run::clock::Clock;
    use std::cell::Cell;
    use std::rc::Rc;
    let clock = rusty_lock_engine::run::clock::VirtualClock::new();
    let real = Rc::new(Cell::new(0u64));
    let source = real.clone();
    clock.set_time_source(Some(Rc::new(move |_| Some(source.get()))));
    let first = clock.sleep(1000);
    drop(first);
    real.set(600);
    let _second = clock.sleep(1000);
    assert_eq!(clock.next_deadline(), Some(1600), "due 1000 ms after it was set, at real time 600");
    assert_eq!(clock.now_ms(), 600);
}
