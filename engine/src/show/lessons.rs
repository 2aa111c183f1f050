//! The lesson library: each lesson is a scenario link, a question the viewer answers before the
//! run plays, and a short explanation that ties what happened to the rule. The native tests
//! check that every lesson's run really is handled by the layer its answer names.

use crate::run::events::Layer;

/// A lesson as data: its run and its answer. Its words (title, goal, explanation) belong to the
/// page, in the reader's language (`text::lesson_text`).
pub struct Lesson {
    /// Stable id, used in links as `lesson=<id>`.
    pub id: &'static str,
    /// The settings of the run, as a link query (without `lesson=`).
    pub link: &'static str,
    /// The layer that handles the failure this lesson is about.
    pub answer: Layer,
    /// How the run ends, as an outcome slug.
    pub outcome: &'static str,
    /// Suggested minutes for it in a workshop: the question, the run, and the talk after it
    /// (the page's workshop agenda adds them up).
    pub minutes: u32,
}

pub const LESSONS: [Lesson; 12] = [
    Lesson { id: "rusted-lock", link: "v=1", answer: Layer::Model, outcome: "answered", minutes: 5 },
    Lesson { id: "server-hiccup", link: "v=1&faults=t2:503", answer: Layer::Code, outcome: "answered", minutes: 5 },
    Lesson { id: "rate-limited", link: "v=1&faults=t2:429", answer: Layer::Code, outcome: "answered", minutes: 5 },
    Lesson { id: "bad-key", link: "v=1&faults=t2:401", answer: Layer::Nobody, outcome: "failed", minutes: 4 },
    Lesson {
        id: "bad-request-retried",
        link: "v=1&faults=t2:400x3&retryall=on",
        answer: Layer::Nobody,
        outcome: "failed",
        minutes: 6,
    },
    Lesson { id: "broken-json", link: "v=1&faults=t3:badjson", answer: Layer::Model, outcome: "answered", minutes: 5 },
    Lesson {
        id: "invented-tool",
        link: "v=1&faults=t2:unknowntool",
        answer: Layer::Model,
        outcome: "answered",
        minutes: 4,
    },
    Lesson {
        id: "stubborn-model",
        link: "v=1&model=stubborn&repeat=off",
        answer: Layer::Code,
        outcome: "gave-up",
        minutes: 6,
    },
    Lesson { id: "same-call-twice", link: "v=1&model=stubborn", answer: Layer::Code, outcome: "escalated", minutes: 5 },
    Lesson {
        id: "never-ending-turn",
        link: "v=1&faults=t2:hang",
        answer: Layer::Code,
        outcome: "answered",
        minutes: 6,
    },
    Lesson { id: "retries-used-up", link: "v=1&faults=t2:503x3", answer: Layer::Nobody, outcome: "failed", minutes: 5 },
    Lesson {
        id: "why-jitter",
        link: "v=1&faults=t2:503x2&jitter=off",
        answer: Layer::Code,
        outcome: "answered",
        minutes: 9,
    },
];

/// The lesson whose explanation leads on to the herd view, with the herd's own link: the crowd
/// is what makes jitter matter, and one run cannot show a crowd.
pub const HERD_LESSON: (&str, &str) = ("why-jitter", "view=herd&clients=1000");

/// The workshop agenda's own view: every lesson with its minutes, link and handout.
pub const AGENDA_VIEW: &str = "view=agenda";

/// The presenter view's own link: the teacher's second window, which follows and drives the
/// projected one.
pub const PRESENTER_VIEW: &str = "view=presenter";

/// Suggested minutes for the whole workshop: every lesson's, added up.
pub fn total_minutes() -> u32 {
    LESSONS.iter().map(|l| l.minutes).sum()
}

pub fn find(id: &str) -> Option<(usize, &'static Lesson)> {
    LESSONS.iter().enumerate().find(|(_, l)| l.id == id)
}

/// The full query for a lesson: its settings plus its id.
pub fn lesson_query(lesson: &Lesson) -> String {
    format!("{}&lesson={}", lesson.link, lesson.id)
}
