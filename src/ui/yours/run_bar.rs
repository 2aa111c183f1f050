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
use crate::ui::yours::reveal;
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
        reveal::bring_into_view(".yours-scene");
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
    // The card is below everything, and its rows come a few at a time: the press brings its top
    // as far up as the page allows (at the bottom of the page, the summary line alone may show),
    // then each batch of rows brings it further, until its top is under the header with its rows
    // in view. The reader's own scrolling (a wheel, a finger, a key, a press) ends the following;
    // the page's own moves (a panel above growing) do not.
    let follow = StoredValue::new(false);
    let card = move |_| {
        crate::actions::yours::run_card(pg, yours);
        reveal::bring_into_view(".yours-card");
        follow.set_value(true);
    };
    let unfollow = move || {
        follow.try_set_value(false);
    };
    let readers = [
        window_event_listener(leptos::ev::wheel, move |_| unfollow()),
        window_event_listener(leptos::ev::touchmove, move |_| unfollow()),
        window_event_listener(leptos::ev::pointerdown, move |_| unfollow()),
        window_event_listener(keydown, move |_| unfollow()),
    ];
    on_cleanup(move || readers.into_iter().for_each(|r| r.remove()));
    Effect::new(move |_| {
        if yours.card.with(Vec::is_empty) || !follow.get_value() {
            return;
        }
        request_animation_frame(move || {
            if follow.try_get_value() == Some(true) {
                reveal::bring_up(".yours-card");
            }
        });
    });
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
    let status = move || said(yours);
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
                        <span>{python_said(start)}</span>
                        <progress max=total.max(1.0) value=loaded aria-label=text::yours_lang_py()></progress>
                    </p>
                }.into_any(),
                PythonStart::Starting => view! {
                    <p class="yours-python-start" role="status" data-testid="yours-python-start" data-phase="starting">
                        <span>{python_said(start)}</span>
                        <progress aria-label=text::yours_lang_py()></progress>
                    </p>
                }.into_any(),
            })}
        </div>
    }
}

/// What the status line says now: a mistake in the code at rest, the report card's count, or
/// what the page has to say (nothing while one case runs).
fn said(yours: Yours) -> Option<String> {
    match yours.status.get() {
        Status::Idle => yours.problem.get().map(|p| text::yours_problem(&p, yours.code_lang())),
        Status::Running => None,
        Status::Grading { done, total } => Some(text::yours_grading(done, total)),
        Status::Said(s) => Some(s),
    }
}

/// Python's first start in words: its files coming (with the bytes), then the interpreter.
fn python_said(start: PythonStart) -> String {
    match start {
        PythonStart::Fetching { loaded, total } => text::yours_python_fetching(loaded, total),
        PythonStart::Starting => text::yours_python_starting().to_string(),
    }
}

/// The run bar's status and Stop where the eye is: on a phone, Run brings the scene into view
/// and the run bar goes off screen above it (Python's first start alone says "Starting Python…"
/// there for seconds). While the bar is out of sight under the sticky header (or above the
/// screen) and something is going or said, this strip hangs under the header and says it, with
/// Stop. It is drawn in the header; yours.css shows it on narrow screens only, where the layout
/// is one column. Not a live region: the run bar's own line already is one.
#[component]
pub fn RunStrip() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    let pg = crate::state::expect_context::<Playground>();
    let going = move || yours.busy() || pg.running.get();
    let away = RwSignal::new(false);
    // Whether the report card is on screen: at rest, it says the code's mistake itself.
    let card_seen = RwSignal::new(false);
    // The bar's buttons (Run or Stop) are away when they are above what covers the top of the
    // screen (the sticky header, and this strip once it shows) or below the screen's bottom.
    let measure = move || {
        let Some(buttons) = reveal::rect(".yours-run .yours-buttons") else { return };
        let now = buttons.height() > 0.0
            && (buttons.bottom() <= reveal::covered() + 1.0 || buttons.top() >= reveal::screen_height());
        if away.try_get_untracked() != Some(now) {
            away.try_set(now);
        }
        let seen = reveal::rect(".yours-card")
            .is_some_and(|card| card.top() < reveal::screen_height() && card.bottom() > reveal::covered());
        if card_seen.try_get_untracked() != Some(seen) {
            card_seen.try_set(seen);
        }
    };
    let on_scroll = window_event_listener(leptos::ev::scroll, move |_| measure());
    let on_resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || {
        on_scroll.remove();
        on_resize.remove();
    });
    // A run starting or ending changes what there is to say, not where the bar is; measured
    // once it is drawn all the same (a press scrolls the page in the same task).
    Effect::new(move |_| {
        going();
        request_animation_frame(measure);
    });
    let words = move || {
        yours
            .python
            .get()
            .map(python_said)
            .or_else(|| said(yours))
            .or_else(|| going().then(|| text::running().to_string()))
    };
    // Going, always; at rest, what is said (a mistake, the sandbox missing) unless the card,
    // which says it too, is in view.
    let shown = move || {
        away.get() && (going() || yours.python.with(Option::is_some) || (words().is_some() && !card_seen.get()))
    };
    let stop = move |_| crate::actions::yours::stop_everything(pg, yours);
    view! {
        <Show when=shown>
            <div class="yours-strip" data-testid="yours-strip">
                <p class="yours-strip-said" data-testid="yours-strip-said">{words}</p>
                <Show when=going>
                    <button type="button" class="btn btn-stop" data-testid="yours-strip-stop" on:click=stop>{text::yours_stop()}</button>
                </Show>
            </div>
        </Show>
    }
}
