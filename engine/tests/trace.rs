//! Trace export and import: a saved run comes back exactly, and wrong, foreign or damaged files
//! are refused with a clear reason.

use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::show::scenario::{decode, Scenario};
use rusty_lock_engine::show::trace::{export, import, Damage, TraceError, MAX_TRACE_BYTES};

fn recorded() -> (Scenario, String) {
    let (s, _) = decode("v=1&faults=t2:503,t3:badjson&seed=3");
    let sim = simulate(&s.config, s.faults.clone());
    let json = export(&s, &sim.events, &["sk-canary-secret"]);
    (s, json)
}

#[test]
fn an_exported_trace_imports_to_the_same_scenario_and_events() {
    let (s, json) = recorded();
    let (trace, scenario, notices) = import(&json).expect("a fresh export imports");
    assert_eq!(scenario, s);
    assert!(notices.is_empty());
    assert_eq!(trace.events, simulate(&s.config, s.faults.clone()).events);
}

#[test]
fn secrets_are_redacted_from_an_export() {
    let (s, _) = decode("v=1");
    let mut sim = simulate(&s.config, s.faults.clone());
    // Even if a secret somehow reached an event, the export does not carry it.
    if let rusty_lock_engine::run::events::Event::RunStarted { task, .. } = &mut sim.events[0] {
        task.push_str(" sk-canary-secret");
    }
    let json = export(&s, &sim.events, &["sk-canary-secret"]);
    assert!(!json.contains("sk-canary-secret"));
    assert!(json.contains("[redacted]"));
}

#[test]
fn wrong_foreign_and_damaged_files_are_refused_with_a_reason() {
    let (_, json) = recorded();
    assert_eq!(import("hello").unwrap_err(), TraceError::NotJson);
    assert_eq!(import(r#"{"name":"package.json"}"#).unwrap_err(), TraceError::Foreign);
    let newer = json.replacen("\"version\": 1", "\"version\": 7", 1);
    assert_eq!(import(&newer).unwrap_err(), TraceError::Newer { version: 7 });
    let cut = &json[..json.len() / 2];
    assert_eq!(import(cut).unwrap_err(), TraceError::NotJson);
    let no_end = json.replace("\"type\": \"finished\"", "\"type\": \"turn-started\"");
    assert!(matches!(import(&no_end).unwrap_err(), TraceError::Damaged { .. }));
    let two_runs = json.replacen(
        "\"type\": \"model-called\"",
        "\"type\": \"finished\", \"outcome\": {\"type\": \"cancelled\"}, \"turns\": 1, \"elapsed_ms\": 0, \"x\": 0",
        1,
    );
    assert_eq!(import(&two_runs).unwrap_err(), TraceError::Damaged { why: Damage::SeveralRuns });
    let bad_event = json.replacen("\"type\": \"model-called\"", "\"type\": \"teleported\"", 1);
    let err = import(&bad_event).unwrap_err();
    assert!(
        matches!(&err, TraceError::Damaged { why: Damage::BadEntry { detail } } if detail.contains("teleported")),
        "{err:?}"
    );
    let huge = " ".repeat(MAX_TRACE_BYTES + 1);
    assert!(matches!(import(&huge).unwrap_err(), TraceError::TooLarge { .. }));
}

#[test]
fn a_damaged_scenario_inside_a_trace_still_replays_with_notices() {
    let (_, json) = recorded();
    let damaged = json.replacen("\"scenario\": \"v=1", "\"scenario\": \"v=1&bogus=1", 1);
    let (_, _, notices) = import(&damaged).expect("the events are intact");
    assert_eq!(notices.len(), 1);
}

#[test]
fn a_trace_whose_task_is_a_megabyte_is_refused_saying_so() {
    let (s, _) = decode("v=1");
    let mut sim = simulate(&s.config, s.faults.clone());
    if let rusty_lock_engine::run::events::Event::RunStarted { task, .. } = &mut sim.events[0] {
        *task = "x".repeat(1_000_000);
    }
    let json = export(&s, &sim.events, &[]);
    match import(&json).unwrap_err() {
        TraceError::Damaged { why } => assert_eq!(why, Damage::TaskTooLong { chars: 1_000_000, max: 2_000 }),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_trace_near_the_size_limit_with_long_outputs_and_many_events_imports() {
    // A 1,000-turn run, with one tool output stretched to a megabyte without a break: heavy, but
    // within the limits, so it must be read, not refused.
    let (s, _) = decode("v=1&model=stubborn&repeat=off&errors=0&turns=1000");
    let mut sim = simulate(&s.config, s.faults.clone());
    let output = sim.events.iter_mut().find_map(|e| match e {
        rusty_lock_engine::run::events::Event::ToolFailed { output, .. } => Some(output),
        _ => None,
    });
    *output.expect("the stubborn model fails its tools") = "y".repeat(1_000_000);
    let json = export(&s, &sim.events, &[]);
    assert!(json.len() > 2_000_000 && json.len() <= MAX_TRACE_BYTES, "{} bytes", json.len());
    let (trace, _, _) = import(&json).expect("within the limits");
    assert_eq!(trace.events.len(), sim.events.len());
}

#[test]
fn a_trace_saved_when_guard_details_were_sentences_still_opens() {
    let (s, _) = decode("v=1&model=stubborn");
    let sim = simulate(&s.config, s.faults.clone());
    let json = export(&s, &sim.events, &[]);
    let typed = r#""detail": {
        "type": "same-calls""#;
    assert!(json.contains(typed), "the repeat guard's detail is data now");
    // What a trace from before looked like: the detail as a sentence.
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    for event in value["events"].as_array_mut().unwrap() {
        if event["type"] == "guard-tripped" {
            event["detail"] = "use(...) asked for exactly the same call as the turn before".into();
        }
    }
    let (trace, _, _) = import(&value.to_string()).expect("an older trace still opens");
    let recorded = trace.events.iter().any(|e| {
        matches!(e, rusty_lock_engine::run::events::Event::GuardTripped { detail: rusty_lock_engine::run::events::GuardDetail::Recorded { text }, .. } if text.starts_with("use(...)"))
    });
    assert!(recorded);
}

#[test]
fn a_trace_saved_when_body_problems_were_sentences_still_opens() {
    let (s, _) = decode("v=1&faults=t2:401");
    let sim = simulate(&s.config, s.faults.clone());
    let json = export(&s, &sim.events, &[]);
    let open_with = |reason: serde_json::Value| {
        let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
        for event in value["events"].as_array_mut().unwrap() {
            if event["type"] == "model-call-failed" {
                event["failure"] = serde_json::json!({ "type": "bad-body", "reason": reason });
            }
        }
        let (trace, _, _) = import(&value.to_string()).expect("the trace opens");
        trace.events.into_iter().find_map(|e| match e {
            rusty_lock_engine::run::events::Event::ModelCallFailed {
                failure: rusty_lock_engine::run::provider::CallFailure::BadBody { reason },
                ..
            } => Some(reason),
            _ => None,
        })
    };
    use rusty_lock_engine::run::provider::BodyProblem;
    assert_eq!(open_with(serde_json::json!({ "kind": "html" })), Some(BodyProblem::Html));
    let old = "the server answered with an HTML page, not a completion";
    assert_eq!(open_with(old.into()), Some(BodyProblem::Recorded { text: old.into() }));
}
