//! How the adventure scene and the code panel read one step of a run: what the stage shows
//! ([`beat_of`]), where the hero (the loop) stands, and which line of the loop's code is running.
//! Plain functions of an event, so the page, time travel and the tests all agree.

use crate::run::call_args::object_members;
use crate::run::events::{Ending, Event, FailReason, Guard, Layer, Outcome};
use crate::run::provider::CallFailure;
use crate::run::tools::ToolErrorKind;
use crate::run::world::Room;

/// Where the hero stands on the stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// The middle of the hall, where each turn starts and the history is gathered.
    Start,
    /// Before the oracle (the model), handing over the whole history.
    Oracle,
    /// On the bench, waiting out a backoff.
    Bench,
    /// At the door, running a tool on the room.
    Room,
    /// Through the open door: the task is done.
    Door,
}

impl Spot {
    pub fn slug(self) -> &'static str {
        match self {
            Spot::Start => "start",
            Spot::Oracle => "oracle",
            Spot::Bench => "bench",
            Spot::Room => "room",
            Spot::Door => "door",
        }
    }
}

/// Where the hero is when `event` is on screen, in a room in state `room`.
pub fn hero_spot(event: Option<&Event>, room: Room) -> Spot {
    match event {
        None | Some(Event::RunStarted { .. } | Event::TurnStarted { .. }) => Spot::Start,
        Some(
            Event::ModelCalled { .. }
            | Event::ModelCallFailed { .. }
            | Event::ModelReplied { .. }
            | Event::QuirkTolerated { .. },
        ) => Spot::Oracle,
        Some(Event::RetryScheduled { .. }) => Spot::Bench,
        // A call the loop turns down before running it (a tool that does not exist, arguments
        // that are not JSON or break the schema) never reaches the room: the hero stays put.
        Some(Event::ToolStarted { call, .. })
            if act_of(&call.function.name, &call.function.arguments) == Act::Other =>
        {
            Spot::Start
        }
        Some(Event::ToolFailed {
            kind: ToolErrorKind::UnknownTool | ToolErrorKind::BadJson | ToolErrorKind::SchemaInvalid,
            ..
        }) => Spot::Start,
        Some(
            Event::ToolStarted { .. }
            | Event::ToolSucceeded { .. }
            | Event::ToolFailed { .. }
            | Event::SecretSent { .. },
        ) => Spot::Room,
        Some(Event::GuardTripped { guard: Guard::Watchdog, .. }) => Spot::Oracle,
        Some(Event::GuardTripped { .. }) => Spot::Start,
        Some(Event::Finished { outcome: Outcome::Answered { .. }, .. }) if room.door_open => Spot::Door,
        Some(Event::Finished { .. }) => Spot::Start,
    }
}

/// A line of the loop that a step of the run corresponds to. The code panel lights it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The history starts as the system prompt and the task.
    Start,
    /// A new turn of the loop.
    Turn,
    /// Layer 1: send the whole history to the model.
    Send,
    /// Layer 1: a failure that tends to pass by itself, with attempts left.
    Transient,
    /// Layer 1: wait before the next attempt (backoff, or the server's Retry-After).
    Wait,
    /// Layer 1: the watchdog cuts a call that never answers; it counts as a timeout.
    Watchdog,
    /// Layer 3: a failure nobody can fix leaves the loop and ends the run.
    Throw,
    /// The reply asks for tools: the loop goes on.
    Decide,
    /// The reply asks for nothing: the final answer, the only normal exit.
    Answer,
    /// Layer 2: run one tool call.
    RunTool,
    /// Layer 2: the tool worked; its output goes into the history.
    ToolOk,
    /// Layer 2: the tool failed; the error goes back to the model as the tool's result.
    Catch,
    /// Guard: the same call as the turn before, so hand over.
    Repeat,
    /// Guard: too many tool errors in a row.
    Errors,
    /// Guard: the turn budget is used up.
    Turns,
}

impl Anchor {
    pub const ALL: [Anchor; 15] = [
        Anchor::Start,
        Anchor::Turn,
        Anchor::Send,
        Anchor::Transient,
        Anchor::Wait,
        Anchor::Watchdog,
        Anchor::Throw,
        Anchor::Decide,
        Anchor::Answer,
        Anchor::RunTool,
        Anchor::ToolOk,
        Anchor::Catch,
        Anchor::Repeat,
        Anchor::Errors,
        Anchor::Turns,
    ];

