//! The lesson library: each lesson is a scenario link, a question the viewer answers before the
//! run plays, and a short explanation that ties what happened to the rule. The native tests
//! check that every lesson's run really is handled by the layer its answer names.

use crate::events::Layer;

pub struct Lesson {
    /// Stable id, used in links as `lesson=<id>`.
    pub id: &'static str,
    pub title: &'static str,
    /// One line: what the viewer will see.
    pub goal: &'static str,
    /// The settings of the run, as a link query (without `lesson=`).
    pub link: &'static str,
    /// The layer that handles the failure this lesson is about.
    pub answer: Layer,
    /// How the run ends, as an outcome slug.
    pub outcome: &'static str,
    /// Two or three sentences read after the run.
    pub explanation: &'static str,
}

/// The question every lesson asks before its run plays.
pub const QUESTION: &str = "Which layer will handle this failure?";

pub const LESSONS: [Lesson; 12] = [
    Lesson {
        id: "rusted-lock",
        title: "The rusted lock",
        goal: "The key will not turn until the lock is oiled. Watch the agent find that out.",
        link: "v=1",
        answer: Layer::Model,
        outcome: "answered",
        explanation: "The tool refused and said why: the lock is rusted, oil it first. That sentence went back to the model as the tool's result, so the model read it and changed its plan. A tool error is information for the model, not a crash.",
    },
    Lesson {
        id: "server-hiccup",
        title: "A server hiccup",
        goal: "The model's server answers 503 once, on the turn the agent tries the key.",
        link: "v=1&faults=t2:503",
        answer: Layer::Code,
        outcome: "answered",
        explanation: "A 503 means the server is briefly unavailable, which tends to pass by itself. Your code waited a random moment and called again, and the model never heard about it: there was no turn for it to read.",
    },
    Lesson {
        id: "rate-limited",
        title: "Rate limited",
        goal: "The server says 429 Too Many Requests and asks the client to come back in 2 seconds.",
        link: "v=1&faults=t2:429",
        answer: Layer::Code,
        outcome: "answered",
        explanation: "When the server names a wait in Retry-After, your code honours it instead of guessing. Retrying sooner would only earn another 429.",
    },
    Lesson {
        id: "bad-key",
        title: "A bad key",
        goal: "The server answers 401 Unauthorized: the API key is wrong.",
        link: "v=1&faults=t2:401",
        answer: Layer::Nobody,
        outcome: "failed",
        explanation: "A wrong key stays wrong however often you ask. Retrying cannot help and the model cannot fix it, so the run ends at once with a clear error for a person to act on.",
    },
    Lesson {
        id: "bad-request-retried",
        title: "A bad request, retried in vain",
        goal: "A harness from the wrong school retries every failure, even a 400.",
        link: "v=1&faults=t2:400x3&retryall=on",
        answer: Layer::Nobody,
        outcome: "failed",
        explanation: "A 400 says the request itself is broken, so sending it again gets the same 400. Here the harness wasted every attempt and its waits before failing anyway. Only retry what can pass by itself.",
    },
    Lesson {
        id: "broken-json",
        title: "Broken JSON",
        goal: "On turn 3 the model's tool call arrives with its arguments cut short.",
        link: "v=1&faults=t3:badjson",
        answer: Layer::Model,
        outcome: "answered",
        explanation: "The harness could not parse the arguments, so it told the model so in one sentence, with an example. The model sent the call again, corrected. It cost a turn, not the run.",
    },
    Lesson {
        id: "invented-tool",
        title: "An invented tool",
        goal: "The model calls open_door, a tool that does not exist.",
        link: "v=1&faults=t2:unknowntool",
        answer: Layer::Model,
        outcome: "answered",
        explanation: "The harness checked the name before running anything and answered with the list of real tools. The model picked a real one on its next turn.",
    },
    Lesson {
        id: "stubborn-model",
        title: "A stubborn model",
        goal: "This model ignores the hint and keeps trying the key on the rusted lock.",
        link: "v=1&model=stubborn&repeat=off",
        answer: Layer::Code,
        outcome: "gave-up",
        explanation: "Each error went back to the model, but it kept making the same mistake. After three tool errors in a row a guard in your code stopped the run, before it could burn the whole turn budget.",
    },
    Lesson {
        id: "same-call-twice",
        title: "The same call twice",
        goal: "The stubborn model sends exactly the same call it sent on the turn before.",
        link: "v=1&model=stubborn",
        answer: Layer::Code,
        outcome: "escalated",
        explanation: "The same call with the same arguments will get the same answer. A guard noticed the repeat, stopped the loop and handed over politely to a person instead of pretending.",
    },
    Lesson {
        id: "never-ending-turn",
        title: "The turn that never ends",
        goal: "On turn 2 the server accepts the call and then says nothing at all.",
        link: "v=1&faults=t2:hang",
        answer: Layer::Code,
        outcome: "answered",
        explanation: "Without a watchdog this run would wait forever. The watchdog cut the silent call after 5 seconds and counted it as a timeout, which your code retried like any other transient failure.",
    },
    Lesson {
        id: "retries-used-up",
        title: "Retries used up",
        goal: "The server answers 503 three times in a row, and three attempts is all the policy allows.",
        link: "v=1&faults=t2:503x3",
        answer: Layer::Nobody,
        outcome: "failed",
        explanation: "Retrying is a bet that the problem will pass soon. When every attempt fails, the bet is lost: your code stops retrying and the run ends with a clear error instead of looping forever.",
    },
    Lesson {
        id: "why-jitter",
        title: "Why jitter?",
        goal: "Jitter is off: after two 503s your code waits exactly 0.5 s, then 1 s. What if a thousand clients do?",
        link: "v=1&faults=t2:503x2&jitter=off",
        answer: Layer::Code,
        outcome: "answered",
        explanation: "For one client a fixed wait works, and your code handled both 503s. But every client that failed at the same moment also comes back at the same moment, so a recovering server is hit by the whole crowd at once and falls over again. A random wait under the same ceiling spreads them out: open the herd to watch a thousand clients do it both ways.",
    },
];

/// The lesson whose explanation leads on to the herd view, with the herd's own link: the crowd
/// is what makes jitter matter, and one run cannot show a crowd.
pub const HERD_LESSON: (&str, &str) = ("why-jitter", "view=herd&clients=1000");

pub fn find(id: &str) -> Option<(usize, &'static Lesson)> {
    LESSONS.iter().enumerate().find(|(_, l)| l.id == id)
}

/// The full query for a lesson: its settings plus its id.
pub fn lesson_query(lesson: &Lesson) -> String {
    format!("{}&lesson={}", lesson.link, lesson.id)
}
