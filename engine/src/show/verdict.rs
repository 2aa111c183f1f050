//! A resilience verdict: what a run's events say about how well layer 1 (your code) behaved.
//!
//! The verdict reads only the settings and the events, so it works the same on a live run, a
//! simulated one and a trace imported from elsewhere, including traces of harnesses that do
//! things this engine never would (retrying a 401, say). Each finding names one behaviour, good
//! or bad, with its facts as data ([`Said`]); the page words it in the reader's language.
//!
//! # What the events can and cannot tell
//!
//! A `RetryScheduled` carries the wait and its reason, and a `ModelCallFailed` carries what the
//! server asked for in `Retry-After` when it said (`retry_after_ms`); [`judge`] reads those asks
//! from the events. Traces saved before that field existed carry no ask, so for them:
//!
//! * a wait with reason `retry-after` shorter than the cap was the server's ask, honoured exactly
//!   (the engine waits `min(ask, cap)`);
//! * a wait with reason `retry-after` equal to the cap may or may not have been cut short: the
//!   ask is unknown, so nothing is said, except that a cap of 0 throws every ask away.
//!
//! A 429 retried on `backoff` means no ask reached the loop. Whether the server sent none or the
//! browser hid it (a cross-origin response shows `Retry-After` only if the server lists it in
//! `Access-Control-Expose-Headers`) cannot be told, so this is a warning, not a fault. Callers
//! that know the asks some other way pass them to [`judge_with_asks`].
//!
//! # What the verdict promises
//!
//! * A failed call is never passed over: a turn that retried and answered, failed fast, gave up
//!   after one attempt or used up every attempt gets a finding that says so (with one entry per
//!   slug, a later turn's may be folded into an earlier turn's `count`).
//! * It never contradicts itself: each finding knows the `(turn, failure)` pairs it is about,
//!   and a good word about a pair that a bad finding is also about is dropped. A 401 retried
//!   until the attempts ran out is a retried permanent failure, not also a failure that failed
//!   fast.
//! * Its sums are the strip's: a finding about a turn's waits adds up the same waits the backoff
//!   strip draws for that turn (see [`Said`] for which ones each finding counts).

use crate::run::config::RunConfig;
use crate::run::error_text::{is_bare, Secret};
use crate::run::events::{Event, FailReason, FinalBecause, Guard, Layer, Outcome, Quirk};
use crate::run::provider::{CallFailure, ProviderError, WaitReason};
use crate::run::tools::ToolErrorKind;
use crate::run::wire::{FINISH_LENGTH, FINISH_TOOL_CALLS};
use crate::run::world::changes_things;
use serde::Serialize;

