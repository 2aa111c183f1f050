//! The workshop agenda (`?view=agenda`): every lesson in order with its suggested minutes, its
//! goal, the question and a link that opens it, for the teacher to plan with; printed, the same
//! page is the handout (the buttons drop out, the answers come in under the fold). On screen the
//! answers stay hidden until asked for, so the agenda can be projected without spoiling them.

use crate::text;
use crate::ui::kit::agenda_lesson::AgendaLesson;
use crate::ui::kit::print_button::PrintButton;
use crate::web::share::page_base;
use leptos::prelude::*;
use rusty_lock_engine::lessons::{lesson_query, total_minutes, LESSONS};

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
    let present = format!("?{}&mode=present{lang}", lesson_query(&LESSONS[0]));
    // Projected (`?view=agenda&mode=present`): the root type grows with the screen, as in the
    // playground's presenter mode (src/ui/kit/kit.css scales the agenda from it).
    let address = crate::state::expect_context::<crate::web::address::Address>();
    let projected = address.search_untracked().split(['?', '&']).any(|kv| kv == "mode=present");
    if let Some(root) = document().document_element() {
        let _ = if projected { root.set_attribute("data-mode", "present") } else { root.remove_attribute("data-mode") };
    }
    let back = format!("?v=1{lang}");
    view! {
        <div class="app kit-page" class:kit-answers=move || answers.get() data-testid="agenda">
            // The kit's own styles come with it (src/ui/kit/kit.css), not in the first load.
            <link rel="stylesheet" href="kit.css" />
            <header class="top kit-top">
                <div class="brand">
                    <div>
                        <h1><span class="kit-screen">{text::agenda_title()}</span><span class="kit-print">{text::handout_title()}</span></h1>
                        <p class="tagline" data-testid="agenda-summary">{text::agenda_summary(LESSONS.len(), total_minutes())}</p>
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
                <ol class="kit-lessons">
                    {LESSONS.iter().enumerate().map(|(i, lesson)| {
                        let link = format!("{base}?lesson={}{lang}", lesson.id);
                        view! { <AgendaLesson number=i + 1 lesson=lesson link=link /> }
                    }).collect_view()}
                </ol>
            </main>
        </div>
    }
}
