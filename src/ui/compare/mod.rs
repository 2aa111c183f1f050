//! Compare mode (naive loop vs robust loop) and the code panel that lights the line running.

pub mod code_lines;
pub mod code_panel;
pub mod compare_view;
pub mod naive_code;
