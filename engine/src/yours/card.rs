//! The report card: every case of the fault matrix, each graded from what the learner's loop did
//! (requests, waits, histories, tools, the end), never from its text, beside the engine's own
//! robust harness playing the same case in the same simulated sandbox ([`reference`]).
//!
//! The verdicts are data; the page words each one with its one-sentence fix.

use crate::run::builtin::room_as_read;
use crate::run::builtin::says_nothing;
use crate::run::builtin::Personality;
use crate::run::chaos::{Fault, FaultPlan};
use crate::run::config::RunConfig;
use crate::run::events::{Event, Layer, Outcome};
use crate::run::provider::{CallFailure, ProviderError};
use crate::run::provider::{NEAR_ZERO_MS, STORM_ATTEMPTS_PER_TURN};
use crate::run::script::{script, Lang};
use crate::run::tools::ToolErrorKind;
use crate::run::wire::Role;
use crate::run::wire::{FINISH_LENGTH, FINISH_TOOL_CALLS};
use crate::run::world::Room;
use crate::yours::observe::{
    errand_tools, events_of, model_requests, refused, tools_used, End, Got, Mistake, ModelRequest, Observed, ToolResult,
};
use crate::yours::server::ServerReply;
use crate::yours::sim::run_harness;
use crate::yours::tools::kind_of_error;
use serde::{Deserialize, Serialize};

/// The turn each fault hits, as the lessons do: the second turn, once the model has looked and
/// acts, so a failure lands in the middle of a run that has history to lose.
pub const FAULT_TURN: u32 = 2;

/// "A slow answer that stays slow": every attempt of the fault turn answers late (after the
/// playground's slow delay, [`crate::run::chaos::SLOW_MS`]), up to this many attempts: more than
/// any loop that caps its attempts makes, so cutting it and asking again never helps.
pub const SLOW_ALWAYS_ATTEMPTS: u32 = 12;

/// "A 429 that asks for an hour": its `Retry-After`.
pub const LONG_RETRY_AFTER_MS: u64 = 3_600_000;

/// A retry sooner than this, or than the server asked if it asked less, did not honour
/// `Retry-After`: a ceiling has to leave at least this much (the robust loop's is 10 s).
pub const RETRY_AFTER_FLOOR_MS: u64 = 5_000;

/// A wait for `Retry-After` longer than this has no ceiling worth the name: a person waits for
/// the run, and the server's hour is better said than slept through.
pub const RETRY_AFTER_CEILING_MAX_MS: u64 = 60_000;

/// Added to the link's seed for the second run of the 503 ([`CaseId::Jitter`]).
pub const JITTER_SECOND_SEED: u64 = 0x9e37_79b9;

/// One case of the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseId {
    /// No fault: the rusted lock is the only trouble.
    Plain,
    RateLimited,
    /// A 429 whose `Retry-After` asks for an hour ([`LONG_RETRY_AFTER_MS`]).
    RateLimitedLong,
    Http500,
    Http502,
    Http503,
    /// The 503 again at a second seed ([`JITTER_SECOND_SEED`]), set beside the first: the same
    /// failure must not be waited for the same way twice.
    Jitter,
    Dropped,
    Hang,
    Slow,
    /// Every attempt of the fault turn is slow ([`SLOW_ALWAYS_ATTEMPTS`]): only waiting helps.
    SlowAlways,
    BadRequest,
    Unauthorized,
    BadJson,
    UnknownTool,
    SchemaInvalid,
    MissingArg,
    ToolTimeout,
    StopWithCalls,
    CutAtLength,
    /// The stubborn model: it tries the key again and again, so only a guard ends the run.
    Stubborn,
}

impl CaseId {
    pub const ALL: [CaseId; 21] = [
        CaseId::Plain,
        CaseId::RateLimited,
        CaseId::RateLimitedLong,
        CaseId::Http500,
        CaseId::Http502,
        CaseId::Http503,
        CaseId::Jitter,
        CaseId::Dropped,
        CaseId::Hang,
        CaseId::Slow,
        CaseId::SlowAlways,
        CaseId::BadRequest,
        CaseId::Unauthorized,
        CaseId::BadJson,
        CaseId::UnknownTool,
        CaseId::SchemaInvalid,
        CaseId::MissingArg,
        CaseId::ToolTimeout,
        CaseId::StopWithCalls,
        CaseId::CutAtLength,
        CaseId::Stubborn,
    ];

    /// The fault this case injects, if any.
    pub fn fault(self) -> Option<Fault> {
        Some(match self {
            CaseId::Plain | CaseId::Stubborn => return None,
            CaseId::RateLimited | CaseId::RateLimitedLong => Fault::RateLimited,
            CaseId::Http500 => Fault::Http500,
            CaseId::Http502 => Fault::Http502,
            CaseId::Http503 | CaseId::Jitter => Fault::Http503,
            CaseId::Dropped => Fault::Dropped,
            CaseId::Hang => Fault::Hang,
            CaseId::Slow | CaseId::SlowAlways => Fault::Slow,
            CaseId::BadRequest => Fault::BadRequest,
            CaseId::Unauthorized => Fault::Unauthorized,
            CaseId::BadJson => Fault::BadJson,
            CaseId::UnknownTool => Fault::UnknownTool,
            CaseId::SchemaInvalid => Fault::SchemaInvalid,
            CaseId::MissingArg => Fault::MissingArg,
            CaseId::ToolTimeout => Fault::ToolTimeout,
            CaseId::StopWithCalls => Fault::StopWithCalls,
            CaseId::CutAtLength => Fault::CutAtLength,
        })
    }

