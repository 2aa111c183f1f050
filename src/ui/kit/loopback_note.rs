//! What a page of QR codes says first on a loopback address (`127.0.0.1`, `localhost`): its codes
//! lead a phone back to the phone itself, and how to serve the page so the room's phones reach
//! it. The agenda says it on screen and prints it on the handout, in words; presenter mode's phone
//! sheet has its own (`phone_qr.rs`). Nothing on any other address.

use crate::text;
use crate::web::share::page_host;
use leptos::prelude::*;
use rusty_lock_engine::show::scenario::is_loopback_host;

#[component]
pub fn LoopbackNote() -> impl IntoView {
    // The host does not change while the page is open: read once.
    let host = page_host();
    is_loopback_host(&host).then(|| {
        view! {
            <div class="kit-loopback" role="note" data-testid="qr-loopback-warning">
                <p><strong>{text::codes_unreachable(&host)}</strong></p>
                <p>{text::codes_serve_hint()}" "<code class="phone-qr-command">"./scripts/serve.sh --network"</code></p>
            </div>
        }
    })
}
