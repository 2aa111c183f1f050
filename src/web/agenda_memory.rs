//! The workshop agenda opened last in this tab, so "Add to the agenda" can keep its teacher's
//! lessons. In sessionStorage: it lasts as long as the tab, and no other page reads it. Only the
//! agenda's own query is kept (a link of lessons, never a key).

const ENTRY: &str = "rusty-lock.agenda";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// Remembers the query of the agenda on screen.
pub fn remember(query: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(ENTRY, query);
    }
}

/// The last plan made on the agenda, kept on this device (localStorage): its link tail
/// (`&lessons=…&exercises=…`, empty for the whole library). Only plans a teacher changed there.
const PLAN: &str = "rusty-lock.plan";

fn device() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Remembers the plan made on the agenda, by its link tail.
pub fn remember_plan(tail: &str) {
    if let Some(s) = device() {
        let _ = s.set_item(PLAN, tail);
    }
}

/// The link tail of the last plan made on the agenda on this device, or nothing.
pub fn recall_plan() -> String {
    device().and_then(|s| s.get_item(PLAN).ok().flatten()).unwrap_or_default()
}

/// The query of the agenda opened last in this tab, or nothing.
pub fn recall() -> String {
    storage().and_then(|s| s.get_item(ENTRY).ok().flatten()).unwrap_or_default()
}
