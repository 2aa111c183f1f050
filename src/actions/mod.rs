//! What the page does when a person acts: start, replay or stop a run (`run`), and move through
//! its record (`step`). Components call these; they change the state's signals and call down
//! into the lazy parts and the web adapters, never up.

pub mod exercise;
pub mod language;
pub mod run;
pub mod step;
pub mod yours;
