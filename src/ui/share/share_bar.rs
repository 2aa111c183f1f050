//! Sharing: the scenario's link (copy it and every attendee gets the same run), traces (save a
//! finished run, open one to replay it offline), and "Make a lesson from this scenario", whose
//! form (`lesson_form`) waits in the `lessons` part.

use crate::parts;
use crate::parts::PartMissing;
use crate::state::Playground;
use crate::text;
use crate::web::share::{copy_text, download, page_base, read_picked_file};
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::show::scenario::encode;
use rusty_lock_engine::show::trace::MAX_TRACE_BYTES;

#[component]
pub fn ShareBar(lesson_form: fn() -> AnyView) -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let copied = RwSignal::new(false);
    let making = RwSignal::new(false);
    // Built from the scenario itself, so it never lags behind the address bar.
    let link = Memo::new(move |_| format!("{}?{}", page_base(), encode(&pg.scenario.get())));
    let copy = move |_| {
        let url = link.get_untracked();
        spawn_local(async move {
            // The bar may be gone by the time the clipboard answers.
            copied.try_set(copy_text(&url).await);
        });
    };
    let save = move |_| {
        let events = pg.run.with_untracked(|rec| rec.events().to_vec());
        // The key never reaches an event, and is scrubbed anyway should a server echo it back.
        let (scenario, secrets) = (pg.scenario.get_untracked(), pg.secrets());
        spawn_local(async move {
            let error = match parts::export_trace(scenario, events, secrets).await {
                Ok(json) => download("rusty-lock-trace.json", &json).err().map(|_| text::save_failed()),
                Err(PartMissing) => Some(text::trace_part_missing()),
            };
            pg.trace_error.try_set(error.map(Into::into));
        });
    };
    let open = move |ev: leptos::ev::Event| {
        let Some(input) = crate::web::events::target_input(&ev) else { return };
        spawn_local(async move {
            let result = read_picked_file(&input, MAX_TRACE_BYTES).await;
            input.set_value("");
            if !pg.is_alive() {
                return;
            }
            match result {
                Ok(None) => {}
                Ok(Some(text)) => match parts::import_trace(text).await {
                    _ if !pg.is_alive() => {}
                    Ok(Ok((trace, mut scenario, notices))) => {
                        pg.trace_error.set(None);
                        // The recorded run's settings come onto the page (its faults, its retry
                        // policy: what the replay and its verdict show), but not its model: the
                        // endpoint it was recorded against is data for the replay label, and the
                        // endpoint form and the address keep the page's own.
                        // Nor how it was viewed: the page keeps its language and layout.
                        let (ours, lang, mode) = pg.scenario.with_untracked(|s| (s.provider.clone(), s.lang, s.mode));
                        let recorded = std::mem::replace(&mut scenario.provider, ours);
                        (scenario.lang, scenario.mode) = (lang, mode);
                        crate::actions::run::apply_scenario(pg, scenario);
                        pg.notices.set(notices);
                        crate::actions::run::replay(pg, trace.events, recorded);
                    }
                    Ok(Err(e)) => pg.trace_error.set(Some(text::trace_error(&e))),
                    Err(PartMissing) => pg.trace_error.set(Some(text::trace_part_missing().into())),
                },
                Err(message) => pg.trace_error.set(Some(message)),
            }
        });
    };
    // Only when the field really has the focus: `select()` on a field without it focuses it,
    // which fires this very handler again inside itself (a focus event sent by a script did).
    let select_all = move |ev: leptos::ev::FocusEvent| {
        if let Some(input) = crate::web::events::target_input(&ev).filter(crate::web::events::has_focus) {
            input.select();
        }
    };
    view! {
        <div class="share-bar">
            <label class="share-link">
                <span class="sr-only">{text::share_link()}</span>
                <input type="text" readonly data-testid="share-link" prop:value=link on:focus=select_all />
            </label>
            <button class="btn-small" data-testid="copy-link" on:click=copy>
                {move || if copied.get() { text::copied() } else { text::copy_link() }}
            </button>
            <button class="btn-small" data-testid="export-trace" on:click=save disabled=move || !pg.finished()>{text::export_trace()}</button>
            <label class="btn-small file-pick">
                {text::import_trace()}
                <input type="file" accept=".json,application/json" data-testid="import-trace" on:change=open />
            </label>
            <button class="btn-small" data-testid="make-lesson" aria-expanded=move || making.get().to_string()
                aria-controls="own-lesson-form" on:click=move |_| making.update(|m| *m = !*m)>
                {text::make_lesson()}
            </button>
        </div>
        <Show when=move || making.get()>{lesson_form()}</Show>
    }
}
