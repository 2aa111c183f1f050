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

/// What the page is, in one line, above the Ready banner of the home screen (no lesson open). A
/// phone's sticky header has no room for the tagline, so there it is said here instead, where the
/// page scrolls it away; wider screens have it in the header and hide this one (style/main.css).
#[component]
pub fn HomeTagline() -> impl IntoView {
    view! { <p class="home-tagline" data-testid="home-tagline">{text::tagline()}</p> }
}
