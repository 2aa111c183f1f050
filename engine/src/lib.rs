//! Rusty Lock's engine: a real agent loop that plays a small adventure, and everything needed to
//! break it on purpose and watch which layer handles each failure.
//!
//! Plain Rust with no web APIs, so it compiles and tests natively as well as for wasm32. Time,
//! randomness and Stop are injected: with the built-in model, a run is a pure function of its
//! settings, its faults and its seed.

pub mod builtin;
pub mod call_args;
pub mod cancel;
pub mod chaos;
pub mod clock;
pub mod compare;
pub mod config;
mod emit;
pub mod events;
pub mod harness;
pub mod herd;
pub mod http;
pub mod lessons;
pub mod listing;
pub mod naive;
pub mod provider;
pub mod rng;
pub mod scenario;
pub mod scene;
pub mod script;
pub mod sim;
pub mod sse;
pub mod tools;
pub mod trace;
pub mod verdict;
pub mod view;
pub mod wire;
pub mod world;

pub use builtin::{BuiltinModel, Personality};
pub use cancel::CancelToken;
pub use chaos::{Chaos, ChaosTools, Fault, FaultGroup, FaultPlan, FaultRule};
pub use clock::{Clock, VirtualClock};
pub use compare::{compare, divergence, Comparison};
pub use config::{Guards, RunConfig};
pub use events::{Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome, Quirk};
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
pub use view::{backoff_strips, history, BoardEntry, RunView, Strip, StripBar, TurnLoad};
