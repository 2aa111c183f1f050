//! The lessons' style sheet, `lessons.css` (from `style/lessons.css`): a lesson's card, and the
//! embed and presenter layouts. It is not in the first load (it was 1,585 B of its gzip),
//! because a plain visit draws none of it:
//!
//! * a page that opens on a lesson, in embed or presenter mode, or on the presenter view links it
//!   before it draws anything ([`load`], awaited by `main`), so its first frame is already laid
//!   out as a lesson;
//! * every other page links it once it is up, at an idle moment (`crate::ui::parts`, with the
//!   parts every run needs), so a lesson picked later, or a move to presenter mode, is styled from
//!   its first frame; and where one comes before that, by a link followed in the page, the
//!   lesson's card (in its lazy part) or the mode (`crate::hooks::root_mode`) links it at once.
//!
//! It also holds the styles of panels never on a first screen (the real endpoint's form, its
//! stream and diagnosis, the backoff strip, the retry preview, compare mode's layout): each links
//! it when it first shows, in case that comes before the idle moment.
//!
//! Linked once, in `<head>` after the page's own sheet, so its rules win over the ones they
//! change as they did when they sat in `style/main.css`.

use leptos::prelude::{document, window};
use rusty_lock_engine::show::route::{Route, View};
use rusty_lock_engine::show::scenario::Mode;
use wasm_bindgen::JsValue;

/// The sheet's address, relative like every other file of the page.
const HREF: &str = "lessons.css";
/// The `<link>`'s id: how a second call knows the sheet is there.
const ID: &str = "lessons-css";
/// The longest the page waits for the sheet before it draws anyway, in ms: a server that holds
/// the file back never holds the page back with it.
const WAIT_AT_MOST_MS: i32 = 3_000;

/// Whether a page opened at `query` draws something of the sheet in its first frame: the
/// presenter view, a layout other than the full page, or a lesson (the page's or a teacher's own).
pub fn needed_at(query: &str) -> bool {
    let route = Route::of(query);
    route.view == View::Presenter || route.mode != Mode::Full || (route.view == View::Playground && route.lesson)
}

/// Links the sheet, if it is not linked yet.
pub fn link() {
    let _ = linked();
}

/// Links the sheet now, and returns what resolves once it has loaded, failed, or
/// [`WAIT_AT_MOST_MS`] has passed; at once where it was linked before. The listening starts
/// here too, not when the result is first awaited: by then the sheet may have come.
pub fn load() -> impl std::future::Future<Output = ()> {
    let promise = linked().map(|fresh| {
        js_sys::Promise::new(&mut |resolve, _| {
            let load = fresh.add_event_listener_with_callback("load", &resolve).is_ok();
            let error = fresh.add_event_listener_with_callback("error", &resolve).is_ok();
            let timer =
                window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, WAIT_AT_MOST_MS).is_ok();
            if !(load && error && timer) {
                let _ = resolve.call0(&JsValue::NULL);
            }
        })
    });
    async move {
        if let Some(promise) = promise {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        }
    }
}

/// Appends the `<link>` to `<head>` and returns it; `None` where it was there already (or the
/// document has no head to put it in).
fn linked() -> Option<web_sys::Element> {
    let document = document();
    if document.get_element_by_id(ID).is_some() {
        return None;
    }
    let head = document.query_selector("head").ok().flatten()?;
    let link = document.create_element("link").ok()?;
    let _ = link.set_attribute("id", ID);
    let _ = link.set_attribute("rel", "stylesheet");
    let _ = link.set_attribute("href", HREF);
    head.append_child(&link).ok()?;
    Some(link)
}

#[cfg(test)]
mod tests {
    use super::needed_at;

    #[test]
    fn a_plain_visit_does_not_wait_for_the_lessons_sheet() {
        for query in
            ["", "?v=1", "?v=1&model=stubborn&turns=1000&speed=instant", "?view=herd", "?view=yours", "?view=agenda"]
        {
            assert!(!needed_at(query), "{query}");
        }
    }

    #[test]
    fn a_lesson_or_a_lesson_layout_waits_for_the_lessons_sheet() {
        for query in [
            "?v=1&lesson=rusted-lock",
            "?v=1&mode=present",
            "?mode=embed",
            "?view=presenter",
            "?view=agenda&mode=present",
            "?v=1&expect=model&title=Mine",
        ] {
            assert!(needed_at(query), "{query}");
        }
    }
}
