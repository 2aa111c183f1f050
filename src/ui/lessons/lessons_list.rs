//! The lesson library's list: every lesson by its own link, the workshop entry that walks through
//! them in order in presenter mode, free play, your own loop, and the workshop agenda with its handout. A lazy part, fetched when the menu first opens.

use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::show::lessons::{lesson_query, AGENDA_VIEW, LESSONS};

/// Picking an entry closes the menu.
#[component]
pub fn LessonsList(open: RwSignal<bool>) -> impl IntoView {
    view! {
        <div class="menu" data-testid="lessons-menu" on:click=move |_| open.set(false)>
            <a class="workshop" data-testid="start-workshop" href=format!("?{}&mode=present", lesson_query(&LESSONS[0]))>{text::start_workshop()}</a>
            <ol>
                {LESSONS.iter().map(|l| view! {
                    <li><a href=format!("?{}", lesson_query(l)) data-testid=format!("lesson-{}", l.id)>{text::lesson_text(l.id).title}</a></li>
                }).collect_view()}
            </ol>
            <a class="free-play" href="?v=1" data-testid="free-play">{text::free_play()}</a>
            // After the lessons: the same failures met by a loop the learner writes.
            <a class="free-play" href=format!("?view=yours&lang={}", text::lang().code()) data-testid="lessons-yours">{text::yours_link()}</a>
            <a class="agenda-entry" href=match text::lang() {
                text::Lang::En => format!("?{AGENDA_VIEW}"),
                other => format!("?{AGENDA_VIEW}&lang={}", other.code()),
            } data-testid="open-agenda">{text::agenda_entry()}</a>
        </div>
    }
}
