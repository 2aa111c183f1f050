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
pub fn below_fold(panel: Below, load: fn() -> Loading) -> impl IntoView {
    view! {
        <div class=format!("below-fold below-fold-{}", panel.slug()) data-testid="below-fold">
            {shown_when_loaded(Box::pin(mount_alone(panel, load)))}
        </div>
    }
}

/// The panels below the fold, in the order they are built: one a frame, so the browser lays out
/// and paints one at a time. Built in the same frame, the five made the load's longest task
/// (55 to 106 ms of style, layout and paint, traced).
#[derive(Clone, Copy)]
pub enum Below {
    /// The board of layers, first: it is on the page in every mode, so its part writes the
    /// opening link in its canonical form (a key in the link leaves the address then).
    Board = 0,
    /// Your code, right under the player.
    Code = 1,
    /// The settings under the faults, in the first column.
    Settings = 2,
    /// The share bar.
    Share = 3,
    /// The runs so far, last.
    History = 4,
}

impl Below {
    /// The name in its placeholder's class (`.below-fold-code` in style/main.css holds its height).
    fn slug(self) -> &'static str {
        match self {
            Below::Board => "board",
            Below::Code => "code",
            Below::Settings => "settings",
            Below::Share => "share",
            Below::History => "history",
        }
    }
}

/// The first screen is built over several frames, one piece a frame, so that neither its
/// building nor the browser's first layout of it is ever one long task (together they held the
/// browser for 60 to 100 ms at load). Each piece's place says which frame it comes after.
#[derive(Clone, Copy)]
pub enum Stage {
    /// The page's main area (the scene and the columns beside it), in the task after the one
    /// that builds the header and Run: the two together were the load's longest task.
    Main = 0,
    /// The scene's drawing, after the frame that first shows the header and the scene's frame:
    /// its two hundred SVG nodes and their text are dear to build and to lay out.
    Drawing = 1,
    /// The layer row and the player under the scene.
    Player = 2,
    /// The settings column's model choice: on the first screen, but not what it is about.
    Settings = 3,
    /// The fault toggles under it: seventeen rows of controls, in a lazy part of their own.
    Faults = 4,
    /// The event log, last: it is empty until a run.
    Log = 5,
}

/// Set once the page's main area was first built (see [`after_header`]).
static MAIN_BUILT: AtomicBool = AtomicBool::new(false);

/// The page's main area: built in a task of its own after the header the first time the page is
/// drawn, so the first screen is two tasks rather than one long one (measured at load, the header
/// with the state behind it took 15 to 34 ms and the rest 10 to 23 ms, 25 to 57 ms in one task).
/// Nothing is below the header to move when it comes. A later redraw (a new language) builds it
/// at once, so the scene never blinks out mid-run.
pub fn after_header(build: Build) -> AnyView {
    if MAIN_BUILT.swap(true, Ordering::Relaxed) {
        build()
    } else {
        later_task(Stage::Main, build).into_any()
    }
}

/// How many frames the first screen takes to build: the panels below the fold come after them.
const STAGES: u8 = Stage::Log as u8;

/// Builds `build` once its [`Stage`]'s frame has been drawn, in a task of its own. For what is
/// on the first screen but not what it is about, so the scene and Run come first.
pub fn next_task(stage: Stage, build: fn() -> AnyView) -> impl IntoView {
    later_task(stage, Box::new(build))
}

/// [`next_task`] for a view built from what its caller holds (the scene's stage and its
/// signals). Boxed, so one copy of this code serves every caller.
pub fn later_task(stage: Stage, build: Build) -> impl IntoView {
    shown_when_loaded(Box::pin(async move {
        after_frames(stage as u8).await;
        Ok(build)
    }))
}

/// [`later_task`] for a view in a lazy part: its file is fetched at once, and the view is built
/// once both the file is in and its [`Stage`]'s frame was drawn.
pub fn staged_part(stage: Stage, load: Loading) -> impl IntoView {
    shown_when_loaded(Box::pin(async move {
        let (build, ()) = futures::future::join(load, after_frames(stage as u8)).await;
        build
    }))
}

/// Resolves in the first task after `frames` more frames were drawn (their layout done).
async fn after_frames(frames: u8) {
    for _ in 0..frames {
        next_frame().await;
    }
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// Loads a panel below the fold at the browser's first idle moment after the first paint, then
/// builds it in a task of its own, in its own frame ([`Below`]). Fetched, compiled and built in
/// the same moment as the first screen or a run's start, the panels could hold the page for more
/// than a frame (a long task).
async fn mount_alone(panel: Below, load: fn() -> Loading) -> Result<Build, PartMissing> {
    // After the first screen's own pieces (see `Stage`).
    after_frames(STAGES + 1).await;
    idle().await;
    let view = load().await?;
    after_frames(panel as u8).await;
    Ok(view)
}
