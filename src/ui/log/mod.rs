//! The record of a run in words: the event log and the message history.

pub mod event_log;
pub mod history;
pub mod log_lines;
