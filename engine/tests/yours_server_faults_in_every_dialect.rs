//! One fault catalogue, spoken in three dialects: every fault has one effect, every server fault
//! takes a form in Chat Completions, the Responses API and Anthropic Messages (streamed or not),
//! every model fault reaches the code as the same damage, and a whole run reads the same on the
//! page (scene, log, card) whichever dialect the loop speaks.

mod speaking;

use rusty_lock_engine::run::chaos::{Effect, ErrorKind, Fault, FaultGroup, FaultPlan, FaultRule, Mangling, SLOW_MS};
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::run::provider::CallFailure;
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::wire::FINISH_TOOL_CALLS;
use rusty_lock_engine::yours::card::{grade, CaseId};
use rusty_lock_engine::yours::dialect::{error_type, status_of};
use rusty_lock_engine::yours::observe::{events_of, read_reply};
use rusty_lock_engine::yours::server::Dialect;
use serde_json::json;
use speaking::{first_body, post, server, Client, Keeping};

#[test]
fn every_fault_has_one_effect_and_its_group_follows_from_it() {
    for fault in Fault::ALL {
        let group = match fault.effect() {
            Effect::Status { status, kind } => {
                assert_eq!(fault.slug(), status.to_string(), "{fault:?}");
                assert_eq!(status_of(Dialect::Chat, kind), status, "{fault:?}");
                assert_eq!(fault.is_permanent(), !kind.may_pass_later(), "{fault:?}");
                FaultGroup::Server
            }
            Effect::Drop | Effect::Hang => FaultGroup::Server,
            Effect::Slow { ms } => {
                assert_eq!(ms, SLOW_MS);
                FaultGroup::Server
            }
            Effect::Mangle(_) => FaultGroup::Model,
            Effect::LoseToolReply => FaultGroup::Tool,
            Effect::HarnessBug => FaultGroup::Harness,
        };
        assert_eq!(fault.group(), group, "{fault:?}");
    }
    // Each error kind and each mangling belongs to exactly one fault.
    for kind in ErrorKind::ALL {
        let n = Fault::ALL.iter().filter(|f| matches!(f.effect(), Effect::Status { kind: k, .. } if k == kind)).count();
        assert_eq!(n, 1, "{kind:?}");
    }
    let manglings: Vec<Mangling> =
        Fault::ALL.iter().filter_map(|f| if let Effect::Mangle(m) = f.effect() { Some(m) } else { None }).collect();
    assert_eq!(manglings.len(), 6);
}

#[test]
fn every_server_fault_renders_in_every_dialect_streamed_or_not() {
    for fault in Fault::ALL.into_iter().filter(|f| f.group() == FaultGroup::Server) {
        for dialect in Dialect::ALL {
            for stream in [false, true] {
                let reply = server(Some(fault)).answer(&post(dialect, &first_body(dialect, stream)));
                let what = format!("{fault:?} {dialect:?} stream={stream}");
                match fault.effect() {
                    Effect::Status { kind, .. } => {
                        let status = status_of(dialect, kind);
                        assert_eq!(reply.status(), Some(status), "{what}");
                        assert_eq!(reply.header("content-type"), Some("application/json"), "{what}");
                        assert_eq!(reply.header("x-should-retry"), Some(kind.may_pass_later().to_string().as_str()));
                        let err = read_reply(dialect, &reply).unwrap().unwrap_err();
                        assert_eq!(err.failure, CallFailure::Http { status }, "{what}");
                        assert_eq!(err.is_transient(), kind.may_pass_later(), "{what}");
                        let (_, body) = speaking::answer(&reply);
                        assert_eq!(body["error"]["type"], error_type(dialect, kind), "{what}");
                        assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{what}");
                        if kind == ErrorKind::RateLimit {
                            assert_eq!(err.retry_after_ms, Some(2000), "{what}");
                        }
                    }
                    Effect::Drop => {
                        let err = read_reply(dialect, &reply).unwrap().unwrap_err();
                        assert_eq!(err.failure, CallFailure::Network, "{what}");
                    }
                    Effect::Hang => assert!(read_reply(dialect, &reply).is_none(), "{what}"),
                    Effect::Slow { ms } => {
                        assert_eq!(reply.delay_ms(), Some(ms), "{what}");
                        assert!(read_reply(dialect, &reply).unwrap().is_ok(), "{what}");
                    }
                    Effect::Mangle(_) | Effect::LoseToolReply | Effect::HarnessBug => unreachable!(),
                }
            }
        }
    }
}

