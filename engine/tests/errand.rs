//! The built-in model with a loop's own tools (issue 51, item 3): its arguments fit the
//! schemas it is given (checked by a real JSON Schema validator, the `jsonschema` crate), its
//! errands end with an answer that quotes what they read in every language, it does not repeat
//! a failed call, its faults break a call the way each fault says, and no schema makes it panic.

mod holes;
use holes::holes;
use proptest::prelude::*;
use rusty_lock_engine::run::chaos::{Effect, Fault, Mangling};
use rusty_lock_engine::run::errand::{Errand, MAX_TURNS};
use rusty_lock_engine::run::script::{errand_words, Lang};
use rusty_lock_engine::run::wire::{FunctionSpec, Message, Role, ToolCall, ToolSpec};
use serde_json::{json, Value};

fn tool(name: &str, description: &str, parameters: Value) -> ToolSpec {
    ToolSpec {
        kind: "function".into(),
        function: FunctionSpec { name: name.into(), description: description.into(), parameters },
    }
}

fn valid(schema: &Value, instance: &Value) -> bool {
    match jsonschema::validator_for(schema) {
        Ok(v) => v.is_valid(instance),
        Err(e) => panic!("the test's own schema does not compile: {e}\n{schema}"),
    }
}

fn args_of(call: &ToolCall) -> Value {
    serde_json::from_str(&call.function.arguments).expect("the errand writes JSON arguments")
}

/// What a run of a loop left: every message, and how it ended.
struct Run {
    messages: Vec<Message>,
    /// The plain answer, or the text a finish tool was handed.
    answer: String,
    assistant_turns: usize,
}

/// A loop as a learner writes one: sends the tools, runs each call with `respond`, and stops
/// at a plain answer or, when `stop_at` names a tool, at that tool's call (its argument is the
/// answer).
fn run_loop(lang: Lang, tools: &[ToolSpec], stop_at: Option<&str>, respond: impl Fn(&ToolCall) -> String) -> Run {
    let errand = Errand::speaking(lang);
    let mut messages = vec![Message::system("You are a helpful agent."), Message::user("Do the errand.")];
    for _ in 0..(MAX_TURNS + 3) {
        let reply = errand.decide(tools, &messages);
        assert_eq!(reply.role, Role::Assistant);
        messages.push(reply.clone());
        let turns = messages.iter().filter(|m| m.role == Role::Assistant).count();
        if reply.calls().is_empty() {
            return Run { answer: reply.content.unwrap_or_default(), assistant_turns: turns, messages };
        }
        assert_eq!(reply.calls().len(), 1, "one call a turn");
        for call in reply.calls() {
            let spec = tools.iter().find(|t| t.function.name == call.function.name).expect("a declared tool");
            assert!(
                valid(&spec.function.parameters, &args_of(call)),
                "{} {}",
                call.function.name,
                call.function.arguments
            );
            if Some(call.function.name.as_str()) == stop_at {
                let args = args_of(call);
                let answer = args.as_object().into_iter().flat_map(|o| o.values()).filter_map(Value::as_str).collect();
                return Run { answer, assistant_turns: turns, messages };
            }
            messages.push(Message::tool_result(&call.id, respond(call)));
        }
    }
    panic!("the errand did not end within {} turns", MAX_TURNS + 3);
}

fn calls(run: &Run) -> Vec<(String, Value)> {
    run.messages.iter().flat_map(Message::calls).map(|c| (c.function.name.clone(), args_of(c))).collect()
}

