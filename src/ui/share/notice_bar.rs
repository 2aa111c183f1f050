//! Says what a link or a trace file asked for that the page could not use, and why. The rest of
//! the link still applies, so the page always loads and runs.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn NoticeBar() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    view! {
        <Show when=move || pg.notices.with(|n| !n.is_empty())>
            <div class="notice" role="status" data-testid="link-notice">
                <div>
                    <strong>{text::link_notice_title()}</strong>
                    <ul>
                        {move || pg.notices.get().into_iter().map(|n| view! { <li><code>{n.key}</code>" "{text::notice(&n.problem)}</li> }).collect_view()}
                    </ul>
                </div>
                <button class="btn-plain" data-testid="dismiss-notice" on:click=move |_| pg.notices.set(Vec::new())>{text::dismiss()}</button>
            </div>
        </Show>
        <Show when=move || pg.trace_error.with(Option::is_some)>
            <div class="notice notice-error" role="alert" data-testid="trace-error">
                <span>{move || pg.trace_error.get().unwrap_or_default()}</span>
                <button class="btn-plain" on:click=move |_| pg.trace_error.set(None)>{text::dismiss()}</button>
            </div>
        </Show>
    }
}
