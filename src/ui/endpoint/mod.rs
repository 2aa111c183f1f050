//! A real endpoint: the form and its presets, and what a connection test or a failed Run found.

pub mod cors_diagnosis;
pub mod endpoint_form;
pub mod endpoint_panel;
pub mod finding;
