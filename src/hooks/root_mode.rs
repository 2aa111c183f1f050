//! Puts the page's mode on `<html data-mode=…>`, so presenter mode can grow the root type size
//! that every `rem` on the page follows (a class on the app's wrapper could not), and links the
//! lessons' styles (`crate::web::lesson_styles`) for the modes they lay out.

use crate::state::Playground;
use leptos::prelude::*;
use rusty_lock_engine::show::scenario::Mode;

pub fn use_root_mode(pg: Playground) {
    Effect::new(move |_| {
        let mode = pg.mode();
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-mode", mode.slug());
        }
        // Embed and presenter mode are laid out by the lessons' styles: a link followed in the
        // page that changes the mode links them, if the page has not yet.
        if mode != Mode::Full {
            crate::web::lesson_styles::link();
        }
    });
}
