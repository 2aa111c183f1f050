//! The guards that stop a run going nowhere, the watchdog, Stop, and layer 3: the failures
//! nobody can fix, which end the run with a clear outcome.

mod common;

use common::*;
use futures::future::join;
use rusty_lock_engine::run::cancel::CancelToken;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::clock::{block_on_virtual, Clock, VirtualClock};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, FailReason, Guard, Layer, Outcome};
use rusty_lock_engine::run::harness::{Harness, Inputs};
use rusty_lock_engine::run::provider::CallFailure;
use rusty_lock_engine::run::script::EN;
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::run::tools::Tools;
use std::cell::RefCell;
use std::rc::Rc;

fn guard_events(events: &[Event]) -> Vec<(u32, Guard, Layer)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::GuardTripped { turn, guard, layer, .. } => Some((*turn, *guard, *layer)),
            _ => None,
        })
        .collect()
}

#[test]
fn three_tool_errors_in_a_row_make_the_run_give_up() {
    let mut config = stubborn();
    config.guards.stop_on_repeat = false;
    let sim = simulate(&config, FaultPlan::default());
    // Turn 1 looks; turns 2, 3 and 4 try the rusted key.
    assert_eq!(count(&sim.events, "tool-failed"), 3);
    assert_eq!(count(&sim.events, "tool-succeeded"), 1);
    assert_eq!(
        turn_kinds(&sim.events, 4),
        ["turn-started", "model-called", "model-replied", "tool-started", "tool-failed", "guard-tripped"]
    );
    assert_eq!(guard_events(&sim.events), [(4, Guard::ErrorsInARow, Layer::Code)]);
    let (outcome, turns, _) = finished(&sim.events);
    assert_eq!(outcome, Outcome::GaveUp { guard: Guard::ErrorsInARow });
    assert_eq!(turns, 4);
    assert_eq!(sim.outcome, Some(outcome));
}

#[test]
fn the_errors_in_a_row_limit_is_a_knob() {
    let mut config = stubborn();
    config.guards.stop_on_repeat = false;
    config.guards.max_errors_in_a_row = 5;
    let sim = simulate(&config, FaultPlan::default());
    assert_eq!(count(&sim.events, "tool-failed"), 5);
    assert_eq!(sim.outcome, Some(Outcome::GaveUp { guard: Guard::ErrorsInARow }));
    assert_eq!(finished(&sim.events).1, 6);
}

#[test]
fn a_success_resets_the_errors_in_a_row_count() {
    // With a limit of 2: the rusted lock on turn 2 plus broken JSON on turn 3 (the oil call) are
    // two in a row, so the run gives up after turn 3.
    let mut config = RunConfig::default();
    config.guards.max_errors_in_a_row = 2;
    let sim = simulate(&config, plan(3, Fault::BadJson, 1));
    assert_eq!(sim.outcome, Some(Outcome::GaveUp { guard: Guard::ErrorsInARow }));
    assert_eq!(finished(&sim.events).1, 3);
    // Broken JSON on turn 1 then success on turn 2's redo: the rusted lock later is only one.
    let sim = simulate(&config, plan(1, Fault::BadJson, 1));
    assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })), "{:?}", sim.outcome);
}

#[test]
fn an_identical_repeated_call_escalates_to_a_person() {
    let sim = simulate(&stubborn(), FaultPlan::default());
    assert_eq!(turn_kinds(&sim.events, 3), ["turn-started", "model-called", "model-replied", "guard-tripped"]);
    assert_eq!(guard_events(&sim.events), [(3, Guard::RepeatedCall, Layer::Code)]);
    match sim.events.iter().find(|e| e.kind() == "guard-tripped").unwrap() {
        Event::GuardTripped { detail, .. } => assert_eq!(
            detail,
            &rusty_lock_engine::run::events::GuardDetail::SameCalls {
                calls: vec![rusty_lock_engine::run::wire::FunctionCall {
                    name: "use".into(),
                    arguments: r#"{"item":"key","target":"door"}"#.into()
                }]
            }
        ),
        _ => unreachable!(),
    }
    assert_eq!(count_in_turn(&sim.events, 3, "tool-started"), 0, "the repeated call is not run again");
    let (outcome, turns, _) = finished(&sim.events);
    assert_eq!(outcome, Outcome::Escalated { message: EN.handover.into() });
    assert_eq!(turns, 3);
    assert_eq!(last(&sim.events).layer(), None, "a polite handover is not a failure");
}