fn calculator() -> Vec<ToolSpec> {
    vec![tool(
        "calculator",
        "Evaluate an arithmetic expression.",
        json!({"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]}),
    )]
}

fn files() -> Vec<ToolSpec> {
    vec![
        tool(
            "read_file",
            "Read a text file.",
            json!({"type": "object", "properties": {"path": {"type": "string", "description": "File path"}}, "required": ["path"]}),
        ),
        tool(
            "write_file",
            "Write text to a file.",
            json!({"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"], "additionalProperties": false}),
        ),
    ]
}

fn shell() -> Vec<ToolSpec> {
    vec![tool(
        "run_shell",
        "Run a shell command and return its output.",
        json!({"type": "object", "properties": {"command": {"type": "string", "minLength": 1}, "timeout": {"type": "integer", "minimum": 1, "maximum": 60}}, "required": ["command"]}),
    )]
}

fn weather() -> Vec<ToolSpec> {
    vec![tool(
        "get_weather",
        "Current weather for a city.",
        json!({"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "required": ["city", "unit"]}),
    )]
}

fn search_and_final() -> Vec<ToolSpec> {
    vec![
        tool(
            "final_answer",
            "Give the final answer to the user.",
            json!({"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}),
        ),
        tool(
            "web_search",
            "Search the web.",
            json!({"type": "object", "properties": {"query": {"type": "string"}, "max_results": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5}}, "required": ["query"]}),
        ),
    ]
}

fn typical_sets() -> Vec<(&'static str, Vec<ToolSpec>, Option<&'static str>)> {
    vec![
        ("calculator", calculator(), None),
        ("files", files(), None),
        ("shell", shell(), None),
        ("weather", weather(), None),
        ("final_answer", search_and_final(), Some("final_answer")),
    ]
}

/// A tool that works: what each one gives back.
fn working(call: &ToolCall) -> String {
    match call.function.name.as_str() {
        "calculator" => "4".into(),
        "read_file" => "Remember to oil the lock.".into(),
        "write_file" => "Wrote 22 bytes.".into(),
        "run_shell" => "notes.txt\nREADME.md".into(),
        "get_weather" => "{\"temp\": 21, \"sky\": \"sunny\"}".into(),
        "web_search" => "The temple door was built in 1203.".into(),
        other => format!("Error: unknown tool {other}"),
    }
}

#[test]
fn typical_tool_sets_end_with_an_answer_citing_what_was_read_in_every_language() {
    for lang in Lang::ALL {
        for (label, tools, stop_at) in typical_sets() {
            let run = run_loop(lang, &tools, stop_at, working);
            assert!(run.assistant_turns <= MAX_TURNS, "{lang:?} {label}: {} turns", run.assistant_turns);
            assert!(!calls(&run).is_empty(), "{lang:?} {label}: it used the tools");
            let read = match label {
                "calculator" => "4",
                "files" => "Remember to oil the lock.",
                "shell" => "notes.txt README.md",
                "weather" => "sunny",
                _ => "built in 1203",
            };
            assert!(run.answer.contains(read), "{lang:?} {label}: {}", run.answer);
            let w = errand_words(lang);
            let opening = w.answer.split('{').next().unwrap_or_default();
            assert!(run.answer.contains(opening), "{lang:?} {label}: answers in its language: {}", run.answer);
        }
    }
}

#[test]
fn readers_come_before_writers_and_a_writer_does_not_overwrite_what_was_read() {
    let run = run_loop(Lang::En, &files(), None, working);
    let calls = calls(&run);
    assert_eq!(calls[0].0, "read_file");
    assert_eq!(calls[1].0, "write_file");
    assert_ne!(calls[0].1["path"], calls[1].1["path"]);
}

#[test]
fn an_empty_tool_list_gets_one_plain_notice_and_no_call() {
    for lang in Lang::ALL {
        let reply = Errand::speaking(lang).decide(&[], &[Message::user("Reply with JSON: {\"action\": ...}")]);
        assert!(reply.calls().is_empty());
        assert_eq!(reply.content.as_deref(), Some(errand_words(lang).no_tools));
    }
}

#[test]
fn the_page_tools_are_recognised_by_name_only_when_they_are_all_there_is() {
    let look = tool("look_at", "", json!({}));
    let use_ = tool("use", "", json!({}));
    assert!(Errand::is_page_tools(&[look.clone(), use_.clone()]));
    assert!(Errand::is_page_tools(&[use_.clone(), look.clone()]));
    assert!(!Errand::is_page_tools(std::slice::from_ref(&look)));
    assert!(!Errand::is_page_tools(&[look, use_, calculator().remove(0)]));
    assert!(!Errand::is_page_tools(&[]));
}

/// Every (name, arguments) pair made again after the same pair got an error.
fn repeats_after_error(run: &Run) -> Vec<(String, Value)> {
    let mut failed: Vec<(String, Value)> = Vec::new();
    let mut repeats = Vec::new();
    for m in &run.messages {
        for c in m.calls() {
            let pair = (c.function.name.clone(), args_of(c));
            if failed.contains(&pair) {
                repeats.push(pair.clone());
            }
            let result = run.messages.iter().find(|r| r.tool_call_id.as_deref() == Some(c.id.as_str()));
            if result.and_then(|r| r.content.as_deref()).is_some_and(|t| t.contains("rror") || t.contains("denied")) {
                failed.push(pair);
            }
        }
    }
    repeats
}

#[test]
fn after_an_error_it_tries_once_more_then_answers_citing_the_error() {
    for lang in Lang::ALL {
        let run = run_loop(lang, &files(), None, |c| format!("Error: no such file: {}", args_of(c)["path"]));
        let reads: Vec<_> = calls(&run).into_iter().filter(|(n, _)| n == "read_file").collect();
        assert_eq!(reads.len(), 2, "{lang:?}: one retry of the reader, with other arguments");
        assert_ne!(reads[0].1, reads[1].1);
        assert!(repeats_after_error(&run).is_empty(), "{lang:?}");
        assert!(run.assistant_turns <= MAX_TURNS);
        assert!(run.answer.contains("Error: no such file"), "{lang:?}: {}", run.answer);
    }
}

#[test]
fn a_refused_tool_is_not_called_again() {
    for lang in Lang::ALL {
        let run = run_loop(lang, &shell(), None, |_| "bash: permission denied".into());
        assert_eq!(calls(&run).len(), 1, "{lang:?}: {:?}", calls(&run));
        assert!(run.answer.contains("permission denied"), "{lang:?}: {}", run.answer);
    }
    let run = run_loop(Lang::En, &files(), None, |c| match c.function.name.as_str() {
        "read_file" => "{\"error\": \"PermissionError: [Errno 13] Permission denied: 'notes.txt'\"}".into(),
        _ => "ok, saved".into(),
    });
    assert_eq!(calls(&run).iter().filter(|(n, _)| n == "read_file").count(), 1);
    assert!(repeats_after_error(&run).is_empty());
}

#[test]
fn every_kind_of_error_result_ends_in_bounded_turns_without_an_identical_repeat() {
    let errors = [
        "Error: something broke",
        "{\"error\": \"bad input\"}",
        "Traceback (most recent call last):\n  File \"tools.py\", line 3\nValueError: bad input",
        "not found",
        "",
        "错误：文件不存在",
        "Erreur : accès refusé",
    ];
    for text in errors {
        for (label, tools, stop_at) in typical_sets() {
            let run = run_loop(Lang::En, &tools, stop_at, |_| text.to_string());
            assert!(run.assistant_turns <= MAX_TURNS + 1, "{label} {text:?}");
            let mut seen: Vec<(String, Value)> = Vec::new();
            for pair in calls(&run) {
                assert!(!seen.contains(&pair), "{label} {text:?}: {pair:?} made twice");
                seen.push(pair);
            }
        }
    }
}

#[test]
fn a_call_broken_by_chaos_is_made_again_correctly() {
    let tools = weather();
    let errand = Errand::speaking(Lang::En);
    let mut messages = vec![Message::user("weather?")];
    let mut reply = errand.decide(&tools, &messages);
    let good = reply.calls()[0].clone();
    Errand::break_call(&mut reply.tool_calls.as_mut().unwrap()[0], Mangling::UnknownTool, &tools);
    let id = reply.calls()[0].id.clone();
    messages.push(reply);
    messages.push(Message::tool_result(&id, "Error: unknown tool get_weather_v2".into()));
    let again = errand.decide(&tools, &messages);
    assert_eq!(again.calls()[0].function.name, good.function.name);
    assert_eq!(again.calls()[0].function.arguments, good.function.arguments);
    assert_ne!(again.calls()[0].id, good.id, "a fresh call id");
}

fn first_call(tools: &[ToolSpec]) -> ToolCall {
    Errand::speaking(Lang::En).decide(tools, &[Message::user("go")]).calls()[0].clone()
}

#[test]
fn break_call_bad_json_gives_arguments_that_do_not_parse() {
    for (_, tools, _) in typical_sets() {
        let mut call = first_call(&tools);
        Errand::break_call(&mut call, Mangling::BadJson, &tools);
        assert!(serde_json::from_str::<Value>(&call.function.arguments).is_err(), "{}", call.function.arguments);
    }
    let mut empty = ToolCall::new("c", "calculator", "");
    Errand::break_call(&mut empty, Mangling::BadJson, &calculator());
    assert!(serde_json::from_str::<Value>(&empty.function.arguments).is_err());
}

#[test]
fn break_call_unknown_tool_gives_a_name_not_declared() {
    let mut tools = calculator();
    tools.push(tool("calculator_v2", "", json!({})));
    let mut call = first_call(&tools);
    Errand::break_call(&mut call, Mangling::UnknownTool, &tools);
    assert!(tools.iter().all(|t| t.function.name != call.function.name), "{}", call.function.name);
}

#[test]
fn break_call_schema_invalid_gives_arguments_that_parse_but_fail_the_schema() {
    let mut sets: Vec<Vec<ToolSpec>> = typical_sets().into_iter().map(|(_, t, _)| t).collect();
    sets.push(vec![tool("count", "", json!({"type": "object", "properties": {"n": {"type": "integer"}}}))]);
    sets.push(vec![tool("ping", "", json!({"type": "object", "properties": {}, "additionalProperties": false}))]);
    for tools in sets {
        let mut call = first_call(&tools);
        let schema = &tools.iter().find(|t| t.function.name == call.function.name).unwrap().function.parameters;
        Errand::break_call(&mut call, Mangling::SchemaInvalid, &tools);
        let args: Value = serde_json::from_str(&call.function.arguments).expect("still JSON");
        assert!(!valid(schema, &args), "{} {}", call.function.name, args);
    }
    // The enum is what breaks in get_weather when the city is already a string.
    let tools = weather();
    let mut call = first_call(&tools);
    Errand::break_call(&mut call, Mangling::SchemaInvalid, &tools);
    assert!(!valid(&tools[0].function.parameters, &args_of(&call)));
}

#[test]
fn break_call_missing_arg_drops_a_required_property() {
    for (_, tools, _) in typical_sets() {
        let mut call = first_call(&tools);
        let schema = tools.iter().find(|t| t.function.name == call.function.name).unwrap().function.parameters.clone();
        Errand::break_call(&mut call, Mangling::MissingArg, &tools);
        let args = args_of(&call);
        let required: Vec<&str> = schema["required"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        assert!(required.iter().any(|r| args.get(r).is_none()), "{args}");
        assert!(!valid(&schema, &args));
    }
}

/// A tool with no required property has nothing to leave out: every argument is dropped, and
/// the call goes out as `{}` (which its schema still accepts).
#[test]
fn break_call_missing_arg_with_nothing_required_drops_every_argument() {
    let tools = vec![tool("list_files", "", json!({"type": "object", "properties": {"dir": {"type": "string"}}}))];
    let mut call = first_call(&tools);
    assert_eq!(call.function.arguments, r#"{"dir":"."}"#);
    Errand::break_call(&mut call, Mangling::MissingArg, &tools);
    assert_eq!(call.function.arguments, "{}");
}

#[test]
fn break_call_leaves_other_faults_alone() {
    let tools = weather();
    let call = first_call(&tools);
    for how in [Mangling::StopWithCalls, Mangling::CutAtLength] {
        let mut c = call.clone();
        Errand::break_call(&mut c, how, &tools);
        assert_eq!(c, call, "{how:?}");
    }
}

#[test]
fn call_ids_are_numbered_and_arguments_compact() {
    let run = run_loop(Lang::En, &files(), None, working);
    let ids: Vec<&str> = run.messages.iter().flat_map(Message::calls).map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["call_e1", "call_e2"]);
    let first = run.messages.iter().flat_map(Message::calls).next().unwrap();
    assert_eq!(first.function.arguments, r#"{"path":"notes.txt"}"#);
}

#[test]
fn the_same_request_gets_the_same_reply() {
    for (_, tools, stop_at) in typical_sets() {
        let run = run_loop(Lang::Fr, &tools, stop_at, working);
        for n in 1..=run.messages.len() {
            let a = Errand::speaking(Lang::Fr).decide(&tools, &run.messages[..n]);
            let b = Errand::speaking(Lang::Fr).decide(&tools, &run.messages[..n]);
            assert_eq!(a, b);
        }
    }
}

#[test]
fn every_errand_sentence_has_exactly_its_holes_in_every_language() {
    for lang in Lang::ALL {
        let w = errand_words(lang);
        let templates: [(&str, &[&str]); 12] = [
            (w.no_tools, &[]),
            (w.think_call, &["name"]),
            (w.think_next, &["name"]),
            (w.think_retry, &["name"]),
            (w.think_switch, &["name"]),
            (w.think_finish, &["name"]),
            (w.answer, &["quote", "tools"]),
            (w.answer_failed, &["name", "quote"]),
            (w.answer_nothing, &[]),
            (w.no_reply, &[]),
            (w.query, &[]),
            (w.text, &[]),
        ];
        for (template, expected) in templates {
            assert!(!template.trim().is_empty(), "{lang:?}");
            assert_eq!(holes(template), expected, "{lang:?}: {template}");
        }
        for cue in w.not_found.iter().chain(w.refused) {
            assert_eq!(cue.to_lowercase(), *cue, "{lang:?}: cues are lowercase");
        }
        assert_ne!(w.city, w.city_other);
    }
}

#[test]
fn results_worded_in_each_language_are_read_for_what_they_mean() {
    for lang in Lang::ALL {
        let w = errand_words(lang);
        let tools = files();
        for (cue, retried) in [(w.not_found[0], true), (w.refused[0], false)] {
            let run = run_loop(lang, &tools, None, |c| match c.function.name.as_str() {
                "read_file" => format!("Error: {cue}"),
                _ => "ok".into(),
            });
            let reads = calls(&run).iter().filter(|(n, _)| n == "read_file").count();
            assert_eq!(reads, if retried { 2 } else { 1 }, "{lang:?} {cue}");
        }
    }
}

#[test]
fn a_finish_tool_alone_ends_at_once_and_says_nothing_was_read() {
    for lang in Lang::ALL {
        let tools = vec![search_and_final().remove(0)];
        let run = run_loop(lang, &tools, Some("final_answer"), working);
        assert_eq!(run.assistant_turns, 1);
        assert_eq!(run.answer, errand_words(lang).answer_nothing);
    }
}

#[test]
fn after_the_finish_tool_a_loop_that_comes_back_gets_the_plain_answer() {
    let tools = search_and_final();
    let errand = Errand::speaking(Lang::En);
    let mut messages = vec![Message::user("go")];
    for _ in 0..2 {
        let reply = errand.decide(&tools, &messages);
        let call = reply.calls()[0].clone();
        messages.push(reply);
        messages.push(Message::tool_result(&call.id, working(&call)));
    }
    let last = errand.decide(&tools, &messages);
    assert!(last.calls().is_empty());
    assert!(last.content.unwrap_or_default().contains("built in 1203"));
}

#[test]
fn destructive_tools_wait_while_anything_else_is_declared() {
    let tools = vec![
        tool(
            "delete_file",
            "Delete a file.",
            json!({"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}),
        ),
        tool("list_files", "List the files.", json!({"type": "object", "properties": {}})),
    ];
    let run = run_loop(Lang::En, &tools, None, |_| "a.txt".into());
    assert!(calls(&run).iter().all(|(n, _)| n == "list_files"), "{:?}", calls(&run));
}

#[test]
fn schemas_written_every_odd_way_still_get_fitting_arguments() {
    let odd = [
        json!({}),
        json!(null),
        json!({"type": "object"}),
        json!({"properties": {"q": {"type": "string"}}}),
        json!({"type": "object", "properties": {"x": {"anyOf": [{"type": "integer", "minimum": 10}, {"type": "string"}]}}, "required": ["x"]}),
        json!({"type": "object", "properties": {"x": {"oneOf": [{"type": "integer", "maximum": -3}, {"type": "string"}]}}, "required": ["x"]}),
        json!({"type": "object", "allOf": [{"properties": {"a": {"type": "integer"}}, "required": ["a"]}, {"properties": {"b": {"type": "boolean"}}, "required": ["b"]}]}),
        json!({"type": "object", "$defs": {"city": {"type": "string", "minLength": 3}}, "properties": {"where": {"$ref": "#/$defs/city"}}, "required": ["where"]}),
        json!({"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 2}}, "required": ["tags"]}),
        json!({"type": "object", "properties": {"point": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "boolean"}], "minItems": 2}}, "required": ["point"]}),
        json!({"type": "object", "properties": {"n": {"type": "integer", "multipleOf": 5, "minimum": 7}}, "required": ["n"]}),
        json!({"type": "object", "properties": {"mode": {"const": "fast"}, "when": {"type": "string", "format": "date"}}, "required": ["mode", "when"]}),
        json!({"type": "object", "minProperties": 2, "properties": {"a": {"type": "string"}}, "required": ["a"]}),
    ];
    for schema in odd {
        let tools = vec![tool("lookup", "", schema.clone())];
        let call = first_call(&tools);
        let args = args_of(&call);
        assert!(args.is_object());
        if schema.is_object() {
            assert!(valid(&schema, &args), "{schema}\n{args}");
        }
    }
}

#[test]
fn a_schema_whose_refs_fan_out_is_filled_in_bounded_time() {
    let props: serde_json::Map<String, Value> = (0..10).map(|i| (format!("p{i}"), json!({"$ref": "#"}))).collect();
    let required: Vec<String> = props.keys().cloned().collect();
    let schema = json!({
        "type": "object", "properties": props, "required": required,
        "allOf": [{"$ref": "#"}, {"$ref": "#"}, {"$ref": "#"}],
    });
    let started = std::time::Instant::now();
    let call = first_call(&[tool("lookup", "", schema)]);
    assert!(args_of(&call).is_object());
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
}

#[test]
fn a_finish_call_broken_on_the_way_is_made_once_more_then_it_answers_plainly() {
    let tools = search_and_final();
    let errand = Errand::speaking(Lang::En);
    let mut messages = vec![Message::user("go")];
    let first = errand.decide(&tools, &messages);
    let id = first.calls()[0].id.clone();
    messages.push(first);
    messages.push(Message::tool_result(&id, "The temple door was built in 1203.".into()));
    let mut finish = errand.decide(&tools, &messages);
    let intended = finish.calls()[0].clone();
    assert_eq!(intended.function.name, "final_answer");
    Errand::break_call(&mut finish.tool_calls.as_mut().unwrap()[0], Mangling::BadJson, &tools);
    messages.push(finish);
    messages.push(Message::tool_result(&intended.id, "Error: the arguments were not valid JSON".into()));
    let again = errand.decide(&tools, &messages);
    assert_eq!(again.calls()[0].function.arguments, intended.function.arguments);
    let id = again.calls()[0].id.clone();
    messages.push(again);
    messages.push(Message::tool_result(&id, "Error: still failing".into()));
    let last = errand.decide(&tools, &messages);
    assert!(last.calls().is_empty(), "no third try");
    assert!(last.content.unwrap_or_default().contains("built in 1203"));
}

#[test]
fn a_loop_that_drops_the_models_replies_still_gets_an_answer() {
    let tools = calculator();
    let errand = Errand::speaking(Lang::En);
    let mut messages = vec![Message::user("go")];
    for _ in 0..=MAX_TURNS {
        let reply = errand.decide(&tools, &messages);
        let Some(call) = reply.calls().first() else { return };
        // The reply itself is never appended: only its result.
        messages.push(Message::tool_result(&call.id, "Error: bad expression".into()));
    }
    panic!("no answer after {} turns", MAX_TURNS + 1);
}

// ---------------------------------------------------------------------------------------------
// Properties.

const NAMES: &[&str] =
    &["path", "city", "expression", "count", "a", "query", "unit", "flag", "items", "url", "command", "options", "n"];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u64..4, 0u64..6, any::<bool>(), any::<bool>()).prop_map(|(min, extra, bounded, with_default)| {
            let mut s = json!({"type": "string", "minLength": min});
            if bounded {
                s["maxLength"] = json!(min + extra);
            }
            if with_default {
                s["default"] = json!("z".repeat(min as usize));
            }
            s
        }),
        (-50i64..50, 0i64..20, 0u8..4, any::<bool>()).prop_map(|(lo, span, which, with_default)| {
            let mut s = json!({"type": "integer"});
            match which {
                0 => s["minimum"] = json!(lo),
                1 => s["maximum"] = json!(lo),
                2 => {
                    s["minimum"] = json!(lo);
                    s["maximum"] = json!(lo + span);
                }
                _ => {}
            }
            if with_default && which == 2 {
                s["default"] = json!(lo + span / 2);
            }
            s
        }),
        (-100i64..100, 1i64..40, any::<bool>()).prop_map(|(lo, span, exclusive)| {
            let (lo, hi) = (lo as f64 / 4.0, (lo + span) as f64 / 4.0);
            if exclusive {
                json!({"type": "number", "exclusiveMinimum": lo, "exclusiveMaximum": hi})
            } else {
                json!({"type": "number", "minimum": lo, "maximum": hi})
            }
        }),
        Just(json!({"type": "boolean"})),
        Just(json!({"type": ["string", "null"]})),
        prop::collection::vec("[a-z]{1,6}", 1..4).prop_map(|v| json!({"type": "string", "enum": v})),
        prop::collection::vec(-5i64..5, 1..4).prop_map(|v| json!({"enum": v})),
        Just(json!({"const": "fixed"})),
        Just(json!({})),
        Just(json!(true)),
    ]
}

fn schema() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            (
                prop::collection::btree_map(prop::sample::select(NAMES), inner.clone(), 0..5),
                prop::collection::vec(any::<bool>(), 5),
                any::<bool>(),
            )
                .prop_map(|(props, req, closed)| object(props, &req, closed)),
            (inner.clone(), 0u64..3, 0u64..3).prop_map(|(items, min, extra)| {
                json!({"type": "array", "items": items, "minItems": min, "maxItems": min + extra})
            }),
            (inner.clone(), inner).prop_map(|(a, b)| json!({"anyOf": [a, b]})),
        ]
    })
}

