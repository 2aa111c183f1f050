//! The exercises' actions: read what the link sets (an exercise, a teacher's cases, a progress
//! link), check the code against the goal, remember what is solved, and share or reset progress.
//!
//! An attempt is judged from behaviour only: the goal's cases run in their sandboxes exactly as
//! the report card runs them (`actions::yours::run_many`), then the engine says whether each
//! passed and whether the goal's one extra check holds.

use crate::actions::yours::{form_urlencoded_value, run_many, BatchRun};
use crate::state::yours::{Exercises, Task, Yours};
use crate::state::Playground;
use crate::text;
use crate::text::yours::exercises;
use crate::web::progress_store;
use leptos::prelude::*;
use rusty_lock_engine::run::script::Lang;
use rusty_lock_engine::yours::card::grade_all;
use rusty_lock_engine::yours::code_lang::CodeLang;
use rusty_lock_engine::yours::exercise::{decode_progress, encode_progress, ExerciseId, Goal};

/// What the link sets, and the progress on this device (and in the link, when it carries one).
/// A damaged value is said, and the view opens as if it were not there.
pub fn open(search: &str) -> Exercises {
    let words = exercises::labels(text::lang());
    let mut said = None;
    let task = if let Some(slug) = form_urlencoded_value(search, "exercise") {
        ExerciseId::from_slug(&slug).map(Task::Exercise).unwrap_or_else(|| {
            said = Some(words.exercise_damaged.to_string());
            Task::Free
        })
    } else if let Some(cases) = form_urlencoded_value(search, "cases") {
        Goal::from_cases(&cases).map(Task::Teacher).unwrap_or_else(|| {
            said = Some(words.teacher_damaged.to_string());
            Task::Free
        })
    } else {
        Task::Free
    };
    let solved = decode_progress(&progress_store::load()).unwrap_or_default();
    let ex = Exercises::new(task, solved);
    if let Some(value) = form_urlencoded_value(search, "progress") {
        match decode_progress(&value) {
            Some(list) => ex.from_link.set(Some(list)),
            None => said = Some(words.progress_damaged.to_string()),
        }
    }
    ex.said.set(said);
    ex
}

/// The code the view starts with, and that "Starting code" puts back: the exercise's gap, or
/// the robust loop (a link's own code comes on top of it, in `actions::yours::open`).
/// In `code`, the language the learner writes in: the same loop, one function per layer.
pub fn starting_code(task: &Task, lang: Lang, code: CodeLang) -> String {
    match task {
        Task::Exercise(id) => exercises::starting_code_in(lang, *id, code),
        Task::Free | Task::Teacher(_) => text::yours::starting_code_in(lang, code),
    }
}

/// "Check my code": the goal's runs, then the judgement; a pass is remembered on the device.
pub fn check(pg: Playground, yours: Yours, ex: Exercises) {
    let Some(task) = ex.task.try_get_value() else { return };
    let Some(goal) = task.goal() else { return };
    ex.attempt.set(None);
    let lang = text::lang();
    let seed = pg.scenario.with_untracked(|s| s.config.seed);
    let runs = goal.runs(seed);
    run_many(pg, yours, runs, move |done: Vec<BatchRun>| {
        let runs: Vec<_> = done.into_iter().filter(|r| r.seed == seed).map(|r| (r.case, r.observed)).collect();
        let rows = grade_all(lang, &runs);
        let check_passed = goal
            .check
            .map(|check| runs.iter().find(|(case, _)| *case == check.case()).is_some_and(|(_, o)| check.passes(o)));
        let attempt = goal.judge(&rows, check_passed);
        if attempt.passed {
            if let Task::Exercise(id) = task {
                solve(ex, id);
            }
        }
        // The scene plays the first case that failed (or, all passed, the first case): what the
        // room sees is the layer at work, not only a line of text.
        let shown = attempt.failed.first().copied().or_else(|| goal.cases.first().copied());
        let events = shown.and_then(|case| {
            yours
                .card
                .try_with_untracked(|rows| rows.iter().find(|r| r.case == case).map(|r| r.events.to_vec()))
                .flatten()
        });
        if let Some(events) = events {
            // The picker says which case plays, as "Open in the scene" does.
            if let Some(case) = shown {
                yours.case.try_set(case);
            }
            crate::actions::run::play(pg, events);
        }
        ex.attempt.try_set(Some(attempt));
    });
}

/// Marks `id` solved on this device.
fn solve(ex: Exercises, id: ExerciseId) {
    let Some(mut solved) = ex.solved.try_get_untracked() else { return };
    if !solved.contains(&id) {
        solved.push(id);
    }
    progress_store::save(&encode_progress(&solved));
    ex.solved.try_set(solved);
}

/// "Reset my progress": the device forgets every solved exercise.
pub fn reset_progress(ex: Exercises) {
    progress_store::clear();
    ex.solved.set(Vec::new());
    ex.said.set(Some(exercises::labels(text::lang()).reset_done.to_string()));
}

/// A link that shows this device's progress, in the page's language.
pub fn progress_link(ex: Exercises) -> String {
    let solved = ex.solved.get_untracked();
    format!(
        "{}?view=yours&lang={}&progress={}",
        crate::web::share::page_base(),
        text::lang().code(),
        encode_progress(&solved)
    )
}

/// The link that opens exercise `id`, in the page's language.
pub fn exercise_query(id: ExerciseId) -> String {
    format!("?view=yours&lang={}&exercise={}", text::lang().code(), id.slug())
}

/// The in-page link to exercise `id`: a whole page load (`./?…`, which the address bar's own
/// link handling leaves to the browser), so the view starts afresh on its exercise. Keying the
/// router on it instead cost the playground's first load 800 B.
pub fn exercise_href(id: ExerciseId) -> String {
    format!("./{}", exercise_query(id))
}