    /// The name used in the listings and in the page's `data-anchor` test hook.
    pub fn slug(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Turn => "turn",
            Anchor::Send => "send",
            Anchor::Transient => "transient",
            Anchor::Wait => "retry-wait",
            Anchor::Watchdog => "watchdog",
            Anchor::Throw => "throw",
            Anchor::Decide => "decide",
            Anchor::Answer => "answer",
            Anchor::RunTool => "run-tool",
            Anchor::ToolOk => "tool-ok",
            Anchor::Catch => "tool-catch",
            Anchor::Repeat => "guard-repeat",
            Anchor::Errors => "guard-errors",
            Anchor::Turns => "guard-turns",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Anchor> {
        Anchor::ALL.into_iter().find(|a| a.slug() == slug)
    }
}

fn guard_anchor(guard: Guard) -> Anchor {
    match guard {
        Guard::MaxTurns => Anchor::Turns,
        Guard::ErrorsInARow => Anchor::Errors,
        Guard::RepeatedCall => Anchor::Repeat,
        Guard::Watchdog => Anchor::Watchdog,
    }
}

/// The line of the robust loop that `event` corresponds to, if any. A naive loop's thrown tool
/// error has no line there: the robust loop would have caught it.
pub fn anchor_of(event: &Event) -> Option<Anchor> {
    Some(match event {
        Event::RunStarted { .. } => Anchor::Start,
        Event::TurnStarted { .. } => Anchor::Turn,
        Event::ModelCalled { .. } => Anchor::Send,
        Event::ModelCallFailed { layer: Layer::Nobody, .. } => Anchor::Throw,
        Event::ModelCallFailed { .. } => Anchor::Transient,
        Event::RetryScheduled { .. } => Anchor::Wait,
        Event::ModelReplied { tool_calls, .. } if tool_calls.is_empty() => Anchor::Answer,
        Event::ModelReplied { .. } | Event::QuirkTolerated { .. } => Anchor::Decide,
        Event::ToolStarted { .. } => Anchor::RunTool,
        Event::ToolSucceeded { .. } => Anchor::ToolOk,
        Event::ToolFailed { layer: Layer::Nobody, .. } => return None,
        // A lost reply your code handles by calling the tool again: the line that runs it.
        Event::ToolFailed { layer: Layer::Code, .. } => Anchor::RunTool,
        Event::ToolFailed { .. } => Anchor::Catch,
        // The dump went into the history on the line that catches the error.
        Event::SecretSent { .. } => Anchor::Catch,
        Event::GuardTripped { guard, .. } => guard_anchor(*guard),
        Event::Finished { outcome, .. } => match outcome {
            Outcome::Answered { .. } => Anchor::Answer,
            Outcome::Escalated { .. } => Anchor::Repeat,
            Outcome::GaveUp { guard } => guard_anchor(*guard),
            // The lost tool result: the bug sits where results join the history.
            Outcome::Failed { reason: FailReason::HarnessBug { .. } } => Anchor::RunTool,
            Outcome::Failed { reason: FailReason::UnhandledTool { .. } } => return None,
            Outcome::Failed { .. } => Anchor::Throw,
            Outcome::Cancelled => return None,
        },
    })
}

/// What a tool call does to the room, for the stage to animate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// Oil the lock.
    Oil,
    /// Turn the key.
    Key,
    /// Look at the door.
    LookDoor,
    /// Look at the lock.
    LookLock,
    /// Look at anything else, or around the room.
    LookRoom,
    /// An unknown tool, or arguments that are not an object: nothing happens to the room.
    Other,
}

impl Act {
    pub const ALL: [Act; 6] = [Act::Oil, Act::Key, Act::LookDoor, Act::LookLock, Act::LookRoom, Act::Other];

    /// The stage's `data-act`, which style/scene.css animates (`look-…` for the three looks).
    pub fn slug(self) -> &'static str {
        match self {
            Act::Oil => "oil",
            Act::Key => "key",
            Act::LookDoor => "look-door",
            Act::LookLock => "look-lock",
            Act::LookRoom => "look-room",
            Act::Other => "other",
        }
    }
}

/// What a tool call does to the room: read from its arguments the way the tools read them, so
/// a call with its keys in another order acts the same.
pub fn act_of(name: &str, arguments: &str) -> Act {
    let members = object_members(arguments).unwrap_or_default();
    let arg = |key: &str| members.iter().find(|(k, _)| k == key).map_or("", |(_, v)| v.as_str());
    match (name, arg("item"), arg("target")) {
        ("use", "oil_can", _) => Act::Oil,
        ("use", "key", _) => Act::Key,
        ("look_at", _, "door") => Act::LookDoor,
        ("look_at", _, "lock") => Act::LookLock,
        ("look_at", _, _) => Act::LookRoom,
        _ => Act::Other,
    }
}

/// What kind of step the stage draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BeatName {
    /// Nothing on screen yet.
    #[default]
    Idle,
    /// The run starts: the history is the system prompt and the task.
    Start,
    /// A turn starts: the hero gathers the whole history.
    Gather,
    /// The history goes to the oracle.
    Ask,
    /// The model call failed.
    CallFailed,
    /// Waiting out a backoff.
    Wait,
    /// The reply is the final answer.
    Final,
    /// The reply asks for a tool.
    Request,
    /// The reply was odd and the loop let it pass.
    Quirk,
    /// A tool runs on the room.
    Tool,
    /// The tool worked.
    ToolOk,
    /// The tool failed.
    ToolError,
    /// A guard stepped in.
    Guard,
    /// The run is over.
    End,
}

