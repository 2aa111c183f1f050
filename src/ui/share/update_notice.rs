//! "A new version is ready — reload": shown when a newer build of the site is waiting in the
//! service worker. The page keeps running the build it started with until the user reloads, so
//! an update never switches files under a running lesson. The view waits in the `below` part
//! (`ui::parts::update_notice`): it is needed only once a worker is in charge, and by then every
//! part is in its cache.

use crate::text;
use crate::web::service_worker::Updates;
use leptos::prelude::*;

/// The notice and its reload button; shown by the page only while `Updates::ready` holds.
#[component]
pub fn UpdateNotice() -> impl IntoView {
    let updates = crate::state::expect_context::<Updates>();
    view! {
        <div class="notice" role="status" data-testid="update-ready">
            <span>{text::update_ready()}" "</span>
            <button class="btn-plain" data-testid="update-reload" on:click=move |_| updates.reload()>{text::update_reload()}</button>
        </div>
    }
}
