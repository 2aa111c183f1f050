//! Your own loop (`?view=yours`): a code editor and its Run beside the playground's own scene,
//! player, log and board, and the report card. A folder of small components, each in its file,
//! with the view's styles in `yours.css`.

pub mod code_pane;
pub mod console_log;
pub mod link_bar;
pub mod provides;
pub mod report_card;
pub mod run_bar;
pub mod yours_view;
