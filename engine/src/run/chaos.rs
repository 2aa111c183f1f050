//! The chaos decorator: one wrapper around any provider that breaks it on purpose, on a given
//! turn and attempt, so the user can watch which layer picks each failure up.

use crate::run::clock::Clock;
use crate::run::provider::{CallContext, CallFailure, Provider, ProviderError};
use crate::run::script::Script;
use crate::run::tools::{LostResult, ToolErrorKind, ToolOutcome, ToolRunner, Tools};
use crate::run::wire::{ChatRequest, ChatResponse, ToolCall, FINISH_LENGTH, FINISH_STOP};
use crate::run::world::Room;
use futures::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;

/// Every failure the user can inject.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fault {
    // The model's server.
    RateLimited,
    Http500,
    Http502,
    Http503,
    Dropped,
    Unauthorized,
    BadRequest,
    Hang,
    Slow,
    // The model's output.
    BadJson,
    UnknownTool,
    SchemaInvalid,
    MissingArg,
    // The harness itself.
    HarnessBug,
    // Appended, so the order of the faults above (and of their rows) stays as it was.
    /// A tool acts, then its reply is lost (the tool timed out).
    ToolTimeout,
    /// A server quirk: the reply asks for tools but says `finish_reason: "stop"`.
    StopWithCalls,
    /// A server quirk: the reply is cut at the token limit (`finish_reason: "length"`), its
    /// calls lost with the rest of it.
    CutAtLength,
}

/// Which part of the system a fault breaks; it decides how the fault is scheduled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultGroup {
    Server,
    Model,
    Harness,
    /// The tools the model calls.
    Tool,
}

/// How long the 429 fault asks the client to wait, in its `Retry-After` header.
pub const RATE_LIMIT_RETRY_AFTER_MS: u64 = 2000;
/// The extra latency of the "slow" fault.
pub const SLOW_MS: u64 = 2000;

impl Fault {
    pub const ALL: [Fault; 17] = [
        Fault::RateLimited,
        Fault::Http500,
        Fault::Http502,
        Fault::Http503,
        Fault::Dropped,
        Fault::Unauthorized,
        Fault::BadRequest,
        Fault::Hang,
        Fault::Slow,
        Fault::BadJson,
        Fault::UnknownTool,
        Fault::SchemaInvalid,
        Fault::MissingArg,
        Fault::HarnessBug,
        Fault::ToolTimeout,
        Fault::StopWithCalls,
        Fault::CutAtLength,
    ];

    /// The short name used in links and test hooks.
    pub fn slug(self) -> &'static str {
        match self {
            Fault::RateLimited => "429",
            Fault::Http500 => "500",
            Fault::Http502 => "502",
            Fault::Http503 => "503",
            Fault::Dropped => "drop",
            Fault::Unauthorized => "401",
            Fault::BadRequest => "400",
            Fault::Hang => "hang",
            Fault::Slow => "slow",
            Fault::BadJson => "badjson",
            Fault::UnknownTool => "unknowntool",
            Fault::SchemaInvalid => "badargs",
            Fault::MissingArg => "missingarg",
            Fault::HarnessBug => "bug",
            Fault::ToolTimeout => "tooltimeout",
            Fault::StopWithCalls => "stopcalls",
            Fault::CutAtLength => "length",
        }
    }

    pub fn from_slug(s: &str) -> Option<Fault> {
        Fault::ALL.into_iter().find(|f| f.slug() == s)
    }

    /// A server fault no retry can pass: the request or the key is wrong, not the server.
    pub fn is_permanent(self) -> bool {
        matches!(self, Fault::Unauthorized | Fault::BadRequest)
    }

    /// Which part of the system the fault breaks, read from its one effect.
    pub fn group(self) -> FaultGroup {
        match self.effect() {
            Effect::Status { .. } | Effect::Drop | Effect::Hang | Effect::Slow { .. } => FaultGroup::Server,
            Effect::Mangle(_) => FaultGroup::Model,
            Effect::HarnessBug => FaultGroup::Harness,
            Effect::LoseToolReply => FaultGroup::Tool,
        }
    }

    /// What the fault does, declared once: the playground's chaos decorator and the learner's
    /// server both act it out from this, so a fault added here is a compile error at every place
    /// that must give it a form (no `_` arm anywhere it is read).
    pub fn effect(self) -> Effect {
        let status = |status, kind| Effect::Status { status, kind };
        match self {
            Fault::RateLimited => status(429, ErrorKind::RateLimit),
            Fault::Http500 => status(500, ErrorKind::ServerError),
            Fault::Http502 => status(502, ErrorKind::BadGateway),
            Fault::Http503 => status(503, ErrorKind::Unavailable),
            Fault::Unauthorized => status(401, ErrorKind::Auth),
            Fault::BadRequest => status(400, ErrorKind::BadRequest),
            Fault::Dropped => Effect::Drop,
            Fault::Hang => Effect::Hang,
            Fault::Slow => Effect::Slow { ms: SLOW_MS },
            Fault::BadJson => Effect::Mangle(Mangling::BadJson),
            Fault::UnknownTool => Effect::Mangle(Mangling::UnknownTool),
            Fault::SchemaInvalid => Effect::Mangle(Mangling::SchemaInvalid),
            Fault::MissingArg => Effect::Mangle(Mangling::MissingArg),
            Fault::StopWithCalls => Effect::Mangle(Mangling::StopWithCalls),
            Fault::CutAtLength => Effect::Mangle(Mangling::CutAtLength),
            Fault::HarnessBug => Effect::HarnessBug,
            Fault::ToolTimeout => Effect::LoseToolReply,
        }
    }
}

