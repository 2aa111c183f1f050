//! Small labelled inputs shared by the settings panels.

use leptos::prelude::*;
use rusty_lock_engine::show::scenario::Setting;

/// A labelled number input for a setting, clamped to the bounds a link may give it (the
/// engine's, one list for both), so a typo never reaches the engine.
#[component]
pub fn NumberField(
    label: &'static str,
    testid: &'static str,
    bounds: Setting,
    #[prop(optional)] hint: &'static str,
    value: Signal<u64>,
    on_change: Callback<u64>,
) -> impl IntoView {
    let (min, max) = bounds.bounds().unwrap_or((0, u64::MAX));
    view! {
        <label class="field">
            <span class="field-label">{label}</span>
            <input
                type="number"
                min=min
                max=max
                data-testid=testid
                prop:value=move || value.get().to_string()
                on:change=move |ev| {
                    let Some(raw) = crate::web::events::target_value(&ev) else { return };
                    let v = raw.trim().parse::<u64>().unwrap_or(min).clamp(min, max);
                    on_change.run(v);
                }
            />
            {(!hint.is_empty()).then(|| view! { <span class="field-hint">{hint}</span> })}
        </label>
    }
}

/// A labelled checkbox.
#[component]
pub fn CheckField(
    label: &'static str,
    testid: &'static str,
    value: Signal<bool>,
    on_change: Callback<bool>,
) -> impl IntoView {
    view! {
        <label class="field check">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || value.get()
                on:change=move |ev| if let Some(on) = crate::web::events::target_checked(&ev) { on_change.run(on) }
            />
            <span class="field-label">{label}</span>
        </label>
    }
}
