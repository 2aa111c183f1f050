//! Real answers over HTTP: how a status, its headers and its body become the engine's types, and
//! how a streamed completion is read piece by piece without ever taking a cut stream as whole.

mod common;

use common::*;
use futures::future::LocalBoxFuture;
use rusty_lock_engine::run::builtin::{BuiltinModel, Personality};
use rusty_lock_engine::run::chaos::FaultPlan;
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, Outcome};
use rusty_lock_engine::run::http::{
    classify_response, error_body_message, error_for_status, parse_http_date, redact, retry_after_from_headers,
    MAX_BODY_BYTES, REDACTED, SUMMARY_CHARS,
};
use rusty_lock_engine::run::provider::{BodyProblem, CallContext, CallFailure, Provider, ProviderError, WaitReason};
use rusty_lock_engine::run::sse::{is_event_stream, SseParser, StreamError};
use rusty_lock_engine::run::wire::{ChatRequest, ChatResponse, Role, ToolCall};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::VecDeque;

// ---------------------------------------------------------------------------------------------
// Plain answers
// ---------------------------------------------------------------------------------------------

const NOW: u64 = 1_445_412_480_000; // Wed, 21 Oct 2015 07:28:00 GMT

fn no_headers(_: &str) -> Option<String> {
    None
}

fn headers(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
    move |name: &str| pairs.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.to_string())
}

fn good_body() -> String {
    json!({
        "id": "chatcmpl-1",
        "choices": [{
            "index": 0,
            "message": {
                "role": "assistant",
                "content": "Looking first.",
                "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "look_at", "arguments": "{\"target\":\"door\"}"}}]
            },
            "finish_reason": "tool_calls"
        }]
    })
    .to_string()
}

fn http_err(status: u16, h: &dyn Fn(&str) -> Option<String>) -> ProviderError {
    classify_response(status, h, "", NOW).expect_err("a non-2xx must be an error")
}

#[test]
fn a_200_with_a_completion_parses_into_the_response() {
    let response = classify_response(200, &no_headers, &good_body(), NOW).unwrap();
    let message = &response.choices[0].message;
    assert_eq!(message.role, Role::Assistant);
    assert_eq!(message.calls()[0].function.name, "look_at");
    assert!(response.check().is_ok());
}

#[test]
fn any_2xx_is_read_as_a_completion() {
    assert!(classify_response(201, &no_headers, &good_body(), NOW).is_ok());
}

#[test]
fn a_200_that_is_an_html_page_is_a_bad_body_and_not_retried() {
    let err = classify_response(200, &no_headers, "<html>oops</html>", NOW).unwrap_err();
    assert!(matches!(&err.failure, CallFailure::BadBody { reason: BodyProblem::Html }));
    assert!(!err.is_transient());
}

#[test]
fn a_200_with_truncated_json_is_a_bad_body() {
    let err = classify_response(200, &no_headers, "{\"choices\":", NOW).unwrap_err();
    assert!(matches!(err.failure, CallFailure::BadBody { .. }));
    assert!(!err.is_transient());
}

#[test]
fn a_body_over_the_size_cap_is_refused_before_parsing_even_if_it_is_valid() {
    let mut body = good_body();
    body.push_str(&" ".repeat(MAX_BODY_BYTES));
    let err = classify_response(200, &no_headers, &body, NOW).unwrap_err();
    match err.failure {
        CallFailure::BadBody { reason } => {
            assert!(matches!(reason, BodyProblem::TooBig { limit_mb: 2, .. }), "{reason:?}")
        }
        other => panic!("expected a bad body, got {other:?}"),
    }
    // Just under the cap, the same completion is fine.
    let mut body = good_body();
    body.push_str(&" ".repeat(MAX_BODY_BYTES - body.len()));
    assert!(classify_response(200, &no_headers, &body, NOW).is_ok());
}

#[test]
fn a_429_with_retry_after_in_seconds_asks_for_that_many_milliseconds() {
    let err = http_err(429, &headers(&[("Retry-After", "2")]));
    assert_eq!(err.failure, CallFailure::Http { status: 429 });
    assert_eq!(err.retry_after_ms, Some(2000));
    assert!(err.is_transient());
}

