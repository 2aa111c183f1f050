//! The presenter's speaker notes, as data: for the step on the projected screen, what to point at
//! and the question to put to the room ([`Cue`]), and what the next press brings ([`Coming`]).
//! Keyed on what the step is (the stage's [`BeatName`], the layer that acted, the run's
//! [`Ending`]) and on the lesson's question phase, never on the lesson: one note per kind of step
//! serves every lesson and every run, a teacher's own included. The page words them.

use crate::run::events::{Ending, Layer};
use crate::show::scene::BeatName;

/// What the presenter has on screen, as the note reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepKind {
    /// The lesson's question is up: nothing played or answered yet.
    pub asking: bool,
    pub beat: BeatName,
    /// The layer that acted on this step, if one did.
    pub layer: Option<Layer>,
    /// How the run ended, on its last step.
    pub outcome: Option<Ending>,
}

/// One speaker note: a thing to point at on the projected screen and a question for the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// The lesson's question is up: the room guesses which layer will handle the failure.
    Question,
    /// Answered, nothing played yet.
    Ready,
    /// The run starts: the task and the system prompt.
    Start,
    /// A turn starts: the whole history is gathered again.
    Gather,
    /// The history goes to the model.
    Ask,
    /// A model call failed and your code will retry it.
    CallRetried,
    /// A model call failed and nothing will fix it.
    CallFatal,
    /// Your code waits before calling again.
    Wait,
    /// The model asks for a tool.
    Request,
    /// The model's final answer.
    Final,
    /// An odd reply that your code made sense of.
    Quirk,
    /// A tool runs on the room.
    Tool,
    /// The tool worked; its result joins the history.
    ToolOk,
    /// A tool's error goes back to the model as its result.
    ToolToModel,
    /// A tool failure your code handled (a lost reply looked into or retried).
    ToolByCode,
    /// A tool's error that no layer handled (a thrown error, a secret in the history).
    ToolUnhandled,
    /// A guard stepped in.
    Guard,
    /// The run is over: the task done.
    Answered,
    /// The run is over: handed to a person.
    Escalated,
    /// The run is over: a guard gave up.
    GaveUp,
    /// The run is over: it failed.
    Failed,
    /// The run is over: stopped by hand.
    Cancelled,
}

impl Cue {
    pub const ALL: [Cue; 22] = [
        Cue::Question,
        Cue::Ready,
        Cue::Start,
        Cue::Gather,
        Cue::Ask,
        Cue::CallRetried,
        Cue::CallFatal,
        Cue::Wait,
        Cue::Request,
        Cue::Final,
        Cue::Quirk,
        Cue::Tool,
        Cue::ToolOk,
        Cue::ToolToModel,
        Cue::ToolByCode,
        Cue::ToolUnhandled,
        Cue::Guard,
        Cue::Answered,
        Cue::Escalated,
        Cue::GaveUp,
        Cue::Failed,
        Cue::Cancelled,
    ];

    /// As the presenter view's test hook writes it (`data-cue`).
    pub fn slug(self) -> &'static str {
        match self {
            Cue::Question => "question",
            Cue::Ready => "ready",
            Cue::Start => "start",
            Cue::Gather => "gather",
            Cue::Ask => "ask",
            Cue::CallRetried => "call-retried",
            Cue::CallFatal => "call-fatal",
            Cue::Wait => "wait",
            Cue::Request => "request",
            Cue::Final => "final",
            Cue::Quirk => "quirk",
            Cue::Tool => "tool",
            Cue::ToolOk => "tool-ok",
            Cue::ToolToModel => "tool-to-model",
            Cue::ToolByCode => "tool-by-code",
            Cue::ToolUnhandled => "tool-unhandled",
            Cue::Guard => "guard",
            Cue::Answered => "answered",
            Cue::Escalated => "escalated",
            Cue::GaveUp => "gave-up",
            Cue::Failed => "failed",
            Cue::Cancelled => "cancelled",
        }
    }

    /// The note for `step`.
    pub fn of(step: StepKind) -> Cue {
        if step.asking {
            return Cue::Question;
        }
        match step.beat {
            BeatName::Idle => Cue::Ready,
            BeatName::Start => Cue::Start,
            BeatName::Gather => Cue::Gather,
            BeatName::Ask => Cue::Ask,
            BeatName::CallFailed if step.layer == Some(Layer::Code) => Cue::CallRetried,
            BeatName::CallFailed => Cue::CallFatal,
            BeatName::Wait => Cue::Wait,
            BeatName::Final => Cue::Final,
            BeatName::Request => Cue::Request,
            BeatName::Quirk => Cue::Quirk,
            BeatName::Tool => Cue::Tool,
            BeatName::ToolOk => Cue::ToolOk,
            BeatName::ToolError => match step.layer {
                Some(Layer::Model) => Cue::ToolToModel,
                Some(Layer::Code) => Cue::ToolByCode,
                _ => Cue::ToolUnhandled,
            },
            BeatName::Guard => Cue::Guard,
            BeatName::End => match step.outcome {
                Some(Ending::Answered) => Cue::Answered,
                Some(Ending::Escalated) => Cue::Escalated,
                Some(Ending::GaveUp) => Cue::GaveUp,
                Some(Ending::Failed) | None => Cue::Failed,
                Some(Ending::Cancelled) => Cue::Cancelled,
            },
        }
    }
}

