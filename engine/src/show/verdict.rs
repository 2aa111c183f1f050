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

use crate::config::RunConfig;
use crate::events::{Event, FailReason, Guard, Layer, Outcome, Quirk};
use crate::provider::{CallFailure, ProviderError, WaitReason};
use crate::wire::FINISH_LENGTH;
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
    /// Good: a transient failure was retried after a real backoff and the next attempts answered.
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
/// language. Times are in milliseconds; the page writes them in its one unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Said {
    /// A failure no retry can fix was retried.
    RetriedPermanent { turn: u32, failure: CallFailure },
    /// The server asked for longer than the cap, so the retry came back early.
    RetryAfterCapped { turn: u32, asked_ms: u64, cap_ms: u64 },
    /// The retry came back sooner than the server asked.
    IgnoredRetryAfter { turn: u32, waited_ms: u64, asked_ms: u64 },
    /// A Retry-After cap of 0 threw the server's ask away.
    RetryAfterCapAtZero { turn: u32, failure: CallFailure },
    /// The wait was as long as the server asked (`asked_ms` when the ask is known).
    HonouredRetryAfter { turn: u32, failure: CallFailure, waited_ms: u64, asked_ms: Option<u64> },
    /// A 429 retried on a guessed wait: no Retry-After reached the loop.
    RetryAfterMissing { turn: u32, waited_ms: u64 },
    /// A transient failure retried after real backoff, and a later attempt answered.
    RecoveredWithBackoff { turn: u32, failure: CallFailure, waited_ms: u64 },
    /// One attempt only, so a failure that would have passed ended the run.
    GaveUpTooEarly { turn: u32, failure: CallFailure },
    /// A failure no retry can fix ended the run at once.
    FailedFast { turn: u32, failure: CallFailure },
    /// A retry went out at once, or nearly.
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
}

/// What the server asked for on one failed attempt, when the caller knows it (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerAsk {
    pub turn: u32,
    pub attempt: u32,
    pub retry_after_ms: u64,
}

