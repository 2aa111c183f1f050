//! What the page saw of a learner's loop, and the playground's events read from it.
//!
//! The page records only behaviour: each request and the reply it got, each abort, each tool
//! call and its result, the logs and the end. [`events_of`] turns that into the same
//! [`Event`]s the engine's own loops emit, so the scene, the log, the board and the verdict draw
//! the learner's loop exactly as they draw ours. Which layer handled a failure is read from what
//! happened next: the same turn asked again after a wait is your code; a tool error found in the
//! next request's history is the model; a run that ended there is nobody.
//!
//! It is a pure function of what was observed so far: while a run is live, the last failure
//! reads as nobody's until the next request shows otherwise.

use crate::run::builtin::{reads_as_failure, room_as_read};
use crate::run::config::Guards;
use crate::run::errand::{meaning_of_result, ResultMeaning};
use crate::run::events::{Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome, Quirk};
use crate::run::http::error_for_status;
use crate::run::provider::{CallFailure, ProviderError, WaitReason};
use crate::run::script::{script, Lang, ERROR_PREFIX};
use crate::run::tools::{run_tool, ToolErrorKind};
use crate::run::wire::{estimate_tokens, ChatResponse, Message, Role, ToolCall, FINISH_TOOL_CALLS};
use crate::run::world::Room;
use crate::yours::dialect::{read_answer, read_request, read_stream, Dialect};
use crate::yours::server::{turn_of_body, Heard, Route, ServerReply};
use crate::yours::tools::kind_of_error;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One thing the page saw the code do, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Observed {
    /// A request reached the page's server, and this is the reply it was given.
    #[serde(rename_all = "camelCase")]
    Request {
        id: u64,
        t_ms: u64,
        #[serde(default)]
        url: String,
        #[serde(default)]
        method: String,
        body: String,
        reply: ServerReply,
        /// What the server read of it (its turn and the whole history the model read), when it
        /// was a model request it could read: the history of a Responses request that continues
        /// a kept conversation is not in its body. Older records have none and are read again
        /// from the body.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        heard: Option<Heard>,
    },
    /// The code aborted request `id` (its `AbortSignal` fired).
    #[serde(rename_all = "camelCase")]
    Aborted { id: u64, t_ms: u64 },
    /// The code called `fetch` with a signal that had already fired (one `AbortController`
    /// kept across retries): `fetch` rejected at once and nothing reached the server. `body` is
    /// what it would have sent.
    #[serde(rename_all = "camelCase")]
    SpentSignal {
        t_ms: u64,
        #[serde(default)]
        url: String,
        #[serde(default)]
        body: String,
    },
    /// The code called a tool; `args` is the JSON text of what it passed; `room` is the room
    /// after the call.
    #[serde(rename_all = "camelCase")]
    Tool { id: u64, t_ms: u64, name: String, args: String, result: ToolResult, room: Room },
    #[serde(rename_all = "camelCase")]
    Log { t_ms: u64, level: LogLevel, text: String },
    #[serde(rename_all = "camelCase")]
    End { t_ms: u64, how: End },
    /// Where in the code request or tool call `id` was made: the lines of its frames in the
    /// code, innermost first (a helper's line, then its caller's). Recorded after the call.
    Site { of: SiteOf, id: u64, lines: Vec<u32> },
}

/// What a [`Observed::Site`] is the place of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SiteOf {
    Request,
    Tool,
}

/// The lines of the code where request or tool call `id` was made, innermost first: empty
/// when the sandbox did not tell.
pub fn site_of(observed: &[Observed], of: SiteOf, id: u64) -> &[u32] {
    observed
        .iter()
        .find_map(|o| match o {
            Observed::Site { of: o_of, id: o_id, lines } if *o_of == of && *o_id == id => Some(lines.as_slice()),
            _ => None,
        })
        .unwrap_or(&[])
}

/// What a tool call gave the code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ToolResult {
    Returned {
        output: String,
    },
    /// The tool threw an `Error` with this message.
    Threw {
        message: String,
    },
}

