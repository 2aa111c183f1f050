//! Hand-drawn SVG icons. No emoji: many projector laptops and headless browsers lack the font.

use leptos::prelude::*;

/// The key: the logo, and the first item of the inventory.
#[component]
pub fn KeyIcon(#[prop(default = 20)] size: u32) -> impl IntoView {
    view! {
        <svg class="icon icon-key" viewBox="0 0 24 24" width=size height=size aria-hidden="true">
            <circle cx="7" cy="12" r="4.5" fill="none" stroke="currentColor" stroke-width="2.5" />
            <path d="M11.5 12 H22 M18 12 v4 M21 12 v3" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" />
        </svg>
    }
}
