//! The page's server answers a loop written for OpenAI's Responses API (`POST /responses`) in
//! that API's shapes: `input` as text or items, flat tool declarations, output items with their
//! `call_id`, `status` and `incomplete_details`, usage in input and output tokens, the stream of
//! `response.*` events, OpenAI's error bodies and headers, and `previous_response_id` with the
//! conversation kept on the page's server.

mod speaking;

use rusty_lock_engine::run::chaos::{Fault, FaultPlan, RATE_LIMIT_RETRY_AFTER_MS};
use rusty_lock_engine::run::provider::CallFailure;
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::wire::{Role, FINISH_LENGTH, FINISH_TOOL_CALLS};
use rusty_lock_engine::yours::observe::{model_requests, read_reply};
use rusty_lock_engine::yours::server::{Dialect, PageServer};
use serde_json::{json, Value};
use speaking::{answer, event_data, event_names, first_body, post, server, Client, Keeping};

const D: Dialect = Dialect::Responses;

#[test]
fn each_server_fault_answers_with_openais_error_body_and_headers() {
    for (fault, status, kind, code) in [
        (Fault::RateLimited, 429, "requests", Some("rate_limit_exceeded")),
        (Fault::Http500, 500, "server_error", None),
        (Fault::Http502, 502, "server_error", Some("bad_gateway")),
        (Fault::Http503, 503, "server_error", Some("service_unavailable")),
        (Fault::Unauthorized, 401, "invalid_request_error", Some("invalid_api_key")),
        (Fault::BadRequest, 400, "invalid_request_error", Some("invalid_request")),
    ] {
        for stream in [false, true] {
            let reply = server(Some(fault)).answer(&post(D, &first_body(D, stream)));
            let (got, body) = answer(&reply);
            assert_eq!(got, status, "{fault:?}");
            let error = &body["error"];
            assert_eq!(error["type"], kind, "{fault:?}");
            assert_eq!(error["code"], json!(code), "{fault:?}");
            assert_eq!(error["param"], Value::Null);
            assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
            let read = read_reply(D, &reply).unwrap().unwrap_err();
            assert_eq!(read.failure, CallFailure::Http { status });
            assert_eq!(reply.header("x-should-retry"), Some(if fault.is_permanent() { "false" } else { "true" }));
        }
    }
    let limited = server(Some(Fault::RateLimited)).answer(&post(D, &first_body(D, false)));
    assert_eq!(limited.header("retry-after"), Some("2"));
    assert_eq!(limited.header("retry-after-ms"), Some(RATE_LIMIT_RETRY_AFTER_MS.to_string().as_str()));
}

#[test]
fn a_whole_reply_is_a_response_with_a_function_call_item_and_its_call_id() {
    let (status, body) = answer(&server(None).answer(&post(D, &first_body(D, false))));
    assert_eq!(status, 200);
    assert_eq!(body["object"], "response");
    assert!(body["id"].as_str().is_some_and(|id| id.starts_with("resp_")));
    assert_eq!(body["status"], "completed");
    assert_eq!(body["incomplete_details"], Value::Null);
    assert_eq!(body["model"], "m");
    let output = body["output"].as_array().unwrap();
    let call = output.iter().find(|i| i["type"] == "function_call").expect("a function_call item");
    assert_eq!(call["name"], "look_at");
    assert!(call["call_id"].is_string() && call["id"].is_string());
    assert_ne!(call["id"], call["call_id"], "the item's id and the call's id are two things");
    let arguments: Value = serde_json::from_str(call["arguments"].as_str().unwrap()).unwrap();
    assert_eq!(arguments["target"], "door");
    let usage = &body["usage"];
    let (i, o, t) = (
        usage["input_tokens"].as_u64().unwrap(),
        usage["output_tokens"].as_u64().unwrap(),
        usage["total_tokens"].as_u64(),
    );
    assert!(i > 0 && o > 0);
    assert_eq!(t, Some(i + o));
}