/// The one effect of a [`Fault`]: what it does, whoever acts it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The server answers with an error status. `status` is the OpenAI-style one; a dialect may
    /// give the same kind its own status (Anthropic says 529 where others say 503).
    Status { status: u16, kind: ErrorKind },
    /// The connection drops before any answer.
    Drop,
    /// The server never answers.
    Hang,
    /// The answer comes, `ms` late.
    Slow { ms: u64 },
    /// The model's reply comes, bent.
    Mangle(Mangling),
    /// A tool acts, then its reply is lost (it timed out).
    LoseToolReply,
    /// Our own harness drops a tool's result.
    HarnessBug,
}

/// Why a server refused, the same in every dialect; each dialect words and types it its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    RateLimit,
    ServerError,
    BadGateway,
    Unavailable,
    Auth,
    BadRequest,
}

impl ErrorKind {
    pub const ALL: [ErrorKind; 6] = [
        ErrorKind::RateLimit,
        ErrorKind::ServerError,
        ErrorKind::BadGateway,
        ErrorKind::Unavailable,
        ErrorKind::Auth,
        ErrorKind::BadRequest,
    ];

    /// Whether the same request, sent again later, may pass: what `x-should-retry` says.
    pub fn may_pass_later(self) -> bool {
        match self {
            ErrorKind::RateLimit | ErrorKind::ServerError | ErrorKind::BadGateway | ErrorKind::Unavailable => true,
            ErrorKind::Auth | ErrorKind::BadRequest => false,
        }
    }
}

/// How a model's reply is bent: a damaged first tool call, or a server quirk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mangling {
    /// The arguments are cut short: not JSON.
    BadJson,
    /// The call names a tool that does not exist.
    UnknownTool,
    /// The arguments are JSON but break the tool's schema.
    SchemaInvalid,
    /// An argument the schema requires is missing.
    MissingArg,
    /// The reply asks for tools but says it stopped.
    StopWithCalls,
    /// The reply is cut at the token limit, its calls lost.
    CutAtLength,
}

/// "On turn `turn`, inject `fault`", for `times` attempts in a row if it is a server fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaultRule {
    pub turn: u32,
    pub fault: Fault,
    pub times: u32,
}

/// The schedule of faults for a run. Shared with the page, so a toggle flipped mid-run lands on
/// the next call it matches.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaultPlan {
    pub rules: Vec<FaultRule>,
    /// The `Retry-After` a 429 asks for; `None`: [`RATE_LIMIT_RETRY_AFTER_MS`]. Only the report
    /// card's "an hour" case sets it, so links and traces never carry it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_ms: Option<u64>,
}

impl FaultPlan {
    pub fn new(rules: Vec<FaultRule>) -> Self {
        FaultPlan { rules, retry_after_ms: None }
    }

