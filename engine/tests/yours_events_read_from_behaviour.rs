//! What the page observes of a learner's loop becomes the playground's own events: a request is
//! a model call, the virtual time to the next request of the same turn is the retry's wait (read
//! as the server's ask when it honoured it), a hang the code aborted is a watchdog's timeout, a
//! tool error goes to the model when the next history carries it. The existing verdict, board,
//! scene and history read those events without panicking, and agree with the harness's own.

mod yours_loops;

use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, FailReason, Guard, Layer, Outcome};
use rusty_lock_engine::run::provider::{CallFailure, WaitReason};
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::show::scene::{anchor_of, beat_of, hero_spot};
use rusty_lock_engine::show::verdict::{judge, slug};
use rusty_lock_engine::show::view::{history, RunView};
use rusty_lock_engine::yours::card::CaseId;
use rusty_lock_engine::yours::observe::{events_of, Observed};
use rusty_lock_engine::yours::sim::run_harness;
use yours_loops::*;

fn events(observed: &[Observed]) -> Vec<Event> {
    events_of(observed, Lang::En, script(Lang::En).task)
}

/// Every reader of events in `show/` takes these without panicking.
fn shown(events: &[Event]) {
    let config = RunConfig::default();
    let _ = judge(&config, events);
    let _ = RunView::from_events(events);
    let _ = history(events);
    let mut room = rusty_lock_engine::run::world::Room::default();
    for e in events {
        let _ = anchor_of(e);
        let _ = beat_of(Some(e));
        let _ = hero_spot(Some(e), room);
        if let Event::ToolSucceeded { room: r, .. } | Event::ToolFailed { room: r, .. } = e {
            room = *r;
        }
    }
}

#[test]
fn every_loop_on_every_case_reads_as_events_the_show_can_draw() {
    for case in CaseId::ALL {
        for observed in [
            play(case, Lang::En, textbook),
            play(case, Lang::En, robust),
            play(case, Lang::En, naive),
            run_harness(&RunConfig { personality: case.personality(), ..RunConfig::default() }, case.plan()).0,
        ] {
            let events = events(&observed);
            assert!(matches!(events.first(), Some(Event::RunStarted { .. })));
            assert!(matches!(events.last(), Some(Event::Finished { .. })), "{case:?}: {events:#?}");
            shown(&events);
        }
    }
}

#[test]
fn the_harness_seen_from_outside_tells_the_same_run_as_its_own_events() {
    for case in CaseId::ALL {
        let config = RunConfig { personality: case.personality(), ..RunConfig::default() };
        let own = simulate(&config, case.plan()).events;
        let seen = events(&run_harness(&config, case.plan()).0);
        let kinds = |evs: &[Event], kind: &str| evs.iter().filter(|e| e.kind() == kind).count();
        for kind in [
            "model-called",
            "model-call-failed",
            "retry-scheduled",
            "model-replied",
            "tool-started",
            "tool-succeeded",
            "tool-failed",
            "quirk-tolerated",
        ] {
            assert_eq!(kinds(&seen, kind), kinds(&own, kind), "{case:?} {kind}");
        }
        // The harness's own guard and end are its own words; the failures' layers agree.
        let failures = |evs: &[Event]| {
            evs.iter()
                .filter(|e| matches!(e, Event::ModelCallFailed { .. } | Event::ToolFailed { .. }))
                .filter_map(Event::layer)
                .collect::<Vec<_>>()
        };
        assert_eq!(failures(&seen), failures(&own), "{case:?}");
    }
}

