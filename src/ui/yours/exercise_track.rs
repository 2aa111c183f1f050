//! The exercises as a track of levels: one numbered link each, marked when solved (on this
//! device, or as a progress link shows), the count, and the progress's own buttons: copy it as
//! a link for a teacher, or reset it.

use crate::state::yours::{Exercises, Task};
use crate::text;
use crate::text::yours::exercises::{fill, labels, words};
use crate::web::share::copy_text;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::yours::exercise::ExerciseId;

#[component]
pub fn ExerciseTrack() -> impl IntoView {
    let ex = crate::state::expect_context::<Exercises>();
    let lang = text::lang();
    let l = labels(lang);
    let current = ex.task.with_value(|t| match t {
        Task::Exercise(id) => Some(*id),
        _ => None,
    });
    let total = ExerciseId::ALL.len().to_string();
    let count = move || {
        let shown = ex.shown().len().to_string();
        match ex.from_link.get() {
            Some(_) => fill(l.progress_from_link, &[("solved", &shown), ("total", &total)]),
            None => fill(l.solved_count, &[("solved", &shown), ("total", &total)]),
        }
    };
    let copy = move |_| {
        let link = crate::actions::exercise::progress_link(ex);
        spawn_local(async move {
            let said = if copy_text(&link).await { labels(text::lang()).progress_copied.to_string() } else { link };
            ex.said.try_set(Some(said));
        });
    };
    let reset = move |_| crate::actions::exercise::reset_progress(ex);
    let levels = ExerciseId::ALL
        .into_iter()
        .map(|id| {
            let solved = move || ex.shown().contains(&id);
            let here = current == Some(id);
            let title = words(lang, id).title;
            let name = move || {
                if solved() {
                    format!("{}. {title} ({})", id.number(), l.solved_mark)
                } else {
                    format!("{}. {title}", id.number())
                }
            };
            view! {
                <li>
                    <a
                        class="level"
                        class:solved=solved
                        class:here=here
                        href=crate::actions::exercise::exercise_href(id)
                        aria-current=here.then_some("page")
                        aria-label=name
                        title=name
                        data-testid="exercise-level"
                        data-exercise=id.slug()
                        data-solved=move || solved().to_string()
                    >
                        <span aria-hidden="true">{id.number()}</span>
                        <span class="level-mark" aria-hidden="true">{move || if solved() { "✓" } else { "" }}</span>
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <nav class="exercise-track" data-testid="exercise-track" aria-labelledby="exercise-track-title">
            <div class="track-head">
                <h2 id="exercise-track-title">{l.track_title}</h2>
                <p class="track-count" data-testid="exercise-count">{count}</p>
            </div>
            <ol class="levels">{levels}</ol>
            {(current.is_none() && !ex.task.with_value(|t| matches!(t, Task::Teacher(_)))).then(|| view! {
                <div class="track-start">
                    <a class="btn btn-run" data-testid="exercise-start" href=crate::actions::exercise::exercise_href(ExerciseId::ALL[0])>{l.start_track}</a>
                    <p class="hint">{l.track_hint}" "{l.make_your_own}</p>
                </div>
            })}
            // Nothing solved on this device: nothing to copy or reset, and the editor stays high.
            <Show when=move || !ex.solved.get().is_empty()>
                <div class="track-tools">
                    <button type="button" class="btn btn-quiet" data-testid="exercise-copy-progress" on:click=copy>{l.copy_progress}</button>
                    <button type="button" class="btn btn-quiet" data-testid="exercise-reset-progress" on:click=reset>{l.reset_progress}</button>
                </div>
            </Show>
            <p class="hint track-said" role="status" data-testid="exercise-said">{move || ex.said.get()}</p>
        </nav>
    }
}
