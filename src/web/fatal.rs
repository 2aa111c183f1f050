//! The last line of defence: if Rust ever panics in the page, say so on screen instead of
//! leaving a frozen page, and keep the details in the console for whoever debugs it.

use wasm_bindgen::JsCast;

pub fn install_panic_banner() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        if let Some(el) = doc.get_element_by_id("fatal").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            el.set_text_content(Some(crate::text::fatal()));
            let _ = el.remove_attribute("hidden");
        }
    }));
}
