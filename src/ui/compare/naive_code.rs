//! Compare mode's second listing: the naive loop, beside the robust one in the code panel, in the
//! same language. Its lines light with the naive run's steps; where the two loops part, the line
//! where the naive loop lets the failure through is marked as the missing catch, and the robust
//! line that makes that catch is marked too (through `caught`, which the code panel reads).
//! It comes in the `compare` part, with its styles (src/ui/compare/compare.css).

use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::ui::compare::code_lines::{indent_of, line_code};
use crate::web::append_list::reveal_in;
use leptos::html::Div;
use leptos::prelude::*;
use rusty_lock_engine::show::listing::{missing_line, naive_listing, Lang};
use rusty_lock_engine::show::scene::{anchor_of, Anchor};

#[component]
pub fn NaiveCode(lang: RwSignal<Lang>, caught: RwSignal<Option<Anchor>>) -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<Shown>();
    let pb = pg.playback;
    let lit = Memo::new(move |_| shown.naive_event.with(|e| e.as_ref().and_then(anchor_of)));
    // The robust loop's catch where the two part, once playback has reached that step, if the
    // naive listing has a place where it is missing.
    let missing = Memo::new(move |_| {
        let at = pb.diverge_at.get()?;
        if shown.index.get()? < at {
            return None;
        }
        let anchor = pg.run.with(|rec| rec.events().get(at).and_then(anchor_of))?;
        missing_line(&naive_listing(lang.get()), anchor).map(|_| anchor)
    });
    Effect::new(move |_| caught.set(missing.get()));
    // The code panel that owns `caught` may be taken down first.
    on_cleanup(move || {
        caught.try_set(None);
    });
    let code = NodeRef::<Div>::new();
    Effect::new(move |_| {
        lit.track();
        missing.track();
        lang.track();
        // The frame may come after the listing is gone: then there is nothing to scroll.
        request_animation_frame(move || {
            let Some(list) = code.try_get_untracked().flatten() else { return };
            let line = list.query_selector("[data-catch-missing=true]").ok().flatten();
            if let Some(line) = line.or_else(|| list.query_selector("[data-lit=true]").ok().flatten()) {
                reveal_in(&list, &line);
            }
        });
    });
    view! {
        // Compare mode's own styles come with it, not in the first load.
        <link rel="stylesheet" href="compare.css" />
        <div class="code-school naive-code" data-testid="naive-code">
            <h3 class="code-school-title" id="naive-code-title">{text::naive_loop()}</h3>
            <div class="code" role="region" tabindex="0" aria-labelledby="naive-code-title" node_ref=code data-lang=move || lang.get().slug()>
                <ol class="code-lines">
                    {move || naive_listing(lang.get()).into_iter().map(|line| {
                        let anchor = line.anchor;
                        let on = move || anchor.is_some() && lit.get() == anchor;
                        let catches = line.missing.clone();
                        let gap = Memo::new(move |_| missing.get().is_some_and(|a| catches.contains(&a)));
                        let slugs = line.missing.iter().map(|a| a.slug()).collect::<Vec<_>>().join(" ");
                        view! {
                            <li
                                data-testid="naive-code-line"
                                style=format!("--indent: {}ch", indent_of(&line))
                                data-anchor=anchor.map(|a| a.slug())
                                data-missing=(!slugs.is_empty()).then_some(slugs)
                                data-lit=move || on().to_string()
                                class:lit=on
                                data-catch-missing=move || gap.get().to_string()
                                class:missing=move || gap.get()
                            >
                                {line_code(&line)}
                                {move || gap.get().then(|| view! { <span class="catch-tag">{text::catch_missing()}</span> })}
                            </li>
                        }
                    }).collect_view()}
                </ol>
            </div>
        </div>
    }
}
