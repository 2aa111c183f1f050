//! Whatever the page records (a stranger's code can make any of it happen, in any order),
//! reading it as events and grading it never panics, the events always start with the run, and
//! no row is both right and wrong.

use proptest::prelude::*;
use rusty_lock_engine::run::script::Lang;
use rusty_lock_engine::run::world::Room;
use rusty_lock_engine::yours::card::{grade, CaseId};
use rusty_lock_engine::yours::observe::{events_of, End, LogLevel, Mistake, Observed, ToolResult};
use rusty_lock_engine::yours::server::ServerReply;
use std::collections::BTreeMap;

fn body() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("not json".to_string()),
        Just(r#"{"messages":[{"role":"user","content":"hi"}]}"#.to_string()),
        Just(r#"{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"look_at","arguments":"{\"target\":\"door\"}"}}]},{"role":"tool","tool_call_id":"call_1","content":"Error: x"}]}"#.to_string()),
        ".{0,40}",
    ]
}

fn reply() -> impl Strategy<Value = ServerReply> {
    let completion = r#"{"choices":[{"index":0,"message":{"role":"assistant","content":"hi","tool_calls":[{"id":"call_1","type":"function","function":{"name":"use","arguments":"{"}}]},"finish_reason":"stop"}]}"#;
    prop_oneof![
        Just(ServerReply::Hang),
        (0u64..5000).prop_map(|delay_ms| ServerReply::Drop { delay_ms }),
        (
            prop_oneof![Just(200u16), Just(429), Just(400), Just(503), 0u16..600],
            prop_oneof![Just(completion.to_string()), ".{0,30}"],
            0u64..3000,
            proptest::option::of("[0-9]{1,4}")
        )
            .prop_map(|(status, body, delay_ms, ra)| {
                let mut headers = BTreeMap::new();
                if let Some(ra) = ra {
                    headers.insert("retry-after-ms".to_string(), ra);
                }
                ServerReply::Answer { status, headers, body, delay_ms }
            }),
        (proptest::collection::vec(prop_oneof![Just("data: [DONE]\n\n".to_string()), ".{0,30}"], 0..4), 0u64..100)
            .prop_map(|(chunks, delay_ms)| ServerReply::Stream {
                status: 200,
                headers: BTreeMap::new(),
                chunks,
                delay_ms
            }),
    ]
}

fn observed() -> impl Strategy<Value = Observed> {
    prop_oneof![
        (0u64..6, 0u64..100_000, body(), reply(), prop_oneof![Just("POST"), Just("GET"), Just("")]).prop_map(
            |(id, t_ms, body, reply, method)| Observed::Request {
                id,
                t_ms,
                url: "http://x/v1/chat/completions".into(),
                method: method.into(),
                body,
                reply,
                heard: None
            }
        ),
        (0u64..6, 0u64..100_000).prop_map(|(id, t_ms)| Observed::Aborted { id, t_ms }),
        (0u64..100_000, body()).prop_map(|(t_ms, body)| Observed::SpentSignal {
            t_ms,
            url: "http://x/v1/chat/completions".into(),
            body
        }),
        (
            0u64..6,
            0u64..100_000,
            prop_oneof![Just("use"), Just("look_at"), Just("x")],
            ".{0,20}",
            any::<bool>(),
            ".{0,20}",
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(|(id, t_ms, name, args, ok, text, door_open, lock_oiled)| Observed::Tool {
                id,
                t_ms,
                name: name.into(),
                args,
                result: if ok { ToolResult::Returned { output: text } } else { ToolResult::Threw { message: text } },
                room: Room { door_open, lock_oiled },
            }),
        (0u64..100_000, ".{0,10}").prop_map(|(t_ms, text)| Observed::Log { t_ms, level: LogLevel::Warn, text }),
        (
            0u64..100_000,
            prop_oneof![
                proptest::option::of(".{0,10}").prop_map(|value| End::Returned { value }),
                ".{0,10}".prop_map(End::threw),
                (".{0,10}", 1u32..400).prop_map(|(name, line)| End::Threw {
                    message: format!("{name} is not defined"),
                    line: Some(line),
                    mistake: Some(Mistake::Bug { name: "ReferenceError".into() }),
                }),
                Just(End::Threw { message: "no package".into(), line: None, mistake: Some(Mistake::Process) }),
                proptest::collection::vec("[a-z]{1,8}", 0..3).prop_map(|found| End::NoAgent { found }),
                Just(End::Stalled),
                Just(End::TimeLimit),
                Just(End::TooManyRequests),
                Just(End::Stopped),
                (0u64..5000).prop_map(|budget_ms| End::Blocked { budget_ms }),
            ]
        )
            .prop_map(|(t_ms, how)| Observed::End { t_ms, how }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn reading_and_grading_any_observed_run_never_panics(list in proptest::collection::vec(observed(), 0..14), case in 0usize..CaseId::ALL.len()) {
        for lang in Lang::ALL {
            let events = events_of(&list, lang, "task");
            let starts = matches!(events.first(), Some(rusty_lock_engine::run::events::Event::RunStarted { .. }));
            prop_assert!(starts);
            let _ = rusty_lock_engine::show::verdict::judge(&Default::default(), &events);
            let _ = rusty_lock_engine::show::view::RunView::from_events(&events);
            let result = grade(CaseId::ALL[case], lang, &list);
            prop_assert!(!result.verdicts.is_empty());
            // Never right and wrong at once, whatever was recorded.
            let right = result.verdicts.iter().any(|v| matches!(v, rusty_lock_engine::yours::card::Verdict::RightLayer { .. }));
            prop_assert!(!right || result.verdicts.len() == 1, "{:?}", result.verdicts);
        }
    }
}
