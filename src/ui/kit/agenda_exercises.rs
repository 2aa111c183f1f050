//! The exercises on the agenda and the handout, after the lessons: each one's number, title,
//! goal and link, with the link's QR code, so a learner in the room scans it and solves it on
//! their own device. They have no answer to fold away: an exercise is solved by its cases.
//! The agenda and the closing screen list the plan's exercises; the agenda lists the ones the
//! plan leaves out too, on screen only, each with its checkbox.

use crate::text;
use crate::text::yours::exercises::{labels, words};
use crate::ui::kit::plan_toggle::{Item, PlanToggle};
use crate::ui::kit::qr::Qr;
use leptos::prelude::*;
use rusty_lock_engine::show::plan::Plan;
use rusty_lock_engine::yours::exercise::ExerciseId;

/// `ids`: the exercises to list, in order. `plan`: given, each gets its checkbox in the plan.
/// `left_out`: the agenda's list of what the plan leaves out (no heading of its own, as its
/// section has one). Nothing at all when there is no exercise to list.
#[component]
pub fn AgendaExercises(
    base: String,
    ids: Vec<ExerciseId>,
    #[prop(optional)] plan: Option<RwSignal<Plan>>,
    #[prop(optional)] left_out: bool,
) -> impl IntoView {
    let lang = text::lang();
    let l = labels(lang);
    if ids.is_empty() {
        return None;
    }
    let items = ids
        .into_iter()
        .enumerate()
        .map(|(i, id)| {
            // Numbered as the plan lists them (the only exercise of a plan is "1."); what the
            // plan leaves out keeps its number in the library.
            let number = if left_out { id.number() } else { i + 1 };
            let link = format!("{base}{}", crate::actions::exercise::exercise_query(id));
            let w = words(lang, id);
            let title_id = format!("kit-exercise-{}", id.slug());
            let labelled_by = title_id.clone();
            view! {
                <li class="kit-lesson kit-exercise" data-testid="agenda-exercise" data-exercise=id.slug() aria-labelledby=labelled_by>
                    <Qr link=link.clone() class="kit-qr" testid="agenda-exercise-qr" />
                    <div class="kit-ask">
                        <h3 id=title_id>
                            <span class="kit-number">{number}"."</span>
                            <a class="kit-title" href=link.clone()>{w.title}</a>
                        </h3>
                        {plan.map(|plan| view! { <PlanToggle plan=plan item=Item::Exercise(id) title=w.title.to_string() /> })}
                        <p class="kit-goal">{w.goal}</p>
                        <a class="kit-link" data-testid="agenda-exercise-link" href=link.clone()>{link.clone()}</a>
                    </div>
                </li>
            }
        })
        .collect_view();
    Some(if left_out {
        view! { <ol class="kit-lessons kit-exercises-out" data-testid="plan-left-out-exercises">{items}</ol> }
            .into_any()
    } else {
        view! {
            <section class="kit-exercises" data-testid="agenda-exercises" aria-labelledby="kit-exercises-title">
                <h2 id="kit-exercises-title">{l.agenda_title}</h2>
                <p class="hint">{l.agenda_hint}</p>
                <ol class="kit-lessons">{items}</ol>
            </section>
        }
        .into_any()
    })
}
