//! Rusty Lock's engine: a real agent loop that plays a small adventure, and everything needed to
//! break it on purpose and watch which layer handles each failure.
//!
//! Plain Rust with no web APIs, so it compiles and tests natively as well as for wasm32. Time,
//! randomness and Stop are injected: with the built-in model, a run is a pure function of its
//! settings, its faults and its seed.

// The loop: what runs, fails and recovers. It knows nothing of how a run is shown.
pub mod run;
// Presentation: how a run is seen, judged, told as a lesson, linked and saved. It reads the
// loop's events; the loop never imports it.
pub mod show;

pub use run::{
    builtin, call_args, cancel, chaos, clock, config, connection, events, harness, http, naive, provider, rng, script,
    sim, sse, tools, wire, world,
};
pub use show::{compare, herd, lessons, listing, own_lesson, route, scenario, scene, trace, verdict, view};

pub use builtin::{BuiltinModel, Personality};
pub use cancel::CancelToken;
pub use chaos::{Chaos, ChaosTools, Fault, FaultGroup, FaultPlan, FaultRule};
pub use clock::{Clock, VirtualClock};
pub use compare::{compare, divergence, Comparison};
pub use config::{Guards, RunConfig};
pub use connection::{Diagnosis, NotOpenAi, Preset};
pub use events::{Ending, Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome, Quirk};
pub use harness::{Harness, Observer};
pub use herd::{simulate_herd, simulate_policy, HerdLine, HerdPolicy, HerdSetup};
pub use http::{classify_response, redact};
pub use naive::NaiveLoop;
pub use provider::{
    backoff, Backoff, BodyProblem, CallContext, CallFailure, Jitter, Provider, ProviderError, RetryPolicy, WaitReason,
};
pub use sim::{simulate, simulate_naive, Simulation};
pub use sse::{SseParser, StreamError};
pub use verdict::{judge, judge_with_asks, Finding, Said, ServerAsk, Severity};
pub use view::{backoff_strips, history, BoardEntry, BoardKind, RunRecord, RunView, Strip, StripBar, TurnLoad};
