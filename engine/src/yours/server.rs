//! The page's own model server: what a learner's `fetch` reaches. The built-in model answers
//! behind the same [`FaultPlan`] as the playground, and every fault arrives the way a real server
//! sends it (a status with its headers and error body, a dropped connection, a request that never
//! answers, an SSE stream when asked), so the learner's code meets the protocol and not a mock of
//! it. It speaks three APIs, by the request's path (see [`crate::yours::dialect`]): each request
//! is read into one [`Body`], the model and each fault's [`Effect`] act on that once, and the
//! reply is written in the request's own dialect.
//!
//! The server has no idea of "turns" beyond what the request says: the turn is read from the
//! history the code sent (or, for the Responses API's `previous_response_id`, the history the
//! server kept), so a loop that retries sends the same turn again and gets the next attempt's
//! fault, exactly as the engine's chaos decorator would give it.

use crate::run::builtin::{BuiltinModel, Personality};
use crate::run::chaos::{mangle, Effect, ErrorKind, Fault, FaultPlan, Mangling};
use crate::run::errand::Errand;
use crate::run::provider::CallContext;
use crate::run::script::Lang;
use crate::run::wire::{estimate_tokens, ChatResponse, Choice, Message, Role, Usage, FINISH_STOP, FINISH_TOOL_CALLS};
use crate::yours::dialect::{
    error_reply, headers_of, json_reply, messages_json, messages_stream, pieces, read_request, responses_json,
    responses_stream,
};
pub use crate::yours::dialect::{Body, Dialect, Refused};
/// The reply's shape lives below both the server and the dialects that write it; named here too.
pub use crate::yours::reply::{ServerReply, MODEL_ID, STREAM_PIECE_CHARS};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

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

/// What a request is, by its method and path. Any host is answered: the code's base URL may name
/// any, and the runtime never makes a real request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// A model request, in the dialect its path speaks.
    Model(Dialect),
    Models,
    NotFound,
}

impl Route {
    pub fn of(method: &str, url: &str) -> Route {
        let path = url.split(['?', '#']).next().unwrap_or_default().trim_end_matches('/');
        let method = method.trim().to_ascii_uppercase();
        let method = if method.is_empty() { "GET".to_string() } else { method };
        match Dialect::of_path(path) {
            Some(dialect) if method == "POST" => Route::Model(dialect),
            _ if method == "GET" && path.ends_with("/models") => Route::Models,
            _ => Route::NotFound,
        }
    }
}

/// The turn a Chat Completions request is for: 1 + the assistant messages in its history. `None`
/// when the body is not JSON with a `messages` array. (A request of any dialect is read whole
/// with [`read_request`]; [`Body::turn`] is the same count.)
pub fn turn_of_body(body: &str) -> Option<u32> {
    let value: Value = serde_json::from_str(body).ok()?;
    let messages = value.get("messages")?.as_array()?;
    let assistants = messages.iter().filter(|m| m.get("role").and_then(Value::as_str) == Some("assistant")).count();
    Some(1 + assistants as u32)
}

/// Reads a Chat Completions request's body: its messages (content given as an array of text
/// parts is joined, as servers accept it), its tools, whether it asks for a stream, and with usage.
pub fn read_body(body: &str) -> Result<Body, Refused> {
    read_request(Dialect::Chat, body, &[], &|_| None)
}

/// What the server read of a model request, kept with it so the page reads the same history the
/// model read (in the Responses API part of it lives only on the server).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Heard {
    pub turn: u32,
    pub messages: Vec<Message>,
    /// The tools the request declared, by name, when they were not the page's own: the errand
    /// answered, not the adventure. `None`: the adventure (and every older record).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errand: Option<Vec<String>>,
}

impl Heard {
    /// What a request said, read whatever its dialect.
    pub fn of(body: &Body) -> Heard {
        let errand = body.errand().then(|| body.tools.iter().map(|t| t.function.name.clone()).collect());
        Heard { turn: body.turn(), messages: body.messages.clone(), errand }
    }
}

