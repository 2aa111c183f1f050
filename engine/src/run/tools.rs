//! Layer 2, the model. Every way a tool call can go wrong becomes a short sentence that goes back
//! to the model as the tool's result, so the model can read it and try something else.

use crate::run::script::{fill, list, script, Lang, Script};
use crate::run::wire::{FunctionSpec, ToolCall, ToolSpec};
use crate::run::world::{tool_description, tool_schema, Room, TOOL_NAMES};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::sync::OnceLock;

/// Why a tool call failed. Each one is the model's to fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ToolErrorKind {
    /// The model named a tool that does not exist.
    UnknownTool,
    /// The arguments string is not JSON at all.
    BadJson,
    /// The JSON does not fit the tool's schema: a missing field, a wrong type, a value outside the enum.
    SchemaInvalid,
    /// The tool ran and refused (the rusted lock).
    ToolFailed,
    /// The tool may have acted, but its reply never came back (it timed out). Which layer
    /// handles it is a school: the model, told to check first, or your code, calling it again.
    ReplyLost,
}

impl ToolErrorKind {
    /// Every kind, so a test can walk each failure the model may be told about.
    pub const ALL: [ToolErrorKind; 5] = [
        ToolErrorKind::UnknownTool,
        ToolErrorKind::BadJson,
        ToolErrorKind::SchemaInvalid,
        ToolErrorKind::ToolFailed,
        ToolErrorKind::ReplyLost,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            ToolErrorKind::UnknownTool => "unknown-tool",
            ToolErrorKind::BadJson => "bad-json",
            ToolErrorKind::SchemaInvalid => "schema-invalid",
            ToolErrorKind::ToolFailed => "tool-failed",
            ToolErrorKind::ReplyLost => "reply-lost",
        }
    }
}

/// What running one call produced: the text for the model and, if it failed, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolOutcome {
    pub output: String,
    pub error: Option<ToolErrorKind>,
}

pub use crate::run::script::ERROR_PREFIX;

/// The tool list sent with every request.
pub fn tool_specs(s: &Script) -> Vec<ToolSpec> {
    TOOL_NAMES
        .iter()
        .map(|name| ToolSpec {
            kind: "function".into(),
            function: FunctionSpec {
                name: (*name).into(),
                description: tool_description(name, s).into(),
                parameters: tool_schema(name, s).unwrap_or(Value::Null),
            },
        })
        .collect()
}

/// A tool result that never came back. Only the chaos decorator makes one, on purpose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LostResult {
    /// A bug in the harness's own tool dispatch: the result never reached the history.
    Bug,
    /// The tool acted, then its reply was lost (a tool timeout): the room has changed, and the
    /// loop cannot tell.
    TimedOut,
}

/// How the loop runs a tool call. [`Tools`] is the real dispatch; the chaos decorator
/// ([`crate::run::chaos::ChaosTools`]) wraps it to inject a harness bug, so the loop never reads the
/// fault plan itself.
pub trait ToolRunner {
    fn run(&self, room: &mut Room, call: &ToolCall, turn: u32, s: &Script) -> Result<ToolOutcome, LostResult>;
}

/// The real tool dispatch: [`run_tool`], which never loses a result.
pub struct Tools;

impl ToolRunner for Tools {
    fn run(&self, room: &mut Room, call: &ToolCall, _turn: u32, s: &Script) -> Result<ToolOutcome, LostResult> {
        Ok(run_tool(room, call, s))
    }
}

