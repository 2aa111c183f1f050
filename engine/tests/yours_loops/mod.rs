//! Three agent loops written in Rust the way a learner writes them in JavaScript, run in the
//! simulated sandbox against the page's server and tools: what the report card grades.
//!
//! * [`textbook`]: shaped like the reference text's from-scratch TypeScript loop: it retries
//!   429, 5xx and network errors with a random backoff that does not read `Retry-After`, turns
//!   tool errors into `Error: ...` results, trusts `finish_reason`, has no watchdog, and gives up
//!   after three tool errors in a row.
//! * [`robust`]: the playground's own school, in a learner's shape.
//! * [`naive`]: no retry, no catch.
#![allow(dead_code)]

use futures::future::{select, Either};
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::FaultPlan;
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::tools::tool_specs;
use rusty_lock_engine::yours::card::CaseId;
use rusty_lock_engine::yours::observe::{End, Observed};
use rusty_lock_engine::yours::sim::{Response, Sandbox, BASE_URL};
use serde_json::{json, Value};

pub const SEED: u64 = 7;

/// A JavaScript error: what `throw` carries.
pub type Thrown = String;

fn url() -> String {
    format!("{BASE_URL}/chat/completions")
}

fn body_of(sb_lang: Lang, messages: &[Value]) -> String {
    json!({ "model": "your-model", "messages": messages, "tools": tool_specs(script(sb_lang)) }).to_string()
}

/// `JSON.parse(res.text()).choices[0]`, throwing as JavaScript would on a body without one.
fn first_choice(res: &Response) -> Result<Value, Thrown> {
    let v: Value = serde_json::from_str(&res.body).map_err(|e| format!("SyntaxError: {e}"))?;
    v.get("choices")
        .and_then(|c| c.get(0))
        .cloned()
        .ok_or_else(|| "TypeError: Cannot read properties of undefined (reading '0')".to_string())
}

/// `tools[name](JSON.parse(args))`, throwing whatever goes wrong.
fn call_tool(sb: &Sandbox, name: &str, arguments: &str) -> Result<String, Thrown> {
    if name != "look_at" && name != "use" {
        return Err(format!("TypeError: tools[name] is not a function ({name})"));
    }
    let args: Value = serde_json::from_str(arguments).map_err(|_| "Unexpected end of JSON input".to_string())?;
    sb.tool(name, &args.to_string())
}

fn calls_of(message: &Value) -> Vec<(String, String, String)> {
    message
        .get("tool_calls")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| {
            let id = c["id"].as_str().unwrap_or_default().to_string();
            let name = c["function"]["name"].as_str().unwrap_or_default().to_string();
            let args = c["function"]["arguments"].as_str().unwrap_or_default().to_string();
            (id, name, args)
        })
        .collect()
}

fn end_of(result: Result<String, Thrown>) -> End {
    match result {
        Ok(value) => End::Returned { value: Some(value) },
        Err(message) => End::threw(message),
    }
}

/// Runs `program` for `case` in a fresh sandbox, at the case's own seed, and returns what the
/// page observed.
pub fn play<F, Fut>(case: CaseId, lang: Lang, program: F) -> Vec<Observed>
where
    F: FnOnce(Sandbox, Lang) -> Fut,
    Fut: std::future::Future<Output = End>,
{
    play_at(case.personality(), case.plan(), case.seed(SEED), lang, program)
}

pub fn play_plan<F, Fut>(personality: Personality, plan: FaultPlan, lang: Lang, program: F) -> Vec<Observed>
where
    F: FnOnce(Sandbox, Lang) -> Fut,
    Fut: std::future::Future<Output = End>,
{
    play_at(personality, plan, SEED, lang, program)
}

fn play_at<F, Fut>(personality: Personality, plan: FaultPlan, seed: u64, lang: Lang, program: F) -> Vec<Observed>
where
    F: FnOnce(Sandbox, Lang) -> Fut,
    Fut: std::future::Future<Output = End>,
{
    let sb = Sandbox::new(personality, lang, plan, seed);
    sb.run(program(sb.clone(), lang))
}

// ---------------------------------------------------------------------------------------------
// The reference text's loop.

