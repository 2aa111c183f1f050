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

/// The query of the agenda opened last in this tab, or nothing.
pub fn recall() -> String {
    storage().and_then(|s| s.get_item(ENTRY).ok().flatten()).unwrap_or_default()
}