#[test]
fn every_model_fault_reaches_the_code_as_the_same_damage_in_every_dialect() {
    for fault in Fault::ALL.into_iter().filter(|f| f.group() == FaultGroup::Model) {
        let chat = {
            let reply = server(Some(fault)).answer(&post(Dialect::Chat, &first_body(Dialect::Chat, false)));
            read_reply(Dialect::Chat, &reply).unwrap().unwrap()
        };
        for dialect in Dialect::ALL {
            for stream in [false, true] {
                let reply = server(Some(fault)).answer(&post(dialect, &first_body(dialect, stream)));
                let got = read_reply(dialect, &reply).unwrap().unwrap();
                let what = format!("{fault:?} {dialect:?} stream={stream}");
                let (want, got) = (&chat.choices[0], &got.choices[0]);
                match (fault, dialect, stream) {
                    // A whole Messages reply cannot carry broken JSON: it breaks the schema.
                    (Fault::BadJson, Dialect::Messages, false) => {
                        let args = &got.message.calls()[0].function.arguments;
                        assert!(serde_json::from_str::<serde_json::Value>(args).is_ok(), "{what}: {args}");
                        assert_ne!(args, &want.message.calls()[0].function.arguments);
                    }
                    // The Responses API has no finish reason to bend.
                    (Fault::StopWithCalls, Dialect::Responses, _) => {
                        assert_eq!(got.message, want.message, "{what}");
                        assert_eq!(got.finish_reason.as_deref(), Some(FINISH_TOOL_CALLS), "{what}");
                    }
                    _ => {
                        assert_eq!(got.message, want.message, "{what}");
                        assert_eq!(got.finish_reason, want.finish_reason, "{what}");
                    }
                }
            }
        }
    }
}

