//! The Python loop's words, all three languages: its comments and the sentences it sends the
//! model or raises (`PY_LOOP`, one per `⟦n⟧` slot of `src/text/loop/loop.py`), and the exercises'
//! gap comments where the JavaScript one names something Python does not have (`PY_GAPS`).

mod en;
mod fr;
mod zh;

use crate::text::Lang;
use rusty_lock_engine::yours::exercise::ExerciseId;

/// The words of `loop.py`'s slots in `lang`.
pub(super) fn loop_words(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En => &en::PY_LOOP,
        Lang::Fr => &fr::PY_LOOP,
        Lang::Zh => &zh::PY_LOOP,
    }
}

/// The gap's comment for Python, when the JavaScript one (`exercises::words(lang, id).gap`)
/// names a JavaScript thing (`fetch`, `isError`, a `_MS` constant): `None` means the same words.
pub(crate) fn gap(lang: Lang, id: ExerciseId) -> Option<&'static str> {
    let all: &[(ExerciseId, &str)] = match lang {
        Lang::En => &en::PY_GAPS,
        Lang::Fr => &fr::PY_GAPS,
        Lang::Zh => &zh::PY_GAPS,
    };
    all.iter().find(|(e, _)| *e == id).map(|(_, words)| *words)
}

/// The exercise's hint for Python: the JavaScript one's advice, with Python's names.
pub(crate) fn hint(lang: Lang, id: ExerciseId) -> &'static str {
    let all = match lang {
        Lang::En => &en::PY_HINTS,
        Lang::Fr => &fr::PY_HINTS,
        Lang::Zh => &zh::PY_HINTS,
    };
    all[id.number() - 1]
}
