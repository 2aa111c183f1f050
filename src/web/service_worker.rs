//! Offline after the first visit. Registers the service worker that the build writes
//! (`scripts/make-sw.mjs`, into the release dist as `sw.js`), and tells the page when a newer
//! build is waiting, so the page can offer a reload instead of switching under a running lesson.
//!
//! Registration waits until the page has loaded and the browser is idle: the worker then fetches
//! the rest of the site in its own thread, and the first load neither waits for it nor grows.

use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

/// What the page knows about updates: `ready` turns true once a newer build is installed and
/// waiting (or has taken over from another tab), and stays so until the page reloads.
#[derive(Clone, Copy)]
pub struct Updates {
    pub ready: RwSignal<bool>,
    registration: StoredValue<Option<ServiceWorkerRegistration>, LocalStorage>,
}

/// Starts the registration in the background and returns the update state. Call once. Does
/// nothing in debug builds (the build writes no worker there) or where the browser has no
/// service workers (an insecure origin, a private mode that refuses them).
pub fn use_service_worker() -> Updates {
    let updates = Updates { ready: RwSignal::new(false), registration: StoredValue::new_local(None) };
    if !cfg!(debug_assertions) {
        wasm_bindgen_futures::spawn_local(async move {
            // A refusal (blocked, quota, a file missing on the server) leaves the page as it
            // was: online only. Nothing to tell the user mid-lesson.
            let _ = register(updates).await;
        });
    }
    updates
}

impl Updates {
    /// The reload the notice offers: asks the waiting worker to take over, and reloads once it
    /// has (a controller change), so the new page comes whole from the new build's cache.
    pub fn reload(&self) {
        let waiting = self.registration.with_value(|r| r.as_ref().and_then(ServiceWorkerRegistration::waiting));
        match (waiting, container()) {
            (Some(worker), Some(sw)) => {
                let on_change = Closure::once_into_js(|| reload_page());
                sw.set_oncontrollerchange(Some(on_change.unchecked_ref()));
                let _ = worker.post_message(&JsValue::from_str("skip-waiting"));
            }
            _ => reload_page(),
        }
    }
}

fn reload_page() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// The browser's service worker container, or None where there is none (insecure origins).
fn container() -> Option<ServiceWorkerContainer> {
    let window = web_sys::window()?;
    if !window.is_secure_context() {
        return None;
    }
    let navigator = window.navigator();
    let sw = js_sys::Reflect::get(&navigator, &JsValue::from_str("serviceWorker")).ok()?;
    sw.dyn_into::<ServiceWorkerContainer>().ok()
}

async fn register(updates: Updates) -> Result<(), JsValue> {
    let Some(sw) = container() else { return Ok(()) };
    after_load().await;
    crate::web::lazy::idle().await;
    // Relative to the page, so the worker and its scope are wherever the page is served from.
    let registration: ServiceWorkerRegistration = JsFuture::from(sw.register("sw.js")).await?.dyn_into()?;
    updates.registration.set_value(Some(registration.clone()));
    // A page already run by a worker: a new one installing, or taking over, is an update. A
    // first visit's worker taking the page is not.
    let had_controller = Rc::new(Cell::new(sw.controller().is_some()));
    if registration.waiting().is_some() && had_controller.get() {
        updates.ready.set(true);
    }
    let reg = registration.clone();
    let had = had_controller.clone();
    let on_found = Closure::<dyn FnMut()>::new(move || {
        let Some(installing) = reg.installing() else { return };
        let watched = installing.clone();
        let had = had.clone();
        let on_state = Closure::<dyn FnMut()>::new(move || {
            if watched.state() == ServiceWorkerState::Installed && had.get() {
                updates.ready.set(true);
            }
        });
        installing.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
    // Another tab took the update: this page still runs the old build, so it offers the reload.
    let on_change = Closure::<dyn FnMut()>::new(move || {
        if had_controller.get() {
            updates.ready.set(true);
        }
        had_controller.set(true);
    });
    sw.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    Ok(())
}

/// Resolves once the window's load event has passed.
async fn after_load() {
    let Some(window) = web_sys::window() else { return };
    if window.document().map(|d| d.ready_state()) == Some("complete".into()) {
        return;
    }
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let options = web_sys::AddEventListenerOptions::new();
        options.set_once(true);
        let _ = window.add_event_listener_with_callback_and_add_event_listener_options("load", &resolve, &options);
    });
    let _ = JsFuture::from(promise).await;
}