    pub fn single(turn: u32, fault: Fault, times: u32) -> Self {
        FaultPlan::new(vec![FaultRule { turn, fault, times }])
    }

    /// The `Retry-After` a 429 of this plan asks for.
    pub fn rate_limit_retry_after_ms(&self) -> u64 {
        self.retry_after_ms.unwrap_or(RATE_LIMIT_RETRY_AFTER_MS)
    }

    /// The server fault for this attempt. The server rules of a turn queue up in order:
    /// `503 x2` then `429 x1` means attempts 1 and 2 get 503, attempt 3 gets 429. A 400 or 401
    /// never wears off: from its first attempt on, every attempt of that turn gets it.
    pub fn server_fault(&self, ctx: CallContext) -> Option<Fault> {
        let mut first_attempt = 1;
        for rule in self.rules.iter().filter(|r| r.turn == ctx.turn && r.fault.group() == FaultGroup::Server) {
            let times = rule.times.max(1);
            // A bad request or a bad key is the same request every time: once it is reached, it
            // answers every later attempt of the turn too, whatever its count says, so a harness
            // that retries it (the wrong school) sees what such a retry really earns.
            if rule.fault.is_permanent() && ctx.attempt >= first_attempt {
                return Some(rule.fault);
            }
            if ctx.attempt >= first_attempt && ctx.attempt < first_attempt + times {
                return Some(rule.fault);
            }
            first_attempt += times;
        }
        None
    }

    pub fn model_fault(&self, turn: u32) -> Option<Fault> {
        self.rules.iter().find(|r| r.turn == turn && r.fault.group() == FaultGroup::Model).map(|r| r.fault)
    }

    pub fn harness_bug(&self, turn: u32) -> bool {
        self.rules.iter().any(|r| r.turn == turn && r.fault == Fault::HarnessBug)
    }

    pub fn tool_timeout(&self, turn: u32) -> bool {
        self.rules.iter().any(|r| r.turn == turn && r.fault == Fault::ToolTimeout)
    }
}

/// Wraps the tool dispatch and loses a result on the turns the plan says: after the tool acted,
/// either a bug in our own code drops it (fault `bug`) or the tool's reply times out (fault
/// `tooltimeout`, once per turn, so a harness that calls the tool again gets an answer).
pub struct ChaosTools<T> {
    pub inner: T,
    pub plan: Rc<RefCell<FaultPlan>>,
    /// The turns whose timeout has been spent.
    timed_out: RefCell<Vec<u32>>,
}

impl<T> ChaosTools<T> {
    pub fn new(inner: T, plan: Rc<RefCell<FaultPlan>>) -> Self {
        ChaosTools { inner, plan, timed_out: RefCell::default() }
    }
}

impl<T: ToolRunner> ToolRunner for ChaosTools<T> {
    fn run(&self, room: &mut Room, call: &ToolCall, turn: u32, s: &Script) -> Result<ToolOutcome, LostResult> {
        let outcome = self.inner.run(room, call, turn, s)?;
        if self.plan.borrow().harness_bug(turn) {
            return Err(LostResult::Bug);
        }
        // Only a call that reached the tool can time out after acting; one turned down before
        // it ran (broken JSON, an unknown tool) had nothing to lose.
        let reached = !matches!(
            outcome.error,
            Some(ToolErrorKind::UnknownTool | ToolErrorKind::BadJson | ToolErrorKind::SchemaInvalid)
        );
        if reached && self.plan.borrow().tool_timeout(turn) && !self.timed_out.borrow().contains(&turn) {
            self.timed_out.borrow_mut().push(turn);
            return Err(LostResult::TimedOut);
        }
        Ok(outcome)
    }
}

/// Wraps any provider and breaks it according to a shared [`FaultPlan`].
pub struct Chaos<P> {
    inner: Rc<P>,
    plan: Rc<RefCell<FaultPlan>>,
    clock: Rc<dyn Clock>,
}

impl<P: Provider + 'static> Chaos<P> {
    pub fn new(inner: P, plan: Rc<RefCell<FaultPlan>>, clock: Rc<dyn Clock>) -> Self {
        Chaos { inner: Rc::new(inner), plan, clock }
    }
}