#[test]
fn a_stream_sends_the_response_events_in_order_and_reads_back_as_the_whole_reply() {
    let whole = server(None).answer(&post(D, &first_body(D, false)));
    let streamed = server(None).answer(&post(D, &first_body(D, true)));
    assert_eq!(streamed.header("content-type"), Some("text/event-stream"));
    let names = event_names(&streamed);
    assert_eq!(names[..2], ["response.created", "response.in_progress"]);
    assert_eq!(names.last().map(String::as_str), Some("response.completed"));
    let at = |name: &str| names.iter().position(|n| n == name).unwrap_or_else(|| panic!("no {name}: {names:?}"));
    let call_added = names
        .iter()
        .enumerate()
        .filter(|(_, n)| *n == "response.output_item.added")
        .map(|(k, _)| k)
        .next_back()
        .unwrap();
    assert!(call_added < at("response.function_call_arguments.delta"));
    assert!(at("response.function_call_arguments.delta") < at("response.function_call_arguments.done"));
    assert!(names.iter().filter(|n| *n == "response.function_call_arguments.delta").count() >= 2);
    assert!(at("response.function_call_arguments.done") < names.len() - 2);
    assert_eq!(names[names.len() - 2], "response.output_item.done");
    let data = event_data(&streamed);
    assert!(names.iter().zip(&data).all(|(n, d)| d["type"] == n.as_str()));
    let numbers: Vec<u64> = data.iter().map(|d| d["sequence_number"].as_u64().unwrap()).collect();
    assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1), "{numbers:?}");
    assert_eq!(data[0]["response"]["status"], "in_progress");
    let deltas: String = data
        .iter()
        .filter(|d| d["type"] == "response.function_call_arguments.delta")
        .map(|d| d["delta"].as_str().unwrap())
        .collect();
    let done = data.iter().find(|d| d["type"] == "response.function_call_arguments.done").unwrap();
    assert_eq!(done["arguments"], deltas.as_str());
    let a = read_reply(D, &whole).unwrap().unwrap();
    let b = read_reply(D, &streamed).unwrap().unwrap();
    assert_eq!(a.choices[0].message, b.choices[0].message);
    assert_eq!(b.choices[0].finish_reason.as_deref(), Some(FINISH_TOOL_CALLS));
    assert_eq!(a.usage, b.usage);
}

#[test]
fn a_reply_cut_at_the_token_limit_is_incomplete_for_max_output_tokens() {
    let (_, body) = answer(&server(Some(Fault::CutAtLength)).answer(&post(D, &first_body(D, false))));
    assert_eq!(body["status"], "incomplete");
    assert_eq!(body["incomplete_details"]["reason"], "max_output_tokens");
    assert!(body["output"].as_array().unwrap().iter().all(|i| i["type"] != "function_call"));
    let streamed = server(Some(Fault::CutAtLength)).answer(&post(D, &first_body(D, true)));
    let names = event_names(&streamed);
    assert_eq!(names.last().map(String::as_str), Some("response.incomplete"));
    let read = read_reply(D, &streamed).unwrap().unwrap();
    assert_eq!(read.choices[0].finish_reason.as_deref(), Some(FINISH_LENGTH));
}

#[test]
fn broken_json_arrives_in_the_arguments_string_whole_or_streamed() {
    for stream in [false, true] {
        let reply = server(Some(Fault::BadJson)).answer(&post(D, &first_body(D, stream)));
        let read = read_reply(D, &reply).unwrap().unwrap();
        let arguments = &read.choices[0].message.calls()[0].function.arguments;
        assert!(serde_json::from_str::<Value>(arguments).is_err(), "{arguments}");
    }
}

/// The first reply's id and its call, from a fresh server.
fn first_turn(s: &mut PageServer) -> (String, String) {
    let (_, body) = answer(&s.answer(&post(D, &first_body(D, false))));
    let call = body["output"].as_array().unwrap().iter().find(|i| i["type"] == "function_call").unwrap().clone();
    (body["id"].as_str().unwrap().to_string(), call["call_id"].as_str().unwrap().to_string())
}

