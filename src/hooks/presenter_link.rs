//! The projected window's side of the presenter view (`?view=presenter`, `ui::presenter`): in
//! presenter mode it says what is on screen after every change, and does what the presenter
//! pressed there, exactly as the clicker's keys would (`hooks::keys`).

#![allow(improper_ctypes_definitions)]

use crate::hooks::keys::{asking, presenter_answer, presenter_move};
use crate::parts::{split_point, PartMissing};
use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::web::address::Address;
use crate::web::presenter_channel::{Command, Message, OnScreen, PresenterChannel};
use leptos::prelude::*;
use rusty_lock_engine::show::scenario::Mode;
use rusty_lock_engine::show::view::RunRecord;

/// What is on screen now, as the presenter view is told it (tracked).
fn on_screen(pg: Playground, shown: Shown) -> OnScreen {
    pg.scenario.track();
    // `asking` reads untracked; these make the message follow it.
    pg.answer.track();
    pg.revealed.track();
    let event = shown.event.get();
    OnScreen {
        lesson: pg.lesson(),
        at: shown.index.get().map_or(0, |i| i as u32 + 1),
        of: pg.run.with(RunRecord::len) as u32,
        caption: event.as_ref().map(text::scene_caption).unwrap_or_default(),
        layer: event.as_ref().and_then(rusty_lock_engine::run::events::Event::layer),
        asking: asking(pg),
        running: pg.running.get(),
        finished: pg.finished(),
        narrating: pg.narrating(),
    }
}

/// Opens the link the first time presenter mode is on. Only this check is in the first load: the
/// channel and what it says come in the kit's part, under the playground's owner, so they go
/// with it (a link to another view closes the channel).
pub fn use_presenter_link(pg: Playground, address: Address) {
    let shown = crate::state::expect_context::<Shown>();
    let owner = Owner::current();
    Effect::new(move |linked: Option<bool>| {
        if linked == Some(true) || pg.mode() != Mode::Present {
            return linked.unwrap_or(false);
        }
        let owner = owner.clone();
        leptos::task::spawn_local(async move {
            // A part that cannot be fetched leaves the presenter view waiting, and nothing else.
            let _ = link_presenter(pg, address, shown, owner).await;
        });
        true
    });
}

split_point! { kit,
    fn link_presenter(pg: Playground, address: Address, shown: Shown, owner: Option<Owner>) -> Result<(), PartMissing> {
        let Some(owner) = owner.filter(|_| pg.is_alive()) else { return Ok(()) };
        owner.with(|| open_link(pg, address, shown));
        Ok(())
    }
}

fn open_link(pg: Playground, address: Address, shown: Shown) {
    let channel = StoredValue::new_local(None::<PresenterChannel>);
    let post = move |now: OnScreen| {
        channel.with_value(|c| {
            if let Some(c) = c {
                c.send(&Message::OnScreen(now));
            }
        });
    };
    // A press arrives from the other window whenever the presenter likes: the playground may have
    // gone meanwhile (a link to another view), and then it does nothing.
    let open = PresenterChannel::open(move |message| {
        let Message::Command(command) = message else { return };
        if !pg.is_alive() {
            return;
        }
        match command {
            Command::Hello => {}
            Command::Next => {
                presenter_move(pg, address, 1);
            }
            Command::Back => {
                presenter_move(pg, address, -1);
            }
            Command::Answer(layer) => {
                presenter_answer(pg, layer);
            }
            Command::TogglePace => crate::actions::step::toggle_pace(pg),
        }
        post(untrack(|| on_screen(pg, shown)));
    });
    channel.set_value(open);
    Effect::new(move |_| post(on_screen(pg, shown)));
}