    /// The case that meets `fault` once: every fault the playground can inject has its row on the
    /// card, so a new fault is a compile error here until it has one. The harness's own bug is the
    /// one fault with none: it breaks the page's loop, and the card grades the learner's.
    pub fn of_fault(fault: Fault) -> Option<CaseId> {
        Some(match fault {
            Fault::RateLimited => CaseId::RateLimited,
            Fault::Http500 => CaseId::Http500,
            Fault::Http502 => CaseId::Http502,
            Fault::Http503 => CaseId::Http503,
            Fault::Dropped => CaseId::Dropped,
            Fault::Unauthorized => CaseId::Unauthorized,
            Fault::BadRequest => CaseId::BadRequest,
            Fault::Hang => CaseId::Hang,
            Fault::Slow => CaseId::Slow,
            Fault::BadJson => CaseId::BadJson,
            Fault::UnknownTool => CaseId::UnknownTool,
            Fault::SchemaInvalid => CaseId::SchemaInvalid,
            Fault::MissingArg => CaseId::MissingArg,
            Fault::ToolTimeout => CaseId::ToolTimeout,
            Fault::StopWithCalls => CaseId::StopWithCalls,
            Fault::CutAtLength => CaseId::CutAtLength,
            Fault::HarnessBug => return None,
        })
    }

    /// Links and test hooks: the fault's own slug, `plain`, or `stubborn`.
    pub fn slug(self) -> &'static str {
        match self {
            CaseId::Plain => "plain",
            CaseId::Stubborn => "stubborn",
            CaseId::RateLimitedLong => "429-hour",
            CaseId::Jitter => "503-jitter",
            CaseId::SlowAlways => "slow-always",
            other => other.fault().map_or("plain", Fault::slug),
        }
    }

    pub fn from_slug(slug: &str) -> Option<CaseId> {
        CaseId::ALL.into_iter().find(|c| c.slug() == slug)
    }

    /// The fault plan: the fault once, on [`FAULT_TURN`] (the slow answer that stays slow: on
    /// every attempt of it; the 429 of an hour: asking for an hour).
    pub fn plan(self) -> FaultPlan {
        let times = if self == CaseId::SlowAlways { SLOW_ALWAYS_ATTEMPTS } else { 1 };
        let mut plan = self.fault().map_or_else(FaultPlan::default, |f| FaultPlan::single(FAULT_TURN, f, times));
        if self == CaseId::RateLimitedLong {
            plan.retry_after_ms = Some(LONG_RETRY_AFTER_MS);
        }
        plan
    }

    /// The seed this case is played at, from the link's: its own for the jitter's second run.
    pub fn seed(self, seed: u64) -> u64 {
        if self == CaseId::Jitter {
            seed.wrapping_add(JITTER_SECOND_SEED)
        } else {
            seed
        }
    }

    /// The case whose run (at the same link seed) this one is graded beside: the jitter's first
    /// 503.
    pub fn partner(self) -> Option<CaseId> {
        (self == CaseId::Jitter).then_some(CaseId::Http503)
    }

    pub fn personality(self) -> Personality {
        if self == CaseId::Stubborn {
            Personality::Stubborn
        } else {
            Personality::Helpful
        }
    }

    /// The layer that should handle this case; `None` when there is nothing to handle (the
    /// plain run, a slow answer that only needs waiting for).
    pub fn layer(self) -> Option<Layer> {
        match self {
            CaseId::Plain | CaseId::Slow | CaseId::SlowAlways => None,
            CaseId::RateLimited
            | CaseId::RateLimitedLong
            | CaseId::Http500
            | CaseId::Http502
            | CaseId::Http503
            | CaseId::Jitter
            | CaseId::Dropped
            | CaseId::Hang
            | CaseId::StopWithCalls
            | CaseId::Stubborn => Some(Layer::Code),
            CaseId::BadRequest | CaseId::Unauthorized | CaseId::CutAtLength => Some(Layer::Nobody),
            CaseId::BadJson
            | CaseId::UnknownTool
            | CaseId::SchemaInvalid
            | CaseId::MissingArg
            | CaseId::ToolTimeout => Some(Layer::Model),
        }
    }
}

/// How a case's run ended, as the card shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum CaseOutcome {
    /// `runAgent` returned, with the door open or still shut.
    #[serde(rename_all = "camelCase")]
    Answered {
        door_open: bool,
    },
    /// `runAgent` returned from an errand with its own tools: after the errand's answer (`done`),
    /// or before it.
    AnsweredErrand {
        done: bool,
    },
    Threw {
        message: String,
    },
    Stalled,
    #[serde(rename_all = "camelCase")]
    Blocked {
        budget_ms: u64,
    },
    TimeLimit,
    TooManyRequests,
    Stopped,
    SandboxError {
        message: String,
    },
    /// The code defined no `runAgent` and its top level asked nothing: nothing ran.
    NoAgent,
    /// No end was observed (the run is still going).
    Unfinished,
    /// The reference harness's own end short of an answer: a guard, a hand-over, a failure.
    Harness {
        outcome: Outcome,
    },
}

