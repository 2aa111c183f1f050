//! Presenter keys, so a teacher never has to aim the mouse in front of a room. A slide clicker
//! sends PageDown and PageUp (and "." for its blank-screen button):
//! - wherever a lesson asks its question, 1, 2 and 3 answer it and S (or ".") shows the answer
//!   without judging a guess;
//! - when each step waits for the presenter (narrate pace, presenter mode's default), PageDown
//!   (and the presenter view's Next) shows the next beat (a turn that goes well in one press, a
//!   failure and its handling a press each: `show::beats`), PageUp the beat before; → and Space
//!   show one step, ← goes back one; F jumps to the next failure, End to the outcome; and T
//!   switches to timed playback and back;
//! - in presenter mode, PageDown and PageUp move to the next and previous lesson once the run has
//!   nothing more to show that way (N and P always do).

use crate::actions::run::answer_lesson;
use crate::actions::step::{narrate_back, narrate_next, toggle_pace, Narrated};
use crate::state::Playground;
use crate::web::address::Address;
use crate::web::events::key_press;
use leptos::ev::keydown;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::show::beats::Press;
use rusty_lock_engine::show::lessons::{LessonId, CLOSING_VIEW};
use rusty_lock_engine::show::scenario::{Mode, Watching};

/// The link of the lesson `step` places away from the current one, watched as now (`watching`:
/// the mode, the speed and the pace): a teacher who slowed the room down to 0.5×, or chose timed
/// playback, keeps it for the next lesson, and presenter mode stays presenter mode.
/// The lessons come in the order of the workshop's plan (`watching.plan`).
pub fn neighbour_link(current: Option<LessonId>, step: isize, watching: Watching) -> Option<String> {
    watching.plan.neighbour(current, step).map(|lesson| watching.lesson_link(lesson))
}

/// The workshop's closing screen, for a room watching this way: after the plan's last lesson.
pub fn closing_link(watching: Watching) -> String {
    let lang = match crate::text::lang() {
        crate::text::Lang::En => String::new(),
        other => format!("&lang={}", other.code()),
    };
    format!("?{CLOSING_VIEW}{}{lang}", watching.tail())
}

/// What a key asks of a narrated run.
fn narrate_key(key: &str, target_tag: &str) -> Option<isize> {
    match key {
        "PageDown" | "ArrowRight" => Some(1),
        // Space on a focused button presses that button.
        " " if !matches!(target_tag, "BUTTON" | "A" | "SUMMARY") => Some(1),
        "PageUp" | "ArrowLeft" => Some(-1),
        _ => None,
    }
}

/// Whether the open lesson is asking its question (nothing run or answered yet).
pub fn asking(pg: Playground) -> bool {
    untrack(|| pg.in_lesson())
        && pg.answer.get_untracked().is_none()
        && !pg.revealed.get_untracked()
        && !pg.running.get_untracked()
}

/// The presenter's next (`step` 1) or back (-1), from the clicker or the presenter view: a
/// narrated run's next or previous step, and past either end, in presenter mode, the next or
/// previous lesson. Says whether it did anything.
pub fn presenter_move(pg: Playground, address: Address, step: isize) -> bool {
    if pg.narrating() {
        let moved = if step > 0 { narrate_next(pg, Press::Beat) } else { narrate_back(pg, Press::Beat) };
        if moved == Narrated::Moved {
            return true;
        }
    }
    lesson_move(pg, address, step)
}

/// The next or previous lesson, in presenter mode only.
pub fn lesson_move(pg: Playground, address: Address, step: isize) -> bool {
    if pg.scenario.with_untracked(|s| s.mode) != Mode::Present {
        return false;
    }
    let (current, watching) = pg.scenario.with_untracked(|s| (s.lesson, Watching::of(s)));
    match neighbour_link(current, step, watching) {
        Some(link) => {
            address.push(&link);
            true
        }
        // Past the plan's last lesson, the workshop's end.
        None if step > 0 && current.is_some_and(|id| watching.plan.is_last(id)) => {
            address.push(&closing_link(watching));
            true
        }
        None => false,
    }
}

/// Answers the question if one is asked (`None`: show without judging). Says whether it did.
pub fn presenter_answer(pg: Playground, guess: Option<Layer>) -> bool {
    let open = asking(pg);
    if open {
        answer_lesson(pg, guess);
    }
    open
}

pub fn use_presenter_keys(pg: Playground, address: Address) {
    let handle = window_event_listener(keydown, move |ev| {
        // Typing in a field is not a command, and an event without a key name is not a key.
        let Some(press) = key_press(&ev) else { return };
        if press.typing || press.with_modifier {
            return;
        }
        let key = press.key;
        let guess = match key.as_str() {
            "1" => Some(Some(Layer::Model)),
            "2" => Some(Some(Layer::Code)),
            "3" => Some(Some(Layer::Nobody)),
            "s" | "S" | "." => Some(None),
            _ => None,
        };
        if guess.is_some_and(|guess| presenter_answer(pg, guess)) {
            ev.prevent_default();
            return;
        }
        if matches!(key.as_str(), "t" | "T") {
            ev.prevent_default();
            toggle_pace(pg);
            return;
        }
        let done = match narrate_key(&key, &press.target_tag) {
            // The clicker's keys go past a narrated run's ends to the lessons; the arrows and
            // Space stay with the run.
            Some(step) if key.starts_with("Page") => presenter_move(pg, address, step),
            Some(step) if pg.narrating() => {
                if step > 0 {
                    narrate_next(pg, Press::Step);
                } else {
                    narrate_back(pg, Press::Step);
                }
                true
            }
            _ => match key.as_str() {
                // The jump to the next failure, and End to the outcome, while a run is narrated.
                "f" | "F" if pg.narrating() => narrate_next(pg, Press::ToFailure) == Narrated::Moved,
                "End" if pg.narrating() && pg.running.get_untracked() => {
                    narrate_next(pg, Press::ToEnd) == Narrated::Moved
                }
                "n" | "N" => lesson_move(pg, address, 1),
                "p" | "P" => lesson_move(pg, address, -1),
                _ => false,
            },
        };
        if done {
            ev.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
}
