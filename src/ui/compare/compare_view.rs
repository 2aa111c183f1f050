//! The two schools side by side: the naive loop's scene above the robust one, in step, and the
//! step where they part ways marked.

use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::ui::scene::{school_badge, Scene, SceneSource};
use leptos::prelude::*;
use rusty_lock_engine::run::events::{Ending, Event, Outcome};
use rusty_lock_engine::show::scenario::ProviderChoice;
use rusty_lock_engine::show::view::turn_of;

#[component]
pub fn CompareView() -> impl IntoView {
    // Its styles are in lessons.css, not the first load's sheet.
    crate::web::lesson_styles::link();
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<Shown>();
    let pb = pg.playback;
    let source =
        SceneSource { view: shown.naive_view.into(), event: shown.naive_event.into(), index: shown.naive_index.into() };
    let badge = ViewFn::from(move || {
        move || {
            // Once nobody caught a failure the naive run is lost, though its end is the next event.
            let outcome = shown
                .naive_view
                .with(|v| v.outcome.as_ref().map(Outcome::ending).or(v.villain.then_some(Ending::Failed)));
            let ended = pb.naive.with(|e| e.last().is_some_and(|l| matches!(l, Event::Finished { .. })));
            let n = pb.naive.with(Vec::len);
            let stuck = !ended && n > 0 && shown.index.get().is_some_and(|i| i + 1 >= n);
            (n > 0).then(|| school_badge("naive", outcome, stuck))
        }
    });
    // Where they part ways, once playback has reached it.
    let parted = Memo::new(move |_| {
        let d = pb.diverge_at.get()?;
        let at = shown.index.get()?;
        (at >= d).then(|| (d, at == d, pg.run.with(|rec| rec.events().get(d).and_then(turn_of))))
    });
    let builtin = move || pg.scenario.with(|s| s.provider == ProviderChoice::Builtin);
    view! {
        <Show when=move || pb.compare.get()>
            <section class="panel compare-intro" data-testid="compare-view">
                <h2>{text::compare()}</h2>
                <p>{text::compare_hint()}</p>
                <Show when=move || !builtin()>
                    <p class="hint">{text::compare_builtin_only()}</p>
                </Show>
            </section>
            <Scene source=source title=Signal::stored(text::scene_naive()) hooks="naive-" badge=badge.clone() />
            {move || parted.get().map(|(d, now, turn)| view! {
                <p class="divergence" class:now=now data-testid="divergence" data-step=d>
                    <span class="divergence-mark" aria-hidden="true"></span>
                    {text::diverge_line(d + 1, turn)}
                </p>
            })}
        </Show>
    }
}
