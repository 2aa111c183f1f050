//! The Lessons button. The list it opens (`lessons_list.rs`) is a lazy part, fetched the first
//! time the menu opens.

use crate::text;
use crate::ui::parts;
use crate::web::lazy::part;
use leptos::prelude::*;

#[component]
pub fn LessonsMenu() -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <div class="lessons-menu">
            <button class="btn btn-lessons" data-testid="lessons" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                {text::LESSONS}
            </button>
            <Show when=move || open.get()>
                {part(parts::lessons_list(open))}
            </Show>
        </div>
    }
}