/// The stable names of every finding, for the page, the tests and anyone scripting them.
pub mod slug {
    /// Bad: a failure no retry can fix (400, 401, 403, 404, 422, an unreadable body) was retried.
    pub const RETRIED_PERMANENT: &str = "retried-permanent-failure";
    /// Bad: a retry came back sooner than the server asked.
    pub const IGNORED_RETRY_AFTER: &str = "ignored-retry-after";
    /// Warning: the server asked for longer than the cap allows, so the retry came back early.
    pub const RETRY_AFTER_CAPPED: &str = "retry-after-capped";
    /// Warning: a 429 was retried on backoff because no `Retry-After` reached the loop.
    pub const RETRY_AFTER_MISSING: &str = "retry-after-missing";
    /// Bad: retries went out at once, or nearly, with no real backoff.
    pub const RETRIED_WITHOUT_WAITING: &str = "retried-without-waiting";
    /// Bad: one attempt only, so a failure that would have passed by itself ended the run.
    pub const GAVE_UP_TOO_EARLY: &str = "gave-up-too-early";
    /// Warning: a failure that might have passed was retried, with its waits, until no attempt
    /// was left, and the run ended on it.
    pub const RETRIES_USED_UP: &str = "retries-used-up";
    /// Warning: so many attempts that the client adds real load to a server already in trouble.
    pub const RETRY_STORM: &str = "retry-storm";
    /// Warning: backoff without jitter, so clients that failed together retry together.
    pub const SYNCHRONIZED_RETRIES: &str = "synchronized-retries";
    /// Bad: a call never answered and, with no watchdog, nothing cut it.
    pub const HANG_WITHOUT_TIMEOUT: &str = "hang-without-timeout";
    /// Bad: a reply with no finish reason (what a cut stream leaves) was used as a whole answer.
    pub const ACCEPTED_TRUNCATED_STREAM: &str = "accepted-truncated-stream";
    /// Good: a retry waited as long as the server asked.
    pub const HONOURED_RETRY_AFTER: &str = "honoured-retry-after";
    /// Good: a transient failure was retried after backoff and a later attempt answered.
    pub const RECOVERED_WITH_BACKOFF: &str = "recovered-with-backoff";
    /// Good: a failure no retry can fix ended the run at once.
    pub const FAILED_FAST: &str = "failed-fast";
    /// Good: the watchdog cut a call that was not answering.
    pub const WATCHDOG_CUT_HANG: &str = "watchdog-cut-hang";
    /// Good: a guard stopped a run that was going nowhere.
    pub const GUARD_STOPPED_LOOP: &str = "guard-stopped-loop";
    /// Warning: the reply was cut at the token limit, so the run ended without an answer.
    pub const CUT_AT_LENGTH: &str = "cut-at-length";
    /// Warning: the model stopped for a reason that is not an answer (a content filter, or a
    /// reason the loop does not know), so the run ended without one.
    pub const NOT_AN_ANSWER: &str = "not-an-answer";
    /// Good: a reply bent the protocol (tool calls with `finish_reason: stop`) and the loop
    /// decided by what the reply held.
    pub const TOLERATED_QUIRK: &str = "tolerated-quirk";
    /// Bad: a tool error reached the model as a bare code, with no cause and no next step, so
    /// the model could only guess.
    pub const BARE_TOOL_ERROR: &str = "bare-tool-error";
    /// Bad: a tool error put secrets (a stack trace, a path, a connection string) into the
    /// history, which every later turn sends to the model.
    pub const SECRET_SENT: &str = "secret-sent";
    /// Bad: a tool that changes things lost its reply and your code called it again by itself,
    /// so its action happened twice.
    pub const RETRIED_NON_IDEMPOTENT: &str = "retried-non-idempotent-tool";
    /// Good: a tool that changes things lost its reply and the model was told to check first.
    pub const CHECKED_BEFORE_REPEATING: &str = "checked-before-repeating";
    /// Bad: a reply asked for tools under another finish reason, and the loop took it as the
    /// answer without running them.
    pub const DROPPED_TOOL_CALLS: &str = "dropped-tool-calls";
    /// Bad: a reply cut at the token limit was taken as the whole answer.
    pub const ACCEPTED_CUT_REPLY: &str = "accepted-cut-reply";
}

/// How a finding reflects on the harness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Severity {
    Good,
    Warning,
    Bad,
}

impl Severity {
    pub fn slug(self) -> &'static str {
        match self {
            Severity::Good => "good",
            Severity::Warning => "warning",
            Severity::Bad => "bad",
        }
    }

    /// Worst first, for sorting.
    fn rank(self) -> u8 {
        match self {
            Severity::Bad => 0,
            Severity::Warning => 1,
            Severity::Good => 2,
        }
    }
}

/// One behaviour the verdict noticed. Each slug appears at most once per verdict; `said`
/// holds the facts of its first occurrence and `count` says how many there were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub slug: &'static str,
    pub severity: Severity,
    pub said: Said,
    pub count: u32,
}

