//! One lesson of the agenda, and of the printed handout: on the question's side its title (a
//! link to it, as is the link written under the question),
//! minutes, goal, the question, its link and the link's QR code; past the fold line its answer and
//! a one-line takeaway. The fold line sits at the same place for every lesson, so folding the
//! printed page once hides every answer on it.

use crate::text;
use crate::ui::kit::qr::Qr;
use crate::ui::layer_icon::LayerIcon;
use leptos::prelude::*;
use rusty_lock_engine::lessons::Lesson;

#[component]
pub fn AgendaLesson(number: usize, lesson: &'static Lesson, link: String) -> impl IntoView {
    let words = text::lesson_text(lesson.id);
    let title_id = format!("kit-{}", lesson.id);
    let labelled_by = title_id.clone();
    let (qr_link, title_href, href) = (link.clone(), link.clone(), link.clone());
    view! {
        <li class="kit-lesson" data-testid="agenda-lesson" data-lesson=lesson.id aria-labelledby=labelled_by>
            <Qr link=qr_link class="kit-qr" testid="agenda-qr" />
            <div class="kit-ask">
                <h2 id=title_id>
                    <span class="kit-number">{number}"."</span>
                    <a class="kit-title" data-testid="agenda-title" href=title_href>{words.title}</a>
                    <span class="kit-minutes" data-testid="agenda-minutes" data-minutes=lesson.minutes>{text::minutes(lesson.minutes)}</span>
                </h2>
                <p class="kit-goal">{words.goal}</p>
                <p class="kit-question">{text::question()}</p>
                <a class="kit-link" data-testid="agenda-link" href=href>{link}</a>
            </div>
            <div class="kit-fold" aria-hidden="true"><span>{text::fold_here()}</span></div>
            <div class="kit-answer" data-testid="agenda-answer" data-answer=lesson.answer.slug()>
                <p class="kit-layer">
                    <strong>{text::answer()}</strong>" "<LayerIcon layer=lesson.answer />{text::layer_name(lesson.answer)}
                </p>
                <p class="kit-takeaway" data-testid="agenda-takeaway">{words.takeaway}</p>
            </div>
        </li>
    }
}