/// A provider and the tool dispatch, both broken by one shared `plan` on `clock`: what every
/// run plays against, simulated or in the page. One plan, so a fault used up by one side is used
/// up for the other, and the page's plan is the one the run reads.
pub fn broken_by<P: Provider + 'static>(
    plan: Rc<RefCell<FaultPlan>>,
    provider: P,
    clock: Rc<dyn Clock>,
) -> (Chaos<P>, ChaosTools<Tools>) {
    (Chaos::new(provider, plan.clone(), clock), ChaosTools::new(Tools, plan))
}

impl<P: Provider + 'static> Provider for Chaos<P> {
    fn complete(
        &self,
        request: &ChatRequest,
        ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        let server = self.plan.borrow().server_fault(ctx).map(Fault::effect);
        let model = self.plan.borrow().model_fault(ctx.turn).map(Fault::effect);
        let mut delay = None;
        match server {
            Some(Effect::Status { status, kind }) => {
                let mut err = ProviderError::http(status);
                if kind == ErrorKind::RateLimit {
                    err = err.with_retry_after_ms(self.plan.borrow().rate_limit_retry_after_ms());
                }
                return Box::pin(std::future::ready(Err(err)));
            }
            Some(Effect::Drop) => return Box::pin(std::future::ready(Err(ProviderError::of(CallFailure::Network)))),
            Some(Effect::Hang) => return Box::pin(futures::future::pending()),
            Some(Effect::Slow { ms }) => delay = Some(self.clock.sleep(ms)),
            // Not the server's to act out: the reply, the tools and the harness do it.
            Some(Effect::Mangle(_) | Effect::LoseToolReply | Effect::HarnessBug) | None => {}
        }
        let mangling = match model {
            Some(Effect::Mangle(m)) => Some(m),
            Some(
                Effect::Status { .. }
                | Effect::Drop
                | Effect::Hang
                | Effect::Slow { .. }
                | Effect::LoseToolReply
                | Effect::HarnessBug,
            )
            | None => None,
        };
        let call = self.inner.complete(request, ctx);
        Box::pin(async move {
            if let Some(delay) = delay {
                delay.await;
            }
            let mut response = call.await?;
            if let Some(m) = mangling {
                mangle(&mut response, m);
            }
            Ok(response)
        })
    }
}

/// Damages the first tool call of a reply the way real models sometimes do, or bends the reply
/// the way real servers do (the quirks).
pub fn mangle(response: &mut ChatResponse, how: Mangling) {
    let Some(choice) = response.choices.first_mut() else { return };
    let has_calls = !choice.message.calls().is_empty();
    let call = choice.message.tool_calls.as_mut().and_then(|calls| calls.first_mut());
    match how {
        // Some servers end a reply that asks for tools with `stop`.
        Mangling::StopWithCalls => {
            if has_calls {
                choice.finish_reason = Some(FINISH_STOP.into());
            }
        }
        // The token limit cuts the reply: half its text, and the calls that came after it.
        Mangling::CutAtLength => {
            let text = choice.message.content.take().unwrap_or_default();
            let cut = text.floor_char_boundary(text.len() / 2);
            choice.message.content = Some(text[..cut].to_string());
            choice.message.tool_calls = None;
            choice.finish_reason = Some(FINISH_LENGTH.into());
        }
        Mangling::BadJson | Mangling::UnknownTool | Mangling::SchemaInvalid | Mangling::MissingArg => {
            let Some(call) = call else { return };
            let f = &mut call.function;
            let is_use = f.name == "use";
            f.arguments = match how {
                Mangling::BadJson => {
                    let cut = f.arguments.len() * 2 / 3;
                    f.arguments[..f.arguments.floor_char_boundary(cut)].to_string()
                }
                Mangling::UnknownTool => {
                    f.name = if is_use { "open_door".into() } else { "inspect".into() };
                    return;
                }
                Mangling::SchemaInvalid if is_use => r#"{"item":"crowbar","target":"door"}"#.into(),
                Mangling::SchemaInvalid => r#"{"target":42}"#.into(),
                Mangling::MissingArg if is_use => r#"{"item":"key"}"#.into(),
                Mangling::MissingArg => "{}".into(),
                Mangling::StopWithCalls | Mangling::CutAtLength => return,
            };
        }
    }
}
