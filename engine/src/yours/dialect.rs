//! The three wire dialects the page's server speaks: OpenAI Chat Completions, the OpenAI
//! Responses API and Anthropic Messages. Which one a request speaks is read from its path, never
//! from a setting, so a learner's loop written for any of them meets its own protocol.
//!
//! Each dialect is read into one normalized request ([`Body`]: chat messages with their tool calls
//! and results, the declared tools, the stream flag, the model), the model and the faults act on
//! that once, and the reply (a [`ChatResponse`], or an [`ErrorKind`]) is written back in the
//! dialect's own shape. The observing side reads a dialect's reply back into a [`ChatResponse`]
//! with [`read_answer`] and [`read_stream`], so the scene, the log and the card read the same
//! whichever dialect the code spoke.

use crate::run::chaos::ErrorKind;
use crate::run::errand::Errand;
use crate::run::provider::{CallFailure, ProviderError};
use crate::run::script::ERROR_PREFIX;
use crate::run::wire::{
    BodyProblem, ChatResponse, Choice, FunctionSpec, Message, Role, ToolCall, ToolSpec, Usage, FINISH_LENGTH,
    FINISH_STOP, FINISH_TOOL_CALLS,
};
use crate::yours::reply::{ServerReply, MODEL_ID, STREAM_PIECE_CHARS};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Which API a model request speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect {
    /// `POST …/chat/completions`.
    Chat,
    /// `POST …/responses`.
    Responses,
    /// `POST …/messages` (Anthropic, `…/v1/messages`).
    Messages,
}

impl Dialect {
    pub const ALL: [Dialect; 3] = [Dialect::Chat, Dialect::Responses, Dialect::Messages];

    /// The dialect of a POST to `path` (query and trailing slash already gone), if it is a model
    /// request at all.
    pub fn of_path(path: &str) -> Option<Dialect> {
        if path.ends_with("/chat/completions") {
            Some(Dialect::Chat)
        } else if path.ends_with("/responses") {
            Some(Dialect::Responses)
        } else if path.ends_with("/messages") {
            Some(Dialect::Messages)
        } else {
            None
        }
    }
}

/// A model request, read: the same whichever dialect it came in.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    /// The whole history the model reads, in chat form (for the Responses API with
    /// `previous_response_id`, the part the server kept comes first).
    pub messages: Vec<Message>,
    /// The tools the request declares, in chat form: whoever answers reads which tools exist
    /// from here.
    pub tools: Vec<ToolSpec>,
    /// Whether the request had a `tools` list at all. An empty one is a placeholder (the page's
    /// tools are meant); none is a loop that works without function calling (a ReAct text
    /// protocol), which the errand tells, once, that this model works through tools.
    pub sent_tools: bool,
    pub stream: bool,
    /// Chat Completions' `stream_options.include_usage` (the other dialects always send usage).
    pub include_usage: bool,
    pub model: String,
    /// The Responses API's `previous_response_id`, when the request continues a kept conversation.
    pub previous_response_id: Option<String>,
}

impl Body {
    /// The turn this request is for: 1 + the assistant messages in its history.
    pub fn turn(&self) -> u32 {
        1 + self.messages.iter().filter(|m| m.role == Role::Assistant).count() as u32
    }
}

/// Why a model request was refused before any model read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    NotJson,
    NoMessages,
    /// The message (or input item) at this index cannot be read.
    BadMessage {
        index: usize,
    },
    /// A Responses request continues a conversation this server never kept.
    UnknownPrevious {
        id: String,
    },
    /// A Messages request without its `anthropic-version` header.
    NoVersion,
}

impl Refused {
    /// The server's words for it, in English as real servers write them.
    pub fn message(&self, dialect: Dialect) -> String {
        let list = match dialect {
            Dialect::Chat | Dialect::Messages => "messages",
            Dialect::Responses => "input",
        };
        match self {
            Refused::NotJson => "The request body is not valid JSON.".to_string(),
            Refused::NoMessages => format!("The request body has no '{list}', or it is empty."),
            Refused::BadMessage { index } => match dialect {
                Dialect::Chat => format!(
                    "messages[{index}] is not a chat message: it needs a 'role' (system, user, assistant or tool) and text 'content'."
                ),
                Dialect::Responses => format!(
                    "input[{index}] is not an input item: a message (role and content), a function_call or a function_call_output."
                ),
                Dialect::Messages => format!(
                    "messages.{index}: each message needs a 'role' (user or assistant) and 'content' (text or content blocks)."
                ),
            },
            Refused::UnknownPrevious { id } => format!("Previous response with id '{id}' not found."),
            Refused::NoVersion => "anthropic-version: header is required".to_string(),
        }
    }
}