/// The facts behind a finding, as data: the page puts them into a sentence in the reader's
/// language. Times are in milliseconds; the page writes them in its one unit. A `waited_ms` is
/// either one retry's wait (the findings that weigh a wait against what the server asked, or
/// against no wait at all) or a sum of the turn's waits, as its backoff strip adds them up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Said {
    /// A failure no retry can fix was retried.
    RetriedPermanent { turn: u32, failure: CallFailure },
    /// The server asked for longer than the cap, so the retry came back early.
    RetryAfterCapped { turn: u32, asked_ms: u64, cap_ms: u64 },
    /// The retry came back sooner than the server asked: one retry's wait and ask.
    IgnoredRetryAfter { turn: u32, waited_ms: u64, asked_ms: u64 },
    /// A Retry-After cap of 0 threw the server's ask away.
    RetryAfterCapAtZero { turn: u32, failure: CallFailure },
    /// One retry's wait was as long as the server asked (`asked_ms` when the ask is known).
    HonouredRetryAfter { turn: u32, failure: CallFailure, waited_ms: u64, asked_ms: Option<u64> },
    /// A 429 retried on a guessed wait (that retry's): no Retry-After reached the loop.
    RetryAfterMissing { turn: u32, waited_ms: u64 },
    /// A transient failure retried after backoff, and a later attempt answered. `failure` is the
    /// first one the turn backed off from; `waited_ms` is all the turn's backoff waits together.
    RecoveredWithBackoff { turn: u32, failure: CallFailure, waited_ms: u64 },
    /// One attempt only, so a failure that would have passed ended the run.
    GaveUpTooEarly { turn: u32, failure: CallFailure },
    /// Every attempt failed and the run ended on `failure`, the last of them: `attempts` calls
    /// and `waited_ms` of waiting between them, all the turn's waits together.
    RetriesUsedUp { turn: u32, failure: CallFailure, attempts: u32, waited_ms: u64 },
    /// A failure no retry can fix ended the run at once.
    FailedFast { turn: u32, failure: CallFailure },
    /// A retry went out at once, or nearly: the first such wait.
    RetriedWithoutWaiting { turn: u32, waited_ms: u64 },
    /// So many calls that the client adds load to a failing server.
    RetryStorm { calls: u32, most: u32, on_turn: u32 },
    /// Backoff without jitter: clients that failed together retry together.
    SynchronizedRetries,
    /// A call never answered, with no watchdog; `until_stop` when Stop ended the wait.
    HangWithoutTimeout { turn: u32, until_stop: bool },
    /// A reply with no finish reason was used as a whole answer.
    AcceptedTruncatedStream { turn: u32 },
    /// The watchdog cut a silent call.
    WatchdogCutHang { turn: u32, after_ms: u64 },
    /// A guard stopped a run going nowhere.
    GuardStoppedLoop { guard: Guard, turn: u32 },
    /// Tool calls came with another finish reason, and ran.
    ToleratedQuirk { turn: u32, finish_reason: String },
    /// The reply was cut at the token limit.
    CutAtLength { turn: u32 },
    /// The reply stopped for a reason that is not an answer.
    NotAnAnswer { turn: u32, finish_reason: String },
    /// The model read a bare code for the failure of `tool`.
    BareToolError { turn: u32, tool: String },
    /// A result with these secrets went into the history on this turn.
    SecretSent { turn: u32, secrets: Vec<Secret> },
    /// The reply of `tool`, which changes things, was lost, and your code called it again.
    RetriedNonIdempotent { turn: u32, tool: String },
    /// The reply of `tool`, which changes things, was lost, and the model was told to check.
    CheckedBeforeRepeating { turn: u32, tool: String },
    /// A reply's tool calls, sent with `finish_reason`, were dropped and the reply taken as the
    /// answer.
    DroppedToolCalls { turn: u32, finish_reason: String },
    /// A reply cut at the token limit was taken as the answer.
    AcceptedCutReply { turn: u32 },
}

/// What the server asked for on one failed attempt, when the caller knows it (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerAsk {
    pub turn: u32,
    pub attempt: u32,
    pub retry_after_ms: u64,
}