#[test]
fn a_429_retried_as_asked_reads_as_an_honoured_retry_after_and_a_short_one_as_ignored() {
    let robust_events = events(&play(CaseId::RateLimited, Lang::En, robust));
    let wait = robust_events.iter().find_map(|e| match e {
        Event::RetryScheduled { wait_ms, reason, .. } => Some((*wait_ms, *reason)),
        _ => None,
    });
    assert_eq!(wait, Some((2000, WaitReason::RetryAfter)));
    let findings = judge(&RunConfig::default(), &robust_events);
    assert!(findings.iter().any(|f| f.slug == slug::HONOURED_RETRY_AFTER), "{findings:#?}");

    let textbook_events = events(&play(CaseId::RateLimited, Lang::En, textbook));
    let failed = textbook_events.iter().find(|e| e.kind() == "model-call-failed").unwrap();
    assert!(matches!(
        failed,
        Event::ModelCallFailed {
            failure: CallFailure::Http { status: 429 },
            layer: Layer::Code,
            retry_after_ms: Some(2000),
            ..
        }
    ));
    let findings = judge(&RunConfig::default(), &textbook_events);
    assert!(findings.iter().any(|f| f.slug == slug::IGNORED_RETRY_AFTER), "{findings:#?}");
}

#[test]
fn an_aborted_hang_is_the_watchdogs_timeout_and_an_unaborted_one_waits_forever() {
    let robust_events = events(&play(CaseId::Hang, Lang::En, robust));
    assert!(robust_events.iter().any(|e| matches!(e, Event::GuardTripped { guard: Guard::Watchdog, .. })));
    assert!(robust_events
        .iter()
        .any(|e| matches!(e, Event::ModelCallFailed { failure: CallFailure::Timeout, layer: Layer::Code, .. })));
    let textbook_events = events(&play(CaseId::Hang, Lang::En, textbook));
    assert!(matches!(
        textbook_events.last(),
        Some(Event::Finished { outcome: Outcome::Failed { reason: FailReason::Stalled }, .. })
    ));
    // The last call is still open: no failure, no reply.
    let tail: Vec<&str> = textbook_events.iter().rev().take(2).map(Event::kind).collect();
    assert_eq!(tail, ["finished", "model-called"]);
}

#[test]
fn a_tool_error_is_the_models_when_the_next_history_carries_it_and_nobodys_when_the_run_ends() {
    let textbook_events = events(&play(CaseId::Plain, Lang::En, textbook));
    let stuck = textbook_events.iter().find(|e| e.kind() == "tool-failed").unwrap();
    assert!(matches!(stuck, Event::ToolFailed { layer: Layer::Model, output, .. } if output.starts_with("Error: ")));
    let naive_events = events(&play(CaseId::Plain, Lang::En, naive));
    let thrown = naive_events.iter().find(|e| e.kind() == "tool-failed").unwrap();
    assert!(matches!(thrown, Event::ToolFailed { layer: Layer::Nobody, .. }));
    assert!(matches!(
        naive_events.last(),
        Some(Event::Finished { outcome: Outcome::Failed { reason: FailReason::Threw { .. } }, .. })
    ));
}

#[test]
fn a_call_the_code_answered_without_running_is_a_tool_failure_the_model_read() {
    // The reference text's loop answers an unknown tool itself, without calling anything.
    let evs = events(&play(CaseId::UnknownTool, Lang::En, textbook));
    let unknown = evs
        .iter()
        .find(|e| {
            matches!(e, Event::ToolFailed { kind: rusty_lock_engine::run::tools::ToolErrorKind::UnknownTool, .. })
        })
        .expect("the unknown tool is on the board");
    assert!(
        matches!(unknown, Event::ToolFailed { layer: Layer::Model, output, .. } if output.starts_with("Unknown tool"))
    );
}

#[test]
fn calls_run_under_a_stop_are_a_tolerated_quirk() {
    let evs = events(&play(CaseId::StopWithCalls, Lang::En, robust));
    assert_eq!(evs.iter().filter(|e| e.kind() == "quirk-tolerated").count(), 1);
    let evs = events(&play(CaseId::StopWithCalls, Lang::En, textbook));
    assert_eq!(evs.iter().filter(|e| e.kind() == "quirk-tolerated").count(), 0);
}

#[test]
fn the_observed_run_round_trips_through_json() {
    let observed = play(CaseId::Hang, Lang::En, robust);
    let text = serde_json::to_string(&observed).unwrap();
    let back: Vec<Observed> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, observed);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value[0]["kind"], "request");
    assert!(value[0]["tMs"].is_u64());
    assert!(value.as_array().unwrap().iter().any(|o| o["kind"] == "aborted"));
}
