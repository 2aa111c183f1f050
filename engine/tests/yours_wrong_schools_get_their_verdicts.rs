//! Loops that pick the wrong school each get the verdict that names it, read from what they did:
//! retrying a 400 or 401, coming back at once, showing a 503 to the model, running without any
//! guard against a stubborn model, streaming and still reading the reply right.

mod yours_loops;

use futures::future::{select, Either};
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::tools::tool_specs;
use rusty_lock_engine::yours::card::{grade, CaseId, CaseOutcome, Verdict};
use rusty_lock_engine::yours::observe::{events_of, End};
use rusty_lock_engine::yours::sim::{Sandbox, BASE_URL, MAX_REQUESTS};
use serde_json::{json, Value};
use yours_loops::play;

/// How a test loop handles a failed call.
#[derive(Clone, Copy)]
enum School {
    /// Retry everything, at once, up to five times.
    RetryAllAtOnce,
    /// Tell the model: put the server's error into the history as a user message and go on.
    ShowTheModel,
    /// Catch tool errors, retry well, but never stop: a thousand turns.
    NoGuard,
    /// Ask for a stream and read it as SSE.
    Streaming,
}

fn parse_sse(body: &str) -> Value {
    // The learner's own small SSE reader: content and tool-call pieces folded by index.
    let mut content = String::new();
    let mut calls: Vec<Value> = Vec::new();
    let mut finish = Value::Null;
    for line in body.lines().filter_map(|l| l.strip_prefix("data: ")) {
        if line == "[DONE]" {
            break;
        }
        let chunk: Value = serde_json::from_str(line).unwrap();
        let Some(choice) = chunk["choices"].get(0) else { continue };
        if let Some(text) = choice["delta"]["content"].as_str() {
            content.push_str(text);
        }
        for piece in choice["delta"]["tool_calls"].as_array().into_iter().flatten() {
            let i = piece["index"].as_u64().unwrap() as usize;
            if calls.len() <= i {
                calls.push(json!({ "id": piece["id"], "type": "function", "function": { "name": piece["function"]["name"], "arguments": "" } }));
            }
            if let Some(a) = piece["function"]["arguments"].as_str() {
                let so_far = calls[i]["function"]["arguments"].as_str().unwrap().to_string();
                calls[i]["function"]["arguments"] = json!(so_far + a);
            }
        }
        if !choice["finish_reason"].is_null() {
            finish = choice["finish_reason"].clone();
        }
    }
    let mut message = json!({ "role": "assistant", "content": content });
    if !calls.is_empty() {
        message["tool_calls"] = json!(calls);
    }
    json!({ "message": message, "finish_reason": finish })
}

async fn call_model(sb: &Sandbox, lang: Lang, school: School, messages: &mut Vec<Value>) -> Result<Value, String> {
    let url = format!("{BASE_URL}/chat/completions");
    for attempt in 1..=5 {
        let mut body = json!({ "model": "m", "messages": messages, "tools": tool_specs(script(lang)) });
        if matches!(school, School::Streaming) {
            body["stream"] = json!(true);
        }
        let fetch = sb.fetch(&url, &body.to_string());
        let res = match select(fetch, sb.sleep(5000)).await {
            Either::Left((res, _)) => res.ok(),
            Either::Right(_) => None,
        };
        if let Some(res) = res.as_ref().filter(|r| r.ok()) {
            if matches!(school, School::Streaming) {
                return Ok(parse_sse(&res.body));
            }
            let v: Value = serde_json::from_str(&res.body).unwrap();
            return Ok(v["choices"][0].clone());
        }
        let status = res.as_ref().map(|r| r.status);
        match school {
            School::RetryAllAtOnce => continue,
            School::ShowTheModel => {
                messages.push(json!({ "role": "user", "content": format!("The server said {status:?}. Try again.") }));
            }
            _ => {
                if status.is_some_and(|s| s != 429 && s < 500) || attempt == 3 {
                    return Err(format!("failed: {status:?}"));
                }
                sb.sleep(300 * attempt).await;
            }
        }
    }
    Err("gave up".into())
}