async fn textbook_call_model(sb: &Sandbox, lang: Lang, messages: &[Value]) -> Result<Value, Thrown> {
    let max_attempts = 3;
    let mut attempt = 1;
    loop {
        // `.catch(() => null)`: no response at all.
        let res = sb.fetch(&url(), &body_of(lang, messages)).await.ok();
        if let Some(res) = res.as_ref().filter(|r| r.ok()) {
            return first_choice(res);
        }
        let status = res.as_ref().map(|r| r.status);
        let transient = status.is_none_or(|s| s == 429 || s >= 500);
        if !transient || attempt == max_attempts {
            let what = status.map_or("network error".to_string(), |s| s.to_string());
            return Err(format!("Model call failed: {what}"));
        }
        // A random wait under a ceiling that doubles; `Retry-After` is never read.
        let wait = sb.random() * 1000.0 * 2f64.powi(attempt - 1);
        sb.sleep(wait as u64).await;
        attempt += 1;
    }
}

fn textbook_run_tool(sb: &Sandbox, name: &str, arguments: &str) -> (String, bool) {
    if name != "look_at" && name != "use" {
        return (format!("Unknown tool: {name}. Tools: look_at, use"), true);
    }
    match call_tool(sb, name, arguments) {
        Ok(out) => (out, false),
        Err(message) => (format!("Error: {message}"), true),
    }
}

async fn textbook_agent(sb: &Sandbox, lang: Lang, prompt: &str) -> Result<String, Thrown> {
    let (max_turns, max_errors_in_a_row) = (10, 3);
    let mut messages = vec![json!({ "role": "user", "content": prompt })];
    let mut errors_in_a_row = 0;
    for _ in 1..=max_turns {
        let choice = textbook_call_model(sb, lang, &messages).await?;
        let reply = choice["message"].clone();
        messages.push(reply.clone());
        if choice["finish_reason"].as_str() != Some("tool_calls") {
            return Ok(reply["content"].as_str().unwrap_or_default().to_string());
        }
        for (id, name, args) in calls_of(&reply) {
            let (output, is_error) = textbook_run_tool(sb, &name, &args);
            messages.push(json!({ "role": "tool", "tool_call_id": id, "content": output }));
            errors_in_a_row = if is_error { errors_in_a_row + 1 } else { 0 };
        }
        if errors_in_a_row >= max_errors_in_a_row {
            return Err(format!("Gave up after {errors_in_a_row} tool errors in a row"));
        }
    }
    Err(format!("No answer after {max_turns} turns"))
}

pub async fn textbook(sb: Sandbox, lang: Lang) -> End {
    end_of(textbook_agent(&sb, lang, script(lang).task).await)
}

// ---------------------------------------------------------------------------------------------
// A robust loop, in a learner's shape.

const WATCHDOG_MS: u64 = 5000;

async fn robust_call_model(sb: &Sandbox, lang: Lang, messages: &[Value]) -> Result<Value, Thrown> {
    let max_attempts = 3;
    let mut attempt = 1;
    loop {
        let fetch = sb.fetch(&url(), &body_of(lang, messages));
        // The watchdog: a call silent for too long is aborted (the fetch is dropped).
        let res = match select(fetch, sb.sleep(WATCHDOG_MS)).await {
            Either::Left((res, _)) => res.ok(),
            Either::Right(_) => None,
        };
        if let Some(res) = res.as_ref().filter(|r| r.ok()) {
            return first_choice(res);
        }
        let status = res.as_ref().map(|r| r.status);
        let transient = status.is_none_or(|s| s == 429 || s >= 500);
        if !transient || attempt == max_attempts {
            return Err(format!("model call failed: {status:?}"));
        }
        let asked = res.as_ref().and_then(|r| {
            r.header("retry-after-ms")
                .and_then(|v| v.parse::<u64>().ok())
                .or_else(|| r.header("retry-after").and_then(|v| v.parse::<u64>().ok()).map(|s| s * 1000))
        });
        let ceiling = 500.0 * 2f64.powi(attempt - 1);
        // The server may ask for longer than anyone should wait: a ceiling of its own.
        let wait = asked.map_or_else(|| (ceiling * (0.5 + sb.random() / 2.0)) as u64, |a| a.min(10_000));
        sb.sleep(wait).await;
        attempt += 1;
    }
}

