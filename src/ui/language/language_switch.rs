//! English, Français, 中文: each language named in itself, so a reader finds theirs whatever the
//! page speaks now. Choosing one switches at once, with no reload; the run stays on screen.

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
    view! {
        <label class="lang-switch">
            <span class="sr-only">{text::language()}</span>
            <select data-testid="language" on:change=on_change>
                {Lang::ALL
                    .into_iter()
                    .map(|lang| {
                        view! {
                            <option value=lang.code() lang=lang.code() selected=move || language.shown.get() == lang>
                                {text::endonym(lang)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
        <Show when=move || language.missing.get().is_some()>
            <p class="lang-missing" role="alert" data-testid="language-missing">
                {move || language.missing.get().map(text::language_missing)}
            </p>
        </Show>
    }
}
