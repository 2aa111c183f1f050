//! The page's layout: controls across the top, settings on the left, the room and the board in
//! the middle, the log on the right and the history below.

use crate::state::Playground;
use crate::text;
use crate::ui::icons::KeyIcon;
use crate::ui::{
    board::Board, event_log::EventLog, fault_panel::FaultPanel, history::History, outcome_banner::OutcomeBanner,
    room_view::RoomView, run_controls::RunControls, settings_panel::SettingsPanel,
};
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    provide_context(Playground::new());
    view! {
        <header class="top">
            <div class="brand">
                <span class="logo"><KeyIcon size=40 /></span>
                <div>
                    <h1>{text::TITLE}</h1>
                    <p class="tagline">{text::TAGLINE}</p>
                </div>
            </div>
            <RunControls />
        </header>
        <main class="layout">
            <aside class="side">
                <FaultPanel />
                <SettingsPanel />
            </aside>
            <div class="center">
                <OutcomeBanner />
                <RoomView />
                <Board />
                <History />
            </div>
            <EventLog />
        </main>
    }
}
