//! Beside the editor: the language the code runs as (JavaScript or TypeScript, or Python). It
//! follows what is pasted, and a choice swaps the page's own starting code for the same loop in
//! the other language. A browser that cannot run Python says so here, before any Run.

use crate::state::yours::{Exercises, Yours};
use crate::state::Playground;
use crate::text;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::yours::code_lang::CodeLang;

#[component]
pub fn CodeLangChoice() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    let pg = crate::state::expect_context::<Playground>();
    let exercises = crate::state::expect_context::<Exercises>();
    // Known once the host is loaded (it is fetched while the learner reads the code).
    let python_runs = RwSignal::new(true);
    Effect::new(move |_| {
        if yours.code_lang() == CodeLang::Python {
            spawn_local(async move {
                if crate::web::sandbox::load_host().await {
                    python_runs.try_set(crate::web::sandbox::python_supported());
                }
            });
        }
    });
    // An edit that makes the code look like the other language drops an earlier choice. The code
    // a link brought (`code=`, with its `code-lang=`) is not an edit: it may arrive after this
    // view is up, and its choice stays.
    Effect::new(move |before: Option<CodeLang>| {
        let now = yours.detected.get();
        let from_link = yours.start.with_untracked(|s| yours.code.with_untracked(|c| s.as_deref() == Some(c.as_str())));
        if before.is_some_and(|b| b != now) && !from_link {
            crate::actions::yours::code_looks_changed(yours);
        }
        now
    });
    let pick = move |ev: leptos::ev::Event| {
        if let Some(lang) = CodeLang::from_slug(&event_target_value(&ev)) {
            let task = exercises.task.get_value();
            let page = text::lang();
            let start = |code| crate::actions::exercise::starting_code(&task, page, code);
            crate::actions::yours::switch_lang(pg, yours, start, lang);
        }
    };
    let name = |l: CodeLang| match l {
        CodeLang::JavaScript => text::yours_lang_js(),
        CodeLang::Python => text::yours_lang_py(),
    };
    view! {
        <label class="yours-lang">
            <span class="field-label">{text::yours_lang_label()}</span>
            <select data-testid="yours-lang" on:change=pick prop:value=move || yours.code_lang().slug()>
                {CodeLang::ALL.into_iter().map(|l| view! { <option value=l.slug()>{name(l)}</option> }).collect_view()}
            </select>
        </label>
        <Show when=move || yours.code_lang() == CodeLang::Python && !python_runs.get()>
            <p class="yours-no-python" role="note" data-testid="yours-no-python">{text::yours_no_python()}</p>
        </Show>
    }
}