#[test]
fn a_corrected_call_is_not_a_repeat() {
    // Broken JSON then the same call done right: the arguments differ, so no handover.
    let sim = simulate(&RunConfig::default(), plan(2, Fault::BadJson, 1));
    assert!(guard_events(&sim.events).is_empty());
    assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })));
}

#[test]
fn max_turns_gives_up_after_exactly_that_many_turns() {
    let mut config = stubborn();
    config.guards.stop_on_repeat = false;
    config.guards.max_errors_in_a_row = 0;
    config.guards.max_turns = 7;
    let sim = simulate(&config, FaultPlan::default());
    assert_eq!(count(&sim.events, "turn-started"), 7);
    assert_eq!(count(&sim.events, "model-called"), 7);
    assert_eq!(count(&sim.events, "tool-failed"), 6);
    assert_eq!(guard_events(&sim.events), [(7, Guard::MaxTurns, Layer::Code)]);
    assert_eq!(kinds(&sim.events[sim.events.len() - 3..]), ["tool-failed", "guard-tripped", "finished"]);
    let (outcome, turns, _) = finished(&sim.events);
    assert_eq!(outcome, Outcome::GaveUp { guard: Guard::MaxTurns });
    assert_eq!(turns, 7);
    assert!(sim.events.iter().all(|e| !matches!(e, Event::TurnStarted { max_turns, .. } if *max_turns != 7)));
}

#[test]
fn a_helpful_model_answers_on_the_last_allowed_turn() {
    let mut config = RunConfig::default();
    config.guards.max_turns = 5;
    assert!(matches!(simulate(&config, FaultPlan::default()).outcome, Some(Outcome::Answered { .. })));
    config.guards.max_turns = 4;
    assert_eq!(simulate(&config, FaultPlan::default()).outcome, Some(Outcome::GaveUp { guard: Guard::MaxTurns }));
}

#[test]
fn the_watchdog_cuts_a_hung_call_and_layer_1_retries_it() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::Hang, 1));
    assert_eq!(
        turn_kinds(&sim.events, 2),
        [
            "turn-started",
            "model-called",
            "guard-tripped",
            "model-call-failed",
            "retry-scheduled",
            "model-called",
            "model-replied",
            "tool-started",
            "tool-failed"
        ]
    );
    assert_eq!(guard_events(&sim.events), [(2, Guard::Watchdog, Layer::Code)]);
    assert!(sim.events.iter().any(|e| matches!(
        e,
        Event::ModelCallFailed { turn: 2, attempt: 1, failure: CallFailure::Timeout, layer: Layer::Code, .. }
    )));
    let (outcome, turns, elapsed_ms) = finished(&sim.events);
    assert!(matches!(outcome, Outcome::Answered { .. }));
    assert_eq!(turns, 5);
    assert_eq!(elapsed_ms, 5000 + waits(&sim.events)[0], "the watchdog's 5 s plus the backoff");
}

#[test]
fn a_call_that_hangs_on_every_attempt_fails_with_retries_exhausted() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::Hang, 3));
    assert_eq!(count(&sim.events, "guard-tripped"), 3);
    assert_eq!(count_in_turn(&sim.events, 2, "model-called"), 3);
    assert_eq!(
        sim.outcome,
        Some(Outcome::Failed { reason: FailReason::RetriesExhausted { attempts: 3, last: CallFailure::Timeout } })
    );
    assert!(matches!(
        sim.events[sim.events.len() - 2],
        Event::ModelCallFailed { attempt: 3, failure: CallFailure::Timeout, layer: Layer::Nobody, .. }
    ));
    assert_eq!(finished(&sim.events).2, 3 * 5000 + waits(&sim.events).iter().sum::<u64>());
}

