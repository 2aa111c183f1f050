//! Web adapters: timers and the clock driver, the browser's languages, the pause gate, the address bar, fetch and
//! streams, storage, the clipboard and files, the service worker, the panic banner, and the
//! list that only grows (`append_list`, used by `ui::log::history` and `ui::log::log_lines`). Nothing here
//! reads the page's state or imports a component; the hooks that tie browser events to the
//! state are in `crate::hooks`. The engine never sees any of it.

pub mod address;
pub mod agenda_memory;
pub mod append_list;
pub mod code_editor;
pub mod driver;
pub mod events;
pub mod fatal;
pub mod gate;
pub mod http_provider;
pub mod idle;
pub mod key_store;
pub mod language;
pub mod lesson_styles;
pub mod packed_code;
pub mod presenter_channel;
pub mod progress_store;
pub mod replay;
pub mod runner;
pub mod sandbox;
pub mod script;
pub mod service_worker;
pub mod share;
