//! Plain JavaScript files a view needs (the code editor, the type stripper, the sandbox's host),
//! fetched with a `<script>` tag the first time they are asked for. They are files of their own
//! in `dist/yours/`, never in the first download.

use leptos::prelude::document;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// A script that could not be fetched or did not run (offline on a first visit, a server that
/// lost the file). Not cached: asking again tries again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptMissing;

thread_local! {
    /// The scripts loaded or on their way, by URL: asked twice, a script is fetched once.
    static LOADING: RefCell<HashMap<String, js_sys::Promise>> = RefCell::new(HashMap::new());
}

/// Resolves once the script at `url` (relative to the page) has run, and `global` (the name it
/// defines on `window`) is there.
pub async fn load(url: &str, global: &str) -> Result<(), ScriptMissing> {
    if defined(global) {
        return Ok(());
    }
    let promise = LOADING.with(|l| l.borrow().get(url).cloned()).unwrap_or_else(|| {
        let promise = inject(url);
        LOADING.with(|l| l.borrow_mut().insert(url.to_string(), promise.clone()));
        promise
    });
    let loaded = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok() && defined(global);
    if !loaded {
        LOADING.with(|l| l.borrow_mut().remove(url));
        return Err(ScriptMissing);
    }
    Ok(())
}

/// Whether `window[name]` is an object the page can call into.
pub fn defined(name: &str) -> bool {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str(name)).map(|v| v.is_object()).unwrap_or(false)
}

/// A `<script>` tag for `url`, and a promise settled by its load or error event.
fn inject(url: &str) -> js_sys::Promise {
    let url = url.to_string();
    js_sys::Promise::new(&mut move |resolve, reject| {
        let Ok(el) = document().create_element("script") else {
            let _ = reject.call0(&JsValue::NULL);
            return;
        };
        let _ = el.set_attribute("src", &url);
        let on_load = Closure::once_into_js(move || {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let on_error = Closure::once_into_js(move || {
            let _ = reject.call0(&JsValue::NULL);
        });
        let _ = el.add_event_listener_with_callback("load", on_load.unchecked_ref());
        let _ = el.add_event_listener_with_callback("error", on_error.unchecked_ref());
        if let Some(head) = document().head() {
            let _ = head.append_child(&el);
        }
    })
}
