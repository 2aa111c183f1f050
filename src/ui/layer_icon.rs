//! A shape per layer, so the layers never rely on colour alone: a circle for the model, a
//! triangle for your code, a square for nobody.

use leptos::prelude::*;
use rusty_lock_engine::run::events::Layer;

/// The shape of a layer's icon, as SVG markup.
fn shape(layer: Layer) -> &'static str {
    match layer {
        Layer::Model => r#"<circle cx="8" cy="8" r="6.5"></circle>"#,
        Layer::Code => r#"<polygon points="8,1.5 15,14.5 1,14.5"></polygon>"#,
        Layer::Nobody => r#"<rect x="2" y="2" width="12" height="12" rx="1.5"></rect>"#,
    }
}

#[component]
pub fn LayerIcon(layer: Layer) -> impl IntoView {
    view! {
        <svg class=format!("layer-icon layer-{}", layer.slug()) viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" inner_html=shape(layer)></svg>
    }
}
