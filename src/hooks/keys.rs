//! Presenter keys, so a teacher never has to aim the mouse in front of a room: next and previous
//! lesson from the keyboard or a slide clicker (which sends PageDown and PageUp, in presenter
//! mode), and, wherever a lesson asks its question, 1, 2 and 3 to answer it and S (or the
//! clicker's "." key) to show the answer without judging a guess.

use crate::actions::run::answer_lesson;
use crate::state::Playground;
use crate::web::address::Address;
use crate::web::events::key_press;
use leptos::ev::keydown;
use leptos::prelude::*;
use rusty_lock_engine::lessons::{find, lesson_query, LESSONS};
use rusty_lock_engine::scenario::{Mode, DEFAULT_SPEED, SPEEDS};
use rusty_lock_engine::Layer;

/// The link of the lesson `step` places away from the current one, kept in presenter mode and
/// at the speed chosen (`speed`, an index of `SPEEDS`): a teacher who slowed the room down to 0.5×
/// keeps it for the next lesson.
pub fn neighbour_link(current: Option<&str>, step: isize, speed: usize) -> Option<String> {
    let index = current.and_then(find).map(|(i, _)| i as isize).unwrap_or(-1);
    let next = index + step;
    let speed = match SPEEDS.get(speed) {
        Some(label) if speed != DEFAULT_SPEED => format!("&speed={label}"),
        _ => String::new(),
    };
    (0..LESSONS.len() as isize)
        .contains(&next)
        .then(|| format!("?{}&mode=present{speed}", lesson_query(&LESSONS[next as usize])))
}

pub fn use_presenter_keys(pg: Playground, address: Address) {
    let handle = window_event_listener(keydown, move |ev| {
        // Typing in a field is not a command, and an event without a key name is not a key.
        let Some(press) = key_press(&ev) else { return };
        if press.typing || press.with_modifier {
            return;
        }
        let key = press.key;
        let asking = pg.lesson.with_untracked(Option::is_some)
            && pg.answer.get_untracked().is_none()
            && !pg.revealed.get_untracked()
            && !pg.running.get_untracked();
        let guess = match key.as_str() {
            "1" => Some(Some(Layer::Model)),
            "2" => Some(Some(Layer::Code)),
            "3" => Some(Some(Layer::Nobody)),
            "s" | "S" | "." => Some(None),
            _ => None,
        };
        if let (true, Some(guess)) = (asking, guess) {
            ev.prevent_default();
            answer_lesson(pg, guess);
            return;
        }
        if pg.mode.get_untracked() != Mode::Present {
            return;
        }
        let step = match key.as_str() {
            "PageDown" | "n" | "N" => 1,
            "PageUp" | "p" | "P" => -1,
            _ => return,
        };
        if let Some(link) = neighbour_link(pg.lesson.get_untracked().as_deref(), step, pg.speed_index.get_untracked()) {
            ev.prevent_default();
            address.push(&link);
        }
    });
    on_cleanup(move || handle.remove());
}