/// Runs one tool call against the room. Never panics and never returns a Rust error: whatever
/// the model sent, the answer is text it can read.
pub fn run_tool(room: &mut Room, call: &ToolCall, s: &Script) -> ToolOutcome {
    let name = call.function.name.as_str();
    // Checked before anything runs, so a lookup that fails *inside* a tool is never
    // mistaken for a tool that does not exist.
    let Some(schema) = schema_of(name, s) else {
        return fail(
            ToolErrorKind::UnknownTool,
            fill(s.no_such_tool, &[("name", name), ("tools", &list(s, &TOOL_NAMES))]),
        );
    };
    // Some servers send "" for a call that takes no arguments; it means an empty object. For our
    // tools that is then a missing field, which is still the model's to fix.
    let raw = call.function.arguments.trim();
    let raw = if raw.is_empty() { "{}" } else { raw };
    let args: Value = match serde_json::from_str(raw) {
        Ok(v) => v,
        Err(_) => {
            return fail(ToolErrorKind::BadJson, fill(s.args_not_json, &[("name", name), ("example", example(name))]))
        }
    };
    let args = match validate(name, &schema, &args, s) {
        Ok(obj) => obj,
        Err(why) => return fail(ToolErrorKind::SchemaInvalid, why),
    };
    let text = |key: &str| args.get(key).and_then(Value::as_str).unwrap_or_default();
    let result = match name {
        "look_at" => room.look_at(text("target"), s),
        _ => room.use_item(text("item"), text("target"), s),
    };
    match result {
        Ok(output) => ToolOutcome { output, error: None },
        Err(why) => fail(ToolErrorKind::ToolFailed, why),
    }
}

/// A tool's schema, built once per language for the built-in scripts: built again for every call,
/// it was a fifth of the loop's own time in a 1,000-turn run in the page. Any other script
/// (a test's) gets its own, built each time.
fn schema_of(name: &str, s: &Script) -> Option<Cow<'static, Value>> {
    static BUILT: [OnceLock<Vec<Option<Value>>>; Lang::ALL.len()] = [const { OnceLock::new() }; Lang::ALL.len()];
    let Some(at) = Lang::ALL.iter().position(|lang| std::ptr::eq(script(*lang), s)) else {
        return tool_schema(name, s).map(Cow::Owned);
    };
    let tool = TOOL_NAMES.iter().position(|t| *t == name)?;
    let built = BUILT[at].get_or_init(|| TOOL_NAMES.iter().map(|t| tool_schema(t, script(Lang::ALL[at]))).collect());
    built.get(tool)?.as_ref().map(Cow::Borrowed)
}

fn fail(kind: ToolErrorKind, why: String) -> ToolOutcome {
    ToolOutcome { output: format!("{ERROR_PREFIX}{why}"), error: Some(kind) }
}

fn example(name: &str) -> &'static str {
    match name {
        "look_at" => r#"{"target": "door"}"#,
        _ => r#"{"item": "key", "target": "door"}"#,
    }
}

/// Checks arguments against the subset of JSON Schema our tools use (an object of strings, some
/// required, some with an enum, nothing extra) and says in one sentence what is wrong.
fn validate<'a>(name: &str, schema: &Value, args: &'a Value, s: &Script) -> Result<&'a Map<String, Value>, String> {
    let Some(obj) = args.as_object() else {
        return Err(fill(s.args_not_object, &[("name", name), ("example", example(name))]));
    };
    let no_props = Map::new();
    let props = schema["properties"].as_object().unwrap_or(&no_props);
    for field in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        if !obj.contains_key(field) {
            return Err(fill(s.field_missing, &[("name", name), ("field", field), ("example", example(name))]));
        }
    }
    for (key, value) in obj {
        let Some(prop) = props.get(key) else {
            let known: Vec<&str> = props.keys().map(String::as_str).collect();
            return Err(fill(s.field_unknown, &[("name", name), ("field", key), ("fields", &list(s, &known))]));
        };
        let Some(v) = value.as_str() else {
            return Err(fill(s.field_not_text, &[("name", name), ("field", key)]));
        };
        if let Some(allowed) = prop["enum"].as_array() {
            if !allowed.iter().any(|a| a.as_str() == Some(v)) {
                let names: Vec<&str> = allowed.iter().filter_map(Value::as_str).collect();
                return Err(fill(s.not_carried, &[("value", v), ("field", key), ("allowed", &names.join(", "))]));
            }
        }
    }
    Ok(obj)
}