/// One finding about a case. Data only: the page words it, with its fix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Verdict {
    /// Handled by the layer that should handle it, and the run ended as it should. `None`:
    /// there was nothing to handle, and the run answered with the door open.
    RightLayer { layer: Option<Layer> },
    /// A 400 or 401 (a failure no retry can fix) was sent again.
    RetriedPermanent { status: u16 },
    /// A retry came back sooner than the server's `Retry-After` asked.
    #[serde(rename_all = "camelCase")]
    IgnoredRetryAfter { asked_ms: u64, waited_ms: u64 },
    /// A retry went out at once, or nearly.
    #[serde(rename_all = "camelCase")]
    NoBackoff { waited_ms: u64 },
    /// A failure that tends to pass by itself ended the run: it was never retried.
    NoRetry { failure: CallFailure },
    /// So many attempts on one turn that the client adds load to a server in trouble.
    RetryStorm { attempts: u32 },
    /// A server error was put into the history, where the model read it.
    ShowedServerErrorToModel { status: u16 },
    /// A reply asked for tools, and the code took it as the answer without running them.
    DroppedToolCalls,
    /// A reply cut at the token limit was taken as the answer.
    TookCutReply,
    /// A request never answered, and nothing cut it: no watchdog.
    WaitedForever,
    /// The watchdog cut, on every attempt of a turn, an answer that was on its way: it cut after
    /// `cut_after_ms`, the answer came after `answers_after_ms`.
    #[serde(rename_all = "camelCase")]
    WatchdogTooShort { cut_after_ms: u64, answers_after_ms: u64 },
    /// A `Retry-After` of `asked_ms` was waited out (or still being waited out at the page's time
    /// limit) with no ceiling of the code's own.
    #[serde(rename_all = "camelCase")]
    NoRetryAfterCeiling { asked_ms: u64 },
    /// The same failure, played at two seeds, was waited for the same way both times.
    #[serde(rename_all = "camelCase")]
    NoJitter { waits_ms: Vec<u64> },
    /// Retries went out with a signal that had already fired (one kept from an earlier attempt):
    /// each failed at once, and none reached the server.
    SpentSignal { retries: u32 },
    /// A tool error ended the run instead of going back to the model.
    LostRunOnToolError,
    /// The run never ended by itself: the page had to stop it.
    NoGuard,
    /// What the model read held something it should never see: the key, or a stack trace.
    LeakedToModel { leak: Leak },
    /// A tool whose reply was lost (it may have acted) was called again at once, by the code,
    /// instead of telling the model.
    RetriedUnsafeTool,
    /// The case was not handled as it should be, and no finding above says why.
    NotHandled { expected: Option<Layer> },
    /// The case's fault lives in the page's tools (a tool's reply lost), and the code ran its
    /// own tools (`tools`) instead, so the fault never reached it. Neither a pass nor a fail:
    /// the case is left out until the page's tools stand in.
    NeedsPageTools { tools: Vec<String> },
    /// The code never sent the model a request: nothing of the case was met, so nothing is
    /// graded. Why is the code's own problem ([`crate::yours::problem::CodeProblem`]), said
    /// once above the card, at its line.
    NeverReachedModel,
    /// The page itself failed to run the case (its sandbox crashed, or could not start, even
    /// in a fresh one): the page's failure, never the code's. Counted neither way.
    PageCouldNotRun,
    /// The run ended in an error the language raised (`error`: a `TypeError`, a `KeyError`)
    /// right after an error reply (`status`): the code read the error's body as if it were an
    /// answer, because it never checked the status.
    ReadErrorAsAnswer { status: u16, error: String },
    /// A tool error went back to the model with nothing it could act on (`said`: a bare name,
    /// an empty string, an exception's repr): no sentence of what went wrong or what to do.
    BareToolError { said: String },
}

impl Verdict {
    /// A short, stable name for the page's words and test hooks.
    pub fn slug(&self) -> &'static str {
        match self {
            Verdict::RightLayer { .. } => "right-layer",
            Verdict::RetriedPermanent { .. } => "retried-permanent",
            Verdict::IgnoredRetryAfter { .. } => "ignored-retry-after",
            Verdict::NoBackoff { .. } => "no-backoff",
            Verdict::NoRetry { .. } => "no-retry",
            Verdict::RetryStorm { .. } => "retry-storm",
            Verdict::ShowedServerErrorToModel { .. } => "showed-server-error-to-model",
            Verdict::DroppedToolCalls => "dropped-tool-calls",
            Verdict::TookCutReply => "took-cut-reply",
            Verdict::WaitedForever => "waited-forever",
            Verdict::WatchdogTooShort { .. } => "watchdog-too-short",
            Verdict::NoRetryAfterCeiling { .. } => "no-retry-after-ceiling",
            Verdict::NoJitter { .. } => "no-jitter",
            Verdict::SpentSignal { .. } => "spent-signal",
            Verdict::LostRunOnToolError => "lost-run-on-tool-error",
            Verdict::NoGuard => "no-guard",
            Verdict::LeakedToModel { .. } => "leaked-to-model",
            Verdict::RetriedUnsafeTool => "retried-unsafe-tool",
            Verdict::NotHandled { .. } => "not-handled",
            Verdict::NeedsPageTools { .. } => "needs-page-tools",
            Verdict::NeverReachedModel => "never-reached-model",
            Verdict::PageCouldNotRun => "page-could-not-run",
            Verdict::ReadErrorAsAnswer { .. } => "read-error-as-answer",
            Verdict::BareToolError { .. } => "bare-tool-error",
        }
    }
}

/// What leaked into the model's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Leak {
    /// The API key (the page's placeholder stands in for a real one).
    Key,
    /// A stack trace: frames of the code's own files, for nobody but its developer.
    StackTrace,
}

/// What of [`Leak`] a text the model reads holds. A stack frame is a line of its own that
/// starts, after its indent, with `at ` and names a place with a line number (V8's form), or
/// Python's: `Traceback (most recent call last):`, or `File "…", line N` (its frames).
pub fn leak_in(text: &str) -> Option<Leak> {
    if text.contains(crate::yours::PLACEHOLDER_KEY) {
        return Some(Leak::Key);
    }
    let frame = |line: &str| {
        let rest = line.trim_start();
        let v8 = rest.len() < line.len()
            && rest.starts_with("at ")
            && rest.contains(':')
            && rest.ends_with(|c: char| c.is_ascii_digit() || c == ')');
        let python = rest.starts_with("Traceback (most recent call last)")
            || rest
                .strip_prefix("File \"")
                .and_then(|r| r.split_once("\", line "))
                .is_some_and(|(_, after)| after.starts_with(|c: char| c.is_ascii_digit()));
        v8 || python
    };
    text.lines().any(frame).then_some(Leak::StackTrace)
}

