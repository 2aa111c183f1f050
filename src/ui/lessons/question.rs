//! A lesson's question and its answers, for a built-in lesson and a teacher's alike.

use crate::state::Playground;
use crate::text;
use crate::ui::layer_icon::LayerIcon;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Layer;

/// The question and its answers (1, 2, 3 and Show me), with the keys that answer them. The
/// question may be a teacher's: it is text, and its direction follows its own letters.
#[component]
pub fn Question(question: String) -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let answer = move |guess: Option<Layer>| move |_| crate::actions::run::answer_lesson(pg, guess);
    view! {
        <div class="question" data-testid="lesson-question">
            <p dir="auto"><strong data-testid="question-text">{question}</strong></p>
            <div class="answers">
                {[Layer::Model, Layer::Code, Layer::Nobody].into_iter().map(|layer| view! {
                    <button class=format!("answer answer-{}", layer.slug()) data-testid=format!("answer-{}", layer.slug()) on:click=answer(Some(layer))>
                        <LayerIcon layer=layer />{text::layer_name(layer)}
                    </button>
                }).collect_view()}
                <button class="answer answer-show" data-testid="show-me" on:click=answer(None)>{text::show_me()}</button>
            </div>
            <p class="answer-keys">{move || if pg.pace() == rusty_lock_engine::show::scenario::Pace::Narrate { text::answer_keys_narrate() } else { text::answer_keys() }}</p>
        </div>
    }
}
