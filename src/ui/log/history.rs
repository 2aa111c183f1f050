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
        pg.run.with(|rec| {
            items.update_value(|slot| {
                let (history, seen) = slot.get_or_insert_with(|| (AppendList::new(el.into(), run, None), 0));
                if history.run != run || rec.events().len() < *seen {
                    history.clear(run);
                    *seen = 0;
                }
                let new = rec.events().iter().enumerate().skip(*seen);
                history.push_html(new.flat_map(|(i, event)| messages_of(event).into_iter().map(move |m| (i, m))));
                *seen = rec.events().len();
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
