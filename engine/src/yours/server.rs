//! The page's own OpenAI-compatible server: what a learner's `fetch` reaches. The built-in model
//! answers behind the same [`FaultPlan`] as the playground, and every fault arrives the way a real
//! server sends it (a status with its headers and a JSON error body, a dropped connection, a
//! request that never answers, an SSE stream when asked), so the learner's code meets the
//! protocol and not a mock of it.
//!
//! The server has no idea of "turns" beyond what the request says: the turn is read from the
//! history the code sent ([`turn_of_body`]), so a loop that retries sends the same turn again and
//! gets the next attempt's fault, exactly as the engine's chaos decorator would give it.

use crate::run::builtin::{BuiltinModel, Personality};
use crate::run::chaos::{mangle, Fault, FaultPlan, SLOW_MS};
use crate::run::provider::CallContext;
use crate::run::script::Lang;
use crate::run::wire::{estimate_tokens, ChatResponse, Choice, Message, Usage, FINISH_STOP, FINISH_TOOL_CALLS};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The model name the server answers to when the request names none, and lists at `/models`.
pub const MODEL_ID: &str = "rusty-lock-builtin";

/// How many characters of text or arguments one streamed delta carries: small enough that a
/// reply arrives in several pieces, as a real stream does.
pub const STREAM_PIECE_CHARS: usize = 12;

/// One request the code sent, as the sandbox host hands it over.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HttpRequest {
    pub url: String,
    pub method: String,
    /// Lower-case names, in the order the code set them. Read from a JSON object (as the host
    /// sends them) or a list of pairs.
    #[serde(default, deserialize_with = "headers_in")]
    pub headers: Vec<(String, String)>,
    #[serde(default)]
    pub body: String,
    /// The virtual time the request was sent (the host's `t`).
    #[serde(default, alias = "t")]
    pub t_ms: u64,
}

fn headers_in<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Map(BTreeMap<String, String>),
        List(Vec<(String, String)>),
    }
    Ok(match Either::deserialize(d)? {
        Either::Map(map) => map.into_iter().map(|(k, v)| (k.to_ascii_lowercase(), v)).collect(),
        Either::List(list) => list,
    })
}

/// What the server does with a request: the shapes the sandbox host acts out (see the shared
/// contract): an answer, an SSE stream, a dropped connection, or no answer until the code aborts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ServerReply {
    #[serde(rename_all = "camelCase")]
    Answer { status: u16, headers: BTreeMap<String, String>, body: String, delay_ms: u64 },
    #[serde(rename_all = "camelCase")]
    Stream { status: u16, headers: BTreeMap<String, String>, chunks: Vec<String>, delay_ms: u64 },
    /// `fetch` rejects like a network failure.
    #[serde(rename_all = "camelCase")]
    Drop { delay_ms: u64 },
    /// `fetch` never settles until its signal aborts.
    Hang,
}

impl ServerReply {
    /// The virtual time between the request and its reply reaching the code (`None`: never).
    pub fn delay_ms(&self) -> Option<u64> {
        match self {
            ServerReply::Answer { delay_ms, .. }
            | ServerReply::Stream { delay_ms, .. }
            | ServerReply::Drop { delay_ms } => Some(*delay_ms),
            ServerReply::Hang => None,
        }
    }

    /// The HTTP status, when there is one.
    pub fn status(&self) -> Option<u16> {
        match self {
            ServerReply::Answer { status, .. } | ServerReply::Stream { status, .. } => Some(*status),
            _ => None,
        }
    }

    /// A header of the reply, by its lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        match self {
            ServerReply::Answer { headers, .. } | ServerReply::Stream { headers, .. } => {
                headers.get(name).map(String::as_str)
            }
            _ => None,
        }
    }
}

/// What a request is, by its method and path. Any host is answered: the code's base URL may name
/// any, and the runtime never makes a real request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Completion,
    Models,
    NotFound,
}

impl Route {
    pub fn of(method: &str, url: &str) -> Route {
        let path = url.split(['?', '#']).next().unwrap_or_default().trim_end_matches('/');
        let method = method.trim().to_ascii_uppercase();
        let method = if method.is_empty() { "GET".to_string() } else { method };
        if method == "POST" && path.ends_with("/chat/completions") {
            Route::Completion
        } else if method == "GET" && path.ends_with("/models") {
            Route::Models
        } else {
            Route::NotFound
        }
    }
}

/// The turn a completion request is for: 1 + the assistant messages in its history. `None` when
/// the body is not JSON with a `messages` array, which the server refuses with a 400. The one
/// reading of "which turn", shared by the server (to pick the fault) and the events (to name it).
pub fn turn_of_body(body: &str) -> Option<u32> {
    let value: Value = serde_json::from_str(body).ok()?;
    let messages = value.get("messages")?.as_array()?;
    let assistants = messages.iter().filter(|m| m.get("role").and_then(Value::as_str) == Some("assistant")).count();
    Some(1 + assistants as u32)
}

/// Why a completion request was refused before any model read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    NotJson,
    NoMessages,
    /// The message at this index is not a chat message (no role, an unknown one, content that
    /// is not text).
    BadMessage {
        index: usize,
    },
}