/// The waits before each retry of a run, in order: what backoff and jitter decide.
pub fn retry_waits(observed: &[Observed]) -> Vec<u64> {
    let reqs = model_requests(observed);
    (0..reqs.len()).filter_map(|k| retry_of(&reqs, k).map(|(_, w)| w)).collect()
}

/// One case graded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaseResult {
    pub case: CaseId,
    pub outcome: CaseOutcome,
    /// Model requests the run made.
    pub requests: u32,
    /// The virtual time the run took.
    pub virtual_ms: u64,
    /// `RightLayer` first when earned, then the faults found, in a fixed order.
    pub verdicts: Vec<Verdict>,
}

impl CaseResult {
    /// Handled by the right layer with nothing else found: the case passes the report card.
    pub fn passed(&self) -> bool {
        !self.verdicts.is_empty() && self.verdicts.iter().all(|v| matches!(v, Verdict::RightLayer { .. }))
    }

    /// The case could not be played as meant (see [`Verdict::NeedsPageTools`],
    /// [`Verdict::NeverReachedModel`], [`Verdict::PageCouldNotRun`]): it counts neither as a
    /// pass nor as a fail.
    pub fn left_out(&self) -> bool {
        self.verdicts.iter().any(|v| {
            matches!(v, Verdict::NeedsPageTools { .. } | Verdict::NeverReachedModel | Verdict::PageCouldNotRun)
        })
    }

    /// Why the row is left out, if it is.
    pub fn left_out_because(&self) -> Option<LeftOut> {
        self.verdicts.iter().find_map(|v| match v {
            Verdict::NeedsPageTools { .. } => Some(LeftOut::NeedsPageTools),
            Verdict::NeverReachedModel => Some(LeftOut::NeverReachedModel),
            Verdict::PageCouldNotRun => Some(LeftOut::PageCouldNotRun),
            _ => None,
        })
    }

    pub fn has(&self, slug: &str) -> bool {
        self.verdicts.iter().any(|v| v.slug() == slug)
    }
}

/// The wait between a failed request reaching the code and the next request of its turn.
fn retry_of(reqs: &[ModelRequest], k: usize) -> Option<(&ModelRequest, u64)> {
    let Got::Failed { at_ms, .. } = reqs[k].got else { return None };
    let next = reqs.get(k + 1).filter(|n| n.turn == reqs[k].turn)?;
    Some((next, next.t_ms.saturating_sub(at_ms)))
}

fn permanent(failure: &CallFailure) -> Option<u16> {
    match failure {
        CallFailure::Http { status: s @ (400 | 401 | 403 | 404 | 422) } => Some(*s),
        _ => None,
    }
}

/// An answer the code's own watchdog cut on its way: a request aborted before its good reply
/// (a 2xx, after a delay) reached the code. The cut's time and the answer's, from the request.
fn cut_answer(r: &ModelRequest) -> Option<(u64, u64)> {
    let Got::Failed { aborted: true, at_ms, .. } = r.got else { return None };
    let answers_after = match &r.reply {
        ServerReply::Answer { status, delay_ms, .. } | ServerReply::Stream { status, delay_ms, .. }
            if (200..300).contains(status) =>
        {
            *delay_ms
        }
        _ => return None,
    };
    let cut_after = at_ms.saturating_sub(r.t_ms);
    (cut_after < answers_after).then_some((cut_after, answers_after))
}

/// Grades every case of a card from its runs: `(case, what the code did)`, each at the case's
/// own seed. A case set beside another ([`CaseId::partner`]) is graded with its partner's run.
pub fn grade_all(lang: Lang, runs: &[(CaseId, Vec<Observed>)]) -> Vec<CaseResult> {
    runs.iter()
        .map(|(case, observed)| {
            let partner = case.partner().and_then(|p| runs.iter().find(|(c, _)| *c == p)).map(|(_, o)| o.as_slice());
            grade_beside(*case, lang, observed, partner)
        })
        .collect()
}

/// Grades one case from what was observed. `lang` is the language the run was held in (it
/// decides how the tools' sentences are read). A case with a partner ([`CaseId::Jitter`]) graded
/// alone is graded as its partner's case would be: see [`grade_beside`].
pub fn grade(case: CaseId, lang: Lang, observed: &[Observed]) -> CaseResult {
    grade_beside(case, lang, observed, None)
}

/// Why a row counts neither way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftOut {
    NeedsPageTools,
    NeverReachedModel,
    PageCouldNotRun,
}

/// Summary of a card's rows, as the page counts them: passed, counted (a row left out counts
/// neither way), left out (the page's tools needed, or the page could not run the case), and
/// whether every case of the matrix is in and passed. `never_reached`: rows whose run never
/// sent a request, which is no run at all: a card of only those is no card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    pub counted: usize,
    pub left_out: usize,
    pub page_failed: usize,
    pub never_reached: usize,
    pub perfect: bool,
}

impl Summary {
    /// Rows came in, and not one of them reached the model: the card grades nothing.
    pub fn nothing_ran(&self) -> bool {
        self.never_reached > 0 && self.counted == 0 && self.left_out == 0
    }
}

/// The card's count, from its rows alone.
pub fn summary(rows: &[CaseResult]) -> Summary {
    let passed = rows.iter().filter(|r| r.passed()).count();
    let because = |why: LeftOut| rows.iter().filter(|r| r.left_out_because() == Some(why)).count();
    let (left_out, page_failed, never_reached) =
        (because(LeftOut::NeedsPageTools), because(LeftOut::PageCouldNotRun), because(LeftOut::NeverReachedModel));
    let all_in = CaseId::ALL.iter().all(|c| rows.iter().any(|r| r.case == *c));
    Summary {
        passed,
        counted: rows.len() - left_out - page_failed - never_reached,
        left_out,
        page_failed,
        never_reached,
        perfect: all_in && passed == rows.len(),
    }
}

