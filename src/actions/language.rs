//! Switching the page's language: fetch the language's words when they are a lazy part, then
//! switch the text and tell the page to draw itself again. The run, the settings and the
//! playback position are signals outside what is redrawn, so they stay as they were.

use crate::state::language::Language;
use crate::text::{self, Lang};
use crate::web::address::Address;
use leptos::prelude::*;

/// Shows the page in `lang` (the link asked for it): nothing happens if it already is.
pub fn show(language: Language, lang: Lang) {
    if lang == language.shown.get_untracked() {
        return;
    }
    leptos::task::spawn_local(async move {
        match crate::parts::language_words(lang).await {
            Ok(core) => {
                text::set_lang(lang, core);
                language.missing.set(None);
                language.shown.set(lang);
            }
            Err(_) => language.missing.set(Some(lang)),
        }
    });
}

/// The switcher: writes `lang` into the address (a replace, no history entry), so a copied link
/// carries it; the language hook follows the address and calls [`show`].
pub fn choose(address: Address, lang: Lang) {
    address.replace(&with_lang(&address.search_untracked(), lang.code()));
}

/// `search` with its `lang` set to `code`, every other key kept in place.
pub fn with_lang(search: &str, code: &str) -> String {
    let mut pairs: Vec<String> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| if kv.starts_with("lang=") { format!("lang={code}") } else { kv.to_string() })
        .collect();
    if !pairs.iter().any(|kv| kv.starts_with("lang=")) {
        pairs.push(format!("lang={code}"));
    }
    format!("?{}", pairs.join("&"))
}

#[cfg(test)]
mod tests {
    use super::with_lang;

    #[test]
    fn the_switcher_replaces_lang_and_keeps_every_other_key_in_place() {
        assert_eq!(with_lang("?lesson=bad-key&lang=en&speed=2", "fr"), "?lesson=bad-key&lang=fr&speed=2");
        assert_eq!(with_lang("?lesson=bad-key", "zh"), "?lesson=bad-key&lang=zh");
        assert_eq!(with_lang("", "fr"), "?lang=fr");
        assert_eq!(with_lang("?", "en"), "?lang=en");
    }
}