#[test]
fn a_hang_with_the_watchdog_off_waits_forever() {
    let mut config = RunConfig::default();
    config.guards.watchdog_ms = 0;
    let sim = simulate(&config, plan(2, Fault::Hang, 1));
    assert_eq!(sim.outcome, None);
    assert_eq!(count(&sim.events, "finished"), 0);
    assert!(matches!(last(&sim.events), Event::ModelCalled { turn: 2, attempt: 1, .. }));
    // With the watchdog off and no hang, the run is unaffected.
    assert!(matches!(simulate(&config, FaultPlan::default()).outcome, Some(Outcome::Answered { .. })));
}

#[test]
fn a_harness_bug_fails_the_run_in_layer_3() {
    let sim = simulate(&RunConfig::default(), plan(2, Fault::HarnessBug, 1));
    assert_eq!(turn_kinds(&sim.events, 2), ["turn-started", "model-called", "model-replied", "tool-started"]);
    let (outcome, turns, _) = finished(&sim.events);
    match &outcome {
        Outcome::Failed { reason: FailReason::HarnessBug { tool } } => assert_eq!(tool, "use"),
        other => panic!("expected a harness bug, got {other:?}"),
    }
    assert_eq!(turns, 2);
    assert_eq!(last(&sim.events).layer(), Some(Layer::Nobody));
    assert_eq!(count(&sim.events, "tool-failed") + count(&sim.events, "tool-succeeded"), 1, "turn 2's result was lost");
}

#[test]
fn a_harness_bug_on_a_turn_without_tools_changes_nothing() {
    let clean = simulate(&RunConfig::default(), FaultPlan::default());
    assert_eq!(simulate(&RunConfig::default(), plan(5, Fault::HarnessBug, 1)).events, clean.events);
}

/// A harness over chaos on `clock`, with a Stop button.
fn stoppable<'a>(
    chaos: &'a rusty_lock_engine::run::chaos::Chaos<rusty_lock_engine::run::builtin::BuiltinModel>,
    clock: &'a VirtualClock,
    config: &'a RunConfig,
    cancel: &CancelToken,
) -> Harness<'a> {
    Harness(Inputs { provider: chaos, clock, config, tools: &Tools, cancel: cancel.clone() })
}

#[test]
fn stop_during_a_backoff_cancels_the_run_before_the_next_attempt() {
    let config = RunConfig::default();
    let clock = VirtualClock::new();
    let plan = Rc::new(RefCell::new(plan(2, Fault::Http503, 2)));
    let chaos = chaos_builtin(&config, &plan, &clock);
    let cancel = CancelToken::new();
    let harness = stoppable(&chaos, &clock, &config, &cancel);
    let mut observer =
        StopWhen { events: Vec::new(), cancel: cancel.clone(), when: |e: &Event| e.kind() == "retry-scheduled" };
    let outcome = block_on_virtual(&clock, harness.run(&mut observer));

    assert_eq!(outcome, Some(Outcome::Cancelled));
    let events = observer.events;
    assert_eq!(turn_kinds(&events, 2), ["turn-started", "model-called", "model-call-failed", "retry-scheduled"]);
    let retry = events.iter().position(|e| e.kind() == "retry-scheduled").unwrap();
    assert!(events[retry + 1..].iter().all(|e| e.kind() != "model-called"), "no attempt after Stop");
    assert_eq!(kinds(&events[retry + 1..]), ["finished"]);
    let (outcome, turns, elapsed_ms) = finished(&events);
    assert_eq!((outcome, turns, elapsed_ms), (Outcome::Cancelled, 2, 0), "the backoff was not waited out");
    assert_eq!(last(&events).layer(), Some(Layer::Nobody));
    assert_eq!(clock.now_ms(), 0);
}

