//! The messages the model is sent: the whole list again on every turn. Like the log, the list
//! only appends, and looking back shows it as it was at the shown step.

use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::web::append_list::AppendList;
use leptos::html::Div;
use leptos::prelude::*;
use leptos::tachys::view::Render;
use rusty_lock_engine::script::script;
use rusty_lock_engine::wire::ToolCall;
use rusty_lock_engine::{Event, Layer};

fn message(role: &'static str, body: &str, calls: &[ToolCall], failed: bool) -> web_sys::Element {
    let calls: Vec<String> = calls
        .iter()
        .map(|c| format!("→ {}({})", text::clip(&c.function.name), text::clip(&c.function.arguments)))
        .collect();
    let item = view! {
        <li class=format!("msg msg-{role}") class:msg-error=failed>
            <span class="role">{role}</span>
            <span class="body">{text::clip(body).into_owned()}</span>
            {calls.into_iter().map(|c| view! { <code class="call">{c}</code> }).collect_view()}
        </li>
    };
    let built = item.build();
    (*built).clone()
}

/// The messages an event adds to the history, in order.
fn messages_of(event: &Event) -> Vec<web_sys::Element> {
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

#[component]
pub fn History() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<Shown>();
    let list = NodeRef::<Div>::new();
    let items = StoredValue::new_local(None::<(AppendList, usize)>);
    let tokens = Memo::new(move |_| shown.view.with(|v| (v.messages, v.est_tokens)));
    Effect::new(move |_| {
        let run = pg.playback.run_id.get();
        let Some(el) = list.get() else { return };
        pg.events.with(|events| {
            items.update_value(|slot| {
                let (history, seen) = slot.get_or_insert_with(|| (AppendList::new(el.into(), run, None), 0));
                if history.run != run || events.len() < *seen {
                    history.clear(run);
                    *seen = 0;
                }
                for (i, event) in events.iter().enumerate().skip(*seen) {
                    for el in messages_of(event) {
                        history.push(i, || el);
                    }
                }
                *seen = events.len();
            });
        });
    });
    Effect::new(move |_| {
        let index = shown.index.get();
        let looking_back = pg.playback.cursor.get().is_some();
        items.update_value(|slot| {
            if let Some((history, _)) = slot {
                history.set_limit(if looking_back { index } else { None });
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
