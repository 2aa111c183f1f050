//! Who handled what, and how well: the board, the verdict, the backoff strip and the policy preview.

pub mod backoff_strip;
pub mod board;
pub mod layer_row;
pub mod retry_preview;
pub mod verdict_panel;
