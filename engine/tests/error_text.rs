//! What the model reads when a tool fails: each school of error text plays the run it should,
//! in every language, and in the default school no secret of the exception ever reaches a
//! message sent to the model, whatever fault or tool failure produced it.

mod common;

use common::{chaos_builtin, drive, Recorder, Scripted};
use rusty_lock_engine::run::builtin::{BuiltinModel, Personality};
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::clock::VirtualClock;
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::error_text::{
    bare_code, exception_dump, for_model, is_bare, secrets_in, sentence_of, ErrorText, Secret,
};
use rusty_lock_engine::run::events::{Ending, Event, Guard, Layer, Outcome};
use rusty_lock_engine::run::provider::ProviderError;
use rusty_lock_engine::run::script::{raw, script, Lang, ERROR_PREFIX};
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::run::wire::{ChatRequest, ChatResponse, Choice, Message, Role, ToolCall};
use rusty_lock_engine::show::scenario::{decode, encode, Problem, Scenario};
use rusty_lock_engine::show::verdict::{judge, slug, Said};
use rusty_lock_engine::show::view::{BoardKind, RunView};
use std::cell::RefCell;
use std::rc::Rc;

fn config(school: ErrorText, lang: Lang) -> RunConfig {
    RunConfig { error_text: school, lang, ..RunConfig::default() }
}

/// Everything that could give the harness away: what no message to the model may hold in the
/// default school.
const FORBIDDEN: [&str; 7] =
    [raw::TRACE_HEAD, raw::PATH_ROOT, raw::DB_SCHEME, raw::CANARY_PASSWORD, "CANARY", "File \"", ".py"];

fn leaks_in(requests: &[ChatRequest]) -> Vec<String> {
    let mut found = Vec::new();
    for request in requests {
        for message in &request.messages {
            let text = message.content.as_deref().unwrap_or_default();
            for bad in FORBIDDEN {
                if text.contains(bad) {
                    found.push(format!("{bad:?} in {text:?}"));
                }
            }
        }
    }
    found
}

#[test]
fn one_sentence_is_the_default_and_plays_exactly_the_run_it_always_did() {
    assert_eq!(RunConfig::default().error_text, ErrorText::Sentence);
    for lang in Lang::ALL {
        let default = simulate(&RunConfig { lang, ..RunConfig::default() }, FaultPlan::default());
        let sentence = simulate(&config(ErrorText::Sentence, lang), FaultPlan::default());
        assert_eq!(default.events, sentence.events, "{lang:?}");
        let turns = default.events.iter().filter(|e| e.kind() == "turn-started").count();
        assert_eq!(turns, 5, "{lang:?}: look, key, oil, key, answer");
        assert!(matches!(default.outcome, Some(Outcome::Answered { .. })), "{lang:?}");
        // What the model read is the one sentence, whole.
        let failed = default.events.iter().find_map(|e| match e {
            Event::ToolFailed { output, .. } => Some(output.clone()),
            _ => None,
        });
        assert_eq!(failed, Some(format!("{ERROR_PREFIX}{}", script(lang).key_stuck)), "{lang:?}");
    }
}

#[test]
fn the_default_school_writes_the_full_exception_to_the_logs_and_never_to_the_model() {
    for lang in Lang::ALL {
        let sim = simulate(&config(ErrorText::Sentence, lang), FaultPlan::default());
        let (output, logged) = sim
            .events
            .iter()
            .find_map(|e| match e {
                Event::ToolFailed { output, logged, .. } => Some((output.clone(), logged.clone())),
                _ => None,
            })
            .expect("the rusted lock fails once");
        let logged = logged.expect("the robust loop keeps the exception for a person");
        assert!(secrets_in(&output).is_empty(), "{lang:?}: {output}");
        assert_eq!(secrets_in(&logged), Secret::ALL.to_vec(), "{lang:?}: the log holds the whole dump");
        assert!(logged.contains(script(lang).key_stuck), "{lang:?}: the log tells the same failure");
        assert!(!sim.events.iter().any(|e| e.kind() == "secret-sent"), "{lang:?}");
    }
}

