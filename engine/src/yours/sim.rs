//! A simulated sandbox: what the page's runtime gives a learner's loop (a `fetch` answered by the
//! [`PageServer`], the [`PageTools`], virtual timers, a seeded `Math.random`), on a
//! [`VirtualClock`], recording everything as [`Observed`]. The reference side of the report card
//! runs the engine's own harness in it, and the tests write loops against it in Rust, so both are
//! observed and graded exactly as the page observes and grades the learner's JavaScript.

use crate::run::builtin::Personality;
use crate::run::cancel::CancelToken;
use crate::run::chaos::FaultPlan;
use crate::run::clock::{Clock, VirtualClock};
use crate::run::config::RunConfig;
use crate::run::events::Outcome;
use crate::run::harness::{Harness, Inputs};
use crate::run::http::classify_response;
use crate::run::provider::{CallContext, Provider, ProviderError};
use crate::run::rng::SeededRng;
use crate::run::script::{Lang, Script, ERROR_PREFIX};
use crate::run::tools::{LostResult, ToolErrorKind, ToolOutcome, ToolRunner};
use crate::run::wire::{ChatRequest, ChatResponse, ToolCall};
use crate::run::world::Room;
use crate::yours::observe::{End, LogLevel, Observed};
use crate::yours::server::{HttpRequest, ServerReply};
use crate::yours::session::Session;
use crate::yours::tools::kind_of_error;
use futures::future::LocalBoxFuture;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::future::Future;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

/// The base URL the simulated code uses. Any would do: the server answers every host.
pub const BASE_URL: &str = "http://localhost:11434/v1";
/// The page stops a run after this many requests: more than any honest run of the adventure
/// needs (ten turns of three attempts), so only a loop without a guard reaches it.
pub const MAX_REQUESTS: u32 = 60;
/// The page's virtual time limit (the host's `virtualLimitMs` default).
pub const VIRTUAL_LIMIT_MS: u64 = 600_000;

/// What `fetch` resolved with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub headers: BTreeMap<String, String>,
    /// The body; for a stream, its chunks one after the other.
    pub body: String,
}

impl Response {
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(&name.to_ascii_lowercase()).map(String::as_str)
    }
}

/// Why `fetch` rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FetchError {
    /// `TypeError('Failed to fetch')`: the connection dropped.
    Network,
    /// The signal's reason: it had already fired when `fetch` was called.
    Aborted,
}

struct Inner {
    clock: VirtualClock,
    session: RefCell<Session>,
    next_id: Cell<u64>,
    rng: RefCell<SeededRng>,
    lang: Lang,
    /// Set once the page would have stopped the run for its requests.
    too_many: Cell<bool>,
    /// Set once the run has ended: the requests still open are not aborted by the code, they
    /// are left behind with the sandbox.
    over: Cell<bool>,
}

/// The sandbox of one run. Cheap to clone: clones share the run.
#[derive(Clone)]
pub struct Sandbox(Rc<Inner>);

impl Sandbox {
    pub fn new(personality: Personality, lang: Lang, plan: FaultPlan, seed: u64) -> Self {
        Sandbox(Rc::new(Inner {
            clock: VirtualClock::new(),
            session: RefCell::new(Session::new(personality, lang, plan)),
            lang,
            next_id: Cell::new(1),
            rng: RefCell::new(SeededRng::new(seed)),
            too_many: Cell::new(false),
            over: Cell::new(false),
        }))
    }

    pub fn clock(&self) -> &VirtualClock {
        &self.0.clock
    }

    /// `Date.now()`, on virtual time from 0.
    pub fn now(&self) -> u64 {
        self.0.clock.now_ms()
    }

