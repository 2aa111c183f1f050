//! The way in for a cold visitor: before anything has run and with no lesson open, one line
//! says where to begin and links to the first lesson.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::lessons::{lesson_query, LESSONS};

#[component]
pub fn StartHere() -> impl IntoView {
    let pg = expect_context::<Playground>();
    let cold = move || pg.lesson.with(Option::is_none) && pg.events.with(Vec::is_empty) && !pg.running.get();
    view! {
        <Show when=cold>
            <p class="start-here" data-testid="start-here">
                <a href=format!("?{}", lesson_query(&LESSONS[0]))>{text::START_HERE}</a>
                " "<span>{text::START_HERE_HINT}</span>
            </p>
        </Show>
    }
}