/// [`grade`], with the run of the case's partner at the same link seed (`first`): for the
/// jitter, the first 503, whose waits must not be this run's.
pub fn grade_beside(case: CaseId, lang: Lang, observed: &[Observed], first: Option<&[Observed]>) -> CaseResult {
    let s = script(lang);
    let reqs = model_requests(observed);
    let events = events_of(observed, lang, s.task);
    let end = observed.iter().find_map(|o| match o {
        Observed::End { t_ms, how } => Some((*t_ms, how.clone())),
        _ => None,
    });
    let room = observed
        .iter()
        .rev()
        .find_map(|o| match o {
            Observed::Tool { room, .. } => Some(*room),
            _ => None,
        })
        .unwrap_or_default();
    // A loop that runs its own tools changed a room the page never saw: the door is then what
    // the model read in the last history it was sent, read as the model reads it.
    let used = tools_used(observed, lang);
    let errand = errand_tools(&reqs);
    // The errand's answer reached: a whole reply with no call left to make.
    let errand_done = reqs.last().is_some_and(|r| match &r.got {
        Got::Reply(response) => response
            .choices
            .first()
            .is_some_and(|c| c.message.calls().is_empty() && c.finish_reason.as_deref() != Some(FINISH_LENGTH)),
        _ => false,
    });
    let room = if used.runs_own() {
        reqs.iter().rev().find_map(|r| r.messages.as_deref()).map_or_else(Room::default, |m| room_as_read(m, lang))
    } else {
        room
    };
    let virtual_ms = end.as_ref().map_or_else(|| observed.iter().map(observed_time).max().unwrap_or(0), |(t, _)| *t);
    let outcome = match end.as_ref().map(|(_, how)| how) {
        None => CaseOutcome::Unfinished,
        Some(End::Returned { .. }) => match errand {
            None => CaseOutcome::Answered { door_open: room.door_open },
            Some(_) => CaseOutcome::AnsweredErrand { done: errand_done },
        },
        Some(End::Threw { message, .. }) => CaseOutcome::Threw { message: message.clone() },
        Some(End::NoAgent { .. }) => CaseOutcome::NoAgent,
        Some(End::Stalled) => CaseOutcome::Stalled,
        Some(End::Blocked { budget_ms }) => CaseOutcome::Blocked { budget_ms: *budget_ms },
        Some(End::TimeLimit) => CaseOutcome::TimeLimit,
        Some(End::TooManyRequests) => CaseOutcome::TooManyRequests,
        Some(End::Stopped) => CaseOutcome::Stopped,
        Some(End::SandboxError { message }) => CaseOutcome::SandboxError { message: message.clone() },
    };
    let ended = end.is_some();
    // A run the page could not play, or one that never asked the model anything: no row to grade.
    let unplayed = match (&outcome, reqs.is_empty()) {
        (CaseOutcome::SandboxError { .. }, _) => Some(Verdict::PageCouldNotRun),
        (_, true) if ended => Some(Verdict::NeverReachedModel),
        _ => None,
    };
    if let Some(verdict) = unplayed {
        return CaseResult { case, outcome, requests: 0, virtual_ms, verdicts: vec![verdict] };
    }
    let returned = matches!(outcome, CaseOutcome::Answered { .. } | CaseOutcome::AnsweredErrand { .. });
    let threw = matches!(outcome, CaseOutcome::Threw { .. });
    let page_stopped = matches!(outcome, CaseOutcome::TooManyRequests | CaseOutcome::TimeLimit);

    let mut bad: Vec<Verdict> = Vec::new();
    let push = |v: Verdict, bad: &mut Vec<Verdict>| {
        if !bad.iter().any(|b| b.slug() == v.slug()) {
            bad.push(v);
        }
    };

    // Sends with a signal already fired: the code did try again, in vain.
    let spent: Vec<u64> = observed
        .iter()
        .filter_map(|o| match o {
            Observed::SpentSignal { t_ms, .. } => Some(*t_ms),
            _ => None,
        })
        .collect();
    if !spent.is_empty() {
        push(Verdict::SpentSignal { retries: spent.len() as u32 }, &mut bad);
    }
    // An error the language raised (a TypeError, a KeyError) straight after an error reply: the
    // code read the error's body as an answer. That, not a missing retry, is what to fix first.
    let misread = match (end.as_ref().map(|(_, how)| how), reqs.last().map(|r| &r.got)) {
        (
            Some(End::Threw { mistake: Some(Mistake::Bug { name }), .. }),
            Some(Got::Failed { failure: CallFailure::Http { status }, aborted: false, .. }),
        ) => Some(Verdict::ReadErrorAsAnswer { status: *status, error: name.clone() }),
        _ => None,
    };
    if let Some(misread) = misread.clone() {
        push(misread, &mut bad);
    }
    // A turn whose every answer the code's own watchdog cut, so it never got one.
    for turn in reqs.iter().map(|r| r.turn) {
        let of_turn = || reqs.iter().filter(move |r| r.turn == turn);
        if of_turn().any(|r| matches!(r.got, Got::Reply(_))) {
            continue;
        }
        let cuts: Vec<(u64, u64)> = of_turn().filter_map(cut_answer).collect();
        if let Some(&(cut_after_ms, answers_after_ms)) = cuts.iter().max() {
            push(Verdict::WatchdogTooShort { cut_after_ms, answers_after_ms }, &mut bad);
        }
    }
    // The jitter's first run: a wait near zero here, where that run waited, is a small draw of
    // a random wait, not a missing backoff.
    let first_waits = first.filter(|_| case == CaseId::Jitter).map(retry_waits).unwrap_or_default();
    let mut retry_index = 0;
    for (k, r) in reqs.iter().enumerate() {
        let Got::Failed { failure, retry_after_ms, at_ms, .. } = &r.got else { continue };
        match retry_of(&reqs, k) {
            Some((_, waited_ms)) => {
                let drawn_small = first_waits.get(retry_index).is_some_and(|w| *w >= NEAR_ZERO_MS);
                retry_index += 1;
                if let Some(status) = permanent(failure) {
                    push(Verdict::RetriedPermanent { status }, &mut bad);
                } else if let Some(asked_ms) = retry_after_ms.filter(|a| waited_ms < (*a).min(RETRY_AFTER_FLOOR_MS)) {
                    push(Verdict::IgnoredRetryAfter { asked_ms, waited_ms }, &mut bad);
                } else if let Some(asked_ms) = retry_after_ms.filter(|a| *a > RETRY_AFTER_CEILING_MAX_MS) {
                    if waited_ms > RETRY_AFTER_CEILING_MAX_MS {
                        push(Verdict::NoRetryAfterCeiling { asked_ms }, &mut bad);
                    }
                } else if retry_after_ms.is_none() && waited_ms < NEAR_ZERO_MS && !drawn_small {
                    push(Verdict::NoBackoff { waited_ms }, &mut bad);
                }
            }
            // Not a failure given up on: a retry went out with a spent signal, the code's own
            // watchdog cut an answer (said above), or the server asked for longer than anyone
            // should wait, which giving up is a right answer to.
            None if spent.iter().any(|t| t >= at_ms)
                || cut_answer(r).is_some()
                || retry_after_ms.is_some_and(|a| a > RETRY_AFTER_CEILING_MAX_MS) => {}
            None if ended && misread.is_none() && ProviderError::of(failure.clone()).is_transient() => {
                push(Verdict::NoRetry { failure: failure.clone() }, &mut bad);
            }
            None => {}
        }
        // A server error that reached the model: a later request's history holds, in a message
        // the failed request did not have, the status or the server's own message.
        if let (CallFailure::Http { status }, Some(next)) = (failure, reqs.get(k + 1)) {
            let before = r.messages.as_ref().map_or(0, Vec::len);
            let said = crate::yours::dialect::error_message(r.dialect, &r.reply);
            let code = status.to_string();
            let shown = next.messages.iter().flatten().skip(before).any(|m| {
                let text = m.content.as_deref().unwrap_or_default();
                text.contains(&code) || said.as_deref().is_some_and(|s| text.contains(s))
            });
            if shown {
                push(Verdict::ShowedServerErrorToModel { status: *status }, &mut bad);
            }
        }
    }
    if let Some(most) = reqs.iter().map(|r| r.attempts).max().filter(|m| *m > STORM_ATTEMPTS_PER_TURN) {
        push(Verdict::RetryStorm { attempts: most }, &mut bad);
    }

    // The last reply, and what the code did after it.
    let last = reqs.last();
    let last_reply = last.and_then(|r| match &r.got {
        Got::Reply(response) => response.choices.first().cloned(),
        _ => None,
    });
    if let Some(choice) = &last_reply {
        let calls = choice.message.calls();
        let ran = |id: &str| events.iter().any(|e| matches!(e, Event::ToolStarted { call, .. } if call.id == id));
        // Calls that came under another finish reason (`stop`), left unrun by a loop that
        // returned: it trusted the reason over what the reply held. (A guard that hands over
        // rather than repeat a `tool_calls` reply's calls is not this.)
        let under_other_reason = choice.finish_reason.as_deref() != Some(FINISH_TOOL_CALLS);
        if returned && under_other_reason && !calls.is_empty() && !calls.iter().any(|c| ran(&c.id)) {
            push(Verdict::DroppedToolCalls, &mut bad);
        }
        if returned && calls.is_empty() && choice.finish_reason.as_deref() == Some(FINISH_LENGTH) {
            push(Verdict::TookCutReply, &mut bad);
        }
        // A tool error ended the run: one thrown after this reply, or a call the code could
        // not run; and no tool error ever went back to the model, so no guard of the code's
        // own stopped it after reading a few.
        let unrunnable = calls.iter().any(|c| !ran(&c.id) && refused(c, Room::default(), lang, errand).is_some());
        let thrown_here = events.iter().any(|e| matches!(e, Event::ToolFailed { layer: Layer::Nobody, .. }));
        let ever_told = events.iter().any(|e| matches!(e, Event::ToolFailed { layer: Layer::Model, .. }));
        if ended && !returned && !calls.is_empty() && (thrown_here || unrunnable) && !ever_told {
            push(Verdict::LostRunOnToolError, &mut bad);
        }
    }
    // Whatever the model read: every message the code sent it, bar the task itself.
    let leak = reqs
        .iter()
        .filter_map(|r| r.messages.as_ref())
        .flatten()
        .filter(|m| m.role != Role::User || m.content.as_deref() != Some(s.task))
        .find_map(|m| m.content.as_deref().and_then(leak_in));
    if let Some(leak) = leak {
        push(Verdict::LeakedToModel { leak }, &mut bad);
    }
    // A tool called again straight after its reply was lost, no model request between.
    let tools: Vec<&Observed> =
        observed.iter().filter(|o| matches!(o, Observed::Tool { .. } | Observed::Request { .. })).collect();
    let retried_unsafe = tools.windows(2).any(|w| match (w[0], w[1]) {
        (
            Observed::Tool { name, args, result: ToolResult::Threw { message }, .. },
            Observed::Tool { name: again, args: args_again, .. },
        ) => name == again && args == args_again && kind_of_error(message, lang) == ToolErrorKind::ReplyLost,
        _ => false,
    });
    if retried_unsafe {
        push(Verdict::RetriedUnsafeTool, &mut bad);
    }
    let waiting = reqs.iter().any(|r| r.got == Got::Pending);
    // Still sleeping out a Retry-After with no ceiling when the page's time ran out.
    let sleeping_out = last.and_then(|r| match &r.got {
        Got::Failed { retry_after_ms: Some(asked), .. } if *asked > RETRY_AFTER_CEILING_MAX_MS => Some(*asked),
        _ => None,
    });
    if ended && waiting {
        push(Verdict::WaitedForever, &mut bad);
    } else if let (true, Some(asked_ms)) = (outcome == CaseOutcome::TimeLimit, sleeping_out) {
        push(Verdict::NoRetryAfterCeiling { asked_ms }, &mut bad);
    } else if page_stopped {
        push(Verdict::NoGuard, &mut bad);
    }
    // The jitter: this run's waits are the first run's, to the millisecond.
    if let Some(first) = first.filter(|_| case == CaseId::Jitter) {
        let (before, now) = (retry_waits(first), retry_waits(observed));
        if !now.is_empty() && before == now {
            push(Verdict::NoJitter { waits_ms: now }, &mut bad);
        }
    }

    // A tool error the model read with nothing in it to act on: a bare name, nothing, a repr.
    let bare = events.iter().find_map(|e| match e {
        Event::ToolFailed { layer: Layer::Model, output, .. } if says_nothing(output) => Some(output.clone()),
        _ => None,
    });
    if let Some(said) = bare {
        push(Verdict::BareToolError { said: said.chars().take(60).collect() }, &mut bad);
    }

    // The task done: the door open, or, on the loop's own tools, the errand's answer reached (a
    // whole reply with no call left to make) and returned.
    let answered_open = returned && if errand.is_some() { errand_done } else { room.door_open };
    let told_model = events.iter().any(|e| matches!(e, Event::ToolFailed { layer: Layer::Model, .. }));
    let fault_turn_retried = reqs.iter().any(|r| r.turn == FAULT_TURN && r.attempt >= 2);
    let shown = bad.iter().any(|v| matches!(v, Verdict::ShowedServerErrorToModel { .. }));
    let right = match case {
        CaseId::Plain | CaseId::Slow | CaseId::SlowAlways => answered_open,
        CaseId::RateLimited
        | CaseId::Http500
        | CaseId::Http502
        | CaseId::Http503
        | CaseId::Jitter
        | CaseId::Dropped
        | CaseId::Hang => answered_open && fault_turn_retried && !shown,
        // An hour is too long to wait: a ceiling and a retry, or giving up at once, are both right.
        CaseId::RateLimitedLong => {
            (answered_open && fault_turn_retried && !shown)
                || (threw
                    && last.is_some_and(|r| {
                        matches!(&r.got, Got::Failed { failure: CallFailure::Http { status: 429 }, .. })
                    }))
        }
        CaseId::BadRequest | CaseId::Unauthorized => {
            threw
                && !bad.iter().any(|v| matches!(v, Verdict::RetriedPermanent { .. }))
                && last.is_some_and(|r| matches!(&r.got, Got::Failed { failure, .. } if permanent(failure).is_some()))
        }
        CaseId::BadJson | CaseId::UnknownTool | CaseId::SchemaInvalid | CaseId::MissingArg | CaseId::ToolTimeout => {
            answered_open && told_model
        }
        CaseId::StopWithCalls => answered_open && events.iter().any(|e| matches!(e, Event::QuirkTolerated { .. })),
        CaseId::CutAtLength => !bad.contains(&Verdict::TookCutReply) && (threw || answered_open),
        // The code's own guard: it read a few of the model's failures back to it, then ended
        // the run itself, before the page had to.
        CaseId::Stubborn => {
            (returned || threw) && !page_stopped && told_model && !bad.contains(&Verdict::LostRunOnToolError)
        }
    };
    // The tool's lost reply is the page's tools' to give: a loop that runs its own never met it.
    let lost_reply_met = observed.iter().any(|o| {
        matches!(o, Observed::Tool { result: ToolResult::Threw { message }, .. }
            if kind_of_error(message, lang) == ToolErrorKind::ReplyLost)
    });
    // The stubborn model is the adventure's: the errand a loop's own tools get never insists.
    if case == CaseId::Stubborn && errand.is_some() {
        let verdicts = vec![Verdict::NeedsPageTools { tools: errand.map(<[String]>::to_vec).unwrap_or_default() }];
        return CaseResult { case, outcome, requests: reqs.len() as u32, virtual_ms, verdicts };
    }
    if case == CaseId::ToolTimeout && used.runs_own() && !lost_reply_met {
        let verdicts = vec![Verdict::NeedsPageTools { tools: used.own }];
        return CaseResult { case, outcome, requests: reqs.len() as u32, virtual_ms, verdicts };
    }
    // A row never says right and wrong at once: anything found makes it wrong.
    let mut verdicts = Vec::new();
    if right && bad.is_empty() {
        verdicts.push(Verdict::RightLayer { layer: case.layer() });
    } else if bad.is_empty() {
        verdicts.push(Verdict::NotHandled { expected: case.layer() });
    }
    verdicts.extend(bad);
    CaseResult { case, outcome, requests: reqs.len() as u32, virtual_ms, verdicts }
}

