//! Every event of the run as a line, newest at the bottom, each failure marked with its layer.
//! The list only ever appends (see [`AppendList`]), so a long run stays as cheap per line as a
//! short one. Looking back hides the lines after the shown step and marks the step on screen;
//! clicking a line travels to that step.

use crate::playback::{self, Shown};
use crate::state::Playground;
use crate::text;
use crate::ui::layer_icon::LayerIcon;
use crate::web::append_list::{clicked_index, AppendList};
use leptos::html::Ol;
use leptos::prelude::*;
use leptos::tachys::view::Render;
use rusty_lock_engine::view::turn_of;
use rusty_lock_engine::Event;

/// The global array scripts/measure-perf.mjs provides to time each new line (see README).
const PERF_PROBE: &str = "__rustyLockAppendTimes";

/// One line of the log, built once and never diffed again.
fn entry(event: &Event) -> web_sys::Element {
    let layer = event.layer();
    let turn = turn_of(event).map(|t| format!("T{t}")).unwrap_or_default();
    let line = view! {
        <li class=format!("entry kind-{}", event.kind()) data-kind=event.kind() data-layer=layer.map(|l| l.slug())>
            <span class="entry-turn">{turn}</span>
            <span class="entry-icon">{layer.map(|l| view! { <LayerIcon layer=l /> })}</span>
            <span class="entry-text">{text::describe(event)}</span>
            {layer.map(|l| view! { <span class=format!("tag tag-{}", l.slug())>{text::layer_name(l)}</span> })}
        </li>
    };
    let built = line.build();
    (*built).clone()
}

#[component]
pub fn EventLog() -> impl IntoView {
    let pg = expect_context::<Playground>();
    let shown = expect_context::<Shown>();
    let list = NodeRef::<Ol>::new();
    let lines = StoredValue::new_local(None::<AppendList>);
    let count = Memo::new(move |_| pg.events.with(Vec::len));
    // Append what is new; a new run starts the list over.
    Effect::new(move |_| {
        let run = pg.playback.run_id.get();
        let Some(ol) = list.get() else { return };
        pg.events.with(|events| {
            lines.update_value(|slot| {
                let log = slot.get_or_insert_with(|| AppendList::new(ol.into(), run, Some(PERF_PROBE)));
                if log.run != run || events.len() < log.len() {
                    log.clear(run);
                }
                for (i, event) in events.iter().enumerate().skip(log.len()) {
                    log.push(i, || entry(event));
                }
            });
        });
        // Follow the newest line once the page has laid the new ones out.
        if pg.playback.cursor.get_untracked().is_none() {
            request_animation_frame(move || {
                if pg.playback.cursor.get_untracked().is_none() {
                    lines.with_value(|slot| slot.as_ref().map(AppendList::follow));
                }
            });
        }
    });
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
        if let Some(i) = clicked_index(&ev) {
            playback::scrub(pg, i);
        }
    };
    view! {
        <section class="panel log" aria-labelledby="log-title">
            <h2 id="log-title">{text::LOG}<span class="count">{count}</span></h2>
            <Show when=move || count.get() == 0>
                <p class="empty">{text::LOG_EMPTY}</p>
            </Show>
            <ol class="entries" data-testid="event-log" node_ref=list on:click=travel></ol>
        </section>
    }
}