/// Reads a completion request's body: its messages (content given as an array of text parts is
/// joined, as servers accept it), whether it asks for a stream, and with usage.
pub fn read_body(body: &str) -> Result<Body, Refused> {
    let value: Value = serde_json::from_str(body).map_err(|_| Refused::NotJson)?;
    let Some(list) = value.get("messages").and_then(Value::as_array).filter(|m| !m.is_empty()) else {
        return Err(Refused::NoMessages);
    };
    let mut messages = Vec::with_capacity(list.len());
    for (index, raw) in list.iter().enumerate() {
        let mut raw = raw.clone();
        if let Some(parts) = raw.get("content").and_then(Value::as_array) {
            let text: String =
                parts.iter().filter_map(|p| p.get("text").and_then(Value::as_str)).collect::<Vec<_>>().join("");
            raw["content"] = Value::String(text);
        }
        let message: Message = serde_json::from_value(raw).map_err(|_| Refused::BadMessage { index })?;
        messages.push(message);
    }
    let stream = value.get("stream").and_then(Value::as_bool).unwrap_or(false);
    let include_usage =
        value.get("stream_options").and_then(|o| o.get("include_usage")).and_then(Value::as_bool).unwrap_or(false);
    let model = value.get("model").and_then(Value::as_str).unwrap_or(MODEL_ID).to_string();
    Ok(Body { messages, stream, include_usage, model })
}

/// A completion request, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub messages: Vec<Message>,
    pub stream: bool,
    pub include_usage: bool,
    pub model: String,
}

/// The server. One per run (a fresh one per report-card case), since it counts the attempts of
/// each turn.
#[derive(Clone, Debug)]
pub struct PageServer {
    model: BuiltinModel,
    plan: FaultPlan,
    /// Requests seen so far for each turn.
    attempts: BTreeMap<u32, u32>,
    requests: u32,
    /// The turn of the last completion the server gave (0 before any).
    last_reply_turn: u32,
}

impl PageServer {
    pub fn new(personality: Personality, lang: Lang, plan: FaultPlan) -> Self {
        PageServer {
            model: BuiltinModel::speaking(personality, lang),
            plan,
            attempts: BTreeMap::new(),
            requests: 0,
            last_reply_turn: 0,
        }
    }

    /// The turn of the last model reply the server gave: the turn a tool call the code makes
    /// now belongs to.
    pub fn last_reply_turn(&self) -> u32 {
        self.last_reply_turn
    }

    /// How many requests have come, of every kind.
    pub fn requests(&self) -> u32 {
        self.requests
    }

    /// Answers one request.
    pub fn answer(&mut self, req: &HttpRequest) -> ServerReply {
        self.requests += 1;
        match Route::of(&req.method, &req.url) {
            Route::Models => json_reply(
                200,
                json!({ "object": "list", "data": [{ "id": MODEL_ID, "object": "model", "owned_by": "rusty-lock" }] }),
            ),
            Route::NotFound => error_reply(
                404,
                "Not found: this server answers POST /chat/completions and GET /models.",
                "invalid_request_error",
                Some("not_found"),
            ),
            Route::Completion => self.complete(req),
        }
    }

