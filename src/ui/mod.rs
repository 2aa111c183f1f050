//! The page's components, a folder per feature (scene, player, log, settings, endpoint, lessons,
//! share, verdict, compare, kit, presenter) with one job and one file each, plus the herd view. They read
//! [`crate::state::Playground`] from context and the engine's plain types, call
//! [`crate::actions`] when a person acts, and use the hooks and the web adapters for what the
//! browser does. `parts` holds the views that come in lazy parts; `lazy` shows them. Nothing
//! below `ui` imports it.

pub mod compare;
pub mod endpoint;
pub mod herd;
pub mod icons;
pub mod kit;
pub mod language;
pub mod layer_icon;
pub mod lazy;
pub mod lessons;
pub mod log;
pub mod parts;
pub mod player;
pub mod presenter;
pub mod scene;
pub mod settings;
pub mod share;
pub mod verdict;
pub mod yours;

/// How many digits a count has, 1 to 5: what a number's box must be wide enough for (the log's
/// turn column, the counts over the history meter's bars).
pub(crate) fn digits(count: usize) -> u32 {
    (count.max(1).ilog10() + 1).min(5)
}
