//! One line under the editor, once a run or a card shows it: the code runs tools of its own (so
//! the door and the answer are judged from the tool results the model read), the page's tools
//! stood in for names it uses without defining them, or its requests sent an empty tools list;
//! and a second line naming the environment variables the code read, which the page answered.

use crate::state::yours::Yours;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn OwnToolsNote() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    let line = move || {
        yours.tools_used.with(|used| {
            let mut said = Vec::new();
            if used.runs_own() {
                said.push(text::yours_own_tools(&used.own));
                if !used.page_stood_in.is_empty() {
                    said.push(text::yours_page_stood_in(&used.page_stood_in));
                }
            }
            if used.empty_schemas {
                said.push(text::yours_empty_schemas().to_string());
            }
            text::one_after_another(&said)
        })
    };
    // The environment names the code read (issue 51): where its key, address and model came from,
    // so a terminal loop's `os.environ["OPENAI_API_KEY"]` is no mystery, and plainly no real key.
    let env = move || yours.env_read.with(|names| text::yours_env_read(names));
    view! {
        <Show when=move || yours.tools_used.with(|u| u.worth_saying())>
            <p class="hint yours-own-tools" data-testid="yours-own-tools" role="note">{line}</p>
        </Show>
        <Show when=move || yours.env_read.with(|n| !n.is_empty())>
            <p class="hint yours-env-read" data-testid="yours-env-read" role="note">{env}</p>
        </Show>
    }
}
