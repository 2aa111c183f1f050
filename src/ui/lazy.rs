//! Lazy parts on the page: a view shows its part once the file has arrived (or one line if it
//! cannot be fetched), and the panels below the fold hold their place until the page is in use.
//! The split points themselves are in `ui::parts` (views) and `crate::parts` (the rest).

use crate::hooks::engaged::engage_if_on_screen;
use crate::parts::PartMissing;
use crate::state::Playground;
use crate::text;
use crate::web::idle::idle;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;

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
/// shows a first sign of use (`hooks::engaged`). So the page only ever grows when a panel comes:
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