/// A wait under this many milliseconds is no wait at all, as far as a struggling server can tell.
pub const NEAR_ZERO_MS: u64 = 10;
/// More retries than this in one run is a storm.
pub const STORM_RETRIES: usize = 10;
/// More attempts than this on one turn is a storm.
pub const STORM_ATTEMPTS_PER_TURN: u32 = 5;

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
        match c.wait {
            Some((wait, reason)) => {
                // One retry gets one judgement: once a problem is named, no praise of the same
                // retry follows it, so the verdict never calls one retry both bad and good.
                let faulted = cannot_pass(failure)
                    || matches!(ask_of(c), Some(asked) if wait < asked && !(reason == WaitReason::RetryAfter && wait == cap && cap > 0))
                    || (ask_of(c).is_none() && reason == WaitReason::RetryAfter && cap == 0);
                if cannot_pass(failure) {
                    out.add(
                        slug::RETRIED_PERMANENT,
                        Severity::Bad,
                        Said::RetriedPermanent { turn: t, failure: what.clone() },
                    );
                }
                match (ask_of(c), reason) {
                    (Some(asked), _) if wait < asked && reason == WaitReason::RetryAfter && wait == cap && cap > 0 => {
                        out.add(
                            slug::RETRY_AFTER_CAPPED,
                            Severity::Warning,
                            Said::RetryAfterCapped { turn: t, asked_ms: asked, cap_ms: cap },
                        )
                    }
                    (Some(asked), _) if wait < asked => out.add(
                        slug::IGNORED_RETRY_AFTER,
                        Severity::Bad,
                        Said::IgnoredRetryAfter { turn: t, waited_ms: wait, asked_ms: asked },
                    ),
                    (Some(_), _) if faulted => {}
                    (Some(asked), _) => out.add(
                        slug::HONOURED_RETRY_AFTER,
                        Severity::Good,
                        Said::HonouredRetryAfter {
                            turn: t,
                            failure: what.clone(),
                            waited_ms: wait,
                            asked_ms: Some(asked),
                        },
                    ),
                    (None, WaitReason::RetryAfter) if cap == 0 => out.add(
                        slug::IGNORED_RETRY_AFTER,
                        Severity::Bad,
                        Said::RetryAfterCapAtZero { turn: t, failure: what.clone() },
                    ),
                    (None, WaitReason::RetryAfter) if wait < cap && !faulted => out.add(
                        slug::HONOURED_RETRY_AFTER,
                        Severity::Good,
                        Said::HonouredRetryAfter { turn: t, failure: what.clone(), waited_ms: wait, asked_ms: None },
                    ),
                    (None, WaitReason::Backoff) if matches!(failure, CallFailure::Http { status: 429 }) => out.add(
                        slug::RETRY_AFTER_MISSING,
                        Severity::Warning,
                        Said::RetryAfterMissing { turn: t, waited_ms: wait },
                    ),
                    _ => {}
                }
                if !faulted
                    && reason == WaitReason::Backoff
                    && wait >= NEAR_ZERO_MS
                    && run.replied_after(c)
                    && !recovered_turns.contains(&t)
                {
                    recovered_turns.push(t);
                    out.add(
                        slug::RECOVERED_WITH_BACKOFF,
                        Severity::Good,
                        Said::RecoveredWithBackoff { turn: t, failure: what.clone(), waited_ms: wait },
                    );
                }
            }
            None if *layer == Layer::Nobody => {
                let transient = ProviderError::of(failure.clone()).is_transient();
                if transient && c.max_attempts <= 1 {
                    out.add(
                        slug::GAVE_UP_TOO_EARLY,
                        Severity::Bad,
                        Said::GaveUpTooEarly { turn: t, failure: what.clone() },
                    );
                } else if cannot_pass(failure) {
                    out.add(slug::FAILED_FAST, Severity::Good, Said::FailedFast { turn: t, failure: what.clone() });
                }
            }
            None => {}
        }
    }

    // Waits that are no wait at all. One tiny wait can be bad luck with full jitter; a pattern,
    // or any with jitter off, is the policy.
    let instant: Vec<&Call> =
        run.calls.iter().filter(|c| matches!(c.wait, Some((w, WaitReason::Backoff)) if w < NEAR_ZERO_MS)).collect();
    if let Some(first) = instant.first() {
        if !config.retry.jitter || config.retry.base_delay_ms < NEAR_ZERO_MS || instant.len() >= 2 {
            let wait = first.wait.map_or(0, |w| w.0);
            let said = Said::RetriedWithoutWaiting { turn: first.turn, waited_ms: wait };
            out.add_n(slug::RETRIED_WITHOUT_WAITING, Severity::Bad, said, instant.len() as u32);
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
        out.add(
            slug::WATCHDOG_CUT_HANG,
            Severity::Good,
            Said::WatchdogCutHang { turn: c.turn, after_ms: config.guards.watchdog_ms },
        );
    }

    if let Some((guard, turn)) = run.guard_stop {
        out.add(slug::GUARD_STOPPED_LOOP, Severity::Good, Said::GuardStoppedLoop { guard, turn });
    }

    judge_replies(events, &mut out);
    out.finish()
}

/// What the replies' finish reasons say: a cut or withheld reply that ended the run, and the
/// protocol bends the loop tolerated.
fn judge_replies(events: &[Event], out: &mut Verdict) {
    let mut turn = 0;
    for event in events {
        match event {
            Event::TurnStarted { turn: t, .. } => turn = *t,
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

/// One model call as the events tell it.
struct Call {
    turn: u32,
    attempt: u32,
    max_attempts: u32,
    failure: Option<(CallFailure, Layer)>,
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

impl RunFacts {
    /// Whether a later call of the same turn got a reply.
    fn replied_after(&self, call: &Call) -> bool {
        self.calls.iter().any(|c| c.turn == call.turn && c.attempt > call.attempt && c.replied)
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
                wait: None,
                replied: false,
                cut: false,
            }),
            Event::ModelCallFailed { turn, attempt, failure, layer, .. } => {
                if let Some(c) = run.call_mut(*turn, Some(*attempt)) {
                    c.failure = Some((failure.clone(), *layer));
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

/// A span of time as the page writes it everywhere: milliseconds below a second, seconds with one
/// decimal from there on (the page's `text::duration`), so the verdict and the strip agree.
/// Findings gathered so far, one per slug.
#[derive(Default)]
struct Verdict {
    findings: Vec<Finding>,
}

impl Verdict {
    fn add(&mut self, slug: &'static str, severity: Severity, said: Said) {
        self.add_n(slug, severity, said, 1);
    }

    fn add_n(&mut self, slug: &'static str, severity: Severity, said: Said, n: u32) {
        match self.findings.iter_mut().find(|f| f.slug == slug) {
            Some(f) => f.count += n,
            None => self.findings.push(Finding { slug, severity, said, count: n }),
        }
    }

    fn finish(mut self) -> Vec<Finding> {
        // Stable: within a severity, findings keep the order they were noticed in.
        self.findings.sort_by_key(|f| f.severity.rank());
        self.findings
    }
}