#[test]
fn retry_after_ms_wins_over_retry_after() {
    let err = http_err(429, &headers(&[("retry-after-ms", "750"), ("retry-after", "9")]));
    assert_eq!(err.retry_after_ms, Some(750));
}

#[test]
fn decimal_seconds_in_retry_after_are_read() {
    assert_eq!(http_err(503, &headers(&[("retry-after", "1.5")])).retry_after_ms, Some(1500));
}

#[test]
fn retry_after_as_an_http_date_becomes_the_time_left_until_then() {
    let err = http_err(503, &headers(&[("retry-after", "Wed, 21 Oct 2015 07:28:30 GMT")]));
    assert_eq!(err.retry_after_ms, Some(30_000));
}

#[test]
fn retry_after_as_a_date_already_past_means_retry_now() {
    let err = http_err(429, &headers(&[("retry-after", "Wed, 21 Oct 2015 07:00:00 GMT")]));
    assert_eq!(err.retry_after_ms, Some(0));
}

#[test]
fn an_unreadable_retry_after_is_ignored_not_guessed() {
    for value in ["soon", "-5", "Wed, 32 Oct 2015 07:28:00 GMT", "NaN", ""] {
        let h = move |name: &str| (name == "retry-after").then(|| value.to_string());
        assert_eq!(retry_after_from_headers(&h, NOW), None, "{value:?}");
    }
}

#[test]
fn x_should_retry_overrides_the_status_either_way() {
    let no = http_err(503, &headers(&[("x-should-retry", "false")]));
    assert_eq!(no.should_retry, Some(false));
    assert!(!no.is_transient());
    let yes = http_err(400, &headers(&[("x-should-retry", "TRUE")]));
    assert_eq!(yes.should_retry, Some(true));
    assert!(yes.is_transient());
    let junk = http_err(503, &headers(&[("x-should-retry", "maybe")]));
    assert_eq!(junk.should_retry, None);
    assert!(junk.is_transient());
}

#[test]
fn permanent_statuses_are_not_transient_and_carry_no_hints() {
    for status in [400, 401, 403, 404, 422] {
        let err = http_err(status, &no_headers);
        assert_eq!(err, ProviderError::http(status));
        assert!(!err.is_transient(), "{status}");
    }
    for status in [408, 409, 429, 500, 502, 503, 504, 529] {
        assert!(http_err(status, &no_headers).is_transient(), "{status}");
    }
}

#[test]
fn an_error_status_ignores_its_body_even_if_it_looks_like_a_completion() {
    let err = classify_response(500, &no_headers, &good_body(), NOW).unwrap_err();
    assert_eq!(err.failure, CallFailure::Http { status: 500 });
}

#[test]
fn status_zero_is_a_response_the_browser_hid_so_a_network_failure() {
    let err = classify_response(0, &no_headers, "", NOW).unwrap_err();
    assert_eq!(err.failure, CallFailure::Network);
}

#[test]
fn error_for_status_lets_a_2xx_stream_through() {
    assert_eq!(error_for_status(200, &no_headers, NOW), None);
    assert_eq!(error_for_status(503, &headers(&[("retry-after", "3")]), NOW).unwrap().retry_after_ms, Some(3000));
}

#[test]
fn http_dates_in_all_three_forms_parse_to_the_same_instant() {
    let want = Some(1_445_412_480_000);
    assert_eq!(parse_http_date("Wed, 21 Oct 2015 07:28:00 GMT"), want);
    assert_eq!(parse_http_date("Wednesday, 21-Oct-15 07:28:00 GMT"), want);
    assert_eq!(parse_http_date("Wed Oct 21 07:28:00 2015"), want);
    assert_eq!(parse_http_date("  wed, 21 oct 2015 07:28:00 gmt "), want);
}

#[test]
fn http_dates_land_on_the_right_second_across_leap_years_and_centuries() {
    let cases = [
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
        ("Fri, 31 Dec 1999 12:00:00 GMT", 946_641_600),
        ("Wed, 01 Mar 2000 23:59:59 GMT", 951_955_199),
        ("Thu, 29 Feb 2024 00:00:00 GMT", 1_709_164_800),
        ("Mon, 01 Mar 2100 00:00:00 GMT", 4_107_542_400),
    ];
    for (text, secs) in cases {
        assert_eq!(parse_http_date(text), Some(secs * 1000), "{text}");
    }
}

