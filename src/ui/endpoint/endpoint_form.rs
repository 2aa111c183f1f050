//! The real endpoint's form: where it is, the model, the key (kept in memory unless the user opts
//! in), streaming, and a connection test. A lazy part: a default run never downloads it.

use crate::state::Playground;
use crate::text;
use crate::ui::endpoint::presets::{preset_of, PRESETS};
use crate::web::http_provider::list_models;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::scenario::ProviderChoice;

/// Where the real endpoint is, its key, streaming, and a connection test.
#[component]
pub fn EndpointForm(
    /// The endpoint and model, as the panel reads them from the provider choice.
    endpoint: Memo<Option<(String, String)>>,
) -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let set_http = move |endpoint: String, model: String| pg.provider.set(ProviderChoice::Http { endpoint, model });
    let test_result = RwSignal::new(None::<(bool, String)>);
    let testing = RwSignal::new(false);
    let test = move |_| {
        let Some((url, _)) = endpoint.get_untracked() else { return };
        let key = pg.secrets().pop().unwrap_or_default();
        testing.set(true);
        spawn_local(async move {
            let result = list_models(&url, &key).await;
            // The form may be gone by the time the server answers.
            testing.try_set(false);
            test_result.try_set(Some(match result {
                Ok(models) if models.is_empty() => (true, text::connected_no_models().to_string()),
                Ok(models) => (true, text::connected(&models)),
                Err(e) => (false, text::connection_failed(&e.failure)),
            }));
        });
    };
    view! {
        <label class="field">
            <span class="field-label">{text::preset()}</span>
            <select class="wide" data-testid="preset" on:change=move |ev| {
                let Some(id) = crate::web::events::target_value(&ev) else { return };
                if let Some((_, url)) = PRESETS.iter().find(|(p, _)| *p == id) {
                    let model = endpoint.get_untracked().map(|(_, m)| m).unwrap_or_default();
                    set_http((*url).into(), model);
                }
            } prop:value=move || endpoint.get().map(|(u, _)| preset_of(&u)).unwrap_or("custom")>
                {PRESETS.iter().map(|(id, _)| view! { <option value=*id>{text::preset_name(id)}</option> }).collect_view()}
            </select>
        </label>
        <label class="field">
            <span class="field-label">{text::base_url()}</span>
            <input type="url" class="wide" data-testid="base-url" spellcheck="false" prop:value=move || endpoint.get().map(|(u, _)| u).unwrap_or_default()
                on:change=move |ev| { let Some(url) = crate::web::events::target_value(&ev) else { return }; let model = endpoint.get_untracked().map(|(_, m)| m).unwrap_or_default(); set_http(url.trim().to_string(), model) } />
        </label>
        <label class="field">
            <span class="field-label">{text::model_name()}</span>
            <input type="text" class="wide" data-testid="model-name" spellcheck="false" placeholder="llama3.1" prop:value=move || endpoint.get().map(|(_, m)| m).unwrap_or_default()
                on:change=move |ev| { let Some(model) = crate::web::events::target_value(&ev) else { return }; let url = endpoint.get_untracked().map(|(u, _)| u).unwrap_or_default(); set_http(url, model.trim().to_string()) } />
        </label>
        <label class="field">
            <span class="field-label">{text::api_key()}</span>
            // Uncontrolled on purpose: the key is read from the field, never written into the page.
            <input type="password" class="wide" data-testid="api-key" autocomplete="off" placeholder=move || if pg.has_key.get() { text::key_set() } else { text::key_optional() }
                on:change=move |ev| {
                    let Some(input) = crate::web::events::target_input(&ev) else { return };
                    pg.set_api_key(input.value().trim().to_string());
                    input.set_value("");
                } />
        </label>
        <div class="key-actions">
            <label class="field check">
                <input type="checkbox" data-testid="remember-key" prop:checked=move || pg.remember_key.get() on:change=move |ev| if let Some(on) = crate::web::events::target_checked(&ev) { pg.set_remember_key(on) } />
                <span class="field-label">{text::remember_key()}</span>
            </label>
            <Show when=move || pg.has_key.get()>
                <button class="btn-small" data-testid="forget-key" on:click=move |_| pg.forget_key()>{text::forget_key()}</button>
            </Show>
        </div>
        <label class="field check">
            <input type="checkbox" data-testid="stream" prop:checked=move || pg.stream.get() on:change=move |ev| if let Some(on) = crate::web::events::target_checked(&ev) { pg.stream.set(on) } />
            <span class="field-label">{text::stream()}</span>
        </label>
        <p class="hint">{text::stream_faults()}</p>
        <button class="btn-small" data-testid="test-connection" on:click=test disabled=move || testing.get()>{text::test_connection()}</button>
        {move || test_result.get().map(|(ok, msg)| view! { <p class="test-result" class:ok=ok data-testid="connection-result" data-ok=ok.to_string()>{msg}</p> })}
    }
}
