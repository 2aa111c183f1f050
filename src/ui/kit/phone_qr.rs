//! Presenter mode's "Open on your phone": a button that shows the current scenario's link as a
//! QR code large enough to scan from the back of a projected room, with the link written under it
//! for whoever would rather type. The link opens the full playground (not presenter mode), on the
//! same lesson and settings. In the `kit` part, fetched only in presenter mode.
//!
//! On a loopback address (`127.0.0.1`, `localhost`) the link leads a phone back to itself, so the
//! sheet says so first, and how to serve the page on the network; the code stays, dimmed, for a
//! laptop in the room.

use crate::state::Playground;
use crate::text;
use crate::ui::kit::qr::Qr;
use crate::web::share::{page_base, page_host};
use leptos::html::Button;
use leptos::prelude::*;
use rusty_lock_engine::show::scenario::{encode, is_loopback_host, Mode};

#[component]
pub fn PhoneQr() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let open = RwSignal::new(false);
    let link = Memo::new(move |_| {
        let s = pg.scenario.get().in_mode(Mode::Full);
        format!("{}?{}", page_base(), encode(&s))
    });
    // The host does not change while the page is open: read once.
    let host = page_host();
    let unreachable = is_loopback_host(&host).then(|| text::phone_unreachable(&host));
    let local = unreachable.is_some();
    let toggle = NodeRef::<Button>::new();
    let close_button = NodeRef::<Button>::new();
    // Focus goes to Close when the code shows, and back to the button when it goes.
    Effect::new(move |_| {
        if let Some(button) = close_button.get() {
            let _ = button.focus();
        }
    });
    let close = move || {
        open.set(false);
        if let Some(button) = toggle.get_untracked() {
            let _ = button.focus();
        }
    };
    view! {
        // The kit's own styles come with it (src/ui/kit/kit.css), not in the first load.
        <link rel="stylesheet" href="kit.css" />
        <button class="btn btn-lessons" data-testid="phone-qr-toggle" node_ref=toggle
            aria-expanded=move || open.get().to_string() aria-controls="phone-qr"
            on:click=move |_| open.update(|o| *o = !*o)>
            {text::open_on_phone()}
        </button>
        <Show when=move || open.get()>
            <div class="phone-qr" id="phone-qr" role="dialog" aria-labelledby="phone-qr-title" data-testid="phone-qr"
                on:keydown=move |ev| if crate::web::events::key_press(&ev).is_some_and(|k| k.key == "Escape") { close() }>
                <h2 id="phone-qr-title">{text::phone_title()}</h2>
                {unreachable.clone().map(|warning| view! {
                    <div class="phone-qr-warning" role="note" data-testid="phone-qr-warning">
                        <p><strong>{warning}</strong></p>
                        <p>{text::phone_serve_hint()}</p>
                        <p><code class="phone-qr-command">"./scripts/serve.sh --network"</code></p>
                    </div>
                })}
                {move || view! { <Qr link=link.get() class=if local { "phone-qr-code phone-qr-local" } else { "phone-qr-code" } testid="phone-qr-code" /> }}
                <p class="phone-qr-link" data-testid="phone-qr-link">{move || link.get()}</p>
                <button class="btn btn-run" data-testid="phone-qr-close" node_ref=close_button on:click=move |_| close()>
                    {text::close()}
                </button>
            </div>
        </Show>
    }
}
