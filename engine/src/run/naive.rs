//! The other school: a naive loop that catches nothing and retries nothing. It plays the same
//! adventure with the same provider, faults and seed as [`crate::run::harness::Harness`], and emits the
//! same events, so the page can draw the two side by side and show where they part ways.
//!
//! Any failure ends the run: a 503 that one retry would have fixed, a tool error the model could
//! have read, a call that never answers (there is no watchdog either, so that run waits forever).
//! The only limit it keeps is the loop's own bound, the turn budget.

use super::emit::{emit, ending, lost_result, or_cancel, End};
use crate::run::events::{Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome};
use crate::run::harness::{Inputs, Observer};
use crate::run::provider::{BodyProblem, CallContext, CallFailure, ProviderError};
use crate::run::script::script;
use crate::run::tools::{tool_specs, LostResult, ToolErrorKind, ToolOutcome};
use crate::run::wire::{estimate_tokens, ChatRequest, Message, ToolCall, FINISH_TOOL_CALLS};
use crate::run::world::Room;
use std::future::Future;

/// The naive loop, over the same [`Inputs`] as the robust harness, so both play the same scenario.
pub struct NaiveLoop<'a>(pub Inputs<'a>);

impl NaiveLoop<'_> {
    /// Plays until an outcome, or forever if a call never answers.
    pub async fn run(&self, observer: &mut dyn Observer) -> Outcome {
        let started = self.0.clock.now_ms();
        let mut turns = 0;
        let left = self.play(observer, &mut turns).await;
        let (outcome, finished) = ending(self.0.clock, started, turns, left);
        observer.on_event(&finished).await;
        outcome
    }

    async fn play(&self, observer: &mut dyn Observer, turns: &mut u32) -> Result<Outcome, End> {
        let max_turns = self.0.config.guards.max_turns.max(1);
        let mut room = Room::default();
        let script = script(self.0.config.lang);
        let mut request = ChatRequest {
            model: self.0.config.model.clone(),
            messages: vec![Message::system(script.system_prompt), Message::user(script.task)],
            tools: tool_specs(script),
            stream: None,
        };
        self.emit(observer, Event::RunStarted { task: script.task.into(), max_turns, room, lang: self.0.config.lang })
            .await?;
        for turn in 1..=max_turns {
            *turns = turn;
            let (messages, est_tokens) = (request.messages.len(), estimate_tokens(&request.messages));
            self.emit(observer, Event::TurnStarted { turn, max_turns, messages, est_tokens }).await?;
            self.emit(observer, Event::ModelCalled { turn, attempt: 1, max_attempts: 1 }).await?;
            // One attempt, no watchdog: whatever the call does is what the run gets.
            let answer = self.or_cancel(self.0.provider.complete(&request, CallContext { turn, attempt: 1 })).await?;
            let checked = answer.and_then(|r| {
                r.check().map(|_| r).map_err(|reason| ProviderError::of(CallFailure::BadBody { reason }))
            });
            let response = match checked {
                Ok(response) => response,
                Err(err) => {
                    let failure = err.failure;
                    let event = Event::ModelCallFailed {
                        turn,
                        attempt: 1,
                        max_attempts: 1,
                        failure: failure.clone(),
                        layer: Layer::Nobody,
                        retry_after_ms: err.retry_after_ms,
                        final_because: Some(FinalBecause::NothingCaught),
                    };
                    self.emit(observer, event).await?;
                    return Err(End::Failed(FailReason::UnhandledCall { failure }));
                }
            };
            // `check` made sure there is a first choice.
            let Some(choice) = response.choices.into_iter().next() else {
                return Err(End::Failed(FailReason::UnhandledCall {
                    failure: CallFailure::BadBody { reason: BodyProblem::NoChoices },
                }));
            };
            let finish_reason = choice.finish_reason.unwrap_or_default();
            let calls: Vec<ToolCall> = choice.message.calls().to_vec();
            request.messages.push(choice.message.clone());
            let replied = Event::ModelReplied {
                turn,
                content: choice.message.content.clone(),
                tool_calls: calls.clone(),
                finish_reason: finish_reason.clone(),
                usage: response.usage,
            };
            self.emit(observer, replied).await?;
            if finish_reason != FINISH_TOOL_CALLS {
                return Ok(Outcome::Answered { text: choice.message.content.unwrap_or_default() });
            }
            for call in &calls {
                self.emit(observer, Event::ToolStarted { turn, call: call.clone() }).await?;
                let result = match self.0.tools.run(&mut room, call, turn, script) {
                    Ok(result) => result,
                    // A tool timeout is thrown like any other tool error: the run ends, though
                    // the tool may well have done its work.
                    Err(LostResult::TimedOut) => {
                        ToolOutcome { output: String::new(), error: Some(ToolErrorKind::ReplyLost) }
                    }
                    Err(LostResult::Bug) => return Err(lost_result(call)),
                };
                let (call_id, name) = (call.id.clone(), call.function.name.clone());
                match result.error {
                    None => {
                        request.messages.push(Message::tool_result(&call.id, result.output.clone()));
                        let event = Event::ToolSucceeded { turn, call_id, name, output: result.output, room };
                        self.emit(observer, event).await?;
                    }
                    Some(kind) => {
                        // Thrown, not returned: the model never sees this text.
                        let event = Event::ToolFailed {
                            turn,
                            call_id,
                            name: name.clone(),
                            kind,
                            output: result.output,
                            layer: Layer::Nobody,
                            room,
                            logged: None,
                        };
                        self.emit(observer, event).await?;
                        return Err(End::Failed(FailReason::UnhandledTool { name, kind }));
                    }
                }
            }
        }
        let detail = GuardDetail::NoAnswerAfter { turns: max_turns };
        let event = Event::GuardTripped { turn: max_turns, guard: Guard::MaxTurns, detail, layer: Layer::Code };
        self.emit(observer, event).await?;
        Ok(Outcome::GaveUp { guard: Guard::MaxTurns })
    }

    async fn emit(&self, observer: &mut dyn Observer, event: Event) -> Result<(), End> {
        emit(&self.0.cancel, observer, event).await
    }

    async fn or_cancel<T>(&self, fut: impl Future<Output = T>) -> Result<T, End> {
        or_cancel(&self.0.cancel, fut).await
    }
}