/// What the next press of the clicker brings, as the presenter view's "Next" box says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coming {
    /// The run starts.
    Run,
    /// A new turn: the history goes out again.
    Turn,
    /// The call to the model.
    Call,
    /// The model's reply.
    Reply,
    /// A failure, and the layer that handles it.
    Failure(Layer),
    /// Your code waits before the next attempt.
    Wait,
    /// The watchdog gives up on a call that has not answered (the projected window is counting
    /// its silence down).
    Watchdog,
    /// A tool runs.
    Tool,
    /// The tool's result.
    ToolResult,
    /// A guard steps in.
    Guard,
    /// The run's outcome.
    Outcome,
}

impl Coming {
    /// As the presenter view's test hook writes it (`data-coming`).
    pub fn slug(self) -> &'static str {
        match self {
            Coming::Run => "run",
            Coming::Turn => "turn",
            Coming::Call => "call",
            Coming::Reply => "reply",
            Coming::Failure(_) => "failure",
            Coming::Wait => "wait",
            Coming::Watchdog => "watchdog",
            Coming::Tool => "tool",
            Coming::ToolResult => "tool-result",
            Coming::Guard => "guard",
            Coming::Outcome => "outcome",
        }
    }

    /// The step a press will land on, when the run has it already (a recorded run stepped back).
    pub fn of(beat: BeatName, layer: Option<Layer>) -> Coming {
        match beat {
            BeatName::Idle | BeatName::Start => Coming::Run,
            BeatName::Gather => Coming::Turn,
            BeatName::Ask => Coming::Call,
            BeatName::Final | BeatName::Request => Coming::Reply,
            BeatName::CallFailed | BeatName::ToolError | BeatName::Quirk => {
                Coming::Failure(layer.unwrap_or(Layer::Nobody))
            }
            BeatName::Wait => Coming::Wait,
            BeatName::Tool => Coming::Tool,
            BeatName::ToolOk => Coming::ToolResult,
            BeatName::Guard => Coming::Guard,
            BeatName::End => Coming::Outcome,
        }
    }

    /// What the loop does after `now`, when the run has not got there yet (a live run): the
    /// loop's own order, its happy path where it could branch. `None` after the outcome.
    pub fn after(now: StepKind) -> Option<Coming> {
        if now.asking {
            return Some(Coming::Run);
        }
        Some(match now.beat {
            BeatName::Idle => Coming::Run,
            BeatName::Start | BeatName::ToolOk => Coming::Turn,
            BeatName::Gather | BeatName::Wait => Coming::Call,
            BeatName::Ask => Coming::Reply,
            BeatName::CallFailed if now.layer == Some(Layer::Code) => Coming::Wait,
            BeatName::CallFailed | BeatName::Final | BeatName::Guard => Coming::Outcome,
            BeatName::Request | BeatName::Quirk => Coming::Tool,
            BeatName::Tool => Coming::ToolResult,
            BeatName::ToolError => match now.layer {
                Some(Layer::Code) => Coming::Tool,
                _ => Coming::Turn,
            },
            BeatName::End => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(beat: BeatName, layer: Option<Layer>) -> StepKind {
        StepKind { beat, layer, ..StepKind::default() }
    }

    #[test]
    fn the_question_comes_before_any_step() {
        let asking = StepKind { asking: true, ..StepKind::default() };
        assert_eq!(Cue::of(asking), Cue::Question);
        assert_eq!(Cue::of(StepKind::default()), Cue::Ready);
        assert_eq!(Coming::after(asking), Some(Coming::Run));
    }

    #[test]
    fn a_failure_is_cued_by_the_layer_that_handled_it() {
        assert_eq!(Cue::of(step(BeatName::CallFailed, Some(Layer::Code))), Cue::CallRetried);
        assert_eq!(Cue::of(step(BeatName::CallFailed, Some(Layer::Nobody))), Cue::CallFatal);
        assert_eq!(Cue::of(step(BeatName::ToolError, Some(Layer::Model))), Cue::ToolToModel);
        assert_eq!(Cue::of(step(BeatName::ToolError, Some(Layer::Code))), Cue::ToolByCode);
        assert_eq!(Cue::of(step(BeatName::ToolError, Some(Layer::Nobody))), Cue::ToolUnhandled);
        assert_eq!(Cue::of(step(BeatName::Wait, Some(Layer::Code))), Cue::Wait);
    }

    #[test]
    fn the_last_step_is_cued_by_how_the_run_ended() {
        for (ending, cue) in [
            (Ending::Answered, Cue::Answered),
            (Ending::Escalated, Cue::Escalated),
            (Ending::GaveUp, Cue::GaveUp),
            (Ending::Failed, Cue::Failed),
            (Ending::Cancelled, Cue::Cancelled),
        ] {
            let end = StepKind { beat: BeatName::End, outcome: Some(ending), ..StepKind::default() };
            assert_eq!(Cue::of(end), cue);
        }
    }

    #[test]
    fn every_step_of_the_stage_has_a_cue_and_each_cue_its_own_slug() {
        let mut seen = std::collections::HashSet::new();
        for beat in BeatName::ALL {
            for layer in [None, Some(Layer::Model), Some(Layer::Code), Some(Layer::Nobody)] {
                seen.insert(Cue::of(step(beat, layer)));
            }
        }
        for ending in Ending::ALL {
            seen.insert(Cue::of(StepKind { beat: BeatName::End, outcome: Some(ending), ..StepKind::default() }));
        }
        seen.insert(Cue::of(StepKind { asking: true, ..StepKind::default() }));
        assert_eq!(seen.len(), Cue::ALL.len(), "every cue is reached by some step");
        let slugs: std::collections::HashSet<_> = Cue::ALL.iter().map(|c| c.slug()).collect();
        assert_eq!(slugs.len(), Cue::ALL.len());
    }

    #[test]
    fn what_comes_next_follows_the_loop() {
        assert_eq!(Coming::after(step(BeatName::Start, None)), Some(Coming::Turn));
        assert_eq!(Coming::after(step(BeatName::Gather, None)), Some(Coming::Call));
        assert_eq!(Coming::after(step(BeatName::Ask, None)), Some(Coming::Reply));
        assert_eq!(Coming::after(step(BeatName::CallFailed, Some(Layer::Code))), Some(Coming::Wait));
        assert_eq!(Coming::after(step(BeatName::CallFailed, Some(Layer::Nobody))), Some(Coming::Outcome));
        assert_eq!(Coming::after(step(BeatName::Wait, Some(Layer::Code))), Some(Coming::Call));
        assert_eq!(Coming::after(step(BeatName::Request, None)), Some(Coming::Tool));
        assert_eq!(Coming::after(step(BeatName::ToolError, Some(Layer::Model))), Some(Coming::Turn));
        assert_eq!(Coming::after(step(BeatName::End, None)), None);
        // A step the run has already recorded is named as it is.
        assert_eq!(Coming::of(BeatName::CallFailed, Some(Layer::Code)), Coming::Failure(Layer::Code));
        assert_eq!(Coming::of(BeatName::End, None), Coming::Outcome);
    }
}
