//! Says what a link or a trace file asked for that the page could not use, and why. The rest of
//! the link still applies, so the page always loads and runs.

use crate::state::Playground;
use crate::text;
use crate::ui::lazy::part;
use crate::ui::parts;
use leptos::prelude::*;

#[component]
pub fn NoticeBar() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    view! {
        // The sentences come in a part of their own: a link with nothing wrong never fetches it.
        <Show when=move || pg.notices.with(|n| !n.is_empty())>{part(parts::link_notices())}</Show>
        <Show when=move || pg.trace_error.with(Option::is_some)>
            <div class="notice notice-error" role="alert" data-testid="trace-error">
                <span>{move || pg.trace_error.get().unwrap_or_default()}</span>
                <button class="btn-plain" on:click=move |_| pg.trace_error.set(None)>{text::dismiss()}</button>
            </div>
        </Show>
    }
}
