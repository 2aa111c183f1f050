//! Run (one failure, played in the scene), Stop, the speed, the report card (every failure), the
//! starting code back, and what the view is doing now.
//!
//! A run has two halves: the code runs in its sandbox (on virtual time, so in a moment), then its
//! run plays in the scene at the chosen speed, which can take minutes for a loop that keeps
//! retrying. Stop (and Escape) is there for both halves, and "Starting code" stops first.

use crate::state::yours::{PythonStart, Status, Yours};
use crate::state::Playground;
use crate::text;
use crate::ui::player::speed_select::SpeedSelect;
use crate::web::events::key_press;
use leptos::ev::keydown;
use leptos::prelude::*;
use rusty_lock_engine::yours::card::CaseId;

#[component]
pub fn RunBar() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    let pg = crate::state::expect_context::<Playground>();
    let busy = move || yours.busy();
    // Something to stop: a sandbox running, or a run still playing in the scene.
    let going = move || yours.busy() || pg.running.get();
    // On a phone the scene is below the code, and the card below everything: each press brings
    // what it fills into view (no smooth scroll, so reduced motion is respected too).
    let run = move |_| {
        crate::actions::yours::run_case(pg, yours, yours.case.get_untracked());
        crate::web::events::scroll_into_view(".yours-scene");
    };
    let stop = move |_| crate::actions::yours::stop_everything(pg, yours);
    // Escape stops, from anywhere in the view, the editor included (CodeMirror's own use of
    // Escape, letting Tab leave the editor, is kept: the key is not swallowed there).
    let keys = window_event_listener(keydown, move |ev| {
        let Some(press) = key_press(&ev) else { return };
        if press.key != "Escape" || press.with_modifier || press.default_prevented {
            return;
        }
        let going = yours.status.try_with_untracked(|s| matches!(s, Status::Running | Status::Grading { .. }))
            == Some(true)
            || pg.running.try_get_untracked() == Some(true);
        if going {
            crate::actions::yours::stop_everything(pg, yours);
            if !press.typing {
                ev.prevent_default();
            }
        }
    });
    on_cleanup(move || keys.remove());
    let card = move |_| {
        crate::actions::yours::run_card(pg, yours);
        crate::web::events::scroll_into_view(".yours-card");
    };
    let exercises = crate::state::expect_context::<crate::state::yours::Exercises>();
    // Back to where this view started: the exercise's gap, the link's code, or the robust loop.
    let reset = move |_| {
        crate::actions::yours::stop_everything(pg, yours);
        let code = exercises.task.with_value(|task| match task {
            crate::state::yours::Task::Exercise(_) => None,
            _ => yours.start.get_untracked(),
        });
        let code = code.unwrap_or_else(|| {
            exercises.task.with_value(|task| {
                crate::actions::exercise::starting_code(task, text::lang(), yours.code_lang_untracked())
            })
        });
        yours.code.set(code);
    };
    let pick = move |ev: leptos::ev::Event| {
        let slug = event_target_value(&ev);
        if let Some(case) = CaseId::ALL.into_iter().find(|c| c.slug() == slug) {
            yours.case.set(case);
        }
    };
    // At rest, a mistake in the code is said here, just above the editor that marks its line.
    let status = move || match yours.status.get() {
        Status::Idle => yours.problem.get().map(|p| text::yours_problem(&p, yours.code_lang())),
        Status::Running => None,
        Status::Grading { done, total } => Some(text::yours_grading(done, total)),
        Status::Said(s) => Some(s),
    };
    view! {
        <div class="yours-run" data-testid="yours-run">
            <crate::ui::yours::code_lang_choice::CodeLangChoice />
            <label class="yours-case">
                <span class="field-label">{text::yours_case_label()}</span>
                <select data-testid="yours-case" on:change=pick prop:value=move || yours.case.get().slug()>
                    {CaseId::ALL.into_iter().map(|c| view! { <option value=c.slug()>{text::yours_case(c)}</option> }).collect_view()}
                </select>
            </label>
            <div class="yours-buttons">
                <Show when=going fallback=move || view! {
                    <button type="button" class="btn btn-run" data-testid="yours-run-button" on:click=run>{text::yours_run()}</button>
                }>
                    <button type="button" class="btn btn-stop" data-testid="yours-stop" on:click=stop>{text::yours_stop()}</button>
                </Show>
                <button type="button" class="btn" data-testid="yours-card-button" disabled=busy on:click=card>{text::yours_card()}</button>
                <button type="button" class="btn btn-quiet" data-testid="yours-reset" on:click=reset>{text::yours_reset_code()}</button>
                <SpeedSelect />
            </div>
            <p class="yours-status" role="status" data-testid="yours-status"
                data-problem=move || yours.problem.with(|p| p.as_ref().map(|p| p.slug()))
                data-line=move || yours.problem.with(|p| p.as_ref().and_then(|p| p.line()))>{status}</p>
            // Python's first start: its files coming (a bar, with the bytes), then the interpreter.
            {move || yours.python.get().map(|start| match start {
                PythonStart::Fetching { loaded, total } => view! {
                    <p class="yours-python-start" role="status" data-testid="yours-python-start" data-phase="fetching">
                        <span>{text::yours_python_fetching(loaded, total)}</span>
                        <progress max=total.max(1.0) value=loaded aria-label=text::yours_lang_py()></progress>
                    </p>
                }.into_any(),
                PythonStart::Starting => view! {
                    <p class="yours-python-start" role="status" data-testid="yours-python-start" data-phase="starting">
                        <span>{text::yours_python_starting()}</span>
                        <progress aria-label=text::yours_lang_py()></progress>
                    </p>
                }.into_any(),
            })}
        </div>
    }
}
