//! The loop in code, in Rust, TypeScript or Python, with the line that the step on screen
//! corresponds to lit: a retry's wait, a tool error caught, a guard, the exit. It follows
//! playback and time travel. Long lines wrap and blank lines keep their height, so nothing is
//! ever clipped; the panel scrolls itself (never the page) to keep the lit line in view.
//! In compare mode the naive loop's listing (the `compare` part) stands beside it, and the robust
//! line that makes the catch the naive loop is missing is marked once playback reaches it.

use crate::hooks::after_layout::use_measure_after_layout;
use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::ui::compare::code_lines::{indent_of, line_code};
use crate::web::append_list::reveal_in;
use leptos::html::Div;
use leptos::prelude::*;
use rusty_lock_engine::show::listing::{listing, Lang};
use rusty_lock_engine::show::scene::{anchor_of, Anchor};

/// Draws the naive loop's listing (from the `compare` part) for a language, telling the panel
/// through the second signal which robust catch it is missing.
pub type NaiveListing = fn(RwSignal<Lang>, RwSignal<Option<Anchor>>) -> AnyView;

#[component]
pub fn CodePanel(naive: NaiveListing) -> impl IntoView {
    let shown = crate::state::expect_context::<Shown>();
    let compare = crate::state::expect_context::<Playground>().playback.compare;
    let lang = RwSignal::new(Lang::Rust);
    // Set by the naive listing in compare mode: the robust catch it is missing, once reached.
    let caught = RwSignal::new(None::<Anchor>);
    let lit = Memo::new(move |_| shown.event.with(|e| e.as_ref().and_then(anchor_of)));
    let has_step = Memo::new(move |_| shown.event.with(Option::is_some));
    let code = NodeRef::<Div>::new();
    let pg = crate::state::expect_context::<Playground>();
    // Keep the lit line in view inside the panel, without scrolling the page.
    use_measure_after_layout(
        pg,
        move || {
            lit.track();
            lang.track();
            true
        },
        move || {
            let Some(list) = code.try_get_untracked().flatten() else { return };
            if let Ok(Some(line)) = list.query_selector("[data-lit=true]") {
                reveal_in(&list, &line);
            }
        },
    );
    view! {
        <section class="panel code-panel" data-testid="code-panel" data-lit-anchor=move || lit.get().map(|a| a.slug()) aria-labelledby="code-title">
            <div class="code-head">
                <h2 id="code-title">{text::code_panel()}</h2>
                <div class="tabs" role="tablist" aria-label=text::code_panel()>
                    {Lang::ALL.into_iter().map(|l| view! {
                        <button
                            role="tab"
                            class="tab"
                            id=format!("code-tab-{}", l.slug())
                            aria-controls="code-listing"
                            data-testid=format!("code-tab-{}", l.slug())
                            aria-selected=move || (lang.get() == l).to_string()
                            tabindex=move || if lang.get() == l { "0" } else { "-1" }
                            on:click=move |_| lang.set(l)
                            on:keydown=move |ev| switch_tab(ev, l, lang)
                        >
                            {l.name()}
                        </button>
                    }).collect_view()}
                </div>
            </div>
            <div class="code-pair" class:paired=move || compare.get()>
            <Show when=move || compare.get()>{naive(lang, caught)}</Show>
            <div class="code-school">
            <Show when=move || compare.get()>
                <h3 class="code-school-title">{text::robust_loop()}</h3>
            </Show>
            // The tab panel is the scroll container: focusable, so the keyboard can scroll it.
            <div
                class="code"
                id="code-listing"
                role="tabpanel"
                tabindex="0"
                aria-labelledby=move || format!("code-tab-{}", lang.get().slug())
                node_ref=code
                data-lang=move || lang.get().slug()
            >
            <ol class="code-lines">
                {move || listing(lang.get()).into_iter().map(|line| {
                    let anchor = line.anchor;
                    let on = move || anchor.is_some() && lit.get() == anchor;
                    let made = move || anchor.is_some() && caught.get() == anchor;
                    // The indent is drawn by the style: a long line then wraps within its code
                    // (never after its indent, which would leave a blank row), and goes on under
                    // its own code rather than under the margin.
                    view! {
                        <li data-testid="code-line" style=format!("--indent: {}ch", indent_of(&line)) data-anchor=anchor.map(|a| a.slug()) data-lit=move || on().to_string() class:lit=on data-caught=move || made().then_some("true") class:caught=made>
                            {line_code(&line)}
                            {move || made().then(|| view! { <span class="catch-tag">{text::catch_made()}</span> })}
                        </li>
                    }
                }).collect_view()}
            </ol>
            </div>
            </div>
            </div>
            <p class="hint">
                {move || if has_step.get() && lit.get().is_none() { text::no_line() } else { text::code_hint() }}
            </p>
        </section>
    }
}

/// Arrow keys, Home and End move between the language tabs, as in any tab list; the tab taken
/// is focused and shown at once. The keys stop here, so they do not also step the player.
fn switch_tab(ev: leptos::ev::KeyboardEvent, from: Lang, lang: RwSignal<Lang>) {
    let all = Lang::ALL;
    let at = all.iter().position(|l| *l == from).unwrap_or(0);
    let Some(press) = crate::web::events::key_press(&ev) else { return };
    let to = match press.key.as_str() {
        "ArrowRight" => all[(at + 1) % all.len()],
        "ArrowLeft" => all[(at + all.len() - 1) % all.len()],
        "Home" => all[0],
        "End" => all[all.len() - 1],
        _ => return,
    };
    ev.prevent_default();
    ev.stop_propagation();
    lang.set(to);
    if let Some(tab) = document().get_element_by_id(&format!("code-tab-{}", to.slug())) {
        if let Ok(tab) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(tab) {
            let _ = tab.focus();
        }
    }
}
