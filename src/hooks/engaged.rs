//! When the panels below the fold may load. They wait in a lazy part of their own, fetched on the
//! first sign that someone is using the page: a key, a tap, a wheel or a scroll, a resize, a run
//! starting (a replayed link or trace starts one by itself), or one of their places already on
//! screen when the page opens (a tall screen). An embedded page is small by design (the scene,
//! playback and the board), so it has everything at once. A page opened and left alone downloads
//! only what its first screen shows; anyone who moves towards the rest has it on the way at once.

use crate::state::Playground;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::scenario::Mode;

/// The signs of use that start the fetch.
const SIGNS: [&str; 6] = ["keydown", "pointerdown", "wheel", "touchstart", "scroll", "resize"];

fn engage(pg: Playground) {
    if !pg.engaged.get_untracked() {
        pg.engaged.set(true);
    }
}

/// Sets `pg.engaged` on the first sign of use, then stops listening.
pub fn use_engagement(pg: Playground) {
    let handles: Vec<WindowListenerHandle> =
        SIGNS.iter().map(|sign| window_event_listener_untyped(sign, move |_| engage(pg))).collect();
    let handles = StoredValue::new_local(handles);
    Effect::new(move |_| {
        if pg.running.get() || pg.mode.get() == Mode::Embed {
            engage(pg);
        }
    });
    Effect::new(move |_| {
        if pg.engaged.get() {
            handles.update_value(|h| h.drain(..).for_each(WindowListenerHandle::remove));
        }
    });
}

/// Engages if `place` (where a panel below the fold goes) is on screen once the page is laid out.
pub fn engage_if_on_screen(pg: Playground, place: NodeRef<leptos::html::Div>) {
    spawn_local(async move {
        // A task later, the page is mounted and the place has its real position.
        gloo_timers::future::TimeoutFuture::new(0).await;
        let Some(el) = place.get_untracked() else { return };
        let height = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        if el.get_bounding_client_rect().top() < height {
            engage(pg);
        }
    });
}
