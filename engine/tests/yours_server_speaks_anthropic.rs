//! The page's server answers a loop written for Anthropic's Messages API (`POST /v1/messages`
//! with `x-api-key` and `anthropic-version`) in that API's own shapes: its error bodies and types
//! (`overloaded_error` on 529 for the overloaded server), its `retry-after`, the `message` reply
//! with `tool_use` blocks and `stop_reason`, and the stream of named events. Model faults take the
//! form they can take there.

mod speaking;

use rusty_lock_engine::run::chaos::{Fault, FaultPlan, RATE_LIMIT_RETRY_AFTER_MS, SLOW_MS};
use rusty_lock_engine::run::provider::CallFailure;
use rusty_lock_engine::run::script::{script, Lang, ERROR_PREFIX};
use rusty_lock_engine::run::wire::{Role, FINISH_LENGTH, FINISH_STOP, FINISH_TOOL_CALLS};
use rusty_lock_engine::yours::observe::read_reply;
use rusty_lock_engine::yours::server::{Dialect, ServerReply};
use serde_json::{json, Value};
use speaking::{answer, event_data, event_names, first_body, post, server, Client, Keeping};

const D: Dialect = Dialect::Messages;

#[test]
fn each_server_fault_answers_with_anthropics_status_error_type_and_headers() {
    for (fault, status, kind, retry) in [
        (Fault::RateLimited, 429, "rate_limit_error", true),
        (Fault::Http500, 500, "api_error", true),
        (Fault::Http502, 502, "api_error", true),
        (Fault::Http503, 529, "overloaded_error", true),
        (Fault::Unauthorized, 401, "authentication_error", false),
        (Fault::BadRequest, 400, "invalid_request_error", false),
    ] {
        for stream in [false, true] {
            let reply = server(Some(fault)).answer(&post(D, &first_body(D, stream)));
            let (got, body) = answer(&reply);
            assert_eq!(got, status, "{fault:?}");
            assert_eq!(body["type"], "error", "{fault:?}");
            assert_eq!(body["error"]["type"], kind, "{fault:?}");
            assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{fault:?}");
            assert_eq!(reply.header("x-should-retry"), Some(if retry { "true" } else { "false" }), "{fault:?}");
            let read = read_reply(D, &reply).unwrap().unwrap_err();
            assert_eq!(read.failure, CallFailure::Http { status });
            assert_eq!(read.is_transient(), retry, "{fault:?}");
        }
    }
}

#[test]
fn a_429_asks_for_its_wait_in_seconds_as_anthropic_does() {
    let reply = server(Some(Fault::RateLimited)).answer(&post(D, &first_body(D, false)));
    assert_eq!(reply.header("retry-after"), Some("2"));
    assert_eq!(reply.header("retry-after-ms"), None, "retry-after-ms is OpenAI's header");
    let read = read_reply(D, &reply).unwrap().unwrap_err();
    assert_eq!(read.retry_after_ms, Some(RATE_LIMIT_RETRY_AFTER_MS));
}

#[test]
fn a_drop_a_hang_and_a_slow_answer_are_acted_out_by_the_host() {
    let body = first_body(D, false);
    assert_eq!(server(Some(Fault::Dropped)).answer(&post(D, &body)), ServerReply::Drop { delay_ms: 0 });
    assert_eq!(server(Some(Fault::Hang)).answer(&post(D, &body)), ServerReply::Hang);
    let slow = server(Some(Fault::Slow)).answer(&post(D, &body));
    assert_eq!(slow.delay_ms(), Some(SLOW_MS));
    assert_eq!(answer(&slow).1["type"], "message");
}

#[test]
fn a_whole_reply_is_a_message_with_tool_use_blocks_and_stop_reason_tool_use() {
    let (status, body) = answer(&server(None).answer(&post(D, &first_body(D, false))));
    assert_eq!(status, 200);
    assert!(body["id"].as_str().is_some_and(|id| id.starts_with("msg_")));
    assert_eq!(body["type"], "message");
    assert_eq!(body["role"], "assistant");
    assert_eq!(body["model"], "m");
    assert_eq!(body["stop_reason"], "tool_use");
    assert_eq!(body["stop_sequence"], Value::Null);
    assert!(body["usage"]["input_tokens"].as_u64().unwrap() > 0);
    assert!(body["usage"]["output_tokens"].as_u64().unwrap() > 0);
    let content = body["content"].as_array().unwrap();
    let call = content.iter().find(|b| b["type"] == "tool_use").expect("a tool_use block");
    assert_eq!(call["name"], "look_at");
    assert!(call["id"].is_string());
    assert!(call["input"].is_object(), "input is an object, not a string: {call}");
    assert!(content.iter().all(|b| b["type"] == "text" || b["type"] == "tool_use"));
}

