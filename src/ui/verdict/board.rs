//! The "who handled it" board: one lane per layer, each failure dropped into its lane as it
//! happens. At the end of a run it is the summary. It shows the step on screen, so looking back
//! takes the later entries off.

use crate::state::shown::Shown;
use crate::text;
use crate::ui::layer_icon::LayerIcon;
use leptos::prelude::*;
use rusty_lock_engine::Layer;

#[component]
pub fn Board() -> impl IntoView {
    let shown = crate::state::expect_context::<Shown>();
    view! {
        <section class="panel board" aria-labelledby="board-title" data-testid="board">
            <h2 id="board-title">{text::board()}</h2>
            <div class="lanes">
                {[Layer::Model, Layer::Code, Layer::Nobody].into_iter().map(|layer| {
                    let entries = Memo::new(move |_| shown.view.with(|v| v.board.iter().filter(|e| e.layer == layer).cloned().collect::<Vec<_>>()));
                    view! {
                        <div class=format!("lane lane-{}", layer.slug()) data-lane=layer.slug()>
                            <h3><LayerIcon layer=layer />{text::layer_name(layer)}<span class="count">{move || entries.with(Vec::len)}</span></h3>
                            <p class="rule">{text::layer_rule(layer)}</p>
                            <ul>
                                <For each=move || entries.get() key=|e| e.index let:entry>
                                    <li class="chip" data-testid="board-entry" data-layer=layer.slug() data-kind=entry.kind.clone()>
                                        <span class="chip-turn">{format!("T{}", entry.turn)}</span>
                                        {text::board_label(&entry.kind)}
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
