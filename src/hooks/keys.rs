//! Presenter keys: next and previous lesson from the keyboard or a slide clicker (which sends
//! PageDown and PageUp), so a teacher never has to aim the mouse in front of a room.

use crate::state::Playground;
use crate::web::address::Address;
use leptos::ev::keydown;
use leptos::prelude::*;
use rusty_lock_engine::lessons::{find, lesson_query, LESSONS};
use rusty_lock_engine::scenario::Mode;
use wasm_bindgen::JsCast;

/// The link of the lesson `step` places away from the current one, kept in presenter mode.
pub fn neighbour_link(current: Option<&str>, step: isize) -> Option<String> {
    let index = current.and_then(find).map(|(i, _)| i as isize).unwrap_or(-1);
    let next = index + step;
    (0..LESSONS.len() as isize)
        .contains(&next)
        .then(|| format!("?{}&mode=present", lesson_query(&LESSONS[next as usize])))
}

pub fn use_presenter_keys(pg: Playground, address: Address) {
    let handle = window_event_listener(keydown, move |ev| {
        if pg.mode.get_untracked() != Mode::Present {
            return;
        }
        // Typing in a field is not a command.
        let in_field = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        if in_field || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let step = match ev.key().as_str() {
            "PageDown" | "n" | "N" => 1,
            "PageUp" | "p" | "P" => -1,
            _ => return,
        };
        if let Some(link) = neighbour_link(pg.lesson.get_untracked().as_deref(), step) {
            ev.prevent_default();
            address.push(&link);
        }
    });
    on_cleanup(move || handle.remove());
}
