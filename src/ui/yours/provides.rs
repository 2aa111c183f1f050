//! What the page gives the code, said where the code is written (and in the README).

use crate::text;
use leptos::prelude::*;

#[component]
pub fn Provides() -> impl IntoView {
    view! {
        <details class="yours-provides" data-testid="yours-provides">
            <summary>{text::yours_provides_title()}</summary>
            <ul>
                <li>{text::yours_provides_llm()}</li>
                <li>{text::yours_provides_fetch()}</li>
                <li>{text::yours_provides_tools()}</li>
                <li>{text::yours_provides_time()}</li>
                <li>{text::yours_provides_random()}</li>
                <li>{text::yours_provides_end()}</li>
            </ul>
        </details>
    }
}
