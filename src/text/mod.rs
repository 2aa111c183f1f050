//! Every sentence the page shows, in English, French and Chinese.
//!
//! Each language is a type (`en::En`, `fr::Fr`, `zh::Zh`) that implements the traits of
//! [`words`], one trait per part of the page. A trait method has no default, so a language that
//! lacks a message does not compile. Each language writes whole sentences its own way, with its
//! own plurals and number formats; nothing here glues fragments of one language together.
//!
//! The rest of the page calls free functions (`text::run()`, `text::guard_fired(g)`), each of
//! which asks the current language. They are not written by hand: [`words`]'s `labels!` and
//! `sentences!` make one per field and per method, next to its declaration. The first screen's words ([`Core`]) of English are in the first download; French and
//! Chinese arrive as a lazy part when chosen ([`crate::parts::language_words`]). The words of
//! the lazy panels live with those panels, all three languages together.

use std::cell::Cell;

pub use rusty_lock_engine::run::script::Lang;

#[macro_use]
mod numbers;
mod en;
mod fr;
mod words;
pub mod yours;
mod zh;
pub use words::*;

/// The first screen's words in one language: its fixed labels and its sentences.
#[derive(Clone, Copy)]
pub struct FirstScreen {
    pub labels: &'static CoreLabels,
    pub words: &'static dyn Core,
}

// Initialised as constants, so reading them is a plain load (no lazy set-up in each of the
// hundreds of places that ask for a word).
thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
    static CORE: Cell<FirstScreen> = const { Cell::new(FirstScreen { labels: &en::CORE, words: &en::En }) };
}

/// The language the page speaks now.
pub fn lang() -> Lang {
    LANG.with(Cell::get)
}

/// Switches every later word to `lang`, whose first-screen words are `core` (fetched by the
/// caller when they live in a lazy part).
pub fn set_lang(lang: Lang, core: FirstScreen) {
    CORE.with(|c| c.set(core));
    LANG.with(|l| l.set(lang));
}

/// The language a visit opens in: the link's `lang` when it names one the page has, otherwise
/// the first of the browser's languages that the page has (`fr-CA` counts as `fr`), otherwise
/// English. Nothing is remembered on the device: the link and the browser decide, so a shared
/// link reads the same for everyone who shares a language.
pub fn choose_lang(link: Option<Lang>, browser: &[String]) -> Lang {
    if let Some(lang) = link {
        return lang;
    }
    browser
        .iter()
        .find_map(|tag| {
            let primary = tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
            Lang::from_code(&primary)
        })
        .unwrap_or(Lang::En)
}

/// English's first-screen words, always in the first download.
pub fn english() -> FirstScreen {
    FirstScreen { labels: &en::CORE, words: &en::En }
}

/// French's first-screen words; only the lazy part `lang_fr` refers to them, so they travel in it.
pub fn french() -> FirstScreen {
    FirstScreen { labels: &fr::CORE, words: &fr::Fr }
}

/// Chinese's first-screen words, in the lazy part `lang_zh`.
pub fn chinese() -> FirstScreen {
    FirstScreen { labels: &zh::CORE, words: &zh::Zh }
}

fn core_words() -> &'static dyn Core {
    CORE.with(Cell::get).words
}

fn core_labels() -> &'static CoreLabels {
    CORE.with(Cell::get).labels
}

