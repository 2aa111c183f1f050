//! Replies as real servers send them, bends of the protocol included: tool calls that end with
//! `stop`, replies cut at the length limit, content filters, reasoning fields, usage-only stream
//! chunks, tool-call pieces out of order, several calls in one reply and empty arguments. The
//! loop decides by what a reply holds, never takes a cut reply as the answer, and loses no tool
//! result on the way.

mod common;

use common::*;
use rusty_lock_engine::run::chaos::FaultPlan;
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, FailReason, Layer, Outcome, Quirk};
use rusty_lock_engine::run::http::classify_response;
use rusty_lock_engine::run::provider::ProviderError;
use rusty_lock_engine::run::sse::SseParser;
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::run::wire::{ChatResponse, Choice, Message, Role, ToolCall, Usage};
use rusty_lock_engine::show::verdict::{judge, slug};
use rusty_lock_engine::show::view::{BoardKind, RunView};
use serde_json::{json, Value};

fn reply(content: Option<&str>, calls: Vec<ToolCall>, finish: Option<&str>) -> Result<ChatResponse, ProviderError> {
    Ok(ChatResponse {
        id: None,
        choices: vec![Choice {
            index: 0,
            message: Message {
                role: Role::Assistant,
                content: content.map(str::to_string),
                tool_calls: (!calls.is_empty()).then_some(calls),
                tool_call_id: None,
            },
            finish_reason: finish.map(str::to_string),
        }],
        usage: None,
    })
}

