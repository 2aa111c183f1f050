//! The built-in model: offline, deterministic, and honest about it. It decides only by reading
//! the history, like a real model, so it reacts to whatever the faults put there.

use crate::run::error_text::sentence_of;
use crate::run::provider::{CallContext, Provider, ProviderError};
use crate::run::script::meaning::{meaning_of_look, meaning_of_use, Meaning};
use crate::run::script::{fill, matches, script, Lang, Script, ERROR_PREFIX};
use crate::run::wire::{ChatRequest, ChatResponse, Choice, Message, Role, ToolCall, FINISH_TOOL_CALLS};
use futures::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

/// How the built-in model reacts to a tool error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Personality {
    /// Reads each error and does what it says.
    #[default]
    Helpful,
    /// Ignores the rusted-lock hint and tries the key again and again, so the guards have work.
    Stubborn,
}

/// What the history shows the agent has achieved. Only successful results count.
#[derive(Clone, Default, Debug)]
struct Progress {
    looked: bool,
    saw_rust: bool,
    oiled: bool,
    open: bool,
    /// A second turn of the key locked the door again.
    relocked: bool,
    /// The calls whose results it could not read: it never makes one of them again.
    unclear: Vec<(String, serde_json::Value)>,
    /// What it has looked at, and seen.
    looked_at: Vec<String>,
}

/// The kind of error, if any, in the last tool result: what the model reacts to first.
enum LastError {
    None,
    UnknownTool,
    BadArguments,
    /// A call's reply was lost: it may have acted. Its tool, and the target it was about, to
    /// look at first.
    ReplyLost {
        tool: String,
        target: String,
    },
    Other,
}

#[derive(Clone, Debug, Default)]
pub struct BuiltinModel {
    pub personality: Personality,
    /// The language it reads and writes; it understands the room only in that language.
    pub lang: Lang,
    /// What it has read of the history so far.
    read: RefCell<Reading>,
}

/// The model's reading of a history, kept between calls. A loop only ever appends to its
/// history, so each call reads only the messages added since the last one: read whole every
/// turn, a 1,000-turn run read half a million messages and took most of its time doing so.
/// A history that does not continue the one read (shorter, or another message where the last
/// one read was) is read again from the start, so the answer is always that of a full reading.
#[derive(Clone, Debug, Default)]
struct Reading {
    /// How many messages have been read, and the last of them.
    upto: usize,
    last: Option<Message>,
    progress: Progress,
    /// How many replies the model has given so far.
    replies: usize,
    /// The calls of the latest reply: the results that follow it answer them.
    asked: Vec<ToolCall>,
}

impl Reading {
    fn continued_by(&self, messages: &[Message]) -> bool {
        self.upto == 0 || (self.upto <= messages.len() && self.last.as_ref() == messages.get(self.upto - 1))
    }

    /// Reads the messages after those already read.
    fn catch_up(&mut self, messages: &[Message], s: &Script) {
        if !self.continued_by(messages) {
            *self = Reading::default();
        }
        // A result follows the reply that asked for it, so it is matched against that reply's
        // calls first (every earlier call only if that fails).
        for (i, m) in messages.iter().enumerate().skip(self.upto) {
            match m.role {
                Role::Assistant => {
                    self.replies += 1;
                    self.asked = m.calls().to_vec();
                }
                Role::Tool => {
                    let Some(id) = m.tool_call_id.as_deref() else { continue };
                    let call = self
                        .asked
                        .iter()
                        .find(|c| c.id == id)
                        .or_else(|| messages[..i].iter().flat_map(Message::calls).find(|c| c.id == id));
                    if let Some(call) = call {
                        note_result(&mut self.progress, call, m.content.as_deref().unwrap_or_default(), s);
                    }
                }
                _ => {}
            }
        }
        self.upto = messages.len();
        self.last = messages.last().cloned();
    }
}

impl BuiltinModel {
    pub fn new(personality: Personality) -> Self {
        BuiltinModel::speaking(personality, Lang::En)
    }

    pub fn speaking(personality: Personality, lang: Lang) -> Self {
        BuiltinModel { personality, lang, read: RefCell::default() }
    }

