//! The "who handled it" board: one lane per layer, each failure dropped into its lane as it
//! happens. At the end of a run it is the summary. It shows the step on screen, so looking back
//! takes the later entries off.

use crate::state::shown::Shown;
use crate::text;
use crate::ui::layer_icon::LayerIcon;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::show::view::BoardEntry;

/// A lane shows its newest chips only, after one that counts the others: a 1,000-turn run drops
/// a thousand chips into one lane, a wall nobody reads, which cost the page more to build than
/// the rest of the run. The count in the lane's head is always the whole.
const CHIPS_SHOWN: usize = 24;

#[component]
pub fn Board() -> impl IntoView {
    let shown = crate::state::expect_context::<Shown>();
    view! {
        <section class="panel board" aria-labelledby="board-title" data-testid="board">
            <h2 id="board-title">{text::board()}</h2>
            <div class="lanes">
                {[Layer::Model, Layer::Code, Layer::Nobody].into_iter().map(|layer| {
                    // (how many in all, the newest of them)
                    let entries = Memo::new(move |_| shown.view.with(|v| {
                        let all: Vec<&BoardEntry> = v.board.iter().filter(|e| e.layer == layer).collect();
                        let newest = all[all.len().saturating_sub(CHIPS_SHOWN)..].iter().map(|e| (*e).clone()).collect::<Vec<_>>();
                        (all.len(), newest)
                    }));
                    let total = move || entries.with(|(n, _)| *n);
                    let earlier = move || entries.with(|(n, newest)| n - newest.len());
                    view! {
                        <div class=format!("lane lane-{}", layer.slug()) data-lane=layer.slug()>
                            <h3><LayerIcon layer=layer />{text::layer_name(layer)}<span class="count">{total}</span></h3>
                            <p class="rule">{text::layer_rule(layer)}</p>
                            <ul>
                                <Show when=move || { earlier() > 0 }>
                                    <li class="chip chip-earlier" data-testid="board-earlier">{move || text::board_earlier(earlier())}</li>
                                </Show>
                                <For each=move || entries.with(|(_, newest)| newest.clone()) key=|e| e.index let:entry>
                                    <li class="chip" data-testid="board-entry" data-layer=layer.slug() data-kind=entry.kind.slug()>
                                        <span class="chip-turn">{format!("T{}", entry.turn)}</span>
                                        {text::board_label(entry.kind)}
                                    </li>
                                </For>
                            </ul>
                        </div>
                    }
                }).collect_view()}
            </div>
        </section>
    }
}
