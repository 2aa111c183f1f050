//! Rusty Lock's engine: a real agent loop that plays a small adventure, and everything needed to
//! break it on purpose and watch which layer handles each failure.
//!
//! Plain Rust with no web APIs, so it compiles and tests natively as well as for wasm32. Time,
//! randomness and Stop are injected: with the built-in model, a run is a pure function of its
//! settings, its faults and its seed.
//!
//! Nothing is re-exported at the root: every item is reached by its real path
//! (`rusty_lock_engine::run::events::Event`, `crate::show::view::RunView`), so each type has one
//! spelling and every import says whether it reads the loop or its presentation.

// The loop: what runs, fails and recovers. It knows nothing of how a run is shown.
pub mod run;
// Presentation: how a run is seen, judged, told as a lesson, linked and saved. It reads the
// loop's events; the loop never imports it.
pub mod show;
pub mod yours;
