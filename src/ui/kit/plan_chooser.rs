//! The head of the agenda's plan: what the plan is for, the ready plans (an hour, half an hour,
//! everything) built from the lessons' own minutes, and the total as the teacher chooses. On
//! screen only; the handout's header carries the total.

use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::show::plan::{Plan, ReadyPlan};

#[component]
pub fn PlanChooser(plan: RwSignal<Plan>) -> impl IntoView {
    let buttons = ReadyPlan::ALL
        .into_iter()
        .map(|ready| {
            let pressed = move || plan.with(|p| ReadyPlan::matching(p) == Some(ready)).to_string();
            view! {
                <button
                    class="btn-small kit-ready"
                    data-testid=format!("plan-ready-{}", ready_slug(ready))
                    aria-pressed=pressed
                    on:click=move |_| plan.set(ready.plan())
                >
                    {text::ready_plan(ready, ready.plan().minutes())}
                </button>
            }
        })
        .collect_view();
    view! {
        <section class="kit-plan" aria-labelledby="kit-plan-title" data-testid="plan-chooser">
            <h2 id="kit-plan-title">{text::plan_title()}</h2>
            <p class="hint">{text::plan_hint()}</p>
            <div class="kit-ready-row" role="group" aria-labelledby="kit-plan-ready">
                <span id="kit-plan-ready">{text::plan_ready()}</span>
                {buttons}
            </div>
        </section>
    }
}

/// For tests to find each button.
fn ready_slug(ready: ReadyPlan) -> &'static str {
    match ready {
        ReadyPlan::Hour => "hour",
        ReadyPlan::HalfHour => "half-hour",
        ReadyPlan::Everything => "everything",
    }
}