#[test]
fn a_stream_sends_anthropics_events_in_order_and_reads_back_as_the_whole_reply() {
    let whole = server(None).answer(&post(D, &first_body(D, false)));
    let streamed = server(None).answer(&post(D, &first_body(D, true)));
    assert_eq!(streamed.header("content-type"), Some("text/event-stream"));
    let names = event_names(&streamed);
    assert_eq!(names.first().map(String::as_str), Some("message_start"));
    assert_eq!(&names[names.len() - 2..], ["message_delta", "message_stop"]);
    // Every block is opened, filled and closed before the next one opens.
    let mut open = false;
    for name in &names[1..names.len() - 2] {
        match name.as_str() {
            "content_block_start" => {
                assert!(!open);
                open = true;
            }
            "content_block_delta" => assert!(open),
            "content_block_stop" => {
                assert!(open);
                open = false;
            }
            other => panic!("unexpected event {other}"),
        }
    }
    let data = event_data(&streamed);
    // Each data's type is its event's name.
    assert!(names.iter().zip(&data).all(|(n, d)| d["type"] == n.as_str()));
    assert_eq!(data[0]["message"]["stop_reason"], Value::Null);
    let partial: String = data
        .iter()
        .filter(|d| d["delta"]["type"] == "input_json_delta")
        .map(|d| d["delta"]["partial_json"].as_str().unwrap())
        .collect();
    assert!(data.iter().filter(|d| d["delta"]["type"] == "input_json_delta").count() >= 2, "arguments in pieces");
    assert_eq!(serde_json::from_str::<Value>(&partial).unwrap()["target"], "door");
    assert_eq!(data[data.len() - 2]["delta"]["stop_reason"], "tool_use");
    let a = read_reply(D, &whole).unwrap().unwrap();
    let b = read_reply(D, &streamed).unwrap().unwrap();
    assert_eq!(a.choices[0].message, b.choices[0].message);
    assert_eq!(a.choices[0].finish_reason.as_deref(), Some(FINISH_TOOL_CALLS));
    assert_eq!(b.choices[0].finish_reason.as_deref(), Some(FINISH_TOOL_CALLS));
    assert_eq!(a.usage, b.usage);
}

#[test]
fn broken_json_lives_in_a_streamed_input_json_delta_and_a_whole_reply_breaks_the_schema_instead() {
    let streamed = server(Some(Fault::BadJson)).answer(&post(D, &first_body(D, true)));
    let partial: String = event_data(&streamed)
        .iter()
        .filter(|d| d["delta"]["type"] == "input_json_delta")
        .map(|d| d["delta"]["partial_json"].as_str().unwrap().to_string())
        .collect();
    assert!(serde_json::from_str::<Value>(&partial).is_err(), "{partial}");
    let read = read_reply(D, &streamed).unwrap().unwrap();
    assert_eq!(read.choices[0].message.calls()[0].function.arguments, partial);

    let (_, whole) = answer(&server(Some(Fault::BadJson)).answer(&post(D, &first_body(D, false))));
    let call = whole["content"].as_array().unwrap().iter().find(|b| b["type"] == "tool_use").unwrap().clone();
    assert!(call["input"].is_object());
    assert_eq!(call["input"], json!({ "target": 42 }), "a schema-breaking input stands in for broken JSON");
}