#[test]
fn stop_in_the_middle_of_a_backoff_cuts_the_wait_short() {
    let mut config = RunConfig::default();
    config.retry.jitter = false; // the wait is exactly 500 ms
    let clock = VirtualClock::new();
    let plan = Rc::new(RefCell::new(plan(2, Fault::Http503, 1)));
    let chaos = chaos_builtin(&config, &plan, &clock);
    let cancel = CancelToken::new();
    let harness = stoppable(&chaos, &clock, &config, &cancel);
    let mut events: Vec<Event> = Vec::new();
    let stop_at_100 = async {
        clock.sleep(100).await;
        cancel.cancel();
    };
    let (outcome, ()) = block_on_virtual(&clock, join(harness.run(&mut events), stop_at_100)).unwrap();

    assert_eq!(outcome, Outcome::Cancelled);
    assert_eq!(waits(&events), [500]);
    let retry = events.iter().position(|e| e.kind() == "retry-scheduled").unwrap();
    assert_eq!(kinds(&events[retry + 1..]), ["finished"]);
    assert_eq!(finished(&events).2, 100, "Stop ended the 500 ms wait at 100 ms");
    assert_eq!(clock.now_ms(), 100);
}

#[test]
fn stop_during_a_hung_call_cancels_before_the_watchdog_fires() {
    let config = RunConfig::default();
    let clock = VirtualClock::new();
    let plan = Rc::new(RefCell::new(plan(2, Fault::Hang, 1)));
    let chaos = chaos_builtin(&config, &plan, &clock);
    let cancel = CancelToken::new();
    let harness = stoppable(&chaos, &clock, &config, &cancel);
    let mut events: Vec<Event> = Vec::new();
    let stop_at_1000 = async {
        clock.sleep(1000).await;
        cancel.cancel();
    };
    let run = async {
        let outcome = harness.run(&mut events).await;
        (outcome, events)
    };
    let ((outcome, events), ()) = block_on_virtual(&clock, join(run, stop_at_1000)).unwrap();

    assert_eq!(outcome, Outcome::Cancelled);
    assert_eq!(turn_kinds(&events, 2), ["turn-started", "model-called"], "the call was in flight when Stop came");
    assert!(matches!(events[events.len() - 2], Event::ModelCalled { turn: 2, attempt: 1, .. }));
    assert_eq!(count(&events, "guard-tripped"), 0, "the watchdog never fired");
    assert_eq!(finished(&events).2, 1000);
    assert!(clock.now_ms() < config.guards.watchdog_ms);
}

#[test]
fn stop_when_a_hung_call_starts_cancels_the_run() {
    let config = RunConfig::default();
    let clock = VirtualClock::new();
    let plan = Rc::new(RefCell::new(plan(2, Fault::Hang, 1)));
    let chaos = chaos_builtin(&config, &plan, &clock);
    let cancel = CancelToken::new();
    let harness = stoppable(&chaos, &clock, &config, &cancel);
    let mut observer = StopWhen {
        events: Vec::new(),
        cancel: cancel.clone(),
        when: |e: &Event| matches!(e, Event::ModelCalled { turn: 2, .. }),
    };
    let outcome = block_on_virtual(&clock, harness.run(&mut observer));
    assert_eq!(outcome, Some(Outcome::Cancelled));
    assert_eq!(kinds(&observer.events[observer.events.len() - 2..]), ["model-called", "finished"]);
    assert_eq!(clock.now_ms(), 0, "virtual time never advanced towards the watchdog");
    assert_eq!(finished(&observer.events).2, 0);
}

#[test]
fn stop_rescues_a_hang_that_has_no_watchdog() {
    let mut config = RunConfig::default();
    config.guards.watchdog_ms = 0;
    let clock = VirtualClock::new();
    let plan = Rc::new(RefCell::new(plan(1, Fault::Hang, 1)));
    let chaos = chaos_builtin(&config, &plan, &clock);
    let cancel = CancelToken::new();
    let harness = stoppable(&chaos, &clock, &config, &cancel);
    let mut events: Vec<Event> = Vec::new();
    let stop = async {
        clock.sleep(60_000).await;
        cancel.cancel();
    };
    let (outcome, ()) = block_on_virtual(&clock, join(harness.run(&mut events), stop)).unwrap();
    assert_eq!(outcome, Outcome::Cancelled);
    assert_eq!(finished(&events), (Outcome::Cancelled, 1, 60_000));
}

