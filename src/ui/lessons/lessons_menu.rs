//! The Lessons button. The list it opens (`lessons_list.rs`) is a lazy part, fetched the first
//! time the menu opens. A link naming an unknown lesson opens it, so the right one is a click away.

use crate::state::Playground;
use crate::text;
use crate::ui::lazy::part;
use crate::ui::parts;
use leptos::prelude::*;

#[component]
pub fn LessonsMenu() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let open = RwSignal::new(false);
    // A link that named a lesson this page does not have opens the list, beside its notice.
    Effect::new(move |_| {
        if pg.notices.with(|n| n.iter().any(|n| n.key == "lesson")) {
            open.set(true);
        }
    });
    view! {
        <div class="lessons-menu">
            <button class="btn btn-lessons" data-testid="lessons" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                {text::lessons()}
            </button>
            <Show when=move || open.get()>
                {part(parts::lessons_list(open))}
            </Show>
        </div>
    }
}