#[test]
fn a_stop_with_calls_says_end_turn_beside_tool_use_and_a_cut_says_max_tokens() {
    for stream in [false, true] {
        let reply = server(Some(Fault::StopWithCalls)).answer(&post(D, &first_body(D, stream)));
        let read = read_reply(D, &reply).unwrap().unwrap();
        assert_eq!(read.choices[0].finish_reason.as_deref(), Some(FINISH_STOP));
        assert!(!read.choices[0].message.calls().is_empty());
        if !stream {
            assert_eq!(answer(&reply).1["stop_reason"], "end_turn");
        }
        let cut = server(Some(Fault::CutAtLength)).answer(&post(D, &first_body(D, stream)));
        let read = read_reply(D, &cut).unwrap().unwrap();
        assert_eq!(read.choices[0].finish_reason.as_deref(), Some(FINISH_LENGTH));
        assert!(read.choices[0].message.calls().is_empty());
        let stop = if stream {
            event_data(&cut).iter().find(|d| d["type"] == "message_delta").unwrap()["delta"]["stop_reason"].clone()
        } else {
            answer(&cut).1["stop_reason"].clone()
        };
        assert_eq!(stop, "max_tokens");
    }
}

#[test]
fn a_request_without_anthropic_version_is_refused_as_anthropic_refuses_it() {
    let mut req = post(D, &first_body(D, false));
    req.headers.retain(|(k, _)| k != "anthropic-version");
    let (status, body) = answer(&server(None).answer(&req));
    assert_eq!(status, 400);
    assert_eq!(body["type"], "error");
    assert_eq!(body["error"]["type"], "invalid_request_error");
    assert!(body["error"]["message"].as_str().unwrap().contains("anthropic-version"));
}

#[test]
fn a_body_that_is_not_a_messages_request_gets_an_invalid_request_error() {
    for body in ["not json", "{}", r#"{"messages": []}"#, r#"{"messages": [{"role": "wizard", "content": "x"}]}"#] {
        let mut req = post(D, &json!({}));
        req.body = body.into();
        let (status, value) = answer(&server(None).answer(&req));
        assert_eq!(status, 400, "{body}");
        assert_eq!(value["error"]["type"], "invalid_request_error", "{body}");
    }
}

#[test]
fn system_as_blocks_and_content_as_blocks_read_as_their_text() {
    let s = script(Lang::En);
    let body = json!({ "model": "m", "max_tokens": 100, "tools": speaking::tools(D),
        "system": [{ "type": "text", "text": s.system_prompt }],
        "messages": [{ "role": "user", "content": [{ "type": "text", "text": s.task }] }] });
    let (reply, heard) = server(None).answer_heard(&post(D, &body));
    assert_eq!(reply.status(), Some(200));
    let heard = heard.unwrap();
    assert_eq!(heard.turn, 1);
    assert_eq!(heard.messages[0].role, Role::System);
    assert_eq!(heard.messages[0].content.as_deref(), Some(s.system_prompt));
    assert_eq!(heard.messages[1].content.as_deref(), Some(s.task));
}

#[test]
fn a_tool_result_flagged_is_error_reaches_the_model_as_an_error() {
    let s = script(Lang::En);
    let body = json!({ "model": "m", "max_tokens": 100, "system": s.system_prompt, "messages": [
        { "role": "user", "content": s.task },
        { "role": "assistant", "content": [
            { "type": "text", "text": "Let me look." },
            { "type": "tool_use", "id": "toolu_1", "name": "look_at", "input": { "target": "door" } } ] },
        { "role": "user", "content": [
            { "type": "tool_result", "tool_use_id": "toolu_1", "is_error": true,
              "content": [{ "type": "text", "text": "the tool timed out" }] } ] } ] });
    let (_, heard) = server(None).answer_heard(&post(D, &body));
    let heard = heard.unwrap();
    assert_eq!(heard.turn, 2);
    let assistant = &heard.messages[2];
    assert_eq!(assistant.content.as_deref(), Some("Let me look."));
    assert_eq!(assistant.calls()[0].function.arguments, r#"{"target":"door"}"#);
    let result = &heard.messages[3];
    assert_eq!(result.role, Role::Tool);
    assert_eq!(result.tool_call_id.as_deref(), Some("toolu_1"));
    assert_eq!(result.content.as_deref(), Some(format!("{ERROR_PREFIX}the tool timed out").as_str()));
    assert_eq!(heard.messages.len(), 4, "a user turn of only results adds no empty user message");
}

#[test]
fn a_whole_conversation_in_messages_opens_the_temple_door() {
    for stream in [false, true] {
        let mut client = Client::new(D, stream, Keeping::Whole, FaultPlan::default());
        let text = client.run(12).expect("a final answer");
        assert!(!text.is_empty());
        assert!(client.session.room().door_open, "stream={stream}");
        assert!(client.session.requests() >= 3);
    }
}
