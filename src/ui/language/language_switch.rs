//! English, Français, 中文: each language named in itself, so a reader finds theirs whatever the
//! page speaks now. Choosing one switches at once, with no reload; the run stays on screen.
//! The options are written out (not built from `Lang::ALL`) because the page is drawn again
//! in the new language anyway, and a static list costs the first download far less.

use crate::actions::language::choose;
use crate::state::language::Language;
use crate::text::{self, Lang};
use crate::web::address::Address;
use leptos::prelude::*;

#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let language = expect_context::<Language>();
    let address = expect_context::<Address>();
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(lang) = Lang::from_code(&event_target_value(&ev)) {
            choose(address, lang);
        }
    };
    let missing = move || language.missing.get().map(text::language_missing);
    view! {
        <label class="lang-switch">
            <span class="sr-only">{text::language()}</span>
            <select data-testid="language" prop:value=language.shown.get_untracked().code() on:change=on_change>
                <option value="en" lang="en">"English"</option>
                <option value="fr" lang="fr">"Français"</option>
                <option value="zh" lang="zh">"中文"</option>
            </select>
        </label>
        <p class="lang-missing" role="status" data-testid="language-missing" hidden=move || missing().is_none()>
            {missing}
        </p>
    }
}
