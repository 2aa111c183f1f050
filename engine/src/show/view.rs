//! What the page shows, derived from events alone: the room, the turn, the board and the
//! history. Plain data, so the page reads it and tests check it natively; a trace replayed
//! later rebuilds exactly the same picture.

use crate::run::error_text::{is_bare, Secret};
use crate::run::events::{Event, FailReason, Guard, Layer, Outcome, Quirk};
use crate::run::provider::CallFailure;
use crate::run::script::script;
use crate::run::tools::ToolErrorKind;
use crate::run::wire::{Message, Role, FINISH_CONTENT_FILTER, FINISH_LENGTH};
use crate::run::world::Room;
use serde::{Deserialize, Serialize};

/// One failure on the "who handled it" board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardEntry {
    /// Position of the event in the run, a stable key for the page.
    pub index: usize,
    pub turn: u32,
    pub layer: Layer,
    pub kind: BoardKind,
}

/// What failed, as the board names it. Each language's board table matches it whole, so a new
/// kind of failure without a word does not compile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// A call answered with an error status.
    Http(u16),
    Network,
    Timeout,
    BadBody,
    Tool(ToolErrorKind),
    Guard(Guard),
    /// Tool calls that came with another `finish_reason` (a tolerated quirk).
    FinishMismatch,
    RetriesExhausted,
    HarnessBug,
    /// The naive loop's ends: a call or a tool error it never handled.
    UnhandledCall,
    UnhandledTool,
    /// A reply that was not an answer: cut at the token limit, filtered, or an unknown reason.
    CutAtLength,
    ContentFilter,
    UnknownFinish,
    Cancelled,
    /// A tool error with no cause and no next step in it (a bare code).
    BareError,
    /// Secrets went into the history and nobody stopped them.
    SecretSent,
    /// Your own loop's ends (see [`FailReason`]): it threw, waited on nothing, kept the thread,
    /// ran out of virtual time, sent too many requests, or the sandbox could not run it; or it
    /// defined no `runAgent`, so nothing ran.
    Threw,
    Stalled,
    Blocked,
    TimeLimit,
    TooManyRequests,
    SandboxError,
    NoAgent,
}

impl BoardKind {
    /// The kind of a failure event; `None` for ordinary progress.
    pub fn of(event: &Event) -> Option<BoardKind> {
        Some(match event {
            Event::ModelCallFailed { failure, .. } => BoardKind::call(failure),
            // An error that names no cause is its own entry: the model got it and could not act.
            Event::ToolFailed { output, .. } if is_bare(output) => BoardKind::BareError,
            Event::ToolFailed { kind, .. } => BoardKind::Tool(*kind),
            Event::SecretSent { .. } => BoardKind::SecretSent,
            Event::GuardTripped { guard, .. } => BoardKind::Guard(*guard),
            Event::QuirkTolerated { quirk: Quirk::ToolCallsWithFinishReason { .. }, .. } => BoardKind::FinishMismatch,
            Event::Finished { outcome: Outcome::Failed { reason }, .. } => match reason {
                FailReason::Fatal { failure } => BoardKind::call(failure),
                FailReason::RetriesExhausted { .. } => BoardKind::RetriesExhausted,
                FailReason::HarnessBug { .. } => BoardKind::HarnessBug,
                FailReason::UnhandledCall { .. } => BoardKind::UnhandledCall,
                FailReason::UnhandledTool { .. } => BoardKind::UnhandledTool,
                FailReason::NotAnAnswer { finish_reason } => match finish_reason.as_str() {
                    FINISH_LENGTH => BoardKind::CutAtLength,
                    FINISH_CONTENT_FILTER => BoardKind::ContentFilter,
                    _ => BoardKind::UnknownFinish,
                },
                FailReason::Threw { .. } => BoardKind::Threw,
                FailReason::Stalled => BoardKind::Stalled,
                FailReason::Blocked { .. } => BoardKind::Blocked,
                FailReason::TimeLimit { .. } => BoardKind::TimeLimit,
                FailReason::TooManyRequests { .. } => BoardKind::TooManyRequests,
                FailReason::SandboxError { .. } => BoardKind::SandboxError,
                FailReason::NoAgent { .. } => BoardKind::NoAgent,
            },
            Event::Finished { outcome: Outcome::Cancelled, .. } => BoardKind::Cancelled,
            _ => return None,
        })
    }

