//! A learner's loop written for each of the page server's dialects, as plain HTTP bodies: the
//! tools declared in the dialect's own form, the history kept as that API keeps it, each tool call
//! run through the page's session. Shared by the dialect tests.
#![allow(dead_code)]

use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::script::{script, Lang, ERROR_PREFIX};
use rusty_lock_engine::run::tools::tool_specs;
use rusty_lock_engine::run::wire::ChatResponse;
use rusty_lock_engine::yours::observe::{read_reply, End};
use rusty_lock_engine::yours::server::{Dialect, HttpRequest, PageServer, ServerReply};
use rusty_lock_engine::yours::session::Session;
use serde_json::{json, Value};

pub fn url(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Chat => "https://api.example.test/v1/chat/completions",
        Dialect::Responses => "https://api.example.test/v1/responses",
        Dialect::Messages => "https://api.example.test/v1/messages",
    }
}

/// The headers a client of the dialect sends.
pub fn headers(dialect: Dialect) -> Vec<(String, String)> {
    let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
    match dialect {
        Dialect::Chat | Dialect::Responses => {
            vec![pair("content-type", "application/json"), pair("authorization", "Bearer sk-test")]
        }
        Dialect::Messages => vec![
            pair("content-type", "application/json"),
            pair("x-api-key", "sk-ant-test"),
            pair("anthropic-version", "2023-06-01"),
        ],
    }
}

pub fn post(dialect: Dialect, body: &Value) -> HttpRequest {
    HttpRequest {
        url: url(dialect).into(),
        method: "POST".into(),
        headers: headers(dialect),
        body: body.to_string(),
        t_ms: 0,
    }
}

/// The page's tools, declared as the dialect declares tools.
pub fn tools(dialect: Dialect) -> Value {
    let specs = tool_specs(script(Lang::En));
    let list: Vec<Value> = specs
        .iter()
        .map(|t| match dialect {
            Dialect::Chat => serde_json::to_value(t).unwrap(),
            Dialect::Responses => json!({ "type": "function", "name": t.function.name,
                "description": t.function.description, "parameters": t.function.parameters }),
            Dialect::Messages => json!({ "name": t.function.name, "description": t.function.description,
                "input_schema": t.function.parameters }),
        })
        .collect();
    Value::Array(list)
}

/// The first request of a run: the system prompt and the task.
pub fn first_body(dialect: Dialect, stream: bool) -> Value {
    let s = script(Lang::En);
    match dialect {
        Dialect::Chat => json!({ "model": "m", "stream": stream, "tools": tools(dialect), "messages": [
            { "role": "system", "content": s.system_prompt }, { "role": "user", "content": s.task } ] }),
        Dialect::Responses => json!({ "model": "m", "stream": stream, "tools": tools(dialect),
            "instructions": s.system_prompt, "input": s.task }),
        Dialect::Messages => json!({ "model": "m", "stream": stream, "max_tokens": 1024, "tools": tools(dialect),
            "system": s.system_prompt, "messages": [{ "role": "user", "content": s.task }] }),
    }
}

pub fn server(dialect_fault: Option<Fault>) -> PageServer {
    let plan = dialect_fault.map_or_else(FaultPlan::default, |f| FaultPlan::single(1, f, 1));
    PageServer::new(Personality::Helpful, Lang::En, plan)
}

pub fn answer(reply: &ServerReply) -> (u16, Value) {
    match reply {
        ServerReply::Answer { status, body, .. } => (*status, serde_json::from_str(body).expect("a JSON body")),
        other => panic!("not an answer: {other:?}"),
    }
}

/// The `event:` names of a stream, in order.
pub fn event_names(reply: &ServerReply) -> Vec<String> {
    let ServerReply::Stream { chunks, .. } = reply else { panic!("not a stream: {reply:?}") };
    chunks.iter().flat_map(|c| c.lines()).filter_map(|l| l.strip_prefix("event: ")).map(str::to_string).collect()
}

/// The `data:` JSON of each event of a stream, in order.
pub fn event_data(reply: &ServerReply) -> Vec<Value> {
    let ServerReply::Stream { chunks, .. } = reply else { panic!("not a stream: {reply:?}") };
    chunks
        .iter()
        .flat_map(|c| c.lines())
        .filter_map(|l| l.strip_prefix("data: "))
        .map(|d| serde_json::from_str(d).unwrap())
        .collect()
}

/// How a client keeps the history of the Responses API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeping {
    /// Sends every item again, as with the other APIs.
    Whole,
    /// Sends only the new items, with `previous_response_id`: the server keeps the rest.
    OnServer,
}

/// A loop written for one dialect, run against a page session until the model answers in text
/// or `max_requests` are sent. Every request's reply is read as the code reads it; a failed one
/// is sent again (a retry) as it was.
pub struct Client {
    pub dialect: Dialect,
    pub stream: bool,
    pub keeping: Keeping,
    pub session: Session,
    /// The body's history part: `messages` (Chat, Messages) or `input` items (Responses).
    history: Vec<Value>,
    previous: Option<String>,
    next_id: u64,
    pub t_ms: u64,
}