#[test]
fn previous_response_id_continues_the_conversation_the_server_kept() {
    let mut s = server(None);
    let (id, call_id) = first_turn(&mut s);
    let s_text = script(Lang::En);
    let mut next = first_body(D, false);
    next["previous_response_id"] = json!(id);
    next["input"] = json!([{ "type": "function_call_output", "call_id": call_id, "output": s_text.see_door_shut }]);
    let (reply, heard) = s.answer_heard(&post(D, &next));
    assert_eq!(reply.status(), Some(200));
    let heard = heard.unwrap();
    assert_eq!(heard.turn, 2, "the kept reply counts as turn 1");
    let roles: Vec<Role> = heard.messages.iter().map(|m| m.role).collect();
    assert_eq!(roles, [Role::System, Role::User, Role::Assistant, Role::Tool]);
    assert_eq!(heard.messages[3].tool_call_id.as_deref(), Some(call_id.as_str()));
    // The same history sent whole is the same turn, read the same.
    let mut whole = first_body(D, false);
    let (_, first) = answer(&server(None).answer(&post(D, &first_body(D, false))));
    let mut items = vec![json!({ "role": "user", "content": s_text.task })];
    items.extend(first["output"].as_array().unwrap().iter().cloned());
    items.push(json!({ "type": "function_call_output", "call_id": call_id, "output": s_text.see_door_shut }));
    whole["input"] = Value::Array(items);
    let (_, heard_whole) = server(None).answer_heard(&post(D, &whole));
    assert_eq!(heard_whole.unwrap(), heard);
}

#[test]
fn a_retry_with_the_same_previous_response_id_is_the_next_attempt_of_the_same_turn() {
    let mut s = PageServer::new(
        rusty_lock_engine::run::builtin::Personality::Helpful,
        Lang::En,
        FaultPlan::single(2, Fault::Http503, 2),
    );
    let (id, call_id) = first_turn(&mut s);
    let mut next = first_body(D, false);
    next["previous_response_id"] = json!(id);
    next["input"] = json!([{ "type": "function_call_output", "call_id": call_id, "output": "You see a door." }]);
    assert_eq!(s.answer(&post(D, &next)).status(), Some(503));
    assert_eq!(s.answer(&post(D, &next)).status(), Some(503));
    assert_eq!(s.answer(&post(D, &next)).status(), Some(200));
    assert_eq!(s.last_reply_turn(), 2);
}

#[test]
fn an_unknown_previous_response_id_is_refused_with_a_400() {
    let mut body = first_body(D, false);
    body["previous_response_id"] = json!("resp_never");
    let (status, value) = answer(&server(None).answer(&post(D, &body)));
    assert_eq!(status, 400);
    assert_eq!(value["error"]["type"], "invalid_request_error");
    assert!(value["error"]["message"].as_str().unwrap().contains("resp_never"));
}

#[test]
fn a_failed_reply_is_not_kept_so_it_cannot_be_continued() {
    let mut s = server(Some(Fault::Http500));
    let (_, body) = answer(&s.answer(&post(D, &first_body(D, false))));
    assert!(body.get("id").is_none());
    let mut next = first_body(D, false);
    next["previous_response_id"] = json!("resp_rl_1");
    assert_eq!(s.answer(&post(D, &next)).status(), Some(400));
}

#[test]
fn input_as_message_items_with_parts_and_developer_role_is_read() {
    let s = script(Lang::En);
    let body = json!({ "model": "m", "tools": speaking::tools(D), "input": [
        { "type": "message", "role": "developer", "content": s.system_prompt },
        { "role": "user", "content": [{ "type": "input_text", "text": s.task }] } ] });
    let (reply, heard) = server(None).answer_heard(&post(D, &body));
    assert_eq!(reply.status(), Some(200));
    let heard = heard.unwrap();
    assert_eq!(heard.messages[0].role, Role::System);
    assert_eq!(heard.messages[1].content.as_deref(), Some(s.task));
    for bad in [json!({ "model": "m" }), json!({ "input": [{ "role": "wizard", "content": "x" }] })] {
        assert_eq!(server(None).answer(&post(D, &bad)).status(), Some(400), "{bad}");
    }
}

#[test]
fn a_whole_conversation_in_the_responses_api_opens_the_temple_door() {
    for keeping in [Keeping::Whole, Keeping::OnServer] {
        for stream in [false, true] {
            let mut client = Client::new(D, stream, keeping, FaultPlan::default());
            let text = client.run(12).expect("a final answer");
            assert!(!text.is_empty());
            assert!(client.session.room().door_open, "{keeping:?} stream={stream}");
            // The page reads each turn whole, though the code sent only its new items.
            let requests = model_requests(client.session.observed());
            let turns: Vec<u32> = requests.iter().map(|r| r.turn).collect();
            assert_eq!(turns, (1..=requests.len() as u32).collect::<Vec<_>>(), "{keeping:?}");
            let last = requests.last().unwrap().messages.as_ref().unwrap();
            assert_eq!(last.iter().filter(|m| m.role == Role::Assistant).count(), requests.len() - 1);
        }
    }
}
