//! Hooks that tie the page to the browser's events: the address bar (`url_sync`), the presenter's
//! and the lesson's keys (`keys`), the player's ticker, keys, gate and pause at the first failure
//! (`playback_glue`), the presenter view's channel (`presenter_link`), and the page's mode on `<html>` (`root_mode`). Installed once by the app; `after_layout` is
//! used by the panels that keep a line in view.

pub mod after_layout;
pub mod keys;
pub mod language;
pub mod playback_glue;
pub mod presenter_link;
pub mod root_mode;
pub mod url_sync;
