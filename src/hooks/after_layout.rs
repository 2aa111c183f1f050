//! Measuring the page once it is laid out, for the panels that keep a line in view (the log
//! follows its newest line, the code panel its lit one).

use crate::state::{speed_factor, Playground};
use leptos::prelude::*;

/// Runs `measure` at the next frame, once the browser has laid out the changes, whenever the
/// signals `wanted` reads change and it returns true: at most once per frame however many
/// changes came (measuring earlier would force a layout in the middle of a step's updates), and
/// not while a run plays at instant speed, where each measure made the browser lay out the page
/// the run keeps growing, for a scroll nobody could follow; it runs again once that run is over.
/// The frame may come after the panel is gone (a language switch draws it anew), so `measure`
/// reads what it needs with `try_`.
pub fn use_measure_after_layout(
    pg: Playground,
    wanted: impl Fn() -> bool + 'static,
    measure: impl Fn() + Clone + 'static,
) {
    // Whether a frame is already asked for.
    let asked = StoredValue::new(false);
    Effect::new(move |_| {
        if !wanted() || (pg.running.get() && speed_factor(pg.speed.get()) == 0.0) || asked.get_value() {
            return;
        }
        asked.set_value(true);
        let measure = measure.clone();
        request_animation_frame(move || {
            asked.try_set_value(false);
            measure();
        });
    });
}