    fn call(failure: &CallFailure) -> BoardKind {
        match failure {
            CallFailure::Http { status } => BoardKind::Http(*status),
            CallFailure::Network => BoardKind::Network,
            CallFailure::Timeout => BoardKind::Timeout,
            CallFailure::BadBody { .. } => BoardKind::BadBody,
        }
    }

    /// A short, stable machine name for test hooks (`data-kind`): `http-503`, `bad-json`...
    pub fn slug(self) -> String {
        match self {
            BoardKind::Http(status) => format!("http-{status}"),
            BoardKind::Network => "network".into(),
            BoardKind::Timeout => "timeout".into(),
            BoardKind::BadBody => "bad-body".into(),
            BoardKind::Tool(kind) => kind.slug().into(),
            BoardKind::Guard(guard) => guard.slug().into(),
            BoardKind::FinishMismatch => "finish-mismatch".into(),
            BoardKind::RetriesExhausted => "retries-exhausted".into(),
            BoardKind::HarnessBug => "harness-bug".into(),
            BoardKind::UnhandledCall => "unhandled-call".into(),
            BoardKind::UnhandledTool => "unhandled-tool".into(),
            BoardKind::CutAtLength => "cut-at-length".into(),
            BoardKind::ContentFilter => "content-filter".into(),
            BoardKind::UnknownFinish => "unknown-finish".into(),
            BoardKind::Cancelled => "cancelled".into(),
            BoardKind::BareError => "bare-error".into(),
            BoardKind::SecretSent => "secret-sent".into(),
            BoardKind::Threw => "threw".into(),
            BoardKind::Stalled => "stalled".into(),
            BoardKind::Blocked => "blocked".into(),
            BoardKind::TimeLimit => "time-limit".into(),
            BoardKind::TooManyRequests => "too-many-requests".into(),
            BoardKind::SandboxError => "sandbox-error".into(),
            BoardKind::NoAgent => "no-agent".into(),
        }
    }
}

/// What one turn sent to the model: the whole history again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnLoad {
    pub turn: u32,
    pub messages: usize,
    pub est_tokens: u32,
    /// What the server counted for this turn's prompt, when it said (`usage.prompt_tokens`).
    #[serde(default)]
    pub prompt_tokens: Option<u32>,
}

/// The state of a run after some prefix of its events.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunView {
    pub room: Room,
    pub turn: u32,
    pub max_turns: u32,
    pub messages: usize,
    pub est_tokens: u32,
    pub board: Vec<BoardEntry>,
    pub outcome: Option<Outcome>,
    /// Set while layer 1 waits: (attempt about to be made, max attempts, wait in ms).
    pub waiting: Option<(u32, u32, u64)>,
    /// Messages in the history after this step: what the hero carries to the oracle next.
    pub history_len: usize,
    /// What each turn sent, oldest first: how the resent history grows.
    pub sent: Vec<TurnLoad>,
    /// A failure reached layer 3 (nobody): the villain is on stage.
    pub villain: bool,
    /// How many events the view has folded.
    pub steps: usize,
    /// The secrets in the history so far, each once: what every later turn sends the model.
    pub secrets: Vec<Secret>,
}

/// A run as the page keeps it: its events and the view they add up to. They change only
/// together, through these methods, so the view on screen is always the fold of the events.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunRecord {
    events: Vec<Event>,
    view: RunView,
}

impl RunRecord {
    pub fn new(events: Vec<Event>) -> Self {
        let view = RunView::from_events(&events);
        RunRecord { events, view }
    }

    /// Takes in the next events of the run: the view folds only them, not the whole run again.
    pub fn extend(&mut self, batch: Vec<Event>) {
        let start = self.events.len();
        for (k, event) in batch.iter().enumerate() {
            self.view.apply(start + k, event);
        }
        self.events.extend(batch);
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The view after every event so far.
    pub fn view(&self) -> &RunView {
        &self.view
    }

    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }
}

