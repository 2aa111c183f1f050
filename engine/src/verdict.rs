//! A resilience verdict: what a run's events say about how well layer 1 (your code) behaved.
//!
//! The verdict reads only the settings and the events, so it works the same on a live run, a
//! simulated one and a trace imported from elsewhere, including traces of harnesses that do
//! things this engine never would (retrying a 401, say). Each finding names one behaviour, good
//! or bad, in one sentence.
//!
//! # What the events can and cannot tell
//!
//! A `RetryScheduled` carries the wait and its reason, but no event carries what the server
//! asked for in `Retry-After`. So, from events alone:
//!
//! * a wait with reason `retry-after` shorter than the cap was the server's ask, honoured exactly
//!   (the engine waits `min(ask, cap)`);
//! * a wait with reason `retry-after` equal to the cap may or may not have been cut short: the
//!   ask is unknown, so nothing is said, except that a cap of 0 throws every ask away;
//! * a 429 retried on `backoff` means no ask reached the loop. Whether the server sent none or the
//!   browser hid it (a cross-origin response shows `Retry-After` only if the server lists it in
//!   `Access-Control-Expose-Headers`) cannot be told, so this is a warning, not a fault.
//!
//! When the asks are known, pass them to [`judge_with_asks`] and a wait shorter than the ask is
//! reported as [`slug::IGNORED_RETRY_AFTER`]. Adding `retry_after_ms: Option<u64>` to
//! `Event::ModelCallFailed` would let [`judge`] read them from the events directly.

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

