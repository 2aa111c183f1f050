//! The lesson library: each lesson is a scenario link, a question the viewer answers before the
//! run plays, and a short explanation that ties what happened to the rule. The native tests
//! check that every lesson's run really is handled by the layer its answer names.

use crate::run::events::{Ending, Layer};

/// A lesson as data: its run and its answer. Its words (title, goal, explanation) belong to the
/// page, in the reader's language (`text::lesson_text`).
pub struct Lesson {
    pub id: LessonId,
    /// The settings of the run, as a link query (without `lesson=`).
    pub link: &'static str,
    /// The layer that handles the failure this lesson is about.
    pub answer: Layer,
    /// How the run ends.
    pub outcome: Ending,
    /// Suggested minutes for it in a workshop: the question, the run, and the talk after it
    /// (the page's workshop agenda adds them up).
    pub minutes: u32,
}

/// Which lesson: the words of each language match it whole, so a lesson without its words does
/// not compile. Written in links as `lesson=<slug>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonId {
    RustedLock,
    ServerHiccup,
    RateLimited,
    BadKey,
    BadRequestRetried,
    BrokenJson,
    InventedTool,
    StubbornModel,
    SameCallTwice,
    NeverEndingTurn,
    RetriesUsedUp,
    WhyJitter,
    BareError,
    SecretInHistory,
    LostReply,
    FinishReason,
}

impl LessonId {
    /// Stable, as links carry it.
    pub fn slug(self) -> &'static str {
        match self {
            LessonId::RustedLock => "rusted-lock",
            LessonId::ServerHiccup => "server-hiccup",
            LessonId::RateLimited => "rate-limited",
            LessonId::BadKey => "bad-key",
            LessonId::BadRequestRetried => "bad-request-retried",
            LessonId::BrokenJson => "broken-json",
            LessonId::InventedTool => "invented-tool",
            LessonId::StubbornModel => "stubborn-model",
            LessonId::SameCallTwice => "same-call-twice",
            LessonId::NeverEndingTurn => "never-ending-turn",
            LessonId::RetriesUsedUp => "retries-used-up",
            LessonId::WhyJitter => "why-jitter",
            LessonId::BareError => "bare-error",
            LessonId::SecretInHistory => "secret-in-history",
            LessonId::LostReply => "lost-reply",
            LessonId::FinishReason => "finish-reason",
        }
    }

    pub fn from_slug(slug: &str) -> Option<LessonId> {
        LESSONS.iter().map(|l| l.id).find(|id| id.slug() == slug)
    }
}

/// As links write it, for messages and tests.
impl std::fmt::Display for LessonId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.slug())
    }
}

pub const LESSONS: [Lesson; 16] = [
    Lesson { id: LessonId::RustedLock, link: "v=1", answer: Layer::Model, outcome: Ending::Answered, minutes: 5 },
    Lesson {
        id: LessonId::ServerHiccup,
        link: "v=1&faults=t2:503",
        answer: Layer::Code,
        outcome: Ending::Answered,
        minutes: 5,
    },
    Lesson {
        id: LessonId::RateLimited,
        link: "v=1&faults=t2:429",
        answer: Layer::Code,
        outcome: Ending::Answered,
        minutes: 5,
    },
    Lesson {
        id: LessonId::BadKey,
        link: "v=1&faults=t2:401",
        answer: Layer::Nobody,
        outcome: Ending::Failed,
        minutes: 4,
    },
    Lesson {
        id: LessonId::BadRequestRetried,
        link: "v=1&faults=t2:400x3&retryall=on",
        answer: Layer::Nobody,
        outcome: Ending::Failed,
        minutes: 6,
    },
    Lesson {
        id: LessonId::BrokenJson,
        link: "v=1&faults=t3:badjson",
        answer: Layer::Model,
        outcome: Ending::Answered,
        minutes: 5,
    },
    Lesson {
        id: LessonId::InventedTool,
        link: "v=1&faults=t2:unknowntool",
        answer: Layer::Model,
        outcome: Ending::Answered,
        minutes: 4,
    },
    Lesson {
        id: LessonId::StubbornModel,
        link: "v=1&model=stubborn&repeat=off",
        answer: Layer::Code,
        outcome: Ending::GaveUp,
        minutes: 6,
    },
    Lesson {
        id: LessonId::SameCallTwice,
        link: "v=1&model=stubborn",
        answer: Layer::Code,
        outcome: Ending::Escalated,
        minutes: 5,
    },
    Lesson {
        id: LessonId::NeverEndingTurn,
        link: "v=1&faults=t2:hang",
        answer: Layer::Code,
        outcome: Ending::Answered,
        minutes: 6,
    },
    Lesson {
        id: LessonId::RetriesUsedUp,
        link: "v=1&faults=t2:503x3",
        answer: Layer::Nobody,
        outcome: Ending::Failed,
        minutes: 5,
    },
    Lesson {
        id: LessonId::WhyJitter,
        link: "v=1&faults=t2:503x2&jitter=off",
        answer: Layer::Code,
        outcome: Ending::Answered,
        minutes: 9,
    },
    // The model gets "Error: ToolError" for the rusted lock, tries the key again, and the repeat
    // guard hands over.
    Lesson {
        id: LessonId::BareError,
        link: "v=1&errtext=code",
        answer: Layer::Code,
        outcome: Ending::Escalated,
        minutes: 4,
    },
    // The model reads the raw exception, finds the hint and opens the door; the secrets stay in
    // the history, and no layer stopped them.
    Lesson {
        id: LessonId::SecretInHistory,
        link: "v=1&errtext=raw",
        answer: Layer::Nobody,
        outcome: Ending::Answered,
        minutes: 4,
    },
    // The wrong school on purpose, as in bad-request-retried: your code retries the key whose
    // reply was lost, and the second turn locks the door again.
    Lesson {
        id: LessonId::LostReply,
        link: "v=1&faults=t4:tooltimeout&lostreply=retry",
        answer: Layer::Code,
        outcome: Ending::Answered,
        minutes: 5,
    },
    Lesson {
        id: LessonId::FinishReason,
        link: "v=1&faults=t1:stopcalls",
        answer: Layer::Code,
        outcome: Ending::Answered,
        minutes: 4,
    },
];

/// The lesson whose explanation leads on to the herd view, with the herd's own link: the crowd
/// is what makes jitter matter, and one run cannot show a crowd.
pub const HERD_LESSON: (LessonId, &str) = (LessonId::WhyJitter, "view=herd&clients=1000");

/// The workshop agenda's own view: every lesson with its minutes, link and handout.
pub const AGENDA_VIEW: &str = "view=agenda";

/// The workshop's closing screen, after the plan's last lesson: the takeaways of the lessons
/// played and the exercises' links.
pub const CLOSING_VIEW: &str = "view=closing";

/// The presenter view's own link: the teacher's second window, which follows and drives the
/// projected one.
pub const PRESENTER_VIEW: &str = "view=presenter";

/// Suggested minutes for the whole workshop: every lesson's, added up.
pub fn total_minutes() -> u32 {
    LESSONS.iter().map(|l| l.minutes).sum()
}

pub fn find(id: LessonId) -> Option<(usize, &'static Lesson)> {
    LESSONS.iter().enumerate().find(|(_, l)| l.id == id)
}

/// The full query for a lesson: its settings plus its id.
pub fn lesson_query(lesson: &Lesson) -> String {
    format!("{}&lesson={}", lesson.link, lesson.id.slug())
}
