//! The log's lines: every event of the run, newest at the bottom, each failure marked with its
//! layer. The list only ever appends (see [`AppendList`]), so a long run stays as cheap per line
//! as a short one. Looking back hides the lines after the shown step and marks the step on
//! screen; clicking a line travels to that step. It comes with the loop's lazy part (see
//! `ui::parts`): before the first event there is nothing to list.

use crate::actions::step as playback;
use crate::hooks::after_layout::use_measure_after_layout;
use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::web::append_list::{build_deferred_at_idle, clicked_index, escape_into, AppendList};
use leptos::html::Div;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::show::view::{turn_of, RunRecord};

/// The global array scripts/measure-perf.mjs provides to time each new line (see README).
const PERF_PROBE: &str = "__rustyLockAppendTimes";

/// One line of the log as HTML, parsed once with its neighbours and never diffed again. A long
/// run at instant speed adds thousands of lines at once: one parse per chunk costs far less than
/// building each line's elements and attributes one call at a time.
fn entry_html(event: &Event) -> String {
    let kind = event.kind();
    let layer = event.layer();
    let mut html = format!(r#"<li class="entry" data-kind="{kind}""#);
    if let Some(l) = layer {
        html.push_str(&format!(r#" data-layer="{}""#, l.slug()));
    }
    html.push_str(r#"><span class="entry-turn">"#);
    if let Some(t) = turn_of(event) {
        html.push_str(&format!("T{t}"));
    }
    // The layer's shape is drawn by style/main.css from `data-layer`: an SVG on each of a
    // thousand failure lines was a sixth of what a long run's log had to parse.
    html.push_str(r#"</span><span class="entry-icon" aria-hidden="true"></span><span class="entry-text">"#);
    escape_into(&mut html, &text::describe(event));
    html.push_str("</span>");
    // What the robust loop kept back from the model: the whole exception, for a person only.
    if let Event::ToolFailed { logged: Some(_), .. } = event {
        html.push_str(r#"<details class="entry-logs" data-testid="your-logs"><summary>"#);
        escape_into(&mut html, text::logs_only());
        // Empty until it is opened (`fill_logs`): a 1,000-turn run has a thousand of these, and
        // their dumps in the HTML made each failure line four times as dear to add.
        html.push_str("</summary><pre></pre></details>");
    }
    if let Some(l) = layer {
        html.push_str(&format!(r#"<span class="tag tag-{}">"#, l.slug()));
        escape_into(&mut html, text::layer_name(l));
        html.push_str("</span>");
    }
    html.push_str("</li>");
    html
}

/// Puts the kept exception into a line's folded logs the first time they are opened (a click, or
/// Enter or Space on the summary, which the browser turns into a click).
fn fill_logs(pg: Playground, ev: &leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
    let Some(pre) = target.closest(".entry-logs").ok().flatten().and_then(|d| d.query_selector("pre").ok().flatten())
    else {
        return;
    };
    if pre.text_content().is_some_and(|t| !t.is_empty()) {
        return;
    }
    let Some(index) = clicked_index(ev) else { return };
    let dump = pg.run.try_with_untracked(|rec| match rec.events().get(index) {
        Some(Event::ToolFailed { logged: Some(dump), .. }) => Some(text::clip(dump).into_owned()),
        _ => None,
    });
    if let Some(Some(dump)) = dump {
        pre.set_text_content(Some(&dump));
    }
}

#[component]
pub fn LogLines() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<Shown>();
    let list = NodeRef::<Div>::new();
    let lines = StoredValue::new_local(None::<AppendList>);
    // Append what is new; a new run starts the list over.
    Effect::new(move |_| {
        let run = pg.playback.run_id.get();
        let Some(el) = list.get() else { return };
        let build_later = pg.run.with(|rec| {
            lines
                .try_update_value(|slot| {
                    let log = slot.get_or_insert_with(|| AppendList::new(el.into(), run, Some(PERF_PROBE)).deferring());
                    if log.run != run || rec.events().len() < log.len() {
                        log.clear(run);
                    }
                    let start = log.len();
                    log.push_html(rec.events().iter().enumerate().skip(start).map(|(i, event)| (i, entry_html(event))));
                    log.start_building()
                })
                .unwrap_or(false)
        });
        // A batch's earlier lines, out of view, are parsed at idle moments after it.
        if build_later {
            leptos::task::spawn_local(build_deferred_at_idle(move || {
                lines.try_update_value(|slot| slot.as_mut().map(AppendList::build_one_deferred)).flatten()
            }));
        }
    });
    // Follow the newest line once the page has laid the new ones out, unless looking back.
    use_measure_after_layout(
        pg,
        move || {
            pg.run.with(RunRecord::len);
            pg.playback.cursor.get().is_none()
        },
        move || {
            if pg.playback.cursor.try_get_untracked() == Some(None) {
                lines.try_with_value(|slot| slot.as_ref().map(AppendList::follow));
            }
        },
    );
    // Time travel: hide what comes after the shown step, mark the step itself.
    Effect::new(move |_| {
        let index = shown.index.get();
        let looking_back = pg.playback.cursor.get().is_some();
        lines.update_value(|slot| {
            if let Some(log) = slot {
                log.set_limit(if looking_back { index } else { None });
                log.set_current(index);
                if looking_back {
                    log.reveal_current();
                }
            }
        });
    });
    let travel = move |ev: leptos::ev::MouseEvent| {
        fill_logs(pg, &ev);
        if let Some(i) = clicked_index(&ev) {
            playback::scrub(pg, i);
        }
    };
    // The turn column is as wide as the run's last turn number (style/main.css, `.entry`): "T341"
    // in a column made for "T99" ran into the line's icon.
    let turn_digits = move || {
        let turns = pg.scenario.with(|s| s.config.guards.max_turns);
        format!("--turn-digits: {}", crate::ui::digits(turns as usize))
    };
    // The scroll container: focusable, so the keyboard can scroll it, and named after the panel.
    view! {
        <div class="entries" data-testid="event-log" role="group" tabindex="0" aria-labelledby="log-title" style=turn_digits node_ref=list on:click=travel></div>
    }
}