impl Client {
    pub fn new(dialect: Dialect, stream: bool, keeping: Keeping, plan: FaultPlan) -> Self {
        let first = first_body(dialect, stream);
        let history = match dialect {
            Dialect::Chat | Dialect::Messages => first["messages"].as_array().unwrap().clone(),
            Dialect::Responses => vec![json!({ "role": "user", "content": first["input"] })],
        };
        Client {
            dialect,
            stream,
            keeping,
            session: Session::new(Personality::Helpful, Lang::En, plan),
            history,
            previous: None,
            next_id: 1,
            t_ms: 0,
        }
    }

    fn body(&self, fresh: &[Value]) -> Value {
        let mut body = first_body(self.dialect, self.stream);
        match (self.dialect, self.keeping, &self.previous) {
            (Dialect::Responses, Keeping::OnServer, Some(previous)) => {
                body["previous_response_id"] = json!(previous);
                body["input"] = Value::Array(fresh.to_vec());
            }
            (Dialect::Responses, _, _) => body["input"] = Value::Array(self.history.clone()),
            (Dialect::Chat | Dialect::Messages, _, _) => body["messages"] = Value::Array(self.history.clone()),
        }
        body
    }

    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Plays the loop; returns the final text, if the model gave one.
    pub fn run(&mut self, max_requests: usize) -> Option<String> {
        let mut fresh: Vec<Value> = Vec::new();
        for _ in 0..max_requests {
            let body = self.body(&fresh);
            let id = self.id();
            let mut req = post(self.dialect, &body);
            req.t_ms = self.t_ms;
            let reply = self.session.serve(id, &req);
            self.t_ms += reply.delay_ms().unwrap_or(0) + 10;
            let got: Option<ChatResponse> = read_reply(self.dialect, &reply).and_then(Result::ok);
            let Some(response) = got else {
                if reply.delay_ms().is_none() {
                    self.session.abort(id, self.t_ms);
                }
                self.t_ms += 1000;
                continue;
            };
            let message = response.choices[0].message.clone();
            if message.calls().is_empty() {
                let text = message.content.clone().unwrap_or_default();
                self.session.end(self.t_ms, End::Returned { value: Some(text.clone()) });
                return Some(text);
            }
            fresh = Vec::new();
            let text = message.content.clone().filter(|t| !t.is_empty());
            let mut results = Vec::new();
            // The reply, as the API's client keeps it.
            match self.dialect {
                Dialect::Chat => self.history.push(serde_json::to_value(&message).unwrap()),
                Dialect::Responses => {
                    let (_, raw) = answer_or_stream_value(&reply);
                    self.previous = raw.get("id").and_then(Value::as_str).map(str::to_string);
                    for item in raw["output"].as_array().cloned().unwrap_or_default() {
                        self.history.push(item);
                    }
                }
                Dialect::Messages => {
                    let mut blocks = Vec::new();
                    if let Some(text) = &text {
                        blocks.push(json!({ "type": "text", "text": text }));
                    }
                    for call in message.calls() {
                        let input: Value = serde_json::from_str(&call.function.arguments).unwrap_or(json!({}));
                        blocks.push(
                            json!({ "type": "tool_use", "id": call.id, "name": call.function.name, "input": input }),
                        );
                    }
                    self.history.push(json!({ "role": "assistant", "content": blocks }));
                }
            }
            for call in message.calls() {
                let tool_id = self.id();
                let out = self.session.tool(tool_id, self.t_ms, &call.function.name, &call.function.arguments);
                let (text, failed) = match out {
                    Ok(text) => (text, false),
                    Err(message) => (message, true),
                };
                match self.dialect {
                    Dialect::Chat => {
                        let content = if failed { format!("{ERROR_PREFIX}{text}") } else { text };
                        self.history.push(json!({ "role": "tool", "tool_call_id": call.id, "content": content }));
                    }
                    Dialect::Responses => {
                        let output = if failed { format!("{ERROR_PREFIX}{text}") } else { text };
                        let item = json!({ "type": "function_call_output", "call_id": call.id, "output": output });
                        self.history.push(item.clone());
                        fresh.push(item);
                    }
                    Dialect::Messages => {
                        results.push(json!({ "type": "tool_result", "tool_use_id": call.id, "content": text, "is_error": failed }));
                    }
                }
            }
            if self.dialect == Dialect::Messages {
                self.history.push(json!({ "role": "user", "content": results }));
            }
        }
        None
    }
}

/// The JSON of an answer, or the whole response a Responses stream ends with.
pub fn answer_or_stream_value(reply: &ServerReply) -> (u16, Value) {
    match reply {
        ServerReply::Answer { .. } => answer(reply),
        ServerReply::Stream { status, .. } => {
            let last = event_data(reply).into_iter().last().unwrap();
            (*status, last.get("response").cloned().unwrap_or(last))
        }
        other => panic!("no body: {other:?}"),
    }
}
