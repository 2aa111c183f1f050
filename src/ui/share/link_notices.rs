//! What a link asked for that the page could not use, and why, one line per key. It comes in a
//! part of its own (`notices`): only a damaged link shows it, and every language's sentences for
//! every kind of problem are in it.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn LinkNotices() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    view! {
        <div class="notice" role="status" data-testid="link-notice">
            <div>
                <strong>{text::link_notice_title()}</strong>
                <ul>
                    {move || pg.notices.get().into_iter().map(|n| view! { <li><code>{n.key}</code>" "{text::notice(&n.problem)}</li> }).collect_view()}
                </ul>
            </div>
            <button class="btn-plain" data-testid="dismiss-notice" on:click=move |_| pg.notices.set(Vec::new())>{text::dismiss()}</button>
        </div>
    }
}
