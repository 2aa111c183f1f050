//! The event log's panel: its title, the count of events, and the lines once there are any.
//! The lines themselves (`ui::log::log_lines`) come with the loop's lazy part.

use crate::state::Playground;
use crate::text;
use crate::ui::lazy::part;
use crate::ui::parts;
use leptos::prelude::*;
use rusty_lock_engine::show::view::RunRecord;

#[component]
pub fn EventLog() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let count = Memo::new(move |_| pg.run.with(RunRecord::len));
    view! {
        <section class="panel log" aria-labelledby="log-title">
            <h2 id="log-title">{text::log()}<span class="count">{count}</span></h2>
            <Show when=move || count.get() != 0 fallback=|| view! { <p class="empty">{text::log_empty()}</p> }>
                {part(parts::log_lines())}
            </Show>
        </section>
    }
}