    /// The model's whole mind: read the history, pick the next move.
    pub fn decide(&self, messages: &[Message]) -> Message {
        let s = script(self.lang);
        let (progress, turn) = {
            let mut read = self.read.borrow_mut();
            read.catch_up(messages, s);
            (read.progress.clone(), read.replies + 1)
        };
        if progress.open {
            return Message {
                role: Role::Assistant,
                content: Some(s.done.into()),
                tool_calls: None,
                tool_call_id: None,
            };
        }
        let stubborn = self.personality == Personality::Stubborn;
        let (thought, name, args): (&str, &str, &str) = if !progress.looked {
            (s.think_look, "look_at", r#"{"target":"door"}"#)
        } else if progress.saw_rust && !progress.oiled && !stubborn {
            (s.think_oil, "use", r#"{"item":"oil_can","target":"lock"}"#)
        } else if progress.saw_rust && !progress.oiled {
            (s.think_key_again, "use", r#"{"item":"key","target":"door"}"#)
        } else if progress.relocked {
            // Not the same call as the one that locked it, so the repeat guard lets it through.
            (s.think_key_relocked, "use", r#"{"item":"key","target":"lock"}"#)
        } else if progress.oiled {
            (s.think_key_oiled, "use", r#"{"item":"key","target":"door"}"#)
        } else {
            (s.think_key_first, "use", r#"{"item":"key","target":"door"}"#)
        };
        let (thought, name, args) = self.around_unclear(&progress, thought, name, args, s);
        if name.is_empty() {
            return Message {
                role: Role::Assistant,
                content: Some(s.lost.into()),
                tool_calls: None,
                tool_call_id: None,
            };
        }
        let (thought, name, args) = match last_error(messages, s) {
            LastError::UnknownTool => (fill(s.think_after_unknown_tool, &[("name", name)]), name, args),
            LastError::BadArguments => (fill(s.think_after_bad_args, &[("name", name)]), name, args),
            // Told the call may have gone through: look at what it was about before acting again.
            LastError::ReplyLost { tool, target } => {
                let look = serde_json::json!({ "target": target }).to_string();
                (fill(s.think_check_first, &[("name", &tool)]), "look_at", look)
            }
            LastError::None | LastError::Other => (thought, name, args),
        };
        Message {
            role: Role::Assistant,
            content: Some(thought),
            tool_calls: Some(vec![ToolCall::new(&format!("call_{turn}"), name, &args)]),
            tool_call_id: None,
        }
    }
}

impl BuiltinModel {
    /// The move it picked, unless its result could not be read before: a confused model looks
    /// at the lock, then tries the other moves it knows, and never sends a call it could not
    /// read again. An empty name: every move is spent, and it says so instead.
    fn around_unclear(
        &self,
        progress: &Progress,
        thought: &str,
        name: &'static str,
        args: &'static str,
        s: &Script,
    ) -> (String, &'static str, String) {
        let spent = |name: &str, args: &str| {
            let v: serde_json::Value = serde_json::from_str(args).unwrap_or_default();
            progress.unclear.iter().any(|(n, a)| n == name && *a == v)
        };
        if progress.unclear.is_empty() || !spent(name, args) {
            return (thought.to_string(), name, args.to_string());
        }
        let others: [(&'static str, &'static str); 5] = [
            ("look_at", r#"{"target":"lock"}"#),
            ("use", r#"{"item":"oil_can","target":"lock"}"#),
            ("use", r#"{"item":"key","target":"lock"}"#),
            ("use", r#"{"item":"key","target":"door"}"#),
            ("look_at", r#"{"target":"room"}"#),
        ];
        // Each look and each use once: a look it has made already tells it nothing new.
        for (other, other_args) in others {
            if spent(other, other_args) || (other == name && other_args == args) {
                continue;
            }
            if other == "look_at" && progress.looked_at.iter().any(|t| other_args.contains(&format!("\"{t}\""))) {
                continue;
            }
            if other == "use" && other_args.contains("oil_can") && progress.oiled {
                continue;
            }
            return (fill(s.think_unclear, &[("name", other)]), other, other_args.to_string());
        }
        (String::new(), "", String::new())
    }
}

impl Provider for BuiltinModel {
    fn complete(
        &self,
        request: &ChatRequest,
        _ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        let message = self.decide(&request.messages);
        let finish = if message.calls().is_empty() { "stop" } else { FINISH_TOOL_CALLS };
        // No usage: no server counted anything, and the page's own estimate is already shown.
        // A figure here would sit beside the estimate as if a tokenizer had confirmed it.
        let response = ChatResponse {
            id: Some("builtin".into()),
            choices: vec![Choice { index: 0, message, finish_reason: Some(finish.into()) }],
            usage: None,
        };
        Box::pin(std::future::ready(Ok(response)))
    }
}

/// What one call and its result teach the model about the room. The result is read by its
/// meaning ([`crate::run::script::meaning`]), in whatever words and wrapper the loop gave it: the
/// page's own sentence, a loop's own tool ("Oil it first: use oil_can with lock."), after
/// `Error: `, inside `{"erreur": …}`, or in any of the three languages.
fn note_result(p: &mut Progress, call: &ToolCall, result: &str, s: &Script) {
    let args: serde_json::Value = serde_json::from_str(&call.function.arguments).unwrap_or_default();
    let arg = |k: &str| args.get(k).and_then(|v| v.as_str()).unwrap_or_default().to_string();
    let meaning = meaning_of_result(call, result, s);
    let key = arg("item") == "key";
    match (call.function.name.as_str(), meaning) {
        ("look_at", Meaning::Failed) => {}
        ("look_at", m) => {
            p.looked = true;
            p.looked_at.push(arg("target"));
            // What a look shows counts as much as what a call said: after a lost reply, it is
            // how the model learns the call went through.
            match m {
                Meaning::Opened => p.open = true,
                Meaning::Oiled => p.oiled = true,
                Meaning::Stuck if !p.oiled => p.saw_rust = true,
                _ => {}
            }
        }
        ("use", Meaning::Oiled) if arg("item") == "oil_can" || !key => p.oiled = true,
        ("use", Meaning::Opened) if key => p.open = true,
        ("use", Meaning::Relocked) if key => {
            p.open = false;
            p.relocked = true;
        }
        ("use", Meaning::Stuck) if !p.saw_rust => {
            p.saw_rust = true;
            p.looked = true;
        }
        _ => {}
    }
    // A result it cannot read at all ("OK", "42"): that call is not worth sending again. A
    // failure that says nothing of why ("Error: ToolError") is another thing: a model told only
    // that it failed tries the same call again, which is what a loop's repeat guard is for.
    if meaning == Meaning::Unclear && call.function.name != "look_at" {
        p.unclear.push(call_key(call));
    }
}

/// What one result of `call` means to the model: the page's own error sentences by their
/// templates first (an unknown tool or a bad argument says nothing about the room, whatever
/// words it holds), then by meaning.
fn meaning_of_result(call: &ToolCall, result: &str, s: &Script) -> Meaning {
    let args: serde_json::Value = serde_json::from_str(&call.function.arguments).unwrap_or_default();
    let item = args.get("item").and_then(|v| v.as_str()).unwrap_or_default();
    let page_error = failure_sentence(result).is_some_and(|why| {
        [
            s.no_such_tool,
            s.args_not_json,
            s.args_not_object,
            s.field_missing,
            s.field_unknown,
            s.field_not_text,
            s.not_carried,
            s.reply_lost,
        ]
        .iter()
        .any(|t| matches(&why, t))
    });
    if page_error {
        Meaning::Failed
    } else {
        match call.function.name.as_str() {
            "use" => meaning_of_use(item, result),
            _ => meaning_of_look(result),
        }
    }
}

/// The room as the model knows it after reading the tool results of `messages`: the door open
/// once a result said it opened (and no later one locked it again), the lock oiled once one said
/// so. The same reading the model decides from, for a page that must judge a loop whose own
/// tools changed a room the page never saw.
pub fn room_as_read(messages: &[Message], lang: Lang) -> crate::run::world::Room {
    let mut reading = Reading::default();
    reading.catch_up(messages, script(lang));
    crate::run::world::Room { door_open: reading.progress.open, lock_oiled: reading.progress.oiled }
}

/// Whether the model reads this result of `call` as a call that did not do what was asked:
/// wrapped as a failure (`Error: …`, `{"error": …}`), a failure by its words, or a key that
/// would not turn.
pub fn reads_as_failure(call: &ToolCall, result: &str, lang: Lang) -> bool {
    let meaning = meaning_of_result(call, result, script(lang));
    meaning == Meaning::Failed
        || (meaning == Meaning::Stuck && call.function.name != "look_at")
        || crate::run::script::meaning::wrapped_as_failure(result)
}

/// Whether a failed call's result, as the model reads it, gives it nothing to act on. Unwrapped
/// as the model unwraps a failure (`Error: `, `{"error": …}`), then stripped of an exception's
/// class (`KeyError('open_door')`, `ValueError: `, a bare `ToolError`) and of quotes and
/// brackets, what is left is nothing, or a single bare word such as the tool's or the key's name:
/// no sentence says what went wrong, nor what to do instead. A sentence in any language, however
/// short its words, is never bare.
pub fn says_nothing(result: &str) -> bool {
    let unwrapped = failure_sentence(result).map_or_else(|| result.trim().to_string(), |w| w.trim().to_string());
    let mut text = unwrapped.as_str();
    // `KeyError`, `builtins.KeyError`, `ToolError` as a class's name, then `:` or `(` or nothing.
    let class_len = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.')).unwrap_or(text.len());
    let class = &text[..class_len];
    if (class.ends_with("Error") || class.ends_with("Exception")) && class.len() > 5 {
        let rest = &text[class_len..];
        if rest.is_empty() || rest.starts_with(':') || rest.starts_with('(') {
            text = rest;
        }
    }
    let bare = text.trim_matches(|c: char| c.is_whitespace() || "'\"`()[]{}:.,;!".contains(c));
    bare.is_empty() || bare.chars().all(|c| c.is_ascii_alphanumeric() || "_-./'\"".contains(c))
}

/// A call as the model remembers it: its tool and its arguments, read as JSON when they are.
fn call_key(call: &ToolCall) -> (String, serde_json::Value) {
    let args = serde_json::from_str(&call.function.arguments)
        .unwrap_or_else(|_| serde_json::Value::String(call.function.arguments.clone()));
    (call.function.name.clone(), args)
}

/// The sentence of a failed tool result, in the shapes loops really write one: the engine's
/// `Error: ` prefix (once or twice: `Error: ${err}` of a JS `Error` says it twice), a raw dump,
/// or a JSON object whose `error` is a string or holds a `message`. `None` for a result that
/// does not read as a failure.
fn failure_sentence(result: &str) -> Option<std::borrow::Cow<'_, str>> {
    use std::borrow::Cow;
    let trimmed = result.trim();
    if trimmed.starts_with('{') {
        if let Ok(serde_json::Value::Object(o)) = serde_json::from_str::<serde_json::Value>(trimmed) {
            let error = o.get("error");
            let text = error
                .and_then(|e| e.as_str())
                .or_else(|| error.and_then(|e| e.get("message")).and_then(|m| m.as_str()));
            if let Some(text) = text {
                let mut text = text.trim();
                while let Some(rest) = text.strip_prefix(ERROR_PREFIX) {
                    text = rest;
                }
                return Some(Cow::Owned(text.to_string()));
            }
        }
    }
    let mut why = sentence_of(result)?;
    while let Some(rest) = why.strip_prefix(ERROR_PREFIX) {
        why = rest;
    }
    Some(Cow::Borrowed(why))
}

fn last_error(messages: &[Message], s: &Script) -> LastError {
    let Some(last) = messages.last().filter(|m| m.role == Role::Tool) else { return LastError::None };
    let text = last.content.as_deref().unwrap_or_default();
    let Some(why) = failure_sentence(text) else { return LastError::None };
    let why = why.as_ref();
    let argument_errors =
        [s.args_not_json, s.args_not_object, s.field_missing, s.field_unknown, s.field_not_text, s.not_carried];
    if matches(why, s.reply_lost) {
        // The call it answers is the one before it in the history.
        let call = messages
            .iter()
            .rev()
            .flat_map(Message::calls)
            .find(|c| Some(c.id.as_str()) == last.tool_call_id.as_deref());
        let target = call
            .and_then(|c| serde_json::from_str::<serde_json::Value>(&c.function.arguments).ok())
            .and_then(|a| a.get("target").and_then(|t| t.as_str()).map(str::to_string))
            .unwrap_or_else(|| "door".into());
        let tool = call.map_or_else(|| "use".to_string(), |c| c.function.name.clone());
        // A lost look is checked with a wider one: the same look again would be the same call,
        // which the repeat guard takes for a model going round in circles.
        let target = match (tool.as_str(), target.as_str()) {
            ("look_at", "room") => "door".to_string(),
            ("look_at", _) => "room".to_string(),
            _ => target,
        };
        LastError::ReplyLost { tool, target }
    } else if matches(why, s.no_such_tool) {
        LastError::UnknownTool
    } else if argument_errors.iter().any(|t| matches(why, t)) {
        LastError::BadArguments
    } else {
        LastError::Other
    }
}
