//! What a link asked for that the page did not use, and why: data the readers of links (the
//! scenario codec, the herd view, a teacher's lesson, the agenda) all return, and the page words
//! in the reader's language. Its own module, below them all, so none of them imports another to
//! say what was wrong.

/// Links longer than this are cut before reading: nobody writes one by hand, and a huge one
/// must not stall the page.
pub const MAX_LINK_LEN: usize = 4096;

/// One thing a link asked for that was ignored, and why. It is data: the page words it in the
/// reader's language (`text::notice`), quoting the user's own value where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub key: String,
    pub problem: Problem,
}

/// Why a link's value was not used. `value` fields hold at most 40 characters of what was typed
/// (with `…` when cut), so a notice never floods the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The link was cut at its last whole setting.
    LinkTooLong {
        max: usize,
    },
    UnknownLesson {
        value: String,
    },
    /// The key appeared again; its first value was kept.
    Repeated,
    NewerFormat {
        found: u32,
        ours: u32,
    },
    NotAFormat {
        value: String,
    },
    TooManyFaults {
        max: usize,
    },
    /// One item of the fault list was skipped.
    Fault {
        value: String,
        why: FaultProblem,
    },
    UnknownModel {
        value: String,
    },
    /// Not one of [`crate::run::error_text::ErrorText`]'s slugs.
    UnknownErrorText {
        value: String,
    },
    /// Not one of [`crate::run::config::LostReply`]'s slugs.
    UnknownLostReply {
        value: String,
    },
    OutOfRange {
        min: u64,
        max: u64,
    },
    NotANumber {
        value: String,
    },
    NotAFlag {
        value: String,
    },
    /// Not one of [`crate::show::scenario::SPEEDS`].
    UnknownSpeed {
        value: String,
    },
    /// Not one of [`crate::show::scenario::Pace`]'s slugs.
    UnknownPace {
        value: String,
    },
    /// Not an http(s) address, or it holds a user name or password.
    BadEndpoint,
    BadModelName,
    UnknownMode {
        value: String,
    },
    UnknownLang {
        value: String,
    },
    /// An API key in a link is dropped and never stored.
    KeyInLink,
    UnknownKey,
    ModelWithoutEndpoint,
    /// The herd view's `policy` is not one of [`crate::run::herd::HerdPolicy`]'s slugs.
    UnknownPolicy {
        value: String,
    },
    /// `expect=` is not one of the layers' slugs: the teacher's lesson is not made.
    UnknownLayer {
        value: String,
    },
    /// A teacher's question, title or takeaway without `expect=`: there is no answer to judge
    /// guesses by, so the lesson is not made.
    MissingExpect,
    /// A teacher's text was longer than `max` characters; its start was kept.
    TextTooLong {
        max: usize,
    },
    /// A teacher's text held control characters or direction marks; they were taken out.
    TextCleaned,
    /// The link names a built-in lesson and carries a teacher's own: the teacher's is played, on
    /// the built-in lesson's settings.
    OwnLessonInstead {
        value: String,
    },
    /// An item of a plan's list (`lessons=`, `exercises=`) that is not one of the page's; the rest
    /// of the list was kept.
    UnknownPlanItem {
        value: String,
    },
    /// An agenda's `extra=` is not the link of a teacher's lesson (it has no `expect=`).
    NotALessonLink {
        value: String,
    },
    /// An agenda link lists more teacher's lessons than this; the rest were left out.
    TooManyExtras {
        max: usize,
    },
}

/// Why one item of a fault list was skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultProblem {
    /// Not written as `t<turn>:<fault>`.
    Shape,
    TurnRange {
        min: u64,
        max: u64,
    },
    /// Not one of [`crate::run::chaos::Fault::ALL`]'s slugs.
    UnknownFault,
    TimesRange {
        max: u32,
    },
}

/// Quotes at most 40 characters of what the user wrote, so a notice never floods the page.
pub(crate) fn short(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}
