//! The README tells a teacher how long the workshop's plans take; the agenda adds up the same
//! minutes from the lessons. One source of truth: the README's figures are checked against it.

use rusty_lock_engine::show::lessons::{total_minutes, LESSONS};
use rusty_lock_engine::show::plan::{ReadyPlan, EXERCISE_MINUTES};
use rusty_lock_engine::yours::exercise::ExerciseId;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("the README is beside the engine")
}

#[test]
fn the_readme_gives_the_minutes_the_agenda_adds_up() {
    let text = readme().split_whitespace().collect::<Vec<_>>().join(" ");
    let said = |needle: String| assert!(text.contains(&needle), "the README should say {needle:?}");
    said(format!("{} in all for the {} lessons, and {EXERCISE_MINUTES} per exercise", total_minutes(), LESSONS.len()));
    let hour = ReadyPlan::Hour.plan();
    said(format!("**an hour** ({} lessons,", hour.lesson_count()));
    said(format!("{} minutes) and **half an hour**", hour.minutes()));
    let half = ReadyPlan::HalfHour.plan();
    said(format!("**half an hour** ({} lessons,", half.lesson_count()));
    said(format!("{} minutes); **everything**", half.minutes()));
    let all = ReadyPlan::Everything.plan();
    said(format!("all {} lessons and {} exercises ({} minutes)", LESSONS.len(), ExerciseId::ALL.len(), all.minutes()));
}
