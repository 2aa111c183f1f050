//! "A new version is ready — reload": shown when a newer build of the site is waiting in the
//! service worker. The page keeps running the build it started with until the user reloads, so
//! an update never switches files under a running lesson.

use crate::text;
use crate::web::service_worker::use_service_worker;
use leptos::prelude::*;

#[component]
pub fn UpdateNotice() -> impl IntoView {
    let updates = use_service_worker();
    view! {
        <Show when=move || updates.ready.get()>
            <div class="notice" role="status" data-testid="update-ready">
                <span>{text::UPDATE_READY}" "</span>
                <button class="btn-plain" data-testid="update-reload" on:click=move |_| updates.reload()>{text::UPDATE_RELOAD}</button>
            </div>
        </Show>
    }
}
