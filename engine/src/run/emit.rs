//! What both loops, the robust [`crate::run::harness::Harness`] and the [`crate::run::naive::NaiveLoop`],
//! do the same way: hand each event to the observer while honouring Stop, race any wait against
//! Stop, word the injected harness bug, and end the run with its `Finished` event. One copy, so the two schools can differ only where
//! they really do: in what they catch.

use crate::run::cancel::CancelToken;
use crate::run::clock::Clock;
use crate::run::events::{Event, FailReason, Outcome};
use crate::run::wire::ToolCall;
use futures::future::{select, Either, LocalBoxFuture};
use std::future::Future;

/// Anything that wants to see the run as it happens. Returning a future lets the page pace the
/// run for the eye; the loop waits for it (and Stop still cuts the wait).
pub trait Observer {
    fn on_event(&mut self, event: &Event) -> LocalBoxFuture<'static, ()>;
}

/// Collects events as fast as they come: what tests and benchmarks use.
impl Observer for Vec<Event> {
    fn on_event(&mut self, event: &Event) -> LocalBoxFuture<'static, ()> {
        self.push(event.clone());
        Box::pin(std::future::ready(()))
    }
}

/// Why a loop left early, before it is turned into an [`crate::run::events::Outcome`].
pub(crate) enum End {
    Cancelled,
    Failed(FailReason),
}

/// Hands `event` to the observer and waits for its pacing. After Stop nothing more is emitted.
pub(crate) async fn emit(cancel: &CancelToken, observer: &mut dyn Observer, event: Event) -> Result<(), End> {
    if cancel.is_cancelled() {
        return Err(End::Cancelled);
    }
    let pace = observer.on_event(&event);
    or_cancel(cancel, pace).await
}

/// Races any wait against Stop. Stop wins ties, so nothing starts after it was pressed.
pub(crate) async fn or_cancel<T>(cancel: &CancelToken, fut: impl Future<Output = T>) -> Result<T, End> {
    let cancelled = cancel.cancelled();
    let fut = std::pin::pin!(fut);
    match select(cancelled, fut).await {
        Either::Left(_) => Err(End::Cancelled),
        Either::Right((value, _)) => Ok(value),
    }
}

/// The injected harness bug (fault `bug`): a tool's result lost on its way to the history. It
/// is a bug in our own code, so it ends the run in layer 3 rather than being caught.
pub(crate) fn lost_result(call: &ToolCall) -> End {
    End::Failed(FailReason::HarnessBug { tool: call.function.name.clone() })
}

/// How a run ends: how the loop left becomes its outcome, and its `Finished` event, which each
/// loop delivers even after Stop, so the page always shows how the run ended.
pub(crate) fn ending(clock: &dyn Clock, started_ms: u64, turns: u32, left: Result<Outcome, End>) -> (Outcome, Event) {
    let outcome = match left {
        Ok(outcome) => outcome,
        Err(End::Cancelled) => Outcome::Cancelled,
        Err(End::Failed(reason)) => Outcome::Failed { reason },
    };
    let elapsed_ms = clock.now_ms() - started_ms;
    let finished = Event::Finished { outcome: outcome.clone(), turns, elapsed_ms };
    (outcome, finished)
}
