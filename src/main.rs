//! Rusty Lock in the browser. The engine crate holds the loop. Imports run one way, checked by
//! `scripts/check-imports.mjs`: `app` → `ui` (components) → `playback` (actions) and the hooks in
//! `web` → `state` (signals, Run and Stop) → `parts` (split points that are not views) → `web`
//! (browser glue) → the engine. `text` holds every word and is read from anywhere.

mod app;
mod parts;
mod playback;
mod state;
mod text;
mod ui;
mod web;

fn main() {
    web::fatal::install_panic_banner();
    if let Some(loading) = leptos::prelude::document().get_element_by_id("loading") {
        loading.remove();
    }
    leptos::mount::mount_to_body(app::App);
}
