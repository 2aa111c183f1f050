//! The page arrives in parts. The first load carries what a default run needs; the rest (real
//! endpoints, compare mode, lessons, traces, the verdict) sits in its own wasm file, fetched the
//! first time it is needed, and the panels below the fold come once the page is in use.
//! `ui::parts` names the split points; this file is the glue around them.

use crate::state::Playground;
use crate::text;
use crate::web::engaged::engage_if_on_screen;
use crate::web::http_provider::{HttpSettings, StreamUpdate};
use crate::web::idle::idle;
use futures::future::LocalBoxFuture;
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use rusty_lock_engine::wire::{ChatRequest, ChatResponse};
use rusty_lock_engine::{CallContext, CallFailure, Provider, ProviderError};
use send_wrapper::SendWrapper;
use std::cell::RefCell;
use std::future::Future;
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

/// Shows a lazy part once its file has arrived, or one plain line saying it could not, so a lost
/// file costs that panel and never the page.
pub fn part<F>(load: F) -> impl IntoView
where
    F: Future<Output = Result<AnyView, PartMissing>> + 'static,
{
    let load = SendWrapper::new(load);
    Suspend::new(async move {
        match load.await {
            Ok(view) => view,
            Err(PartMissing) => {
                view! { <p class="part-missing" role="alert" data-testid="part-missing">{text::PART_MISSING}</p> }
                    .into_any()
            }
        }
    })
}

/// A panel below the fold, in the `below` part. Its place is held by a box (`.below-fold` in
/// style/main.css) of at least `.below-fold-<name>`'s height, no taller than the panel, and
/// drawn as an empty panel while it has nothing in it. The panel arrives inside it once the page
/// shows a first sign of use (`web::engaged`). So the page only ever grows when a panel comes:
/// a click that brought it is never moved from under the pointer.
pub fn below_fold<F>(name: &'static str, load: fn() -> F) -> impl IntoView
where
    F: Future<Output = Result<AnyView, PartMissing>> + 'static,
{
    let pg = expect_context::<Playground>();
    let place = NodeRef::new();
    engage_if_on_screen(pg, place);
    view! {
        <div node_ref=place class=format!("below-fold below-fold-{name}") data-testid="below-fold">
            <Show when=move || pg.engaged.get()>{part(mount_alone(load))}</Show>
        </div>
    }
}

/// Loads a panel below the fold when the browser is next idle, then builds it in a task of its
/// own. The panels often come with the first Run, and fetched, compiled and built in the same
/// moment as the run's start they could hold the page for more than a frame (a long task).
async fn mount_alone<F>(load: fn() -> F) -> Result<AnyView, PartMissing>
where
    F: Future<Output = Result<AnyView, PartMissing>> + 'static,
{
    idle().await;
    let view = load().await?;
    gloo_timers::future::TimeoutFuture::new(0).await;
    Ok(view)
}

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
            let provider: Rc<dyn Provider> = match crate::ui::parts::http_provider(settings, on_stream).await {
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
