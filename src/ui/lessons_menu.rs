//! The lesson library: every lesson by its own link, and the workshop entry that walks through
//! them in order in presenter mode.

use crate::text;
use crate::ui::parts;
use crate::web::lazy::part;
use leptos::prelude::*;
use rusty_lock_engine::lessons::{lesson_query, LESSONS};

#[component]
pub fn LessonsMenu() -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <div class="lessons-menu">
            <button class="btn btn-lessons" data-testid="lessons" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                {text::LESSONS}
            </button>
            <Show when=move || open.get()>
                {part(parts::lessons_list(open))}
            </Show>
        </div>
    }
}

/// The list itself, a lazy part fetched the first time the menu opens.
#[component]
pub fn LessonsList(open: RwSignal<bool>) -> impl IntoView {
    view! {
        <div class="menu" data-testid="lessons-menu" on:click=move |_| open.set(false)>
            <a class="workshop" data-testid="start-workshop" href=format!("?{}&mode=present", lesson_query(&LESSONS[0]))>{text::START_WORKSHOP}</a>
            <ol>
                {LESSONS.iter().map(|l| view! {
                    <li><a href=format!("?{}", lesson_query(l)) data-testid=format!("lesson-{}", l.id)>{l.title}</a></li>
                }).collect_view()}
            </ol>
            <a class="free-play" href="?v=1" data-testid="free-play">{text::FREE_PLAY}</a>
        </div>
    }
}
