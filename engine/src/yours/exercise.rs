//! The exercises of "your own loop" (`?view=yours&exercise=<id>`): levels solved by behaviour.
//! Each names the cases of the fault matrix its code must pass on the report card, and at most
//! one extra [`Check`] read from what the code did, where a case alone cannot tell the skill
//! apart (a hand-over must come at the first repeat, not at a ceiling). Jitter is a case of its
//! own ([`CaseId::Jitter`]: the 503 at a second seed), as on the report card.
//! A teacher's own exercise is a [`Goal`] carried by a link: starting code plus chosen cases.
//!
//! Data only: the page holds each exercise's words, starting code and solution.

use crate::run::script::Lang;
use crate::run::wire::Role;
use crate::yours::card::{reference, CaseId, CaseResult};
use crate::yours::observe::{model_requests, End, Got, Observed};
use serde::{Deserialize, Serialize};

/// The track, in order: from the model's layer, to your code's, to the guards, to hygiene.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExerciseId {
    /// Send a tool error back as the tool's result instead of throwing.
    ToolErrorBack,
    /// An unknown tool is the model's mistake: say so, naming the tools that exist.
    UnknownTool,
    /// Tell an unknown tool from a lookup that fails inside a tool: a `KeyError` is not always
    /// the model's made-up name.
    ErrorInsideTool,
    /// Retry a 503 (and a drop) with backoff and jitter.
    Retry,
    /// Never retry a 400 or a 401.
    NoRetryPermanent,
    /// Honour `Retry-After`, within a ceiling.
    RetryAfter,
    /// A watchdog on a call that hangs.
    Watchdog,
    /// Stop on the same call twice and hand over.
    SameCallTwice,
    /// Keep secrets and stack traces out of what the model reads.
    NoLeaks,
    /// Don't retry a tool that may have acted; tell the model instead.
    ToolChanged,
}

/// A check beyond the cases: something one case's verdicts cannot show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// The error sent back for an unknown tool names the tools that exist (`look_at`, `use`).
    NamesTheTools,
    /// The stubborn model's first repeated call ends the run: that call is not run, and no
    /// request follows it.
    StopsAtFirstRepeat,
    /// The tool message the model read for the badargs case's `use` of a `crowbar` names the
    /// crowbar (what was missing), not a tool that does not exist.
    NamesWhatWasMissing,
}

pub use crate::yours::card::JITTER_SECOND_SEED;

impl Check {
    /// The case whose run the check reads.
    pub fn case(self) -> CaseId {
        match self {
            Check::NamesTheTools => CaseId::UnknownTool,
            Check::StopsAtFirstRepeat => CaseId::Stubborn,
            Check::NamesWhatWasMissing => CaseId::SchemaInvalid,
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            Check::NamesTheTools => "names-the-tools",
            Check::StopsAtFirstRepeat => "stops-at-first-repeat",
            Check::NamesWhatWasMissing => "names-what-was-missing",
        }
    }

    /// Whether `observed` (the run of [`Check::case`]) passes.
    pub fn passes(self, observed: &[Observed]) -> bool {
        match self {
            Check::NamesTheTools => names_the_tools(observed),
            Check::StopsAtFirstRepeat => stops_at_first_repeat(observed),
            Check::NamesWhatWasMissing => names_what_was_missing(observed),
        }
    }
}

/// The words of a tool message: letters, digits and `_` (so `'crowbar'` and `crowbar.` count).
fn words_of(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect()
}

/// Some tool message the model read names both tools, as words of their own.
fn names_the_tools(observed: &[Observed]) -> bool {
    model_requests(observed).iter().filter_map(|r| r.messages.as_ref()).flatten().any(|m| {
        if m.role != Role::Tool {
            return false;
        }
        let words = words_of(m.content.as_deref().unwrap_or_default());
        words.contains(&"look_at") && words.contains(&"use")
    })
}

/// The item the badargs case puts in a `use` call: one the hero does not carry.
pub const MISSING_ITEM: &str = "crowbar";

/// The model asked to `use` the item it does not carry ([`MISSING_ITEM`]), and the tool message
/// it then read for that call (by its id) names the item. A loop that takes a lookup failing
/// inside the tool for an unknown tool answers with the tool's name instead.
fn names_what_was_missing(observed: &[Observed]) -> bool {
    let reqs = model_requests(observed);
    let messages: Vec<_> = reqs.iter().filter_map(|r| r.messages.as_ref()).flatten().collect();
    let asked: Vec<&str> = messages
        .iter()
        .flat_map(|m| m.calls())
        .filter(|c| c.function.name == "use" && c.function.arguments.contains(MISSING_ITEM))
        .map(|c| c.id.as_str())
        .collect();
    !asked.is_empty()
        && messages.iter().any(|m| {
            m.role == Role::Tool
                && m.tool_call_id.as_deref().is_some_and(|id| asked.contains(&id))
                && words_of(m.content.as_deref().unwrap_or_default()).contains(&MISSING_ITEM)
        })
}

