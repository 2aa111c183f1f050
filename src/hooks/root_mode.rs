//! Puts the page's mode on `<html data-mode=…>`, so presenter mode can grow the root type size
//! that every `rem` on the page follows (a class on the app's wrapper could not).

use crate::state::Playground;
use leptos::prelude::*;
use rusty_lock_engine::show::scenario::Mode;

pub fn use_root_mode(pg: Playground) {
    Effect::new(move |_| {
        let mode = match pg.mode.get() {
            Mode::Full => "full",
            Mode::Embed => "embed",
            Mode::Present => "present",
        };
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-mode", mode);
        }
    });
}
