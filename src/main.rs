//! Rusty Lock in the browser. The engine crate holds the loop. Imports run one way, checked by
//! `scripts/check-imports.mjs`: `app` → `ui` (components) → `actions` and `hooks` → `state`
//! (signals and memos) → `parts` (split points that are not views) → `web` (browser adapters)
//! → the engine. `text` holds every word and imports only the engine.

mod actions;
mod app;
mod hooks;
mod parts;
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