/// The thresholds a policy is judged by live with the retry policy itself, so the report card
/// (`yours`) reads the same ones without reaching up into the playground's presentation.
pub use crate::run::provider::{NEAR_ZERO_MS, STORM_ATTEMPTS_PER_TURN};
/// More retries than this in one run is a storm.
pub const STORM_RETRIES: usize = 10;

/// Judges a run from its settings and events. Findings come worst first.
/// The `Retry-After` asks are read from the failure events themselves.
pub fn judge(config: &RunConfig, events: &[Event]) -> Vec<Finding> {
    let asks: Vec<ServerAsk> = events
        .iter()
        .filter_map(|e| match e {
            Event::ModelCallFailed { turn, attempt, retry_after_ms: Some(ms), .. } => {
                Some(ServerAsk { turn: *turn, attempt: *attempt, retry_after_ms: *ms })
            }
            _ => None,
        })
        .collect();
    judge_with_asks(config, events, &asks)
}

/// [`judge`], plus the `Retry-After` asks the caller recorded, which the events do not carry.
pub fn judge_with_asks(config: &RunConfig, events: &[Event], asks: &[ServerAsk]) -> Vec<Finding> {
    let run = read_run(events);
    let mut out = Verdict::default();
    let cap = config.retry.retry_after_cap_ms;
    // A recovery is counted once per turn, however many retries it took.
    let mut recovered_turns = Vec::new();
    let ask_of = |c: &Call| asks.iter().find(|a| a.turn == c.turn && a.attempt == c.attempt).map(|a| a.retry_after_ms);

    for c in &run.calls {
        let Some((failure, layer)) = &c.failure else { continue };
        let what = failure;
        let t = c.turn;
        let about = || vec![(t, failure.clone())];
        match c.wait {
            Some((wait, reason)) => {
                if cannot_pass(failure) {
                    out.note(
                        slug::RETRIED_PERMANENT,
                        Severity::Bad,
                        Said::RetriedPermanent { turn: t, failure: what.clone() },
                        about(),
                    );
                }
                match (ask_of(c), reason) {
                    (Some(asked), WaitReason::RetryAfter) if wait < asked && wait == cap && cap > 0 => out.note(
                        slug::RETRY_AFTER_CAPPED,
                        Severity::Warning,
                        Said::RetryAfterCapped { turn: t, asked_ms: asked, cap_ms: cap },
                        about(),
                    ),
                    (Some(asked), _) if wait < asked => out.note(
                        slug::IGNORED_RETRY_AFTER,
                        Severity::Bad,
                        Said::IgnoredRetryAfter { turn: t, waited_ms: wait, asked_ms: asked },
                        about(),
                    ),
                    (Some(asked), _) => out.note(
                        slug::HONOURED_RETRY_AFTER,
                        Severity::Good,
                        Said::HonouredRetryAfter {
                            turn: t,
                            failure: what.clone(),
                            waited_ms: wait,
                            asked_ms: Some(asked),
                        },
                        about(),
                    ),
                    (None, WaitReason::RetryAfter) if cap == 0 => out.note(
                        slug::IGNORED_RETRY_AFTER,
                        Severity::Bad,
                        Said::RetryAfterCapAtZero { turn: t, failure: what.clone() },
                        about(),
                    ),
                    (None, WaitReason::RetryAfter) if wait < cap => out.note(
                        slug::HONOURED_RETRY_AFTER,
                        Severity::Good,
                        Said::HonouredRetryAfter { turn: t, failure: what.clone(), waited_ms: wait, asked_ms: None },
                        about(),
                    ),
                    (None, WaitReason::Backoff) if matches!(failure, CallFailure::Http { status: 429 }) => out.note(
                        slug::RETRY_AFTER_MISSING,
                        Severity::Warning,
                        Said::RetryAfterMissing { turn: t, waited_ms: wait },
                        about(),
                    ),
                    _ => {}
                }
                if reason == WaitReason::Backoff && run.replied_after(c) && !recovered_turns.contains(&t) {
                    recovered_turns.push(t);
                    // The turn's whole backoff, as its strip shows it, and every failure it
                    // waited out: a problem with any of those retries withholds the praise.
                    let backoff: Vec<&Call> =
                        run.turn(t).filter(|c| matches!(c.wait, Some((_, WaitReason::Backoff)))).collect();
                    out.note(
                        slug::RECOVERED_WITH_BACKOFF,
                        Severity::Good,
                        Said::RecoveredWithBackoff { turn: t, failure: what.clone(), waited_ms: waited(&backoff) },
                        backoff.iter().filter_map(|c| c.about()).collect(),
                    );
                }
            }
            None if *layer == Layer::Nobody => {
                let hopeless = cannot_pass(failure) || c.final_because == Some(FinalBecause::CannotPass);
                if hopeless {
                    // "At once" only if this turn had not already retried the same failure; if
                    // it had, that retry is the finding (retried-permanent), not this end.
                    if !run.retried_before(c) {
                        out.note(
                            slug::FAILED_FAST,
                            Severity::Good,
                            Said::FailedFast { turn: t, failure: what.clone() },
                            about(),
                        );
                    }
                } else if c.attempt > 1 {
                    let all: Vec<&Call> = run.turn(t).collect();
                    out.note(
                        slug::RETRIES_USED_UP,
                        Severity::Warning,
                        Said::RetriesUsedUp {
                            turn: t,
                            failure: what.clone(),
                            attempts: c.attempt,
                            waited_ms: waited(&all),
                        },
                        about(),
                    );
                } else if ProviderError::of(failure.clone()).is_transient() && c.max_attempts <= 1 {
                    out.note(
                        slug::GAVE_UP_TOO_EARLY,
                        Severity::Bad,
                        Said::GaveUpTooEarly { turn: t, failure: what.clone() },
                        about(),
                    );
                }
            }
            None => {}
        }
    }

    // Waits that are no wait at all. One tiny wait can be bad luck with full jitter; a pattern,
    // or any with jitter off, is the policy, and then every one of them is the problem.
    let instant: Vec<&Call> =
        run.calls.iter().filter(|c| matches!(c.wait, Some((w, WaitReason::Backoff)) if w < NEAR_ZERO_MS)).collect();
    if let Some(first) = instant.first() {
        if !config.retry.jitter || config.retry.base_delay_ms < NEAR_ZERO_MS || instant.len() >= 2 {
            let wait = first.wait.map_or(0, |w| w.0);
            let said = Said::RetriedWithoutWaiting { turn: first.turn, waited_ms: wait };
            let about = instant.iter().filter_map(|c| c.about()).collect();
            out.note_n(slug::RETRIED_WITHOUT_WAITING, Severity::Bad, said, instant.len() as u32, about);
        }
    }

    let retries = run.calls.iter().filter(|c| c.wait.is_some()).count();
    let busiest = run.calls.iter().max_by_key(|c| (c.attempt, std::cmp::Reverse(c.turn)));
    if let Some(busiest) = busiest {
        if retries > STORM_RETRIES || busiest.attempt > STORM_ATTEMPTS_PER_TURN {
            out.add(
                slug::RETRY_STORM,
                Severity::Warning,
                Said::RetryStorm { calls: run.calls.len() as u32, most: busiest.attempt, on_turn: busiest.turn },
            );
        }
    }

    let fixed: Vec<&Call> =
        run.calls.iter().filter(|c| matches!(c.wait, Some((w, WaitReason::Backoff)) if w >= NEAR_ZERO_MS)).collect();
    if !config.retry.jitter && !fixed.is_empty() {
        out.add_n(slug::SYNCHRONIZED_RETRIES, Severity::Warning, Said::SynchronizedRetries, fixed.len() as u32);
    }

    if config.guards.watchdog_ms == 0 {
        let open = run.calls.last().filter(|c| c.failure.is_none() && !c.replied && !c.cut);
        let stopped = match &run.outcome {
            None => Some(false),
            Some(Outcome::Cancelled) => Some(true),
            _ => None,
        };
        if let (Some(c), Some(until_stop)) = (open, stopped) {
            out.add(slug::HANG_WITHOUT_TIMEOUT, Severity::Bad, Said::HangWithoutTimeout { turn: c.turn, until_stop });
        }
    }

    for (turn, finish_reason) in &run.replies {
        if finish_reason.trim().is_empty() {
            out.add(slug::ACCEPTED_TRUNCATED_STREAM, Severity::Bad, Said::AcceptedTruncatedStream { turn: *turn });
        }
    }

    for c in run.calls.iter().filter(|c| c.cut) {
        // The cut is praised as the timeout it became: if that timeout then got a bad word (one
        // attempt only, say), the turn gets that word alone.
        out.note(
            slug::WATCHDOG_CUT_HANG,
            Severity::Good,
            Said::WatchdogCutHang { turn: c.turn, after_ms: config.guards.watchdog_ms },
            vec![(c.turn, c.failure.as_ref().map_or(CallFailure::Timeout, |f| f.0.clone()))],
        );
    }

    if let Some((guard, turn)) = run.guard_stop {
        out.add(slug::GUARD_STOPPED_LOOP, Severity::Good, Said::GuardStoppedLoop { guard, turn });
    }

    judge_replies(events, &mut out);
    judge_tool_errors(events, &mut out);
    out.finish()
}

