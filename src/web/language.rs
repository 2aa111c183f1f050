//! The browser's side of the page's language: which languages the reader's browser asks for,
//! and telling the document which one it is in now (`<html lang>`, the tab's title, the
//! description that link previews and search engines read).

/// `navigator.languages`, most wanted first (`["fr-FR", "fr", "en"]`), or nothing.
pub fn browser_languages() -> Vec<String> {
    let Some(window) = web_sys::window() else { return Vec::new() };
    window.navigator().languages().iter().filter_map(|v| v.as_string()).collect()
}

/// Marks the document as written in `code`, with its title and description in that language.
pub fn show_document_lang(code: &str, title: &str, description: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", code);
    }
    document.set_title(title);
    if let Ok(Some(meta)) = document.query_selector("meta[name=description]") {
        let _ = meta.set_attribute("content", description);
    }
}