impl Body {
    /// Whether the errand answers, not the adventure: the request declares tools of the loop's
    /// own, or none at all. The page's `look_at` and `use`, or an empty list (a placeholder for
    /// them), get the adventure.
    pub fn errand(&self) -> bool {
        !(Errand::is_page_tools(&self.tools) || (self.sent_tools && self.tools.is_empty()))
    }
}

/// Reads a model request in its dialect. `kept` gives the conversation a Responses
/// `previous_response_id` names (the server's own memory); `headers` are lower-case.
pub fn read_request(
    dialect: Dialect,
    body: &str,
    headers: &[(String, String)],
    kept: &dyn Fn(&str) -> Option<Vec<Message>>,
) -> Result<Body, Refused> {
    if dialect == Dialect::Messages && !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("anthropic-version")) {
        return Err(Refused::NoVersion);
    }
    let value: Value = serde_json::from_str(body).map_err(|_| Refused::NotJson)?;
    let stream = value.get("stream").and_then(Value::as_bool).unwrap_or(false);
    let model = value.get("model").and_then(Value::as_str).unwrap_or(MODEL_ID).to_string();
    let include_usage =
        value.get("stream_options").and_then(|o| o.get("include_usage")).and_then(Value::as_bool).unwrap_or(false);
    let raw_tools = value.get("tools").and_then(Value::as_array).cloned().unwrap_or_default();
    let (messages, tools, previous_response_id) = match dialect {
        Dialect::Chat => (chat_messages(&value)?, chat_tools(&raw_tools), None),
        Dialect::Responses => {
            let (messages, previous) = responses_messages(&value, kept)?;
            (messages, flat_tools(&raw_tools, "parameters"), previous)
        }
        Dialect::Messages => (anthropic_messages(&value)?, flat_tools(&raw_tools, "input_schema"), None),
    };
    let sent_tools = value.get("tools").is_some_and(Value::is_array);
    Ok(Body { messages, tools, sent_tools, stream, include_usage, model, previous_response_id })
}

fn chat_messages(value: &Value) -> Result<Vec<Message>, Refused> {
    let Some(list) = value.get("messages").and_then(Value::as_array).filter(|m| !m.is_empty()) else {
        return Err(Refused::NoMessages);
    };
    let mut messages = Vec::with_capacity(list.len());
    for (index, raw) in list.iter().enumerate() {
        let mut raw = raw.clone();
        if let Some(parts) = raw.get("content").and_then(Value::as_array) {
            raw["content"] = Value::String(text_of_parts(parts));
        }
        let message: Message = serde_json::from_value(raw).map_err(|_| Refused::BadMessage { index })?;
        messages.push(message);
    }
    Ok(messages)
}

/// The text of a list of content parts (`{type: text | input_text | output_text, text}`), joined.
fn text_of_parts(parts: &[Value]) -> String {
    parts.iter().filter_map(|p| p.get("text").and_then(Value::as_str)).collect::<Vec<_>>().join("")
}

/// Text given as a string or as parts.
fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Array(parts) => Some(text_of_parts(parts)),
        Value::Null => Some(String::new()),
        _ => None,
    }
}

fn chat_tools(raw: &[Value]) -> Vec<ToolSpec> {
    raw.iter().filter_map(|t| serde_json::from_value::<ToolSpec>(t.clone()).ok()).collect()
}

/// Tools declared flat (`{name, description, <schema_key>}`), as the Responses API and Messages
/// declare them, in chat form.
fn flat_tools(raw: &[Value], schema_key: &str) -> Vec<ToolSpec> {
    raw.iter()
        .filter_map(|t| {
            let name = t.get("name")?.as_str()?.to_string();
            let description = t.get("description").and_then(Value::as_str).unwrap_or_default().to_string();
            let parameters = t.get(schema_key).cloned().unwrap_or_else(|| json!({ "type": "object" }));
            Some(ToolSpec { kind: "function".into(), function: FunctionSpec { name, description, parameters } })
        })
        .collect()
}

fn plain(role: Role, text: String) -> Message {
    Message { role, content: Some(text), tool_calls: None, tool_call_id: None }
}

/// Adds a tool call to the history: to the assistant message just before it, when there is
/// one, so one turn's text and calls stay one assistant message (and count as one turn).
fn push_call(messages: &mut Vec<Message>, call: ToolCall) {
    match messages.last_mut() {
        Some(last) if last.role == Role::Assistant => last.tool_calls.get_or_insert_with(Vec::new).push(call),
        _ => messages.push(Message {
            role: Role::Assistant,
            content: None,
            tool_calls: Some(vec![call]),
            tool_call_id: None,
        }),
    }
}