/// The time a set of retries waited, all together, as the backoff strip adds it up.
fn waited(calls: &[&Call]) -> u64 {
    calls.iter().filter_map(|c| c.wait).map(|(ms, _)| ms).fold(0, u64::saturating_add)
}

/// What the replies' finish reasons say: a cut or withheld reply that ended the run, the
/// protocol bends the loop tolerated, and the ones a loop that trusts `finish_reason` fell for.
/// Also what became of a tool's lost reply.
fn judge_replies(events: &[Event], out: &mut Verdict) {
    let mut turn = 0;
    // The last reply: its finish reason, whether it asked for tools, and whether any ran.
    let mut last: Option<(String, bool, bool)> = None;
    for event in events {
        match event {
            Event::TurnStarted { turn: t, .. } => turn = *t,
            Event::ModelReplied { finish_reason, tool_calls, .. } => {
                last = Some((finish_reason.clone(), !tool_calls.is_empty(), false));
            }
            Event::ToolStarted { .. } => {
                if let Some(reply) = last.as_mut() {
                    reply.2 = true;
                }
            }
            Event::ToolFailed { turn: t, name, kind: ToolErrorKind::ReplyLost, layer, .. } if changes_things(name) => {
                match layer {
                    Layer::Code => out.add(
                        slug::RETRIED_NON_IDEMPOTENT,
                        Severity::Bad,
                        Said::RetriedNonIdempotent { turn: *t, tool: name.clone() },
                    ),
                    Layer::Model => out.add(
                        slug::CHECKED_BEFORE_REPEATING,
                        Severity::Good,
                        Said::CheckedBeforeRepeating { turn: *t, tool: name.clone() },
                    ),
                    Layer::Nobody => {}
                }
            }
            Event::Finished { outcome: Outcome::Answered { .. }, .. } => match &last {
                Some((finish, true, false)) if finish != FINISH_TOOL_CALLS => out.add(
                    slug::DROPPED_TOOL_CALLS,
                    Severity::Bad,
                    Said::DroppedToolCalls { turn, finish_reason: finish.clone() },
                ),
                Some((finish, false, _)) if finish == FINISH_LENGTH => {
                    out.add(slug::ACCEPTED_CUT_REPLY, Severity::Bad, Said::AcceptedCutReply { turn })
                }
                _ => {}
            },
            Event::QuirkTolerated { turn: t, quirk: Quirk::ToolCallsWithFinishReason { finish_reason } } => out.add(
                slug::TOLERATED_QUIRK,
                Severity::Good,
                Said::ToleratedQuirk { turn: *t, finish_reason: finish_reason.clone() },
            ),
            Event::Finished {
                outcome: Outcome::Failed { reason: FailReason::NotAnAnswer { finish_reason } }, ..
            } => {
                if finish_reason == FINISH_LENGTH {
                    out.add(slug::CUT_AT_LENGTH, Severity::Warning, Said::CutAtLength { turn });
                } else {
                    out.add(
                        slug::NOT_AN_ANSWER,
                        Severity::Warning,
                        Said::NotAnAnswer { turn, finish_reason: finish_reason.clone() },
                    );
                }
            }
            _ => {}
        }
    }
}

