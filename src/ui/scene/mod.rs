//! The adventure scene: every step of the run, drawn. The hero is the loop, the oracle is the
//! model, the bundle on the hero's back is the history (sent again, whole, every turn), the door
//! and its lock are the room the tools act on, and the villain comes only when a failure
//! reaches layer 3. Below the drawing: one sentence for the step, the backoff countdown, the
//! turn budget and the history meter.
//!
//! The drawing is hand-made SVG. What it shows is chosen by data attributes on the stage, and
//! style/scene.css does the rest, so a step costs a few attribute writes.

mod meters;
pub mod outcome_banner;
mod stage;
pub mod stream_bubble;

use crate::hooks::playback_glue::{live_countdown, use_countdown};
use crate::state::Playground;
use crate::text;
use crate::ui::layer_icon::LayerIcon;
use crate::ui::lazy::{later_task, Stage};
use leptos::prelude::*;
use meters::{TokenMeter, TurnBudget};
use rusty_lock_engine::run::events::{Ending, Event, Layer, Outcome};
use rusty_lock_engine::show::scene::{beat_of, hero_spot};
use rusty_lock_engine::show::view::RunView;
use stage::Stage;

/// What one scene draws: a run's view and its step on screen.
#[derive(Clone, Copy)]
pub struct SceneSource {
    pub view: Signal<RunView>,
    pub event: Signal<Option<Event>>,
    pub index: Signal<Option<usize>>,
}

#[component]
pub fn Scene(
    source: SceneSource,
    title: Signal<&'static str>,
    /// Test hooks are prefixed (`naive-door`) on the second scene of compare mode.
    #[prop(default = "")]
    hooks: &'static str,
    /// A badge beside the title (compare mode's outcome of each school).
    #[prop(optional, into)]
    badge: Option<ViewFn>,
) -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let SceneSource { view, event, index } = source;
    let room = Memo::new(move |_| view.with(|v| v.room));
    let beat = Memo::new(move |_| event.with(|e| beat_of(e.as_ref())));
    let spot = Memo::new(move |_| event.with(|e| hero_spot(e.as_ref(), room.get())));
    let turn =
        Memo::new(move |_| view.with(|v| (v.turn, v.max_turns.max(pg.scenario.with(|s| s.config.guards.max_turns)))));
    let carried = Memo::new(move |_| view.with(|v| v.history_len));
    let villain = Memo::new(move |_| view.with(|v| v.villain));
    let leaked = Memo::new(move |_| view.with(|v| !v.secrets.is_empty()));
    // Your code's wait before a retry; or, after a press (the main scene), a call with no answer
    // while the watchdog runs, as attempt 0: how long it has waited, and the watchdog's limit.
    let waiting = Memo::new(move |_| {
        view.with(|v| v.waiting)
            .or_else(|| hooks.is_empty().then(|| live_countdown(pg)).flatten().map(|c| (0, 0, c.span)))
    });
    let wait_key = Memo::new(move |_| waiting.get().and_then(|(_, _, ms)| index.get().map(|i| (i, ms))));
    let left = use_countdown(pg, wait_key);
    // An answer with the door still shut is a loop fooled by a reply (it trusted finish_reason):
    // the caption says so rather than "the task is done".
    let caption = Memo::new(move |_| {
        event.with(|e| match e {
            Some(Event::Finished { outcome: Outcome::Answered { .. }, .. }) if !room.get().door_open => {
                Some(text::answered_door_shut().to_string())
            }
            other => other.as_ref().map(text::scene_caption),
        })
    });
    let door = move || text::door_state(room.get().door_open);
    let lock = move || text::lock_state(room.get().lock_oiled);
    let id = format!("{hooks}scene-title");
    let labelled_by = id.clone();
    view! {
        <section class="panel scene-panel" aria-labelledby=labelled_by data-testid=format!("{hooks}scene")>
            <div class="scene-head">
                <h2 id=id>{move || title.get()}</h2>
                {badge.map(|b| b.run())}
            </div>
            <div class="stage-box">
            // The stage is built a task after the rest of the first screen (its two hundred SVG
            // nodes were a third of the task that built it, a long task at load); its place is
            // held by a box of the same size (style/scene.css), so nothing moves when it comes.
            <div class="stage-hold" aria-hidden="true"></div>
            {later_task(Stage::Drawing, Box::new(move || view! {
                <Stage
                    beat=beat
                    spot=spot
                    room=room
                    carried=carried
                    villain=villain
                    leaked=leaked
                    countdown=Signal::derive(move || waiting.get().filter(|w| w.0 > 0).map(|(a, m, _)| (a, m, left.get().unwrap_or(0))))
                    hooks=hooks
                    label=Signal::derive(move || { let r = room.get(); text::scene_label(r.door_open, r.lock_oiled) })
                />
            }.into_any()))}
            // Who acts on this step, stamped on the scene the moment it acts.
            {move || beat.with(|b| b.layer).map(|l| view! {
                <p class=format!("layer-stamp stamp-{}", l.slug()) data-testid=format!("{hooks}layer-stamp") data-layer=l.slug()>
                    <span class="stamp-by">{text::handled_by()}</span>
                    <span class="stamp-layer"><LayerIcon layer=l />{text::layer_name(l)}</span>
                </p>
            })}
            </div>
            // One line for the step; during a backoff, the countdown takes its place.
            <div class="caption-slot">
                <p
                    class="caption"
                    class:is-hidden=move || waiting.get().is_some()
                    data-testid=format!("{hooks}scene-caption")
                    data-layer=move || beat.with(|b| b.layer.map(|l| l.slug()))
                >
                    {move || beat.with(|b| b.layer).map(|l| view! { <LayerIcon layer=l /> })}
                    <span>{move || caption.get().unwrap_or_else(|| text::scene_idle().to_string())}</span>
                </p>
                {move || waiting.get().map(|(attempt, max, span)| view! {
                    <p class="waiting" class:paused=move || !crate::actions::step::is_playing(pg) data-testid=format!("{hooks}waiting")>
                        // Your code waits: its mark, as the caption and the stamp show it.
                        <LayerIcon layer=Layer::Code />
                        <span class="spinner" aria-hidden="true"></span>
                        {move || match left.get().unwrap_or(0) {
                            left if attempt == 0 => text::silent_call(span - left.min(span), pg.scenario.with(|s| s.config.guards.watchdog_ms)),
                            left => text::waiting(left, attempt, max),
                        }}
                    </p>
                })}
            </div>
            <div class="meters">
                <TurnBudget turn=turn hooks=hooks />
                <TokenMeter view=view hooks=hooks />
            </div>
            <p class="facts">
                <span><strong>{text::door()}</strong>" "<span class="fact">{door}</span></span>
                <span><strong>{text::lock()}</strong>" "<span class="fact">{lock}</span></span>
                <span data-testid=format!("{hooks}turn")><strong>{text::turn()}" "</strong>{move || { let (t, m) = turn.get(); text::turn_of_max(t, m) }}</span>
            </p>
        </section>
    }
}