fn responses_messages(
    value: &Value,
    kept: &dyn Fn(&str) -> Option<Vec<Message>>,
) -> Result<(Vec<Message>, Option<String>), Refused> {
    let previous = value.get("previous_response_id").and_then(Value::as_str).map(str::to_string);
    let mut messages = Vec::new();
    if let Some(instructions) = value.get("instructions").and_then(Value::as_str) {
        messages.push(plain(Role::System, instructions.to_string()));
    }
    if let Some(id) = &previous {
        messages.extend(kept(id).ok_or_else(|| Refused::UnknownPrevious { id: id.clone() })?);
    }
    let before = messages.len();
    match value.get("input") {
        Some(Value::String(text)) if !text.is_empty() => messages.push(plain(Role::User, text.clone())),
        Some(Value::Array(items)) => {
            for (index, item) in items.iter().enumerate() {
                responses_item(&mut messages, item).ok_or(Refused::BadMessage { index })?;
            }
        }
        _ => {}
    }
    if messages.len() == before && previous.is_none() {
        return Err(Refused::NoMessages);
    }
    Ok((messages, previous))
}

/// One Responses input item into the history; `None` when it cannot be read.
fn responses_item(messages: &mut Vec<Message>, item: &Value) -> Option<()> {
    match item.get("type").and_then(Value::as_str).unwrap_or("message") {
        "message" => {
            let role = match item.get("role")?.as_str()? {
                "system" | "developer" => Role::System,
                "user" => Role::User,
                "assistant" => Role::Assistant,
                _ => return None,
            };
            messages.push(plain(role, text_of(item.get("content")?)?));
        }
        "function_call" => {
            let call_id = item.get("call_id")?.as_str()?;
            let name = item.get("name")?.as_str()?;
            let arguments = match item.get("arguments") {
                Some(Value::String(s)) => s.clone(),
                Some(other) => other.to_string(),
                None => String::new(),
            };
            push_call(messages, ToolCall::new(call_id, name, &arguments));
        }
        "function_call_output" => {
            let call_id = item.get("call_id")?.as_str()?;
            messages.push(Message::tool_result(call_id, text_of(item.get("output")?)?));
        }
        // Reasoning and other items carry nothing the model here reads.
        _ => {}
    }
    Some(())
}

fn anthropic_messages(value: &Value) -> Result<Vec<Message>, Refused> {
    let mut messages = Vec::new();
    if let Some(system) = value.get("system").and_then(text_of).filter(|s| !s.is_empty()) {
        messages.push(plain(Role::System, system));
    }
    let Some(list) = value.get("messages").and_then(Value::as_array).filter(|m| !m.is_empty()) else {
        return Err(Refused::NoMessages);
    };
    for (index, raw) in list.iter().enumerate() {
        anthropic_message(&mut messages, raw).ok_or(Refused::BadMessage { index })?;
    }
    Ok(messages)
}

/// One Messages message into the history: its text, its `tool_use` blocks as calls, its
/// `tool_result` blocks as tool messages. A result flagged `is_error` keeps the error in its
/// text (the chat form has no flag), so the model reads it as the failure it is.
fn anthropic_message(messages: &mut Vec<Message>, raw: &Value) -> Option<()> {
    let role = match raw.get("role")?.as_str()? {
        "user" => Role::User,
        "assistant" => Role::Assistant,
        _ => return None,
    };
    let blocks = match raw.get("content")? {
        Value::String(text) => vec![json!({ "type": "text", "text": text })],
        Value::Array(blocks) => blocks.clone(),
        _ => return None,
    };
    let mut text = String::new();
    let mut results = Vec::new();
    let mut calls = Vec::new();
    for block in &blocks {
        match block.get("type")?.as_str()? {
            "text" => text.push_str(block.get("text")?.as_str()?),
            "tool_use" if role == Role::Assistant => {
                let id = block.get("id")?.as_str()?;
                let name = block.get("name")?.as_str()?;
                let input = block.get("input").cloned().unwrap_or_else(|| json!({}));
                calls.push(ToolCall::new(id, name, &input.to_string()));
            }
            "tool_result" if role == Role::User => {
                let id = block.get("tool_use_id")?.as_str()?;
                let mut output = block.get("content").map_or(Some(String::new()), text_of)?;
                if block.get("is_error").and_then(Value::as_bool) == Some(true) && !output.starts_with(ERROR_PREFIX) {
                    output = format!("{ERROR_PREFIX}{output}");
                }
                results.push(Message::tool_result(id, output));
            }
            _ => {}
        }
    }
    match role {
        Role::Assistant => messages.push(Message {
            role,
            content: (!text.is_empty()).then_some(text),
            tool_calls: (!calls.is_empty()).then_some(calls),
            tool_call_id: None,
        }),
        Role::User | Role::System | Role::Tool => {
            let had_results = !results.is_empty();
            messages.extend(results);
            if !text.is_empty() || !had_results {
                messages.push(plain(role, text));
            }
        }
    }
    Some(())
}

// ---- Writing replies ----