impl From<Result<String, String>> for ToolResult {
    fn from(r: Result<String, String>) -> Self {
        match r {
            Ok(output) => ToolResult::Returned { output },
            Err(message) => ToolResult::Threw { message },
        }
    }
}

/// The `console` method a log line came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    Log,
    Debug,
    Info,
    Warn,
    Error,
}

/// How the code's run ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum End {
    /// `runAgent` returned; `value` when it returned a string.
    Returned {
        #[serde(default)]
        value: Option<String>,
    },
    Threw {
        message: String,
        /// The line of the learner's code it was thrown at (the editor's line: the type
        /// stripper keeps every line in place), when the error's stack tells it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<u32>,
        /// What the page recognised in it: a mistake in how the code meets the page, rather
        /// than a failure the page played.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mistake: Option<Mistake>,
    },
    /// The code defined no `runAgent` (nor `run_agent`) and its top level asked nothing of the
    /// server: the page had nothing to run. `found` names the functions it did define, for the
    /// learner to rename one.
    NoAgent {
        #[serde(default)]
        found: Vec<String>,
    },
    /// Nothing scheduled, no request pending, and the program never settled.
    Stalled,
    /// The code kept the thread past the real-time budget; the page tore its sandbox down.
    #[serde(rename_all = "camelCase")]
    Blocked { budget_ms: u64 },
    /// Virtual time ran past the page's limit.
    TimeLimit,
    /// The page stopped a run that sent more requests than any run needs.
    TooManyRequests,
    /// The user pressed Stop.
    Stopped,
    /// The sandbox could not run the code at all.
    SandboxError { message: String },
}

/// A mistake in how the code meets the page, recognised in what it threw. Data only: the page
/// words it, with what to write instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Mistake {
    /// `import` or `require` of a package (`openai`, `node:fs`): the page has none, it gives
    /// `fetch` and the tools instead.
    Package { name: String },
    /// `process` (`process.env.OPENAI_API_KEY`): there is no Node here; `LLM` holds the key,
    /// the base URL and the model.
    Process,
    /// An error the JavaScript engine itself raised at a line of the code (a `TypeError`, a
    /// `ReferenceError`...): a bug in the code, not a failure the page played. `name` is the
    /// error's name.
    Bug { name: String },
    /// `input()` (or `prompt()`) before any request: the code waits for a person at a keyboard,
    /// and nobody types here. The page gives the task to `run_agent(task)` instead.
    Input,
    /// `document`, `window` or another name of a web page's own: code written for a page's DOM,
    /// run where there is none. `name` is the name it reached for.
    WebPage { name: String },
}

impl End {
    /// A throw with nothing more known of it: no line, no mistake recognised.
    pub fn threw(message: impl Into<String>) -> End {
        End::Threw { message: message.into(), line: None, mistake: None }
    }

    /// The run's outcome, in the playground's words: only a return is an answer.
    pub fn outcome(&self, t_ms: u64, requests: u32) -> Outcome {
        let failed = |reason| Outcome::Failed { reason };
        match self {
            End::Returned { value } => Outcome::Answered { text: value.clone().unwrap_or_default() },
            End::Threw { message, .. } => failed(FailReason::Threw { message: message.clone() }),
            End::NoAgent { found } => failed(FailReason::NoAgent { found: found.clone() }),
            End::Stalled => failed(FailReason::Stalled),
            End::Blocked { budget_ms } => failed(FailReason::Blocked { budget_ms: *budget_ms }),
            End::TimeLimit => failed(FailReason::TimeLimit { after_ms: t_ms }),
            End::TooManyRequests => failed(FailReason::TooManyRequests { requests }),
            End::Stopped => Outcome::Cancelled,
            End::SandboxError { message } => failed(FailReason::SandboxError { message: message.clone() }),
        }
    }
}

