//! The workshop agenda (`?view=agenda`): every lesson in order with its suggested minutes, its
//! goal, the question and a link that opens it, for the teacher to plan with; printed, the same
//! page is the handout (the buttons drop out, the answers come in under the fold). On screen the
//! answers stay hidden until asked for, so the agenda can be projected without spoiling them.
//!
//! Teachers' own lessons come after the built-in ones: the agenda link carries each one's link
//! (`?view=agenda&extra=<link>&extra=<link>`, see `own_lesson::decode_agenda`), and what it could
//! not read is said above the list. The agenda on screen is remembered for this tab, so "Add to
//! the agenda" keeps its lessons.

use crate::text;
use crate::ui::kit::agenda_exercises::AgendaExercises;
use crate::ui::kit::agenda_lesson::{AgendaLesson, Entry};
use crate::ui::kit::loopback_note::LoopbackNote;
use crate::ui::kit::print_button::PrintButton;
use crate::web::address::Address;
use crate::web::agenda_memory;
use crate::web::share::page_base;
use leptos::prelude::*;
use rusty_lock_engine::show::lessons::{total_minutes, LESSONS};
use rusty_lock_engine::show::own_lesson::{decode_agenda, encode_agenda, OWN_LESSON_MINUTES};
use rusty_lock_engine::show::route::Route;
use rusty_lock_engine::show::scenario::{decode, encode, Mode, Scenario, Watching};

#[component]
pub fn AgendaView() -> impl IntoView {
    let answers = RwSignal::new(false);
    // Full links, built from the page's own address, so a printed one works wherever it is served.
    let base = page_base();
    // The links keep the handout's language, so a QR code scanned in the room opens in it.
    let lang = match text::lang() {
        text::Lang::En => String::new(),
        other => format!("&lang={}", other.code()),
    };
    let address = crate::state::expect_context::<Address>();
    // How the room watches, from the agenda's own link (the Lessons menu passes it on): projected,
    // the agenda's ways back to the lessons keep presenter mode, its speed and its pace.
    let watching = Watching::of(&decode(&address.search_untracked()).0);
    let projected_watch = (watching.mode == Mode::Present).then_some(watching);
    let present = format!("{}{lang}", watching.presenting().lesson_link(&LESSONS[0]));
    let (extras, notices) = decode_agenda(&address.search_untracked());
    agenda_memory::remember(&encode_agenda(&extras));
    let code = text::lang();
    let own: Vec<(Entry, Option<String>)> = extras
        .into_iter()
        .enumerate()
        .filter_map(|(i, mut s)| {
            let lesson = s.own_lesson.clone()?;
            s.lang = (code != text::Lang::En).then_some(code);
            let link = format!("{base}?{}", encode(&s));
            let open = projected_watch.map(|w| {
                let (mode, speed, pace) = (w.mode, w.speed, w.pace);
                format!("?{}", encode(&Scenario { mode, speed, pace, ..s }))
            });
            Some((Entry::own(i + 1, &lesson, link), open))
        })
        .collect();
    let summary = if own.is_empty() {
        text::agenda_summary(LESSONS.len(), total_minutes())
    } else {
        let minutes = total_minutes() + OWN_LESSON_MINUTES * own.len() as u32;
        text::agenda_summary_own(LESSONS.len() + own.len(), own.len(), minutes)
    };
    // Projected (`?view=agenda&mode=present`): the root type grows with the screen, as in the
    // playground's presenter mode (src/ui/kit/kit.css scales the agenda from it).
    let projected = Route::of(&address.search_untracked()).mode == Mode::Present;
    if let Some(root) = document().document_element() {
        let _ = if projected { root.set_attribute("data-mode", "present") } else { root.remove_attribute("data-mode") };
    }
    let back = format!("?v=1{}{lang}", watching.tail());
    view! {
        <div class="app kit-page" class:kit-answers=move || answers.get() data-testid="agenda">
            // The kit's own styles come with it (src/ui/kit/kit.css), not in the first load.
            <link rel="stylesheet" href="kit.css" />
            <header class="top kit-top">
                <div class="brand">
                    <div>
                        <h1><span class="kit-screen">{text::agenda_title()}</span><span class="kit-print">{text::handout_title()}</span></h1>
                        <p class="tagline" data-testid="agenda-summary">{summary}</p>
                    </div>
                </div>
                <div class="top-actions kit-tools">
                    <a class="btn btn-stop" data-testid="agenda-back" href=back>{text::back_to_playground()}</a>
                    <a class="btn btn-stop" data-testid="agenda-present" href=present>{text::start_in_presenter()}</a>
                    <label class="kit-toggle">
                        <input type="checkbox" data-testid="agenda-answers" bind:checked=answers />
                        {text::show_answers()}
                    </label>
                    <PrintButton />
                </div>
            </header>
            <main class="kit">
                <p class="hint kit-hint">{text::print_hint()}</p>
                // Every code below points at this machine on a loopback address: said on screen and
                // printed on the handout.
                <LoopbackNote />
                {(!notices.is_empty()).then(|| view! {
                    <div class="notice kit-notice" role="status" data-testid="agenda-notice">
                        <div>
                            <strong>{text::link_notice_title()}</strong>
                            <ul>
                                {notices.into_iter().map(|n| view! { <li><code>{n.key}</code>" "{text::notice(&n.problem)}</li> }).collect_view()}
                            </ul>
                        </div>
                    </div>
                })}
                <ol class="kit-lessons">
                    {LESSONS.iter().map(|lesson| {
                            let open = projected_watch.map(|w| format!("{}{lang}", w.lesson_link(lesson)));
                            (Entry::builtin(lesson, format!("{base}?lesson={}{lang}", lesson.id)), open)
                        })
                        .chain(own)
                        .enumerate()
                        .map(|(i, (entry, open))| view! { <AgendaLesson number=i + 1 entry=entry open=open /> })
                        .collect_view()}
                </ol>
                <AgendaExercises base=base.clone() />
            </main>
        </div>
    }
}
