//! When a real endpoint fails with "no answer" until the retries run out, say what probably
//! happened and how to fix it for the chosen preset. To fetch, a CORS block looks exactly like a
//! dropped connection, so this is the one failure whose layer the code cannot know: the page
//! asks the server once more in a mode the browser allows, to tell "down" from "blocked".

use crate::state::Playground;
use crate::text;
use crate::ui::endpoint::presets::preset_of;
use crate::web::http_provider::server_answers_at_all;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::events::{FailReason, Outcome};
use rusty_lock_engine::scenario::ProviderChoice;
use rusty_lock_engine::CallFailure;

/// What the probe found.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Finding {
    /// The server answers, but the browser would not let the page read it: CORS.
    Blocked,
    /// Nothing answers at that address.
    Unreachable,
}

#[component]
pub fn CorsDiagnosis() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let finding = RwSignal::new(None::<(Finding, String)>);
    Effect::new(move |_| {
        let outcome = pg.view.with(|v| v.outcome.clone());
        finding.set(None);
        let no_answer = matches!(
            outcome,
            Some(Outcome::Failed {
                reason: FailReason::RetriesExhausted { last: CallFailure::Network, .. }
                    | FailReason::Fatal { failure: CallFailure::Network }
            })
        );
        let ProviderChoice::Http { endpoint, .. } = pg.provider.get_untracked() else { return };
        if !no_answer {
            return;
        }
        spawn_local(async move {
            let up = server_answers_at_all(&endpoint).await;
            finding.try_set(Some((if up { Finding::Blocked } else { Finding::Unreachable }, endpoint)));
        });
    });
    move || {
        finding.get().map(|(found, endpoint)| {
            let page_origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
            let public_page = !page_origin.contains("localhost") && !page_origin.contains("127.0.0.1");
            let local_endpoint = endpoint.contains("localhost") || endpoint.contains("127.0.0.1");
            view! {
                <section class="panel diagnosis" data-testid="cors-diagnosis" data-finding=match found { Finding::Blocked => "cors", Finding::Unreachable => "unreachable" }>
                    <h2>{text::diagnosis_title()}</h2>
                    <p>{match found { Finding::Blocked => text::diag_blocked(), Finding::Unreachable => text::diag_unreachable() }}</p>
                    <p class="fix">{text::cors_fix(preset_of(&endpoint), &page_origin)}</p>
                    {(public_page && local_endpoint).then(|| view! { <p class="fix">{text::diag_public_to_local()}</p> })}
                    <p class="lesson-point">{text::diag_layer_point()}</p>
                </section>
            }
        })
    }
}
