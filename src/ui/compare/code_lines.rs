//! One line of a listing as the code panel draws it, for the robust and the naive loop alike.

use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::show::listing::Line;

/// The indent of `line`, in characters, for the style (`--indent`).
pub fn indent_of(line: &Line) -> usize {
    line.text.len() - line.text.trim_start().len()
}

/// The line's code: its indent as real spaces, so a copied block keeps it (the style gives them
/// no room of their own, and draws the indent so a long line wraps under its code), then the
/// code, then its comment's words in the page's language.
pub fn line_code(line: &Line) -> impl IntoView {
    let code = line.text.trim_start();
    let indent = &line.text[..line.text.len() - code.len()];
    view! {
        <code>
            {(!indent.is_empty()).then(|| view! { <span class="ind">{indent}</span> })}
            {code}
            {line.note.map(text::code_note)}
        </code>
    }
}

#[cfg(test)]
mod tests {
    use crate::text::code_note;
    use rusty_lock_engine::show::listing::{listing, naive_listing, Lang};

    #[test]
    fn every_comment_in_every_listing_has_words() {
        for lang in Lang::ALL {
            for line in listing(lang).iter().chain(&naive_listing(lang)) {
                if let Some(note) = line.note {
                    let words = code_note(note);
                    assert!(!words.trim().is_empty(), "no words for the note {note:?} ({})", lang.name());
                    assert!(!words.contains('\n'), "the note {note:?} must fit on its line");
                }
            }
        }
    }
}
