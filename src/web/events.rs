//! Browser events read defensively. A listener's event is whatever was dispatched: scripts,
//! extensions and test tools send a plain `Event` named `keydown`, or an `input` event whose
//! target is not an input. wasm-bindgen's getters assume the declared type (`KeyboardEvent.key`
//! is read as a string, and an absent one throws inside the glue), so every field here is read
//! by name and checked, and a missing one is `None`, never a throw.

use wasm_bindgen::{JsCast, JsValue};

/// A field of a JS object, if it is there.
fn field(object: &JsValue, name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

fn flag(object: &JsValue, name: &str) -> bool {
    field(object, name).and_then(|v| v.as_bool()).unwrap_or(false)
}

/// What a key press says, read from any event: `None` when it carries no key name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyPress {
    pub key: String,
    /// Ctrl, Meta or Alt held: a shortcut of the browser's or the system's, not ours.
    pub with_modifier: bool,
    /// The upper-case tag of the element the key went to (`INPUT`, `BUTTON`…), empty if none.
    pub target_tag: String,
    /// Typed into a field or an editable element: text, not a command.
    pub typing: bool,
    pub default_prevented: bool,
}

/// Reads a key press from an event of any type.
pub fn key_press(ev: &web_sys::Event) -> Option<KeyPress> {
    let raw: &JsValue = ev.as_ref();
    let key = field(raw, "key")?.as_string()?;
    let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let target_tag = target.as_ref().map(|el| el.tag_name()).unwrap_or_default();
    let editable =
        target.as_ref().and_then(|el| el.dyn_ref::<web_sys::HtmlElement>()).is_some_and(|el| el.is_content_editable());
    let typing = editable || matches!(target_tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA");
    Some(KeyPress {
        key,
        with_modifier: flag(raw, "ctrlKey") || flag(raw, "metaKey") || flag(raw, "altKey"),
        target_tag,
        typing,
        default_prevented: ev.default_prevented(),
    })
}

/// The input an event came from, if it came from one.
pub fn target_input(ev: &web_sys::Event) -> Option<web_sys::HtmlInputElement> {
    ev.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()
}

/// Whether `el` is the element that has the focus now.
pub fn has_focus(el: &web_sys::HtmlInputElement) -> bool {
    let el: &web_sys::Element = el.as_ref();
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()).is_some_and(|active| &active == el)
}

/// The `value` of the element an event came from (an input, a select, a textarea), if it has one.
pub fn target_value(ev: &web_sys::Event) -> Option<String> {
    let target: JsValue = ev.target()?.into();
    field(&target, "value")?.as_string()
}

/// The `checked` state of the checkbox an event came from, if it came from one.
pub fn target_checked(ev: &web_sys::Event) -> Option<bool> {
    target_input(ev).map(|input| input.checked())
}

/// Scrolls just enough that the element's bottom is on screen, when it is below the window (a
/// judgement that grew under the button pressed). Instant, so reduced motion is respected.
pub fn reveal_bottom(selector: &str) {
    let Some(window) = web_sys::window() else { return };
    let Some(el) = window.document().and_then(|d| d.query_selector(selector).ok().flatten()) else { return };
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    if height > 0.0 && el.get_bounding_client_rect().bottom() > height {
        el.scroll_into_view_with_bool(false);
    }
}

/// Brings the first element matching `selector` into view, top first, when its top is not on
/// screen (a phone's scene below the code, the report card below everything). Instant, so
/// reduced motion is respected; nothing happens if there is no such element.
pub fn scroll_into_view(selector: &str) {
    let Some(window) = web_sys::window() else { return };
    let Some(el) = window.document().and_then(|d| d.query_selector(selector).ok().flatten()) else { return };
    let top = el.get_bounding_client_rect().top();
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    if top < 0.0 || top > height * 0.8 {
        el.scroll_into_view_with_bool(true);
    }
}