#[test]
fn impossible_or_foreign_dates_are_refused() {
    for text in [
        "Wed, 29 Feb 2023 00:00:00 GMT",
        "Wed, 21 Oct 2015 24:00:00 GMT",
        "Wed, 21 Oct 2015 07:60:00 GMT",
        "Wed, 21 Oct 2015 07:28:00 +0200",
        "Wed, 21 Oct 2015 07:28:00 PST",
        "Wed, 21 Foo 2015 07:28:00 GMT",
        "Wed, 21 Oct 2015 GMT",
        "Wed, 21 Oct 1969 07:28:00 GMT",
        "21 Oct 2015",
        "1445412480",
        "",
    ] {
        assert_eq!(parse_http_date(text), None, "{text}");
    }
}

#[test]
fn redact_hides_every_known_secret() {
    let out = redact("key abc123secret was rejected, abc123secret again", &["abc123secret", ""]);
    assert_eq!(out, format!("key {REDACTED} was rejected, {REDACTED} again"));
}

#[test]
fn redact_hides_bearer_tokens_and_sk_keys_it_was_not_told_about() {
    let out = redact("sent Authorization: Bearer eyJhbGciOi.x-y_z and key sk-proj-ABCDEFGH12345678.", &[]);
    assert_eq!(out, format!("sent Authorization: Bearer {REDACTED} and key {REDACTED}."));
    assert!(!out.contains("eyJ") && !out.contains("ABCDEFGH"));
    assert_eq!(redact("bearer t0k", &[]), format!("bearer {REDACTED}"));
}

#[test]
fn redact_leaves_ordinary_prose_alone() {
    let text = "Invalid bearer token: ask for a new one. Words like task-list or sk-8 stay.";
    assert_eq!(redact(text, &[]), text);
}

#[test]
fn redact_folds_lines_and_cuts_long_text_at_about_300_characters() {
    let long = format!("line one\n\n   line two {}", "é".repeat(1000));
    let out = redact(&long, &[]);
    assert!(out.starts_with("line one line two é"));
    assert_eq!(out.chars().count(), SUMMARY_CHARS + 1);
    assert!(out.ends_with('…'));
    assert_eq!(redact("short", &[]), "short");
}

#[test]
fn a_secret_across_the_cut_never_shows_even_in_part() {
    let secret = "SECRETSECRETSECRET";
    let text = format!("{}{secret} tail", "a".repeat(SUMMARY_CHARS - 5));
    let out = redact(&text, &[secret]);
    assert!(!out.contains("SECR"), "{out}");
}