/// The run ended (returned or threw) right at the first reply that repeats the one before it.
fn stops_at_first_repeat(observed: &[Observed]) -> bool {
    let reqs = model_requests(observed);
    let calls = |k: usize| match &reqs[k].got {
        Got::Reply(r) => r.choices.first().map(|c| {
            c.message
                .calls()
                .iter()
                .map(|t| (t.function.name.clone(), t.function.arguments.clone()))
                .collect::<Vec<_>>()
        }),
        _ => None,
    };
    let Some(k) = (1..reqs.len()).find(|&k| calls(k).is_some_and(|c| !c.is_empty() && Some(c) == calls(k - 1))) else {
        return false;
    };
    let ended =
        observed.iter().any(|o| matches!(o, Observed::End { how: End::Returned { .. } | End::Threw { .. }, .. }));
    let after = &observed[reqs[k].at + 1..];
    ended && k + 1 == reqs.len() && !after.iter().any(|o| matches!(o, Observed::Tool { .. }))
}

/// What an exercise asks: cases that must pass, and maybe one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    pub cases: Vec<CaseId>,
    pub check: Option<Check>,
}

impl Goal {
    /// A teacher's goal from a link's `cases=` value: case slugs joined by `.`, each known and
    /// said once. `None` for anything else, so a damaged link is said, not half-read.
    pub fn from_cases(value: &str) -> Option<Goal> {
        let mut cases = Vec::new();
        for slug in value.split('.') {
            let case = CaseId::from_slug(slug)?;
            if cases.contains(&case) {
                return None;
            }
            cases.push(case);
        }
        (!cases.is_empty()).then_some(Goal { cases, check: None })
    }

    pub fn cases_value(&self) -> String {
        self.cases.iter().map(|c| c.slug()).collect::<Vec<_>>().join(".")
    }

    /// The runs to make, each at the link's seed (a case plays at its own from it,
    /// [`CaseId::seed`]): the cases, then any a case is graded beside ([`CaseId::partner`]) or the
    /// check reads, when not among them.
    pub fn runs(&self, seed: u64) -> Vec<(CaseId, u64)> {
        let mut cases = self.cases.clone();
        let extra = self.cases.iter().filter_map(|c| c.partner()).chain(self.check.map(Check::case));
        for case in extra.collect::<Vec<_>>() {
            if !cases.contains(&case) {
                cases.push(case);
            }
        }
        cases.into_iter().map(|c| (c, seed)).collect()
    }

    /// The judgement of one attempt from its graded rows and its check's verdict.
    pub fn judge(&self, rows: &[CaseResult], check_passed: Option<bool>) -> Attempt {
        let failed: Vec<CaseId> =
            self.cases.iter().copied().filter(|c| !rows.iter().any(|r| r.case == *c && r.passed())).collect();
        let check_ok = self.check.is_none() || check_passed == Some(true);
        let mine = rows.iter().filter(|r| self.cases.contains(&r.case));
        let (requests, virtual_ms) = mine.fold((0, 0), |(n, t), r| (n + r.requests, t + r.virtual_ms));
        Attempt { passed: failed.is_empty() && check_ok, failed, check_passed, requests, virtual_ms }
    }

    /// The robust loop's cost on the same cases: the "best" a cost is set against.
    pub fn reference_cost(&self, lang: Lang) -> (u32, u64) {
        self.cases.iter().map(|c| reference(*c, lang)).fold((0, 0), |(n, t), r| (n + r.requests, t + r.virtual_ms))
    }
}

/// One attempt at an exercise, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub passed: bool,
    /// The goal's cases that did not pass, in the goal's order.
    pub failed: Vec<CaseId>,
    pub check_passed: Option<bool>,
    /// Requests made, and virtual time taken, over the goal's cases.
    pub requests: u32,
    pub virtual_ms: u64,
}

