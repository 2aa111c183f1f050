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
    // The page opens in the link's language, else the browser's, else English. French and
    // Chinese are lazy parts: the loading sign stays up while one is fetched, so the page never
    // shows English first and then jumps. If it cannot be fetched, the page opens in English
    // and says why.
    let search = web::address::read();
    let link = rusty_lock_engine::show::route::Route::of(&search).lang;
    let lang = text::choose_lang(link, &web::language::browser_languages());
    // A page that opens on a lesson, or in embed or presenter mode, is drawn with the lessons'
    // styles already there (not in the first load; see `web::lesson_styles`): fetched beside
    // the words, not after them.
    let styles = web::lesson_styles::needed_at(&search).then(web::lesson_styles::load);
    // Leptos's own task runner starts with the mount, so the wait before it uses the browser's.
    wasm_bindgen_futures::spawn_local(async move {
        let missing = match parts::language_words(lang).await {
            Ok(core) => {
                text::set_lang(lang, core);
                None
            }
            Err(_) => Some(lang),
        };
        if let Some(styles) = styles {
            styles.await;
        }
        // The page is built in a task of its own, not in the one that compiled and started the
        // wasm: together they held the browser for more than a frame (a long task at load).
        gloo_timers::future::TimeoutFuture::new(0).await;
        if let Some(loading) = leptos::prelude::document().get_element_by_id("loading") {
            loading.remove();
        }
        leptos::mount::mount_to_body(move || app::App(app::AppProps { missing }));
    });
}
