//! The loop in code, in Rust, TypeScript or Python, with the line that the step on screen
//! corresponds to lit: a retry's wait, a tool error caught, a guard, the exit. It follows
//! playback and time travel.

use crate::state::shown::Shown;
use crate::text;
use crate::web::append_list::reveal_in;
use leptos::html::Ol;
use leptos::prelude::*;
use rusty_lock_engine::listing::{listing, Lang};
use rusty_lock_engine::scene::anchor_of;

#[component]
pub fn CodePanel() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let lang = RwSignal::new(Lang::Rust);
    let lit = Memo::new(move |_| shown.event.with(|e| e.as_ref().and_then(anchor_of)));
    let has_step = Memo::new(move |_| shown.event.with(Option::is_some));
    let code = NodeRef::<Ol>::new();
    // Keep the lit line in view inside the panel, without scrolling the page, once the frame is
    // laid out (measuring earlier would force a layout in the middle of the step's updates).
    Effect::new(move |_| {
        lit.track();
        lang.track();
        request_animation_frame(move || {
            let Some(list) = code.get_untracked() else { return };
            if let Ok(Some(line)) = list.query_selector("[data-lit=true]") {
                reveal_in(&list, &line);
            }
        });
    });
    view! {
        <section class="panel code-panel" data-testid="code-panel" data-lit-anchor=move || lit.get().map(|a| a.slug()) aria-labelledby="code-title">
            <div class="code-head">
                <h2 id="code-title">{text::CODE_PANEL}</h2>
                <div class="tabs" role="tablist" aria-label=text::CODE_PANEL>
                    {Lang::ALL.into_iter().map(|l| view! {
                        <button
                            role="tab"
                            class="tab"
                            data-testid=format!("code-tab-{}", l.slug())
                            aria-selected=move || (lang.get() == l).to_string()
                            on:click=move |_| lang.set(l)
                        >
                            {l.name()}
                        </button>
                    }).collect_view()}
                </div>
            </div>
            <ol class="code" role="tabpanel" node_ref=code data-lang=move || lang.get().slug()>
                {move || listing(lang.get()).into_iter().map(|line| {
                    let anchor = line.anchor;
                    let on = move || anchor.is_some() && lit.get() == anchor;
                    view! {
                        <li data-testid="code-line" data-anchor=anchor.map(|a| a.slug()) data-lit=move || on().to_string() class:lit=on>
                            <code>{line.text}</code>
                        </li>
                    }
                }).collect_view()}
            </ol>
            <p class="hint">
                {move || if has_step.get() && lit.get().is_none() { text::NO_LINE } else { text::CODE_HINT }}
            </p>
        </section>
    }
}
