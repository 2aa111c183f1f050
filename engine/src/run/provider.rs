//! Layer 1's vocabulary: what a model provider can answer, which failures tend to pass by
//! themselves, and how long to wait before trying again.

pub use crate::run::wire::BodyProblem;
use crate::run::wire::{ChatRequest, ChatResponse};
use futures::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};

/// A wait under this many milliseconds is no wait at all, as far as a struggling server can tell.
pub const NEAR_ZERO_MS: u64 = 10;
/// More attempts than this on one turn is a storm.
pub const STORM_ATTEMPTS_PER_TURN: u32 = 5;

/// Where in the run a call happens. The HTTP provider ignores it; the chaos decorator uses it to
/// hit exactly "turn 2, attempt 1".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallContext {
    pub turn: u32,
    pub attempt: u32,
}

/// Anything that answers a Chat Completions request: the built-in model, an HTTP endpoint, or
/// either of them wrapped in chaos.
pub trait Provider {
    fn complete(
        &self,
        request: &ChatRequest,
        ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>>;
}

/// How a model call failed, before anyone decided what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum CallFailure {
    /// The server answered with an error status.
    Http { status: u16 },
    /// No answer at all: the connection dropped, or the browser blocked the response.
    Network,
    /// No answer in time: the watchdog or a per-call timeout cut the call.
    Timeout,
    /// A 200 whose body is not a completion the loop can use.
    BadBody {
        #[serde(deserialize_with = "body_problem")]
        reason: BodyProblem,
    },
}

/// Reads a body problem: the typed form, or the sentence older traces carry.
fn body_problem<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BodyProblem, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Typed(BodyProblem),
        Text(String),
    }
    Ok(match Either::deserialize(d)? {
        Either::Typed(problem) => problem,
        Either::Text(text) => BodyProblem::Recorded { text },
    })
}

impl CallFailure {
    /// A short, stable name for logs, test hooks and the board.
    pub fn slug(&self) -> String {
        match self {
            CallFailure::Http { status } => format!("http-{status}"),
            CallFailure::Network => "network".into(),
            CallFailure::Timeout => "timeout".into(),
            CallFailure::BadBody { .. } => "bad-body".into(),
        }
    }
}

/// A failed call plus what the server said about retrying it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderError {
    pub failure: CallFailure,
    /// From `retry-after-ms`, or `Retry-After` in seconds, already in milliseconds.
    pub retry_after_ms: Option<u64>,
    /// From `x-should-retry`: the server's own word overrides the status code.
    pub should_retry: Option<bool>,
}

impl ProviderError {
    pub fn http(status: u16) -> Self {
        Self::of(CallFailure::Http { status })
    }
    pub fn of(failure: CallFailure) -> Self {
        ProviderError { failure, retry_after_ms: None, should_retry: None }
    }
    pub fn with_retry_after_ms(mut self, ms: u64) -> Self {
        self.retry_after_ms = Some(ms);
        self
    }

    /// Would the same request, sent again a little later, plausibly succeed?
    /// Rate limits, overloaded or restarting servers, dropped connections and timeouts do.
    /// A bad request, a bad key or a body we cannot read come back the same every time.
    pub fn is_transient(&self) -> bool {
        if let Some(server_says) = self.should_retry {
            return server_says;
        }
        match &self.failure {
            CallFailure::Http { status } => matches!(status, 408 | 409 | 429 | 500 | 502 | 503 | 504 | 529),
            CallFailure::Network | CallFailure::Timeout => true,
            CallFailure::BadBody { .. } => false,
        }
    }
}

/// The retry policy of layer 1. Every field is a knob the user can turn in the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetryPolicy {
    /// Attempts in all, the first one included. 1 means "never retry". Default 3.
    pub max_attempts: u32,
    /// The ceiling of the first wait; it doubles on each retry. Default 500 ms.
    pub base_delay_ms: u64,
    /// No single wait is longer than this. Default 4000 ms.
    pub max_delay_ms: u64,
    /// Full jitter: wait a random time under the ceiling rather than the ceiling itself, so many
    /// clients don't come back in the same second. Default on.
    pub jitter: bool,
    /// The longest `Retry-After` the loop will honour. Default 10 000 ms.
    pub retry_after_cap_ms: u64,
    /// The wrong school, on purpose: retry every failure, even a 400 or a 401 that will come
    /// back the same each time. Off by default; a lesson switches it on to show the cost.
    #[serde(default)]
    pub retry_everything: bool,
}

impl RetryPolicy {
    /// The defaults, as a constant so that the page's words can quote them (the waits of a
    /// lesson) instead of writing the numbers again.
    pub const DEFAULT: RetryPolicy = RetryPolicy {
        max_attempts: 3,
        base_delay_ms: 500,
        max_delay_ms: 4000,
        jitter: true,
        retry_after_cap_ms: 10_000,
        retry_everything: false,
    };
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy::DEFAULT
    }
}

/// Why a wait is as long as it is, so the page can tell "the server asked" from "backoff".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WaitReason {
    RetryAfter,
    Backoff,
}

impl RetryPolicy {
    /// The wait before attempt `failed_attempt + 1`. `unit` is a random number in [0, 1).
    /// The backoff itself is [`backoff`], the one function the herd simulator also calls, so
    /// what the herd shows is what a run does.
    pub fn wait_ms(&self, failed_attempt: u32, retry_after_ms: Option<u64>, unit: f64) -> (u64, WaitReason) {
        if let Some(asked) = retry_after_ms {
            return (asked.min(self.retry_after_cap_ms), WaitReason::RetryAfter);
        }
        (self.backoff(failed_attempt, unit).wait_ms, WaitReason::Backoff)
    }

