//! The language switcher.

pub mod language_switch;
