//! A teacher's own lesson, carried in a scenario link: the layer the teacher expects to handle
//! the run (`expect=model|code|nobody`), and optionally a title (`title=`), a question (`ask=`)
//! and a takeaway shown after the run (`takeaway=`). The page plays it as it plays a built-in
//! lesson, and the workshop agenda can list such lessons after the built-in ones
//! (`?view=agenda&extra=<link>&extra=<link>`, see [`crate::show::agenda`]).
//!
//! The words are the teacher's, so they are data and never markup: they are cleaned here (trimmed,
//! runs of white space made one space, control characters and direction overrides taken out,
//! bounded in length), and the page shows them as text only.

use crate::run::events::Layer;
use crate::show::notice::{short, Problem};

/// The most characters a lesson's title keeps.
pub const MAX_TITLE_CHARS: usize = 80;
/// The most characters a question or a takeaway keeps.
pub const MAX_TEXT_CHARS: usize = 200;
/// The minutes the agenda gives a teacher's lesson: about what a built-in one takes.
pub const OWN_LESSON_MINUTES: u32 = 5;

/// A lesson written by a teacher. Empty texts mean "not given": the page then uses its own
/// title and the standard question, and shows no takeaway.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnLesson {
    pub title: String,
    pub question: String,
    /// The layer the teacher says will handle the run; guesses are judged against it.
    pub answer: Layer,
    pub takeaway: String,
}

impl OwnLesson {
    /// A lesson with only its expected layer.
    pub fn new(answer: Layer) -> Self {
        OwnLesson { title: String::new(), question: String::new(), answer, takeaway: String::new() }
    }

    /// The same lesson with every text cleaned as a link would clean it (see [`clean_text`]).
    pub fn cleaned(&self) -> Self {
        OwnLesson {
            title: clean_text(&self.title, MAX_TITLE_CHARS).text,
            question: clean_text(&self.question, MAX_TEXT_CHARS).text,
            answer: self.answer,
            takeaway: clean_text(&self.takeaway, MAX_TEXT_CHARS).text,
        }
    }
}

/// A layer by its slug, as written in `expect=`.
pub fn layer_from_slug(slug: &str) -> Option<Layer> {
    [Layer::Model, Layer::Code, Layer::Nobody].into_iter().find(|l| l.slug() == slug)
}

/// A text as a link keeps it, and what was done to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cleaned {
    pub text: String,
    /// Control characters or direction marks were taken out (white space is only made plain).
    pub stripped: bool,
    /// It was longer than allowed and its start was kept.
    pub cut: bool,
}

/// Characters that change the direction of the text around them, or hide: taken out, so a
/// teacher's words cannot turn the rest of a line around. Right-to-left text still shows right to
/// left (the page marks these texts `dir="auto"`).
fn is_direction_mark(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// Cleans one of a teacher's texts: white space trimmed and each run of it made one space (a new
/// line too), other control characters and direction marks taken out, and at most `max`
/// characters kept. Cleaning a cleaned text changes nothing, which keeps links canonical.
pub fn clean_text(raw: &str, max: usize) -> Cleaned {
    let mut stripped = false;
    let mut plain = String::with_capacity(raw.len());
    for c in raw.chars() {
        if c.is_whitespace() {
            plain.push(' ');
        } else if c.is_control() || is_direction_mark(c) {
            stripped = true;
        } else {
            plain.push(c);
        }
    }
    let mut text = String::with_capacity(plain.len());
    for word in plain.split(' ').filter(|w| !w.is_empty()) {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(word);
    }
    let cut = match text.char_indices().nth(max) {
        Some((at, _)) => {
            text.truncate(at);
            text.truncate(text.trim_end().len());
            true
        }
        None => false,
    };
    Cleaned { text, stripped, cut }
}

/// The most characters `key` keeps.
pub(crate) fn max_chars(key: &str) -> usize {
    if key == "title" {
        MAX_TITLE_CHARS
    } else {
        MAX_TEXT_CHARS
    }
}

/// Reads one of the texts (`title`, `ask`, `takeaway`), noting what was cut or taken out.
pub(crate) fn read_text(key: &str, value: &str, note: &mut impl FnMut(&str, Problem)) -> String {
    let max = max_chars(key);
    let cleaned = clean_text(value, max);
    if cleaned.stripped {
        note(key, Problem::TextCleaned);
    }
    if cleaned.cut {
        note(key, Problem::TextTooLong { max });
    }
    cleaned.text
}

/// Reads `expect=`.
pub(crate) fn read_expect(value: &str) -> Result<Layer, Problem> {
    layer_from_slug(value).ok_or_else(|| Problem::UnknownLayer { value: short(value) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleaning_makes_white_space_plain_and_takes_out_controls_and_direction_marks() {
        let c = clean_text("  Who\n\thandles \u{202E}this\u{0007}?  ", 200);
        assert_eq!(c, Cleaned { text: "Who handles this?".into(), stripped: true, cut: false });
        let plain = clean_text("Who\nhandles  it?", 200);
        assert_eq!(plain, Cleaned { text: "Who handles it?".into(), stripped: false, cut: false });
    }

    #[test]
    fn cleaning_cuts_at_the_limit_in_characters_and_is_stable() {
        let c = clean_text(&"é ".repeat(300), 200);
        assert!(c.cut);
        assert!(c.text.chars().count() <= 200);
        assert!(!c.text.ends_with(' '));
        assert_eq!(clean_text(&c.text, 200), Cleaned { text: c.text.clone(), stripped: false, cut: false });
    }
}