/// The server. One per run (a fresh one per report-card case), since it counts the attempts of
/// each turn and keeps the Responses API's conversations.
#[derive(Clone, Debug)]
pub struct PageServer {
    model: BuiltinModel,
    plan: FaultPlan,
    /// Requests seen so far for each turn.
    attempts: BTreeMap<u32, u32>,
    requests: u32,
    /// The turn of the last completion the server gave (0 before any).
    last_reply_turn: u32,
    /// The Responses API's memory: each response's id, and the whole conversation up to and with
    /// it (the instructions left out: they are not carried to the next response).
    kept: BTreeMap<String, Vec<Message>>,
    /// The language the run is held in: what any model the server asks speaks.
    lang: Lang,
}

impl PageServer {
    pub fn new(personality: Personality, lang: Lang, plan: FaultPlan) -> Self {
        PageServer {
            model: BuiltinModel::speaking(personality, lang),
            plan,
            attempts: BTreeMap::new(),
            requests: 0,
            last_reply_turn: 0,
            kept: BTreeMap::new(),
            lang,
        }
    }

    /// The turn of the last model reply the server gave: the turn a tool call the code makes
    /// now belongs to.
    pub fn last_reply_turn(&self) -> u32 {
        self.last_reply_turn
    }

    /// The language the run is held in.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// How many requests have come, of every kind.
    pub fn requests(&self) -> u32 {
        self.requests
    }

    /// Answers one request.
    pub fn answer(&mut self, req: &HttpRequest) -> ServerReply {
        self.answer_heard(req).0
    }

    /// Answers one request, and tells what was read of it when it was a model request the
    /// server could read.
    pub fn answer_heard(&mut self, req: &HttpRequest) -> (ServerReply, Option<Heard>) {
        self.requests += 1;
        match Route::of(&req.method, &req.url) {
            Route::Models => (
                json_reply(
                    200,
                    json!({ "object": "list", "data": [{ "id": MODEL_ID, "object": "model", "owned_by": "rusty-lock" }] }),
                ),
                None,
            ),
            Route::NotFound => (
                json_reply(
                    404,
                    json!({ "error": { "message": "Not found: this server answers POST /chat/completions, POST /responses, POST /v1/messages and GET /models.",
                        "type": "invalid_request_error", "param": null, "code": "not_found" } }),
                ),
                None,
            ),
            Route::Model(dialect) => self.complete(dialect, req),
        }
    }

    /// The one place a model is asked, with the request already read whatever its dialect. The
    /// tools the request declares choose it: the page's own `look_at` and `use` get the
    /// adventure; any other set (or none) gets the errand, which runs the loop's own tools (or
    /// says, once, that it works through tools). Everything after (the faults, usage, each
    /// dialect's shape) applies to its message as is.
    fn model_message(&self, body: &Body) -> Message {
        if body.errand() {
            Errand::speaking(self.lang()).decide(&body.tools, &body.messages)
        } else {
            self.model.decide(&body.messages)
        }
    }

