//! The lesson library's list: every lesson by its own link (presenting a plan, the plan's lessons
//! first, numbered as in it, then the rest under "Not in today's plan"), the workshop entry that
//! walks through the plan's lessons in order in presenter mode (the link's plan, else the last
//! one made on the agenda on this device), free play, your own loop, and the workshop agenda with its handout. A lazy part, fetched when the menu first opens.

use crate::state::Playground;
use crate::text;
use crate::web::agenda_memory::recall_plan;
use leptos::prelude::*;
use rusty_lock_engine::show::lessons::{Lesson, AGENDA_VIEW, LESSONS};
use rusty_lock_engine::show::scenario::{decode, Mode};

/// Picking an entry closes the menu. Every entry keeps how the room watches (the mode, the speed
/// and the pace): a lesson picked in presenter mode opens in presenter mode, narrated as before.
#[component]
pub fn LessonsList(open: RwSignal<bool>) -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    // A link's plan wins; without one, the last plan made on the agenda on this device.
    let remembered = decode(recall_plan().trim_start_matches('&')).0.plan;
    let watching = Memo::new(move |_| {
        let mut w = pg.watching();
        if w.plan.is_default() {
            w.plan = remembered;
        }
        w
    });
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
    let entry = move |l: &'static Lesson| {
        view! { <li><a href=move || watching.get().lesson_link(l) data-testid=format!("lesson-{}", l.id)>{text::lesson_text(l.id).title}</a></li> }
    };
    // Presenting a plan of fewer lessons: the plan's first, numbered as in the plan, then the
    // rest under "Not in today's plan".
    let lessons = move || {
        let w = watching.get();
        if w.mode != Mode::Present || w.plan.lesson_count() == LESSONS.len() {
            return view! { <ol>{LESSONS.iter().map(entry).collect_view()}</ol> }.into_any();
        }
        let rest = LESSONS.iter().filter(|l| w.plan.position(l.id).is_none()).map(entry).collect_view();
        view! {
            <ol data-testid="menu-plan">{w.plan.lessons().map(entry).collect_view()}</ol>
            <p class="menu-group" data-testid="menu-not-in-plan">{text::not_in_plan()}</p>
            <ul>{rest}</ul>
        }
        .into_any()
    };
    view! {
        <div class="menu" data-testid="lessons-menu" on:click=move |_| open.set(false)>
            <a class="workshop" data-testid="start-workshop" href=move || {
                let w = watching.get().presenting();
                w.lesson_link(w.plan.neighbour(None, 1).unwrap_or(&LESSONS[0]))
            }>{move || {
                // A plan of fewer lessons says so, with its minutes: "all lessons" would promise
                // the whole library.
                let plan = watching.get().plan;
                if plan.lesson_count() < LESSONS.len() {
                    text::start_plan(plan.lesson_count(), plan.minutes())
                } else {
                    text::start_workshop().to_string()
                }
            }}</a>
            {lessons}
            <a class="free-play" href=move || format!("?v=1{}", watching.get().tail()) data-testid="free-play">{text::free_play()}</a>
            // After the lessons: the same failures met by a loop the learner writes.
            <a class="free-play" href=format!("?view=yours&lang={}", text::lang().code()) data-testid="lessons-yours">{text::yours_link()}</a>
            <a class="agenda-entry" href=agenda data-testid="open-agenda">{text::agenda_entry()}</a>
        </div>
    }
}
