//! The settings: faults, model, guards and the retry policy.

pub mod fault_panel;
pub mod fields;
pub mod settings_panel;
