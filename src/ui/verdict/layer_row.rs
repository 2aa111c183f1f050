//! The board in one row, directly under the scene: the three layers side by side, each with the
//! rule it follows and how many failures it has handled so far, and the lane of the layer acting
//! on the step on screen lit. It is also the legend a newcomer reads first.

use crate::state::shown::Shown;
use crate::text;
use crate::ui::layer_icon::LayerIcon;
use leptos::prelude::*;
use rusty_lock_engine::run::events::{Event, Layer};

const LAYERS: [Layer; 3] = [Layer::Model, Layer::Code, Layer::Nobody];

#[component]
pub fn LayerRow() -> impl IntoView {
    let shown = crate::state::expect_context::<Shown>();
    let lit = Memo::new(move |_| shown.event.with(|e| e.as_ref().and_then(Event::layer)));
    let counts = Memo::new(move |_| {
        shown.view.with(|v| LAYERS.map(|l| v.board.iter().filter(|entry| entry.layer == l).count()))
    });
    view! {
        <section class="layer-row" data-testid="layer-row" aria-label=text::layer_row()>
            {LAYERS.into_iter().enumerate().map(|(i, layer)| {
                let on = move || lit.get() == Some(layer);
                view! {
                    <div
                        class=format!("rlane rlane-{}", layer.slug())
                        class:lit=on
                        data-testid=format!("layer-lane-{}", layer.slug())
                        data-lit=move || on().to_string()
                    >
                        <span class="rlane-head">
                            <LayerIcon layer=layer />
                            <strong class="rlane-name">{text::layer_name(layer)}</strong>
                            <span class="rlane-count" data-testid=format!("layer-count-{}", layer.slug()) aria-label=move || text::handled_count(counts.get()[i])>
                                {move || counts.get()[i]}
                            </span>
                        </span>
                        <span class="rlane-rule">{text::layer_short_rule(layer)}</span>
                    </div>
                }
            }).collect_view()}
        </section>
    }
}