    fn complete(&mut self, req: &HttpRequest) -> ServerReply {
        let body = match read_body(&req.body) {
            Ok(body) => body,
            Err(refused) => {
                let message = match refused {
                    Refused::NotJson => "The request body is not valid JSON.".to_string(),
                    Refused::NoMessages => "The request body has no 'messages' array, or it is empty.".to_string(),
                    Refused::BadMessage { index } => {
                        format!("messages[{index}] is not a chat message: it needs a 'role' (system, user, assistant or tool) and text 'content'.")
                    }
                };
                return error_reply(400, &message, "invalid_request_error", None);
            }
        };
        let turn = turn_of_body(&req.body).unwrap_or(1);
        let attempt = {
            let seen = self.attempts.entry(turn).or_insert(0);
            *seen += 1;
            *seen
        };
        let mut delay_ms = 0;
        match self.plan.server_fault(CallContext { turn, attempt }) {
            Some(Fault::RateLimited) => {
                let mut reply = error_reply(
                    429,
                    "Rate limit reached for requests. Please try again later.",
                    "requests",
                    Some("rate_limit_exceeded"),
                );
                let asked = self.plan.rate_limit_retry_after_ms();
                if let ServerReply::Answer { headers, .. } = &mut reply {
                    headers.insert("retry-after".into(), (asked.div_ceil(1000)).to_string());
                    headers.insert("retry-after-ms".into(), asked.to_string());
                }
                return reply;
            }
            Some(Fault::Http500) => {
                return error_reply(500, "The server had an error while processing your request.", "server_error", None)
            }
            Some(Fault::Http502) => return error_reply(502, "Bad gateway.", "server_error", Some("bad_gateway")),
            Some(Fault::Http503) => {
                return error_reply(
                    503,
                    "The server is overloaded or not ready yet.",
                    "server_error",
                    Some("service_unavailable"),
                )
            }
            Some(Fault::Unauthorized) => {
                return error_reply(
                    401,
                    "Incorrect API key provided. You can find your API key in your account settings.",
                    "invalid_request_error",
                    Some("invalid_api_key"),
                )
            }
            Some(Fault::BadRequest) => {
                return error_reply(
                    400,
                    "Invalid request: the server could not accept this request.",
                    "invalid_request_error",
                    Some("invalid_request"),
                )
            }
            Some(Fault::Dropped) => return ServerReply::Drop { delay_ms: 0 },
            Some(Fault::Hang) => return ServerReply::Hang,
            Some(Fault::Slow) => delay_ms = SLOW_MS,
            _ => {}
        }
        let message = self.model.decide(&body.messages);
        let finish = if message.calls().is_empty() { FINISH_STOP } else { FINISH_TOOL_CALLS };
        let mut response = ChatResponse {
            id: Some(format!("chatcmpl-rl-{}", self.requests)),
            choices: vec![Choice { index: 0, message, finish_reason: Some(finish.into()) }],
            usage: None,
        };
        if let Some(fault) = self.plan.model_fault(turn) {
            mangle(&mut response, fault);
        }
        // Estimated counts, as the page estimates them everywhere: a real server sends usage,
        // and loops read it.
        let prompt = estimate_tokens(&body.messages);
        let completion = estimate_tokens(std::slice::from_ref(&response.choices[0].message));
        response.usage =
            Some(Usage { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion });
        self.last_reply_turn = turn;
        if body.stream {
            ServerReply::Stream {
                status: 200,
                headers: headers_of("text/event-stream"),
                chunks: stream_chunks(&response, &body.model, body.include_usage),
                delay_ms,
            }
        } else {
            let mut value = serde_json::to_value(&response).unwrap_or(Value::Null);
            value["object"] = json!("chat.completion");
            value["created"] = json!(0);
            value["model"] = json!(body.model);
            let mut reply = json_reply(200, value);
            if let ServerReply::Answer { delay_ms: d, .. } = &mut reply {
                *d = delay_ms;
            }
            reply
        }
    }
}

fn headers_of(content_type: &str) -> BTreeMap<String, String> {
    let mut headers = BTreeMap::new();
    headers.insert("content-type".into(), content_type.into());
    if content_type == "text/event-stream" {
        headers.insert("cache-control".into(), "no-cache".into());
    }
    headers
}

fn json_reply(status: u16, value: Value) -> ServerReply {
    ServerReply::Answer { status, headers: headers_of("application/json"), body: value.to_string(), delay_ms: 0 }
}

/// An error as OpenAI-compatible servers write it: `{"error": {message, type, param, code}}`. The
/// message is the server's, in English as real servers write it; the page never shows it as its
/// own words.
fn error_reply(status: u16, message: &str, kind: &str, code: Option<&str>) -> ServerReply {
    json_reply(status, json!({ "error": { "message": message, "type": kind, "param": null, "code": code } }))
}

/// Cuts text into pieces of at most [`STREAM_PIECE_CHARS`] characters, on character boundaries.
fn pieces(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.chunks(STREAM_PIECE_CHARS).map(|c| c.iter().collect()).collect()
}

/// The SSE events a real server sends for `response` when asked to stream: the role, the text in
/// pieces, each tool call opened with its index, id and name and then its arguments in pieces,
/// the finish reason, the usage if asked, and `data: [DONE]`. Each chunk is one whole event.
pub fn stream_chunks(response: &ChatResponse, model: &str, include_usage: bool) -> Vec<String> {
    let id = response.id.clone().unwrap_or_default();
    let event = |choices: Value, usage: Option<Value>| {
        let mut chunk =
            json!({ "id": id, "object": "chat.completion.chunk", "created": 0, "model": model, "choices": choices });
        if let Some(usage) = usage {
            chunk["usage"] = usage;
        }
        format!("data: {chunk}\n\n")
    };
    let delta = |d: Value| json!([{ "index": 0, "delta": d, "finish_reason": null }]);
    let mut out = Vec::new();
    let Some(choice) = response.choices.first() else {
        out.push("data: [DONE]\n\n".to_string());
        return out;
    };
    out.push(event(delta(json!({ "role": "assistant", "content": "" })), None));
    for piece in pieces(choice.message.content.as_deref().unwrap_or_default()) {
        out.push(event(delta(json!({ "content": piece })), None));
    }
    for (index, call) in choice.message.calls().iter().enumerate() {
        let opening = json!({ "tool_calls": [{ "index": index, "id": call.id, "type": "function",
            "function": { "name": call.function.name, "arguments": "" } }] });
        out.push(event(delta(opening), None));
        for piece in pieces(&call.function.arguments) {
            let more = json!({ "tool_calls": [{ "index": index, "function": { "arguments": piece } }] });
            out.push(event(delta(more), None));
        }
    }
    out.push(event(json!([{ "index": 0, "delta": {}, "finish_reason": choice.finish_reason }]), None));
    if include_usage {
        out.push(event(json!([]), response.usage.map(|u| serde_json::to_value(u).unwrap_or(Value::Null))));
    }
    out.push("data: [DONE]\n\n".to_string());
    out
}