/// The status each dialect gives an error kind: Anthropic says 529 where OpenAI says 503.
pub fn status_of(dialect: Dialect, kind: ErrorKind) -> u16 {
    match (dialect, kind) {
        (_, ErrorKind::RateLimit) => 429,
        (_, ErrorKind::ServerError) => 500,
        (_, ErrorKind::BadGateway) => 502,
        (Dialect::Messages, ErrorKind::Unavailable) => 529,
        (Dialect::Chat | Dialect::Responses, ErrorKind::Unavailable) => 503,
        (_, ErrorKind::Auth) => 401,
        (_, ErrorKind::BadRequest) => 400,
    }
}

/// The error `type` string the dialect's server writes for an error kind.
pub fn error_type(dialect: Dialect, kind: ErrorKind) -> &'static str {
    match (dialect, kind) {
        (Dialect::Messages, ErrorKind::RateLimit) => "rate_limit_error",
        (Dialect::Messages, ErrorKind::ServerError | ErrorKind::BadGateway) => "api_error",
        (Dialect::Messages, ErrorKind::Unavailable) => "overloaded_error",
        (Dialect::Messages, ErrorKind::Auth) => "authentication_error",
        (Dialect::Messages, ErrorKind::BadRequest) => "invalid_request_error",
        (Dialect::Chat | Dialect::Responses, ErrorKind::RateLimit) => "requests",
        (Dialect::Chat | Dialect::Responses, ErrorKind::ServerError | ErrorKind::BadGateway) => "server_error",
        (Dialect::Chat | Dialect::Responses, ErrorKind::Unavailable) => "server_error",
        (Dialect::Chat | Dialect::Responses, ErrorKind::Auth | ErrorKind::BadRequest) => "invalid_request_error",
    }
}

/// The words a server says with an error kind, and OpenAI's `code`.
fn stock_error(dialect: Dialect, kind: ErrorKind) -> (&'static str, Option<&'static str>) {
    match (dialect, kind) {
        (Dialect::Messages, ErrorKind::RateLimit) => ("Number of requests has exceeded your rate limit.", None),
        (Dialect::Messages, ErrorKind::ServerError) => ("Internal server error", None),
        (Dialect::Messages, ErrorKind::BadGateway) => ("Bad gateway", None),
        (Dialect::Messages, ErrorKind::Unavailable) => ("Overloaded", None),
        (Dialect::Messages, ErrorKind::Auth) => ("invalid x-api-key", None),
        (Dialect::Messages, ErrorKind::BadRequest) => {
            ("Invalid request: the server could not accept this request.", None)
        }
        (Dialect::Chat | Dialect::Responses, ErrorKind::RateLimit) => {
            ("Rate limit reached for requests. Please try again later.", Some("rate_limit_exceeded"))
        }
        (Dialect::Chat | Dialect::Responses, ErrorKind::ServerError) => {
            ("The server had an error while processing your request.", None)
        }
        (Dialect::Chat | Dialect::Responses, ErrorKind::BadGateway) => ("Bad gateway.", Some("bad_gateway")),
        (Dialect::Chat | Dialect::Responses, ErrorKind::Unavailable) => {
            ("The server is overloaded or not ready yet.", Some("service_unavailable"))
        }
        (Dialect::Chat | Dialect::Responses, ErrorKind::Auth) => {
            ("Incorrect API key provided. You can find your API key in your account settings.", Some("invalid_api_key"))
        }
        (Dialect::Chat | Dialect::Responses, ErrorKind::BadRequest) => {
            ("Invalid request: the server could not accept this request.", Some("invalid_request"))
        }
    }
}

pub(crate) fn headers_of(content_type: &str) -> BTreeMap<String, String> {
    let mut headers = BTreeMap::new();
    headers.insert("content-type".into(), content_type.into());
    if content_type == "text/event-stream" {
        headers.insert("cache-control".into(), "no-cache".into());
    }
    headers
}

pub(crate) fn json_reply(status: u16, value: Value) -> ServerReply {
    ServerReply::Answer { status, headers: headers_of("application/json"), body: value.to_string(), delay_ms: 0 }
}

