//! Web glue: timers and the clock driver, the address bar, fetch and streams, storage, the
//! clipboard and files, the service worker, the panic banner, and the hooks that tie keys and the
//! ticker to the playground. Most of it knows nothing of the page; the hooks (`keys`,
//! `playback_glue`, `url_sync`) read the state, and nothing here imports a
//! component. A few components build DOM themselves where a list only grows (`ui::history`,
//! `ui::log_lines` through `append_list`). The engine never sees any of it.

pub mod address;
pub mod append_list;
pub mod driver;
pub mod fatal;
pub mod gate;
pub mod http_provider;
pub mod idle;
pub mod key_store;
pub mod keys;
pub mod playback_glue;
pub mod replay;
pub mod runner;
pub mod service_worker;
pub mod share;
pub mod url_sync;
