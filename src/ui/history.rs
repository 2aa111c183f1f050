//! The messages the model is sent: the whole list again on every turn.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::tools::ERROR_PREFIX;
use rusty_lock_engine::wire::Role;

#[component]
pub fn History() -> impl IntoView {
    let pg = expect_context::<Playground>();
    let messages = Memo::new(move |_| pg.events.with(|e| rusty_lock_engine::history(e)));
    let tokens = Memo::new(move |_| pg.view.with(|v| (v.messages, v.est_tokens)));
    view! {
        <section class="panel history" aria-labelledby="history-title">
            <h2 id="history-title">{text::HISTORY}</h2>
            <p class="meter" data-testid="history-meter">
                {move || { let (m, t) = tokens.get(); text::history_meter(m, t) }}
            </p>
            <ol class="messages" data-testid="history">
                {move || messages.get().into_iter().map(|m| {
                    let role = match m.role { Role::System => "system", Role::User => "user", Role::Assistant => "assistant", Role::Tool => "tool" };
                    let body = m.content.clone().unwrap_or_default();
                    let failed = m.role == Role::Tool && body.starts_with(ERROR_PREFIX);
                    let calls: Vec<String> = m.calls().iter().map(|c| format!("→ {}({})", c.function.name, c.function.arguments)).collect();
                    view! {
                        <li class=format!("msg msg-{role}") class:msg-error=failed>
                            <span class="role">{role}</span>
                            <span class="body">{body}</span>
                            {calls.into_iter().map(|c| view! { <code class="call">{c}</code> }).collect_view()}
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
    }
}
