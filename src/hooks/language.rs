//! Keeps the page's language in step with the address, and the document with the language:
//! `<html lang>`, the tab's title and the description follow every switch.

use crate::state::language::Language;
use crate::text;
use crate::web::address::Address;
use leptos::prelude::*;
use rusty_lock_engine::show::route::Route;

/// Call once, at the top of the app. A link without `lang` keeps the language on screen (the
/// one the browser asked for at load, or the one last chosen).
pub fn use_language(language: Language, address: Address) {
    Effect::new(move |_| {
        if let Some(lang) = Route::of(&address.search()).lang {
            crate::actions::language::show(language, lang);
        }
    });
    Effect::new(move |_| {
        let lang = language.shown();
        crate::web::language::show_document_lang(lang.code(), text::page_title(), text::page_description());
        crate::web::fatal::word_banner(text::fatal(), text::fatal_reload());
    });
}
