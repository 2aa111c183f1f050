//! The playback speed, as a labelled list: the playground's controls and your own loop's run bar
//! both show this one, so the two views offer the same speeds in the same words.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn SpeedSelect() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    view! {
        <label class="speed">
            <span>{text::speed()}</span>
            <select
                data-testid="speed"
                on:change=move |ev| {
                    if let Some(Ok(i)) = crate::web::events::target_value(&ev).map(|v| v.parse::<usize>()) {
                        pg.scenario.update(|s| s.speed = i.min(text::speed_labels().len() - 1));
                    }
                }
                prop:value=move || pg.speed.get().to_string()
            >
                {text::speed_labels()
                    .iter()
                    .enumerate()
                    .map(|(i, name)| view! { <option value=i.to_string() selected=move || pg.speed.get() == i>{*name}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}
