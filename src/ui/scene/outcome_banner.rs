//! How the run ended, in words a room can read from the back. Every state has the same shape, a
//! title over a line or two, in a box of one height (style/main.css), so starting and ending a run
//! moves nothing below it: a Pause aimed at just after Run lands on Pause.

use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::ui::lessons::start_here::StartHere;
use leptos::prelude::*;
use rusty_lock_engine::show::scenario::Mode;
use rusty_lock_engine::show::view::RunRecord;

#[component]
pub fn OutcomeBanner() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<Shown>();
    let outcome = Memo::new(move |_| shown.view.with(|v| v.outcome.clone()));
    let looking_back = move || pg.playback.cursor.get().is_some();
    view! {
        <div class="outcome-slot" aria-live="polite">
            {move || match outcome.get() {
                Some(o) => view! {
                    <div class=format!("outcome outcome-{}", o.slug()) data-testid="outcome" data-outcome=o.slug()>
                        <strong>{text::outcome_title(&o)}</strong>
                        <span title=text::outcome_detail(&o)>{text::outcome_detail(&o)}</span>
                    </div>
                }.into_any(),
                None if looking_back() => view! {
                    <div class="outcome outcome-running"><strong>{text::looking_back()}</strong>
                        <span>{move || text::step_of(shown.index.get().unwrap_or(0) + 1, pg.run.with(RunRecord::len))}</span>
                    </div>
                }.into_any(),
                None if pg.running.get() && pg.replayed.with(Option::is_some) => view! {
                    <div class="outcome outcome-running"><strong>{text::replaying()}</strong><span>{text::replaying_hint()}</span></div>
                }.into_any(),
                None if pg.running.get() => view! {
                    <div class="outcome outcome-running"><strong>{text::running()}</strong><span>{text::running_hint()}</span></div>
                }.into_any(),
                // Ready: for a newcomer with no lesson open, also the way in (in this box of one
                // height, so it goes without moving anything when a run starts).
                None => view! {
                    <div class="outcome outcome-idle"><strong>{text::ready()}</strong><span>{text::log_empty()}
                        <Show when=move || !pg.in_lesson() && pg.mode() == Mode::Full><StartHere /></Show>
                    </span></div>
                }.into_any(),
            }}
        </div>
    }
}
