//! The browser's next idle moment and its next frame, as futures: for work that should never
//! compete with what the user is doing (fetching the panels below the fold, registering the
//! service worker).

use leptos::prelude::window;

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
/// the first frame is on its way to the screen.
pub(crate) async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if window().request_animation_frame(&resolve).is_err() {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
