//! The page's own server answers a learner's `fetch` as an OpenAI-compatible server would: each
//! fault with the status, headers and JSON error body a real server sends; a stream that the
//! engine's own SSE parser reads back into the same reply; the turn and attempt read from the
//! request's history; a clear 400 for a body that is not a chat request, and 404 off its routes.

use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan, RATE_LIMIT_RETRY_AFTER_MS, SLOW_MS};
use rusty_lock_engine::run::provider::{retry_after_ms, CallFailure};
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::sse::SseParser;
use rusty_lock_engine::run::wire::{ChatResponse, FINISH_LENGTH, FINISH_STOP, FINISH_TOOL_CALLS};
use rusty_lock_engine::yours::observe::read_reply;
use rusty_lock_engine::yours::server::{turn_of_body, Dialect, HttpRequest, PageServer, ServerReply};
use serde_json::{json, Value};

const URL: &str = "https://api.example.test/v1/chat/completions";

fn post(body: &str) -> HttpRequest {
    HttpRequest { url: URL.into(), method: "POST".into(), headers: vec![], body: body.into(), t_ms: 0 }
}

/// The task, with the page's tools declared, as the page's own loops send it.
fn task_body(stream: bool) -> String {
    let tools = rusty_lock_engine::run::tools::tool_specs(script(Lang::En));
    json!({ "model": "m", "messages": [{ "role": "user", "content": script(Lang::En).task }], "tools": tools, "stream": stream })
        .to_string()
}

/// A history with `assistants` turns behind it: each a look at the door and its result.
fn history(assistants: usize) -> String {
    let mut messages = vec![json!({ "role": "user", "content": script(Lang::En).task })];
    for i in 0..assistants {
        messages.push(json!({ "role": "assistant", "content": null, "tool_calls": [
            { "id": format!("c{i}"), "type": "function", "function": { "name": "look_at", "arguments": "{\"target\":\"door\"}" } }
        ]}));
        messages.push(
            json!({ "role": "tool", "tool_call_id": format!("c{i}"), "content": script(Lang::En).see_door_shut }),
        );
    }
    json!({ "model": "m", "messages": messages }).to_string()
}

fn server(fault: Option<Fault>) -> PageServer {
    let plan = fault.map_or_else(FaultPlan::default, |f| FaultPlan::single(1, f, 1));
    PageServer::new(Personality::Helpful, Lang::En, plan)
}

fn answer(reply: &ServerReply) -> (u16, Value) {
    match reply {
        ServerReply::Answer { status, body, .. } => (*status, serde_json::from_str(body).expect("a JSON body")),
        other => panic!("not an answer: {other:?}"),
    }
}

#[test]
fn a_429_asks_for_its_wait_in_both_headers_and_says_why_in_an_openai_error_body() {
    let reply = server(Some(Fault::RateLimited)).answer(&post(&task_body(false)));
    let (status, body) = answer(&reply);
    assert_eq!(status, 429);
    assert_eq!(reply.header("retry-after"), Some("2"));
    assert_eq!(reply.header("retry-after-ms"), Some(RATE_LIMIT_RETRY_AFTER_MS.to_string().as_str()));
    assert_eq!(retry_after_ms(reply.header("retry-after"), None), Some(RATE_LIMIT_RETRY_AFTER_MS));
    assert_eq!(body["error"]["code"], "rate_limit_exceeded");
    assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(reply.header("content-type"), Some("application/json"));
}

#[test]
fn server_errors_and_refusals_come_with_their_status_and_an_error_object() {
    for (fault, status) in [
        (Fault::Http500, 500),
        (Fault::Http502, 502),
        (Fault::Http503, 503),
        (Fault::BadRequest, 400),
        (Fault::Unauthorized, 401),
    ] {
        let reply = server(Some(fault)).answer(&post(&task_body(false)));
        let (got, body) = answer(&reply);
        assert_eq!(got, status, "{fault:?}");
        assert!(body["error"]["message"].is_string() && body["error"]["type"].is_string(), "{fault:?}: {body}");
        let read = read_reply(Dialect::Chat, &reply).unwrap().unwrap_err();
        assert_eq!(read.failure, CallFailure::Http { status });
        // A stream asked for gets the same JSON error: servers refuse before streaming.
        let streamed = server(Some(fault)).answer(&post(&task_body(true)));
        assert_eq!(answer(&streamed).0, status);
    }
}

#[test]
fn a_drop_a_hang_and_a_slow_answer_are_acted_out_by_the_host() {
    assert_eq!(server(Some(Fault::Dropped)).answer(&post(&task_body(false))), ServerReply::Drop { delay_ms: 0 });
    assert_eq!(server(Some(Fault::Hang)).answer(&post(&task_body(false))), ServerReply::Hang);
    let slow = server(Some(Fault::Slow)).answer(&post(&task_body(false)));
    assert_eq!(slow.delay_ms(), Some(SLOW_MS));
    assert_eq!(answer(&slow).0, 200);
}