    /// `setTimeout` as a promise.
    pub fn sleep(&self, ms: u64) -> LocalBoxFuture<'static, ()> {
        self.0.clock.sleep(ms)
    }

    /// `Math.random()`, seeded.
    pub fn random(&self) -> f64 {
        self.0.rng.borrow_mut().next_f64()
    }

    pub fn room(&self) -> Room {
        self.0.session.borrow().room()
    }

    /// Everything observed so far.
    pub fn observed(&self) -> Vec<Observed> {
        self.0.session.borrow().observed().to_vec()
    }

    fn next_id(&self) -> u64 {
        let id = self.0.next_id.get();
        self.0.next_id.set(id + 1);
        id
    }

    /// `console.log`.
    pub fn log(&self, text: &str) {
        let t_ms = self.now();
        self.0.session.borrow_mut().log(t_ms, LogLevel::Log, text);
    }

    /// A tool, as `await use(args)` calls it: `args_json` is the JSON text of what was passed.
    pub fn tool(&self, name: &str, args_json: &str) -> Result<String, String> {
        let (id, t_ms) = (self.next_id(), self.now());
        self.0.session.borrow_mut().tool(id, t_ms, name, args_json)
    }

    /// `fetch(url, {method: 'POST', body})`. Dropping the future before it settles is an abort
    /// (what an `AbortSignal` does), and is recorded as one.
    pub fn fetch(&self, url: &str, body: &str) -> LocalBoxFuture<'static, Result<Response, FetchError>> {
        let (id, t_ms) = (self.next_id(), self.now());
        let request = HttpRequest {
            url: url.into(),
            method: "POST".into(),
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.into(),
            t_ms,
        };
        let reply = self.0.session.borrow_mut().serve(id, &request);
        // Past the limit the page stops the run: the request never settles, so the program
        // gives control back and the driver ends it.
        let reply = if self.0.session.borrow().requests() > MAX_REQUESTS {
            self.0.too_many.set(true);
            ServerReply::Hang
        } else {
            reply
        };
        let guard = AbortOnDrop { sandbox: self.clone(), id, settled: false };
        let sandbox = self.clone();
        Box::pin(async move {
            let mut guard = guard;
            let result = match reply {
                ServerReply::Hang => {
                    futures::future::pending::<()>().await;
                    unreachable!("a hang never settles")
                }
                ServerReply::Drop { delay_ms } => {
                    sandbox.sleep(delay_ms).await;
                    Err(FetchError::Network)
                }
                ServerReply::Answer { status, headers, body, delay_ms } => {
                    sandbox.sleep(delay_ms).await;
                    Ok(Response { status, headers, body })
                }
                ServerReply::Stream { status, headers, chunks, delay_ms } => {
                    sandbox.sleep(delay_ms).await;
                    Ok(Response { status, headers, body: chunks.concat() })
                }
            };
            guard.settled = true;
            result
        })
    }

    /// `fetch(url, {method: 'POST', body, signal})` with a `signal` that has already fired: it
    /// rejects at once with the signal's reason, and nothing reaches the server.
    pub fn fetch_spent(&self, url: &str, body: &str) -> LocalBoxFuture<'static, Result<Response, FetchError>> {
        let t_ms = self.now();
        self.0.session.borrow_mut().spent_signal(t_ms, url, body);
        Box::pin(async { Err(FetchError::Aborted) })
    }

    /// Runs a loop to its end, as the page does: `Returned`/`Threw` are the loop's own; it
    /// stalls when nothing can ever happen, hits the time limit, or is stopped after
    /// [`MAX_REQUESTS`]. Records the end and returns everything observed.
    pub fn run<F: Future<Output = End>>(&self, program: F) -> Vec<Observed> {
        let end = self.drive(program);
        let t_ms = self.now();
        self.0.session.borrow_mut().end(t_ms, end);
        self.observed()
    }

    fn drive<F: Future<Output = End>>(&self, program: F) -> End {
        let waker = Waker::noop();
        let mut cx = Context::from_waker(waker);
        let mut program = std::pin::pin!(program);
        let end = loop {
            if let Poll::Ready(end) = program.as_mut().poll(&mut cx) {
                break end;
            }
            if self.0.too_many.get() {
                break End::TooManyRequests;
            }
            match self.0.clock.next_deadline() {
                None => break End::Stalled,
                Some(d) if d > VIRTUAL_LIMIT_MS => {
                    self.0.clock.advance_to(VIRTUAL_LIMIT_MS);
                    break End::TimeLimit;
                }
                Some(d) => self.0.clock.advance_to(d),
            }
        };
        // The program is dropped after this: what it still waits on was not aborted by it.
        self.0.over.set(true);
        end
    }
}

