//! Which language the page speaks. The language itself has one home, `crate::text`, which
//! answers every word in the language last set there; this is how the components learn that it
//! changed, and which language was asked for while its words are on their way.

use crate::text::{self, FirstScreen, Lang};
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct Language {
    /// Fired when the words switch language; the page redraws from it.
    switched: Trigger,
    /// A language that was asked for but whose words could not be fetched (offline on a first
    /// visit); the page says so and stays in the language shown.
    pub missing: RwSignal<Option<Lang>>,
    /// The language asked for last. Words arrive in their own time: those of a language asked
    /// for before another are dropped, so fr, zh, en chosen in a row ends in English.
    pub wanted: StoredValue<Lang>,
}

impl Language {
    /// Starts from the language `main` already set up before the page was mounted.
    pub fn new(missing: Option<Lang>) -> Self {
        Self { switched: Trigger::new(), missing: RwSignal::new(missing), wanted: StoredValue::new(text::lang()) }
    }

    /// The language every word on screen is in (tracked: a reader redraws on a switch).
    pub fn shown(&self) -> Lang {
        self.switched.track();
        text::lang()
    }

    /// Subscribes the caller to a switch of language.
    pub fn track(&self) {
        self.switched.track();
    }

    /// Switches every word to `lang`, whose first-screen words are `core`, and redraws.
    pub fn switch(&self, lang: Lang, core: FirstScreen) {
        text::set_lang(lang, core);
        self.switched.notify();
    }
}
