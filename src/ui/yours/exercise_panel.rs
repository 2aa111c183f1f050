//! The exercise set by the link: its number and title, the goal in one sentence, the cases that
//! must pass, "Check my code", the hint and the solution behind their own buttons, and once
//! checked, the judgement: passed with its explanation, its cost against the robust loop and the
//! way on, or what is still failing. A teacher's exercise shows its goal and cases only.

use crate::state::yours::{CardRow, Exercises, Task, Yours};
use crate::state::Playground;
use crate::text;
use crate::text::yours::exercises::{check_words, fill, hint_in, labels, solution_in, words};
use leptos::prelude::*;
use rusty_lock_engine::yours::card::Verdict;
use rusty_lock_engine::yours::exercise::{ExerciseId, Goal};

#[component]
pub fn ExercisePanel() -> impl IntoView {
    let ex = crate::state::expect_context::<Exercises>();
    let yours = crate::state::expect_context::<Yours>();
    let pg = crate::state::expect_context::<Playground>();
    let task = ex.task.get_value();
    let Some(goal) = task.goal() else { return ().into_any() };
    let lang = text::lang();
    let l = labels(lang);
    let exercise = match task {
        Task::Exercise(id) => Some(id),
        _ => None,
    };
    let (kicker, title, sentence) = match exercise {
        Some(id) => {
            let n = id.number().to_string();
            let total = ExerciseId::ALL.len().to_string();
            (fill(l.exercise_of, &[("n", &n), ("total", &total)]), words(lang, id).title, words(lang, id).goal)
        }
        None => (String::new(), l.teacher_title, l.teacher_goal),
    };
    let cases = goal
        .cases
        .iter()
        .map(|c| view! { <li class="case-chip" data-case=c.slug()>{text::yours_case(*c)}</li> })
        .collect_view();
    let busy = move || yours.busy();
    // While its runs go, the panel counts them where the judgement will appear.
    let checking = move || match yours.status.get() {
        crate::state::yours::Status::Grading { done, total } => {
            Some(fill(labels(text::lang()).checking, &[("done", &done.to_string()), ("total", &total.to_string())]))
        }
        _ => None,
    };
    let check = move |_| {
        crate::actions::exercise::check(pg, yours, ex);
        crate::ui::yours::reveal::bring_into_view(".exercise-buttons");
    };
    // A judgement is of the code it checked: an edit makes it stale, so it goes.
    // (By value: an editor that echoes the same text back changes nothing.)
    Effect::new(move |seen: Option<Option<String>>| {
        let now = yours.code.try_get();
        if seen.flatten().is_some_and(|before| Some(before) != now) {
            ex.attempt.try_set(None);
        }
        now
    });
    // Once a judgement is drawn, its last line is brought on screen (projected, it can land below
    // the fold), as far as Check's row stays below the header (a phone's judgement is taller than
    // the screen: its top then shows, under the button).
    Effect::new(move |_| {
        if ex.attempt.with(Option::is_some) {
            crate::ui::yours::reveal::reveal_bottom("[data-testid=exercise-verdict]", ".exercise-buttons");
        }
    });
    let best = goal.reference_cost(lang);
    let goal_for_result = goal.clone();
    let result = move || {
        ex.attempt.get().map(|a| {
            yours
                .card
                .with(|rows| result_view(&goal_for_result, exercise, &a, best, rows, yours.code_lang_untracked()))
                .into_any()
        })
    };
    view! {
        <section class="exercise-panel" data-testid="exercise-panel" data-exercise=exercise.map(|e| e.slug()) aria-labelledby="exercise-title">
            {(!kicker.is_empty()).then(|| view! { <p class="exercise-kicker">{kicker.clone()}</p> })}
            <h2 id="exercise-title" data-testid="exercise-title">{title}</h2>
            <p class="exercise-goal"><strong>{l.goal}</strong>{sentence}</p>
            <div class="exercise-cases">
                <span class="field-label">{l.must_pass}</span>
                <ul class="case-chips" data-testid="exercise-cases">{cases}</ul>
            </div>
            <div class="exercise-buttons">
                <button type="button" class="btn btn-run" data-testid="exercise-check" disabled=busy on:click=check>{l.check_button}</button>
            </div>
            <div class="exercise-result" role="status" data-testid="exercise-result">
                {move || checking().map(|c| view! { <p class="hint" data-testid="exercise-checking">{c}</p> })}
                // A mistake in the code (a syntax error stops the check before any case runs).
                {move || yours.problem.get().map(|p| view! {
                    <p class="yours-problem" data-testid="exercise-problem" data-problem=p.slug() data-line=p.line()>{text::yours_problem(&p, yours.code_lang_untracked())}</p>
                })}
                {result}
            </div>
            {exercise.map(|id| view! {
                <details class="exercise-more" data-testid="exercise-hint">
                    <summary>{l.hint_button}</summary>
                    <p>{move || hint_in(lang, id, yours.code_lang())}</p>
                </details>
                <details class="exercise-more" data-testid="exercise-solution">
                    <summary>{l.solution_button}</summary>
                    <p class="hint">{l.solution_note}</p>
                    <pre><code>{move || solution_in(lang, id, yours.code_lang())}</code></pre>
                </details>
            })}
        </section>
    }
    .into_any()
}