/// The words of a lazy panel: every language's are in the panel's part, so asking costs nothing.
macro_rules! panel_words {
    ($name:ident, $trait:ident) => {
        fn $name() -> &'static dyn $trait {
            match lang() {
                Lang::En => &en::En,
                Lang::Fr => &fr::Fr,
                Lang::Zh => &zh::Zh,
            }
        }
    };
}
/// The fixed words of a lazy panel, as [`panel_words`] finds its sentences.
macro_rules! panel_labels {
    ($name:ident, $ty:ident, $statik:ident) => {
        fn $name() -> &'static $ty {
            match lang() {
                Lang::En => &en::$statik,
                Lang::Fr => &fr::$statik,
                Lang::Zh => &zh::$statik,
            }
        }
    };
}
panel_labels!(below_labels, BelowLabels, BELOW);
panel_labels!(lessons_labels, LessonsLabels, LESSONS);
panel_labels!(kit_labels, KitLabels, KIT);
panel_labels!(herd_labels, HerdLabels, HERD);
panel_labels!(verdict_labels, VerdictLabels, VERDICT);
panel_labels!(endpoint_labels, EndpointLabels, ENDPOINT);
panel_labels!(compare_labels, CompareLabels, COMPARE);
panel_labels!(presenter_labels, PresenterLabels, PRESENTER);
panel_words!(below_words, Below);
panel_words!(log_words, Log);
panel_words!(lessons_words, Lessons);
panel_words!(kit_words, Kit);
panel_words!(herd_words, Herd);
panel_words!(verdict_words, Verdict);
panel_words!(endpoint_words, Endpoint);
panel_words!(compare_words, Compare);
panel_words!(notices_words, Notices);
panel_words!(presenter_words, PresenterNotes);
panel_words!(yours_words, Yours);

fn yours_labels() -> &'static YoursLabels {
    match lang() {
        Lang::En => &yours::EN,
        Lang::Fr => &yours::FR,
        Lang::Zh => &yours::ZH,
    }
}

/// The presenter view's words, read as fields: one struct, no forwarder per word.
pub fn presenter() -> &'static PresenterLabels {
    presenter_labels()
}

/// The most of one piece of a model's, a tool's or a file's text that a line of the page shows.
/// A real reply or a trace can carry a megabyte without a single space, and laying that out
/// freezes a browser for minutes; the whole text stays in the trace and the history sent.
pub const CLIP_CHARS: usize = 600;

/// `text` as a line of the page shows it: whole when short, otherwise its start and how much
/// more there was.
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(CLIP_CHARS) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            std::borrow::Cow::Owned(format!("{}{}", &text[..cut], more_characters(more)))
        }
    }
}

/// Keeps only the newest part of a reply that is still arriving, marked with a leading "…", so
/// a long reply costs the page the same small amount on every piece, however long it grows.
pub fn keep_tail(text: &mut String) {
    const KEEP_BYTES: usize = 2400;
    if text.len() <= 2 * KEEP_BYTES {
        return;
    }
    let mut cut = text.len() - KEEP_BYTES;
    while !text.is_char_boundary(cut) {
        cut += 1;
    }
    text.replace_range(..cut, "… ");
}

/// Sentences one after the other, as the page's language writes them: a space between them,
/// none in Chinese (its full stop takes the room).
pub fn one_after_another(sentences: &[String]) -> String {
    sentences.join(if lang() == Lang::Zh { "" } else { " " })
}

/// At most `max` characters of `text`, with an ellipsis when cut.
pub fn short_text(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// A lesson's words: the engine keeps its run and its answer.
pub struct LessonText {
    pub title: &'static str,
    /// One line: what the viewer will see.
    pub goal: &'static str,
    /// Two or three sentences read after the run.
    pub explanation: &'static str,
    /// One short line to take home, printed under the fold of the workshop handout.
    pub takeaway: &'static str,
}

pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests;

/// A setting's name, as its own control is labelled: the same words in every language's table.
pub fn setting_label(setting: rusty_lock_engine::show::scenario::Setting) -> &'static str {
    use rusty_lock_engine::show::scenario::Setting;
    match setting {
        Setting::Faults => faults(),
        Setting::Model => model(),
        Setting::Turns => max_turns(),
        Setting::Errors => max_errors(),
        Setting::Watchdog => watchdog(),
        Setting::Attempts => max_attempts(),
        Setting::Base => base_delay(),
        Setting::Cap => max_delay(),
        Setting::RaCap => retry_after_cap(),
        Setting::Seed => seed(),
        Setting::Repeat => repeat_guard(),
        Setting::Jitter => jitter(),
        Setting::RetryAll => retry_everything(),
        Setting::ErrorText => error_text(),
        Setting::LostReply => lost_reply(),
    }
}
