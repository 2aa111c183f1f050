//! The report card grades three loops written as learners write them: the reference text's
//! from-scratch loop gets the card it deserves (no watchdog, trusts `finish_reason`, ignores
//! `Retry-After`), a robust loop earns "right layer" everywhere, and a naive loop fails the cases
//! it should, each with the right verdict. Every verdict is read from behaviour alone.

mod yours_loops;

use rusty_lock_engine::run::provider::CallFailure;
use rusty_lock_engine::run::script::Lang;
use rusty_lock_engine::yours::card::{grade_all, CaseId, CaseOutcome, CaseResult, Verdict};
use rusty_lock_engine::yours::observe::End;
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
fn the_reference_texts_loop_gets_the_card_it_deserves() {
    for lang in Lang::ALL {
        let results = card(textbook, lang);
        let all = show(&results);
        for r in &results {
            let expected: Vec<Verdict> = match r.case {
                // Its random wait is under a second; the server asked for two (or an hour). The
                // row says only that: it answered, but it is not "right layer" as well.
                CaseId::RateLimited | CaseId::RateLimitedLong => match &r.verdicts[..] {
                    [Verdict::IgnoredRetryAfter { waited_ms, .. }] if *waited_ms < 1000 => r.verdicts.clone(),
                    _ => vec![Verdict::IgnoredRetryAfter { asked_ms: 0, waited_ms: 0 }],
                },
                // No watchdog: it waits for the hung call until nothing else can happen.
                CaseId::Hang => vec![Verdict::WaitedForever],
                // It trusts `finish_reason`: calls under `stop` are dropped, a cut reply is taken.
                CaseId::StopWithCalls => vec![Verdict::DroppedToolCalls],
                CaseId::CutAtLength => vec![Verdict::TookCutReply],
                case => vec![right(case)],
            };
            assert_eq!(r.verdicts, expected, "{lang:?} {:?}\n{all}", r.case);
        }
        let by = |case: CaseId| results.iter().find(|r| r.case == case).unwrap();
        assert_eq!(by(CaseId::Hang).outcome, CaseOutcome::Stalled, "{all}");
        assert_eq!(by(CaseId::StopWithCalls).outcome, CaseOutcome::Answered { door_open: false }, "{all}");
        assert_eq!(by(CaseId::CutAtLength).outcome, CaseOutcome::Answered { door_open: false }, "{all}");
        assert_eq!(
            by(CaseId::Stubborn).outcome,
            CaseOutcome::Threw { message: "Gave up after 3 tool errors in a row".into() },
            "{all}"
        );
        assert_eq!(by(CaseId::Unauthorized).outcome, CaseOutcome::Threw { message: "Model call failed: 401".into() });
        assert_eq!(by(CaseId::Unauthorized).requests, 2, "a 401 is not retried: {all}");
    }
}

#[test]
fn a_robust_loop_is_handled_by_the_right_layer_on_every_case() {
    for lang in Lang::ALL {
        let results = card(robust, lang);
        let all = show(&results);
        for r in &results {
            assert_eq!(r.verdicts, vec![right(r.case)], "{lang:?} {:?}\n{all}", r.case);
        }
    }
}

#[test]
fn a_naive_loop_fails_the_cases_it_should_with_the_right_verdict() {
    let results = card(naive, Lang::En);
    let all = show(&results);
    for r in &results {
        let expected = match r.case {
            // Not catching the rusted lock's error costs the whole run, even with no fault.
            CaseId::Plain | CaseId::Slow | CaseId::Stubborn => vec![Verdict::LostRunOnToolError],
            CaseId::BadJson | CaseId::UnknownTool | CaseId::SchemaInvalid | CaseId::MissingArg => {
                vec![Verdict::LostRunOnToolError]
            }
            CaseId::ToolTimeout => vec![Verdict::LostRunOnToolError],
            CaseId::RateLimited => vec![Verdict::NoRetry { failure: CallFailure::Http { status: 429 } }],
            CaseId::Http500 => vec![Verdict::NoRetry { failure: CallFailure::Http { status: 500 } }],
            CaseId::Http502 => vec![Verdict::NoRetry { failure: CallFailure::Http { status: 502 } }],
            CaseId::Http503 | CaseId::Jitter => vec![Verdict::NoRetry { failure: CallFailure::Http { status: 503 } }],
            // Giving up at once on a server that asks for an hour is right.
            CaseId::RateLimitedLong => vec![right(r.case)],
            CaseId::SlowAlways => vec![Verdict::LostRunOnToolError],
            CaseId::Dropped => vec![Verdict::NoRetry { failure: CallFailure::Network }],
            CaseId::Hang => vec![Verdict::WaitedForever],
            // Letting a 400 or a 401 throw is right: nobody can fix it.
            CaseId::BadRequest | CaseId::Unauthorized => vec![right(r.case)],
            CaseId::StopWithCalls => vec![Verdict::DroppedToolCalls],
            CaseId::CutAtLength => vec![Verdict::TookCutReply],
        };
        assert_eq!(r.verdicts, expected, "{:?}\n{all}", r.case);
    }
}

#[test]
fn each_case_counts_its_requests_and_its_virtual_time() {
    let results = card(robust, Lang::En);
    let by = |case: CaseId| results.iter().find(|r| r.case == case).unwrap().clone();
    // The watchdog's five seconds are virtual: they cost nothing, and the card reports them.
    assert!(by(CaseId::Hang).virtual_ms >= 5000, "{:?}", by(CaseId::Hang));
    assert_eq!(by(CaseId::RateLimited).virtual_ms, 2000, "it waited exactly what the server asked");
    assert_eq!(by(CaseId::Plain).requests + 1, by(CaseId::Http503).requests);
}
