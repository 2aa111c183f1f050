//! What the code logged in its last run (`console.log`, `console.warn`…), with its virtual time.

use crate::state::yours::Yours;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn ConsoleLog() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    view! {
        <Show when=move || yours.logs.with(|l| !l.is_empty())>
            <details class="yours-console" data-testid="yours-console">
                <summary>{text::yours_console_title()}</summary>
                <ol>
                    {move || yours.logs.with(|logs| logs.iter().map(|l| {
                        let class = format!("console-line console-{}", serde_json::to_value(l.level).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default());
                        let time = text::duration(l.t_ms);
                        let line = text::clip(&l.text).into_owned();
                        view! { <li class=class><span class="console-t">{time}</span>" "<span>{line}</span></li> }
                    }).collect_view())}
                </ol>
            </details>
        </Show>
    }
}