/// What the tool errors told the model: a bare code it could not act on, secrets it should never
/// have read. Read from the text that went back, so a trace from any harness is judged alike.
fn judge_tool_errors(events: &[Event], out: &mut Verdict) {
    for event in events {
        match event {
            // Thrown by the naive loop, the error never reached the model: it told it nothing.
            Event::ToolFailed { turn, name, output, layer, .. } if *layer != Layer::Nobody && is_bare(output) => {
                out.add(slug::BARE_TOOL_ERROR, Severity::Bad, Said::BareToolError { turn: *turn, tool: name.clone() })
            }
            Event::SecretSent { turn, secrets, .. } => {
                out.add(slug::SECRET_SENT, Severity::Bad, Said::SecretSent { turn: *turn, secrets: secrets.clone() })
            }
            _ => {}
        }
    }
}

/// One model call as the events tell it.
struct Call {
    turn: u32,
    attempt: u32,
    max_attempts: u32,
    failure: Option<(CallFailure, Layer)>,
    /// Why the failure ended the run, when the trace says.
    final_because: Option<FinalBecause>,
    /// The wait scheduled after this call failed, if it was retried.
    wait: Option<(u64, WaitReason)>,
    replied: bool,
    /// The watchdog cut it.
    cut: bool,
}

#[derive(Default)]
struct RunFacts {
    calls: Vec<Call>,
    /// `(turn, finish_reason)` of every reply without tool calls.
    replies: Vec<(u32, String)>,
    /// `None` when the events end without `Finished` (a run still waiting, or a cut trace).
    outcome: Option<Outcome>,
    /// The guard that ended the run, and on which turn.
    guard_stop: Option<(Guard, u32)>,
}

