//! Which language the page speaks, as a signal the page re-renders from. The words themselves
//! are in `crate::text`, which always answers in the language last set there; this signal is
//! how the components learn that it changed.

use crate::text::Lang;
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct Language {
    /// The language every word on screen is in now.
    pub shown: RwSignal<Lang>,
    /// A language that was asked for but whose words could not be fetched (offline on a first
    /// visit); the page says so and stays in `shown`.
    pub missing: RwSignal<Option<Lang>>,
    /// The language asked for last. Words arrive in their own time: those of a language asked
    /// for before another are dropped, so fr, zh, en chosen in a row ends in English.
    pub wanted: StoredValue<Lang>,
}

impl Language {
    /// Starts from the language `main` already set up before the page was mounted.
    pub fn new(missing: Option<Lang>) -> Self {
        let lang = crate::text::lang();
        Self { shown: RwSignal::new(lang), missing: RwSignal::new(missing), wanted: StoredValue::new(lang) }
    }
}