impl BeatName {
    pub const ALL: [BeatName; 14] = [
        BeatName::Idle,
        BeatName::Start,
        BeatName::Gather,
        BeatName::Ask,
        BeatName::CallFailed,
        BeatName::Wait,
        BeatName::Final,
        BeatName::Request,
        BeatName::Quirk,
        BeatName::Tool,
        BeatName::ToolOk,
        BeatName::ToolError,
        BeatName::Guard,
        BeatName::End,
    ];

    /// The stage's `data-beat`, which style/scene.css and the browser tests read.
    pub fn slug(self) -> &'static str {
        match self {
            BeatName::Idle => "idle",
            BeatName::Start => "start",
            BeatName::Gather => "gather",
            BeatName::Ask => "ask",
            BeatName::CallFailed => "call-failed",
            BeatName::Wait => "wait",
            BeatName::Final => "final",
            BeatName::Request => "request",
            BeatName::Quirk => "quirk",
            BeatName::Tool => "tool",
            BeatName::ToolOk => "tool-ok",
            BeatName::ToolError => "tool-error",
            BeatName::Guard => "guard",
            BeatName::End => "end",
        }
    }
}

/// One step as the stage draws it, as data: the page adds the words (the failure's name, the
/// guard's sign) and turns the rest into data attributes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Beat {
    pub name: BeatName,
    /// The layer that handled a failure, if this step is one.
    pub layer: Option<Layer>,
    /// The tool call on screen, as [`call_text`] shows it, or the tool's name once it has run.
    pub call: String,
    /// What a starting tool call does to the room.
    pub act: Option<Act>,
    /// How the model call failed, on [`BeatName::CallFailed`].
    pub failure: Option<CallFailure>,
    /// The guard that stepped in, on [`BeatName::Guard`].
    pub guard: Option<Guard>,
    /// How the run ended, on [`BeatName::End`].
    pub outcome: Option<Ending>,
}

/// What the stage draws when `event` is on screen (`None`: before the run).
pub fn beat_of(event: Option<&Event>) -> Beat {
    let Some(event) = event else { return Beat::default() };
    let mut beat = Beat { layer: event.layer(), ..Beat::default() };
    beat.name = match event {
        Event::RunStarted { .. } => BeatName::Start,
        Event::TurnStarted { .. } => BeatName::Gather,
        Event::ModelCalled { .. } => BeatName::Ask,
        Event::ModelCallFailed { failure, .. } => {
            beat.failure = Some(failure.clone());
            BeatName::CallFailed
        }
        Event::RetryScheduled { .. } => BeatName::Wait,
        Event::ModelReplied { tool_calls, .. } => match tool_calls.first() {
            None => BeatName::Final,
            Some(call) => {
                beat.call = call_text(&call.function.name, &call.function.arguments);
                BeatName::Request
            }
        },
        Event::QuirkTolerated { .. } => BeatName::Quirk,
        Event::ToolStarted { call, .. } => {
            beat.call = call_text(&call.function.name, &call.function.arguments);
            beat.act = Some(act_of(&call.function.name, &call.function.arguments));
            BeatName::Tool
        }
        Event::ToolSucceeded { name, .. } => {
            beat.call = name.clone();
            BeatName::ToolOk
        }
        Event::ToolFailed { name, .. } => {
            beat.call = name.clone();
            BeatName::ToolError
        }
        // Still the tool error on screen: the stage marks the history bundle from the view.
        Event::SecretSent { .. } => BeatName::ToolError,
        Event::GuardTripped { guard, .. } => {
            beat.guard = Some(*guard);
            BeatName::Guard
        }
        Event::Finished { outcome, .. } => {
            beat.outcome = Some(outcome.ending());
            BeatName::End
        }
    };
    beat
}

/// A call as the oracle's card shows it, `use(oil_can, lock)`: the values in key order.
/// Arguments that are not an object are shown as sent, cut to 18 characters; a card never holds
/// more than [`CARD_CHARS`] characters, however long a name or value the model sent.
pub fn call_text(name: &str, arguments: &str) -> String {
    let shown = match object_members(arguments) {
        Some(members) => members.into_iter().map(|(_, v)| v).collect::<Vec<_>>().join(", "),
        None => arguments.chars().take(18).collect(),
    };
    let text = format!("{name}({shown})");
    match text.char_indices().nth(CARD_CHARS) {
        None => text,
        Some((cut, _)) => format!("{}…)", &text[..cut]),
    }
}

/// The longest call a card shows, in characters.
pub const CARD_CHARS: usize = 48;
