//! Your own loop (`?view=yours`): a code editor and its Run beside the playground's own scene,
//! player, log and board, and the report card. A folder of small components, each in its file,
//! with the view's styles in `yours.css`.
#![allow(improper_ctypes_definitions)]

pub mod code_lang_choice;
pub mod code_pane;
pub mod console_log;
pub mod exercise_panel;
pub mod exercise_track;
pub mod link_bar;
pub mod own_tools_note;
pub mod provides;
pub mod report_card;
pub mod reveal;
pub mod run_bar;
pub mod yours_view;

use crate::parts::{split_point, PartMissing};
use crate::ui::lazy::Build;
use leptos::prelude::*;

// The view's split point is here, beside it, not in `ui::parts`: the view borrows the
// playground's log, which itself fetches its lines through `ui::parts`.
split_point! { yours,
    pub fn yours_view() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <yours_view::YoursView /> }.into_any()))
    }
}
