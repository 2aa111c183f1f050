//! The last line of defence: if Rust ever panics in the page, say so on screen instead of
//! leaving a frozen page, and keep the details in the console for whoever debugs it. The banner
//! (`#fatal` in index.html) carries its own Reload button, plain markup that works once the
//! page's code cannot run any more; the address holds the scenario, so the same run comes back.

use wasm_bindgen::JsCast;

/// Writes the banner's words, still hidden, in the language the page speaks now (called at every
/// switch), so a panic only has to show it.
pub fn word_banner(message: &str, reload: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(text) = doc.get_element_by_id("fatal-text") {
        text.set_text_content(Some(message));
    }
    if let Some(button) = doc.get_element_by_id("fatal-reload") {
        button.set_text_content(Some(reload));
    }
}

pub fn install_panic_banner() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        if let Some(el) = doc.get_element_by_id("fatal").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.remove_attribute("hidden");
            if let Some(button) =
                doc.get_element_by_id("fatal-reload").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = button.focus();
            }
        }
    }));
}