fn observed_time(o: &Observed) -> u64 {
    match o {
        Observed::Request { t_ms, .. }
        | Observed::Aborted { t_ms, .. }
        | Observed::SpentSignal { t_ms, .. }
        | Observed::Tool { t_ms, .. }
        | Observed::Log { t_ms, .. }
        | Observed::End { t_ms, .. } => *t_ms,
        Observed::Site { .. } => 0,
    }
}

/// The engine's own robust harness (default settings) on the same case, in the same simulated
/// sandbox, graded the same way: the other side of the card. Its outcome is the harness's own
/// when it did not answer (a guard, a hand-over, a clear failure).
pub fn reference(case: CaseId, lang: Lang) -> CaseResult {
    let play = |case: CaseId| {
        let seed = case.seed(RunConfig::default().seed);
        let config = RunConfig { personality: case.personality(), lang, seed, ..RunConfig::default() };
        run_harness(&config, case.plan())
    };
    let (observed, outcome) = play(case);
    let first = case.partner().map(|p| play(p).0);
    let mut result = grade_beside(case, lang, &observed, first.as_deref());
    match outcome {
        Some(Outcome::Answered { .. }) => {}
        Some(outcome) => result.outcome = CaseOutcome::Harness { outcome },
        None => result.outcome = CaseOutcome::Stalled,
    }
    result
}

