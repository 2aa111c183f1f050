//! An append-only list in the DOM, for lists that only ever grow during a run (the event log,
//! the history). Adding an item touches that item alone, so item 5,000 costs what item 50 did;
//! a keyed diff over the whole list would cost more with every item.
//!
//! Items go into chunks of [`CHUNK`], each an `ol` of its own inside the parent (a `div`, the
//! scroll container), so every `li` sits in a list as HTML and screen readers expect. Appending
//! to a flat list of thousands of items makes the browser walk all of them on every layout; with
//! chunks it lays out one chunk and skips the others, which style/scene.css also lets it skip
//! painting (`content-visibility: auto`).
//!
//! Time travel hides the items after the shown step and marks the one on screen, touching only
//! the items between the old and the new position.
//!
//! A list made [`AppendList::deferring`] parses a large batch's earlier chunks later: a 1,000-turn
//! run at instant speed hands the log hundreds of lines at once, of which only the last few can
//! be on screen. Their HTML waits beside an empty chunk (marked `data-deferred`) until the owner
//! calls [`AppendList::build_one_deferred`] at an idle moment ([`build_deferred_at_idle`]); parsing
//! them during the run was a third of its time in the page. Anything that must touch a waiting
//! item (time travel, the mark of the step on screen) builds them all first.

use wasm_bindgen::JsCast;
use web_sys::Element;

/// Items per chunk.
const CHUNK: usize = 100;

pub struct AppendList {
    parent: Element,
    /// The chunk new items go into, until it is full.
    chunk: Option<Element>,
    /// The items, each with the index of the event it came from, in order; `None` while its
    /// chunk is deferred.
    items: Vec<(usize, Option<Element>)>,
    /// Whether a large batch's earlier chunks may wait (see the module's doc).
    defers: bool,
    /// The chunks still to parse, oldest first.
    deferred: Vec<Deferred>,
    /// Whether the owner has been told to build the deferred chunks (see [`AppendList::start_building`]).
    building: bool,
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

/// A chunk whose items wait, as HTML, to be parsed.
struct Deferred {
    chunk: Element,
    /// The position of its first item in the list.
    first: usize,
    html: String,
}

/// Builds a list's deferred chunks one per idle moment, newest first, while `build_one` (which
/// calls [`AppendList::build_one_deferred`]) says more wait. It returns `None` once the list is no
/// longer on the page, which ends this too.
pub async fn build_deferred_at_idle(mut build_one: impl FnMut() -> Option<bool>) {
    loop {
        crate::web::idle::idle().await;
        if build_one() != Some(true) {
            return;
        }
    }
}

impl AppendList {
    /// `probe` names a global array (set by scripts/measure-perf.mjs before the page loads) that
    /// receives `[position, ms]` for every item added; without that array it costs nothing.
    pub fn new(parent: Element, run: u64, probe: Option<&str>) -> Self {
        let probe = probe
            .and_then(|name| js_sys::Reflect::get(&js_sys::global(), &name.into()).ok())
            .and_then(|v| v.dyn_into::<js_sys::Array>().ok());
        AppendList {
            parent,
            chunk: None,
            items: Vec::new(),
            defers: false,
            deferred: Vec::new(),
            building: false,
            visible: 0,
            limit: None,
            current: None,
            run,
            probe,
        }
    }

