//! Who answers: the built-in model, or a real OpenAI-compatible endpoint. The endpoint's form
//! (`endpoint_form.rs`) is a lazy part, fetched when "Real endpoint" is picked.

use crate::state::Playground;
use crate::text;
use crate::ui::lazy::part;
use crate::ui::parts;
use leptos::prelude::*;
use rusty_lock_engine::run::connection::Preset;
use rusty_lock_engine::show::scenario::ProviderChoice;

/// The current endpoint and model, when a real endpoint answers.
fn current_endpoint(pg: Playground) -> Memo<Option<(String, String)>> {
    Memo::new(move |_| match pg.scenario.with(|s| s.provider.clone()) {
        ProviderChoice::Builtin => None,
        ProviderChoice::Http { endpoint, model } => Some((endpoint, model)),
    })
}

/// The choice between the built-in model and a real endpoint. The endpoint's form is a lazy
/// part: a default run never downloads it.
#[component]
pub fn EndpointPanel() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let endpoint = current_endpoint(pg);
    view! {
        <section class="panel endpoint" aria-labelledby="endpoint-title" data-testid="endpoint-panel">
            <h2 id="endpoint-title">{text::who_answers()}</h2>
            <div class="segmented" role="radiogroup">
                <label><input type="radio" name="provider" data-testid="provider-builtin" prop:checked=move || endpoint.get().is_none() on:change=move |_| pg.scenario.update(|s| s.provider = ProviderChoice::Builtin) />{text::builtin()}</label>
                <label><input type="radio" name="provider" data-testid="provider-http" prop:checked=move || endpoint.get().is_some() on:change=move |_| pg.scenario.update(|s| s.provider = ProviderChoice::Http { endpoint: Preset::Ollama.base_url().into(), model: String::new() }) />{text::real_endpoint()}</label>
            </div>
            <Show when=move || endpoint.get().is_some()>
                {part(parts::endpoint_form(endpoint))}
            </Show>
        </section>
    }
}