/// The judgement of the last check.
fn result_view(
    goal: &Goal,
    exercise: Option<ExerciseId>,
    a: &rusty_lock_engine::yours::exercise::Attempt,
    best: (u32, u64),
    rows: &[CardRow],
    code: rusty_lock_engine::yours::code_lang::CodeLang,
) -> impl IntoView {
    let lang = text::lang();
    let l = labels(lang);
    let cost = fill(
        l.cost,
        &[("yours", &text::yours_cost(a.requests, a.virtual_ms)), ("best", &text::yours_cost(best.0, best.1))],
    );
    if a.passed {
        let next = exercise.map(|id| match id.next() {
            Some(next) => view! {
                <a class="btn btn-run" data-testid="exercise-next" href=crate::actions::exercise::exercise_href(next)>{l.next}" → "{words(lang, next).title}</a>
            }
            .into_any(),
            None => view! { <p>{l.last}</p> }.into_any(),
        });
        view! {
            <div class="exercise-verdict pass" data-testid="exercise-verdict" data-passed="true">
                <p class="verdict-line">"✓ "{l.passed}</p>
                {exercise.map(|id| view! { <p>{words(lang, id).explanation}</p> })}
                <p class="exercise-cost" data-testid="exercise-cost">{cost}</p>
                {next}
            </div>
        }
        .into_any()
    } else {
        let line = if a.failed.is_empty() {
            let what = goal.check.map(|c| check_words(lang, c)).unwrap_or_default();
            fill(l.check_failed, &[("check", what)])
        } else {
            fill(l.failed, &[("failed", &a.failed.len().to_string()), ("total", &goal.cases.len().to_string())])
        };
        // Each failed case with what went wrong and its fix, here where the room is looking.
        let why = a
            .failed
            .iter()
            .filter_map(|case| rows.iter().find(|r| r.case == *case))
            .map(|row| {
                let first = row.yours.verdicts.iter().find(|v| !matches!(v, Verdict::RightLayer { .. })).cloned();
                view! {
                    <li data-case=row.case.slug()>
                        <strong>{text::yours_case(row.case)}{l.case_sep}</strong>
                        {first.as_ref().map(text::yours_verdict)}
                        {first.as_ref().and_then(|v| text::yours_fix(v, code)).map(|f| view! { <span class="verdict-fix">" – "{f}</span> })}
                    </li>
                }
            })
            .collect_view();
        view! {
            <div class="exercise-verdict fail" data-testid="exercise-verdict" data-passed="false" data-check=goal.check.map(|c| c.slug()) data-check-passed=a.check_passed.map(|b| b.to_string())>
                <p class="verdict-line">"✗ "{line}</p>
                <ul class="exercise-why" data-testid="exercise-why">{why}</ul>
                <p class="exercise-cost" data-testid="exercise-cost">{cost}</p>
            </div>
        }
        .into_any()
    }
}