#[test]
fn the_reply_shapes_serialise_as_the_contract_writes_them() {
    let hang = serde_json::to_value(ServerReply::Hang).unwrap();
    assert_eq!(hang, json!({ "kind": "hang" }));
    let drop = serde_json::to_value(ServerReply::Drop { delay_ms: 5 }).unwrap();
    assert_eq!(drop, json!({ "kind": "drop", "delayMs": 5 }));
    let answer = serde_json::to_value(server(None).answer(&post(&task_body(false)))).unwrap();
    assert_eq!(answer["kind"], "answer");
    assert_eq!(answer["status"], 200);
    assert!(answer["headers"].is_object() && answer["body"].is_string() && answer["delayMs"] == 0);
    let stream = serde_json::to_value(server(None).answer(&post(&task_body(true)))).unwrap();
    assert_eq!(stream["kind"], "stream");
    assert!(stream["chunks"].is_array());
    let back: ServerReply = serde_json::from_value(stream).unwrap();
    assert!(matches!(back, ServerReply::Stream { .. }));
}

#[test]
fn a_plain_answer_is_a_chat_completion_the_engine_reads() {
    let reply = server(None).answer(&post(&task_body(false)));
    let (_, body) = answer(&reply);
    assert_eq!(body["object"], "chat.completion");
    assert_eq!(body["model"], "m");
    assert_eq!(body["choices"][0]["finish_reason"], FINISH_TOOL_CALLS);
    assert_eq!(body["choices"][0]["message"]["tool_calls"][0]["function"]["name"], "look_at");
    assert!(body["usage"]["total_tokens"].as_u64().unwrap() > 0);
    let parsed = ChatResponse::parse(&body.to_string()).unwrap();
    assert_eq!(parsed.choices[0].message.calls().len(), 1);
}

fn via_sse(chunks: &[String], cut_every: usize) -> ChatResponse {
    let bytes: Vec<u8> = chunks.concat().into_bytes();
    let mut parser = SseParser::new();
    for piece in bytes.chunks(cut_every) {
        parser.feed(piece).unwrap();
    }
    parser.finish().unwrap()
}

#[test]
fn a_stream_read_back_by_the_engines_sse_parser_is_the_same_reply() {
    for (assistants, fault) in [
        (0, None),
        (1, None),
        (3, None),
        (0, Some(Fault::StopWithCalls)),
        (0, Some(Fault::CutAtLength)),
        (0, Some(Fault::BadJson)),
    ] {
        let mut messages: Value = serde_json::from_str(&history(assistants)).unwrap();
        let plain = {
            let mut s = server(fault);
            answer(&s.answer(&post(&messages.to_string()))).1
        };
        messages["stream"] = json!(true);
        messages["stream_options"] = json!({ "include_usage": true });
        let ServerReply::Stream { status, headers, chunks, .. } = server(fault).answer(&post(&messages.to_string()))
        else {
            panic!("no stream")
        };
        assert_eq!(status, 200);
        assert_eq!(headers.get("content-type").map(String::as_str), Some("text/event-stream"));
        assert!(chunks.iter().all(|c| c.starts_with("data: ") && c.ends_with("\n\n")));
        assert_eq!(chunks.last().map(String::as_str), Some("data: [DONE]\n\n"));
        let plain = ChatResponse::parse(&plain.to_string()).unwrap();
        for cut in [1, 7, 4096] {
            let streamed = via_sse(&chunks, cut);
            assert_eq!(streamed.choices[0].message, plain.choices[0].message, "{assistants} {fault:?} cut {cut}");
            assert_eq!(streamed.choices[0].finish_reason, plain.choices[0].finish_reason);
            assert_eq!(streamed.usage, plain.usage);
        }
        match fault {
            Some(Fault::StopWithCalls) => assert_eq!(plain.choices[0].finish_reason.as_deref(), Some(FINISH_STOP)),
            Some(Fault::CutAtLength) => assert_eq!(plain.choices[0].finish_reason.as_deref(), Some(FINISH_LENGTH)),
            _ => {}
        }
    }
}

#[test]
fn a_long_answer_streams_in_several_pieces_and_tool_arguments_in_fragments() {
    let ServerReply::Stream { chunks, .. } = server(None).answer(&post(&task_body(true))) else { panic!() };
    let text = chunks.concat();
    assert!(text.contains("\"role\":\"assistant\""));
    assert!(text.contains("\"index\":0") && text.contains("\"id\":\"call_1\""));
    let argument_pieces = chunks.iter().filter(|c| c.contains("\"arguments\":") && !c.contains("\"name\"")).count();
    assert!(argument_pieces >= 2, "{chunks:#?}");
    assert!(text.contains("\"finish_reason\":\"tool_calls\""));
}

