//! The way in for a cold visitor: in the Ready banner, with no lesson open, one line says where
//! to begin and links to the first lesson.

use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::show::lessons::{lesson_query, LESSONS};

#[component]
pub fn StartHere() -> impl IntoView {
    view! {
        <span class="start-here" data-testid="start-here">
            " "<a href=format!("?{}", lesson_query(&LESSONS[0])) title=text::start_here_hint()>{text::start_here()}</a>
        </span>
    }
}