/// One behaviour the verdict noticed. Each slug appears at most once per verdict; `text`
/// describes its first occurrence and `count` says how many there were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub slug: &'static str,
    pub severity: Severity,
    pub text: String,
    pub count: u32,
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
        let what = describe(failure);
        let t = c.turn;
        match c.wait {
            Some((wait, reason)) => {
                let (wait_s, cap_s) = (span(wait), span(cap));
                // One retry gets one judgement: once a problem is named, no praise of the same
                // retry follows it, so the verdict never calls one retry both bad and good.
                let faulted = cannot_pass(failure)
                    || matches!(ask_of(c), Some(asked) if wait < asked && !(reason == WaitReason::RetryAfter && wait == cap && cap > 0))
                    || (ask_of(c).is_none() && reason == WaitReason::RetryAfter && cap == 0);
                if cannot_pass(failure) {
                    out.add(
                        slug::RETRIED_PERMANENT,
                        Severity::Bad,
                        format!(
                            "Turn {t} retried {what}, which comes back the same however often it is sent, so the retry only cost time and quota."
                        ),
                    );
                }
                match (ask_of(c), reason) {
                    (Some(asked), _) if wait < asked && reason == WaitReason::RetryAfter && wait == cap && cap > 0 => out.add(
                        slug::RETRY_AFTER_CAPPED,
                        Severity::Warning,
                        format!(
                            "On turn {t} the server asked for {} but the {cap_s} cap sent the retry back early, where it is likely to be refused again; failing at once would be clearer.",
                            span(asked)
                        ),
                    ),
                    (Some(asked), _) if wait < asked => out.add(
                        slug::IGNORED_RETRY_AFTER,
                        Severity::Bad,
                        format!(
                            "Turn {t} retried after {wait_s} although the server asked for {}, so the retry most likely met the same refusal.",
                            span(asked)
                        ),
                    ),
                    (Some(_), _) if faulted => {}
                    (Some(asked), _) => out.add(
                        slug::HONOURED_RETRY_AFTER,
                        Severity::Good,
                        format!("Turn {t} waited {wait_s} after {what}, as long as the server asked ({}).", span(asked)),
                    ),
                    (None, WaitReason::RetryAfter) if cap == 0 => out.add(
                        slug::IGNORED_RETRY_AFTER,
                        Severity::Bad,
                        format!(
                            "Turn {t} retried {what} at once because the Retry-After cap is 0 ms, which throws away whatever wait the server asked for."
                        ),
                    ),
                    (None, WaitReason::RetryAfter) if wait < cap && !faulted => out.add(
                        slug::HONOURED_RETRY_AFTER,
                        Severity::Good,
                        format!("Turn {t} waited {wait_s} after {what}, exactly as long as the server asked."),
                    ),
                    (None, WaitReason::Backoff) if matches!(failure, CallFailure::Http { status: 429 }) => out.add(
                        slug::RETRY_AFTER_MISSING,
                        Severity::Warning,
                        format!(
                            "Turn {t}'s 429 was retried after a guessed {wait_s} because no Retry-After reached the loop: the server sent none or, cross-origin, did not list it in Access-Control-Expose-Headers."
                        ),
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
                        format!(
                            "Turn {t} retried {what} after {wait_s} of backoff and a later attempt answered; the model never knew."
                        ),
                    );
                }
            }
            None if *layer == Layer::Nobody => {
                let transient = ProviderError::of(failure.clone()).is_transient();
                if transient && c.max_attempts <= 1 {
                    out.add(
                        slug::GAVE_UP_TOO_EARLY,
                        Severity::Bad,
                        format!(
                            "A single {what} on turn {t} ended the run because only one attempt is allowed; a retry after a short wait would very likely have passed."
                        ),
                    );
                } else if cannot_pass(failure) {
                    out.add(
                        slug::FAILED_FAST,
                        Severity::Good,
                        format!(
                            "Turn {t}'s {what} ended the run at once instead of being retried, since no retry can fix it."
                        ),
                    );
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
            let text = format!(
                "Turn {} retried after only {wait} ms: coming straight back to a struggling server mostly earns another failure and adds to its load.",
                first.turn
            );
            out.add_n(slug::RETRIED_WITHOUT_WAITING, Severity::Bad, text, instant.len() as u32);
        }
    }

    let retries = run.calls.iter().filter(|c| c.wait.is_some()).count();
    let busiest = run.calls.iter().max_by_key(|c| (c.attempt, std::cmp::Reverse(c.turn)));
    if let Some(busiest) = busiest {
        if retries > STORM_RETRIES || busiest.attempt > STORM_ATTEMPTS_PER_TURN {
            out.add(
                slug::RETRY_STORM,
                Severity::Warning,
                format!(
                    "The run made {} model calls, up to {} on turn {}: a client that retries this hard adds load to the very server that is failing, and a real one would pay for every call.",
                    run.calls.len(),
                    busiest.attempt,
                    busiest.turn
                ),
            );
        }
    }

    let fixed: Vec<&Call> =
        run.calls.iter().filter(|c| matches!(c.wait, Some((w, WaitReason::Backoff)) if w >= NEAR_ZERO_MS)).collect();
    if !config.retry.jitter && !fixed.is_empty() {
        out.add_n(
            slug::SYNCHRONIZED_RETRIES,
            Severity::Warning,
            "Backoff ran with jitter off, so every client that failed at the same moment comes back at the same moments and hits the recovering server together."
                .into(),
            fixed.len() as u32,
        );
    }

    if config.guards.watchdog_ms == 0 {
        let open = run.calls.last().filter(|c| c.failure.is_none() && !c.replied && !c.cut);
        let stopped = match &run.outcome {
            None => Some("forever"),
            Some(Outcome::Cancelled) => Some("until Stop was pressed"),
            _ => None,
        };
        if let (Some(c), Some(until)) = (open, stopped) {
            out.add(
                slug::HANG_WITHOUT_TIMEOUT,
                Severity::Bad,
                format!(
                    "Turn {}'s model call never answered and, with the watchdog off, the run waited {until}; a timeout would have turned the hang into a retry.",
                    c.turn
                ),
            );
        }
    }

    for (turn, finish_reason) in &run.replies {
        if finish_reason.trim().is_empty() {
            out.add(
                slug::ACCEPTED_TRUNCATED_STREAM,
                Severity::Bad,
                format!(
                    "Turn {turn}'s reply had no finish reason, the mark of a stream cut before its end, yet the loop used it as a whole answer."
                ),
            );
        }
    }

    for c in run.calls.iter().filter(|c| c.cut) {
        out.add(
            slug::WATCHDOG_CUT_HANG,
            Severity::Good,
            format!(
                "The watchdog cut turn {}'s call after {} ms without an answer, turning a silent hang into a timeout your code could retry.",
                c.turn, config.guards.watchdog_ms
            ),
        );
    }

    if let Some((guard, turn)) = run.guard_stop {
        let text = match guard {
            Guard::RepeatedCall => format!(
                "On turn {turn} the repeat guard saw the model ask for the same move twice and handed over instead of burning turns."
            ),
            Guard::ErrorsInARow => {
                format!("On turn {turn} the errors-in-a-row guard stopped a model that kept failing its tool calls.")
            }
            Guard::MaxTurns | Guard::Watchdog => {
                format!("The turn budget stopped the run after {turn} turns instead of letting it wander on.")
            }
        };
        out.add(slug::GUARD_STOPPED_LOOP, Severity::Good, text);
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
                format!(
                    "Turn {t}'s reply carried tool calls but ended with finish_reason \u{201c}{finish_reason}\u{201d}; the loop went by what the reply held and ran them."
                ),
            ),
            Event::Finished { outcome: Outcome::Failed { reason: FailReason::NotAnAnswer { finish_reason } }, .. } => {
                if finish_reason == FINISH_LENGTH {
                    out.add(
                        slug::CUT_AT_LENGTH,
                        Severity::Warning,
                        format!(
                            "Turn {turn}'s reply was cut at the token limit, so it was not taken as the answer. Raise max_tokens, or send a shorter history."
                        ),
                    );
                } else {
                    out.add(
                        slug::NOT_AN_ANSWER,
                        Severity::Warning,
                        format!(
                            "Turn {turn}'s reply stopped with finish_reason \u{201c}{finish_reason}\u{201d}, which is not a finished answer, so the run ended instead of passing it off as one."
                        ),
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
fn span(ms: u64) -> String {
    if ms >= 1000 {
        let tenths = ms.saturating_add(50) / 100;
        format!("{}.{} s", tenths / 10, tenths % 10)
    } else {
        format!("{ms} ms")
    }
}

fn describe(failure: &CallFailure) -> String {
    match failure {
        CallFailure::Http { status } => format!("an HTTP {status}"),
        CallFailure::Network => "a dropped connection".into(),
        CallFailure::Timeout => "a timeout".into(),
        CallFailure::BadBody { .. } => "an unreadable body".into(),
    }
}

/// Findings gathered so far, one per slug.
#[derive(Default)]
struct Verdict {
    findings: Vec<Finding>,
}

impl Verdict {
    fn add(&mut self, slug: &'static str, severity: Severity, text: String) {
        self.add_n(slug, severity, text, 1);
    }

    fn add_n(&mut self, slug: &'static str, severity: Severity, text: String, n: u32) {
        match self.findings.iter_mut().find(|f| f.slug == slug) {
            Some(f) => f.count += n,
            None => self.findings.push(Finding { slug, severity, text, count: n }),
        }
    }

    fn finish(mut self) -> Vec<Finding> {
        // Stable: within a severity, findings keep the order they were noticed in.
        self.findings.sort_by_key(|f| f.severity.rank());
        self.findings
    }
}
