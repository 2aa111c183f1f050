//! An append-only list in the DOM, for lists that only ever grow during a run (the event log,
//! the history). Adding an item touches that item alone, so item 5,000 costs what item 50 did;
//! a keyed diff over the whole list would cost more with every item.
//!
//! Items go into chunks of [`CHUNK`] (plain `div`s inside the list). Appending to a flat list of
//! thousands of items makes the browser walk all of them on every layout; with chunks it lays
//! out one chunk and skips the others, which style/scene.css also lets it skip painting
//! (`content-visibility: auto`).
//!
//! Time travel hides the items after the shown step and marks the one on screen, touching only
//! the items between the old and the new position.

use wasm_bindgen::JsCast;
use web_sys::Element;

/// Items per chunk.
const CHUNK: usize = 100;

pub struct AppendList {
    parent: Element,
    /// The chunk new items go into, until it is full.
    chunk: Option<Element>,
    /// The items, each with the index of the event it came from, in order.
    items: Vec<(usize, Element)>,
    /// How many items are shown; the rest come after the shown step.
    visible: usize,
    /// Show only the items of events up to this index (`None`: all).
    limit: Option<usize>,
    /// The event on screen, whose item is marked.
    current: Option<usize>,
    /// Which run the items belong to.
    pub run: u64,
    /// Per-item timings for the measurement script, when it asked for them.
    probe: Option<js_sys::Array>,
}

impl AppendList {
    /// `probe` names a global array (set by scripts/measure-perf.mjs before the page loads) that
    /// receives `[position, ms]` for every item added; without that array it costs nothing.
    pub fn new(parent: Element, run: u64, probe: Option<&str>) -> Self {
        let probe = probe
            .and_then(|name| js_sys::Reflect::get(&js_sys::global(), &name.into()).ok())
            .and_then(|v| v.dyn_into::<js_sys::Array>().ok());
        AppendList { parent, chunk: None, items: Vec::new(), visible: 0, limit: None, current: None, run, probe }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Empties the list for a new run.
    pub fn clear(&mut self, run: u64) {
        self.parent.set_text_content(None);
        self.chunk = None;
        self.items.clear();
        self.visible = 0;
        self.current = None;
        self.run = run;
    }

    /// Adds one item at the end. `build` makes its element.
    pub fn push(&mut self, event_index: usize, build: impl FnOnce() -> Element) {
        let started = self.probe.as_ref().map(|_| now_ms());
        let el = build();
        let _ = el.set_attribute("data-index", &event_index.to_string());
        let shown = self.limit.is_none_or(|l| event_index <= l);
        if !shown {
            let _ = el.set_attribute("data-future", "");
        }
        if self.current == Some(event_index) {
            let _ = el.set_attribute("aria-current", "step");
        }
        if self.chunk.is_none() || self.items.len() % CHUNK == 0 {
            let chunk = self.parent.owner_document().and_then(|d| d.create_element("div").ok());
            if let Some(chunk) = &chunk {
                chunk.set_class_name("chunk");
                let _ = self.parent.append_child(chunk);
            }
            self.chunk = chunk;
        }
        let _ = self.chunk.as_ref().unwrap_or(&self.parent).append_child(&el);
        if let (Some(probe), Some(started)) = (&self.probe, started) {
            // Forced layout, so the figure includes what the browser does for the new item.
            let _ = self.parent.scroll_height();
            probe.push(&js_sys::Array::of2(&(self.items.len() as f64).into(), &(now_ms() - started).into()));
        }
        self.items.push((event_index, el));
        if shown {
            self.visible = self.items.len();
        }
    }

    /// Shows the items of events up to `limit` (all of them for `None`).
    pub fn set_limit(&mut self, limit: Option<usize>) {
        self.limit = limit;
        let target = match limit {
            None => self.items.len(),
            Some(l) => self.items.partition_point(|(i, _)| *i <= l),
        };
        for (_, el) in &self.items[target.min(self.visible)..target.max(self.visible)] {
            if target > self.visible {
                let _ = el.remove_attribute("data-future");
            } else {
                let _ = el.set_attribute("data-future", "");
            }
        }
        self.visible = target;
    }

    /// Marks the item of the event on screen.
    pub fn set_current(&mut self, current: Option<usize>) {
        if self.current == current {
            return;
        }
        for index in [self.current, current].into_iter().flatten() {
            let at = self.items.partition_point(|(i, _)| *i < index);
            if let Some((i, el)) = self.items.get(at) {
                if *i == index {
                    if Some(index) == current {
                        let _ = el.set_attribute("aria-current", "step");
                    } else {
                        let _ = el.remove_attribute("aria-current");
                    }
                }
            }
        }
        self.current = current;
    }

    /// Scrolls the list so the newest shown item is in view.
    pub fn follow(&self) {
        self.parent.set_scroll_top(self.parent.scroll_height());
    }

    /// Scrolls the list, and only the list, so the marked item is in view.
    pub fn reveal_current(&self) {
        let Some(index) = self.current else { return };
        let at = self.items.partition_point(|(i, _)| *i < index);
        if let Some((_, el)) = self.items.get(at) {
            reveal_in(&self.parent, el);
        }
    }
}

/// The top and bottom of an element on screen, in CSS pixels.
fn edges(el: &Element) -> Option<(f64, f64)> {
    let rect = js_sys::Reflect::get(el, &"getBoundingClientRect".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?
        .call0(el)
        .ok()?;
    let read = |key: &str| js_sys::Reflect::get(&rect, &key.into()).ok().and_then(|v| v.as_f64());
    Some((read("top")?, read("bottom")?))
}

/// Scrolls `container`, and nothing else, so `child` is in view (a third of the way down).
pub fn reveal_in(container: &Element, child: &Element) {
    let (Some((top, bottom)), Some((view_top, view_bottom))) = (edges(child), edges(container)) else { return };
    if top < view_top || bottom > view_bottom {
        let offset = top - view_top + container.scroll_top() as f64;
        let target = offset - (view_bottom - view_top) / 3.0;
        container.set_scroll_top(target.max(0.0) as i32);
    }
}

/// The event index of the list item a click landed in, if any.
pub fn clicked_index(ev: &web_sys::MouseEvent) -> Option<usize> {
    let target = ev.target()?.dyn_into::<Element>().ok()?;
    let item = target.closest("[data-index]").ok()??;
    item.get_attribute("data-index")?.parse().ok()
}

/// `performance.now()`, fine-grained enough to time one list item.
fn now_ms() -> f64 {
    let perf = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).unwrap_or_default();
    js_sys::Reflect::get(&perf, &"now".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(&perf).ok())
        .and_then(|v| v.as_f64())
        .unwrap_or_else(js_sys::Date::now)
}
