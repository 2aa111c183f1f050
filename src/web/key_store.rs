//! "Remember on this device" for the API key: opt-in, in localStorage, with a visible Forget.
//! Nothing else in the page reads or writes this entry.

const ENTRY: &str = "rusty-lock.api-key";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

pub fn load() -> Option<String> {
    storage().and_then(|s| s.get_item(ENTRY).ok().flatten()).filter(|k| !k.is_empty())
}

pub fn save(key: &str) {
    if let Some(s) = storage() {
        let _ = if key.is_empty() { s.remove_item(ENTRY) } else { s.set_item(ENTRY, key) };
    }
}

pub fn forget() {
    if let Some(s) = storage() {
        let _ = s.remove_item(ENTRY);
    }
}
