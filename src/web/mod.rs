//! Web glue: the only code that touches browser APIs (timers, the panic banner). The engine
//! never sees any of it.

pub mod driver;
pub mod fatal;
pub mod runner;
