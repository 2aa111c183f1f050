//! The label over the scene while the run on screen is an opened trace: it says the run is a
//! recording, and what it was recorded against, as data (the page's settings are not switched to
//! it, so the next Run runs what they show). It stays through and after the replay, until the
//! next Run or the next scenario. In the `traces` part, which opening the file fetched already.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn ReplayLabel() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    move || {
        pg.replayed.get().map(|recorded| {
            view! {
                <div class="replay-label" data-testid="replay-label">
                    <strong>{text::replay_label()}</strong>
                    " "
                    <span data-testid="replay-recorded">{text::recorded_with(&recorded)}</span>
                    " "
                    <span>{text::replay_note()}</span>
                </div>
            }
        })
    }
}