/// The events as JSON, with Anthropic's 529 read as the 503 it stands for: the only place the
/// dialects may differ is the status their server gives the same failure.
fn as_503(events: &[Event]) -> String {
    serde_json::to_string(events).unwrap().replace(r#""status":529"#, r#""status":503"#)
}

fn run_in(dialect: Dialect, stream: bool, keeping: Keeping, plan: FaultPlan) -> Client {
    let mut client = Client::new(dialect, stream, keeping, plan);
    client.run(20).expect("the model answers in the end");
    client
}

#[test]
fn a_whole_run_reads_the_same_on_the_page_whichever_dialect_the_loop_speaks() {
    let plans = [
        FaultPlan::default(),
        FaultPlan::single(2, Fault::Http503, 2),
        FaultPlan::new(vec![
            FaultRule { turn: 1, fault: Fault::RateLimited, times: 1 },
            FaultRule { turn: 2, fault: Fault::UnknownTool, times: 1 },
            FaultRule { turn: 3, fault: Fault::Dropped, times: 1 },
        ]),
        FaultPlan::single(1, Fault::ToolTimeout, 1),
    ];
    let task = script(Lang::En).task;
    for plan in plans {
        let chat = run_in(Dialect::Chat, false, Keeping::Whole, plan.clone());
        let want: Vec<Event> = events_of(chat.session.observed(), Lang::En, task);
        assert!(chat.session.room().door_open, "{plan:?}");
        for (dialect, keeping) in [
            (Dialect::Responses, Keeping::Whole),
            (Dialect::Responses, Keeping::OnServer),
            (Dialect::Messages, Keeping::Whole),
        ] {
            for stream in [false, true] {
                let client = run_in(dialect, stream, keeping, plan.clone());
                let what = format!("{dialect:?} {keeping:?} stream={stream} {plan:?}");
                assert!(client.session.room().door_open, "{what}");
                let got = events_of(client.session.observed(), Lang::En, task);
                assert_eq!(as_503(&got), as_503(&want), "{what}");
            }
        }
    }
}

#[test]
fn the_card_grades_a_loop_the_same_whichever_dialect_it_speaks() {
    for case in [CaseId::Plain, CaseId::Http503, CaseId::RateLimited, CaseId::Dropped] {
        let chat = run_in(Dialect::Chat, false, Keeping::Whole, case.plan());
        let want = grade(case, Lang::En, chat.session.observed());
        for dialect in [Dialect::Responses, Dialect::Messages] {
            let client = run_in(dialect, true, Keeping::OnServer, case.plan());
            let got = grade(case, Lang::En, client.session.observed());
            let slugs = |r: &rusty_lock_engine::yours::card::CaseResult| {
                r.verdicts.iter().map(|v| v.slug().to_string()).collect::<Vec<_>>()
            };
            assert_eq!(slugs(&got), slugs(&want), "{case:?} {dialect:?}");
            assert_eq!(got.passed(), want.passed(), "{case:?} {dialect:?}");
            assert_eq!(
                (got.requests, got.outcome.clone()),
                (want.requests, want.outcome.clone()),
                "{case:?} {dialect:?}"
            );
        }
    }
}

#[test]
fn a_server_error_shown_to_the_model_is_found_in_every_dialect() {
    use rusty_lock_engine::run::builtin::Personality;
    use rusty_lock_engine::yours::observe::End;
    use rusty_lock_engine::yours::session::Session;
    for dialect in Dialect::ALL {
        let mut session = Session::new(Personality::Helpful, Lang::En, CaseId::Http500.plan());
        let first = first_body(dialect, false);
        // Turn 1 answers; turn 2 meets the 500 (the card's fault turn) and its words go to the model.
        let mut t = 0;
        let mut body = first.clone();
        let history = match dialect {
            Dialect::Responses => "input",
            Dialect::Chat | Dialect::Messages => "messages",
        };
        if dialect == Dialect::Responses {
            body["input"] = json!([{ "role": "user", "content": first["input"] }]);
        }
        for id in 1..=3 {
            let reply = session.serve(id, &{
                let mut req = post(dialect, &body);
                req.t_ms = t;
                req
            });
            t += 1000;
            if let Some(said) = rusty_lock_engine::yours::dialect::error_message(dialect, &reply) {
                let note = json!({ "role": "user", "content": format!("The server said: {said}") });
                body[history].as_array_mut().unwrap().push(note);
            } else if id == 1 {
                // The turn-1 reply: keep the call and answer it, in this dialect's form.
                let read = read_reply(dialect, &reply).unwrap().unwrap();
                let call = read.choices[0].message.calls()[0].clone();
                let out = session.tool(10, t, &call.function.name, &call.function.arguments).unwrap();
                let list = body[history].as_array_mut().unwrap();
                match dialect {
                    Dialect::Chat => {
                        list.push(serde_json::to_value(&read.choices[0].message).unwrap());
                        list.push(json!({ "role": "tool", "tool_call_id": call.id, "content": out }));
                    }
                    Dialect::Responses => {
                        list.push(json!({ "type": "function_call", "call_id": call.id,
                            "name": call.function.name, "arguments": call.function.arguments }));
                        list.push(json!({ "type": "function_call_output", "call_id": call.id, "output": out }));
                    }
                    Dialect::Messages => {
                        let input: serde_json::Value = serde_json::from_str(&call.function.arguments).unwrap();
                        list.push(json!({ "role": "assistant", "content": [
                            { "type": "tool_use", "id": call.id, "name": call.function.name, "input": input } ] }));
                        list.push(json!({ "role": "user", "content": [
                            { "type": "tool_result", "tool_use_id": call.id, "content": out } ] }));
                    }
                }
            }
        }
        session.end(t, End::Returned { value: Some("done".into()) });
        let graded = grade(CaseId::Http500, Lang::En, session.observed());
        assert!(graded.has("showed-server-error-to-model"), "{dialect:?}: {graded:?}");
    }
}

#[test]
fn a_request_recorded_before_the_server_kept_what_it_heard_still_reads() {
    use rusty_lock_engine::yours::observe::{model_requests, Observed};
    let old = json!({ "kind": "request", "id": 1, "tMs": 0, "url": "http://x/v1/chat/completions", "method": "POST",
        "body": first_body(Dialect::Chat, false).to_string(), "reply": { "kind": "hang" } });
    let read: Observed = serde_json::from_value(old.clone()).unwrap();
    let Observed::Request { heard, .. } = &read else { panic!() };
    assert!(heard.is_none());
    assert_eq!(serde_json::to_value(&read).unwrap(), old, "no field is added to a record without one");
    let requests = model_requests(&[read]);
    assert_eq!(requests[0].turn, 1);
    assert_eq!(requests[0].messages.as_ref().map(Vec::len), Some(2));
    // A record with what the server heard round-trips whole.
    let mut client = Client::new(Dialect::Responses, false, Keeping::OnServer, FaultPlan::default());
    client.run(3);
    for o in client.session.observed() {
        let back: Observed = serde_json::from_value(serde_json::to_value(o).unwrap()).unwrap();
        assert_eq!(&back, o);
    }
}
