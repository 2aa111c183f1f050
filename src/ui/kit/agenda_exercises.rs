//! The exercises on the agenda and the handout, after the lessons: each one's number, title,
//! goal and link, with the link's QR code, so a learner in the room scans it and solves it on
//! their own device. They have no answer to fold away: an exercise is solved by its cases.

use crate::text;
use crate::text::yours::exercises::{labels, words};
use crate::ui::kit::qr::Qr;
use leptos::prelude::*;
use rusty_lock_engine::yours::exercise::ExerciseId;

#[component]
pub fn AgendaExercises(base: String) -> impl IntoView {
    let lang = text::lang();
    let l = labels(lang);
    let items = ExerciseId::ALL
        .into_iter()
        .map(|id| {
            let link = format!("{base}{}", crate::actions::exercise::exercise_query(id));
            let w = words(lang, id);
            let title_id = format!("kit-exercise-{}", id.slug());
            let labelled_by = title_id.clone();
            view! {
                <li class="kit-lesson kit-exercise" data-testid="agenda-exercise" data-exercise=id.slug() aria-labelledby=labelled_by>
                    <Qr link=link.clone() class="kit-qr" testid="agenda-exercise-qr" />
                    <div class="kit-ask">
                        <h3 id=title_id>
                            <span class="kit-number">{id.number()}"."</span>
                            <a class="kit-title" href=link.clone()>{w.title}</a>
                        </h3>
                        <p class="kit-goal">{w.goal}</p>
                        <a class="kit-link" data-testid="agenda-exercise-link" href=link.clone()>{link.clone()}</a>
                    </div>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="kit-exercises" data-testid="agenda-exercises" aria-labelledby="kit-exercises-title">
            <h2 id="kit-exercises-title">{l.agenda_title}</h2>
            <p class="hint">{l.agenda_hint}</p>
            <ol class="kit-lessons">{items}</ol>
        </section>
    }
}
