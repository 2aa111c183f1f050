//! The typed stream a run emits. The page, the tests and the traces all read these and nothing
//! else, so everything a user sees is something the loop really did.

use crate::run::error_text::Secret;
use crate::run::provider::{CallFailure, WaitReason};
use crate::run::script::Lang;
use crate::run::tools::ToolErrorKind;
use crate::run::wire::{FunctionCall, ToolCall, Usage, FINISH_CONTENT_FILTER, FINISH_LENGTH};
use crate::run::world::Room;
use serde::{Deserialize, Serialize};

/// Who handled a failure: the heart of the playground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layer {
    /// The error went back to the model as a tool result, and it tried something else.
    Model,
    /// The harness dealt with it (a retry, a guard) and the model never knew.
    Code,
    /// Nobody could: the run ends with a clear error.
    Nobody,
}

impl Layer {
    pub fn slug(self) -> &'static str {
        match self {
            Layer::Model => "model",
            Layer::Code => "code",
            Layer::Nobody => "nobody",
        }
    }
}

/// The guards that stop a run going nowhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Guard {
    MaxTurns,
    ErrorsInARow,
    RepeatedCall,
    Watchdog,
}

impl Guard {
    pub fn slug(self) -> &'static str {
        match self {
            Guard::MaxTurns => "max-turns",
            Guard::ErrorsInARow => "errors-in-a-row",
            Guard::RepeatedCall => "repeated-call",
            Guard::Watchdog => "watchdog",
        }
    }
}

/// Why a run failed in layer 3.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FailReason {
    /// A failure that no retry can fix: 400, 401, 403, a body that is not a completion.
    Fatal { failure: CallFailure },
    /// A transient failure that kept failing until the attempts ran out.
    RetriesExhausted { attempts: u32, last: CallFailure },
    /// A bug in the harness itself: the result of `tool` was lost before it reached the history.
    /// Shown, never swallowed. (Traces from before name no tool: `tool` is then empty.)
    HarnessBug {
        #[serde(default)]
        tool: String,
    },
    /// The naive loop's end: a failed call it never tried to handle, retryable or not.
    UnhandledCall { failure: CallFailure },
    /// The naive loop's end: a tool error thrown up through the loop instead of going back to
    /// the model, which never got to read it.
    UnhandledTool { name: String, kind: ToolErrorKind },
    /// The model stopped without asking for a tool, for a reason that is not a finished answer:
    /// `length` (cut at the token limit), `content_filter`, or a reason the loop does not know.
    /// Taking such a reply as the answer would pass half a sentence off as the result.
    NotAnAnswer { finish_reason: String },
    /// Your own loop (the page's "your own loop" view): `runAgent` threw, with this message.
    /// The code's own end, kept as it said it, since only the code knows why it gave up.
    Threw { message: String },
    /// Your own loop waited on nothing: no timer, no request answering, and it never settled.
    Stalled,
    /// Your own loop kept the thread for this long without giving control back, so the page
    /// tore its sandbox down.
    Blocked { budget_ms: u64 },
    /// Your own loop was still running when the page's virtual time limit came.
    TimeLimit { after_ms: u64 },
    /// Your own loop sent this many requests without ending, so the page stopped it: a loop
    /// with no guard of its own.
    TooManyRequests { requests: u32 },
    /// The sandbox itself could not run the code; the message is the sandbox's.
    SandboxError { message: String },
    /// Your own loop defined no `runAgent` and its top level asked nothing: nothing ran. `found`
    /// names the functions it did define.
    NoAgent {
        #[serde(default)]
        found: Vec<String>,
    },
}

impl FailReason {
    pub fn slug(&self) -> String {
        match self {
            FailReason::Fatal { failure } => failure.slug(),
            FailReason::RetriesExhausted { .. } => "retries-exhausted".into(),
            FailReason::HarnessBug { .. } => "harness-bug".into(),
            FailReason::UnhandledCall { .. } => "unhandled-call".into(),
            FailReason::UnhandledTool { .. } => "unhandled-tool".into(),
            FailReason::NotAnAnswer { finish_reason } => match finish_reason.as_str() {
                FINISH_LENGTH => "cut-at-length".into(),
                FINISH_CONTENT_FILTER => "content-filter".into(),
                _ => "unknown-finish".into(),
            },
            FailReason::Threw { .. } => "threw".into(),
            FailReason::Stalled => "stalled".into(),
            FailReason::Blocked { .. } => "blocked".into(),
            FailReason::TimeLimit { .. } => "time-limit".into(),
            FailReason::TooManyRequests { .. } => "too-many-requests".into(),
            FailReason::SandboxError { .. } => "sandbox-error".into(),
            FailReason::NoAgent { .. } => "no-agent".into(),
        }
    }
}