    /// Which of the [`Jitter`] kinds this policy is: the page offers full jitter or none.
    pub fn jitter_kind(&self) -> Jitter {
        if self.jitter {
            Jitter::Full
        } else {
            Jitter::None
        }
    }

    /// The shortest and the longest wait this policy can pick after `failed_attempt` failures
    /// (without `Retry-After`): the band the settings preview draws before any run.
    pub fn wait_range(&self, failed_attempt: u32) -> (u64, u64) {
        (self.backoff(failed_attempt, 0.0).wait_ms, self.backoff(failed_attempt, 1.0).wait_ms)
    }

    /// The backoff pick after `failed_attempt` failures: its ceiling and the wait under it.
    /// Pages draw both (the ceiling as a bar, the wait as a tick), so they come together.
    pub fn backoff(&self, failed_attempt: u32, unit: f64) -> Backoff {
        backoff(self.jitter_kind(), self.base_delay_ms, self.max_delay_ms, failed_attempt, 0, unit)
    }
}

/// How a backoff wait is picked under its ceiling. The harness uses `Full` or `None`; the herd
/// simulator compares all of them, so they live beside the harness's own rule rather than in a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Jitter {
    /// Wait exactly the ceiling: clients that failed together come back together.
    None,
    /// Any wait from 0 up to the ceiling, uniformly.
    Full,
    /// Half the ceiling for sure, plus a random part of the other half.
    Equal,
    /// A random wait between the base and three times the previous wait, capped; it does not
    /// double by attempt but grows from the wait before it.
    Decorrelated,
}

/// One backoff decision: the most the policy could have waited and what it picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Backoff {
    /// The longest wait this attempt allows, never above the cap.
    pub ceiling_ms: u64,
    /// The wait chosen, in `[0, ceiling_ms]`.
    pub wait_ms: u64,
}

/// The ceiling of capped exponential backoff after `failed_attempt` failures:
/// `base × 2^(failed_attempt − 1)`, never above `cap`; the exponent stops growing at 30 and the
/// product saturates, so no attempt number or delay overflows.
/// A `const fn`, so that the page's words can quote a wait at compile time.
pub const fn backoff_ceiling_ms(base_ms: u64, cap_ms: u64, failed_attempt: u32) -> u64 {
    let exp = failed_attempt.saturating_sub(1);
    let exp = if exp < 30 { exp } else { 30 };
    let ceiling = base_ms.saturating_mul(1u64 << exp);
    if ceiling < cap_ms {
        ceiling
    } else {
        cap_ms
    }
}

/// The single backoff rule of the engine: the harness's [`RetryPolicy::wait_ms`] and the herd
/// simulator both call it, so the waits a run shows and the waits a herd of clients takes cannot
/// drift apart. `unit` is a random number in `[0, 1)`; `previous_wait_ms` matters only to
/// [`Jitter::Decorrelated`] (0 before the first retry).
pub fn backoff(
    jitter: Jitter,
    base_ms: u64,
    cap_ms: u64,
    failed_attempt: u32,
    previous_wait_ms: u64,
    unit: f64,
) -> Backoff {
    let unit = if unit.is_finite() { unit.clamp(0.0, 1.0) } else { 0.0 };
    // The top of the range exactly: above 2^53 ms a float cannot hold every whole number.
    let part = |span: u64| if unit >= 1.0 { span } else { ((span as f64) * unit) as u64 };
    match jitter {
        Jitter::Decorrelated => {
            let low = base_ms.min(cap_ms);
            let ceiling = previous_wait_ms.max(base_ms).saturating_mul(3).min(cap_ms).max(low);
            let wait = low.saturating_add(part(ceiling - low)).min(ceiling);
            Backoff { ceiling_ms: ceiling, wait_ms: wait }
        }
        _ => {
            let ceiling = backoff_ceiling_ms(base_ms, cap_ms, failed_attempt);
            let wait = match jitter {
                Jitter::None => ceiling,
                Jitter::Full => part(ceiling),
                _ => ceiling / 2 + part(ceiling - ceiling / 2),
            };
            Backoff { ceiling_ms: ceiling, wait_ms: wait.min(ceiling) }
        }
    }
}

/// Reads the two retry headers servers send: `retry-after-ms` (milliseconds, preferred) and
/// `Retry-After` (whole or decimal seconds). An HTTP date in `Retry-After` needs the current time,
/// so the HTTP provider handles that form; anything unreadable is ignored rather than guessed.
pub fn retry_after_ms(retry_after: Option<&str>, retry_after_ms: Option<&str>) -> Option<u64> {
    let ms = retry_after_ms.and_then(|v| v.trim().parse::<f64>().ok()).filter(|v| v.is_finite() && *v >= 0.0);
    if let Some(ms) = ms {
        return Some(ms.min(u64::MAX as f64) as u64);
    }
    let secs = retry_after.and_then(|v| v.trim().parse::<f64>().ok()).filter(|v| v.is_finite() && *v >= 0.0)?;
    Some((secs * 1000.0).min(u64::MAX as f64) as u64)
}

/// Lets the page pick a provider at run time (built-in or HTTP) and still wrap it in chaos.
impl<P: Provider + ?Sized> Provider for Box<P> {
    fn complete(
        &self,
        request: &ChatRequest,
        ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        (**self).complete(request, ctx)
    }
}