/// An error as the dialect's server sends it: its status, its body (`{"error": {message, type,
/// param, code}}` for OpenAI, `{"type": "error", "error": {type, message}}` for Anthropic) and
/// the headers clients read: the wait a 429 asks for (`retry-after` in seconds everywhere,
/// `retry-after-ms` from OpenAI too) and `x-should-retry`. `message` replaces the stock words
/// (a refusal says what was wrong).
pub fn error_reply(dialect: Dialect, kind: ErrorKind, message: Option<&str>, retry_after_ms: u64) -> ServerReply {
    let (stock, code) = stock_error(dialect, kind);
    let message = message.unwrap_or(stock);
    let kind_name = error_type(dialect, kind);
    let body = match dialect {
        Dialect::Chat | Dialect::Responses => {
            json!({ "error": { "message": message, "type": kind_name, "param": null, "code": code } })
        }
        Dialect::Messages => json!({ "type": "error", "error": { "type": kind_name, "message": message } }),
    };
    let mut reply = json_reply(status_of(dialect, kind), body);
    if let ServerReply::Answer { headers, .. } = &mut reply {
        headers.insert("x-should-retry".into(), kind.may_pass_later().to_string());
        if kind == ErrorKind::RateLimit {
            headers.insert("retry-after".into(), retry_after_ms.div_ceil(1000).to_string());
            match dialect {
                Dialect::Chat | Dialect::Responses => {
                    headers.insert("retry-after-ms".into(), retry_after_ms.to_string());
                }
                Dialect::Messages => {}
            }
        }
    }
    reply
}

/// The server's own words in an error answer of the dialect: what a loop that shows the error
/// to the model would pass on.
pub fn error_message(dialect: Dialect, reply: &ServerReply) -> Option<String> {
    let ServerReply::Answer { body, .. } = reply else { return None };
    let value: Value = serde_json::from_str(body).ok()?;
    // Both shapes keep it at `error.message`: OpenAI's `{"error": {…}}` and Anthropic's
    // `{"type": "error", "error": {…}}`.
    let error = match dialect {
        Dialect::Chat | Dialect::Responses => value.get("error")?,
        Dialect::Messages => value.get("error")?,
    };
    error.get("message")?.as_str().map(str::to_string)
}

/// Cuts text into pieces of at most [`STREAM_PIECE_CHARS`] characters, on character boundaries.
pub(crate) fn pieces(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.chunks(STREAM_PIECE_CHARS).map(|c| c.iter().collect()).collect()
}

/// One SSE event with a name, as the Responses API and Messages send them.
fn named_event(name: &str, data: Value) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

/// The reply's text, its calls and its finish reason.
fn parts_of(response: &ChatResponse) -> (String, Vec<ToolCall>, String) {
    let Some(choice) = response.choices.first() else { return (String::new(), Vec::new(), FINISH_STOP.into()) };
    (
        choice.message.content.clone().unwrap_or_default(),
        choice.message.calls().to_vec(),
        choice.finish_reason.clone().unwrap_or_else(|| FINISH_STOP.into()),
    )
}

/// A reply in the Responses API's shape: output items (`message`, `function_call` with its
/// `call_id`), `status` (`incomplete` with `incomplete_details` when the token limit cut it) and
/// usage. The Responses API has no finish reason, so a reply that "stopped" with calls reads
/// like any reply with calls: that quirk has no form in this dialect.
pub fn responses_json(response: &ChatResponse, model: &str) -> Value {
    let id = response.id.clone().unwrap_or_default();
    let (text, calls, finish) = parts_of(response);
    let cut = finish == FINISH_LENGTH;
    let mut output = Vec::new();
    if !text.is_empty() || calls.is_empty() {
        output.push(message_item(&id, &text, if cut { "incomplete" } else { "completed" }));
    }
    output.extend(calls.iter().map(|c| function_call_item(c, &c.function.arguments, "completed")));
    let usage = response.usage.unwrap_or_default();
    json!({
        "id": id, "object": "response", "created_at": 0, "model": model,
        "status": if cut { "incomplete" } else { "completed" },
        "incomplete_details": if cut { json!({ "reason": "max_output_tokens" }) } else { Value::Null },
        "error": null, "output": output,
        "usage": { "input_tokens": usage.prompt_tokens, "output_tokens": usage.completion_tokens,
                   "total_tokens": usage.total_tokens },
    })
}

fn message_item(response_id: &str, text: &str, status: &str) -> Value {
    json!({ "id": format!("msg_{response_id}"), "type": "message", "status": status, "role": "assistant",
            "content": [{ "type": "output_text", "text": text, "annotations": [] }] })
}

fn function_call_item(call: &ToolCall, arguments: &str, status: &str) -> Value {
    json!({ "id": format!("fc_{}", call.id), "type": "function_call", "status": status, "call_id": call.id,
            "name": call.function.name, "arguments": arguments })
}

