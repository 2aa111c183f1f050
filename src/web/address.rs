//! The address bar, through the browser's History API: the page only ever reads and writes its
//! query string, so this is all the routing it needs (a router cost the first load about
//! 10 KB gzip; see the README).
//!
//! * [`Address::search`] is the query string as a signal, kept in step with Back and Forward.
//! * [`Address::replace`] writes a new query without a history entry (settings as they change).
//! * [`Address::push`] makes one (a lesson picked), as following a link does.
//! * Clicks on the page's own `?…` links are followed here, without reloading the page.
//!
//! Every URL is written relative (`?query`), so the path the page is served from is kept.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The query string, `?` included (or empty), as the address bar has it now.
pub fn read() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// The address bar as the page uses it. Copy it into whatever needs it.
#[derive(Clone, Copy)]
pub struct Address {
    search: ReadSignal<String>,
    set: WriteSignal<String>,
    /// Counts the moves to another address that a person made (a link followed, Back or
    /// Forward), as opposed to the page writing its own settings over the current one.
    moves: RwSignal<u64>,
}

/// Starts following the address: Back and Forward, and clicks on the page's own `?…` links.
/// Call once, at the top of the app.
pub fn install() -> Address {
    let (search, set_search) = signal(read());
    let moves = RwSignal::new(0);
    let address = Address { search, set: set_search, moves };
    let Some(window) = web_sys::window() else { return address };
    let on_pop = Closure::<dyn Fn()>::new(move || {
        moves.update(|n| *n += 1);
        set_search.set(read());
    });
    let _ = window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
    on_pop.forget();
    // The page's own links (`<a href="?lesson=…">`) change the query only: follow them here.
    let on_click = Closure::<dyn Fn(web_sys::MouseEvent)>::new(move |ev: web_sys::MouseEvent| {
        if ev.default_prevented()
            || ev.button() != 0
            || ev.ctrl_key()
            || ev.meta_key()
            || ev.shift_key()
            || ev.alt_key()
        {
            return;
        }
        let anchor = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("a[href^='?']").ok().flatten());
        let Some(anchor) = anchor else { return };
        if anchor.has_attribute("target") || anchor.has_attribute("download") {
            return;
        }
        if let Some(href) = anchor.get_attribute("href") {
            ev.prevent_default();
            write(&href, true);
            moves.update(|n| *n += 1);
            set_search.set(read());
        }
    });
    if let Some(document) = window.document() {
        let _ = document.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    }
    on_click.forget();
    address
}

fn write(query: &str, new_entry: bool) {
    let Some(history) = web_sys::window().and_then(|w| w.history().ok()) else { return };
    let url = if query.starts_with('?') { query.to_string() } else { format!("?{query}") };
    let _ = if new_entry {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    };
}

impl Address {
    /// The query string, `?` included (or empty), tracked: an effect reading it reruns when the
    /// address changes.
    pub fn search(&self) -> String {
        self.search.get()
    }

    pub fn search_untracked(&self) -> String {
        self.search.get_untracked()
    }

    /// [`Address::search_untracked`], or `None` once the page that read the address is gone.
    pub fn try_search_untracked(&self) -> Option<String> {
        self.search.try_get_untracked()
    }

    /// Writes `query` over the current address: no new history entry, so Back is not flooded.
    pub fn replace(&self, query: &str) {
        write(query, false);
        self.set.set(read());
    }

    /// Goes to `query` as a link would: a new history entry, and the page follows it.
    pub fn push(&self, query: &str) {
        write(query, true);
        self.moves.update(|n| *n += 1);
        self.set.set(read());
    }

    /// How many times a person has moved to another address (see `moves`), untracked: read it
    /// beside [`Address::search`] to tell a link followed from the page's own writes.
    pub fn moves_untracked(&self) -> u64 {
        self.moves.get_untracked()
    }
}
