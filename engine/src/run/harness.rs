//! The agent loop, with one function per layer:
//! [`Harness::call_model`] (layer 1, your code retries), [`Harness::run_tool`] (layer 2, the
//! model reads the error) and the guards, [`Harness::check_repeat`] and [`Harness::check_errors`].
//! Everything else is layer 3: it ends the run with a clear outcome and nothing catches it.

/// The observer lives with the events' delivery ([`super::emit`]); it is named here too, where a
/// caller of the harness looks for it.
pub use super::emit::Observer;
use super::emit::{emit, ending, lost_result, or_cancel, End};
use crate::run::cancel::CancelToken;
use crate::run::clock::Clock;
use crate::run::config::{LostReply, RunConfig};
use crate::run::error_text::{exception_dump, for_model, secrets_in, ErrorText};
use crate::run::events::{Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome, Quirk};
use crate::run::provider::{BodyProblem, CallContext, CallFailure, Provider, ProviderError};
use crate::run::rng::SeededRng;
use crate::run::script::{fill, script, ERROR_PREFIX};
use crate::run::tools::{tool_specs, LostResult, ToolErrorKind, ToolOutcome, ToolRunner};
use crate::run::wire::{
    message_chars, tokens_of_chars, ChatRequest, ChatResponse, Message, ToolCall, FINISH_STOP, FINISH_TOOL_CALLS,
};
use crate::run::world::Room;
use futures::future::{select, Either};
use std::future::Future;

/// Everything a run needs, injected: the provider, time, the settings, the tools and Stop. Both
/// schools, the robust [`Harness`] and the [`crate::run::naive::NaiveLoop`], take the same, so
/// they play the same scenario.
pub struct Inputs<'a> {
    pub provider: &'a dyn Provider,
    pub clock: &'a dyn Clock,
    pub config: &'a RunConfig,
    /// Runs the model's tool calls: [`crate::run::tools::Tools`], or a decorator that injects a bug.
    pub tools: &'a dyn ToolRunner,
    pub cancel: CancelToken,
}

/// The robust loop: your code retries, the model reads tool errors, the guards stop a run going
/// nowhere.
pub struct Harness<'a>(pub Inputs<'a>);

/// The state one run carries from turn to turn.
struct Run<'o> {
    request: ChatRequest,
    room: Room,
    rng: SeededRng,
    errors_in_a_row: u32,
    previous_calls: Option<Vec<(String, String)>>,
    /// The history's size in characters, as `estimate_tokens` counts them, kept as it grows.
    history_chars: usize,
    observer: &'o mut dyn Observer,
}

impl Run<'_> {
    /// Adds a message to the history sent on every later turn.
    fn remember(&mut self, message: Message) {
        self.history_chars += message_chars(&message);
        self.request.messages.push(message);
    }
}

