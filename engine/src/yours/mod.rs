//! "Your own loop": a learner's agent loop, run by the page in a sandbox, meets the page's own
//! OpenAI-compatible server and tools. This module is the engine's side of it, plain Rust:
//!
//! * [`server`]: the server the code's `fetch` reaches (the built-in model behind the fault plan);
//! * [`tools`]: the room and its tools as the code calls them;
//! * [`observe`]: what the page saw, and the playground's events read from it;
//! * [`session`]: one run as the page hosts it, recording what it observes;
//! * [`code_lang`]: the language the code is written in (JavaScript or Python), guessed from it;
//! * [`card`]: the report card, each case graded from behaviour beside the engine's own loop;
//! * [`exercise`]: the exercises, levels solved when their cases pass the card;
//! * [`problem`]: a mistake in the code itself (a syntax error, a bug, a package, no `runAgent`),
//!   at its line;
//! * [`sim`]: a simulated sandbox on virtual time, for the reference side and for tests.

pub mod card;
pub mod code_lang;
pub mod dialect;
pub mod exercise;
pub mod observe;
pub mod problem;
pub mod reply;
pub mod server;
pub mod session;
pub mod sim;
pub mod tools;

/// The key the learner's code sees as `LLM.apiKey`: never a real one. Grading looks for it in
/// what the model reads, as it would look for a real key.
pub const PLACEHOLDER_KEY: &str = "sk-your-key-here";
