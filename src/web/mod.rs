//! Web glue: the only code that touches browser APIs (timers, the address bar, the clipboard,
//! files, keys, the panic banner). The engine never sees any of it.

pub mod address;
pub mod append_list;
pub mod driver;
pub mod engaged;
pub mod fatal;
pub mod gate;
pub mod http_provider;
pub mod idle;
pub mod key_store;
pub mod keys;
pub mod lazy;
pub mod playback_glue;
pub mod replay;
pub mod runner;
pub mod service_worker;
pub mod share;
pub mod url_sync;