/// Records an abort when a fetch is dropped before it settled.
struct AbortOnDrop {
    sandbox: Sandbox,
    id: u64,
    settled: bool,
}

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        if !self.settled && !self.sandbox.0.over.get() {
            let t_ms = self.sandbox.now();
            self.sandbox.0.session.borrow_mut().abort(self.id, t_ms);
        }
    }
}

/// The engine's harness as a client of the page's server: each call is a `fetch` of the request
/// as JSON, read back as the HTTP provider reads a reply.
struct ServerProvider(Sandbox);

impl Provider for ServerProvider {
    fn complete(
        &self,
        request: &ChatRequest,
        _ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        let body = serde_json::to_string(request).unwrap_or_default();
        let fetch = self.0.fetch(&format!("{BASE_URL}/chat/completions"), &body);
        Box::pin(async move {
            match fetch.await {
                Err(FetchError::Network) => Err(ProviderError::of(crate::run::provider::CallFailure::Network)),
                Err(FetchError::Aborted) => Err(ProviderError::of(crate::run::provider::CallFailure::Timeout)),
                Ok(response) => {
                    let header = |name: &str| response.header(name).map(str::to_string);
                    classify_response(response.status, &header, &response.body, 0)
                }
            }
        })
    }
}

/// The harness's tool dispatch going through the page's tools: a lost reply (the tool timeout)
/// reaches the harness as the lost result it knows how to handle.
struct ServerTools(Sandbox);

impl ToolRunner for ServerTools {
    fn run(&self, room: &mut Room, call: &ToolCall, _turn: u32, _s: &Script) -> Result<ToolOutcome, LostResult> {
        let result = self.0.tool(&call.function.name, &call.function.arguments);
        *room = self.0.room();
        match result {
            Ok(output) => Ok(ToolOutcome { output, error: None }),
            Err(message) => match kind_of_error(&message, self.0 .0.lang) {
                ToolErrorKind::ReplyLost => Err(LostResult::TimedOut),
                kind => Ok(ToolOutcome { output: format!("{ERROR_PREFIX}{message}"), error: Some(kind) }),
            },
        }
    }
}

/// The engine's robust harness (default settings) played in a sandbox: what it observed, and
/// its own outcome (`None`: it waited forever).
pub fn run_harness(config: &RunConfig, plan: FaultPlan) -> (Vec<Observed>, Option<Outcome>) {
    let sandbox = Sandbox::new(config.personality, config.lang, plan, config.seed);
    let provider = ServerProvider(sandbox.clone());
    let tools = ServerTools(sandbox.clone());
    let outcome = Rc::new(RefCell::new(None));
    let kept = outcome.clone();
    let clock = sandbox.clock().clone();
    let config = config.clone();
    let observed = sandbox.run(async move {
        let harness = Harness(Inputs {
            provider: &provider,
            clock: &clock,
            config: &config,
            tools: &tools,
            cancel: CancelToken::new(),
        });
        let got = harness.run(&mut Vec::new()).await;
        let end = match &got {
            Outcome::Answered { text } => End::Returned { value: Some(text.clone()) },
            Outcome::Escalated { message } => End::Returned { value: Some(message.clone()) },
            Outcome::GaveUp { guard } => End::threw(guard.slug()),
            Outcome::Failed { reason } => End::threw(reason.slug()),
            Outcome::Cancelled => End::Stopped,
        };
        *kept.borrow_mut() = Some(got);
        end
    });
    let outcome = outcome.borrow().clone();
    (observed, outcome)
}
