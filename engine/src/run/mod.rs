//! The loop: one function per layer in [`harness`] (call the model, run a tool, the guards),
//! the provider and its retry policy, the chaos that breaks it on purpose, the tools and the
//! room they act on, the words the model reads ([`script`]), injected time and Stop, the wire
//! format, and the deterministic simulators the tests and the page both use: one run ([`sim`])
//! and a thundering herd of clients retrying at once ([`herd`]).

pub mod builtin;
pub mod call_args;
pub mod cancel;
pub mod chaos;
pub mod clock;
pub mod config;
pub mod connection;
pub(crate) mod emit;
pub mod errand;
pub mod error_text;
pub mod events;
pub mod harness;
pub mod herd;
pub mod http;
pub mod naive;
pub mod provider;
pub mod rng;
pub mod script;
pub mod sim;
pub mod sse;
pub mod tools;
pub mod wire;
pub mod world;
