//! Run (one failure, played in the scene), Stop, the report card (every failure), the starting
//! code back, and what the view is doing now.

use crate::state::yours::{Status, Yours};
use crate::state::Playground;
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::yours::card::CaseId;

#[component]
pub fn RunBar() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    let pg = crate::state::expect_context::<Playground>();
    let busy = move || yours.busy();
    // On a phone the scene is below the code, and the card below everything: each press brings
    // what it fills into view (no smooth scroll, so reduced motion is respected too).
    let run = move |_| {
        crate::actions::yours::run_case(pg, yours, yours.case.get_untracked());
        crate::web::events::scroll_into_view(".yours-scene");
    };
    let stop = move |_| crate::actions::yours::stop(yours);
    let card = move |_| {
        crate::actions::yours::run_card(pg, yours);
        crate::web::events::scroll_into_view(".yours-card");
    };
    let exercises = crate::state::expect_context::<crate::state::yours::Exercises>();
    // Back to where this view started: the exercise's gap, the link's code, or the robust loop.
    let reset = move |_| {
        let code = exercises.task.with_value(|task| match task {
            crate::state::yours::Task::Exercise(_) => None,
            _ => yours.start.get_untracked(),
        });
        let code = code.unwrap_or_else(|| {
            exercises.task.with_value(|task| crate::actions::exercise::starting_code(task, text::lang()))
        });
        yours.code.set(code);
    };
    let pick = move |ev: leptos::ev::Event| {
        let slug = event_target_value(&ev);
        if let Some(case) = CaseId::ALL.into_iter().find(|c| c.slug() == slug) {
            yours.case.set(case);
        }
    };
    let status = move || match yours.status.get() {
        Status::Idle => None,
        Status::Running => None,
        Status::Grading { done, total } => Some(text::yours_grading(done, total)),
        Status::Said(s) => Some(s),
    };
    view! {
        <div class="yours-run" data-testid="yours-run">
            <label class="yours-case">
                <span class="field-label">{text::yours_case_label()}</span>
                <select data-testid="yours-case" on:change=pick prop:value=move || yours.case.get().slug()>
                    {CaseId::ALL.into_iter().map(|c| view! { <option value=c.slug()>{text::yours_case(c)}</option> }).collect_view()}
                </select>
            </label>
            <div class="yours-buttons">
                <Show when=busy fallback=move || view! {
                    <button type="button" class="btn btn-run" data-testid="yours-run-button" on:click=run>{text::yours_run()}</button>
                }>
                    <button type="button" class="btn btn-stop" data-testid="yours-stop" on:click=stop>{text::yours_stop()}</button>
                </Show>
                <button type="button" class="btn" data-testid="yours-card-button" disabled=busy on:click=card>{text::yours_card()}</button>
                <button type="button" class="btn btn-quiet" data-testid="yours-reset" disabled=busy on:click=reset>{text::yours_reset_code()}</button>
            </div>
            <p class="yours-status" role="status" data-testid="yours-status">{status}</p>
        </div>
    }
}
