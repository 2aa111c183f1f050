//! One finding about an endpoint, said the same way wherever it is found: under "Test
//! connection", and in the diagnosis after a Run whose calls got no answer. The finding itself
//! comes from the engine (`rusty_lock_engine::run::connection`), its words from `text`: this only
//! lays them out.

use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::run::connection::{Diagnosis, Preset};

/// What was found at `endpoint`, what to do about it, and, when a public page calls a server on
/// the visitor's own machine, that browsers restrict that.
#[component]
pub fn Finding(found: Diagnosis, endpoint: String) -> impl IntoView {
    // Read defensively: a page without a window (or an odd origin) still gets its finding.
    let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
    let public_page = !origin.contains("localhost") && !origin.contains("127.0.0.1");
    let local_endpoint = endpoint.contains("localhost") || endpoint.contains("127.0.0.1");
    let no_answer = matches!(found, Diagnosis::Unreachable | Diagnosis::CorsBlocked);
    let fix = text::diagnosis_fix(&found, Preset::of(&endpoint), &origin);
    view! {
        <p class="conn-finding" data-testid="finding">{text::diagnosis(&found)}</p>
        {fix.map(|fix| view! { <p class="fix" data-testid="fix">{fix}</p> })}
        {(no_answer && public_page && local_endpoint).then(|| view! { <p class="fix">{text::diag_public_to_local()}</p> })}
    }
}