/// The Responses API's stream: `response.created` and `response.in_progress`, then each output
/// item opened (`response.output_item.added`), filled (`response.output_text.delta`,
/// `response.function_call_arguments.delta` then `.done`) and closed
/// (`response.output_item.done`), then `response.completed` (or `response.incomplete`) with the
/// whole response. No `[DONE]` line: the last event ends it.
pub fn responses_stream(response: &ChatResponse, model: &str) -> Vec<String> {
    let whole = responses_json(response, model);
    let mut seq = 0u32;
    let mut out = Vec::new();
    let mut push = |name: &str, mut data: Value| {
        data["type"] = json!(name);
        data["sequence_number"] = json!(seq);
        seq += 1;
        out.push(named_event(name, data));
    };
    let mut opening = whole.clone();
    opening["status"] = json!("in_progress");
    opening["output"] = json!([]);
    opening["incomplete_details"] = Value::Null;
    push("response.created", json!({ "response": opening.clone() }));
    push("response.in_progress", json!({ "response": opening }));
    let items = whole["output"].as_array().cloned().unwrap_or_default();
    for (index, item) in items.iter().enumerate() {
        let item_id = item["id"].clone();
        let mut open = item.clone();
        open["status"] = json!("in_progress");
        if item["type"] == "message" {
            open["content"] = json!([]);
            push("response.output_item.added", json!({ "output_index": index, "item": open }));
            let text = item["content"][0]["text"].as_str().unwrap_or_default().to_string();
            let part = json!({ "type": "output_text", "text": "", "annotations": [] });
            let at = json!({ "item_id": item_id, "output_index": index, "content_index": 0 });
            let with = |extra: Value| {
                let mut v = at.clone();
                for (k, x) in extra.as_object().cloned().unwrap_or_default() {
                    v[k] = x;
                }
                v
            };
            push("response.content_part.added", with(json!({ "part": part })));
            for piece in pieces(&text) {
                push("response.output_text.delta", with(json!({ "delta": piece })));
            }
            push("response.output_text.done", with(json!({ "text": text })));
            push("response.content_part.done", with(json!({ "part": item["content"][0] })));
        } else {
            open["arguments"] = json!("");
            push("response.output_item.added", json!({ "output_index": index, "item": open }));
            let arguments = item["arguments"].as_str().unwrap_or_default().to_string();
            for piece in pieces(&arguments) {
                push(
                    "response.function_call_arguments.delta",
                    json!({ "item_id": item_id, "output_index": index, "delta": piece }),
                );
            }
            push(
                "response.function_call_arguments.done",
                json!({ "item_id": item_id, "output_index": index, "arguments": arguments }),
            );
        }
        push("response.output_item.done", json!({ "output_index": index, "item": item }));
    }
    let last = if whole["status"] == "incomplete" { "response.incomplete" } else { "response.completed" };
    push(last, json!({ "response": whole }));
    out
}

/// Anthropic's `stop_reason` for a chat finish reason: `end_turn` for a stop, even with calls (a
/// server quirk takes exactly this form here).
fn stop_reason(finish: &str) -> &'static str {
    match finish {
        FINISH_TOOL_CALLS => "tool_use",
        FINISH_LENGTH => "max_tokens",
        _ => "end_turn",
    }
}

/// A reply in the Messages shape: content blocks (`text`, `tool_use` with its `input` object),
/// `stop_reason` and usage.
///
/// A whole (not streamed) Messages reply carries each call's `input` as a JSON object, so it
/// cannot carry arguments that are not JSON: the server gives such a reply a schema-breaking
/// `input` instead (see [`crate::yours::server`]). Were broken arguments to reach this point, the
/// `input` would be empty.
pub fn messages_json(response: &ChatResponse, model: &str) -> Value {
    let (text, calls, finish) = parts_of(response);
    let mut content = Vec::new();
    if !text.is_empty() {
        content.push(json!({ "type": "text", "text": text }));
    }
    for call in &calls {
        let input: Value = serde_json::from_str(&call.function.arguments).unwrap_or_else(|_| json!({}));
        content.push(json!({ "type": "tool_use", "id": call.id, "name": call.function.name, "input": input }));
    }
    let usage = response.usage.unwrap_or_default();
    json!({
        "id": response.id.clone().unwrap_or_default(), "type": "message", "role": "assistant",
        "content": content, "model": model, "stop_reason": stop_reason(&finish), "stop_sequence": null,
        "usage": { "input_tokens": usage.prompt_tokens, "output_tokens": usage.completion_tokens },
    })
}