fn look_at_door(id: &str) -> ToolCall {
    ToolCall::new(id, "look_at", r#"{"target":"door"}"#)
}

/// Every tool call the model made got exactly one result, with its own id, in the next request.
fn assert_no_result_lost(provider: &Scripted) {
    let requests = provider.requests.borrow();
    let (_, last) = requests.last().expect("at least one request");
    let mut asked = Vec::new();
    let mut answered = Vec::new();
    for m in &last.messages {
        asked.extend(m.calls().iter().map(|c| c.id.clone()));
        if let Some(id) = &m.tool_call_id {
            answered.push(id.clone());
        }
    }
    assert_eq!(asked, answered, "every call has its result, in order");
}

fn failed_reason(outcome: &Option<Outcome>) -> &FailReason {
    match outcome {
        Some(Outcome::Failed { reason }) => reason,
        other => panic!("expected a failed run, got {other:?}"),
    }
}

#[test]
fn tool_calls_ending_with_stop_still_run_and_the_harness_says_it_tolerated_that() {
    let provider = Scripted::new(vec![reply(Some("Looking."), vec![look_at_door("c1")], Some("stop"))]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert!(matches!(run.outcome, Some(Outcome::Answered { .. })), "{:?}", run.outcome);
    assert_eq!(
        turn_kinds(&run.events, 1),
        ["turn-started", "model-called", "model-replied", "quirk-tolerated", "tool-started", "tool-succeeded"]
    );
    let quirk = run.events.iter().find(|e| e.kind() == "quirk-tolerated").unwrap();
    assert_eq!(quirk.layer(), Some(Layer::Code));
    assert_eq!(
        quirk,
        &Event::QuirkTolerated { turn: 1, quirk: Quirk::ToolCallsWithFinishReason { finish_reason: "stop".into() } }
    );
    assert_no_result_lost(&provider);
    let view = RunView::from_events(&run.events);
    assert!(
        view.board.iter().any(|e| e.layer == Layer::Code && e.kind == BoardKind::FinishMismatch),
        "{:?}",
        view.board
    );
    let findings = judge(&RunConfig::default(), &run.events);
    assert!(findings.iter().any(|f| f.slug == slug::TOLERATED_QUIRK), "{findings:?}");
}

#[test]
fn a_reply_cut_at_the_length_limit_is_never_the_answer() {
    let provider = Scripted::new(vec![reply(Some("I will look and"), vec![], Some("length"))]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    let reason = failed_reason(&run.outcome);
    assert_eq!(reason, &FailReason::NotAnAnswer { finish_reason: "length".into() });
    assert_eq!(reason.slug(), "cut-at-length");
    assert_eq!(provider.calls.get(), 1, "nothing is retried: the same history would be cut the same way");
    let view = RunView::from_events(&run.events);
    assert_eq!(view.board.len(), 1, "{:?}", view.board);
    assert_eq!((view.board[0].layer, view.board[0].kind), (Layer::Nobody, BoardKind::CutAtLength));
    let findings = judge(&RunConfig::default(), &run.events);
    let cut = findings.iter().find(|f| f.slug == slug::CUT_AT_LENGTH).expect("the verdict names the cut");
    assert_eq!(cut.said, rusty_lock_engine::show::verdict::Said::CutAtLength { turn: 1 });
}

#[test]
fn tool_calls_cut_at_the_length_limit_go_back_to_the_model_as_broken_arguments() {
    let cut = ToolCall::new("c1", "look_at", r#"{"target":"do"#);
    let provider = Scripted::new(vec![reply(None, vec![cut], Some("length"))]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert!(matches!(run.outcome, Some(Outcome::Answered { .. })), "{:?}", run.outcome);
    let failed = run.events.iter().find_map(|e| match e {
        Event::ToolFailed { turn: 1, kind, layer, .. } => Some((*kind, *layer)),
        _ => None,
    });
    assert_eq!(failed, Some((ToolErrorKind::BadJson, Layer::Model)));
    assert_eq!(count_in_turn(&run.events, 1, "quirk-tolerated"), 1);
    assert_no_result_lost(&provider);
}

#[test]
fn a_content_filter_or_an_unknown_finish_reason_ends_the_run_naming_it() {
    for (finish, slug_name) in [("content_filter", "content-filter"), ("recitation", "unknown-finish")] {
        let provider = Scripted::new(vec![reply(Some("Partial"), vec![], Some(finish))]);
        let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
        let reason = failed_reason(&run.outcome);
        assert_eq!(reason, &FailReason::NotAnAnswer { finish_reason: finish.into() });
        assert_eq!(reason.slug(), slug_name);
        let findings = judge(&RunConfig::default(), &run.events);
        let finding = findings.iter().find(|f| f.slug == slug::NOT_AN_ANSWER).expect("named in the verdict");
        assert_eq!(
            finding.said,
            rusty_lock_engine::show::verdict::Said::NotAnAnswer { turn: 1, finish_reason: finish.into() }
        );
    }
}

#[test]
fn a_reply_with_no_finish_reason_and_no_calls_is_still_read_as_the_answer() {
    let provider = Scripted::new(vec![reply(Some("The door is open."), vec![], None)]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert_eq!(run.outcome, Some(Outcome::Answered { text: "The door is open.".into() }));
}

#[test]
fn several_tool_calls_in_one_reply_each_run_in_order_with_their_own_result() {
    let calls = vec![
        ToolCall::new("a", "look_at", r#"{"target":"lock"}"#),
        ToolCall::new("b", "use", r#"{"item":"oil_can","target":"lock"}"#),
        ToolCall::new("c", "use", r#"{"item":"key","target":"door"}"#),
    ];
    let provider = Scripted::new(vec![reply(None, calls, Some("tool_calls"))]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert!(matches!(run.outcome, Some(Outcome::Answered { .. })), "{:?}", run.outcome);
    let done: Vec<(String, bool)> = run
        .events
        .iter()
        .filter_map(|e| match e {
            Event::ToolSucceeded { call_id, room, .. } => Some((call_id.clone(), room.door_open)),
            _ => None,
        })
        .take(3)
        .collect();
    assert_eq!(done, [("a".into(), false), ("b".into(), false), ("c".into(), true)], "in order, each with its id");
    assert_no_result_lost(&provider);
}

#[test]
fn empty_arguments_are_an_empty_object_so_a_missing_field_for_the_model_to_fix() {
    let provider = Scripted::new(vec![reply(None, vec![ToolCall::new("c1", "look_at", "")], Some("tool_calls"))]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert!(matches!(run.outcome, Some(Outcome::Answered { .. })), "{:?}", run.outcome);
    let failed = run.events.iter().find_map(|e| match e {
        Event::ToolFailed { turn: 1, kind, layer, output, .. } => Some((*kind, *layer, output.clone())),
        _ => None,
    });
    let (kind, layer, output) = failed.expect("the call failed");
    assert_eq!((kind, layer), (ToolErrorKind::SchemaInvalid, Layer::Model));
    assert!(output.contains("target"), "{output}");
}

#[test]
fn the_servers_usage_reaches_the_reply_event() {
    let mut answer = reply(Some("Done."), vec![], Some("stop")).unwrap();
    answer.usage = Some(Usage { prompt_tokens: 40, completion_tokens: 3, total_tokens: 43 });
    let provider = Scripted::new(vec![Ok(answer)]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    let usage = run.events.iter().find_map(|e| match e {
        Event::ModelReplied { usage, .. } => Some(*usage),
        _ => None,
    });
    assert_eq!(usage, Some(Some(Usage { prompt_tokens: 40, completion_tokens: 3, total_tokens: 43 })));
}

// ---------------------------------------------------------------------------------------------
// The same shapes on the wire
// ---------------------------------------------------------------------------------------------

fn data(value: Value) -> String {
    format!("data: {value}\n\n")
}

fn delta(delta: Value, finish: Option<&str>) -> String {
    data(
        json!({"id": "chatcmpl-q", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}),
    )
}

/// A reasoning model's stream: reasoning deltas (two spellings), then the text, a tool call,
/// the finish, and a last chunk with no choices that carries only usage.
fn reasoning_stream() -> String {
    let mut s = delta(json!({"role": "assistant", "content": null, "reasoning_content": "Hmm, the door"}), None);
    s += &delta(json!({"reasoning": " looks locked."}), None);
    s += &delta(json!({"content": "Looking at the door é."}), None);
    s += &delta(
        json!({"tool_calls": [{"index": 0, "id": "c1", "type": "function", "function": {"name": "look_at", "arguments": "{\"target\""}}]}),
        None,
    );
    s += &delta(json!({"tool_calls": [{"index": 0, "function": {"arguments": ":\"door\"}"}}]}), None);
    s += &delta(json!({}), Some("tool_calls"));
    s += &data(
        json!({"id": "chatcmpl-q", "choices": [], "usage": {"prompt_tokens": 50, "completion_tokens": 12, "total_tokens": 62}}),
    );
    s += "data: [DONE]\n\n";
    s
}

fn read(bytes: &[u8], cuts: &[usize]) -> ChatResponse {
    let mut parser = SseParser::new();
    let mut from = 0;
    for &cut in cuts.iter().chain(std::iter::once(&bytes.len())) {
        parser.feed(&bytes[from..cut]).unwrap_or_else(|e| panic!("cut at {cuts:?}: {e:?}"));
        from = cut;
    }
    parser.finish().unwrap_or_else(|e| panic!("cut at {cuts:?}: {e:?}"))
}

fn assert_reasoning_reply(r: &ChatResponse) {
    let message = &r.choices[0].message;
    assert_eq!(message.content.as_deref(), Some("Looking at the door é."), "reasoning is never the answer");
    assert_eq!(message.calls(), [ToolCall::new("c1", "look_at", r#"{"target":"door"}"#)]);
    assert_eq!(r.choices[0].finish_reason.as_deref(), Some("tool_calls"));
    assert_eq!(r.usage, Some(Usage { prompt_tokens: 50, completion_tokens: 12, total_tokens: 62 }));
}

#[test]
fn a_stream_with_reasoning_and_a_usage_only_chunk_reads_the_same_cut_at_every_point() {
    let stream = reasoning_stream();
    let bytes = stream.as_bytes();
    assert_reasoning_reply(&read(bytes, &[]));
    for cut in 1..bytes.len() {
        assert_reasoning_reply(&read(bytes, &[cut]));
    }
    // Two cuts, on a stride so the pairs cover the whole stream in a fraction of a second.
    for a in (1..bytes.len()).step_by(7) {
        for b in (a..bytes.len()).step_by(11) {
            assert_reasoning_reply(&read(bytes, &[a, b]));
        }
    }
}

#[test]
fn tool_call_pieces_out_of_order_with_the_id_only_on_the_first_are_put_together() {
    let mut s = delta(
        json!({"role": "assistant", "tool_calls": [{"index": 1, "id": "b", "function": {"name": "use", "arguments": ""}}]}),
        None,
    );
    s += &delta(json!({"tool_calls": [{"index": 1, "function": {"arguments": "{\"item\":\"oil_can\","}}]}), None);
    s += &delta(
        json!({"tool_calls": [{"index": 0, "id": "a", "function": {"name": "look_at", "arguments": "{\"target\":"}}]}),
        None,
    );
    s += &delta(json!({"tool_calls": [{"index": 1, "function": {"arguments": "\"target\":\"lock\"}"}}]}), None);
    s += &delta(json!({"tool_calls": [{"index": 0, "function": {"arguments": "\"lock\"}"}}]}), None);
    s += &delta(json!({}), Some("tool_calls"));
    s += "data: [DONE]\n\n";
    let r = read(s.as_bytes(), &[]);
    assert_eq!(
        r.choices[0].message.calls(),
        [
            ToolCall::new("a", "look_at", r#"{"target":"lock"}"#),
            ToolCall::new("b", "use", r#"{"item":"oil_can","target":"lock"}"#)
        ]
    );
    for cut in 1..s.len() {
        assert_eq!(read(s.as_bytes(), &[cut]), r, "cut at {cut}");
    }
}

#[test]
fn tool_call_pieces_without_an_index_follow_their_ids() {
    let mut s = delta(
        json!({"role": "assistant", "tool_calls": [{"id": "a", "function": {"name": "look_at", "arguments": "{\"target\":"}}]}),
        None,
    );
    s += &delta(json!({"tool_calls": [{"function": {"arguments": "\"door\"}"}}]}), None);
    s += &delta(
        json!({"tool_calls": [{"id": "b", "function": {"name": "use", "arguments": {"item": "key", "target": "door"}}}]}),
        None,
    );
    s += &delta(json!({}), Some("tool_calls"));
    s += "data: [DONE]\n\n";
    let r = read(s.as_bytes(), &[]);
    assert_eq!(
        r.choices[0].message.calls(),
        [
            ToolCall::new("a", "look_at", r#"{"target":"door"}"#),
            ToolCall::new("b", "use", r#"{"item":"key","target":"door"}"#)
        ]
    );
}

#[test]
fn a_plain_reply_with_reasoning_fields_parses_and_ignores_them() {
    let body = json!({
        "choices": [{"index": 0, "finish_reason": "stop", "message": {
            "role": "assistant", "content": "The door is open.", "reasoning_content": "long thoughts", "reasoning": "more"
        }}],
        "usage": {"prompt_tokens": 9}
    })
    .to_string();
    let r = classify_response(200, &|_| None, &body, 0).unwrap();
    assert_eq!(r.choices[0].message.content.as_deref(), Some("The door is open."));
    assert_eq!(r.usage.map(|u| u.prompt_tokens), Some(9), "counts a server leaves out are 0, not an error");
}

#[test]
fn a_429_without_retry_after_backs_off_and_with_both_headers_the_ms_one_wins() {
    let none = classify_response(429, &|_| None, "", 0).unwrap_err();
    assert_eq!(none.retry_after_ms, None);
    let both = classify_response(
        429,
        &|name| match name {
            "retry-after" => Some("3".into()),
            "retry-after-ms" => Some("1250".into()),
            _ => None,
        },
        "",
        0,
    )
    .unwrap_err();
    assert_eq!(both.retry_after_ms, Some(1250));
    // Through the loop: the first waits on backoff, the second as the server asked.
    let provider = Scripted::new(vec![Err(none), Err(both)]);
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    let reasons: Vec<_> = run
        .events
        .iter()
        .filter_map(|e| match e {
            Event::RetryScheduled { wait_ms, reason, .. } => Some((*wait_ms, *reason)),
            _ => None,
        })
        .collect();
    assert_eq!(reasons.len(), 2);
    assert_eq!(reasons[0].1, rusty_lock_engine::run::provider::WaitReason::Backoff);
    assert_eq!(reasons[1], (1250, rusty_lock_engine::run::provider::WaitReason::RetryAfter));
    assert!(matches!(run.outcome, Some(Outcome::Answered { .. })));
}
