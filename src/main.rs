//! Rusty Lock in the browser. The engine crate holds the loop; `web` is the browser glue and
//! `ui` the components.

mod app;
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
