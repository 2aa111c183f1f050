//! Run, Stop and the playback speed.

use crate::state::Playground;
use crate::text;
use crate::ui::lazy::part;
use crate::ui::parts;
use leptos::prelude::*;

#[component]
pub fn RunControls() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    view! {
        <div class="run-controls">
            <button class="btn btn-run" data-testid="run" on:click=move |_| crate::actions::run::run(pg) disabled=move || pg.running.get() || pg.run_needs_model()
                aria-describedby=move || pg.run_needs_model().then_some("run-blocked")>
                <span aria-hidden="true">"▶ "</span>{text::run()}
            </button>
            <button class="btn btn-stop" data-testid="stop" on:click=move |_| crate::actions::run::stop(pg) disabled=move || !pg.running.get()>
                <span aria-hidden="true">"■ "</span>{text::stop()}
            </button>
            <label class="speed">
                <span>{text::speed()}</span>
                <select
                    data-testid="speed"
                    on:change=move |ev| {
                        if let Some(Ok(i)) = crate::web::events::target_value(&ev).map(|v| v.parse::<usize>()) {
                            pg.scenario.update(|s| s.speed = i.min(text::speed_labels().len() - 1));
                        }
                    }
                    prop:value=move || pg.speed.get().to_string()
                >
                    {text::speed_labels()
                        .iter()
                        .enumerate()
                        .map(|(i, name)| view! { <option value=i.to_string() selected=move || pg.speed.get() == i>{*name}</option> })
                        .collect_view()}
                </select>
            </label>
            // Why Run is disabled, in words that come with the endpoint's form (its part is on
            // its way as soon as a real endpoint is picked).
            <Show when=move || pg.run_needs_model()>{part(parts::run_blocked())}</Show>
        </div>
    }
}
