//! Layer 2, the model: every broken tool call becomes a short "Error: ..." tool result that
//! goes back into the history, the model reads it, and the run still ends with an answer.

mod common;

use common::*;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, Layer, Outcome};
use rusty_lock_engine::run::rng::SeededRng;
use rusty_lock_engine::run::script::EN;
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::run::tools::{self, run_tool, tool_specs, ToolErrorKind, ERROR_PREFIX};
use rusty_lock_engine::run::wire::ToolCall;
use rusty_lock_engine::run::world::{Room, TOOL_NAMES};

/// The examples the error sentences may quote: the only braces allowed in a tool error.
const EXAMPLES: [&str; 2] = [r#"{"target": "door"}"#, r#"{"item": "key", "target": "door"}"#];

/// An error the model can read: the prefix, one short line, no dump of internals.
fn assert_readable_error(output: &str) {
    assert!(output.starts_with(ERROR_PREFIX), "no error prefix: {output}");
    assert!(output.len() <= 160, "too long for one short sentence ({}): {output}", output.len());
    assert!(!output.contains('\n'), "more than one line: {output}");
    assert!(output.ends_with('.'), "not a finished sentence: {output}");
    let mut stripped = output.to_string();
    for example in EXAMPLES {
        stripped = stripped.replace(example, "");
    }
    assert!(!stripped.contains('{') && !stripped.contains('}'), "a brace outside an example: {output}");
    for internal in ["line ", "column", "EOF", "serde", "Error(", "panicked", "unwrap", "Some(", "None"] {
        assert!(!output.contains(internal), "leaks internals ({internal}): {output}");
    }
    // At most two sentences: what went wrong, and what to do.
    let sentences = stripped.trim_start_matches(ERROR_PREFIX).matches(". ").count() + 1;
    assert!(sentences <= 2, "{sentences} sentences: {output}");
}

/// The tool-failed events of a run as `(turn, name, kind, output, layer)`.
fn tool_failures(events: &[Event]) -> Vec<(u32, String, ToolErrorKind, String, Layer)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ToolFailed { turn, name, kind, output, layer, .. } => {
                Some((*turn, name.clone(), *kind, output.clone(), *layer))
            }
            _ => None,
        })
        .collect()
}

fn call(name: &str, args: &str) -> ToolCall {
    ToolCall::new("call_t", name, args)
}

#[test]
fn the_default_run_answers_in_five_turns_after_one_rusted_lock() {
    let sim = simulate(&RunConfig::default(), FaultPlan::default());
    let turn = ["turn-started", "model-called", "model-replied", "tool-started"];
    let mut expected = vec!["run-started"];
    for result in ["tool-succeeded", "tool-failed", "tool-succeeded", "tool-succeeded"] {
        expected.extend(turn);
        expected.push(result);
    }
    expected.extend(["turn-started", "model-called", "model-replied", "finished"]);
    assert_eq!(kinds(&sim.events), expected);

    let failures = tool_failures(&sim.events);
    assert_eq!(failures.len(), 1, "exactly one tool error: the rusted lock");
    let (turn, name, kind, output, layer) = &failures[0];
    assert_eq!((*turn, name.as_str(), *kind, *layer), (2, "use", ToolErrorKind::ToolFailed, Layer::Model));
    assert!(output.contains("rusted"), "{output}");
    assert_readable_error(output);

    // After the error the model oils the lock, then tries the key: it read the error.
    let calls = tool_calls(&sim.events);
    assert_eq!(
        calls,
        [
            ("look_at".to_string(), r#"{"target":"door"}"#.to_string()),
            ("use".into(), r#"{"item":"key","target":"door"}"#.into()),
            ("use".into(), r#"{"item":"oil_can","target":"lock"}"#.into()),
            ("use".into(), r#"{"item":"key","target":"door"}"#.into()),
        ]
    );
    let door_open = sim.events.iter().rev().find_map(|e| match e {
        Event::ToolSucceeded { room, .. } => Some(room.door_open),
        _ => None,
    });
    assert_eq!(door_open, Some(true));
    let (outcome, turns, elapsed_ms) = finished(&sim.events);
    assert!(matches!(&outcome, Outcome::Answered { text } if text.contains("door is open")));
    assert_eq!((turns, elapsed_ms), (5, 0));
    assert_eq!(sim.outcome, Some(outcome));
    assert_eq!(count(&sim.events, "model-call-failed") + count(&sim.events, "retry-scheduled"), 0);
}

/// Runs one model fault on `turn`, checks the failure it produces, and returns the run.
fn model_fault(turn: u32, fault: Fault, kind: ToolErrorKind, name: &str) -> rusty_lock_engine::run::sim::Simulation {
    let sim = simulate(&RunConfig::default(), plan(turn, fault, 1));
    let failures = tool_failures(&sim.events);
    let (t, n, k, output, layer) = failures.first().unwrap_or_else(|| panic!("{fault:?}: no tool failure"));
    assert_eq!((*t, n.as_str(), *k, *layer), (turn, name, kind, Layer::Model), "{fault:?}");
    assert_readable_error(output);
    // The error text went back to the model as that call's result: the next turn's history is
    // two messages longer (the assistant's call and the tool's error).
    let sizes: Vec<usize> = sim
        .events
        .iter()
        .filter_map(|e| match e {
            Event::TurnStarted { messages, .. } => Some(*messages),
            _ => None,
        })
        .collect();
    assert_eq!(sizes[turn as usize] - sizes[turn as usize - 1], 2, "{fault:?}");
    assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })), "{fault:?}: {:?}", sim.outcome);
    assert_eq!(finished(&sim.events).1, 6, "{fault:?}: one extra turn to fix the call");
    sim
}