#[test]
fn the_turn_is_read_from_the_history_and_each_retry_is_the_next_attempt() {
    assert_eq!(turn_of_body(&task_body(false)), Some(1));
    assert_eq!(turn_of_body(&history(2)), Some(3));
    assert_eq!(turn_of_body("not json"), None);
    // 503 twice on turn 2: attempts 1 and 2 fail, attempt 3 answers; turn 1 is untouched.
    let mut s = PageServer::new(Personality::Helpful, Lang::En, FaultPlan::single(2, Fault::Http503, 2));
    assert_eq!(answer(&s.answer(&post(&history(0)))).0, 200);
    assert_eq!(s.last_reply_turn(), 1);
    assert_eq!(answer(&s.answer(&post(&history(1)))).0, 503);
    assert_eq!(answer(&s.answer(&post(&history(1)))).0, 503);
    assert_eq!(answer(&s.answer(&post(&history(1)))).0, 200);
    assert_eq!(s.last_reply_turn(), 2);
    // The same turn asked once more after it answered is still that turn.
    assert_eq!(answer(&s.answer(&post(&history(1)))).0, 200);
}

#[test]
fn a_body_that_is_not_a_chat_request_gets_a_clear_400() {
    for body in [
        "",
        "not json",
        "{}",
        r#"{"messages": []}"#,
        r#"{"messages": "hi"}"#,
        r#"{"messages": [{"content": "no role"}]}"#,
        r#"{"messages": [{"role": "wizard", "content": "x"}]}"#,
    ] {
        let (status, value) = answer(&server(None).answer(&post(body)));
        assert_eq!(status, 400, "{body:?}");
        assert_eq!(value["error"]["type"], "invalid_request_error");
        assert!(value["error"]["message"].as_str().is_some_and(|m| m.len() > 10), "{body:?}: {value}");
    }
}

#[test]
fn content_given_as_text_parts_is_read_as_its_text() {
    let body =
        json!({ "messages": [{ "role": "user", "content": [{ "type": "text", "text": "Open the temple door." }] }] });
    assert_eq!(answer(&server(None).answer(&post(&body.to_string()))).0, 200);
}

#[test]
fn only_a_post_to_chat_completions_is_a_completion() {
    let mut s = server(None);
    let get =
        |url: &str, method: &str| HttpRequest { url: url.into(), method: method.into(), ..HttpRequest::default() };
    let (status, models) = answer(&s.answer(&get("http://localhost:11434/v1/models", "GET")));
    assert_eq!(status, 200);
    assert_eq!(models["object"], "list");
    assert!(models["data"][0]["id"].is_string());
    assert_eq!(answer(&s.answer(&get("http://localhost:11434/v1/chat/completions", "GET"))).0, 404);
    assert_eq!(answer(&s.answer(&get("http://localhost:11434/v1/completions", "POST"))).0, 404);
    // Any host, a trailing slash or a query string: still the completions route.
    let mut req = post(&task_body(false));
    req.url = "http://anything:1/v1/chat/completions/?x=1".into();
    assert_eq!(answer(&s.answer(&req)).0, 200);
}

#[test]
fn a_request_reads_as_the_host_hands_it_over() {
    let req: HttpRequest = serde_json::from_value(json!({
        "id": 3, "t": 1500, "url": URL, "method": "POST",
        "headers": { "Content-Type": "application/json", "authorization": "Bearer sk-your-key-here" },
        "body": task_body(false)
    }))
    .unwrap();
    assert_eq!(req.t_ms, 1500);
    assert!(req.headers.contains(&("content-type".to_string(), "application/json".to_string())));
    assert_eq!(answer(&server(None).answer(&req)).0, 200);
}

#[test]
fn a_session_keeps_the_tools_on_the_turn_of_the_last_reply_and_records_in_order() {
    use rusty_lock_engine::yours::observe::{site_of, End, Observed, SiteOf};
    use rusty_lock_engine::yours::session::Session;
    let mut session = Session::new(Personality::Helpful, Lang::En, FaultPlan::single(1, Fault::ToolTimeout, 1));
    let reply = session.serve(1, &post(&task_body(false)));
    assert_eq!(answer(&reply).0, 200);
    // The reply was turn 1's, so the call belongs to turn 1, whose timeout it meets.
    let lost = session.tool(2, 0, "look_at", r#"{"target":"door"}"#).unwrap_err();
    assert!(lost.contains("look_at"), "{lost}");
    // Where the call was made; an empty place is not recorded.
    session.site(SiteOf::Tool, 2, &[4, 12]);
    session.site(SiteOf::Request, 1, &[]);
    session.abort(9, 10);
    session.end(20, End::Returned { value: None });
    session.abort(10, 30);
    session.site(SiteOf::Request, 3, &[7]);
    let kinds: Vec<&str> = session
        .observed()
        .iter()
        .map(|o| match o {
            Observed::Request { .. } => "request",
            Observed::Tool { .. } => "tool",
            Observed::Aborted { .. } => "aborted",
            Observed::SpentSignal { .. } => "spent-signal",
            Observed::Log { .. } => "log",
            Observed::End { .. } => "end",
            Observed::Site { .. } => "site",
        })
        .collect();
    assert_eq!(kinds, ["request", "tool", "site", "aborted", "end"], "nothing is kept after the end");
    assert_eq!(site_of(session.observed(), SiteOf::Tool, 2), &[4, 12]);
    assert!(site_of(session.observed(), SiteOf::Request, 1).is_empty());
}
