//! What the page gives the code, said where the code is written (and in the README).

use crate::state::yours::Yours;
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::yours::code_lang::CodeLang;

#[component]
pub fn Provides() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    // The same seven things, in the names the code's language gives them.
    let items = move || match yours.code_lang() {
        CodeLang::JavaScript => [
            text::yours_provides_llm(),
            text::yours_provides_fetch(),
            text::yours_provides_tools(),
            text::yours_provides_time(),
            text::yours_provides_random(),
            text::yours_provides_end(),
            text::yours_provides_terminal(),
        ],
        CodeLang::Python => [
            text::yours_py_provides_llm(),
            text::yours_py_provides_fetch(),
            text::yours_py_provides_tools(),
            text::yours_py_provides_time(),
            text::yours_py_provides_random(),
            text::yours_py_provides_end(),
            text::yours_py_provides_terminal(),
        ],
    };
    view! {
        <details class="yours-provides" data-testid="yours-provides">
            <summary>{text::yours_provides_title()}</summary>
            <ul>{move || items().into_iter().map(|item| view! { <li>{item}</li> }).collect_view()}</ul>
        </details>
    }
}