/// A way a real server's reply departs from the protocol that the loop tolerates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Quirk {
    /// The reply carried tool calls but its `finish_reason` was not `tool_calls` (some servers
    /// say `stop`; a reply cut at the limit says `length`). The loop decides by what the reply
    /// holds, so the calls ran.
    ToolCallsWithFinishReason { finish_reason: String },
}

impl Quirk {
    /// A short, stable name for the board and test hooks.
    pub fn slug(&self) -> &'static str {
        match self {
            Quirk::ToolCallsWithFinishReason { .. } => "finish-mismatch",
        }
    }
}

/// What a guard saw when it stepped in, as data the page words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum GuardDetail {
    /// The turn budget ran out with no answer.
    NoAnswerAfter { turns: u32 },
    /// The watchdog cut a call that had said nothing for this long.
    SilentFor { ms: u64 },
    /// The model asked for exactly the calls it asked for the turn before.
    SameCalls { calls: Vec<FunctionCall> },
    /// This many tool calls failed in a row.
    ErrorsInARow { count: u32 },
    /// A sentence from a trace saved before details were data; shown as it was written.
    Recorded { text: String },
}

/// Reads a guard's detail: the typed form, or the sentence older traces carry.
fn guard_detail<'de, D: serde::Deserializer<'de>>(d: D) -> Result<GuardDetail, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Typed(GuardDetail),
        Text(String),
    }
    Ok(match Either::deserialize(d)? {
        Either::Typed(detail) => detail,
        Either::Text(text) => GuardDetail::Recorded { text },
    })
}

/// Why a failed model call was the end of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinalBecause {
    /// The same request would fail the same way (400, 401, 403, a body that is not a completion):
    /// retrying cannot help, so your code does not.
    CannotPass,
    /// It might have passed a little later, but the policy's attempts were used up: your code
    /// gave up.
    AttemptsUsedUp,
    /// The naive loop: nothing was there to catch it.
    NothingCaught,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Outcome {
    /// The model gave its final answer: the only normal exit.
    Answered { text: String },
    /// The loop noticed it was going in circles and handed over politely.
    Escalated { message: String },
    /// A guard stopped the run.
    GaveUp { guard: Guard },
    /// Layer 3: nobody could fix it.
    Failed { reason: FailReason },
    /// The user pressed Stop.
    Cancelled,
}

impl Outcome {
    pub fn ending(&self) -> Ending {
        match self {
            Outcome::Answered { .. } => Ending::Answered,
            Outcome::Escalated { .. } => Ending::Escalated,
            Outcome::GaveUp { .. } => Ending::GaveUp,
            Outcome::Failed { .. } => Ending::Failed,
            Outcome::Cancelled => Ending::Cancelled,
        }
    }

    pub fn slug(&self) -> &'static str {
        self.ending().slug()
    }
}

/// How a run ended, without the details: what a lesson promises and a title names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Answered,
    Escalated,
    GaveUp,
    Failed,
    Cancelled,
}

impl Ending {
    pub const ALL: [Ending; 5] =
        [Ending::Answered, Ending::Escalated, Ending::GaveUp, Ending::Failed, Ending::Cancelled];

    /// As the page's test hooks and CSS classes write it.
    pub fn slug(self) -> &'static str {
        match self {
            Ending::Answered => "answered",
            Ending::Escalated => "escalated",
            Ending::GaveUp => "gave-up",
            Ending::Failed => "failed",
            Ending::Cancelled => "cancelled",
        }
    }
}