/// What the code got back from one request.
#[derive(Clone, Debug, PartialEq)]
pub enum Got {
    Reply(ChatResponse),
    /// A failure, reaching the code at `at_ms`.
    Failed {
        failure: CallFailure,
        retry_after_ms: Option<u64>,
        at_ms: u64,
        aborted: bool,
    },
    /// No answer yet, and no abort: the code is still waiting.
    Pending,
}

/// One model request, read: its place in the run and what it got.
#[derive(Clone, Debug)]
pub struct ModelRequest {
    /// Its index in the observed list.
    pub at: usize,
    pub id: u64,
    pub t_ms: u64,
    pub turn: u32,
    pub attempt: u32,
    /// Every request of this turn, this one included, in the whole list.
    pub attempts: u32,
    /// The API it spoke, by its path.
    pub dialect: Dialect,
    /// The history it sent, when its body could be read.
    pub messages: Option<Vec<Message>>,
    /// The tools it declared, by name, when they were the loop's own: the errand answered it.
    pub errand: Option<Vec<String>>,
    pub got: Got,
    pub reply: ServerReply,
}

/// What a reply means to the code that receives it, in the dialect it was asked in: the same
/// reading the engine's HTTP provider gives a status, its headers and its body (or its stream).
pub fn read_reply(dialect: Dialect, reply: &ServerReply) -> Option<Result<ChatResponse, ProviderError>> {
    match reply {
        ServerReply::Hang => None,
        ServerReply::Drop { .. } => Some(Err(ProviderError::of(CallFailure::Network))),
        ServerReply::Answer { status, headers, body, .. } => {
            let header = |name: &str| headers.get(&name.to_ascii_lowercase()).cloned();
            if let Some(err) = error_for_status(*status, &header, 0) {
                return Some(Err(err));
            }
            Some(read_answer(dialect, body))
        }
        ServerReply::Stream { status, headers, chunks, .. } => {
            let header = |name: &str| headers.get(&name.to_ascii_lowercase()).cloned();
            if let Some(err) = error_for_status(*status, &header, 0) {
                return Some(Err(err));
            }
            Some(read_stream(dialect, chunks))
        }
    }
}

/// The model requests of a run (a `GET /models` is not one), with their turns and attempts.
pub fn model_requests(observed: &[Observed]) -> Vec<ModelRequest> {
    let mut out: Vec<ModelRequest> = Vec::new();
    let mut last_turn = 0;
    for (at, o) in observed.iter().enumerate() {
        let Observed::Request { id, t_ms, url, method, body, reply, heard } = o else { continue };
        let dialect = match Route::of(method, url) {
            Route::Models => continue,
            Route::Model(dialect) => dialect,
            // Answered with a 404, which reads the same in every dialect.
            Route::NotFound => Dialect::Chat,
        };
        // What the server heard; for older records, the body read again (a kept Responses
        // conversation cannot be, so its turn counts from what the body holds). The record keeps
        // no headers, and the server already checked Messages' version header, so it is granted.
        let heard = heard.clone().or_else(|| {
            read_request(dialect, body, &[("anthropic-version".into(), String::new())], &|_| Some(Vec::new()))
                .ok()
                .map(|b| Heard::of(&b))
        });
        // A body the server refused still meant to ask for the next turn.
        let turn = heard.as_ref().map(|h| h.turn).or_else(|| turn_of_body(body)).unwrap_or(last_turn.max(1));
        let attempt = out.iter().filter(|r| r.turn == turn).count() as u32 + 1;
        let (messages, errand) = heard.map_or((None, None), |h| (Some(h.messages), h.errand));
        let delay = reply.delay_ms();
        let aborted_at = observed[at..].iter().find_map(|o| match o {
            Observed::Aborted { id: a, t_ms: t } if a == id => Some(*t),
            _ => None,
        });
        // An abort counts only if it came before the reply reached the code.
        let aborted_at = aborted_at.filter(|a| delay.is_none_or(|d| *a < t_ms.saturating_add(d)));
        let got = match (aborted_at, read_reply(dialect, reply)) {
            (Some(a), _) => {
                Got::Failed { failure: CallFailure::Timeout, retry_after_ms: None, at_ms: a, aborted: true }
            }
            (None, None) => Got::Pending,
            (None, Some(Ok(response))) => Got::Reply(response),
            (None, Some(Err(err))) => Got::Failed {
                failure: err.failure,
                retry_after_ms: err.retry_after_ms,
                at_ms: t_ms.saturating_add(delay.unwrap_or(0)),
                aborted: false,
            },
        };
        if let Got::Reply(_) = got {
            last_turn = turn + 1;
        } else {
            last_turn = turn;
        }
        out.push(ModelRequest {
            at,
            id: *id,
            t_ms: *t_ms,
            turn,
            attempt,
            attempts: 0,
            dialect,
            messages,
            errand,
            got,
            reply: reply.clone(),
        });
    }
    let counts: Vec<u32> = out.iter().map(|r| out.iter().filter(|o| o.turn == r.turn).count() as u32).collect();
    for (r, n) in out.iter_mut().zip(counts) {
        r.attempts = n;
    }
    out
}

