//! Every event of the run as a line, newest at the bottom, each failure marked with its layer.

use crate::state::Playground;
use crate::text;
use crate::ui::layer_icon::LayerIcon;
use leptos::html::Ol;
use leptos::prelude::*;
use rusty_lock_engine::view::turn_of;

#[component]
pub fn EventLog() -> impl IntoView {
    let pg = expect_context::<Playground>();
    let list = NodeRef::<Ol>::new();
    let count = Memo::new(move |_| pg.events.with(Vec::len));
    // Follow the newest entry as the run goes.
    Effect::new(move |_| {
        count.track();
        if let Some(el) = list.get() {
            el.set_scroll_top(el.scroll_height());
        }
    });
    view! {
        <section class="panel log" aria-labelledby="log-title">
            <h2 id="log-title">{text::LOG}<span class="count">{count}</span></h2>
            <Show when=move || count.get() == 0>
                <p class="empty">{text::LOG_EMPTY}</p>
            </Show>
            <ol class="entries" data-testid="event-log" node_ref=list>
                <For each=move || 0..count.get() key=|i| *i let:i>
                    {
                        let event = pg.events.with_untracked(|v| v[i].clone());
                        let layer = event.layer();
                        let turn = turn_of(&event).map(|t| format!("T{t}")).unwrap_or_default();
                        view! {
                            <li class=format!("entry kind-{}", event.kind()) data-kind=event.kind() data-layer=layer.map(|l| l.slug())>
                                <span class="entry-turn">{turn}</span>
                                <span class="entry-icon">{layer.map(|l| view! { <LayerIcon layer=l /> })}</span>
                                <span class="entry-text">{text::describe(&event)}</span>
                                {layer.map(|l| view! { <span class=format!("tag tag-{}", l.slug())>{text::layer_name(l)}</span> })}
                            </li>
                        }
                    }
                </For>
            </ol>
        </section>
    }
}
