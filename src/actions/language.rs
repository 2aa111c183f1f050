//! Switching the page's language: fetch the language's words when they are a lazy part, then
//! switch the text and tell the page to draw itself again. The run, the settings and the
//! playback position are signals outside what is redrawn, so they stay as they were.

use crate::state::language::Language;
use crate::state::Playground;
use crate::text::{self, Lang};
use leptos::prelude::*;

/// Shows the page in `lang` (the link asked for it): nothing happens if it already is, or is on
/// its way. Only the language asked for last is shown: words that arrive after another was asked for are
/// dropped.
pub fn show(language: Language, lang: Lang) {
    if lang == language.wanted.get_value() {
        return;
    }
    language.wanted.set_value(lang);
    if lang == text::lang() {
        return;
    }
    leptos::task::spawn_local(async move {
        let words = crate::parts::language_words(lang).await;
        if language.wanted.try_get_value() != Some(lang) {
            return;
        }
        match words {
            Ok(core) => {
                language.missing.set(None);
                language.switch(lang, core);
            }
            Err(_) => {
                // Still in the language on screen; asking again fetches again.
                language.wanted.set_value(text::lang());
                language.missing.set(Some(lang));
            }
        }
    });
}

/// The switcher: the language becomes part of the scenario, so the address (written by the
/// URL hook, as a replace) carries it and a copied link opens in it; the language hook follows
/// the address and calls [`show`].
pub fn choose(pg: Playground, lang: Lang) {
    pg.scenario.update(|s| s.lang = Some(lang));
}
