//! The page's components, one job and one file each. They read [`crate::state::Playground`]
//! from context and the engine's plain types, and call the web glue for what the browser does
//! (fetch, files, the clipboard). `parts` holds the views that come in lazy parts; `lazy` shows
//! them. Nothing below `ui` imports it.

pub mod backoff_strip;
pub mod board;
pub mod code_panel;
pub mod compare;
pub mod cors_diagnosis;
pub mod endpoint_form;
pub mod endpoint_panel;
pub mod event_log;
pub mod fault_panel;
pub mod fields;
pub mod herd;
pub mod history;
pub mod icons;
pub mod layer_icon;
pub mod lazy;
pub mod lesson_card;
pub mod lessons_list;
pub mod lessons_menu;
pub mod log_lines;
pub mod notice_bar;
pub mod outcome_banner;
pub mod parts;
pub mod playback;
pub mod presets;
pub mod retry_preview;
pub mod run_controls;
pub mod scene;
pub mod settings_panel;
pub mod share_bar;
pub mod stream_bubble;
pub mod update_notice;
pub mod verdict_panel;