#[test]
fn a_bare_code_leaves_the_model_guessing_and_the_repeat_guard_hands_over() {
    for lang in Lang::ALL {
        let sim = simulate(&config(ErrorText::Code, lang), FaultPlan::default());
        assert_eq!(sim.outcome, Some(Outcome::Escalated { message: script(lang).handover.into() }), "{lang:?}");
        let outputs: Vec<&str> = sim
            .events
            .iter()
            .filter_map(|e| match e {
                Event::ToolFailed { output, .. } => Some(output.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(outputs, vec!["Error: ToolError"], "{lang:?}: one bare code, then the guard");
        let guard = sim.events.iter().find_map(|e| match e {
            Event::GuardTripped { guard, turn, .. } => Some((*guard, *turn)),
            _ => None,
        });
        assert_eq!(guard, Some((Guard::RepeatedCall, 3)), "{lang:?}: the key, tried again on turn 3");
        // The lock was never oiled: nothing told the model to.
        let view = RunView::from_events(&sim.events);
        assert!(!view.room.lock_oiled && !view.room.door_open, "{lang:?}");
        assert!(view.board.iter().any(|e| e.kind == BoardKind::BareError && e.layer == Layer::Model), "{lang:?}");
        let verdict = judge(&config(ErrorText::Code, lang), &sim.events);
        let bare = verdict.iter().find(|f| f.slug == slug::BARE_TOOL_ERROR).expect("the bare code is named");
        assert_eq!(bare.said, Said::BareToolError { turn: 2, tool: "use".into() }, "{lang:?}");
    }
}

#[test]
fn a_raw_dump_still_gets_the_door_open_but_costs_tokens_and_leaks_its_secrets_into_every_later_turn() {
    for lang in Lang::ALL {
        let sentence = simulate(&config(ErrorText::Sentence, lang), FaultPlan::default());
        let clock = VirtualClock::new();
        let cfg = config(ErrorText::Raw, lang);
        let chaos = chaos_builtin(&cfg, &Rc::new(RefCell::new(FaultPlan::default())), &clock);
        let recorder = Recorder { inner: &chaos, requests: RefCell::new(Vec::new()) };
        let raw_run = drive(&recorder, &cfg, FaultPlan::default());
        assert!(matches!(raw_run.outcome, Some(Outcome::Answered { .. })), "{lang:?}: {:?}", raw_run.outcome);
        assert!(RunView::from_events(&raw_run.events).room.door_open, "{lang:?}");

        // The leak, named on the turn it happened, right after the failed tool.
        let leak = raw_run.events.iter().position(|e| e.kind() == "secret-sent").expect("the leak is an event");
        assert_eq!(raw_run.events[leak - 1].kind(), "tool-failed", "{lang:?}");
        assert!(matches!(
            &raw_run.events[leak],
            Event::SecretSent { turn: 2, secrets, .. } if *secrets == Secret::ALL.to_vec()
        ));

        // Every turn after it sends the password again.
        let requests: Vec<ChatRequest> = recorder.requests.borrow().iter().map(|(_, r)| r.clone()).collect();
        assert_eq!(requests.len(), 5, "{lang:?}");
        for (i, request) in requests.iter().enumerate() {
            let sent = request
                .messages
                .iter()
                .any(|m| m.content.as_deref().unwrap_or_default().contains(raw::CANARY_PASSWORD));
            assert_eq!(sent, i >= 2, "{lang:?}: request {} of turn {}", i, i + 1);
        }

        // The history meter shows the jump: far more tokens on every later turn.
        let tokens = |events: &[Event]| -> Vec<u32> {
            events
                .iter()
                .filter_map(|e| match e {
                    Event::TurnStarted { est_tokens, .. } => Some(*est_tokens),
                    _ => None,
                })
                .collect()
        };
        let (quiet, loud) = (tokens(&sentence.events), tokens(&raw_run.events));
        assert_eq!(quiet[..2], loud[..2], "{lang:?}: the same until the dump");
        for t in 2..loud.len() {
            assert!(loud[t] >= quiet[t] + 60, "{lang:?}, turn {}: {} against {}", t + 1, loud[t], quiet[t]);
        }

        let view = RunView::from_events(&raw_run.events);
        assert_eq!(view.secrets, Secret::ALL.to_vec(), "{lang:?}");
        assert!(view.board.iter().any(|e| e.kind == BoardKind::SecretSent && e.layer == Layer::Nobody));
        let verdict = judge(&cfg, &raw_run.events);
        let found = verdict.iter().find(|f| f.slug == slug::SECRET_SENT).expect("the leak is a finding");
        assert_eq!(found.said, Said::SecretSent { turn: 2, secrets: Secret::ALL.to_vec() }, "{lang:?}");
    }
}

#[test]
fn the_three_schools_tell_the_same_failure_and_the_model_finds_the_hint_only_where_there_is_one() {
    for lang in Lang::ALL {
        let s = script(lang);
        let sentence = format!("{ERROR_PREFIX}{}", s.key_stuck);
        for kind in ToolErrorKind::ALL {
            let dump = for_model(ErrorText::Raw, kind, "use", &sentence);
            assert_eq!(dump, exception_dump(kind, "use", s.key_stuck));
            assert!(dump.starts_with(ERROR_PREFIX), "a dump is still marked as an error");
            assert_eq!(sentence_of(&dump), Some(s.key_stuck), "{kind:?}");
            assert_eq!(secrets_in(&dump), Secret::ALL.to_vec());
            let bare = for_model(ErrorText::Code, kind, "use", &sentence);
            assert_eq!(bare, bare_code(kind));
            assert!(is_bare(&bare) && !is_bare(&sentence) && !is_bare(&dump), "{kind:?}");
            assert!(secrets_in(&bare).is_empty());
            assert_eq!(for_model(ErrorText::Sentence, kind, "use", &sentence), sentence);
        }
    }
}

fn asks(calls: &[(&str, &str, &str)]) -> Result<ChatResponse, ProviderError> {
    let tool_calls = calls.iter().map(|(id, name, args)| ToolCall::new(id, name, args)).collect();
    Ok(ChatResponse {
        id: None,
        choices: vec![Choice {
            index: 0,
            message: Message { role: Role::Assistant, content: None, tool_calls: Some(tool_calls), tool_call_id: None },
            finish_reason: Some("tool_calls".into()),
        }],
        usage: None,
    })
}

/// Every way a call can fail that the tools know, one per turn: the model's own mistakes and the
/// room's refusals.
fn every_tool_failure() -> Vec<Result<ChatResponse, ProviderError>> {
    vec![
        asks(&[("a", "open_door", "{}")]),
        asks(&[("b", "use", "{not json")]),
        asks(&[("c", "use", "[1]")]),
        asks(&[("d", "use", r#"{"target":"door"}"#)]),
        asks(&[("e", "use", r#"{"item":"key","target":"door","force":"yes"}"#)]),
        asks(&[("f", "use", r#"{"item":3,"target":"door"}"#)]),
        asks(&[("g", "use", r#"{"item":"crowbar","target":"door"}"#)]),
        asks(&[("h", "look_at", r#"{"target":"ceiling"}"#)]),
        asks(&[("i", "use", r#"{"item":"oil_can","target":"door"}"#)]),
        asks(&[("j", "use", r#"{"item":"key","target":"door"}"#)]),
    ]
}

#[test]
fn no_stack_trace_path_or_connection_string_reaches_the_model_in_the_default_school_for_any_tool_failure() {
    for lang in Lang::ALL {
        let provider = Scripted {
            inner: BuiltinModel::speaking(Personality::Helpful, lang),
            ..Scripted::new(every_tool_failure())
        };
        // Guards off, so every scripted failure is played and the model still gets to finish.
        let mut cfg = config(ErrorText::Sentence, lang);
        cfg.guards.max_errors_in_a_row = 0;
        cfg.guards.max_turns = 30;
        // And a reply lost after the scripted ones, which the model is told about (the default).
        let run = drive(&provider, &cfg, FaultPlan::single(11, Fault::ToolTimeout, 1));
        let kinds: Vec<ToolErrorKind> = run
            .events
            .iter()
            .filter_map(|e| match e {
                Event::ToolFailed { kind, logged, .. } => {
                    assert!(logged.as_deref().is_some_and(|l| secrets_in(l) == Secret::ALL.to_vec()));
                    Some(*kind)
                }
                _ => None,
            })
            .collect();
        for kind in ToolErrorKind::ALL {
            assert!(kinds.contains(&kind), "{lang:?}: {kind:?} was not walked ({kinds:?})");
        }
        assert!(kinds.len() >= 10, "{lang:?}: {kinds:?}");
        let requests: Vec<ChatRequest> = provider.requests.borrow().iter().map(|(_, r)| r.clone()).collect();
        assert!(requests.len() > 10, "{lang:?}");
        assert_eq!(leaks_in(&requests), Vec::<String>::new(), "{lang:?}");
        assert!(!run.events.iter().any(|e| e.kind() == "secret-sent"), "{lang:?}");
    }
}

#[test]
fn no_secret_reaches_the_model_in_the_default_school_for_any_fault_on_any_turn() {
    let mut runs = 0;
    for lang in Lang::ALL {
        for personality in [Personality::Helpful, Personality::Stubborn] {
            for fault in Fault::ALL {
                for turn in 1..=5 {
                    let cfg = RunConfig { personality, ..config(ErrorText::Sentence, lang) };
                    let plan = FaultPlan::single(turn, fault, 1);
                    let clock = VirtualClock::new();
                    let chaos = chaos_builtin(&cfg, &Rc::new(RefCell::new(plan.clone())), &clock);
                    let recorder = Recorder { inner: &chaos, requests: RefCell::new(Vec::new()) };
                    let run = drive(&recorder, &cfg, plan);
                    let requests: Vec<ChatRequest> =
                        recorder.requests.borrow().iter().map(|(_, r)| r.clone()).collect();
                    assert_eq!(leaks_in(&requests), Vec::<String>::new(), "{lang:?} {personality:?} {fault:?} t{turn}");
                    assert!(!run.events.iter().any(|e| e.kind() == "secret-sent"));
                    runs += 1;
                }
            }
        }
    }
    assert_eq!(runs, 3 * 2 * Fault::ALL.len() * 5);
}

#[test]
fn the_school_travels_in_the_link_and_an_unknown_one_is_named_in_a_notice() {
    for school in ErrorText::ALL {
        let mut s = Scenario::new();
        s.config.error_text = school;
        let link = encode(&s);
        let (back, notices) = decode(&link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        assert_eq!(back.config.error_text, school, "{link}");
        assert_eq!(link.contains("errtext="), school != ErrorText::Sentence, "only a change is written: {link}");
    }
    assert_eq!(encode(&decode("v=1&errtext=raw").0), "v=1&errtext=raw");
    let (s, notices) = decode("v=1&errtext=stacktrace");
    assert_eq!(s.config.error_text, ErrorText::Sentence, "an unknown school falls back to the default");
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].key, "errtext");
    assert_eq!(notices[0].problem, Problem::UnknownErrorText { value: "stacktrace".into() });
}

#[test]
fn the_two_lessons_on_error_text_end_as_they_say() {
    use rusty_lock_engine::show::lessons::{find, LessonId};
    for (id, ending, school) in [
        (LessonId::BareError, Ending::Escalated, ErrorText::Code),
        (LessonId::SecretInHistory, Ending::Answered, ErrorText::Raw),
    ] {
        let lesson = find(id).expect("in the library").1;
        let (s, _) = decode(lesson.link);
        assert_eq!(s.config.error_text, school);
        assert_eq!(lesson.outcome, ending);
        for lang in Lang::ALL {
            let sim = simulate(&RunConfig { lang, ..s.config.clone() }, s.faults.clone());
            assert_eq!(sim.outcome.map(|o| o.ending()), Some(ending), "{id} in {lang:?}");
        }
    }
}