    fn complete(&mut self, dialect: Dialect, req: &HttpRequest) -> (ServerReply, Option<Heard>) {
        let kept = &self.kept;
        let body = match read_request(dialect, &req.body, &req.headers, &|id| kept.get(id).cloned()) {
            Ok(body) => body,
            Err(refused) => {
                let message = refused.message(dialect);
                return (error_reply(dialect, ErrorKind::BadRequest, Some(&message), 0), None);
            }
        };
        let turn = body.turn();
        let heard = Some(Heard::of(&body));
        let attempt = {
            let seen = self.attempts.entry(turn).or_insert(0);
            *seen += 1;
            *seen
        };
        let mut delay_ms = 0;
        match self.plan.server_fault(CallContext { turn, attempt }).map(Fault::effect) {
            Some(Effect::Status { kind, .. }) => {
                let asked = self.plan.rate_limit_retry_after_ms();
                return (error_reply(dialect, kind, None, asked), heard);
            }
            Some(Effect::Drop) => return (ServerReply::Drop { delay_ms: 0 }, heard),
            Some(Effect::Hang) => return (ServerReply::Hang, heard),
            Some(Effect::Slow { ms }) => delay_ms = ms,
            // Acted out on the reply, by the tools or by a harness: not the server's part.
            Some(Effect::Mangle(_) | Effect::LoseToolReply | Effect::HarnessBug) | None => {}
        }
        let message = self.model_message(&body);
        let finish = if message.calls().is_empty() { FINISH_STOP } else { FINISH_TOOL_CALLS };
        let id = match dialect {
            Dialect::Chat => format!("chatcmpl-rl-{}", self.requests),
            Dialect::Responses => format!("resp_rl_{}", self.requests),
            Dialect::Messages => format!("msg_rl_{}", self.requests),
        };
        let mut response = ChatResponse {
            id: Some(id.clone()),
            choices: vec![Choice { index: 0, message, finish_reason: Some(finish.into()) }],
            usage: None,
        };
        if let Some(Effect::Mangle(how)) = self.plan.model_fault(turn).map(Fault::effect) {
            let how = in_dialect(dialect, body.stream, how);
            let call = response.choices.first_mut().and_then(|c| c.message.tool_calls.as_mut()?.first_mut());
            match (how, call) {
                // The loop's own tools: the call is broken against their schemas, not the adventure's.
                (
                    Mangling::BadJson | Mangling::UnknownTool | Mangling::SchemaInvalid | Mangling::MissingArg,
                    Some(call),
                ) if body.errand() => Errand::break_call(call, how, &body.tools),
                _ => mangle(&mut response, how),
            }
        }
        // Estimated counts, as the page estimates them everywhere: a real server sends usage,
        // and loops read it.
        let prompt = estimate_tokens(&body.messages);
        let completion = estimate_tokens(std::slice::from_ref(&response.choices[0].message));
        response.usage =
            Some(Usage { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion });
        self.last_reply_turn = turn;
        if dialect == Dialect::Responses {
            let mut conversation: Vec<Message> =
                body.messages.iter().filter(|m| m.role != Role::System).cloned().collect();
            conversation.push(response.choices[0].message.clone());
            self.kept.insert(id, conversation);
        }
        let reply = match (dialect, body.stream) {
            (_, true) => ServerReply::Stream {
                status: 200,
                headers: headers_of("text/event-stream"),
                chunks: match dialect {
                    Dialect::Chat => stream_chunks(&response, &body.model, body.include_usage),
                    Dialect::Responses => responses_stream(&response, &body.model),
                    Dialect::Messages => messages_stream(&response, &body.model),
                },
                delay_ms,
            },
            (Dialect::Chat, false) => {
                let mut value = serde_json::to_value(&response).unwrap_or(Value::Null);
                value["object"] = json!("chat.completion");
                value["created"] = json!(0);
                value["model"] = json!(body.model);
                with_delay(json_reply(200, value), delay_ms)
            }
            (Dialect::Responses, false) => {
                with_delay(json_reply(200, responses_json(&response, &body.model)), delay_ms)
            }
            (Dialect::Messages, false) => with_delay(json_reply(200, messages_json(&response, &body.model)), delay_ms),
        };
        (reply, heard)
    }
}

/// The form a model fault takes in a dialect. A whole Messages reply carries a call's `input` as
/// a JSON object, so it cannot carry arguments that are not JSON: there broken JSON becomes an
/// `input` that breaks the schema, the nearest damage that API can deliver. Streamed, the broken
/// text travels in `input_json_delta` as it is.
pub fn in_dialect(dialect: Dialect, stream: bool, how: Mangling) -> Mangling {
    match how {
        Mangling::BadJson => match (dialect, stream) {
            (Dialect::Messages, false) => Mangling::SchemaInvalid,
            (Dialect::Messages, true) | (Dialect::Chat | Dialect::Responses, _) => Mangling::BadJson,
        },
        Mangling::UnknownTool
        | Mangling::SchemaInvalid
        | Mangling::MissingArg
        | Mangling::StopWithCalls
        | Mangling::CutAtLength => how,
    }
}

fn with_delay(mut reply: ServerReply, delay: u64) -> ServerReply {
    if let ServerReply::Answer { delay_ms, .. } = &mut reply {
        *delay_ms = delay;
    }
    reply
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