/// The main scene: the run on screen, following playback and time travel.
#[component]
pub fn MainScene() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<crate::state::shown::Shown>();
    let source = SceneSource { view: shown.view.into(), event: shown.event.into(), index: shown.index.into() };
    let comparing = move || pg.playback.compare.get();
    let title = Signal::derive(move || if comparing() { text::scene_robust() } else { text::scene() });
    let badge = ViewFn::from(move || {
        move || {
            comparing().then(|| {
                let outcome = shown.view.with(|v| v.outcome.as_ref().map(Outcome::ending));
                school_badge("robust", outcome, false)
            })
        }
    });
    view! { <Scene source=source title=title badge=badge /> }
}

/// The outcome of one school in compare mode: how it ended, or, before its end, whether it is
/// stuck (the naive loop hangs on a call that never answers) or still going.
pub fn school_badge(school: &'static str, outcome: Option<Ending>, stuck: bool) -> impl IntoView {
    let stuck = outcome.is_none() && stuck;
    let (slug, label) = match (outcome, stuck) {
        (Some(k), _) => (k.slug(), text::ending_title(k)),
        (None, true) => ("stuck", text::stuck()),
        (None, false) => ("running", text::still_going()),
    };
    view! {
        <span
            class=format!("school-outcome school-{slug}")
            data-testid="school-outcome"
            data-school=school
            data-result=slug
            title=stuck.then_some(text::stuck_detail())
        >
            {label}
        </span>
    }
}