/// The tool message answering `call_id` in a history, if any.
pub fn result_in<'a>(messages: &'a [Message], call_id: &str) -> Option<&'a Message> {
    messages.iter().find(|m| m.role == Role::Tool && m.tool_call_id.as_deref() == Some(call_id))
}

/// Whether two argument texts say the same thing (JSON-equal, or the same text).
fn same_args(a: &str, b: &str) -> bool {
    match (serde_json::from_str::<Value>(a), serde_json::from_str::<Value>(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a.trim() == b.trim(),
    }
}

/// How the code's tools met the page's, read from what it did: what the line under the editor
/// says, and what tells the card to judge the room from what the model read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolsUsed {
    /// Tools the model called that the code ran itself: their results reached the model, but
    /// the page never ran a tool of that name. In the order the model first called them.
    pub own: Vec<String>,
    /// The page's tools the code called beside its own ones: names it uses without defining
    /// them (a `lookAt` it never wrote), so the page's stood in. Empty when it runs no tool of
    /// its own: then every tool is the page's, as meant.
    pub page_stood_in: Vec<String>,
    /// A request sent an empty `tools` list (a placeholder such as `toolSchemas = []`): the
    /// page's server answered as if the page's schemas had come.
    pub empty_schemas: bool,
}

impl ToolsUsed {
    /// Whether the code runs tools of its own instead of the page's.
    pub fn runs_own(&self) -> bool {
        !self.own.is_empty()
    }

    /// Whether there is anything for the page to say about it.
    pub fn worth_saying(&self) -> bool {
        self.runs_own() || self.empty_schemas
    }

    /// Both runs' findings together (the cases of one report card).
    pub fn merge(&mut self, other: &ToolsUsed) {
        for name in &other.own {
            if !self.own.contains(name) {
                self.own.push(name.clone());
            }
        }
        for name in &other.page_stood_in {
            if !self.page_stood_in.contains(name) {
                self.page_stood_in.push(name.clone());
            }
        }
        self.page_stood_in.retain(|n| !self.own.contains(n));
        self.empty_schemas |= other.empty_schemas;
    }
}