    /// Lets a large batch's earlier chunks wait to be parsed (see the module's doc). Its owner
    /// then builds them at idle moments: see [`AppendList::start_building`].
    pub fn deferring(mut self) -> Self {
        self.defers = true;
        self
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Empties the list for a new run.
    pub fn clear(&mut self, run: u64) {
        self.parent.set_text_content(None);
        self.chunk = None;
        self.items.clear();
        self.deferred.clear();
        self.visible = 0;
        self.current = None;
        self.run = run;
    }

    /// Adds items given as HTML, each starting with its tag (`<li ...`), parsing each chunk's
    /// share in one go. The list adds its marks after each tag name: the event index, and whether the item comes
    /// after the shown step or is the step on screen.
    pub fn push_html(&mut self, items: impl Iterator<Item = (usize, String)>) {
        let items: Vec<(usize, String)> = items.collect();
        let mut at = 0;
        while at < items.len() {
            // For the measurement, lay out what is already pending first, so the figure below is
            // this group's own cost and not the whole page's first layout after a change.
            let started = self.probe.as_ref().map(|_| {
                let _ = self.parent.scroll_height();
                now_ms()
            });
            if self.chunk.is_none() || self.items.len().is_multiple_of(CHUNK) {
                self.new_chunk();
            }
            let room = CHUNK - self.items.len() % CHUNK;
            let group = &items[at..(at + room).min(items.len())];
            let mut html = String::new();
            for (index, item) in group {
                self.push_marked(&mut html, *index, item);
            }
            let Some(chunk) = self.chunk.clone() else { return };
            // A whole new chunk with at least a chunk more behind it in this batch is never the
            // one in view while the list follows its newest item: it can wait.
            let whole = room == CHUNK && group.len() == CHUNK;
            let first = self.items.len();
            for (index, _) in group {
                self.items.push((*index, None));
                if self.limit.is_none_or(|l| *index <= l) {
                    self.visible = self.items.len();
                }
            }
            if self.defers && whole && items.len() - at >= 2 * CHUNK {
                let _ = chunk.set_attribute("data-deferred", "");
                self.deferred.push(Deferred { chunk, first, html });
            } else {
                self.parse_into(&chunk, first, &html);
                if let Some(started) = started {
                    self.probe_since(started, first);
                }
            }
            at += group.len();
        }
    }

    /// Parses `html` at the end of `chunk`, and fills in the elements of the items from position
    /// `first` on.
    fn parse_into(&mut self, chunk: &Element, first: usize, html: &str) {
        let _ = chunk.insert_adjacent_html("beforeend", html);
        let children = chunk.children();
        let count = self.items.len().min(first + CHUNK) - first;
        let from = children.length().saturating_sub(count as u32);
        for k in 0..count {
            if let Some(slot) = self.items.get_mut(first + k) {
                slot.1 = children.item(from + k as u32);
            }
        }
    }

    /// For the measurement: the time since `started`, with a forced layout so the figure includes
    /// what the browser does for the new items, charged in equal shares to the items from
    /// position `first` to the end of its chunk.
    fn probe_since(&self, started: f64, first: usize) {
        let Some(probe) = &self.probe else { return };
        let _ = self.parent.scroll_height();
        let end = self.items.len().min(first + CHUNK);
        let each = (now_ms() - started) / (end - first).max(1) as f64;
        for position in first..end {
            probe.push(&js_sys::Array::of2(&(position as f64).into(), &each.into()));
        }
    }

    /// Says once, when chunks first wait, that the owner should start building them at idle
    /// moments; again only after they were all built. `false` if nothing waits or a build is
    /// under way.
    pub fn start_building(&mut self) -> bool {
        let start = !self.deferred.is_empty() && !self.building;
        self.building |= start;
        start
    }

    /// Parses the deferred chunk nearest the newest item: `true` while more wait.
    pub fn build_one_deferred(&mut self) -> bool {
        if let Some(Deferred { chunk, first, html }) = self.deferred.pop() {
            let started = self.probe.as_ref().map(|_| now_ms());
            self.parse_into(&chunk, first, &html);
            let _ = chunk.remove_attribute("data-deferred");
            if let Some(started) = started {
                self.probe_since(started, first);
            }
        }
        self.building = !self.deferred.is_empty();
        self.building
    }

    /// Parses every deferred chunk now, before an item in one is touched.
    fn build_all_deferred(&mut self) {
        while !self.deferred.is_empty() {
            self.build_one_deferred();
        }
    }

    /// Parses every deferred chunk now if an item from position `from` to `to` waits in one, so
    /// the caller can touch them all.
    fn built_between(&mut self, from: usize, to: usize) {
        if self.deferred.iter().any(|d| d.first < to && from < d.first + CHUNK) {
            self.build_all_deferred();
        }
    }

    /// The position of the item of event `index`, or of the first after it.
    fn position_of(&self, index: usize) -> usize {
        self.items.partition_point(|(i, _)| *i < index)
    }

    /// Appends an item's HTML to `html` with the list's marks after its tag name: its event
    /// index, and whether it comes after the shown step or is the step on screen.
    fn push_marked(&self, html: &mut String, event_index: usize, item: &str) {
        let tag_end = item.find([' ', '>']).unwrap_or(item.len());
        html.push_str(&item[..tag_end]);
        html.push_str(r#" data-index=""#);
        html.push_str(&event_index.to_string());
        html.push('"');
        if self.limit.is_some_and(|l| event_index > l) {
            html.push_str(r#" data-future="""#);
        }
        if self.current == Some(event_index) {
            html.push_str(r#" aria-current="step""#);
        }
        html.push_str(&item[tag_end..]);
    }

    fn new_chunk(&mut self) {
        let chunk = self.parent.owner_document().and_then(|d| d.create_element("ol").ok());
        if let Some(chunk) = &chunk {
            chunk.set_class_name("chunk");
            let _ = self.parent.append_child(chunk);
        }
        self.chunk = chunk;
    }

    /// Shows the items of events up to `limit` (all of them for `None`).
    pub fn set_limit(&mut self, limit: Option<usize>) {
        self.limit = limit;
        let target = match limit {
            None => self.items.len(),
            Some(l) => self.items.partition_point(|(i, _)| *i <= l),
        };
        self.built_between(target.min(self.visible), target.max(self.visible));
        for (_, el) in &self.items[target.min(self.visible)..target.max(self.visible)] {
            let Some(el) = el else { continue };
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
            let at = self.position_of(index);
            self.built_between(at, at + 1);
            if let Some((i, Some(el))) = self.items.get(at) {
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
    pub fn reveal_current(&mut self) {
        let Some(index) = self.current else { return };
        let at = self.position_of(index);
        self.built_between(at, at + 1);
        if let Some((_, Some(el))) = self.items.get(at) {
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

/// Appends `text` to `html` with the characters HTML gives a meaning escaped, for items given
/// as HTML ([`AppendList::push_html`]): a model's words reach the lists, and they must stay words.
/// The text between two escaped characters is copied in one piece: pushed a character at a time,
/// escaping was a tenth of a 1,000-turn run's time in the page.
pub fn escape_into(html: &mut String, text: &str) {
    let mut plain = 0;
    for (at, byte) in text.bytes().enumerate() {
        let escaped = match byte {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        // Each of these is one ASCII byte, so `at` and `at + 1` are character boundaries.
        html.push_str(&text[plain..at]);
        html.push_str(escaped);
        plain = at + 1;
    }
    html.push_str(&text[plain..]);
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

#[cfg(test)]
mod tests {
    use super::escape_into;

    fn escaped(text: &str) -> String {
        let mut html = String::from("<li>");
        escape_into(&mut html, text);
        html
    }

    #[test]
    fn a_models_markup_stays_words_and_every_other_character_is_kept_as_it_came() {
        assert_eq!(escaped(""), "<li>");
        assert_eq!(escaped("plain"), "<li>plain");
        assert_eq!(
            escaped(r#"<b onclick="x">'&'</b>"#),
            "<li>&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;"
        );
        assert_eq!(escaped("«锁» → <é>"), "<li>«锁» → &lt;é&gt;");
        assert_eq!(escaped("&&"), "<li>&amp;&amp;");
    }
}