async fn agent(sb: Sandbox, lang: Lang, school: School) -> End {
    let max_turns = if matches!(school, School::NoGuard) { 1000 } else { 10 };
    let mut messages = vec![json!({ "role": "user", "content": script(lang).task })];
    for _ in 0..max_turns {
        let choice = match call_model(&sb, lang, school, &mut messages).await {
            Ok(c) => c,
            Err(message) => return End::threw(message),
        };
        let reply = choice["message"].clone();
        messages.push(reply.clone());
        let calls = reply["tool_calls"].as_array().cloned().unwrap_or_default();
        if calls.is_empty() {
            return End::Returned { value: reply["content"].as_str().map(str::to_string) };
        }
        for call in calls {
            let name = call["function"]["name"].as_str().unwrap_or_default();
            let args = call["function"]["arguments"].as_str().unwrap_or_default();
            let out = match serde_json::from_str::<Value>(args) {
                Ok(args) => sb.tool(name, &args.to_string()).unwrap_or_else(|e| format!("Error: {e}")),
                Err(_) => "Error: the arguments are not JSON".into(),
            };
            messages.push(json!({ "role": "tool", "tool_call_id": call["id"], "content": out }));
        }
    }
    End::threw("no answer")
}

fn graded(case: CaseId, school: School) -> rusty_lock_engine::yours::card::CaseResult {
    grade(case, Lang::En, &play(case, Lang::En, move |sb, lang| agent(sb, lang, school)))
}

#[test]
fn retrying_a_400_or_a_401_is_retrying_a_permanent_failure() {
    for (case, status) in [(CaseId::BadRequest, 400), (CaseId::Unauthorized, 401)] {
        let r = graded(case, School::RetryAllAtOnce);
        assert_eq!(r.verdicts, vec![Verdict::RetriedPermanent { status }], "{r:?}");
        assert_eq!(r.requests, 6, "turn 1, then five attempts at the bad one: {r:?}");
    }
}

#[test]
fn coming_back_at_once_is_no_backoff_and_at_once_after_a_429_ignores_retry_after() {
    let r = graded(CaseId::Http503, School::RetryAllAtOnce);
    // It answered, but that is not "right layer" beside a wait of nothing: the row says the fault.
    assert_eq!(r.verdicts, vec![Verdict::NoBackoff { waited_ms: 0 }]);
    let r = graded(CaseId::RateLimited, School::RetryAllAtOnce);
    assert!(r.verdicts.contains(&Verdict::IgnoredRetryAfter { asked_ms: 2000, waited_ms: 0 }), "{r:?}");
}

#[test]
fn putting_a_503_into_the_history_shows_it_to_the_model() {
    let r = graded(CaseId::Http503, School::ShowTheModel);
    assert!(r.verdicts.contains(&Verdict::ShowedServerErrorToModel { status: 503 }), "{r:?}");
    assert!(!r.has("right-layer"), "{r:?}");
}

#[test]
fn a_loop_without_a_guard_is_stopped_by_the_page_against_a_stubborn_model() {
    let r = graded(CaseId::Stubborn, School::NoGuard);
    assert_eq!(r.outcome, CaseOutcome::TooManyRequests);
    assert_eq!(r.verdicts, vec![Verdict::NoGuard]);
    assert_eq!(r.requests, MAX_REQUESTS + 1);
}

#[test]
fn a_streaming_loop_is_read_as_well_as_a_plain_one() {
    for case in [CaseId::Plain, CaseId::Http503, CaseId::BadJson, CaseId::StopWithCalls] {
        let observed = play(case, Lang::En, |sb, lang| agent(sb, lang, School::Streaming));
        let r = grade(case, Lang::En, &observed);
        assert_eq!(r.verdicts, vec![Verdict::RightLayer { layer: case.layer() }], "{case:?}: {r:?}");
        let events = events_of(&observed, Lang::En, script(Lang::En).task);
        assert!(events.iter().any(|e| matches!(e, Event::ModelReplied { tool_calls, .. } if !tool_calls.is_empty())));
    }
}