async fn robust_agent(sb: &Sandbox, lang: Lang, prompt: &str) -> Result<String, Thrown> {
    let mut messages = vec![json!({ "role": "user", "content": prompt })];
    let mut errors_in_a_row = 0;
    let mut previous: Option<Vec<(String, String)>> = None;
    for _ in 1..=10 {
        let choice = robust_call_model(sb, lang, &messages).await?;
        let reply = choice["message"].clone();
        messages.push(reply.clone());
        let calls = calls_of(&reply);
        if calls.is_empty() {
            return match choice["finish_reason"].as_str() {
                None | Some("stop") => Ok(reply["content"].as_str().unwrap_or_default().to_string()),
                Some(other) => Err(format!("not an answer: {other}")),
            };
        }
        let signature: Vec<(String, String)> = calls.iter().map(|(_, n, a)| (n.clone(), a.clone())).collect();
        if previous.as_ref() == Some(&signature) {
            return Ok("Handing over to a person: the same move twice.".into());
        }
        previous = Some(signature);
        for (id, name, args) in calls {
            let output = match call_tool(sb, &name, &args) {
                Ok(out) => {
                    errors_in_a_row = 0;
                    out
                }
                Err(message) => {
                    errors_in_a_row += 1;
                    format!("Error: {message}")
                }
            };
            messages.push(json!({ "role": "tool", "tool_call_id": id, "content": output }));
        }
        if errors_in_a_row >= 3 {
            return Err("too many tool errors in a row".into());
        }
    }
    Err("no answer".into())
}

pub async fn robust(sb: Sandbox, lang: Lang) -> End {
    end_of(robust_agent(&sb, lang, script(lang).task).await)
}

// ---------------------------------------------------------------------------------------------
// The naive loop: no retry, no catch.

async fn naive_agent(sb: &Sandbox, lang: Lang, prompt: &str) -> Result<String, Thrown> {
    let mut messages = vec![json!({ "role": "user", "content": prompt })];
    for _ in 1..=10 {
        let res = sb.fetch(&url(), &body_of(lang, &messages)).await.map_err(|_| "TypeError: Failed to fetch")?;
        let choice = first_choice(&res)?;
        let reply = choice["message"].clone();
        messages.push(reply.clone());
        if choice["finish_reason"].as_str() != Some("tool_calls") {
            return Ok(reply["content"].as_str().unwrap_or_default().to_string());
        }
        for (id, name, args) in calls_of(&reply) {
            let output = call_tool(sb, &name, &args)?;
            messages.push(json!({ "role": "tool", "tool_call_id": id, "content": output }));
        }
    }
    Err("no answer".into())
}

pub async fn naive(sb: Sandbox, lang: Lang) -> End {
    end_of(naive_agent(&sb, lang, script(lang).task).await)
}

// ---------------------------------------------------------------------------------------------
// A loop that brings its own tools, as a real loop does: its own room and its own `use`, whose
// sentences it words its own way; `look_at` is the page's (it names it without defining it),
// and it sends an empty `tools` list (a placeholder left as printed).

/// The words of the loop's own `use`, in the language it is written in: oiled, the key stuck in
/// the rust, the door open, nothing happens.
fn own_words(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::En => [
            "Done: the lock is oiled now.",
            "the key is stuck fast in a rusty lock; put oil_can on the lock before trying again.",
            "The key turns and the door is open.",
            "using that on that does nothing.",
        ],
        Lang::Fr => [
            "Voilà : la serrure est huilée.",
            "la clé est bloquée dans une serrure rouillée ; passe d'abord oil_can sur la serrure.",
            "La clé tourne et la porte s'ouvre.",
            "utiliser ça sur ça ne donne rien.",
        ],
        Lang::Zh => [
            "好了：锁已经上了油。",
            "钥匙卡住了，锁已生锈：请先对 lock 使用 oil_can。",
            "钥匙转动，门打开了。",
            "这样用没有任何效果。",
        ],
    }
}

/// The loop's own room.
#[derive(Default)]
struct OwnRoom {
    lock_oiled: bool,
    door_open: bool,
}

/// The loop's own `use`: it throws its own sentences.
fn own_use(room: &mut OwnRoom, lang: Lang, args: &Value) -> Result<String, Thrown> {
    let [oiled, stuck, open, nothing] = own_words(lang);
    match (args["item"].as_str(), args["target"].as_str()) {
        (Some("oil_can"), Some("lock")) => {
            room.lock_oiled = true;
            Ok(oiled.into())
        }
        (Some("key"), Some("door")) if !room.lock_oiled => Err(stuck.into()),
        (Some("key"), Some("door")) => {
            room.door_open = true;
            Ok(open.into())
        }
        _ => Err(nothing.into()),
    }
}

