//! Run, Stop and the playback speed.

use crate::state::Playground;
use crate::text;
use crate::ui::lazy::part;
use crate::ui::parts;
use crate::ui::player::speed_select::SpeedSelect;
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
            <SpeedSelect />
            // Why Run is disabled, in words that come with the endpoint's form (its part is on
            // its way as soon as a real endpoint is picked).
            <Show when=move || pg.run_needs_model()>{part(parts::run_blocked())}</Show>
        </div>
    }
}
