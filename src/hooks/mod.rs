//! Hooks that tie the page to the browser's events: the address bar (`url_sync`), the presenter's
//! keys (`keys`), the player's ticker, keys and gate (`playback_glue`), and the first sign of use
//! that brings the panels below the fold (`engaged`). Installed once by the app.

pub mod engaged;
pub mod keys;
pub mod playback_glue;
pub mod root_mode;
pub mod url_sync;
