//! One lesson's or exercise's say in the workshop's plan, on the agenda: a checkbox that keeps it
//! in the plan or leaves it out, and for a lesson in the plan, buttons that move it earlier or
//! later. On screen only: the handout prints the plan, not the choosing.

use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::show::lessons::LessonId;
use rusty_lock_engine::show::plan::Plan;
use rusty_lock_engine::yours::exercise::ExerciseId;

/// What a control chooses about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Lesson(LessonId),
    Exercise(ExerciseId),
}

impl Item {
    fn slug(self) -> &'static str {
        match self {
            Item::Lesson(id) => id.slug(),
            Item::Exercise(id) => id.slug(),
        }
    }

    fn kept_by(self, plan: &Plan) -> bool {
        match self {
            Item::Lesson(id) => plan.has_lesson(id),
            Item::Exercise(id) => plan.has_exercise(id),
        }
    }

    fn toggled_in(self, plan: Plan) -> Plan {
        match self {
            Item::Lesson(id) => plan.toggled_lesson(id),
            Item::Exercise(id) => plan.toggled_exercise(id),
        }
    }
}

/// The agenda draws its list again after each change, so the control a teacher used is found by
/// its id and focused again: a keyboard never loses its place.
fn refocus(id: String) {
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(&id) {
            if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
                let _ = el.focus();
            }
        }
    });
}

/// `title`: the item's title, so each control's name says which lesson it moves.
#[component]
pub fn PlanToggle(plan: RwSignal<Plan>, item: Item, title: String) -> impl IntoView {
    let kept = plan.with_untracked(|p| item.kept_by(p));
    let slug = item.slug();
    let kind = if matches!(item, Item::Lesson(_)) { "lesson" } else { "exercise" };
    let check_id = format!("plan-{kind}-{slug}");
    let refocus_check = check_id.clone();
    let toggle = move |_| {
        plan.update(|p| *p = item.toggled_in(*p));
        refocus(refocus_check.clone());
    };
    let moves = match item {
        Item::Lesson(id) if kept => {
            let button = move |step: isize, label: &'static str, arrow: &'static str, testid: &'static str| {
                let id_attr = format!("plan-{testid}-{slug}");
                let again = id_attr.clone();
                view! {
                    <button
                        class="btn-small kit-move"
                        id=id_attr
                        data-testid=format!("plan-{testid}")
                        aria-label=format!("{label}: {title}")
                        on:click=move |_| {
                            plan.update(|p| *p = p.moved(id, step));
                            refocus(again.clone());
                        }
                    >
                        <span aria-hidden="true">{arrow}</span>" "{label}
                    </button>
                }
            };
            Some(view! {
                {button(-1, text::move_up(), "↑", "up")}
                {button(1, text::move_down(), "↓", "down")}
            })
        }
        _ => None,
    };
    view! {
        <div class="kit-plan-item" data-testid="plan-controls">
            <label class="kit-keep">
                <input type="checkbox" id=check_id data-testid="plan-toggle" checked=kept on:change=toggle />
                {text::in_plan()}
            </label>
            {moves}
        </div>
    }
}
