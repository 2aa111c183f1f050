//! A real endpoint: the form, its presets, and the diagnosis when no answer can be read.

pub mod cors_diagnosis;
pub mod endpoint_form;
pub mod endpoint_panel;
pub mod presets;