/// One step of a run. Failure events name the layer that handled them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    RunStarted {
        task: String,
        max_turns: u32,
        room: Room,
        /// The language of the conversation, so its history can be rebuilt whole.
        #[serde(default)]
        lang: Lang,
    },
    /// A new turn: the whole history is about to be sent again.
    TurnStarted {
        turn: u32,
        max_turns: u32,
        messages: usize,
        est_tokens: u32,
    },
    ModelCalled {
        turn: u32,
        attempt: u32,
        max_attempts: u32,
    },
    /// The call failed. `layer` is `Code` when it will be retried, `Nobody` when it ends the run.
    ModelCallFailed {
        turn: u32,
        attempt: u32,
        max_attempts: u32,
        failure: CallFailure,
        layer: Layer,
        /// What the server asked the client to wait (`Retry-After`), so a verdict can check the
        /// wait that followed honoured it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        retry_after_ms: Option<u64>,
        /// Why this failure ended the run, when it did (layer `Nobody`): the loop knew, so the
        /// page need not guess it from the status.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        final_because: Option<FinalBecause>,
    },
    /// Layer 1 at work: waiting before the next attempt, which the model will never hear about.
    RetryScheduled {
        turn: u32,
        next_attempt: u32,
        max_attempts: u32,
        wait_ms: u64,
        reason: WaitReason,
    },
    ModelReplied {
        turn: u32,
        content: Option<String>,
        tool_calls: Vec<ToolCall>,
        finish_reason: String,
        /// The server's own token counts, when it sent them: the real size of what this turn
        /// resent, beside the page's estimate.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        usage: Option<Usage>,
    },
    /// The reply bent the protocol and your code made sense of it anyway, so a learner sees that
    /// the harness, not luck, kept the run on track.
    QuirkTolerated {
        turn: u32,
        quirk: Quirk,
    },
    ToolStarted {
        turn: u32,
        call: ToolCall,
    },
    ToolSucceeded {
        turn: u32,
        call_id: String,
        name: String,
        output: String,
        room: Room,
    },
    /// Layer 2 at work: the error text goes back to the model as the tool's result.
    ToolFailed {
        turn: u32,
        call_id: String,
        name: String,
        kind: ToolErrorKind,
        output: String,
        layer: Layer,
        room: Room,
        /// The full exception, written to your logs and never sent to the model: what the robust
        /// loop keeps for a person when the model gets only `output`. `None` when the model got
        /// the dump itself, or the loop kept nothing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        logged: Option<String>,
    },
    /// A guard stepped in. The watchdog's cut becomes a timeout that layer 1 retries.
    GuardTripped {
        turn: u32,
        guard: Guard,
        #[serde(deserialize_with = "guard_detail")]
        detail: GuardDetail,
        layer: Layer,
    },
    Finished {
        outcome: Outcome,
        turns: u32,
        elapsed_ms: u64,
    },
    /// A tool result just put into the history holds secrets (a stack trace, a path, a
    /// connection string): from now on every turn sends them to the model. Nobody stopped it.
    SecretSent {
        turn: u32,
        call_id: String,
        secrets: Vec<Secret>,
    },
}

impl Event {
    /// The stable name used by the page's `data-kind` test hook.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::RunStarted { .. } => "run-started",
            Event::TurnStarted { .. } => "turn-started",
            Event::ModelCalled { .. } => "model-called",
            Event::ModelCallFailed { .. } => "model-call-failed",
            Event::RetryScheduled { .. } => "retry-scheduled",
            Event::ModelReplied { .. } => "model-replied",
            Event::QuirkTolerated { .. } => "quirk-tolerated",
            Event::ToolStarted { .. } => "tool-started",
            Event::ToolSucceeded { .. } => "tool-succeeded",
            Event::ToolFailed { .. } => "tool-failed",
            Event::GuardTripped { .. } => "guard-tripped",
            Event::Finished { .. } => "finished",
            Event::SecretSent { .. } => "secret-sent",
        }
    }

    /// The layer that handled this event, for the failures; `None` for ordinary progress.
    pub fn layer(&self) -> Option<Layer> {
        match self {
            Event::ModelCallFailed { layer, .. }
            | Event::ToolFailed { layer, .. }
            | Event::GuardTripped { layer, .. } => Some(*layer),
            Event::RetryScheduled { .. } | Event::QuirkTolerated { .. } => Some(Layer::Code),
            Event::SecretSent { .. } => Some(Layer::Nobody),
            Event::Finished { outcome: Outcome::Failed { .. } | Outcome::Cancelled, .. } => Some(Layer::Nobody),
            _ => None,
        }
    }
}
