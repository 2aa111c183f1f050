//! Web glue: the only code that touches browser APIs (timers, the address bar, the clipboard,
//! files, keys, the panic banner). The engine never sees any of it.

pub mod driver;
pub mod fatal;
pub mod keys;
pub mod replay;
pub mod runner;
pub mod share;
pub mod url_sync;
