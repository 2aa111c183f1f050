//! The browser's next idle moment, its next frame, and the moment the page is up, as futures: for
//! work that should never compete with what the user is doing (fetching the panels below the
//! fold, registering the service worker, fetching the loop's part before the first Run).

use leptos::prelude::{document, window};

/// Resolves when the browser is next idle, after a second at most, or at once where the browser
/// has no idle callbacks.
pub(crate) async fn idle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let options = web_sys::IdleRequestOptions::new();
        options.set_timeout(1000);
        if window().request_idle_callback_with_options(&resolve, &options).is_err() {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Resolves at the browser's next animation frame: called while the page is first built, once
/// the first frame is on its way to the screen. A page in a tab that is not shown draws no
/// frames, so after [`FRAME_AT_MOST_MS`] it resolves anyway: what waits for a frame is built
/// there too, only less smoothly.
pub(crate) async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let frame = window().request_animation_frame(&resolve).is_ok();
        let timer = window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, FRAME_AT_MOST_MS).is_ok();
        if !frame && !timer {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The longest [`next_frame`] waits, in ms, where no frame comes.
const FRAME_AT_MOST_MS: i32 = 100;

/// Waits until the page is up: after the load event, at an idle moment, never in the way of the
/// page's own start.
pub(crate) async fn page_is_up() {
    while document().ready_state() != "complete" {
        idle().await;
    }
    // And after the panels below the fold, fetched and built at the first idle moment, so their
    // arrival and what waits here (the worker's install, the loop's part) never share a moment:
    // each alone makes no long task.
    // A part that never comes (offline, a missing file) holds what waits here back 5 s at most.
    let started = js_sys::Date::now();
    while panels_waiting() && js_sys::Date::now() - started < 5_000.0 {
        idle().await;
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    idle().await;
}

/// Whether the panels below the fold are still to come: a place for one is still empty, or
/// there is no place yet, because the page's main area, which holds them, is built in a task
/// after the header (`ui::lazy::after_header`). Read as "none empty" alone, that moment looked
/// like a page with every panel in, and the worker's install ran beside their building (a long
/// task in 3 of 8 loads of the worker's test).
fn panels_waiting() -> bool {
    let find = |selector: &str| document().query_selector(selector).ok().flatten().is_some();
    !find(r#"[data-testid="below-fold"]"#) || find(r#"[data-testid="below-fold"]:not(:has(> *))"#)
}
