//! The split points that are not views: the HTTP model and the trace tools (the loop's own and
//! the compare run's, which start a run, a replay or both schools with the page's end of them,
//! are beside the actions that call them, in `actions::run`). Each function's body, and all the
//! code only it reaches, is cut out of the first download into a wasm file of its own (one per
//! group name), fetched the first time it is called (see `ui::parts` for the views and the table
//! of groups). Nothing here imports the page's state or its components.
//!
//! Every split point is declared with [`split_point!`], which cuts the page only when the cargo
//! feature `split` is on (release builds: scripts/build.sh and scripts/serve.sh turn it on). Without
//! it each split point is a plain `async fn`, the page is one wasm file, and a debug `trunk serve`
//! needs no splitter.
#![allow(improper_ctypes_definitions)]

use crate::web::http_provider::{HttpProvider, HttpSettings, StreamUpdate};
use crate::web::service_worker::Updates;
use futures::future::LocalBoxFuture;
use leptos::wasm_split::SplitLoaderError;
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::run::provider::{CallContext, CallFailure, Provider, ProviderError};
use rusty_lock_engine::run::wire::{ChatRequest, ChatResponse};
use rusty_lock_engine::show::scenario::{Notice, Scenario};
use rusty_lock_engine::show::trace::{Trace, TraceError};
use std::cell::RefCell;
use std::rc::Rc;

/// A lazy part whose wasm file could not be fetched (offline, or the server lost the file).
/// Not cached: asking again fetches again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartMissing;

impl From<SplitLoaderError> for PartMissing {
    fn from(_: SplitLoaderError) -> Self {
        PartMissing
    }
}

/// Declares a split point: `split_point! { group, fn name(args) -> Result<T, PartMissing> { body } }`.
///
/// With the feature `split`, a `#[wasm_split(group, fallible)]` function: an `async fn` whose body
/// goes into the wasm file of `group`, fetched on its first call. The wasm then imports
/// `__wasm_split_placeholder__`, which only `wasm-split-cli` (run by scripts/bin/wasm-bindgen)
/// resolves: unsplit, such a page dies at load. Without the feature, the same `async fn` with the
/// body in place, which never fails to load.
macro_rules! split_point {
    ($group:ident, $(#[$attr:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block) => {
        #[cfg(feature = "split")]
        #[::leptos::wasm_split::wasm_split($group, wasm_split_path = ::leptos::wasm_split, fallible)]
        $(#[$attr])* $vis fn $name($($arg: $ty),*) -> $ret $body

        #[cfg(not(feature = "split"))]
        $(#[$attr])* $vis async fn $name($($arg: $ty),*) -> $ret $body
    };
}
pub(crate) use split_point;

split_point! { real_model,
    pub fn http_provider(
        settings: HttpSettings,
        on_stream: Rc<dyn Fn(StreamUpdate)>,
    ) -> Result<Box<dyn Provider>, PartMissing> {
        Ok(Box::new(HttpProvider { settings, on_stream }))
    }
}

split_point! { traces,
    pub fn export_trace(scenario: Scenario, events: Vec<Event>, secrets: Vec<String>) -> Result<String, PartMissing> {
        let secrets: Vec<&str> = secrets.iter().map(String::as_str).collect();
        Ok(rusty_lock_engine::show::trace::export(&scenario, &events, &secrets))
    }
}

split_point! { traces,
    pub fn import_trace(text: String) -> Result<Opened, PartMissing> {
        Ok(rusty_lock_engine::show::trace::import(&text))
    }
}

split_point! { below,
    /// Registers the service worker, once the panels below the fold have come
    /// (`web::service_worker::use_service_worker` waits for them), so this part is there already.
    pub fn register_worker(updates: Updates) -> Result<(), PartMissing> {
        crate::web::service_worker::register(updates);
        Ok(())
    }
}

/// What opening a trace file gives: the run, or why the file was refused.
pub type Opened = Result<(Trace, Scenario, Vec<Notice>), TraceError>;

/// The HTTP model, loaded with the real-model part on its first call. When "Real endpoint" is
/// picked that part is already on its way, so the first call rarely waits; if the file cannot be
/// fetched the call fails like a dropped connection, and the retry layer asks again.
pub struct LazyHttp {
    pub settings: HttpSettings,
    pub on_stream: Rc<dyn Fn(StreamUpdate)>,
    loaded: Rc<RefCell<Option<Rc<dyn Provider>>>>,
}

impl LazyHttp {
    pub fn new(settings: HttpSettings, on_stream: Rc<dyn Fn(StreamUpdate)>) -> Self {
        LazyHttp { settings, on_stream, loaded: Rc::default() }
    }
}

impl Provider for LazyHttp {
    fn complete(
        &self,
        request: &ChatRequest,
        ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        if let Some(provider) = self.loaded.borrow().clone() {
            return provider.complete(request, ctx);
        }
        let (settings, on_stream, loaded, request) =
            (self.settings.clone(), self.on_stream.clone(), self.loaded.clone(), request.clone());
        Box::pin(async move {
            let provider: Rc<dyn Provider> = match http_provider(settings, on_stream).await {
                Ok(provider) => provider.into(),
                Err(PartMissing) => {
                    return Err(ProviderError {
                        failure: CallFailure::Network,
                        retry_after_ms: None,
                        should_retry: None,
                    })
                }
            };
            *loaded.borrow_mut() = Some(provider.clone());
            provider.complete(&request, ctx).await
        })
    }
}

split_point! { lang_fr,
    /// French's first-screen words (the panels' words travel in the panels' own parts).
    pub fn french_words() -> Result<crate::text::FirstScreen, PartMissing> {
        Ok(crate::text::french())
    }
}

split_point! { lang_zh,
    pub fn chinese_words() -> Result<crate::text::FirstScreen, PartMissing> {
        Ok(crate::text::chinese())
    }
}

/// The first-screen words of `lang`: English's are in the first download, the others are
/// fetched the first time they are asked for (and cached by the service worker).
pub async fn language_words(lang: crate::text::Lang) -> Result<crate::text::FirstScreen, PartMissing> {
    use crate::text::Lang;
    match lang {
        Lang::En => Ok(crate::text::english()),
        Lang::Fr => french_words().await,
        Lang::Zh => chinese_words().await,
    }
}
