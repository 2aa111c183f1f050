//! "Print handout": the browser's print dialog, where the agenda prints as the handout (its
//! print rules are under `@media print` in style/main.css).

use crate::text;
use crate::web::share::print_page;
use leptos::prelude::*;

#[component]
pub fn PrintButton() -> impl IntoView {
    view! {
        <button class="btn btn-run" data-testid="print-handout" on:click=move |_| print_page()>{text::print_handout()}</button>
    }
}