/// Whose tools the code ran. A tool is the code's own when the model called it, the result
/// came back in a later request's history, and the page never ran a tool of that name; a call
/// the page's tools would have refused (a tool that does not exist, broken JSON, arguments
/// outside the schema: the faults the model's replies carry) says nothing either way.
pub fn tools_used(observed: &[Observed], lang: Lang) -> ToolsUsed {
    let requests = model_requests(observed);
    let mut page_ran: Vec<String> = Vec::new();
    for o in observed {
        if let Observed::Tool { name, .. } = o {
            if !page_ran.contains(name) {
                page_ran.push(name.clone());
            }
        }
    }
    let mut own: Vec<String> = Vec::new();
    for (k, r) in requests.iter().enumerate() {
        let Got::Reply(response) = &r.got else { continue };
        let Some(choice) = response.choices.first() else { continue };
        for call in choice.message.calls() {
            let name = &call.function.name;
            if page_ran.contains(name) || own.contains(name) {
                continue;
            }
            let answered = requests[k + 1..]
                .iter()
                .filter_map(|n| n.messages.as_deref())
                .any(|m| result_in(m, &call.id).is_some());
            let refused = refused(call, Room::default(), lang, errand_tools(&requests)).is_some();
            if answered && !refused {
                own.push(name.clone());
            }
        }
    }
    let page_stood_in = if own.is_empty() { Vec::new() } else { page_ran };
    let empty_schemas = observed.iter().any(|o| match o {
        Observed::Request { url, method, body, .. } if matches!(Route::of(method, url), Route::Model(_)) => {
            serde_json::from_str::<Value>(body)
                .ok()
                .and_then(|v| v.get("tools").and_then(Value::as_array).map(Vec::is_empty))
                .unwrap_or(false)
        }
        _ => false,
    });
    ToolsUsed { own, page_stood_in, empty_schemas }
}

/// The tools the run's requests declared, by name, when they were the loop's own (the errand
/// answered); `None` when the page's tools were declared. A run keeps one tool set.
pub fn errand_tools(requests: &[ModelRequest]) -> Option<&[String]> {
    requests.iter().find_map(|r| r.errand.as_deref())
}

/// How the tools a call was made against refuse it before it runs: a tool that does not exist,
/// arguments that are not JSON, or (for the page's own tools) arguments outside their schema. A
/// loop's own tools check their arguments themselves; only the name and the JSON are the
/// protocol's. `None`: the call reaches a tool.
pub fn refused(call: &ToolCall, room: Room, lang: Lang, errand: Option<&[String]>) -> Option<ToolErrorKind> {
    match errand {
        Some(names) => {
            if serde_json::from_str::<Value>(&call.function.arguments).is_err() {
                Some(ToolErrorKind::BadJson)
            } else if !names.contains(&call.function.name) {
                Some(ToolErrorKind::UnknownTool)
            } else {
                None
            }
        }
        None => {
            let mut scratch = room;
            run_tool(&mut scratch, call, script(lang)).error.filter(|k| {
                matches!(k, ToolErrorKind::UnknownTool | ToolErrorKind::BadJson | ToolErrorKind::SchemaInvalid)
            })
        }
    }
}

/// Whether the model reads a tool's result as a failure: the adventure's own reading for the
/// page's tools, the errand's for a loop's own set.
fn result_failed(call: &ToolCall, output: &str, lang: Lang, errand: bool) -> bool {
    if errand {
        !matches!(meaning_of_result(output), ResultMeaning::Success)
    } else {
        reads_as_failure(call, output, lang)
    }
}

/// The events of one call of the code's own tool, as the model read its result: it started,
/// then succeeded or failed (a failure the model read is the model's to handle).
fn own_tool_events(turn: u32, call: &ToolCall, answer: &Message, room: Room, lang: Lang, errand: bool) -> [Event; 2] {
    let output = answer.content.clone().unwrap_or_default();
    let (call_id, name) = (call.id.clone(), call.function.name.clone());
    let done = if result_failed(call, &output, lang, errand) {
        Event::ToolFailed {
            turn,
            call_id,
            name,
            kind: ToolErrorKind::ToolFailed,
            output,
            layer: Layer::Model,
            room,
            logged: None,
        }
    } else {
        Event::ToolSucceeded { turn, call_id, name, output, room }
    };
    [Event::ToolStarted { turn, call: call.clone() }, done]
}

/// A tool call the model asked for, and whether the code has dealt with it yet.
struct Asked {
    call: ToolCall,
    done: bool,
}

