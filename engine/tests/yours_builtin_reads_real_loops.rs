//! The built-in model understands tool results the way real loops write them (the engine's own
//! `Error: ` sentence, an `Error: Error: ` of a stringified JS error, a JSON error object, the
//! reference text's "Unknown tool" line and a JSON parser's message, a success wrapped in JSON),
//! and the helpful model still reaches the open door from each.

use rusty_lock_engine::run::builtin::{BuiltinModel, Personality};
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::wire::{Message, Role};

/// Plays the helpful model against a room, writing each tool result with `write`.
fn play(write: impl Fn(Result<&str, &str>) -> String, lang: Lang) -> (bool, usize) {
    let s = script(lang);
    let model = BuiltinModel::speaking(Personality::Helpful, lang);
    let mut room = rusty_lock_engine::run::world::Room::default();
    let mut messages = vec![Message::user(s.task)];
    for turn in 1..=12 {
        let reply = model.decide(&messages);
        messages.push(reply.clone());
        if reply.calls().is_empty() {
            return (room.door_open, turn);
        }
        for call in reply.calls() {
            let out = rusty_lock_engine::run::tools::run_tool(&mut room, call, s);
            let text = match out.error {
                None => write(Ok(&out.output)),
                Some(_) => write(Err(out.output.strip_prefix("Error: ").unwrap_or(&out.output))),
            };
            messages.push(Message::tool_result(&call.id, text));
        }
    }
    (room.door_open, 99)
}

#[test]
fn the_helpful_model_opens_the_door_whatever_shape_the_loop_gives_its_errors() {
    type Writer = fn(Result<&str, &str>) -> String;
    let shapes: [(&str, Writer); 6] = [
        ("error prefix", |r| r.map(str::to_string).unwrap_or_else(|e| format!("Error: {e}"))),
        ("error twice", |r| r.map(str::to_string).unwrap_or_else(|e| format!("Error: Error: {e}"))),
        ("json error", |r| r.map(str::to_string).unwrap_or_else(|e| serde_json::json!({ "error": e }).to_string())),
        ("json error object", |r| {
            r.map(str::to_string).unwrap_or_else(|e| serde_json::json!({ "error": { "message": e } }).to_string())
        }),
        ("bare sentence", |r| r.map_or_else(str::to_string, str::to_string)),
        ("json result", |r| match r {
            Ok(out) => serde_json::json!({ "result": out }).to_string(),
            Err(e) => serde_json::json!({ "ok": false, "error": e }).to_string(),
        }),
    ];
    for lang in Lang::ALL {
        for (name, write) in shapes {
            let (open, turns) = play(write, lang);
            assert!(open, "{lang:?} {name}: the door stayed shut");
            assert!(turns <= 6, "{lang:?} {name}: {turns} turns");
        }
    }
}

#[test]
fn the_reference_texts_own_error_lines_do_not_lead_the_model_astray() {
    let s = script(Lang::En);
    let model = BuiltinModel::new(Personality::Helpful);
    // An unknown tool, answered as the reference text answers it, then a parser's message.
    for text in ["Unknown tool: inspect. Tools: look_at, use", "Error: Unexpected end of JSON input"] {
        let messages = vec![
            Message::user(s.task),
            Message {
                role: Role::Assistant,
                content: None,
                tool_calls: Some(vec![rusty_lock_engine::run::wire::ToolCall::new("c1", "inspect", "{\"target\":")]),
                tool_call_id: None,
            },
            Message::tool_result("c1", text.to_string()),
        ];
        let next = model.decide(&messages);
        let call = &next.calls()[0];
        assert_eq!(
            (call.function.name.as_str(), call.function.arguments.as_str()),
            ("look_at", r#"{"target":"door"}"#)
        );
    }
}