impl Call {
    /// The failure this call met, with its turn: what a finding about it is about.
    fn about(&self) -> Option<(u32, CallFailure)> {
        self.failure.as_ref().map(|(f, _)| (self.turn, f.clone()))
    }
}

impl RunFacts {
    /// Whether a later call of the same turn got a reply.
    fn replied_after(&self, call: &Call) -> bool {
        self.calls.iter().any(|c| c.turn == call.turn && c.attempt > call.attempt && c.replied)
    }

    /// Whether an earlier call of the same turn met the same failure and was retried.
    fn retried_before(&self, call: &Call) -> bool {
        let failure = call.failure.as_ref().map(|f| &f.0);
        self.turn(call.turn)
            .any(|c| c.attempt < call.attempt && c.wait.is_some() && c.failure.as_ref().map(|f| &f.0) == failure)
    }

    /// The calls of one turn: one failure episode, since a turn's calls follow each other until
    /// one is answered or the run ends.
    fn turn(&self, turn: u32) -> impl Iterator<Item = &Call> {
        self.calls.iter().filter(move |c| c.turn == turn)
    }

    fn call_mut(&mut self, turn: u32, attempt: Option<u32>) -> Option<&mut Call> {
        self.calls.iter_mut().rev().find(|c| c.turn == turn && attempt.is_none_or(|a| c.attempt == a))
    }
}

