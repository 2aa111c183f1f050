//! A lesson on screen: its goal, the question the viewer answers before the run plays, and
//! after the run, whether they were right and why.

use crate::hooks::keys::{closing_link, neighbour_link};
use crate::state::Playground;
use crate::text;
use crate::ui::lessons::own_lesson_card::OwnLessonCard;
use crate::ui::lessons::question::Question;
use leptos::prelude::*;
use rusty_lock_engine::show::lessons::{find, HERD_LESSON, LESSONS, PRESENTER_VIEW};
use rusty_lock_engine::show::scenario::{encode, lesson_changes, Mode, Watching};

/// The lesson on screen: a teacher's own, or a built-in one.
#[component]
pub fn LessonCard() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let own = Memo::new(move |_| pg.scenario.with(|s| s.own_lesson.is_some()));
    move || {
        if own.get() {
            view! { <OwnLessonCard /> }.into_any()
        } else {
            view! { <BuiltinLessonCard /> }.into_any()
        }
    }
}

#[component]
fn BuiltinLessonCard() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let lesson = Memo::new(move |_| pg.lesson().and_then(find).map(|(i, _)| i));
    move || {
        let index = lesson.get()?;
        // Its styles, if a link followed in the page brought it before the page linked them.
        crate::web::lesson_styles::link();
        let l = &LESSONS[index];
        let words = text::lesson_text(l.id);
        let asked = move || pg.answer.get().is_none() && !pg.revealed.get();
        let presenting = pg.scenario.with_untracked(|s| s.mode) == Mode::Present;
        let current = pg.scenario.with_untracked(|s| s.lesson);
        // Whether there is a lesson before and after, and the links to them in the mode, at the
        // speed and the pace chosen.
        let plan = pg.scenario.with_untracked(|s| s.plan);
        let (has_prev, has_next) = (
            neighbour_link(current, -1, Watching { plan, ..Watching::default() }).is_some(),
            neighbour_link(current, 1, Watching { plan, ..Watching::default() }).is_some(),
        );
        // After the plan's last lesson, presenting, the way on is the workshop's end.
        let at_end = presenting && !has_next && plan.is_last(l.id);
        // Its place in the plan, or in the library when the plan leaves it out.
        // A plan of fewer lessons that leaves this one out says so rather than "16 of 16".
        let step = match plan.position(l.id) {
            Some(at) => text::lesson_step(at + 1, plan.lesson_count()),
            None if plan.lesson_count() < LESSONS.len() => text::not_in_plan().to_string(),
            None => text::lesson_step(index + 1, LESSONS.len()),
        };
        let link = move |step: isize| move || neighbour_link(current, step, pg.watching()).unwrap_or_default();
        let presenter_link = move || {
            let lang = pg.scenario.with(|s| s.lang.map(|l| format!("&lang={}", l.code())).unwrap_or_default());
            format!("?{PRESENTER_VIEW}{lang}")
        };
        Some(view! {
            <section class="panel lesson" data-testid="lesson-card" data-lesson=l.id.slug() aria-labelledby="lesson-title">
                <p class="lesson-step" data-testid="lesson-step">{step}</p>
                <h2 id="lesson-title">{words.title}</h2>
                <p class="lesson-goal">{words.goal}</p>
                {move || {
                    let changed = lesson_changes(&pg.scenario.get());
                    (!changed.is_empty()).then(|| view! {
                        <p class="lesson-changes" data-testid="lesson-changes" data-keys={changed.iter().map(|s| s.slug()).collect::<Vec<_>>().join(",")}>{text::lesson_changes(&changed)}</p>
                    })
                }}
                <Show when=asked>
                    <Question question=text::question().to_string() />
                </Show>
                <Show when=move || !asked() && pg.finished()>
                    {move || {
                        let said = pg.answer.get();
                        let right = said == Some(l.answer);
                        let line = match said {
                            Some(said) => view! {
                                <strong>{if right { text::right() } else { text::not_quite() }}</strong>
                                " "{text::answer_line(said, l.answer)}
                            }.into_any(),
                            None => view! { <strong>{text::reveal_line(l.answer)}</strong> }.into_any(),
                        };
                        // "Show me" judges nobody: the answer is drawn in its own layer's colours.
                        let class = match said {
                            Some(_) => "explanation".to_string(),
                            None => format!("explanation reveal-{}", l.answer.slug()),
                        };
                        // The herd link sits under the explanation, not in it: a long explanation
                        // scrolls in its own box when projected, and the link must stay in sight.
                        view! {
                            <div class=class class:right=right data-testid="lesson-explanation" data-correct=said.map(|_| right.to_string())>
                                <p class="verdict-line">{line}</p>
                                <p>{words.explanation}</p>
                            </div>
                            {(l.id == HERD_LESSON.0).then(|| view! {
                                <p class="herd-next"><a class="herd-link" data-testid="open-herd" href=format!("?{}&{}", encode(&pg.scenario.get_untracked()), HERD_LESSON.1)>{text::herd_link()}</a></p>
                            })}
                        }
                    }}
                </Show>
                {(presenting || has_prev || has_next).then(|| view! {
                    <nav class="lesson-nav">
                        {has_prev.then(|| view! { <a href=link(-1) data-testid="lesson-prev">{text::prev_lesson()}</a> })}
                        {has_next.then(|| view! { <a href=link(1) data-testid="lesson-next">{text::next_lesson()}</a> })}
                        {at_end.then(|| view! { <a href=move || closing_link(pg.watching()) data-testid="lesson-end">{text::end_workshop()}</a> })}
                        // The teacher's own screen: a window of its own that follows this one.
                        {presenting.then(|| view! {
                            <a class="presenter-link" href=presenter_link() target="rusty-lock-presenter" data-testid="open-presenter">{text::presenter().open_link}</a>
                        })}
                    </nav>
                })}
            </section>
        })
    }
}
