//! The player under the scene: first, back, play/pause, forward, newest; a timeline over the
//! run's steps; the two-schools switch; and a polite live region that tells screen readers what
//! happens.

use crate::actions::step::{self as playback, is_playing};
use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::show::view::RunRecord;

#[component]
fn Icon(path: &'static str) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d=path fill="currentColor" />
        </svg>
    }
}

const FIRST: &str = "M5 5h3v14H5z M20 5v14L9 12z";
const BACK: &str = "M6 5h3v14H6z M19 5v14l-9-7z";
const PLAY: &str = "M7 4v16l13-8z";
const PAUSE: &str = "M6 4h4v16H6z M14 4h4v16h-4z";
const FORWARD: &str = "M15 5h3v14h-3z M5 5v14l9-7z";
const LAST: &str = "M16 5h3v14h-3z M4 5v14l11-7z";
const REPLAY: &str = "M12 5a7 7 0 1 1-7 7h3a4 4 0 1 0 4-4v3L7 6.5 12 2z";

#[component]
pub fn PlaybackBar() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<Shown>();
    let pb = pg.playback;
    let total = Memo::new(move |_| pg.run.with(RunRecord::len));
    let at = Memo::new(move |_| shown.index.get().unwrap_or(0));
    let playing = Memo::new(move |_| is_playing(pg));
    let at_end = move || pb.cursor.get().is_none() && !pg.running.get() && total.get() > 0;
    let play_label = move || {
        if playing.get() {
            text::pause()
        } else if at_end() {
            text::replay()
        } else {
            text::play()
        }
    };
    let empty = move || total.get() == 0;
    let announce = Memo::new(move |_| shown.event.with(|e| e.as_ref().and_then(text::announce)));
    let diverge_left = move || {
        let (d, n) = (pb.diverge_at.get()?, total.get());
        (n > 1 && d < n).then(|| {
            // Hundredths of a percent, in integers (no float printer in the first download).
            let bp = d * 10_000 / (n - 1);
            format!("left: {}.{:02}%", bp / 100, bp % 100)
        })
    };
    view! {
        // The skip link's target (`id="player"`): focusable from script only.
        <div class="panel playback" data-testid="playback" id="player" role="group" aria-label=text::player() tabindex="-1">
            <div class="transport">
                <button class="tbtn" data-testid="first" title=text::first_step() aria-label=text::first_step() disabled=empty on:click=move |_| playback::first(pg)>
                    <Icon path=FIRST />
                </button>
                <button class="tbtn" data-testid="step-back" title=text::step_back() aria-label=text::step_back() disabled=empty on:click=move |_| playback::step_back(pg)>
                    <Icon path=BACK />
                </button>
                <button
                    class="tbtn tbtn-play"
                    data-testid="play"
                    data-playing=move || playing.get().to_string()
                    title=play_label
                    aria-label=play_label
                    disabled=empty
                    on:click=move |_| playback::toggle(pg)
                >
                    {move || if playing.get() { view! { <Icon path=PAUSE /> } } else if at_end() { view! { <Icon path=REPLAY /> } } else { view! { <Icon path=PLAY /> } }}
                    <span class="tbtn-text">{play_label}</span>
                </button>
                <button class="tbtn" data-testid="step-forward" title=text::step_forward() aria-label=text::step_forward() disabled=empty on:click=move |_| playback::step_forward(pg)>
                    <Icon path=FORWARD />
                </button>
                <button class="tbtn" data-testid="last" title=text::last_step() aria-label=text::last_step() disabled=empty on:click=move |_| playback::last(pg)>
                    <Icon path=LAST />
                </button>
            </div>
            <div class="timeline">
                <div class="track">
                <input
                    type="range"
                    data-testid="timeline"
                    min="0"
                    step="1"
                    max=move || total.get().saturating_sub(1).to_string()
                    prop:value=move || at.get().to_string()
                    aria-label=text::timeline()
                    aria-valuetext=move || text::step_of(at.get() + 1, total.get())
                    disabled=empty
                    on:input=move |ev| {
                        if let Some(Ok(i)) = crate::web::events::target_value(&ev).map(|v| v.parse::<usize>()) {
                            playback::scrub(pg, i);
                        }
                    }
                />
                {move || diverge_left().map(|left| view! { <span class="diverge-tick" style=left data-testid="diverge-tick" aria-hidden="true"></span> })}
                </div>
                <span class="step-count" data-testid="step" class:looking-back=move || pb.cursor.get().is_some()>
                    {move || if total.get() == 0 { String::new() } else { text::step_of(at.get() + 1, total.get()) }}
                </span>
            </div>
            <button
                class="btn-small compare-toggle"
                data-testid="compare"
                aria-pressed=move || pb.compare.get().to_string()
                on:click=move |_| pb.compare.update(|c| *c = !*c)
            >
                <span class="switch" aria-hidden="true"></span>
                <span class="compare-long">{text::compare()}</span>
                <span class="compare-short">{text::compare_short()}</span>
            </button>
            <label class="pause-at-failure">
                <input type="checkbox" data-testid="pause-at-failure" prop:checked=move || pb.pause_at_failure.get() on:change=move |ev| if let Some(on) = crate::web::events::target_checked(&ev) { pb.pause_at_failure.set(on) } />
                {text::pause_at_failure()}
            </label>
            <p class="keys-hint" data-testid="keys-hint">{move || if pg.pace() == rusty_lock_engine::show::scenario::Pace::Narrate { text::keys_hint_narrate() } else { text::keys_hint() }}</p>
            <div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer">
                {move || announce.get().unwrap_or_default()}
            </div>
        </div>
    }
}