#[test]
fn stop_before_the_run_starts_still_reports_how_it_ended() {
    let config = RunConfig::default();
    let clock = VirtualClock::new();
    let plan = Rc::new(RefCell::new(FaultPlan::default()));
    let chaos = chaos_builtin(&config, &plan, &clock);
    let cancel = CancelToken::new();
    cancel.cancel();
    let harness = stoppable(&chaos, &clock, &config, &cancel);
    let mut events = Vec::new();
    let outcome = block_on_virtual(&clock, harness.run(&mut events));
    assert_eq!(outcome, Some(Outcome::Cancelled));
    assert_eq!(kinds(&events), ["finished"]);
    assert_eq!(finished(&events), (Outcome::Cancelled, 0, 0));
}

#[test]
fn a_fault_plan_edited_mid_run_lands_on_the_next_matching_call() {
    // The page shares the plan with the running loop: flipping a toggle mid-run must bite.
    let config = RunConfig::default();
    let clock = VirtualClock::new();
    let plan = Rc::new(RefCell::new(FaultPlan::default()));
    let chaos = chaos_builtin(&config, &plan, &clock);
    let harness = stoppable(&chaos, &clock, &config, &CancelToken::new());
    struct AddFault {
        events: Vec<Event>,
        plan: Rc<RefCell<FaultPlan>>,
    }
    impl rusty_lock_engine::run::harness::Observer for AddFault {
        fn on_event(&mut self, event: &Event) -> futures::future::LocalBoxFuture<'static, ()> {
            if matches!(event, Event::TurnStarted { turn: 3, .. }) {
                *self.plan.borrow_mut() = FaultPlan::single(3, Fault::Unauthorized, 1);
            }
            self.events.push(event.clone());
            Box::pin(std::future::ready(()))
        }
    }
    let mut observer = AddFault { events: Vec::new(), plan };
    let outcome = block_on_virtual(&clock, harness.run(&mut observer));
    assert_eq!(
        outcome,
        Some(Outcome::Failed { reason: FailReason::Fatal { failure: CallFailure::Http { status: 401 } } })
    );
    assert_eq!(finished(&observer.events).1, 3);
}

#[test]
fn a_final_failure_says_why_it_was_final() {
    use rusty_lock_engine::run::events::{Event, FinalBecause};
    let finals = |events: &[Event]| -> Vec<Option<FinalBecause>> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::ModelCallFailed { final_because, .. } => Some(*final_because),
                _ => None,
            })
            .collect()
    };
    let because = |query: &str| {
        let (s, _) = rusty_lock_engine::show::scenario::decode(query);
        finals(&rusty_lock_engine::run::sim::simulate(&s.config, s.faults.clone()).events)
    };
    // A 401 cannot pass, so it is final on its first attempt.
    assert_eq!(because("faults=t2:401"), [Some(FinalBecause::CannotPass)]);
    // Three 503s: two retried, the third final because the attempts ran out.
    assert_eq!(because("faults=t2:503x3"), [None, None, Some(FinalBecause::AttemptsUsedUp)]);
    // With one attempt only, a 503 that would have passed is final for the same reason.
    assert_eq!(because("faults=t2:503&attempts=1"), [Some(FinalBecause::AttemptsUsedUp)]);
    // A 403 or a 422, which no fault names and the page used to misread, come from the loop too.
    for status in [403, 422] {
        let provider = Scripted::new(vec![Err(rusty_lock_engine::run::provider::ProviderError::http(status))]);
        let run = drive(
            &provider,
            &rusty_lock_engine::run::config::RunConfig::default(),
            rusty_lock_engine::run::chaos::FaultPlan::default(),
        );
        assert_eq!(finals(&run.events), [Some(FinalBecause::CannotPass)], "HTTP {status}");
    }
}
