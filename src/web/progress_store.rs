//! The exercises solved on this device, in localStorage: a value the engine reads
//! (`exercise::decode_progress`), cleared by "Reset my progress". Nothing else reads this entry.

const ENTRY: &str = "rusty-lock.exercises";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The stored value; empty when there is none or storage is refused (a private window).
pub fn load() -> String {
    storage().and_then(|s| s.get_item(ENTRY).ok().flatten()).unwrap_or_default()
}

pub fn save(value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(ENTRY, value);
    }
}

pub fn clear() {
    if let Some(s) = storage() {
        let _ = s.remove_item(ENTRY);
    }
}
