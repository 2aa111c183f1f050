//! Bringing what a press fills into view, below what covers the top of the screen: the phone's
//! sticky header, and the run strip under it (`run_bar::RunStrip`). Each element it brings
//! lands at its own `scroll-margin-top` (yours.css), which leaves room for both. Instant, so
//! reduced motion is respected.

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

fn element(selector: &str) -> Option<web_sys::Element> {
    window()?.document()?.query_selector(selector).ok().flatten()
}

/// Where the first element matching `selector` is drawn now, if there is one.
pub fn rect(selector: &str) -> Option<web_sys::DomRect> {
    element(selector).map(|el| el.get_bounding_client_rect())
}

/// The window's height in CSS pixels (0 where it cannot be read).
pub fn screen_height() -> f64 {
    window().and_then(|w| w.inner_height().ok()).and_then(|h| h.as_f64()).unwrap_or(0.0)
}

/// How far down the screen's top is covered, in CSS pixels: the bottom of the sticky header and
/// of the run strip, whichever is lower; 0 where the header has scrolled away (a wide screen's).
pub fn covered() -> f64 {
    [".yours-app > .top", ".yours-strip"]
        .into_iter()
        .filter_map(element)
        .map(|el| el.get_bounding_client_rect())
        .filter(|r| r.height() > 0.0)
        .map(|r| r.bottom())
        .fold(0.0, f64::max)
}

/// The page's scroll position, in CSS pixels from its top.
pub fn scrolled() -> f64 {
    window().and_then(|w| w.scroll_y().ok()).unwrap_or(0.0)
}

/// Brings the first element matching `selector` into view, top first, when its top is under the
/// header, above the screen or low on it: a phone's scene below the code, the report card below
/// everything, the exercise's Check pressed from just under the header.
pub fn bring_into_view(selector: &str) {
    let Some(el) = element(selector) else { return };
    if el.get_bounding_client_rect().top() < covered() {
        el.scroll_into_view_with_bool(true);
    } else {
        crate::web::events::scroll_into_view(selector);
    }
}

/// Brings the element's top up to where its `scroll-margin-top` puts it, when it is lower than
/// that by more than a few pixels: the report card, whose rows arrive a few at a time under a
/// summary line that the press could only bring to the bottom of a page too short for more.
/// Returns whether it scrolled.
pub fn bring_up(selector: &str) -> bool {
    let Some(el) = element(selector) else { return false };
    let before = scrolled();
    let top = el.get_bounding_client_rect().top();
    if top <= covered() + screen_height() * 0.2 && top >= covered() {
        return false;
    }
    el.scroll_into_view_with_bool(true);
    (scrolled() - before).abs() > 0.5
}

/// Brings the bottom of the first element matching `selector` on screen when it is below the
/// window (a judgement that grew under the button pressed), but never so far that `keep` (the
/// button's row) goes under the header: a judgement taller than the room shows from its top,
/// under the button that asked for it.
pub fn reveal_bottom(selector: &str, keep: &str) {
    let (Some(window), Some(bottom), Some(kept)) = (window(), rect(selector).map(|r| r.bottom()), rect(keep)) else {
        return;
    };
    let height = screen_height();
    if height <= 0.0 || bottom <= height {
        return;
    }
    let room = kept.top() - covered() - GAP;
    if bottom - height <= room {
        crate::web::events::reveal_bottom(selector);
    } else if room > 0.0 {
        window.scroll_by_with_x_and_y(0.0, room);
    }
}

/// The space left between what is brought into view and the edge it is brought to, in CSS pixels.
const GAP: f64 = 8.0;
