//! One lesson of the agenda, and of the printed handout: on the question's side its title (a
//! link to it, as is the link written under the question),
//! minutes, goal, the question, its link and the link's QR code; past the fold line its answer and
//! a one-line takeaway. The fold line sits at the same place for every lesson, so folding the
//! printed page once hides every answer on it. A teacher's own lesson is drawn the same way,
//! marked as the teacher's, its words shown as text in their own direction.

use crate::text;
use crate::ui::kit::qr::Qr;
use crate::ui::layer_icon::LayerIcon;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::show::lessons::Lesson;
use rusty_lock_engine::show::own_lesson::{OwnLesson, OWN_LESSON_MINUTES};

/// What one lesson of the agenda shows.
pub struct Entry {
    /// A built-in lesson's id, or `own-<n>` for the teacher's n-th.
    pub id: String,
    pub own: bool,
    pub title: String,
    pub goal: String,
    pub question: String,
    pub answer: Layer,
    pub takeaway: String,
    pub minutes: u32,
    pub link: String,
}

impl Entry {
    pub fn builtin(lesson: &Lesson, link: String) -> Self {
        let words = text::lesson_text(lesson.id);
        Entry {
            id: lesson.id.to_string(),
            own: false,
            title: words.title.into(),
            goal: words.goal.into(),
            question: text::question().into(),
            answer: lesson.answer,
            takeaway: words.takeaway.into(),
            minutes: lesson.minutes,
            link,
        }
    }

    /// The teacher's `n`-th lesson (from 1), with its link.
    pub fn own(n: usize, own: &OwnLesson, link: String) -> Self {
        let or = |text: &str, default: &str| if text.is_empty() { default.to_string() } else { text.to_string() };
        Entry {
            id: format!("own-{n}"),
            own: true,
            title: or(&own.title, text::own_untitled()),
            goal: text::own_goal().into(),
            question: or(&own.question, text::question()),
            answer: own.answer,
            takeaway: own.takeaway.clone(),
            minutes: OWN_LESSON_MINUTES,
            link,
        }
    }
}

/// `open`: where the title leads, when not to the link printed (the agenda projected opens its
/// lessons in presenter mode; the code and the printed link stay the learners' full page).
/// `controls`: the lesson's say in the workshop's plan (`plan_toggle.rs`), on screen only.
#[component]
pub fn AgendaLesson(number: usize, entry: Entry, open: Option<String>, controls: Option<AnyView>) -> impl IntoView {
    let Entry { id, own, title, goal, question, answer, takeaway, minutes, link } = entry;
    let title_id = format!("kit-{id}");
    let labelled_by = title_id.clone();
    let (qr_link, title_href, href) = (link.clone(), open.unwrap_or_else(|| link.clone()), link.clone());
    view! {
        <li class="kit-lesson" class:kit-own=own data-testid="agenda-lesson" data-lesson=id aria-labelledby=labelled_by>
            <Qr link=qr_link class="kit-qr" testid="agenda-qr" />
            <div class="kit-ask">
                <h2 id=title_id>
                    <span class="kit-number">{number}"."</span>
                    <a class="kit-title" data-testid="agenda-title" href=title_href dir="auto">{title}</a>
                    <span class="kit-minutes" data-testid="agenda-minutes" data-minutes=minutes>{text::minutes(minutes)}</span>
                </h2>
                {controls}
                {own.then(|| view! { <p class="kit-own-mark" data-testid="agenda-own-mark">{text::own_mark()}</p> })}
                <p class="kit-goal">{goal}</p>
                <p class="kit-question" data-testid="agenda-question" dir="auto">{question}</p>
                <a class="kit-link" data-testid="agenda-link" href=href>{link}</a>
            </div>
            <div class="kit-fold" aria-hidden="true"><span>{text::fold_here()}</span></div>
            <div class="kit-answer" data-testid="agenda-answer" data-answer=answer.slug()>
                <p class="kit-layer">
                    <strong>{text::answer()}</strong>" "<LayerIcon layer=answer />{text::layer_name(answer)}
                </p>
                {(!takeaway.is_empty()).then(|| view! {
                    <p class="kit-takeaway" data-testid="agenda-takeaway" dir="auto">{takeaway}</p>
                })}
            </div>
        </li>
    }
}