fn object(props: std::collections::BTreeMap<&str, Value>, req: &[bool], closed: bool) -> Value {
    let required: Vec<&str> = props.keys().zip(req).filter(|(_, r)| **r).map(|(k, _)| *k).collect();
    let mut s = json!({"type": "object", "properties": props, "required": required});
    if closed {
        s["additionalProperties"] = json!(false);
    }
    s
}

fn parameters() -> impl Strategy<Value = Value> {
    (prop::collection::btree_map(prop::sample::select(NAMES), schema(), 0..6), prop::collection::vec(any::<bool>(), 6))
        .prop_map(|(props, req)| object(props, &req, false))
}

fn arbitrary_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        prop::sample::select(vec![
            "type",
            "object",
            "string",
            "integer",
            "properties",
            "required",
            "enum",
            "anyOf",
            "#",
            "#/properties",
            "array",
            "items",
            "",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "type",
                    "properties",
                    "required",
                    "enum",
                    "const",
                    "default",
                    "anyOf",
                    "oneOf",
                    "allOf",
                    "items",
                    "prefixItems",
                    "minimum",
                    "maximum",
                    "exclusiveMinimum",
                    "minLength",
                    "maxLength",
                    "minItems",
                    "maxItems",
                    "minProperties",
                    "multipleOf",
                    "$ref",
                    "path",
                    "format",
                ]),
                inner,
                0..6,
            )
            .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// The first call's arguments, and the second try's after an error, fit the schema.
    #[test]
    fn the_arguments_it_writes_validate_against_the_schema(params in parameters(), lang in prop::sample::select(Lang::ALL.to_vec())) {
        let tools = vec![tool("lookup", "Look something up.", params.clone())];
        let errand = Errand::speaking(lang);
        let mut messages = vec![Message::user("go")];
        let first = errand.decide(&tools, &messages);
        let call = first.calls().first().cloned().expect("a call");
        let args = args_of(&call);
        prop_assert!(valid(&params, &args), "{}\n{}", params, args);
        messages.push(first);
        messages.push(Message::tool_result(&call.id, "Error: try again".into()));
        let second = errand.decide(&tools, &messages);
        for c in second.calls() {
            let again = args_of(c);
            prop_assert!(valid(&params, &again), "retry: {}\n{}", params, again);
            prop_assert_ne!(&again, &args);
        }
    }

    /// Whatever sits in `parameters`, the errand answers, its arguments are a JSON object, and
    /// every fault breaks its call without a panic.
    #[test]
    fn garbage_schemas_never_panic(params in arbitrary_json(), result in "[ -~]{0,30}") {
        let tools = vec![tool("get_thing", "", params), tool("final_answer", "", json!({"type": "object"}))];
        let errand = Errand::speaking(Lang::Zh);
        let mut messages = vec![Message::user("go")];
        for _ in 0..(MAX_TURNS + 2) {
            let reply = errand.decide(&tools, &messages);
            prop_assert_eq!(&reply, &errand.decide(&tools, &messages));
            let Some(call) = reply.calls().first().cloned() else { break };
            prop_assert!(serde_json::from_str::<Value>(&call.function.arguments).is_ok_and(|v| v.is_object()));
            for fault in Fault::ALL {
                if let Effect::Mangle(how) = fault.effect() {
                    let mut c = call.clone();
                    Errand::break_call(&mut c, how, &tools);
                }
            }
            messages.push(reply);
            messages.push(Message::tool_result(&call.id, result.clone()));
        }
    }
}