/// One finding of a row, at the lines of the code that decided it: the request that had no
/// deadline, the retry that went out too soon, the throw that ended the run, the tool call whose
/// error went back bare. Lines are the editor's (1-based), as the sandbox saw each call: its
/// frames in the code, innermost first. Empty when the sandbox did not tell, or when nothing the
/// page saw has a place (a return, a guard missing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindingAt {
    pub verdict: Verdict,
    pub lines: Vec<u32>,
}

/// Each finding of `result` with the lines that decided it, read from the calls `observed`
/// recorded ([`Observed::Site`]) and the line the run threw at.
pub fn findings_at(result: &CaseResult, observed: &[Observed]) -> Vec<FindingAt> {
    use crate::yours::observe::{site_of, SiteOf};
    let reqs = model_requests(observed);
    let thrown = observed.iter().rev().find_map(|o| match o {
        Observed::End { how: End::Threw { line, .. }, .. } => *line,
        _ => None,
    });
    let request_at = |r: &ModelRequest| site_of(observed, SiteOf::Request, r.id).to_vec();
    let requests_where = |keep: &dyn Fn(usize, &ModelRequest) -> bool| -> Vec<u32> {
        let mut lines: Vec<u32> = Vec::new();
        for (k, r) in reqs.iter().enumerate() {
            if keep(k, r) {
                for l in request_at(r) {
                    if !lines.contains(&l) {
                        lines.push(l);
                    }
                }
            }
        }
        lines
    };
    let failed = |r: &ModelRequest| matches!(r.got, Got::Failed { .. });
    let retries = || requests_where(&|_, r| r.attempt >= 2);
    // A tool call whose error was sent back to the model with nothing in it to act on, or the
    // call that threw when the run ended on a tool error: the calls that threw.
    let thrown_tools = || -> Vec<u32> {
        let mut lines: Vec<u32> = Vec::new();
        for o in observed {
            if let Observed::Tool { id, result: ToolResult::Threw { .. }, .. } = o {
                for l in site_of(observed, SiteOf::Tool, *id) {
                    if !lines.contains(l) {
                        lines.push(*l);
                    }
                }
            }
        }
        lines
    };
    let with_throw = |mut lines: Vec<u32>| {
        if let Some(t) = thrown.filter(|t| !lines.contains(t)) {
            lines.insert(0, t);
        }
        lines
    };
    result
        .verdicts
        .iter()
        .filter(|v| !matches!(v, Verdict::RightLayer { .. }) && !result.left_out())
        .map(|v| {
            let lines = match v {
                Verdict::WaitedForever => requests_where(&|_, r| r.got == Got::Pending),
                Verdict::WatchdogTooShort { .. } => requests_where(&|_, r| cut_answer(r).is_some()),
                Verdict::IgnoredRetryAfter { .. }
                | Verdict::NoBackoff { .. }
                | Verdict::NoRetryAfterCeiling { .. }
                | Verdict::RetriedPermanent { .. }
                | Verdict::RetryStorm { .. }
                | Verdict::NoJitter { .. } => retries(),
                Verdict::NoRetry { .. } => {
                    with_throw(requests_where(&|k, r| failed(r) && retry_of(&reqs, k).is_none()))
                }
                Verdict::ReadErrorAsAnswer { .. } => {
                    with_throw(requests_where(&|k, r| failed(r) && k + 1 == reqs.len()))
                }
                Verdict::ShowedServerErrorToModel { .. } => {
                    requests_where(&|k, _| k > 0 && reqs.get(k - 1).is_some_and(failed))
                }
                Verdict::LeakedToModel { .. } | Verdict::RetriedUnsafeTool => thrown_tools(),
                // The page's tool call whose error went back bare, or (an error of the loop's own
                // making, such as an unknown tool) the request that carried the bare text.
                Verdict::BareToolError { said } => {
                    let carried = |r: &&ModelRequest| {
                        r.messages.iter().flatten().any(|m| {
                            m.role == Role::Tool && m.content.as_deref().is_some_and(|c| c.starts_with(said.as_str()))
                        })
                    };
                    match reqs.iter().position(|r| carried(&r)) {
                        None => Vec::new(),
                        Some(k) => {
                            let from = if k == 0 { 0 } else { reqs[k - 1].at };
                            let tool_sites: Vec<u32> = observed[from..reqs[k].at]
                                .iter()
                                .filter_map(|o| match o {
                                    Observed::Tool { id, result: ToolResult::Threw { .. }, .. } => Some(*id),
                                    _ => None,
                                })
                                .flat_map(|id| site_of(observed, SiteOf::Tool, id).to_vec())
                                .fold(Vec::new(), |mut acc, l| {
                                    if !acc.contains(&l) {
                                        acc.push(l);
                                    }
                                    acc
                                });
                            if tool_sites.is_empty() {
                                request_at(&reqs[k])
                            } else {
                                tool_sites
                            }
                        }
                    }
                }
                Verdict::LostRunOnToolError => with_throw(thrown_tools()),
                Verdict::NotHandled { .. } => thrown.into_iter().collect(),
                _ => Vec::new(),
            };
            FindingAt { verdict: v.clone(), lines }
        })
        .collect()
}