fn read_run(events: &[Event]) -> RunFacts {
    let mut run = RunFacts::default();
    let mut last_guard = None;
    for event in events {
        match event {
            Event::ModelCalled { turn, attempt, max_attempts } => run.calls.push(Call {
                turn: *turn,
                attempt: *attempt,
                max_attempts: *max_attempts,
                failure: None,
                final_because: None,
                wait: None,
                replied: false,
                cut: false,
            }),
            Event::ModelCallFailed { turn, attempt, failure, layer, final_because, .. } => {
                if let Some(c) = run.call_mut(*turn, Some(*attempt)) {
                    c.failure = Some((failure.clone(), *layer));
                    c.final_because = *final_because;
                }
            }
            Event::RetryScheduled { turn, next_attempt, wait_ms, reason, .. } => {
                if let Some(c) = run.call_mut(*turn, Some(next_attempt.saturating_sub(1))) {
                    c.wait = Some((*wait_ms, *reason));
                }
            }
            Event::ModelReplied { turn, finish_reason, tool_calls, .. } => {
                if let Some(c) = run.call_mut(*turn, None) {
                    c.replied = true;
                }
                // A reply with calls is never taken as the answer, whatever its finish reason.
                if tool_calls.is_empty() {
                    run.replies.push((*turn, finish_reason.clone()));
                }
            }
            Event::GuardTripped { turn, guard, .. } => {
                if *guard == Guard::Watchdog {
                    if let Some(c) = run.call_mut(*turn, None) {
                        c.cut = true;
                    }
                } else {
                    last_guard = Some((*guard, *turn));
                }
            }
            Event::Finished { outcome, .. } => {
                if matches!(outcome, Outcome::Escalated { .. } | Outcome::GaveUp { .. }) {
                    run.guard_stop = last_guard;
                }
                run.outcome = Some(outcome.clone());
            }
            _ => {}
        }
    }
    run
}

/// Failures that come back the same however often the request is sent.
fn cannot_pass(failure: &CallFailure) -> bool {
    matches!(failure, CallFailure::Http { status: 400 | 401 | 403 | 404 | 422 } | CallFailure::BadBody { .. })
}

/// A finding noticed, with the failures it is about: `(turn, failure)` of each.
struct Note {
    slug: &'static str,
    severity: Severity,
    said: Said,
    count: u32,
    about: Vec<(u32, CallFailure)>,
}

/// Findings noticed so far, in order; [`Verdict::finish`] folds them into one per slug.
#[derive(Default)]
struct Verdict {
    notes: Vec<Note>,
}

impl Verdict {
    /// A finding about no failure in particular (a guard, a reply, the run as a whole).
    fn add(&mut self, slug: &'static str, severity: Severity, said: Said) {
        self.add_n(slug, severity, said, 1);
    }

    fn add_n(&mut self, slug: &'static str, severity: Severity, said: Said, n: u32) {
        self.note_n(slug, severity, said, n, Vec::new());
    }

    /// A finding about these failures.
    fn note(&mut self, slug: &'static str, severity: Severity, said: Said, about: Vec<(u32, CallFailure)>) {
        self.note_n(slug, severity, said, 1, about);
    }

    fn note_n(&mut self, slug: &'static str, severity: Severity, said: Said, n: u32, about: Vec<(u32, CallFailure)>) {
        self.notes.push(Note { slug, severity, said, count: n, about });
    }

    /// One finding per slug, worst first. A good word about a failure that a bad finding is also
    /// about is dropped, so no turn is told both that it handled a failure well and badly.
    fn finish(self) -> Vec<Finding> {
        let faulted: Vec<(u32, CallFailure)> =
            self.notes.iter().filter(|n| n.severity == Severity::Bad).flat_map(|n| n.about.iter().cloned()).collect();
        let mut findings: Vec<Finding> = Vec::new();
        for n in self.notes {
            if n.severity == Severity::Good && n.about.iter().any(|a| faulted.contains(a)) {
                continue;
            }
            match findings.iter_mut().find(|f| f.slug == n.slug) {
                Some(f) => f.count += n.count,
                None => findings.push(Finding { slug: n.slug, severity: n.severity, said: n.said, count: n.count }),
            }
        }
        // Stable: within a severity, findings keep the order they were noticed in.
        findings.sort_by_key(|f| f.severity.rank());
        findings
    }
}
