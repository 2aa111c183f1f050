//! Browser glue for sharing: the page's address, the clipboard, saving and opening files,
//! printing.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The page's address without its query: a scenario link is this plus `?` and the scenario.
pub fn page_base() -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else { return String::new() };
    format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default())
}

/// The page's host name as the address bar has it (`127.0.0.1`, `[::1]`, `example.org`), or
/// nothing if the browser will not say.
pub fn page_host() -> String {
    web_sys::window().and_then(|w| w.location().hostname().ok()).unwrap_or_default()
}

/// Opens the browser's print dialog (the workshop handout prints from the agenda view), in a
/// task of its own: the dialog holds the page in a loop of its own while it is open, and a click
/// handler that opened it there would still be running when the next click came in.
pub fn print_page() {
    gloo_timers::callback::Timeout::new(0, || {
        if let Some(window) = web_sys::window() {
            let _ = window.print();
        }
    })
    .forget();
}

/// Copies text to the clipboard. Resolves to false where the browser refuses (no permission,
/// not a secure context), so the page can point at the link field instead.
pub async fn copy_text(text: &str) -> bool {
    let Some(window) = web_sys::window() else { return false };
    let promise = window.navigator().clipboard().write_text(text);
    JsFuture::from(promise).await.is_ok()
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url)?;
    Ok(())
}

/// Reads the file picked in an `<input type=file>`, refusing anything over `max_bytes` before
/// reading a byte of it.
pub async fn read_picked_file(input: &web_sys::HtmlInputElement, max_bytes: usize) -> Result<Option<String>, String> {
    let Some(file) = input.files().and_then(|list| list.get(0)) else { return Ok(None) };
    let size = file.size() as usize;
    if size > max_bytes {
        return Err(crate::text::trace_error(&rusty_lock_engine::show::trace::TraceError::TooLarge { bytes: size }));
    }
    let text = JsFuture::from(file.text()).await.map_err(|_| crate::text::file_unreadable().to_string())?;
    Ok(text.as_string())
}
