//! Fetches the parts every run needs, the loop's and the verdict's (about 85 KB gzip in some
//! twenty files), once the page is up and the browser is idle. The first Run then starts at
//! once: fetched on the click, they were most of a fresh page's first 1,000-turn run (about
//! 250 ms of it in headless Chromium here). Each file is fetched in a task of its own and
//! compiled off the main thread, so this makes no long task; a part that cannot be fetched now
//! is fetched again by the Run that needs it.

use crate::web::idle::page_is_up;
use std::future::Future;

/// Call once, from the app, with what fetches the parts (their split points are views, which
/// this layer does not name).
pub fn use_warm_parts<F: Future + 'static>(warm: impl FnOnce() -> F + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        page_is_up().await;
        warm().await;
    });
}
