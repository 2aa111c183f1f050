//! The lesson library's list: every lesson by its own link, the workshop entry that walks through
//! the plan's lessons in order in presenter mode, free play, your own loop, and the workshop agenda with its handout. A lazy part, fetched when the menu first opens.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::show::lessons::{AGENDA_VIEW, LESSONS};
use rusty_lock_engine::show::scenario::Mode;

/// Picking an entry closes the menu. Every entry keeps how the room watches (the mode, the speed
/// and the pace): a lesson picked in presenter mode opens in presenter mode, narrated as before.
#[component]
pub fn LessonsList(open: RwSignal<bool>) -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let watching = Memo::new(move |_| pg.watching());
    // The agenda, projected when the room is (it passes the speed and pace on to its links).
    let agenda = move || {
        let w = watching.get();
        // The plan always goes with it: the agenda is where it is chosen.
        let tail = if w.mode == Mode::Present { w.tail() } else { w.plan.tail() };
        match text::lang() {
            text::Lang::En => format!("?{AGENDA_VIEW}{tail}"),
            other => format!("?{AGENDA_VIEW}{tail}&lang={}", other.code()),
        }
    };
    view! {
        <div class="menu" data-testid="lessons-menu" on:click=move |_| open.set(false)>
            <a class="workshop" data-testid="start-workshop" href=move || {
                let w = watching.get().presenting();
                w.lesson_link(w.plan.neighbour(None, 1).unwrap_or(&LESSONS[0]))
            }>{move || {
                // A plan of fewer lessons says so: "all lessons" would promise the whole library.
                let lessons = watching.get().plan.lesson_count();
                if lessons < LESSONS.len() { text::start_plan(lessons) } else { text::start_workshop().to_string() }
            }}</a>
            <ol>
                {LESSONS.iter().map(|l| view! {
                    <li><a href=move || watching.get().lesson_link(l) data-testid=format!("lesson-{}", l.id)>{text::lesson_text(l.id).title}</a></li>
                }).collect_view()}
            </ol>
            <a class="free-play" href=move || format!("?v=1{}", watching.get().tail()) data-testid="free-play">{text::free_play()}</a>
            // After the lessons: the same failures met by a loop the learner writes.
            <a class="free-play" href=format!("?view=yours&lang={}", text::lang().code()) data-testid="lessons-yours">{text::yours_link()}</a>
            <a class="agenda-entry" href=agenda data-testid="open-agenda">{text::agenda_entry()}</a>
        </div>
    }
}