/// The playground's events for what the code did. See the module documentation.
pub fn events_of(observed: &[Observed], lang: Lang, task: &str) -> Vec<Event> {
    let requests = model_requests(observed);
    let top_turn = requests.iter().map(|r| r.turn).max().unwrap_or(0);
    let max_turns = Guards::DEFAULT.max_turns.max(top_turn);
    let mut events = vec![Event::RunStarted { task: task.to_string(), max_turns, room: Room::default(), lang }];
    let mut room = Room::default();
    let mut current_turn = 0;
    let mut asked: Vec<Asked> = Vec::new();
    let mut asked_turn = 0;
    let mut quirk: Option<String> = None;
    let mut next_req = 0;
    let own = tools_used(observed, lang).own;
    let errand = errand_tools(&requests);
    for (at, o) in observed.iter().enumerate() {
        match o {
            Observed::Request { .. } => {
                let Some(k) = requests.iter().position(|r| r.at == at) else { continue };
                next_req = k + 1;
                let r = &requests[k];
                // The calls of the last reply the code never ran but answered in this history: a
                // tool that does not exist, arguments that are not JSON or break the schema.
                if let Some(messages) = &r.messages {
                    for a in asked.iter_mut().filter(|a| !a.done) {
                        let Some(answer) = result_in(messages, &a.call.id) else { continue };
                        a.done = true;
                        let Some(kind) = refused(&a.call, room, lang, errand) else {
                            // A call of the code's own tool: what it did is what the model read.
                            if own.contains(&a.call.function.name) {
                                if let Some(finish_reason) = quirk.take() {
                                    let quirk = Quirk::ToolCallsWithFinishReason { finish_reason };
                                    events.push(Event::QuirkTolerated { turn: asked_turn, quirk });
                                }
                                let read_upto = messages
                                    .iter()
                                    .position(|m| std::ptr::eq(m, answer))
                                    .map_or(messages.len(), |i| i + 1);
                                room = room_as_read(&messages[..read_upto], lang);
                                events.extend(own_tool_events(
                                    asked_turn,
                                    &a.call,
                                    answer,
                                    room,
                                    lang,
                                    errand.is_some(),
                                ));
                            }
                            continue;
                        };
                        if let Some(finish_reason) = quirk.take() {
                            let quirk = Quirk::ToolCallsWithFinishReason { finish_reason };
                            events.push(Event::QuirkTolerated { turn: asked_turn, quirk });
                        }
                        events.push(Event::ToolStarted { turn: asked_turn, call: a.call.clone() });
                        events.push(Event::ToolFailed {
                            turn: asked_turn,
                            call_id: a.call.id.clone(),
                            name: a.call.function.name.clone(),
                            kind,
                            output: answer.content.clone().unwrap_or_default(),
                            layer: Layer::Model,
                            room,
                            logged: None,
                        });
                    }
                }
                if r.turn != current_turn {
                    current_turn = r.turn;
                    let (messages, est_tokens) = r.messages.as_ref().map_or((0, 0), |m| (m.len(), estimate_tokens(m)));
                    events.push(Event::TurnStarted { turn: r.turn, max_turns, messages, est_tokens });
                }
                let (turn, attempt, max_attempts) = (r.turn, r.attempt, r.attempts);
                events.push(Event::ModelCalled { turn, attempt, max_attempts });
                match &r.got {
                    Got::Pending => {}
                    Got::Reply(response) => {
                        let Some(choice) = response.choices.first() else { continue };
                        let calls = choice.message.calls().to_vec();
                        let finish_reason = choice.finish_reason.clone().unwrap_or_default();
                        quirk =
                            (!calls.is_empty() && finish_reason != FINISH_TOOL_CALLS).then(|| finish_reason.clone());
                        asked = calls.iter().map(|c| Asked { call: c.clone(), done: false }).collect();
                        asked_turn = turn;
                        events.push(Event::ModelReplied {
                            turn,
                            content: choice.message.content.clone(),
                            tool_calls: calls,
                            finish_reason,
                            usage: response.usage,
                        });
                    }
                    Got::Failed { failure, retry_after_ms, at_ms, aborted } => {
                        if *aborted {
                            let detail = GuardDetail::SilentFor { ms: at_ms.saturating_sub(r.t_ms) };
                            events.push(Event::GuardTripped {
                                turn,
                                guard: Guard::Watchdog,
                                detail,
                                layer: Layer::Code,
                            });
                        }
                        let next = requests.get(k + 1).filter(|n| n.turn == turn);
                        let transient = ProviderError::of(failure.clone()).is_transient();
                        let final_because = match next {
                            Some(_) => None,
                            None if !transient => Some(FinalBecause::CannotPass),
                            None if attempt > 1 => Some(FinalBecause::AttemptsUsedUp),
                            None => Some(FinalBecause::NothingCaught),
                        };
                        events.push(Event::ModelCallFailed {
                            turn,
                            attempt,
                            max_attempts,
                            failure: failure.clone(),
                            layer: if next.is_some() { Layer::Code } else { Layer::Nobody },
                            retry_after_ms: *retry_after_ms,
                            final_because,
                        });
                        if let Some(n) = next {
                            let wait_ms = n.t_ms.saturating_sub(*at_ms);
                            let reason = match retry_after_ms {
                                Some(asked) if wait_ms >= *asked => WaitReason::RetryAfter,
                                _ => WaitReason::Backoff,
                            };
                            events.push(Event::RetryScheduled {
                                turn,
                                next_attempt: attempt + 1,
                                max_attempts,
                                wait_ms,
                                reason,
                            });
                        }
                    }
                }
            }
            Observed::Tool { id, name, args, result, room: after, .. } => {
                let turn = if asked_turn > 0 { asked_turn } else { current_turn };
                let position = asked
                    .iter()
                    .position(|a| {
                        !a.done && a.call.function.name == *name && same_args(&a.call.function.arguments, args)
                    })
                    .or_else(|| asked.iter().position(|a| !a.done && a.call.function.name == *name));
                let call = match position {
                    Some(p) => {
                        asked[p].done = true;
                        ToolCall::new(&asked[p].call.id, name, args)
                    }
                    None => ToolCall::new(&format!("page_tool_{id}"), name, args),
                };
                if let Some(finish_reason) = quirk.take() {
                    let quirk = Quirk::ToolCallsWithFinishReason { finish_reason };
                    events.push(Event::QuirkTolerated { turn, quirk });
                }
                events.push(Event::ToolStarted { turn, call: call.clone() });
                match result {
                    ToolResult::Returned { output } => events.push(Event::ToolSucceeded {
                        turn,
                        call_id: call.id.clone(),
                        name: name.clone(),
                        output: output.clone(),
                        room: *after,
                    }),
                    ToolResult::Threw { message } => {
                        let next = requests.get(next_req);
                        let answered = next.and_then(|n| n.messages.as_deref()).and_then(|m| result_in(m, &call.id));
                        let (layer, output) = match (next, answered) {
                            (_, Some(m)) => (Layer::Model, m.content.clone().unwrap_or_default()),
                            (Some(_), None) => (Layer::Code, format!("{ERROR_PREFIX}{message}")),
                            (None, None) => (Layer::Nobody, format!("{ERROR_PREFIX}{message}")),
                        };
                        events.push(Event::ToolFailed {
                            turn,
                            call_id: call.id.clone(),
                            name: name.clone(),
                            kind: kind_of_error(message, lang),
                            output,
                            layer,
                            room: *after,
                            logged: None,
                        });
                    }
                }
                room = *after;
            }
            Observed::End { t_ms, how } => {
                let outcome = how.outcome(*t_ms, requests.len() as u32);
                events.push(Event::Finished { outcome, turns: current_turn, elapsed_ms: *t_ms });
                break;
            }
            Observed::Aborted { .. } | Observed::SpentSignal { .. } | Observed::Log { .. } | Observed::Site { .. } => {}
        }
    }
    events
}