impl ExerciseId {
    pub const ALL: [ExerciseId; 10] = [
        ExerciseId::ToolErrorBack,
        ExerciseId::UnknownTool,
        ExerciseId::ErrorInsideTool,
        ExerciseId::Retry,
        ExerciseId::NoRetryPermanent,
        ExerciseId::RetryAfter,
        ExerciseId::Watchdog,
        ExerciseId::SameCallTwice,
        ExerciseId::NoLeaks,
        ExerciseId::ToolChanged,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            ExerciseId::ToolErrorBack => "tool-error-back",
            ExerciseId::UnknownTool => "unknown-tool",
            ExerciseId::ErrorInsideTool => "error-inside-tool",
            ExerciseId::Retry => "retry-503",
            ExerciseId::NoRetryPermanent => "no-retry-400",
            ExerciseId::RetryAfter => "retry-after",
            ExerciseId::Watchdog => "watchdog",
            ExerciseId::SameCallTwice => "same-call-twice",
            ExerciseId::NoLeaks => "no-leaks",
            ExerciseId::ToolChanged => "tool-changed",
        }
    }

    pub fn from_slug(slug: &str) -> Option<ExerciseId> {
        ExerciseId::ALL.into_iter().find(|e| e.slug() == slug)
    }

    /// Its place in the track, from 1.
    pub fn number(self) -> usize {
        ExerciseId::ALL.iter().position(|e| *e == self).map_or(0, |i| i + 1)
    }

    pub fn next(self) -> Option<ExerciseId> {
        ExerciseId::ALL.get(self.number()).copied()
    }

    pub fn goal(self) -> Goal {
        use CaseId as C;
        let (cases, check): (&[CaseId], Option<Check>) = match self {
            ExerciseId::ToolErrorBack => (&[C::MissingArg, C::SchemaInvalid, C::ToolTimeout], None),
            ExerciseId::UnknownTool => (&[C::UnknownTool, C::ToolTimeout], Some(Check::NamesTheTools)),
            ExerciseId::ErrorInsideTool => (&[C::UnknownTool, C::SchemaInvalid], Some(Check::NamesWhatWasMissing)),
            ExerciseId::Retry => (&[C::Http503, C::Http502, C::Dropped, C::Jitter], None),
            ExerciseId::NoRetryPermanent => (&[C::BadRequest, C::Unauthorized, C::Http503], None),
            ExerciseId::RetryAfter => (&[C::RateLimited, C::RateLimitedLong, C::Http503], None),
            ExerciseId::Watchdog => (&[C::Hang, C::Slow, C::SlowAlways], None),
            ExerciseId::SameCallTwice => (&[C::Stubborn, C::Plain], Some(Check::StopsAtFirstRepeat)),
            ExerciseId::NoLeaks => (&[C::ToolTimeout, C::MissingArg, C::SchemaInvalid], None),
            ExerciseId::ToolChanged => (&[C::ToolTimeout, C::Plain], None),
        };
        Goal { cases: cases.to_vec(), check }
    }
}

/// Solved exercises as a link or the device stores them: slugs joined by `.`, in track order.
pub fn encode_progress(solved: &[ExerciseId]) -> String {
    ExerciseId::ALL.into_iter().filter(|e| solved.contains(e)).map(ExerciseId::slug).collect::<Vec<_>>().join(".")
}

/// The solved exercises a progress value names; `None` when any part is not an exercise (a
/// damaged link). The empty value is no progress yet.
pub fn decode_progress(value: &str) -> Option<Vec<ExerciseId>> {
    if value.is_empty() {
        return Some(Vec::new());
    }
    let mut solved = Vec::new();
    for slug in value.split('.') {
        let e = ExerciseId::from_slug(slug)?;
        if !solved.contains(&e) {
            solved.push(e);
        }
    }
    Some(solved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_exercise_has_a_slug_a_place_and_cases_that_exist() {
        for (i, e) in ExerciseId::ALL.into_iter().enumerate() {
            assert_eq!(ExerciseId::from_slug(e.slug()), Some(e));
            assert_eq!(e.number(), i + 1);
            assert!(!e.goal().cases.is_empty());
        }
        assert_eq!(ExerciseId::ToolChanged.next(), None);
        assert_eq!(ExerciseId::ToolErrorBack.next(), Some(ExerciseId::UnknownTool));
    }

    #[test]
    fn progress_round_trips_and_a_damaged_value_is_refused() {
        let solved = [ExerciseId::Watchdog, ExerciseId::ToolErrorBack];
        let value = encode_progress(&solved);
        assert_eq!(value, "tool-error-back.watchdog");
        assert_eq!(decode_progress(&value), Some(vec![ExerciseId::ToolErrorBack, ExerciseId::Watchdog]));
        assert_eq!(decode_progress(""), Some(vec![]));
        assert_eq!(decode_progress("tool-error-back.wat"), None);
        assert_eq!(decode_progress("tool-error-back..watchdog"), None);
    }

    #[test]
    fn a_teachers_cases_must_all_be_known_and_said_once() {
        let goal = Goal::from_cases("503.hang").unwrap();
        assert_eq!(goal.cases, vec![CaseId::Http503, CaseId::Hang]);
        assert_eq!(goal.cases_value(), "503.hang");
        assert_eq!(Goal::from_cases("503.nope"), None);
        assert_eq!(Goal::from_cases("503.503"), None);
        assert_eq!(Goal::from_cases(""), None);
    }

    #[test]
    fn the_jitter_case_plays_the_503_at_a_second_seed_beside_the_first() {
        let runs = ExerciseId::Retry.goal().runs(7);
        assert_eq!(runs.len(), 4);
        assert_eq!(runs[3], (CaseId::Jitter, 7));
        assert_eq!(CaseId::Jitter.seed(7), 7 + JITTER_SECOND_SEED);
        assert_eq!(CaseId::Http503.seed(7), 7);
        // A teacher's goal of the jitter alone still runs the 503 it is set beside.
        let alone = Goal::from_cases("503-jitter").unwrap().runs(7);
        assert_eq!(alone, vec![(CaseId::Jitter, 7), (CaseId::Http503, 7)]);
        assert_eq!(ExerciseId::SameCallTwice.goal().runs(7).len(), 2);
    }
}
