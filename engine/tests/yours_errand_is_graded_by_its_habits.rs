//! A loop with tools of its own that have nothing to do with the temple (a calculator and a notes
//! folder) reaches the page's model, which runs an errand with them; the card grades the loop by
//! its habits as it grades one on the page's tools. The two cases that need the page's tools (the
//! lost tool reply, the stubborn model) are left out, and say so.

mod yours_loops;

use rusty_lock_engine::run::script::Lang;
use rusty_lock_engine::yours::card::{grade_all, CaseId, CaseOutcome, CaseResult, Verdict};
use rusty_lock_engine::yours::observe::model_requests;
use rusty_lock_engine::yours::sim::Sandbox;
use yours_loops::*;

fn card<F, Fut>(program: F, lang: Lang) -> Vec<CaseResult>
where
    F: Fn(Sandbox, Lang) -> Fut + Copy,
    Fut: std::future::Future<Output = rusty_lock_engine::yours::observe::End>,
{
    let runs: Vec<_> = CaseId::ALL.into_iter().map(|case| (case, play(case, lang, program))).collect();
    grade_all(lang, &runs)
}

fn row(results: &[CaseResult], case: CaseId) -> &CaseResult {
    results.iter().find(|r| r.case == case).expect("every case has its row")
}

fn show(results: &[CaseResult]) -> String {
    results.iter().map(|r| format!("{:?}: {:?} {:?}\n", r.case, r.outcome, r.verdicts)).collect()
}

#[test]
fn a_loop_with_its_own_tools_reaches_the_errand_and_gets_an_answer_that_cites_its_note() {
    for lang in Lang::ALL {
        let observed = play(CaseId::Plain, lang, notes_careful);
        let reqs = model_requests(&observed);
        assert!(reqs.len() >= 2, "{lang:?}: the errand called a tool, then answered: {reqs:#?}");
        assert_eq!(reqs[0].errand.as_deref(), Some(&["calculate".to_string(), "read_note".to_string()][..]));
        let results = card(notes_careful, lang);
        assert_eq!(row(&results, CaseId::Plain).outcome, CaseOutcome::AnsweredErrand { done: true });
    }
}

#[test]
fn a_careful_loop_on_its_own_tools_passes_every_case_it_can_meet_and_two_are_left_out() {
    for lang in Lang::ALL {
        let results = card(notes_careful, lang);
        let all = show(&results);
        for case in [
            CaseId::Plain,
            CaseId::Http500,
            CaseId::Http503,
            CaseId::Dropped,
            CaseId::BadJson,
            CaseId::UnknownTool,
            CaseId::SchemaInvalid,
            CaseId::MissingArg,
        ] {
            assert!(row(&results, case).passed(), "{lang:?} {case:?}\n{all}");
        }
        for case in [CaseId::ToolTimeout, CaseId::Stubborn] {
            let r = row(&results, case);
            assert!(r.left_out() && !r.passed(), "{lang:?} {case:?}\n{all}");
            assert!(matches!(&r.verdicts[..], [Verdict::NeedsPageTools { .. }]), "{lang:?} {case:?}\n{all}");
        }
    }
}

#[test]
fn a_loop_that_parses_arguments_unguarded_fails_exactly_the_broken_json_row() {
    let lang = Lang::En;
    let careful = card(notes_careful, lang);
    let careless = card(notes_careless, lang);
    let all = show(&careless);
    let bad = row(&careless, CaseId::BadJson);
    assert!(!bad.passed(), "{all}");
    assert!(bad.verdicts.contains(&Verdict::LostRunOnToolError), "{all}");
    for (a, b) in careful.iter().zip(&careless) {
        if a.case != CaseId::BadJson {
            assert_eq!(a.passed(), b.passed(), "{:?} differs between the loops\n{all}", a.case);
        }
    }
}

#[test]
fn the_same_habit_gets_the_same_verdict_on_the_responses_api() {
    let lang = Lang::En;
    let results = card(notes_careless_responses, lang);
    let all = show(&results);
    assert!(row(&results, CaseId::Plain).passed(), "{all}");
    let bad = row(&results, CaseId::BadJson);
    assert!(bad.verdicts.contains(&Verdict::LostRunOnToolError), "{all}");
}