#[test]
fn an_error_summary_uses_the_servers_message_and_redacts_it() {
    let body =
        r#"{"error":{"message":"Incorrect API key provided: sk-abcdefghijklmnop.","type":"invalid_request_error"}}"#;
    let out = error_body_message(body, &[]);
    assert_eq!(out.as_deref(), Some(format!("Incorrect API key provided: {REDACTED}.").as_str()));
    assert_eq!(error_body_message(r#"{"error":"bad model"}"#, &[]).as_deref(), Some("bad model"));
    assert_eq!(error_body_message(r#"{"message":"no such route"}"#, &[]).as_deref(), Some("no such route"));
}

#[test]
fn an_html_error_page_is_summarized_as_its_text() {
    let out = error_body_message("<html><body><h1>502 Bad Gateway</h1>\n<p>nginx</p></body></html>", &[]);
    assert_eq!(out.as_deref(), Some("502 Bad Gateway nginx"));
}

#[test]
fn an_empty_error_body_says_nothing() {
    assert_eq!(error_body_message("  ", &["k"]), None);
    assert_eq!(error_body_message("<p> </p>", &["k"]), None);
}

// ---------------------------------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------------------------------

fn chunk(delta: Value, finish: Option<&str>) -> String {
    let body = json!({
        "id": "chatcmpl-s",
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]
    });
    format!("data: {body}\n\n")
}

/// A stream with text in two languages, a keep-alive, and one tool call whose name and arguments
/// arrive in pieces.
fn sample_stream() -> String {
    let mut s = String::from(": keep-alive\n\n");
    s += &chunk(json!({"role": "assistant", "content": ""}), None);
    s += &chunk(json!({"content": "La clé "}), None);
    s += ": ping\n\n";
    s += &chunk(json!({"content": "🗝 tourne."}), None);
    s += &chunk(
        json!({"tool_calls": [{"index": 0, "id": "call_7", "type": "function", "function": {"name": "use", "arguments": ""}}]}),
        None,
    );
    s += &chunk(json!({"tool_calls": [{"index": 0, "function": {"arguments": "{\"item\":"}}]}), None);
    s += &chunk(json!({"tool_calls": [{"index": 0, "function": {"arguments": "\"key\",\"target\":\"door\"}"}}]}), None);
    s += &chunk(json!({}), Some("tool_calls"));
    s += "data: {\"id\":\"chatcmpl-s\",\"choices\":[],\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":5,\"total_tokens\":15}}\n\n";
    s += "data: [DONE]\n\n";
    s
}

const SAMPLE_TEXT: &str = "La clé 🗝 tourne.";

fn assert_sample(response: &ChatResponse) {
    assert!(response.check().is_ok());
    let choice = &response.choices[0];
    assert_eq!(response.id.as_deref(), Some("chatcmpl-s"));
    assert_eq!(choice.message.role, Role::Assistant);
    assert_eq!(choice.message.content.as_deref(), Some(SAMPLE_TEXT));
    assert_eq!(choice.message.calls(), [ToolCall::new("call_7", "use", r#"{"item":"key","target":"door"}"#)]);
    assert_eq!(choice.finish_reason.as_deref(), Some("tool_calls"));
    assert_eq!(response.usage.map(|u| u.total_tokens), Some(15));
}

/// Feeds `bytes` cut at `cuts`, collecting the new text after each feed.
fn run_stream(bytes: &[u8], cuts: &[usize]) -> (Result<ChatResponse, StreamError>, String) {
    let mut parser = SseParser::new();
    let mut shown = String::new();
    let mut from = 0;
    for &cut in cuts.iter().chain(std::iter::once(&bytes.len())) {
        if let Err(e) = parser.feed(&bytes[from..cut]) {
            return (Err(e), shown);
        }
        shown.push_str(&parser.take_new_text());
        from = cut;
    }
    (parser.finish(), shown)
}

#[test]
fn a_whole_stream_becomes_a_response_that_passes_check() {
    let (result, shown) = run_stream(sample_stream().as_bytes(), &[]);
    assert_sample(&result.unwrap());
    assert_eq!(shown, SAMPLE_TEXT);
}

#[test]
fn a_stream_cut_at_every_byte_position_reads_the_same() {
    let bytes = sample_stream().into_bytes();
    for cut in 0..=bytes.len() {
        let (result, shown) = run_stream(&bytes, &[cut]);
        assert_sample(&result.unwrap_or_else(|e| panic!("cut at {cut}: {e:?}")));
        assert_eq!(shown, SAMPLE_TEXT, "cut at {cut}");
    }
}

#[test]
fn a_stream_fed_one_byte_at_a_time_reads_the_same() {
    let bytes = sample_stream().into_bytes();
    let cuts: Vec<usize> = (1..bytes.len()).collect();
    let (result, shown) = run_stream(&bytes, &cuts);
    assert_sample(&result.unwrap());
    assert_eq!(shown, SAMPLE_TEXT);
}

#[test]
fn a_stream_cut_twice_anywhere_reads_the_same() {
    let bytes = sample_stream().into_bytes();
    for a in (0..bytes.len()).step_by(7) {
        for b in (a..bytes.len()).step_by(13) {
            let (result, _) = run_stream(&bytes, &[a, b]);
            assert_sample(&result.unwrap_or_else(|e| panic!("cuts {a},{b}: {e:?}")));
        }
    }
}

#[test]
fn multi_byte_characters_split_across_chunks_come_out_whole() {
    let stream = sample_stream();
    let bytes = stream.as_bytes();
    for ch in ["é", "🗝"] {
        let start = stream.find(ch).unwrap();
        for inside in 1..ch.len() {
            let cut = start + inside;
            assert!(!stream.is_char_boundary(cut));
            let mut parser = SseParser::new();
            parser.feed(&bytes[..cut]).unwrap();
            let before = parser.take_new_text();
            assert!(!before.contains(ch), "half a character was shown: {before:?}");
            parser.feed(&bytes[cut..]).unwrap();
            let after = parser.take_new_text();
            assert_eq!(format!("{before}{after}"), SAMPLE_TEXT);
            assert_sample(&parser.finish().unwrap());
        }
    }
}

#[test]
fn crlf_and_lone_cr_line_endings_read_like_lf() {
    for ending in ["\r\n", "\r"] {
        let stream = sample_stream().replace('\n', ending);
        let bytes = stream.as_bytes();
        for cut in 0..=bytes.len() {
            let (result, _) = run_stream(bytes, &[cut]);
            assert_sample(&result.unwrap_or_else(|e| panic!("{ending:?} cut at {cut}: {e:?}")));
        }
    }
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(sample_stream().as_bytes());
    for cut in 0..4 {
        assert_sample(&run_stream(&bytes, &[cut]).0.unwrap());
    }
}

#[test]
fn keep_alive_comments_do_not_count_as_progress() {
    let mut parser = SseParser::new();
    parser.feed(b": keep-alive\n\n: again\n\n").unwrap();
    assert_eq!(parser.data_events(), 0);
    parser.feed(chunk(json!({"content": "hi"}), None).as_bytes()).unwrap();
    assert_eq!(parser.data_events(), 1);
    assert_eq!(parser.take_new_text(), "hi");
    assert_eq!(parser.take_new_text(), "");
    assert_eq!(parser.text(), "hi");
}

#[test]
fn several_data_lines_make_one_event() {
    let stream = "data: {\"choices\":[{\"index\":0,\n\
                  data: \"delta\":{\"role\":\"assistant\",\"content\":\"two lines\"},\n\
                  data: \"finish_reason\":\"stop\"}]}\n\n\
                  data: [DONE]\n\n";
    let (result, _) = run_stream(stream.as_bytes(), &[]);
    let response = result.unwrap();
    assert_eq!(response.choices[0].message.content.as_deref(), Some("two lines"));
    assert_eq!(response.choices[0].finish_reason.as_deref(), Some("stop"));
}

#[test]
fn data_without_a_space_after_the_colon_and_other_fields_are_fine() {
    let stream = "event: message\nid: 1\nretry: 100\ndata:{\"choices\":[{\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\n\ndata:[DONE]\n\n";
    let response = run_stream(stream.as_bytes(), &[]).0.unwrap();
    assert_eq!(response.choices[0].message.content.as_deref(), Some("ok"));
}

#[test]
fn anything_after_done_is_ignored() {
    let mut stream = sample_stream();
    stream += &chunk(json!({"content": " MORE"}), None);
    stream += "data: not json at all\n\n";
    let (result, shown) = run_stream(stream.as_bytes(), &[]);
    assert_sample(&result.unwrap());
    assert_eq!(shown, SAMPLE_TEXT);
}

#[test]
fn a_stream_without_done_is_truncated_even_with_a_finish_reason() {
    let stream = sample_stream().replace("data: [DONE]\n\n", "");
    let (result, shown) = run_stream(stream.as_bytes(), &[]);
    assert_eq!(result.unwrap_err(), StreamError::Truncated);
    assert_eq!(shown, SAMPLE_TEXT, "the text could be previewed, but it is not an answer");
}

#[test]
fn a_stream_cut_at_any_point_before_done_is_never_accepted() {
    let stream = sample_stream();
    let done_at = stream.find("data: [DONE]").unwrap();
    // The event only counts once its blank line arrives.
    let end_of_done = done_at + "data: [DONE]\n".len();
    for end in 0..=end_of_done {
        let (result, _) = run_stream(&stream.as_bytes()[..end], &[]);
        assert_eq!(result.unwrap_err(), StreamError::Truncated, "cut at {end}");
    }
    assert!(run_stream(&stream.as_bytes()[..end_of_done + 1], &[]).0.is_ok());
}

#[test]
fn a_truncated_stream_is_retried_as_a_dropped_connection() {
    let err = StreamError::Truncated.to_provider_error();
    assert_eq!(err.failure, CallFailure::Network);
    assert!(err.is_transient());
}

#[test]
fn stalled_and_dropped_streams_are_retried_as_timeout_and_network() {
    let stalled: ProviderError = StreamError::Stalled.into();
    assert_eq!(stalled.failure, CallFailure::Timeout);
    assert!(stalled.is_transient());
    let dropped = StreamError::Dropped.to_provider_error();
    assert_eq!(dropped.failure, CallFailure::Network);
    assert!(dropped.is_transient());
}

#[test]
fn a_data_line_that_is_not_json_is_malformed_and_not_retried() {
    let mut stream = chunk(json!({"role": "assistant", "content": "ok"}), None);
    stream += "data: {\"choices\": [oops\n\n";
    let mut parser = SseParser::new();
    let err = parser.feed(stream.as_bytes()).unwrap_err();
    assert!(matches!(&err, StreamError::MalformedChunk { reason: BodyProblem::ChunkNotJson { .. } }), "{err:?}");
    assert_eq!(parser.feed(b"data: [DONE]\n\n").unwrap_err(), err, "the first error sticks");
    assert_eq!(parser.finish().unwrap_err(), err);
    let provider_err = err.to_provider_error();
    assert!(matches!(provider_err.failure, CallFailure::BadBody { .. }));
    assert!(!provider_err.is_transient());
}

#[test]
fn json_that_is_not_a_chunk_is_malformed() {
    for data in [r#"{"hello":"world"}"#, r#"[1,2]"#, r#"{"choices":"no"}"#] {
        let err = SseParser::new().feed(format!("data: {data}\n\n").as_bytes()).unwrap_err();
        assert!(matches!(&err, StreamError::MalformedChunk { reason: BodyProblem::NotAChunk { .. } }));
    }
}

#[test]
fn an_error_object_mid_stream_is_malformed_with_the_servers_message() {
    let stream = format!(
        "{}data: {{\"error\":{{\"message\":\"overloaded\"}}}}\n\n",
        chunk(json!({"role": "assistant", "content": "par"}), None)
    );
    let err = SseParser::new().feed(stream.as_bytes()).unwrap_err();
    assert!(
        matches!(&err, StreamError::MalformedChunk { reason: BodyProblem::ErrorMidStream { message } } if message.contains("overloaded")),
        "{err:?}"
    );
}

#[test]
fn a_stream_claiming_tool_calls_without_any_fails_the_check() {
    let stream = format!(
        "{}{}data: [DONE]\n\n",
        chunk(json!({"role": "assistant"}), None),
        chunk(json!({}), Some("tool_calls"))
    );
    let err = run_stream(stream.as_bytes(), &[]).0.unwrap_err();
    assert!(matches!(err, StreamError::MalformedChunk { reason: BodyProblem::ToolCallsMissing }));
}

#[test]
fn a_tool_call_without_a_name_is_malformed() {
    let stream = format!(
        "{}{}data: [DONE]\n\n",
        chunk(
            json!({"role": "assistant", "tool_calls": [{"index": 0, "id": "c", "function": {"arguments": "{}"}}]}),
            None
        ),
        chunk(json!({}), Some("tool_calls"))
    );
    assert!(matches!(run_stream(stream.as_bytes(), &[]).0, Err(StreamError::MalformedChunk { .. })));
}

#[test]
fn interleaved_tool_calls_are_put_together_by_index() {
    let mut s = chunk(
        json!({"role": "assistant", "tool_calls": [
            {"index": 1, "id": "b", "function": {"name": "use", "arguments": "{\"item\":"}},
            {"index": 0, "id": "a", "function": {"name": "look_at", "arguments": "{\"tar"}}
        ]}),
        None,
    );
    s += &chunk(json!({"tool_calls": [{"index": 0, "function": {"arguments": "get\":\"door\"}"}}]}), None);
    s += &chunk(
        json!({"tool_calls": [{"index": 1, "function": {"name": "use", "arguments": "\"oil_can\",\"target\":\"lock\"}"}}]}),
        None,
    );
    s += &chunk(json!({}), Some("tool_calls"));
    s += "data: [DONE]\n\n";
    let response = run_stream(s.as_bytes(), &[]).0.unwrap();
    assert_eq!(
        response.choices[0].message.calls(),
        [
            ToolCall::new("a", "look_at", r#"{"target":"door"}"#),
            ToolCall::new("b", "use", r#"{"item":"oil_can","target":"lock"}"#),
        ]
    );
    assert_eq!(response.choices[0].message.content, None);
}

#[test]
fn a_tool_call_without_an_id_gets_a_stable_one() {
    let s = format!(
        "{}{}data: [DONE]\n\n",
        chunk(
            json!({"role": "assistant", "tool_calls": [{"index": 0, "function": {"name": "look_at", "arguments": "{}"}}]}),
            None
        ),
        chunk(json!({}), Some("tool_calls"))
    );
    assert_eq!(run_stream(s.as_bytes(), &[]).0.unwrap().choices[0].message.calls()[0].id, "call_0");
}

#[test]
fn a_stream_of_nothing_at_all_is_truncated() {
    assert_eq!(SseParser::new().finish().unwrap_err(), StreamError::Truncated);
}

#[test]
fn a_stream_over_the_size_cap_is_refused() {
    let mut parser = SseParser::new();
    let filler = vec![b':'; 64 * 1024];
    let mut result = Ok(());
    for _ in 0..=(MAX_BODY_BYTES / filler.len()) {
        result = parser.feed(&filler);
        if result.is_err() {
            break;
        }
    }
    assert!(matches!(result, Err(StreamError::MalformedChunk { reason: BodyProblem::StreamTooBig { limit_mb: 2 } })));
}

#[test]
fn event_stream_content_types_are_recognised() {
    assert!(is_event_stream(Some("text/event-stream")));
    assert!(is_event_stream(Some("Text/Event-Stream; charset=utf-8")));
    assert!(!is_event_stream(Some("application/json")));
    assert!(!is_event_stream(None));
}

#[test]
fn stream_errors_have_stable_names() {
    let all = [
        StreamError::Truncated,
        StreamError::MalformedChunk { reason: BodyProblem::NotUtf8 },
        StreamError::Stalled,
        StreamError::Dropped,
    ];
    let slugs: Vec<&str> = all.iter().map(StreamError::slug).collect();
    assert_eq!(slugs, ["stream-truncated", "stream-malformed", "stream-stalled", "stream-dropped"]);
}

// ---------------------------------------------------------------------------------------------
// Through the harness: what the lead's fetch glue will do, minus the browser
// ---------------------------------------------------------------------------------------------

/// Writes a response as the SSE stream a server would send for it, in small pieces.
fn to_sse(response: &ChatResponse) -> String {
    let choice = &response.choices[0];
    let mut s = chunk(json!({"role": "assistant"}), None);
    s += ": keep-alive\n\n";
    let text: Vec<char> = choice.message.content.clone().unwrap_or_default().chars().collect();
    for piece in text.chunks(5) {
        s += &chunk(json!({"content": piece.iter().collect::<String>()}), None);
    }
    for (i, call) in choice.message.calls().iter().enumerate() {
        s += &chunk(
            json!({"tool_calls": [{"index": i, "id": call.id, "type": "function", "function": {"name": call.function.name, "arguments": ""}}]}),
            None,
        );
        let args: Vec<char> = call.function.arguments.chars().collect();
        for piece in args.chunks(4) {
            let piece: String = piece.iter().collect();
            s += &chunk(json!({"tool_calls": [{"index": i, "function": {"arguments": piece}}]}), None);
        }
    }
    s += &chunk(json!({}), choice.finish_reason.as_deref());
    if let Some(usage) = response.usage {
        // As with `stream_options.include_usage`: a last chunk with no choices, only usage.
        s += &format!("data: {}\n\n", json!({"choices": [], "usage": usage}));
    }
    s += "data: [DONE]\n\n";
    s
}

/// The built-in model behind a pretend network that streams every answer in 7-byte pieces, and
/// optionally cuts some answers short.
struct Streaming {
    model: BuiltinModel,
    /// For each call in order: `true` cuts the stream before `[DONE]`.
    cut: RefCell<VecDeque<bool>>,
}

impl Provider for Streaming {
    fn complete(
        &self,
        request: &ChatRequest,
        ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        let answer = futures::executor::block_on(self.model.complete(request, ctx)).unwrap();
        let mut stream = to_sse(&answer);
        if self.cut.borrow_mut().pop_front().unwrap_or(false) {
            stream.truncate(stream.find("data: [DONE]").unwrap());
        }
        let mut parser = SseParser::new();
        let mut result = Ok(());
        for piece in stream.as_bytes().chunks(7) {
            result = result.and_then(|_| parser.feed(piece));
        }
        let result = result.and_then(|_| parser.finish()).map_err(ProviderError::from);
        Box::pin(std::future::ready(result))
    }
}

#[test]
fn the_adventure_played_over_a_stream_answers_like_the_built_in_model() {
    let provider = Streaming { model: BuiltinModel::new(Personality::Helpful), cut: RefCell::new(VecDeque::new()) };
    let streamed = drive(&provider, &RunConfig::default(), FaultPlan::default());
    let direct = rusty_lock_engine::run::sim::simulate(&RunConfig::default(), FaultPlan::default());
    assert_eq!(streamed.events, direct.events);
    assert!(matches!(streamed.outcome, Some(Outcome::Answered { .. })));
}

#[test]
fn a_cut_stream_is_retried_by_your_code_and_the_run_still_answers() {
    let provider =
        Streaming { model: BuiltinModel::new(Personality::Helpful), cut: RefCell::new(VecDeque::from([false, true])) };
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert!(run
        .events
        .iter()
        .any(|e| matches!(e, Event::ModelCallFailed { turn: 2, attempt: 1, failure: CallFailure::Network, .. })));
    assert_eq!(count(&run.events, "retry-scheduled"), 1);
    assert!(matches!(run.outcome, Some(Outcome::Answered { .. })));
}

/// One scripted HTTP answer: status, headers, body.
type Answer = (u16, &'static [(&'static str, &'static str)], String);

/// Scripted HTTP answers, each classified as the browser glue will.
struct Http {
    script: RefCell<VecDeque<Answer>>,
    model: BuiltinModel,
}

impl Provider for Http {
    fn complete(
        &self,
        request: &ChatRequest,
        ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        let result = match self.script.borrow_mut().pop_front() {
            Some((status, pairs, body)) => classify_response(status, &headers(pairs), &body, NOW),
            None => {
                let answer = futures::executor::block_on(self.model.complete(request, ctx)).unwrap();
                classify_response(200, &no_headers, &serde_json::to_string(&answer).unwrap(), NOW)
            }
        };
        Box::pin(std::future::ready(result))
    }
}

#[test]
fn a_retry_after_date_from_a_real_answer_sets_the_harness_wait() {
    let provider = Http {
        script: RefCell::new(VecDeque::from([(
            429,
            &[("retry-after", "Wed, 21 Oct 2015 07:28:03 GMT")][..],
            String::new(),
        )])),
        model: BuiltinModel::new(Personality::Helpful),
    };
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    let retry = run.events.iter().find(|e| e.kind() == "retry-scheduled").unwrap();
    assert!(matches!(retry, Event::RetryScheduled { wait_ms: 3000, reason: WaitReason::RetryAfter, .. }));
    assert!(matches!(run.outcome, Some(Outcome::Answered { .. })));
}

#[test]
fn an_html_200_from_a_real_answer_ends_the_run_without_a_retry() {
    let provider = Http {
        script: RefCell::new(VecDeque::from([(200, &[][..], "<html>oops</html>".to_string())])),
        model: BuiltinModel::new(Personality::Helpful),
    };
    let run = drive(&provider, &RunConfig::default(), FaultPlan::default());
    assert_eq!(count(&run.events, "retry-scheduled"), 0);
    assert_eq!(run.outcome.as_ref().map(Outcome::slug), Some("failed"));
}
