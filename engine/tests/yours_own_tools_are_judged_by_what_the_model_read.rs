//! A loop that brings its own tools (its own room and `use`, worded its own way, the page's
//! `look_at` standing in for one it names but never defines, an empty `tools` list) is judged by
//! what the model read: the card shows exactly its habits, the one case whose fault lives in the
//! page's tools is left out, and the page knows whose tools ran. Loops that use the page's tools
//! are told nothing of the kind.

mod yours_loops;

use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::yours::card::{grade, grade_all, reference, CaseId, CaseOutcome, CaseResult, Verdict};
use rusty_lock_engine::yours::observe::{events_of, tools_used, End, ToolsUsed};
use rusty_lock_engine::yours::sim::Sandbox;
use yours_loops::*;

fn right(case: CaseId) -> Verdict {
    Verdict::RightLayer { layer: case.layer() }
}

fn card<F, Fut>(program: F, lang: Lang) -> Vec<CaseResult>
where
    F: Fn(Sandbox, Lang) -> Fut + Copy,
    Fut: std::future::Future<Output = End>,
{
    let runs: Vec<_> = CaseId::ALL.into_iter().map(|case| (case, play(case, lang, program))).collect();
    grade_all(lang, &runs)
}

fn show(results: &[CaseResult]) -> String {
    results.iter().map(|r| format!("{:?}: {:?} {:?}\n", r.case, r.outcome, r.verdicts)).collect()
}

#[test]
fn a_loop_with_its_own_tools_gets_exactly_its_habits_in_each_language() {
    for lang in Lang::ALL {
        let results = card(own_tools, lang);
        let all = show(&results);
        for r in &results {
            let expected: Vec<Verdict> = match r.case {
                // It answered, but sooner than asked: the row says that alone, never "right" too.
                CaseId::RateLimited | CaseId::RateLimitedLong => match &r.verdicts[..] {
                    [Verdict::IgnoredRetryAfter { waited_ms, .. }] if *waited_ms < 2000 => r.verdicts.clone(),
                    _ => vec![Verdict::IgnoredRetryAfter { asked_ms: 0, waited_ms: 0 }],
                },
                CaseId::Hang => vec![Verdict::WaitedForever],
                CaseId::StopWithCalls => vec![Verdict::DroppedToolCalls],
                CaseId::CutAtLength => vec![Verdict::TookCutReply],
                CaseId::ToolTimeout => vec![Verdict::NeedsPageTools { tools: vec!["use".into()] }],
                case => vec![right(case)],
            };
            assert_eq!(r.verdicts, expected, "{lang:?} {:?}\n{all}", r.case);
        }
        let by = |case: CaseId| results.iter().find(|r| r.case == case).unwrap();
        assert_eq!(by(CaseId::Plain).outcome, CaseOutcome::Answered { door_open: true }, "{lang:?}\n{all}");
        assert_eq!(by(CaseId::StopWithCalls).outcome, CaseOutcome::Answered { door_open: false }, "{all}");
        assert!(by(CaseId::ToolTimeout).left_out() && !by(CaseId::ToolTimeout).passed());
        assert_eq!(results.iter().filter(|r| r.left_out()).count(), 1, "{all}");
        assert_eq!(results.iter().filter(|r| r.passed()).count(), 15, "{all}");
    }
}

#[test]
fn the_page_knows_whose_tools_ran_and_that_the_schemas_were_a_placeholder() {
    for lang in Lang::ALL {
        let observed = play(CaseId::Plain, lang, own_tools);
        let used = tools_used(&observed, lang);
        assert_eq!(
            used,
            ToolsUsed { own: vec!["use".into()], page_stood_in: vec!["look_at".into()], empty_schemas: true },
            "{lang:?}"
        );
        assert!(used.runs_own() && used.worth_saying());
    }
}

#[test]
fn the_scene_shows_the_own_tools_calls_as_the_model_read_them() {
    let lang = Lang::En;
    let observed = play(CaseId::Plain, lang, own_tools);
    let events = events_of(&observed, lang, script(lang).task);
    let uses: Vec<&Event> =
        events.iter().filter(|e| matches!(e, Event::ToolStarted { call, .. } if call.function.name == "use")).collect();
    assert_eq!(uses.len(), 3, "key, oil, key: {events:#?}");
    let failed = events.iter().filter(|e| matches!(e, Event::ToolFailed { name, .. } if name == "use")).count();
    assert_eq!(failed, 1, "the key stuck in the rust, once");
    let opened =
        events.iter().any(|e| matches!(e, Event::ToolSucceeded { name, room, .. } if name == "use" && room.door_open));
    assert!(opened, "the door opened as the model read it");
}

#[test]
fn loops_that_use_the_pages_tools_are_told_nothing_of_the_kind() {
    for lang in Lang::ALL {
        for case in CaseId::ALL {
            for (name, observed) in [
                ("textbook", play(case, lang, textbook)),
                ("robust", play(case, lang, robust)),
                ("naive", play(case, lang, naive)),
            ] {
                assert_eq!(tools_used(&observed, lang), ToolsUsed::default(), "{name} {lang:?} {case:?}");
            }
            assert!(!reference(case, lang).left_out(), "{lang:?} {case:?}");
        }
    }
}

#[test]
fn a_loop_whose_own_tools_never_open_the_door_is_not_passed() {
    for lang in Lang::ALL {
        let observed = play(CaseId::Plain, lang, own_tools_that_do_nothing);
        let r = grade(CaseId::Plain, lang, &observed);
        assert_ne!(r.outcome, CaseOutcome::Answered { door_open: true }, "{lang:?} {r:?}");
        assert!(!r.passed() && !r.left_out(), "{lang:?} {r:?}");
    }
}