/// The Messages stream: `message_start`, each block opened (`content_block_start`), filled
/// (`content_block_delta`: `text_delta`, or `input_json_delta` with the arguments' text as
/// `partial_json`, which is where broken JSON lives in this API) and closed
/// (`content_block_stop`), then `message_delta` with the stop reason and `message_stop`.
pub fn messages_stream(response: &ChatResponse, model: &str) -> Vec<String> {
    let (text, calls, finish) = parts_of(response);
    let usage = response.usage.unwrap_or_default();
    let mut out = Vec::new();
    let mut opening = messages_json(response, model);
    opening["content"] = json!([]);
    opening["stop_reason"] = Value::Null;
    opening["usage"]["output_tokens"] = json!(1);
    out.push(named_event("message_start", json!({ "type": "message_start", "message": opening })));
    let mut index = 0;
    if !text.is_empty() {
        let block = json!({ "type": "text", "text": "" });
        out.push(named_event(
            "content_block_start",
            json!({ "type": "content_block_start", "index": index, "content_block": block }),
        ));
        for piece in pieces(&text) {
            let delta = json!({ "type": "text_delta", "text": piece });
            out.push(named_event(
                "content_block_delta",
                json!({ "type": "content_block_delta", "index": index, "delta": delta }),
            ));
        }
        out.push(named_event("content_block_stop", json!({ "type": "content_block_stop", "index": index })));
        index += 1;
    }
    for call in &calls {
        let block = json!({ "type": "tool_use", "id": call.id, "name": call.function.name, "input": {} });
        out.push(named_event(
            "content_block_start",
            json!({ "type": "content_block_start", "index": index, "content_block": block }),
        ));
        for piece in pieces(&call.function.arguments) {
            let delta = json!({ "type": "input_json_delta", "partial_json": piece });
            out.push(named_event(
                "content_block_delta",
                json!({ "type": "content_block_delta", "index": index, "delta": delta }),
            ));
        }
        out.push(named_event("content_block_stop", json!({ "type": "content_block_stop", "index": index })));
        index += 1;
    }
    let delta = json!({ "stop_reason": stop_reason(&finish), "stop_sequence": null });
    out.push(named_event(
        "message_delta",
        json!({ "type": "message_delta", "delta": delta, "usage": { "output_tokens": usage.completion_tokens } }),
    ));
    out.push(named_event("message_stop", json!({ "type": "message_stop" })));
    out
}

// ---- Reading replies back, as the code that receives them does ----

fn bad(reason: BodyProblem) -> ProviderError {
    ProviderError::of(CallFailure::BadBody { reason })
}

fn reply_of(
    id: Option<String>,
    text: String,
    calls: Vec<ToolCall>,
    finish: &str,
    usage: Option<Usage>,
) -> ChatResponse {
    let message = Message {
        role: Role::Assistant,
        content: (!text.is_empty() || calls.is_empty()).then_some(text),
        tool_calls: (!calls.is_empty()).then_some(calls),
        tool_call_id: None,
    };
    ChatResponse { id, choices: vec![Choice { index: 0, message, finish_reason: Some(finish.into()) }], usage }
}

/// A whole 2xx body of the dialect, read as the code reads it, into the chat form.
pub fn read_answer(dialect: Dialect, body: &str) -> Result<ChatResponse, ProviderError> {
    let json = || serde_json::from_str::<Value>(body).map_err(|e| bad(BodyProblem::NotJson { detail: e.to_string() }));
    match dialect {
        Dialect::Chat => crate::run::http::parse_body(body),
        Dialect::Responses => read_responses_value(&json()?),
        Dialect::Messages => read_messages_value(&json()?),
    }
}

fn read_responses_value(value: &Value) -> Result<ChatResponse, ProviderError> {
    let Some(items) = value.get("output").and_then(Value::as_array) else {
        return Err(bad(BodyProblem::NotACompletion { detail: "no 'output' list".into() }));
    };
    let mut text = String::new();
    let mut calls = Vec::new();
    for item in items {
        match item.get("type").and_then(Value::as_str) {
            Some("message") => text
                .push_str(&item.get("content").and_then(Value::as_array).map(|p| text_of_parts(p)).unwrap_or_default()),
            Some("function_call") => {
                let field = |k: &str| item.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
                calls.push(ToolCall::new(&field("call_id"), &field("name"), &field("arguments")));
            }
            _ => {}
        }
    }
    let finish = if value.get("status").and_then(Value::as_str) == Some("incomplete") {
        FINISH_LENGTH
    } else if calls.is_empty() {
        FINISH_STOP
    } else {
        FINISH_TOOL_CALLS
    };
    let usage = value.get("usage").map(|u| {
        let n = |k: &str| u.get(k).and_then(Value::as_u64).unwrap_or(0) as u32;
        Usage {
            prompt_tokens: n("input_tokens"),
            completion_tokens: n("output_tokens"),
            total_tokens: n("total_tokens"),
        }
    });
    let id = value.get("id").and_then(Value::as_str).map(str::to_string);
    Ok(reply_of(id, text, calls, finish, usage))
}

fn finish_of_stop(stop: Option<&str>) -> &'static str {
    match stop {
        Some("tool_use") => FINISH_TOOL_CALLS,
        Some("max_tokens") => FINISH_LENGTH,
        _ => FINISH_STOP,
    }
}

fn anthropic_usage(input: u64, output: u64) -> Usage {
    Usage { prompt_tokens: input as u32, completion_tokens: output as u32, total_tokens: (input + output) as u32 }
}

