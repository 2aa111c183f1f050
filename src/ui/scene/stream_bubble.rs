//! The oracle's reply as it streams in from a real endpoint, shown as plain text: its newest
//! words, so a long reply without a break never makes the page lay out a megabyte.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn StreamBubble() -> impl IntoView {
    // Its styles are in lessons.css, not the first load's sheet.
    crate::web::lesson_styles::link();
    let pg = crate::state::expect_context::<Playground>();
    view! {
        <Show when=move || pg.stream_text.with(|t| !t.is_empty())>
            <div class="stream-bubble" data-testid="stream-text" aria-live="off">
                <span class="stream-label">{text::streaming()}</span>
                <span class="stream-body">{move || pg.stream_text.get()}</span>
            </div>
        </Show>
    }
}
