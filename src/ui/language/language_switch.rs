//! English, Français, 中文: each language named in itself, so a reader finds theirs whatever the
//! page speaks now. Choosing one switches at once, with no reload; the run stays on screen.
//!
//! The control is plain markup with one listener: the page is drawn again in the new language
//! anyway, so nothing in it needs to react, and markup costs the first download far less than
//! the same elements built one by one.

use crate::actions::language::choose;
use crate::state::language::Language;
use crate::state::Playground;
use crate::text::{self, Lang};
use leptos::prelude::*;

#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let language = crate::state::expect_context::<Language>();
    let pg = crate::state::expect_context::<Playground>();
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(lang) = crate::web::events::target_value(&ev).as_deref().and_then(Lang::from_code) {
            choose(pg, lang);
        }
    };
    let markup = move || {
        let shown = text::lang();
        let option = |lang: Lang, name: &str| {
            let selected = if lang == shown { " selected" } else { "" };
            format!(r#"<option value="{0}" lang="{0}"{selected}>{name}</option>"#, lang.code())
        };
        let missing = language.missing.get().map_or_else(String::new, |lang| {
            format!(
                r#"<span class="lang-missing" role="status" data-testid="language-missing">{}</span>"#,
                text::language_missing(lang)
            )
        });
        format!(
            r#"<label><span class="sr-only">{}</span><select data-testid="language">{}{}{}</select></label>{missing}"#,
            text::language(),
            option(Lang::En, "English"),
            option(Lang::Fr, "Français"),
            option(Lang::Zh, "中文"),
        )
    };
    view! { <span class="lang-switch" on:change=on_change inner_html=markup></span> }
}