fn read_messages_value(value: &Value) -> Result<ChatResponse, ProviderError> {
    let Some(blocks) = value.get("content").and_then(Value::as_array) else {
        return Err(bad(BodyProblem::NotACompletion { detail: "no 'content' list".into() }));
    };
    let mut text = String::new();
    let mut calls = Vec::new();
    for block in blocks {
        match block.get("type").and_then(Value::as_str) {
            Some("text") => text.push_str(block.get("text").and_then(Value::as_str).unwrap_or_default()),
            Some("tool_use") => {
                let field = |k: &str| block.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
                let input = block.get("input").cloned().unwrap_or_else(|| json!({}));
                calls.push(ToolCall::new(&field("id"), &field("name"), &input.to_string()));
            }
            _ => {}
        }
    }
    let finish = finish_of_stop(value.get("stop_reason").and_then(Value::as_str));
    let usage = value.get("usage").map(|u| {
        let n = |k: &str| u.get(k).and_then(Value::as_u64).unwrap_or(0);
        anthropic_usage(n("input_tokens"), n("output_tokens"))
    });
    let id = value.get("id").and_then(Value::as_str).map(str::to_string);
    Ok(reply_of(id, text, calls, finish, usage))
}

/// The JSON of each `data:` line of a stream, in order.
fn data_lines(chunks: &[String]) -> Result<Vec<Value>, ProviderError> {
    let all: String = chunks.concat();
    all.lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| serde_json::from_str(d).map_err(|e| bad(BodyProblem::ChunkNotJson { detail: e.to_string() })))
        .collect()
}

/// A whole SSE stream of the dialect, read as the code reads it, into the chat form.
pub fn read_stream(dialect: Dialect, chunks: &[String]) -> Result<ChatResponse, ProviderError> {
    match dialect {
        Dialect::Chat => {
            let mut parser = crate::run::sse::SseParser::new();
            for chunk in chunks {
                parser.feed(chunk.as_bytes()).map_err(|e| e.to_provider_error())?;
            }
            parser.finish().map_err(|e| e.to_provider_error())
        }
        Dialect::Responses => {
            let events = data_lines(chunks)?;
            let last = events.iter().rev().find(|e| {
                matches!(e.get("type").and_then(Value::as_str), Some("response.completed" | "response.incomplete"))
            });
            match last.and_then(|e| e.get("response")) {
                Some(response) => read_responses_value(response),
                None => Err(bad(BodyProblem::NotACompletion { detail: "the stream never completed".into() })),
            }
        }
        Dialect::Messages => read_messages_stream(&data_lines(chunks)?),
    }
}

fn read_messages_stream(events: &[Value]) -> Result<ChatResponse, ProviderError> {
    let mut id = None;
    let mut text = String::new();
    let mut calls: Vec<ToolCall> = Vec::new();
    let mut open_call: Option<usize> = None;
    let mut stop = None;
    let (mut input, mut output) = (0, 0);
    let mut stopped = false;
    for event in events {
        match event.get("type").and_then(Value::as_str) {
            Some("message_start") => {
                id = event["message"]["id"].as_str().map(str::to_string);
                input = event["message"]["usage"]["input_tokens"].as_u64().unwrap_or(0);
            }
            Some("content_block_start") => {
                let block = &event["content_block"];
                open_call = None;
                if block["type"] == "tool_use" {
                    let field = |k: &str| block[k].as_str().unwrap_or_default().to_string();
                    calls.push(ToolCall::new(&field("id"), &field("name"), ""));
                    open_call = Some(calls.len() - 1);
                }
            }
            Some("content_block_delta") => {
                let delta = &event["delta"];
                match delta["type"].as_str() {
                    Some("text_delta") => text.push_str(delta["text"].as_str().unwrap_or_default()),
                    Some("input_json_delta") => {
                        if let Some(k) = open_call {
                            calls[k].function.arguments.push_str(delta["partial_json"].as_str().unwrap_or_default());
                        }
                    }
                    _ => {}
                }
            }
            Some("message_delta") => {
                stop = event["delta"]["stop_reason"].as_str().map(str::to_string);
                output = event["usage"]["output_tokens"].as_u64().unwrap_or(output);
            }
            Some("message_stop") => stopped = true,
            Some("error") => {
                let message = event["error"]["message"].as_str().unwrap_or_default().to_string();
                return Err(bad(BodyProblem::ErrorMidStream { message }));
            }
            _ => {}
        }
    }
    if !stopped {
        return Err(bad(BodyProblem::NotACompletion { detail: "the stream never stopped".into() }));
    }
    // A tool_use block that streamed no JSON at all has an empty input object.
    for call in calls.iter_mut().filter(|c| c.function.arguments.is_empty()) {
        call.function.arguments = "{}".into();
    }
    Ok(reply_of(id, text, calls, finish_of_stop(stop.as_deref()), Some(anthropic_usage(input, output))))
}