impl RunView {
    /// Folds events into the view, in order.
    pub fn from_events(events: &[Event]) -> Self {
        let mut view = RunView::default();
        for (i, e) in events.iter().enumerate() {
            view.apply(i, e);
        }
        view
    }

    pub fn apply(&mut self, index: usize, event: &Event) {
        if !matches!(event, Event::RetryScheduled { .. }) {
            self.waiting = None;
        }
        match event {
            Event::RunStarted { max_turns, room, .. } => {
                *self = RunView { max_turns: *max_turns, room: *room, history_len: 2, ..RunView::default() };
            }
            Event::TurnStarted { turn, max_turns, messages, est_tokens } => {
                self.turn = *turn;
                self.max_turns = *max_turns;
                self.messages = *messages;
                self.est_tokens = *est_tokens;
                self.sent.push(TurnLoad {
                    turn: *turn,
                    messages: *messages,
                    est_tokens: *est_tokens,
                    prompt_tokens: None,
                });
            }
            Event::ModelReplied { usage, .. } => {
                self.history_len += 1;
                if let (Some(usage), Some(load)) = (usage, self.sent.last_mut()) {
                    load.prompt_tokens = Some(usage.prompt_tokens);
                }
            }
            Event::ToolSucceeded { room, .. } => {
                self.room = *room;
                self.history_len += 1;
            }
            Event::ToolFailed { room, layer, .. } => {
                self.room = *room;
                // Caught, it goes back as a result; thrown (the naive loop), it never does, and
                // a lost reply your code retried never does either.
                if *layer == Layer::Model {
                    self.history_len += 1;
                }
            }
            Event::RetryScheduled { next_attempt, max_attempts, wait_ms, .. } => {
                self.waiting = Some((*next_attempt, *max_attempts, *wait_ms));
            }
            Event::Finished { outcome, .. } => self.outcome = Some(outcome.clone()),
            Event::SecretSent { secrets, .. } => {
                for s in secrets {
                    if !self.secrets.contains(s) {
                        self.secrets.push(*s);
                    }
                }
            }
            _ => {}
        }
        self.steps = index + 1;
        if reaches_nobody(event) {
            self.villain = true;
        }
        if let Some(layer) = event.layer() {
            // A retry is the same failure as the call before it, and a run that failed on a
            // call already has that call on the board: neither gets a second entry. A reply that
            // was not an answer, or a harness bug, has no entry before the end, so it gets one.
            let repeat = match event {
                Event::RetryScheduled { .. } => true,
                Event::Finished { outcome: Outcome::Failed { reason }, .. } => {
                    !matches!(reason, FailReason::HarnessBug { .. } | FailReason::NotAnAnswer { .. })
                }
                _ => false,
            };
            if let (false, Some(kind)) = (repeat, BoardKind::of(event)) {
                self.board.push(BoardEntry { index, turn: turn_of(event).unwrap_or(self.turn), layer, kind });
            }
        }
    }
}

/// A failure that reached layer 3: nobody handled it, and the run ends on it. Stop is not one:
/// the user ended the run on purpose.
pub fn reaches_nobody(event: &Event) -> bool {
    match event {
        Event::ModelCallFailed { layer, .. } | Event::ToolFailed { layer, .. } => *layer == Layer::Nobody,
        Event::Finished { outcome: Outcome::Failed { .. }, .. } => true,
        _ => false,
    }
}

/// The turn an event belongs to, when it names one.
pub fn turn_of(event: &Event) -> Option<u32> {
    match event {
        Event::TurnStarted { turn, .. }
        | Event::ModelCalled { turn, .. }
        | Event::ModelCallFailed { turn, .. }
        | Event::RetryScheduled { turn, .. }
        | Event::ModelReplied { turn, .. }
        | Event::QuirkTolerated { turn, .. }
        | Event::ToolStarted { turn, .. }
        | Event::ToolSucceeded { turn, .. }
        | Event::ToolFailed { turn, .. }
        | Event::GuardTripped { turn, .. }
        | Event::SecretSent { turn, .. } => Some(*turn),
        Event::Finished { turns, .. } => Some(*turns),
        Event::RunStarted { .. } => None,
    }
}

