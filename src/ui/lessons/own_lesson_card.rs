//! A teacher's own lesson on screen (`expect=`, `title=`, `ask=`, `takeaway=` in the link): played
//! as a built-in lesson is, question first, and marked as the teacher's, so a learner knows these
//! words are not Rusty Lock's. The texts are the link's, shown as text (never as markup), each
//! in its own direction.

use crate::state::Playground;
use crate::text;
use crate::ui::lessons::question::Question;
use leptos::prelude::*;

#[component]
pub fn OwnLessonCard() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    // Drawn again only when the lesson itself changes, not each time a link sets it again.
    let lesson = Memo::new(move |_| pg.scenario.with(|s| s.own_lesson.clone()));
    move || {
        let own = lesson.get()?;
        // Its styles, if a link followed in the page brought it before the page linked them.
        crate::web::lesson_styles::link();
        let asked = move || pg.answer.get().is_none() && !pg.revealed.get();
        let title = if own.title.is_empty() { text::own_untitled().to_string() } else { own.title };
        let question = if own.question.is_empty() { text::question().to_string() } else { own.question };
        let (expected, takeaway) = (own.answer, own.takeaway);
        Some(view! {
            <section class="panel lesson lesson-own" data-testid="lesson-card" data-lesson="own" data-expect=expected.slug() aria-labelledby="lesson-title">
                <p class="lesson-step own-badge" data-testid="own-badge">{text::own_badge()}</p>
                <h2 id="lesson-title" dir="auto" data-testid="own-title">{title}</h2>
                <p class="lesson-goal own-note">{text::own_note()}</p>
                <Show when=asked>
                    <Question question=question.clone() />
                </Show>
                <Show when=move || !asked() && pg.finished()>
                    {
                        let takeaway = takeaway.clone();
                        move || {
                            let said = pg.answer.get();
                            let right = said == Some(expected);
                            let verdict = said.map(|_| if right { text::right() } else { text::not_quite() });
                            let takeaway = takeaway.clone();
                            view! {
                                <div class="explanation" class:right=right data-testid="lesson-explanation" data-correct=said.map(|_| right.to_string())>
                                    <p class="verdict-line">
                                        {verdict.map(|v| view! { <strong>{v}</strong>" " })}
                                        {text::own_answer_line(expected)}
                                    </p>
                                    {(!takeaway.is_empty()).then(|| view! {
                                        <p class="own-takeaway"><strong>{text::own_takeaway()}</strong>" "<span dir="auto" data-testid="own-takeaway">{takeaway}</span></p>
                                    })}
                                </div>
                            }
                        }
                    }
                </Show>
            </section>
        })
    }
}