impl Harness<'_> {
    /// Plays the adventure until an outcome. Never panics on anything the model or server sends.
    pub async fn run(&self, observer: &mut dyn Observer) -> Outcome {
        let started = self.0.clock.now_ms();
        let max_turns = self.0.config.guards.max_turns.max(1);
        let script = script(self.0.config.lang);
        let mut run = Run {
            request: ChatRequest {
                model: self.0.config.model.clone(),
                messages: Vec::new(),
                tools: tool_specs(script),
                stream: None,
            },
            room: Room::default(),
            rng: SeededRng::new(self.0.config.seed),
            errors_in_a_row: 0,
            previous_calls: None,
            history_chars: 0,
            observer,
        };
        run.remember(Message::system(script.system_prompt));
        run.remember(Message::user(script.task));
        let mut turns = 0;
        let left = self.play(&mut run, max_turns, &mut turns).await;
        let (outcome, finished) = ending(self.0.clock, started, turns, left);
        run.observer.on_event(&finished).await;
        outcome
    }

    async fn play(&self, run: &mut Run<'_>, max_turns: u32, turns: &mut u32) -> Result<Outcome, End> {
        self.emit(
            run,
            Event::RunStarted {
                task: script(self.0.config.lang).task.into(),
                max_turns,
                room: run.room,
                lang: self.0.config.lang,
            },
        )
        .await?;
        for turn in 1..=max_turns {
            *turns = turn;
            let est_tokens = tokens_of_chars(run.history_chars);
            let messages = run.request.messages.len();
            self.emit(run, Event::TurnStarted { turn, max_turns, messages, est_tokens }).await?;

            let response = self.call_model(run, turn).await?;
            let Some(choice) = response.choices.into_iter().next() else {
                return Err(End::Failed(FailReason::Fatal {
                    failure: CallFailure::BadBody { reason: BodyProblem::NoChoices },
                }));
            };
            let finish_reason = choice.finish_reason.unwrap_or_default();
            let calls: Vec<ToolCall> = choice.message.calls().to_vec();
            run.remember(choice.message.clone());
            self.emit(
                run,
                Event::ModelReplied {
                    turn,
                    content: choice.message.content.clone(),
                    tool_calls: calls.clone(),
                    finish_reason: finish_reason.clone(),
                    usage: response.usage,
                },
            )
            .await?;

            // Decided by what the reply holds, not by what it says it is: calls run even when a
            // server ends them with `stop`, and a reply without calls is the answer only if the
            // model really finished it.
            if calls.is_empty() {
                return match finish_reason.as_str() {
                    "" | FINISH_STOP => Ok(Outcome::Answered { text: choice.message.content.unwrap_or_default() }),
                    _ => Err(End::Failed(FailReason::NotAnAnswer { finish_reason })),
                };
            }
            if finish_reason != FINISH_TOOL_CALLS {
                let quirk = Quirk::ToolCallsWithFinishReason { finish_reason };
                self.emit(run, Event::QuirkTolerated { turn, quirk }).await?;
            }
            if let Some(outcome) = self.check_repeat(run, turn, &calls).await? {
                return Ok(outcome);
            }
            for call in &calls {
                self.emit(run, Event::ToolStarted { turn, call: call.clone() }).await?;
                let event = self.run_tool(run, turn, call).await?;
                let leak = match &event {
                    Event::ToolFailed { output, call_id, .. } => {
                        let secrets = secrets_in(output);
                        (!secrets.is_empty()).then(|| Event::SecretSent { turn, call_id: call_id.clone(), secrets })
                    }
                    _ => None,
                };
                self.emit(run, event).await?;
                if let Some(leak) = leak {
                    self.emit(run, leak).await?;
                }
            }
            if let Some(outcome) = self.check_errors(run, turn).await? {
                return Ok(outcome);
            }
        }
        self.emit(
            run,
            Event::GuardTripped {
                turn: max_turns,
                guard: Guard::MaxTurns,
                detail: GuardDetail::NoAnswerAfter { turns: max_turns },
                layer: Layer::Code,
            },
        )
        .await?;
        Ok(Outcome::GaveUp { guard: Guard::MaxTurns })
    }

    /// Layer 1, your code. Calls the model, cuts a call that never answers, and retries what
    /// tends to pass by itself with capped exponential backoff and jitter. The model never sees
    /// any of this; if the attempts run out, the run fails in layer 3.
    async fn call_model(&self, run: &mut Run<'_>, turn: u32) -> Result<ChatResponse, End> {
        let policy = &self.0.config.retry;
        let max_attempts = policy.max_attempts.max(1);
        let watchdog_ms = self.0.config.guards.watchdog_ms;
        for attempt in 1..=max_attempts {
            self.emit(run, Event::ModelCalled { turn, attempt, max_attempts }).await?;
            let call = self.0.provider.complete(&run.request, CallContext { turn, attempt });
            let answer = if watchdog_ms > 0 {
                match self.or_cancel(select(call, self.0.clock.sleep(watchdog_ms))).await? {
                    Either::Left((answer, _)) => answer,
                    Either::Right(_) => {
                        let detail = GuardDetail::SilentFor { ms: watchdog_ms };
                        self.emit(
                            run,
                            Event::GuardTripped { turn, guard: Guard::Watchdog, detail, layer: Layer::Code },
                        )
                        .await?;
                        Err(ProviderError::of(CallFailure::Timeout))
                    }
                }
            } else {
                self.or_cancel(call).await?
            };
            let err = match answer
                .and_then(|r| r.check().map(|_| r).map_err(|reason| ProviderError::of(CallFailure::BadBody { reason })))
            {
                Ok(response) => return Ok(response),
                Err(err) => err,
            };
            let failure = err.failure.clone();
            // The same request would fail the same way, or no attempt is left: nobody can help.
            let hopeless = !err.is_transient() && !policy.retry_everything;
            let last = attempt == max_attempts;
            let layer = if hopeless || last { Layer::Nobody } else { Layer::Code };
            let final_because = if hopeless {
                Some(FinalBecause::CannotPass)
            } else if last {
                Some(FinalBecause::AttemptsUsedUp)
            } else {
                None
            };
            let asked = err.retry_after_ms;
            self.emit(
                run,
                Event::ModelCallFailed {
                    turn,
                    attempt,
                    max_attempts,
                    failure: failure.clone(),
                    layer,
                    retry_after_ms: asked,
                    final_because,
                },
            )
            .await?;
            if hopeless {
                return Err(End::Failed(FailReason::Fatal { failure }));
            }
            if last {
                return Err(End::Failed(FailReason::RetriesExhausted { attempts: max_attempts, last: failure }));
            }
            let (wait_ms, reason) = policy.wait_ms(attempt, err.retry_after_ms, run.rng.next_f64());
            self.emit(run, Event::RetryScheduled { turn, next_attempt: attempt + 1, max_attempts, wait_ms, reason })
                .await?;
            self.or_cancel(self.0.clock.sleep(wait_ms)).await?;
        }
        unreachable!("the last attempt always returns")
    }

    /// Layer 2, the model. Runs one call and turns any failure into a tool result the model
    /// reads on its next turn.
    /// A result lost by our own code ends the run in layer 3 on purpose: a bug in the harness
    /// must be seen, not swallowed. A reply lost by the tool (a timeout) goes to the layer the
    /// school names: the model, told the call may have gone through, or your code, calling the
    /// tool again.
    ///
    /// What the model reads of a failure follows the school of error text: one sentence (the
    /// default), a bare code, or the raw exception. Whatever it does not read of the exception
    /// goes to your logs (`logged`), for a person.
    async fn run_tool(&self, run: &mut Run<'_>, turn: u32, call: &ToolCall) -> Result<Event, End> {
        let s = script(self.0.config.lang);
        let mut result = match self.0.tools.run(&mut run.room, call, turn, s) {
            Ok(result) => result,
            Err(LostResult::Bug) => return Err(lost_result(call)),
            Err(LostResult::TimedOut) => match self.0.config.lost_reply {
                LostReply::TellModel => ToolOutcome {
                    output: format!("{ERROR_PREFIX}{}", fill(s.reply_lost, &[("name", &call.function.name)])),
                    error: Some(ToolErrorKind::ReplyLost),
                },
                LostReply::RetryTool => {
                    // Nothing reaches the model: your code handles it, by calling the tool again,
                    // and the room it calls it on has already changed.
                    let lost = Event::ToolFailed {
                        turn,
                        call_id: call.id.clone(),
                        name: call.function.name.clone(),
                        kind: ToolErrorKind::ReplyLost,
                        output: String::new(),
                        layer: Layer::Code,
                        room: run.room,
                        logged: None,
                    };
                    self.emit(run, lost).await?;
                    self.emit(run, Event::ToolStarted { turn, call: call.clone() }).await?;
                    self.0.tools.run(&mut run.room, call, turn, s).map_err(|_| lost_result(call))?
                }
            },
        };
        let (call_id, name) = (call.id.clone(), call.function.name.clone());
        let school = self.0.config.error_text;
        let mut logged = None;
        if let Some(kind) = result.error {
            let sentence = result.output.strip_prefix(ERROR_PREFIX).unwrap_or(&result.output);
            if school != ErrorText::Raw {
                logged = Some(exception_dump(kind, &name, sentence));
            }
            result.output = for_model(school, kind, &name, &result.output);
        }
        run.remember(Message::tool_result(&call.id, result.output.clone()));
        Ok(match result.error {
            None => {
                run.errors_in_a_row = 0;
                Event::ToolSucceeded { turn, call_id, name, output: result.output, room: run.room }
            }
            Some(kind) => {
                run.errors_in_a_row += 1;
                Event::ToolFailed {
                    turn,
                    call_id,
                    name,
                    kind,
                    output: result.output,
                    layer: Layer::Model,
                    room: run.room,
                    logged,
                }
            }
        })
    }

    /// A guard, before the tools run: the same calls as last turn mean the model is stuck, so the
    /// loop hands over to a person instead of burning turns. The turn budget and the watchdog live
    /// in [`Harness::play`] and [`Harness::call_model`].
    async fn check_repeat(&self, run: &mut Run<'_>, turn: u32, calls: &[ToolCall]) -> Result<Option<Outcome>, End> {
        let signature: Vec<(String, String)> =
            calls.iter().map(|c| (c.function.name.clone(), c.function.arguments.clone())).collect();
        if self.0.config.guards.stop_on_repeat && run.previous_calls.as_ref() == Some(&signature) {
            let detail = GuardDetail::SameCalls { calls: calls.iter().map(|c| c.function.clone()).collect() };
            self.emit(run, Event::GuardTripped { turn, guard: Guard::RepeatedCall, detail, layer: Layer::Code })
                .await?;
            return Ok(Some(Outcome::Escalated { message: script(self.0.config.lang).handover.into() }));
        }
        run.previous_calls = Some(signature);
        Ok(None)
    }

    /// A guard, after the tools ran: too many tool errors in a row mean the model is not
    /// learning from them, so the loop gives up.
    async fn check_errors(&self, run: &mut Run<'_>, turn: u32) -> Result<Option<Outcome>, End> {
        let max = self.0.config.guards.max_errors_in_a_row;
        if max == 0 || run.errors_in_a_row < max {
            return Ok(None);
        }
        let detail = GuardDetail::ErrorsInARow { count: run.errors_in_a_row };
        self.emit(run, Event::GuardTripped { turn, guard: Guard::ErrorsInARow, detail, layer: Layer::Code }).await?;
        Ok(Some(Outcome::GaveUp { guard: Guard::ErrorsInARow }))
    }

    async fn emit(&self, run: &mut Run<'_>, event: Event) -> Result<(), End> {
        emit(&self.0.cancel, run.observer, event).await
    }

    async fn or_cancel<T>(&self, fut: impl Future<Output = T>) -> Result<T, End> {
        or_cancel(&self.0.cancel, fut).await
    }
}
