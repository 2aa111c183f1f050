//! Lazy parts on the page: a view shows its part once the file has arrived (or one line if it
//! cannot be fetched), and the panels below the fold hold their place until their part comes, at
//! the first idle moment after the first paint.
//! The split points themselves are in `ui::parts` (views) and `crate::parts` (the rest).

use crate::parts::PartMissing;
use crate::text;
use crate::web::idle::{idle, next_frame};
use futures::future::LocalBoxFuture;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What a view's part hands back: the way to build the view, not the view itself, so nothing is
/// built for a place on the page that is gone by the time the file arrives (the page is drawn
/// again when its language changes, and a part may still be on its way then).
pub type Build = Box<dyn FnOnce() -> AnyView>;

/// A part's view on its way: every split point's future, boxed, so the code that waits for it
/// and shows it exists once in the first download rather than once per split point.
pub type Loading = LocalBoxFuture<'static, Result<Build, PartMissing>>;

/// Shows a lazy part once its file has arrived, or one plain line saying it could not, so a lost
/// file costs that panel and never the page.
pub fn part<F>(load: F) -> impl IntoView
where
    F: Future<Output = Result<Build, PartMissing>> + 'static,
{
    shown_when_loaded(Box::pin(load))
}

fn shown_when_loaded(load: Loading) -> impl IntoView {
    let load = SendWrapper::new(load);
    // Cleared when this place on the page is taken down; a part that arrives after that builds
    // nothing (its signals and context would be gone).
    let here = Arc::new(AtomicBool::new(true));
    let gone = here.clone();
    on_cleanup(move || gone.store(false, Ordering::Relaxed));
    Suspend::new(async move {
        match load.await {
            Ok(build) if here.load(Ordering::Relaxed) => build(),
            Ok(_) => ().into_any(),
            Err(PartMissing) => {
                view! { <p class="part-missing" role="alert" data-testid="part-missing">{text::part_missing()}</p> }
                    .into_any()
            }
        }
    })
}

/// A panel below the fold, in the `below` part. Its place is held by a box (`.below-fold` in
/// style/main.css) of at least `.below-fold-<name>`'s height, no taller than the panel, and
/// drawn as an empty panel while it has nothing in it. The part is fetched once, for every panel,
/// at the first idle moment after the first paint, so the first screen never waits for it and it
/// is there before most first clicks. The page only ever grows when a panel comes.
/// `load` boxes the split point's future (`|| Box::pin(parts::board())`), so this code is
/// not copied for each panel.
pub fn below_fold(name: &'static str, load: fn() -> Loading) -> impl IntoView {
    view! {
        <div class=format!("below-fold below-fold-{name}") data-testid="below-fold">
            {shown_when_loaded(Box::pin(mount_alone(load)))}
        </div>
    }
}

/// Builds `build` in a task of its own, just after the one that builds the rest of the first
/// screen: built in one go, the whole first screen held the browser for more than a frame (a long
/// task at load). For what is on the first screen but not what it is about (the settings column
/// and the log), so the scene and Run come first.
pub fn next_task(build: fn() -> AnyView) -> impl IntoView {
    later_task(Box::new(build))
}

/// [`next_task`] for a view built from what its caller holds (the scene's stage and its
/// signals). Boxed, so one copy of this code serves every caller.
pub fn later_task(build: Build) -> impl IntoView {
    shown_when_loaded(Box::pin(async move {
        gloo_timers::future::TimeoutFuture::new(0).await;
        Ok(build)
    }))
}

/// Loads a panel below the fold at the browser's first idle moment after the first paint, then
/// builds it in a task of its own. Fetched, compiled and built in the same moment as the first
/// screen or a run's start, the panels could hold the page for more than a frame (a long task).
async fn mount_alone(load: fn() -> Loading) -> Result<Build, PartMissing> {
    next_frame().await;
    idle().await;
    let view = load().await?;
    gloo_timers::future::TimeoutFuture::new(0).await;
    Ok(view)
}