/// The message history as the model saw it, rebuilt from the events.
pub fn history(events: &[Event]) -> Vec<Message> {
    let mut messages = Vec::new();
    for event in events {
        match event {
            Event::RunStarted { task, lang, .. } => {
                messages = vec![Message::system(script(*lang).system_prompt), Message::user(task)];
            }
            Event::ModelReplied { content, tool_calls, .. } => messages.push(Message {
                role: Role::Assistant,
                content: content.clone(),
                tool_calls: (!tool_calls.is_empty()).then(|| tool_calls.clone()),
                tool_call_id: None,
            }),
            // A lost reply your code retried sent the model nothing: the retry's result answers.
            Event::ToolFailed { layer: Layer::Code, .. } => {}
            Event::ToolSucceeded { call_id, output, .. } | Event::ToolFailed { call_id, output, .. } => {
                messages.push(Message::tool_result(call_id, output.clone()));
            }
            _ => {}
        }
    }
    messages
}

/// One retry's wait, as the backoff strip draws it: the most the policy allowed, where the pick
/// landed, and what the server asked for. Derived from events and the run's retry settings, so
/// stepping back through a run shows the strip as it was at that step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StripBar {
    /// Position of the `retry-scheduled` event in the run.
    pub index: usize,
    /// The attempt that failed; the wait comes before attempt `attempt + 1`.
    pub attempt: u32,
    /// The backoff ceiling for this retry (`base × 2^(attempt − 1)`, capped).
    pub ceiling_ms: u64,
    /// How long the loop really waited.
    pub wait_ms: u64,
    pub reason: crate::run::provider::WaitReason,
    /// What the server asked for in `Retry-After` on the failed attempt, if anything.
    pub retry_after_ms: Option<u64>,
}

/// The waits of one turn, attempt by attempt.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strip {
    pub turn: u32,
    pub bars: Vec<StripBar>,
}

impl Strip {
    /// Time spent waiting on this turn, all bars together.
    pub fn total_wait_ms(&self) -> u64 {
        self.bars.iter().map(|b| b.wait_ms).fold(0, u64::saturating_add)
    }

    /// The longest of every ceiling, wait and ask: the common scale of the bars, so a doubling
    /// ceiling reads as a bar twice as long.
    pub fn scale_ms(&self) -> u64 {
        self.bars
            .iter()
            .map(|b| b.ceiling_ms.max(b.wait_ms).max(b.retry_after_ms.unwrap_or(0)))
            .max()
            .unwrap_or(0)
            .max(1)
    }
}

/// One strip per turn that waited before a retry, in order. `policy` gives the ceilings: the
/// events carry the wait but not the ceiling it was picked under.
pub fn backoff_strips(policy: &crate::run::provider::RetryPolicy, events: &[Event]) -> Vec<Strip> {
    let mut strips: Vec<Strip> = Vec::new();
    let mut asked: Option<(u32, u32, Option<u64>)> = None;
    for (index, event) in events.iter().enumerate() {
        match event {
            Event::RunStarted { .. } => strips.clear(),
            Event::ModelCallFailed { turn, attempt, retry_after_ms, .. } => {
                asked = Some((*turn, *attempt, *retry_after_ms));
            }
            Event::RetryScheduled { turn, next_attempt, wait_ms, reason, .. } => {
                let attempt = next_attempt.saturating_sub(1);
                let retry_after_ms = asked.filter(|a| a.0 == *turn && a.1 == attempt).and_then(|a| a.2);
                let bar = StripBar {
                    index,
                    attempt,
                    ceiling_ms: policy.backoff(attempt, 0.0).ceiling_ms,
                    wait_ms: *wait_ms,
                    reason: *reason,
                    retry_after_ms,
                };
                match strips.last_mut() {
                    Some(s) if s.turn == *turn => s.bars.push(bar),
                    _ => strips.push(Strip { turn: *turn, bars: vec![bar] }),
                }
            }
            _ => {}
        }
    }
    strips
}
