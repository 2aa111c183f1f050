//! The engine's own robust harness, played in the simulated sandbox against the page's server
//! and tools, is graded "right layer" on every case of the report card, in every language: the
//! grader is fair to the loop the playground teaches.

use rusty_lock_engine::run::script::Lang;
use rusty_lock_engine::yours::card::{reference, CaseId, CaseOutcome, Verdict};

#[test]
fn the_reference_harness_is_handled_by_the_right_layer_on_every_case() {
    for lang in Lang::ALL {
        for case in CaseId::ALL {
            let result = reference(case, lang);
            assert_eq!(
                result.verdicts,
                vec![Verdict::RightLayer { layer: case.layer() }],
                "{lang:?} {case:?}: {result:?}"
            );
        }
    }
}

#[test]
fn the_reference_side_shows_the_harness_outcome_where_it_did_not_answer() {
    assert!(matches!(reference(CaseId::Plain, Lang::En).outcome, CaseOutcome::Answered { door_open: true }));
    assert!(matches!(reference(CaseId::Unauthorized, Lang::En).outcome, CaseOutcome::Harness { .. }));
    assert!(matches!(reference(CaseId::Stubborn, Lang::En).outcome, CaseOutcome::Harness { .. }));
}
