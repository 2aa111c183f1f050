//! The real endpoint's form: where it is, the model, the key (kept in memory unless the user opts
//! in), streaming, and a connection test. A lazy part: a default run never downloads it.

use crate::state::Playground;
use crate::text;
use crate::ui::endpoint::finding::Finding;
use crate::web::http_provider::test_connection;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::run::connection::{Diagnosis, Preset};
use rusty_lock_engine::show::scenario::ProviderChoice;

/// Why Run is disabled, beside it: the model name a preset needs is missing. In this part
/// because its words are, and a default run never shows it.
#[component]
pub fn RunBlocked() -> impl IntoView {
    // Its styles are in lessons.css, not the first load's sheet.
    crate::web::lesson_styles::link();
    view! { <p class="run-blocked" id="run-blocked" data-testid="run-blocked">{text::run_needs_model()}</p> }
}

/// Where the real endpoint is, its key, streaming, and a connection test.
#[component]
pub fn EndpointForm(
    /// The endpoint and model, as the panel reads them from the provider choice.
    endpoint: Memo<Option<(String, String)>>,
) -> impl IntoView {
    // Its styles are in lessons.css, not the first load's sheet.
    crate::web::lesson_styles::link();
    let pg = crate::state::expect_context::<Playground>();
    let set_http = move |endpoint: String, model: String| {
        pg.scenario.update(|s| s.provider = ProviderChoice::Http { endpoint, model })
    };
    let url = move || endpoint.with(|e| e.as_ref().map(|(u, _)| u.clone()).unwrap_or_default());
    let model = move || endpoint.with(|e| e.as_ref().map(|(_, m)| m.clone()).unwrap_or_default());
    let preset = Memo::new(move |_| endpoint.with(|e| e.as_ref().map_or(Preset::Custom, |(u, _)| Preset::of(u))));
    let model_empty = Memo::new(move |_| model().trim().is_empty());
    let model_missing = Memo::new(move |_| model_empty.get() && preset.get().needs_model());
    let address = Memo::new(move |_| url());
    let model_field = NodeRef::<leptos::html::Input>::new();
    let url_field = NodeRef::<leptos::html::Input>::new();
    // "Custom" has no address of its own: choosing it keeps the address there is (an empty one
    // would not be a real endpoint at all) for the user to edit, and the menu says Custom until
    // another preset is chosen.
    let custom_chosen = RwSignal::new(false);
    // The finding and the address it is about: shown only while the form still shows that
    // address, so a finding never speaks of another server.
    let test_result = RwSignal::new(None::<(String, Diagnosis)>);
    let testing = RwSignal::new(false);
    let test = move |_| {
        let Some((url, _)) = endpoint.get_untracked() else { return };
        let key = pg.key_for_request();
        testing.set(true);
        test_result.set(None);
        spawn_local(async move {
            let found = test_connection(&url, &key).await;
            // The form may be gone by the time the server answers.
            testing.try_set(false);
            test_result.try_set(Some((url, found)));
        });
    };
    let shown_result = move || {
        test_result.get().filter(|(tested, _)| *tested == address.get()).map(|(tested, found)| {
            let ok = found.is_ok();
            let slug = found.slug();
            let models = match &found {
                Diagnosis::Ok { models } => models.iter().take(8).cloned().collect(),
                _ => Vec::new(),
            };
            // Offered while the field is empty, whether or not this server insists on a name.
            let pick = (!models.is_empty() && model_empty.get()).then(|| {
                view! {
                    <p class="pick-model">
                        <span>{text::pick_model()}</span>
                        {models.into_iter().map(|m| {
                            let chosen = m.clone();
                            view! { <button class="btn-small" data-testid="use-model" on:click=move |_| set_http(url(), chosen.clone())>{m}</button> }
                        }).collect_view()}
                    </p>
                }
            });
            view! {
                <div class="test-result" class:ok=ok data-testid="connection-result" data-ok=ok.to_string() data-finding=slug>
                    <Finding found=found endpoint=tested />
                    {pick}
                </div>
            }
        })
    };
    view! {
        <label class="field">
            <span class="field-label">{text::preset()}</span>
            <select class="wide" data-testid="preset" on:change=move |ev| {
                let Some(chosen) = crate::web::events::target_value(&ev).and_then(|id| Preset::from_id(&id)) else { return };
                custom_chosen.set(chosen == Preset::Custom);
                if chosen == Preset::Custom {
                    if let Some(field) = url_field.get_untracked() {
                        let _ = field.focus();
                    }
                    return;
                }
                let model = model();
                let asks = chosen.needs_model() && model.trim().is_empty();
                set_http(chosen.base_url().into(), model);
                // A preset whose server needs a model name asks for it at once, rather than
                // leaving an empty field that looks filled in by its example.
                if asks {
                    if let Some(field) = model_field.get_untracked() {
                        let _ = field.focus();
                    }
                }
            } prop:value=move || if custom_chosen.get() { Preset::Custom.id() } else { preset.get().id() }>
                {Preset::ALL.iter().map(|p| view! { <option value=p.id()>{text::preset_name(*p)}</option> }).collect_view()}
            </select>
        </label>
        <label class="field">
            <span class="field-label">{text::base_url()}</span>
            <input type="url" class="wide" data-testid="base-url" spellcheck="false" node_ref=url_field prop:value=url
                on:change=move |ev| { let Some(url) = crate::web::events::target_value(&ev) else { return }; set_http(url.trim().to_string(), model()) } />
        </label>
        <label class="field">
            <span class="field-label">{text::model_name()}</span>
            // Set as it is typed, so Run is enabled by the first letter; trimmed once it is left.
            <input type="text" class="wide" data-testid="model-name" spellcheck="false" node_ref=model_field
                placeholder=move || text::model_placeholder(preset.get())
                required=move || preset.get().needs_model()
                aria-invalid=move || model_missing.get().then_some("true")
                aria-describedby=move || model_missing.get().then_some("model-needed")
                prop:value=model
                on:input=move |ev| { let Some(model) = crate::web::events::target_value(&ev) else { return }; set_http(url(), model) }
                on:change=move |ev| { let Some(model) = crate::web::events::target_value(&ev) else { return }; set_http(url(), model.trim().to_string()) } />
        </label>
        <Show when=move || model_missing.get()>
            <p class="field-need" id="model-needed" data-testid="model-needed">{move || text::model_needed(preset.get())}</p>
        </Show>
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
        <button class="btn-small" data-testid="test-connection" on:click=test disabled=move || testing.get() aria-busy=move || testing.get().to_string()>
            {move || if testing.get() { text::testing() } else { text::test_connection() }}
        </button>
        <div class="test-output" role="status">{shown_result}</div>
    }
}
