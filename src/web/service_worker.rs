//! Offline after the first visit. Registers the service worker that the build writes
//! (`scripts/make-sw.mjs`, into the release dist as `sw.js`), and tells the page when a newer
//! build is waiting, so the page can offer a reload instead of switching under a running lesson.
//!
//! Registration waits until the page has loaded and the browser is idle: the worker then fetches
//! the rest of the site in its own thread, and the first load neither waits for it nor grows.
//! Only the wait for that moment is part of every first load: the registration itself waits in the
//! part of the panels below the fold (`crate::parts::register_worker`), and so does the notice's
//! own view (`ui::share::update_notice`).

use crate::web::idle::page_is_up;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorkerContainer, ServiceWorkerRegistration};

thread_local! {
    static REGISTRATION: RefCell<Option<ServiceWorkerRegistration>> = const { RefCell::new(None) };
}

/// What the page knows about updates: `ready` turns true once a newer build is installed and
/// waiting (or has taken over from another tab), and stays so until the page reloads.
#[derive(Clone, Copy)]
pub struct Updates {
    pub ready: RwSignal<bool>,
}

/// Starts the registration in the background and returns the update state. Call once. Does
/// nothing in debug builds (the build writes no worker there) or where the browser has no
/// service workers (an insecure origin, a browser that refuses them).
/// `register` is [`register`] behind the split point of the panels below the fold
/// (`crate::parts::register_worker`): it is called only once those have come, so its code waits
/// in their part, already there when it runs.
pub fn use_service_worker<R, F>(register: R) -> Updates
where
    R: FnOnce(Updates) -> F + 'static,
    F: Future + 'static,
{
    let updates = Updates { ready: RwSignal::new(false) };
    if !cfg!(debug_assertions) && container().is_some() {
        wasm_bindgen_futures::spawn_local(async move {
            page_is_up().await;
            let _ = register(updates).await;
        });
    }
    updates
}

impl Updates {
    /// The reload the notice offers: asks the waiting worker to take over, and reloads once it
    /// has (a controller change), so the new page comes whole from the new build's cache.
    pub fn reload(&self) {
        let waiting = REGISTRATION.with_borrow(|r| r.as_ref().and_then(ServiceWorkerRegistration::waiting));
        match (waiting, container()) {
            (Some(worker), Some(sw)) => {
                let on_change = Closure::<dyn FnMut()>::new(reload_page);
                sw.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
                on_change.forget();
                let _ = worker.post_message(&JsValue::from_str("skip-waiting"));
            }
            _ => reload_page(),
        }
    }
}

fn reload_page() {
    let _ = window().location().reload();
}

/// The browser's service worker container, or None where there is none (insecure origins).
fn container() -> Option<ServiceWorkerContainer> {
    let window = window();
    if !window.is_secure_context() {
        return None;
    }
    js_sys::Reflect::get(&window.navigator(), &JsValue::from_str("serviceWorker")).ok()?.dyn_into().ok()
}

/// Registers the worker and watches for a newer build. A refusal (blocked, no quota, a file
/// missing on the server) leaves the page as it was: online only. Nothing to tell the user
/// mid-lesson.
pub fn register(updates: Updates) {
    wasm_bindgen_futures::spawn_local(async move {
        let _ = register_worker(updates).await;
    });
}

async fn register_worker(updates: Updates) -> Result<(), JsValue> {
    let Some(sw) = container() else { return Ok(()) };
    // Relative to the page, so the worker and its scope are wherever the page is served from.
    let registration: ServiceWorkerRegistration = JsFuture::from(sw.register("sw.js")).await?.dyn_into()?;
    REGISTRATION.set(Some(registration.clone()));
    // A page already run by a worker: a new build installed beside it, or taking over from another
    // tab, is an update. A first visit's worker taking the page is not.
    let had_controller = Rc::new(Cell::new(sw.controller().is_some()));
    let check = {
        let (registration, sw, had) = (registration.clone(), sw.clone(), had_controller.clone());
        move || {
            // `try_set`: the worker's news may come after the page that asked for it is gone
            // (a link to another view); then nobody is told.
            if registration.waiting().is_some() && sw.controller().is_some() && had.get() {
                updates.ready.try_set(true);
            }
        }
    };
    check();
    // Each new worker: watch it until it is installed (then it waits for the reload).
    let on_state = Closure::<dyn FnMut()>::new(check);
    let on_found = {
        let registration = registration.clone();
        Closure::<dyn FnMut()>::new(move || {
            if let Some(installing) = registration.installing() {
                installing.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
            }
        })
    };
    registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    // The browser may have found the new build before this page registered (a reload starts
    // that check at once): one may be installing already.
    let _ = on_found.as_ref().unchecked_ref::<js_sys::Function>().call0(&JsValue::NULL);
    on_found.forget();
    // Another tab took the update: this page still runs the old build, so it offers the reload.
    let on_change = Closure::<dyn FnMut()>::new(move || {
        if had_controller.replace(true) {
            updates.ready.try_set(true);
        }
    });
    sw.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    Ok(())
}
