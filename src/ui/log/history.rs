//! The messages the model is sent: the whole list again on every turn. Like the log, the list
//! only appends, and looking back shows it as it was at the shown step.

use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::web::append_list::{escape_into, AppendList};
use leptos::html::Div;
use leptos::prelude::*;
use rusty_lock_engine::run::error_text::secrets_in;
use rusty_lock_engine::run::events::{Event, Layer};
use rusty_lock_engine::run::script::script;
use rusty_lock_engine::run::wire::ToolCall;
use rusty_lock_engine::show::view::RunRecord;

/// One message as HTML, parsed with its neighbours in one go (see [`AppendList::push_html`]):
/// a 1,000-turn run adds two thousand of them, and building each one's elements a call at a
/// time cost as much as the rest of the run.
fn message(role: &'static str, body: &str, calls: &[ToolCall], failed: bool) -> String {
    // A result that carries secrets is marked: from here on every turn sends them again.
    let secret = failed && !secrets_in(body).is_empty();
    let mut html = format!(
        r#"<li class="msg msg-{role}{}{}">"#,
        if failed { " msg-error" } else { "" },
        if secret { " msg-secret" } else { "" }
    );
    html.push_str(r#"<span class="role">"#);
    html.push_str(role);
    html.push_str(r#"</span><span class="body">"#);
    escape_into(&mut html, &text::clip(body));
    html.push_str("</span>");
    for c in calls {
        html.push_str(r#"<code class="call">"#);
        escape_into(&mut html, &format!("→ {}({})", text::clip(&c.function.name), text::clip(&c.function.arguments)));
        html.push_str("</code>");
    }
    html.push_str("</li>");
    html
}

/// The messages an event adds to the history, in order.
fn messages_of(event: &Event) -> Vec<String> {
    match event {
        Event::RunStarted { task, lang, .. } => {
            vec![message("system", script(*lang).system_prompt, &[], false), message("user", task, &[], false)]
        }
        Event::ModelReplied { content, tool_calls, .. } => {
            vec![message("assistant", content.as_deref().unwrap_or_default(), tool_calls, false)]
        }
        Event::ToolSucceeded { output, .. } => vec![message("tool", output, &[], false)],
        // A thrown error (the naive loop) never reaches the history.
        Event::ToolFailed { output, layer, .. } if *layer != Layer::Nobody => vec![message("tool", output, &[], true)],
        _ => Vec::new(),
    }
}

/// The most new events whose messages go in at once. More (a run at instant speed hands over
/// hundreds at a time) are put in at the browser's idle moments, [`CATCH_UP`] events at a time:
/// the panel is below the fold, and building two thousand messages while the run was still
/// arriving was a sixth of a 1,000-turn run's time in the page.
const NOW_MAX: usize = 100;
/// Events per idle moment while the history catches up.
const CATCH_UP: usize = 400;

/// The history's list in the DOM, and how far into the run it has got.
struct Messages {
    list: AppendList,
    /// Events whose messages are in the list.
    seen: usize,
    /// Whether an idle catch-up is under way.
    catching_up: bool,
}

/// Puts in the messages of the run's events up to `end` (at most): `true` once the list has
/// every event's. Nothing, and `true`, for a panel no longer on the page.
fn append(pg: Playground, items: StoredValue<Option<Messages>, LocalStorage>, end: usize) -> bool {
    pg.run
        .try_with_untracked(|rec| {
            items
                .try_update_value(|slot| {
                    let Some(m) = slot else { return true };
                    let end = end.min(rec.len());
                    let new = rec.events()[m.seen.min(end)..end].iter().enumerate().map(|(k, e)| (m.seen + k, e));
                    m.list.push_html(new.flat_map(|(i, event)| messages_of(event).into_iter().map(move |h| (i, h))));
                    m.seen = m.seen.max(end);
                    m.seen >= rec.len()
                })
                .unwrap_or(true)
        })
        .unwrap_or(true)
}

#[component]
pub fn History() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<Shown>();
    let list = NodeRef::<Div>::new();
    let items = StoredValue::new_local(None::<Messages>);
    let tokens = Memo::new(move |_| shown.view.with(|v| (v.messages, v.est_tokens)));
    Effect::new(move |_| {
        let run = pg.playback.run_id.get();
        let Some(el) = list.get() else { return };
        let len = pg.run.with(RunRecord::len);
        let (behind, catching_up) = items
            .try_update_value(|slot| {
                let m = slot.get_or_insert_with(|| Messages {
                    list: AppendList::new(el.into(), run, None),
                    seen: 0,
                    catching_up: false,
                });
                if m.list.run != run || len < m.seen {
                    m.list.clear(run);
                    m.seen = 0;
                }
                (len - m.seen, m.catching_up)
            })
            .unwrap_or((0, true));
        if catching_up {
            return;
        }
        if behind <= NOW_MAX {
            append(pg, items, len);
            return;
        }
        items.update_value(|slot| slot.iter_mut().for_each(|m| m.catching_up = true));
        leptos::task::spawn_local(async move {
            loop {
                crate::web::idle::idle().await;
                let Some(from) = items.try_with_value(|slot| slot.as_ref().map_or(usize::MAX, |m| m.seen)) else {
                    return;
                };
                if append(pg, items, from.saturating_add(CATCH_UP)) {
                    break;
                }
            }
            items.try_update_value(|slot| slot.iter_mut().for_each(|m| m.catching_up = false));
        });
    });
    Effect::new(move |_| {
        let index = shown.index.get();
        let looking_back = pg.playback.cursor.get().is_some();
        items.update_value(|slot| {
            if let Some(history) = slot {
                history.list.set_limit(if looking_back { index } else { None });
            }
        });
    });
    view! {
        <section class="panel history" aria-labelledby="history-title">
            <h2 id="history-title">{text::history()}</h2>
            <p class="meter" data-testid="history-meter">
                {move || { let (m, t) = tokens.get(); text::history_meter(m, t) }}
            </p>
            <div class="messages" data-testid="history" role="group" tabindex="0" aria-labelledby="history-title" node_ref=list></div>
        </section>
    }
}