async fn own_tools_agent(sb: &Sandbox, lang: Lang, prompt: &str, works: bool) -> Result<String, Thrown> {
    let (max_turns, max_errors_in_a_row) = (10, 3);
    let mut room = OwnRoom::default();
    let mut messages = vec![json!({ "role": "user", "content": prompt })];
    let mut errors_in_a_row = 0;
    for _ in 1..=max_turns {
        let choice = own_tools_call_model(sb, &messages).await?;
        let reply = choice["message"].clone();
        messages.push(reply.clone());
        if choice["finish_reason"].as_str() != Some("tool_calls") {
            return Ok(reply["content"].as_str().unwrap_or_default().to_string());
        }
        for (id, name, args) in calls_of(&reply) {
            let ran = match name.as_str() {
                "look_at" | "use" => match serde_json::from_str::<Value>(&args) {
                    Err(_) => Err("Unexpected end of JSON input".to_string()),
                    Ok(parsed) if name == "use" && works => own_use(&mut room, lang, &parsed),
                    Ok(_) if name == "use" => Err(own_words(lang)[3].to_string()),
                    Ok(parsed) => sb.tool("look_at", &parsed.to_string()),
                },
                other => {
                    let output = format!("Unknown tool: {other}. Tools: look_at, use");
                    messages.push(json!({ "role": "tool", "tool_call_id": id, "content": output }));
                    errors_in_a_row += 1;
                    continue;
                }
            };
            let (output, is_error) = match ran {
                Ok(out) => (out, false),
                Err(message) => (format!("Error: {message}"), true),
            };
            messages.push(json!({ "role": "tool", "tool_call_id": id, "content": output }));
            errors_in_a_row = if is_error { errors_in_a_row + 1 } else { 0 };
        }
        if errors_in_a_row >= max_errors_in_a_row {
            return Err(format!("Gave up after {errors_in_a_row} tool errors in a row"));
        }
    }
    Err(format!("No answer after {max_turns} turns"))
}

/// The textbook's model call, sending an empty `tools` list.
async fn own_tools_call_model(sb: &Sandbox, messages: &[Value]) -> Result<Value, Thrown> {
    let max_attempts = 3;
    let mut attempt = 1;
    loop {
        let body = json!({ "model": "your-model", "messages": messages, "tools": [] }).to_string();
        let res = sb.fetch(&url(), &body).await.ok();
        if let Some(res) = res.as_ref().filter(|r| r.ok()) {
            return first_choice(res);
        }
        let status = res.as_ref().map(|r| r.status);
        let transient = status.is_none_or(|s| s == 429 || s >= 500);
        if !transient || attempt == max_attempts {
            let what = status.map_or("network error".to_string(), |s| s.to_string());
            return Err(format!("Model call failed: {what}"));
        }
        let wait = sb.random() * 1000.0 * 2f64.powi(attempt - 1);
        sb.sleep(wait as u64).await;
        attempt += 1;
    }
}

pub async fn own_tools(sb: Sandbox, lang: Lang) -> End {
    end_of(own_tools_agent(&sb, lang, script(lang).task, true).await)
}

/// The same loop, whose own `use` never does anything.
pub async fn own_tools_that_do_nothing(sb: Sandbox, lang: Lang) -> End {
    end_of(own_tools_agent(&sb, lang, script(lang).task, false).await)
}

// ---------------------------------------------------------------------------------------------
// A loop with tools of its own that have nothing to do with the temple: a calculator and a notes
// folder. The page's model runs an errand with them.

fn notes_tools() -> Value {
    json!([
        { "type": "function", "function": { "name": "calculate", "description": "Evaluate an arithmetic expression.",
            "parameters": { "type": "object", "properties": { "expression": { "type": "string" } }, "required": ["expression"] } } },
        { "type": "function", "function": { "name": "read_note", "description": "Read a note by its file name.",
            "parameters": { "type": "object", "properties": { "path": { "type": "string" } }, "required": ["path"] } } },
    ])
}

/// The loop's own tools. Arguments outside their schema are refused in words the model can act on.
fn notes_tool(name: &str, args: &Value) -> Result<String, Thrown> {
    match name {
        "calculate" => match args["expression"].as_str() {
            Some(e) => Ok(format!("{e} = 4")),
            None => Err("calculate needs an expression, a string such as \"2 + 2\"".into()),
        },
        "read_note" => match args["path"].as_str() {
            Some("notes.txt") => Ok("The meeting moved to Thursday at 10.".into()),
            Some(other) => Err(format!("there is no note {other}; the notes are: notes.txt")),
            None => Err("read_note needs a path, a string such as \"notes.txt\"".into()),
        },
        other => Err(format!("there is no tool {other}; the tools are calculate and read_note")),
    }
}