fn reply_after(sim: &rusty_lock_engine::run::sim::Simulation, turn: u32) -> (Option<String>, Vec<String>) {
    let r = replies(&sim.events).into_iter().find(|(t, _, _)| *t == turn + 1).unwrap();
    (r.1, r.2)
}

#[test]
fn an_unknown_tool_goes_back_to_the_model_which_calls_a_real_one() {
    let sim = model_fault(2, Fault::UnknownTool, ToolErrorKind::UnknownTool, "open_door");
    let output = &tool_failures(&sim.events)[0].3;
    assert!(output.contains("no tool called open_door") && output.contains("look_at and use"), "{output}");
    let (content, calls) = reply_after(&sim, 2);
    assert_eq!(content.as_deref(), Some("That tool does not exist. I'll call use instead."));
    assert_eq!(calls, [r#"use{"item":"key","target":"door"}"#]);
    model_fault(1, Fault::UnknownTool, ToolErrorKind::UnknownTool, "inspect");
}

#[test]
fn broken_json_arguments_go_back_to_the_model_which_resends_them_whole() {
    let sim = model_fault(2, Fault::BadJson, ToolErrorKind::BadJson, "use");
    let output = &tool_failures(&sim.events)[0].3;
    assert!(output.contains("not valid JSON"), "{output}");
    let (content, calls) = reply_after(&sim, 2);
    assert_eq!(content.as_deref(), Some("My arguments were wrong. Calling use again, corrected."));
    assert_eq!(calls, [r#"use{"item":"key","target":"door"}"#]);
    model_fault(1, Fault::BadJson, ToolErrorKind::BadJson, "look_at");
}

#[test]
fn a_value_outside_the_enum_is_schema_invalid_and_names_the_allowed_values() {
    let sim = model_fault(2, Fault::SchemaInvalid, ToolErrorKind::SchemaInvalid, "use");
    let output = &tool_failures(&sim.events)[0].3;
    assert!(output.contains("crowbar") && output.contains("key, oil_can"), "{output}");
    assert_eq!(reply_after(&sim, 2).1, [r#"use{"item":"key","target":"door"}"#]);
}

#[test]
fn a_wrong_type_is_schema_invalid_and_says_what_type_is_expected() {
    let sim = model_fault(1, Fault::SchemaInvalid, ToolErrorKind::SchemaInvalid, "look_at");
    let output = &tool_failures(&sim.events)[0].3;
    assert!(output.contains("must be a string"), "{output}");
    assert_eq!(reply_after(&sim, 1).1, [r#"look_at{"target":"door"}"#]);
}

#[test]
fn a_missing_argument_is_schema_invalid_and_names_the_field() {
    let sim = model_fault(2, Fault::MissingArg, ToolErrorKind::SchemaInvalid, "use");
    let output = &tool_failures(&sim.events)[0].3;
    assert!(output.contains("needs the field target"), "{output}");
    let sim = model_fault(1, Fault::MissingArg, ToolErrorKind::SchemaInvalid, "look_at");
    assert!(tool_failures(&sim.events)[0].3.contains("needs the field target"));
}

#[test]
fn a_tool_error_is_handled_by_the_model_not_the_code() {
    // The rusted lock: the tool ran and refused. No retry, no guard: the model reads it.
    let sim = simulate(&RunConfig::default(), FaultPlan::default());
    let i = sim.events.iter().position(|e| e.kind() == "tool-failed").unwrap();
    assert_eq!(sim.events[i].layer(), Some(Layer::Model));
    assert_eq!(kinds(&sim.events[i + 1..i + 4]), ["turn-started", "model-called", "model-replied"]);
    match &sim.events[i + 3] {
        Event::ModelReplied { content, .. } => {
            assert_eq!(content.as_deref(), Some("The lock is rusted. I'll oil it before trying the key again."))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_model_fault_on_every_turn_still_ends_answered() {
    for fault in [Fault::BadJson, Fault::UnknownTool, Fault::SchemaInvalid, Fault::MissingArg] {
        for turn in 1..=4 {
            let sim = simulate(&RunConfig::default(), plan(turn, fault, 1));
            assert!(
                matches!(sim.outcome, Some(Outcome::Answered { .. })),
                "{fault:?} on turn {turn}: {:?}",
                sim.outcome
            );
            for e in &sim.events {
                if let Event::ToolFailed { output, layer, .. } = e {
                    assert_eq!(*layer, Layer::Model);
                    assert_readable_error(output);
                }
            }
        }
    }
}

#[test]
fn a_model_fault_on_the_answer_turn_changes_nothing() {
    // Turn 5 calls no tool, so there is nothing to break.
    let clean = simulate(&RunConfig::default(), FaultPlan::default());
    let sim = simulate(&RunConfig::default(), plan(5, Fault::BadJson, 1));
    assert_eq!(sim.events, clean.events);
}

#[test]
fn an_unknown_tool_is_not_the_same_as_a_lookup_error_inside_a_tool() {
    let mut room = Room::default();
    let missing = run_tool(&mut room, &call("look_at", r#"{"target":"window"}"#), &EN);
    assert_eq!(missing.error, Some(ToolErrorKind::ToolFailed), "the tool exists; what it looked for does not");
    assert!(missing.output.contains("There is no window here"), "{}", missing.output);
    assert!(!missing.output.contains("no tool called"));
    assert_readable_error(&missing.output);

    let unknown = run_tool(&mut room, &call("look", r#"{"target":"door"}"#), &EN);
    assert_eq!(unknown.error, Some(ToolErrorKind::UnknownTool));
    assert!(unknown.output.contains("no tool called look"), "{}", unknown.output);
    assert_readable_error(&unknown.output);

    // An unknown tool is reported as such even when its arguments are broken too.
    let both = run_tool(&mut room, &call("open_door", "{{{"), &EN);
    assert_eq!(both.error, Some(ToolErrorKind::UnknownTool));
    assert_eq!(room, Room::default(), "nothing failing changed the room");
}

#[test]
fn run_tool_classifies_each_kind_of_bad_call() {
    let cases: [(&str, &str, ToolErrorKind); 13] = [
        ("look_at", r#"{"target":"door""#, ToolErrorKind::BadJson),
        // Empty arguments mean an empty object (some servers send "" for it): a missing field.
        ("look_at", "", ToolErrorKind::SchemaInvalid),
        ("use", "  ", ToolErrorKind::SchemaInvalid),
        ("use", "item=key", ToolErrorKind::BadJson),
        ("look_at", "[]", ToolErrorKind::SchemaInvalid),
        ("look_at", r#""door""#, ToolErrorKind::SchemaInvalid),
        ("look_at", "null", ToolErrorKind::SchemaInvalid),
        ("look_at", "{}", ToolErrorKind::SchemaInvalid),
        ("look_at", r#"{"target":"door","extra":"x"}"#, ToolErrorKind::SchemaInvalid),
        ("use", r#"{"item":"key","target":7}"#, ToolErrorKind::SchemaInvalid),
        ("use", r#"{"item":"sword","target":"door"}"#, ToolErrorKind::SchemaInvalid),
        ("use", r#"{"item":"key","target":"window"}"#, ToolErrorKind::ToolFailed),
        ("Look_At", r#"{"target":"door"}"#, ToolErrorKind::UnknownTool),
    ];
    for (name, args, kind) in cases {
        let mut room = Room::default();
        let out = run_tool(&mut room, &call(name, args), &EN);
        assert_eq!(out.error, Some(kind), "{name}({args}) -> {}", out.output);
        assert_readable_error(&out.output);
    }
}

#[test]
fn run_tool_succeeds_and_changes_the_room_only_on_good_calls() {
    let mut room = Room::default();
    let ok = run_tool(&mut room, &call("look_at", r#"{"target":"lock"}"#), &EN);
    assert_eq!(ok.error, None);
    assert!(ok.output.contains("rust"));
    assert!(!ok.output.starts_with(ERROR_PREFIX));
    assert_eq!(
        run_tool(&mut room, &call("use", r#"{"item":"key","target":"door"}"#), &EN).error,
        Some(ToolErrorKind::ToolFailed)
    );
    assert!(!room.door_open);
    assert_eq!(run_tool(&mut room, &call("use", r#"{"item":"oil_can","target":"lock"}"#), &EN).error, None);
    assert!(room.lock_oiled);
    let open = run_tool(&mut room, &call("use", r#"{"target":"door","item":"key"}"#), &EN);
    assert_eq!(open.error, None, "field order does not matter");
    assert!(room.door_open);
}

#[test]
fn run_tool_never_panics_on_garbage() {
    let mut rng = SeededRng::new(7);
    let alphabet: Vec<char> = r#"{}[]":,\ 0123456789abcdefghijklmnopqrstuvwxyz_-.étruenull"#.chars().collect();
    let pieces = [
        r#"{"target":"#,
        r#"{"item":"#,
        r#""key""#,
        r#""door""#,
        "}",
        ",",
        r#""target":"#,
        "[",
        "]",
        "1e999",
        "\\u0000",
    ];
    for i in 0..5_000 {
        let mut args = String::new();
        let len = (rng.next_u64() % 40) as usize;
        for _ in 0..len {
            if rng.next_u64().is_multiple_of(3) {
                args.push_str(pieces[(rng.next_u64() % pieces.len() as u64) as usize]);
            } else {
                args.push(alphabet[(rng.next_u64() % alphabet.len() as u64) as usize]);
            }
        }
        let name = ["look_at", "use", "", "look_at ", "ßuse"][i % 5];
        let mut room = Room::default();
        let out = run_tool(&mut room, &call(name, &args), &EN);
        if let Some(kind) = out.error {
            assert!(out.output.starts_with(ERROR_PREFIX), "{kind:?}: {}", out.output);
            assert!(!out.output.contains("line ") && !out.output.contains("column"), "{}", out.output);
        }
    }
}

#[test]
fn the_tool_list_sent_to_the_model_matches_the_tools_that_run() {
    let specs = tool_specs(&EN);
    let names: Vec<&str> = specs.iter().map(|s| s.function.name.as_str()).collect();
    assert_eq!(names, TOOL_NAMES);
    for spec in &specs {
        assert_eq!(spec.kind, "function");
        assert!(!spec.function.description.is_empty());
        assert_eq!(spec.function.parameters["type"], "object");
        assert_eq!(spec.function.parameters["additionalProperties"], false);
    }
    assert_eq!(specs[1].function.parameters["properties"]["item"]["enum"], serde_json::json!(["key", "oil_can"]));
    assert_eq!(tools::ERROR_PREFIX, "Error: ");
}

#[test]
fn tool_error_kinds_have_stable_names() {
    let slugs: Vec<&str> =
        [ToolErrorKind::UnknownTool, ToolErrorKind::BadJson, ToolErrorKind::SchemaInvalid, ToolErrorKind::ToolFailed]
            .iter()
            .map(|k| k.slug())
            .collect();
    assert_eq!(slugs, ["unknown-tool", "bad-json", "schema-invalid", "tool-failed"]);
    // On the wire (the events the page and the traces read) the rusted lock is "tool-failed".
    assert_eq!(serde_json::to_string(&ToolErrorKind::ToolFailed).unwrap(), r#""tool-failed""#);
    assert_eq!(serde_json::to_string(&ToolErrorKind::SchemaInvalid).unwrap(), r#""schema-invalid""#);
}