async fn notes_agent(sb: &Sandbox, careful: bool) -> Result<String, Thrown> {
    let mut messages = vec![json!({ "role": "user", "content": "What does my note say?" })];
    for _ in 0..10 {
        let body = json!({ "model": "gpt-4o-mini", "messages": messages, "tools": notes_tools() }).to_string();
        let mut attempt = 1;
        let choice = loop {
            let res = sb.fetch(&url(), &body).await.ok();
            if let Some(res) = res.as_ref().filter(|r| r.ok()) {
                break first_choice(res)?;
            }
            let status = res.as_ref().map(|r| r.status);
            if !status.is_none_or(|s| s == 429 || s >= 500) || attempt == 4 {
                return Err(format!("Model call failed: {status:?}"));
            }
            let asked = res.as_ref().and_then(|r| r.header("retry-after")).and_then(|s| s.parse::<u64>().ok());
            let wait = asked.map_or(sb.random() * 500.0 * 2f64.powi(attempt), |s| (s * 1000) as f64);
            sb.sleep(wait.min(20_000.0) as u64).await;
            attempt += 1;
        };
        let reply = choice["message"].clone();
        messages.push(reply.clone());
        if calls_of(&reply).is_empty() {
            return Ok(reply["content"].as_str().unwrap_or_default().to_string());
        }
        for (id, name, args) in calls_of(&reply) {
            let parsed = match serde_json::from_str::<Value>(&args) {
                Ok(v) => v,
                Err(_) if careful => {
                    let said = "Error: the arguments were not valid JSON; send them again as one JSON object";
                    messages.push(json!({ "role": "tool", "tool_call_id": id, "content": said }));
                    continue;
                }
                Err(_) => return Err("SyntaxError: Unexpected end of JSON input".into()),
            };
            let output = notes_tool(&name, &parsed).unwrap_or_else(|e| format!("Error: {e}"));
            messages.push(json!({ "role": "tool", "tool_call_id": id, "content": output }));
        }
    }
    Err("no answer after 10 turns".into())
}

/// Guards every tool call: bad JSON and errors go back to the model in words.
pub async fn notes_careful(sb: Sandbox, _lang: Lang) -> End {
    end_of(notes_agent(&sb, true).await)
}

/// Parses the model's arguments with no guard: broken JSON ends the run.
pub async fn notes_careless(sb: Sandbox, _lang: Lang) -> End {
    end_of(notes_agent(&sb, false).await)
}

/// The same careless loop on the Responses API: the conversation kept on the server
/// (`previous_response_id`), its calls as `function_call` items.
pub async fn notes_careless_responses(sb: Sandbox, _lang: Lang) -> End {
    let tools: Vec<Value> = notes_tools()
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| {
            let f = &t["function"];
            json!({ "type": "function", "name": f["name"], "description": f["description"], "parameters": f["parameters"] })
        })
        .collect();
    let url = format!("{BASE_URL}/responses");
    let mut body = json!({ "model": "gpt-4.1-mini", "input": "What does my note say?", "tools": tools });
    let result: Result<String, Thrown> = async {
        for _ in 0..10 {
            let mut attempt = 1;
            let response: Value = loop {
                let res = sb.fetch(&url, &body.to_string()).await.ok();
                if let Some(res) = res.as_ref().filter(|r| r.ok()) {
                    break serde_json::from_str(&res.body).map_err(|e| format!("SyntaxError: {e}"))?;
                }
                if attempt == 4 {
                    return Err("the model failed".to_string());
                }
                sb.sleep((sb.random() * 1000.0) as u64).await;
                attempt += 1;
            };
            let calls: Vec<Value> = response["output"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|i| i["type"] == "function_call")
                .cloned()
                .collect();
            if calls.is_empty() {
                return Ok("done".into());
            }
            let mut outputs = Vec::new();
            for call in calls {
                let args: Value = serde_json::from_str(call["arguments"].as_str().unwrap_or_default())
                    .map_err(|_| "SyntaxError: Unexpected end of JSON input".to_string())?;
                let output = notes_tool(call["name"].as_str().unwrap_or_default(), &args)
                    .unwrap_or_else(|e| format!("Error: {e}"));
                outputs.push(json!({ "type": "function_call_output", "call_id": call["call_id"], "output": output }));
            }
            body = json!({ "model": "gpt-4.1-mini", "previous_response_id": response["id"], "input": outputs, "tools": tools });
        }
        Err("no answer after 10 turns".into())
    }
    .await;
    end_of(result)
}
