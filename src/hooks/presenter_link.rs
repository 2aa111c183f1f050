//! The projected window's side of the presenter view (`?view=presenter`, `ui::presenter`): in
//! presenter mode it says what is on screen after every change, and does what the presenter
//! pressed there, exactly as the clicker's keys would (`hooks::keys`). The channel's code comes
//! in the kit's lazy part, the first time presenter mode is on.

use crate::hooks::keys::{asking, presenter_answer, presenter_move};
use crate::state::shown::Shown;
use crate::state::Playground;
use crate::web::address::Address;
use crate::web::presenter_channel::{Command, Link, OnScreen};
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::scenario::Mode;
use std::rc::Rc;

/// What is on screen now, as the presenter view is told it (tracked).
fn on_screen(pg: Playground, shown: Shown) -> OnScreen {
    pg.pace.track();
    OnScreen {
        lesson: pg.lesson.get(),
        at: shown.index.get().map_or(0, |i| i + 1),
        of: pg.events.with(Vec::len),
        event: shown.event.get(),
        asking: {
            // `asking` reads untracked; these make the message follow it.
            pg.answer.track();
            pg.revealed.track();
            asking(pg)
        },
        running: pg.running.get(),
        finished: pg.finished(),
        narrating: pg.narrating(),
        answer: pg.answer.get(),
        revealed: pg.revealed.get(),
    }
}

pub fn use_presenter_link(pg: Playground, address: Address) {
    let shown = crate::state::expect_context::<Shown>();
    let link = StoredValue::new_local(None::<Box<dyn Link>>);
    let linked = RwSignal::new(false);
    let post = move || {
        let now = untrack(|| on_screen(pg, shown));
        link.with_value(|l| {
            if let Some(l) = l {
                l.post(now);
            }
        });
    };
    // A press arrives from the other window whenever the presenter likes: the playground may have
    // gone meanwhile (a link to another view), and then it does nothing.
    let on_command: Rc<dyn Fn(Command)> = Rc::new(move |command| {
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
            Command::Answer { layer } => {
                presenter_answer(pg, layer);
            }
            Command::TogglePace => crate::actions::step::toggle_pace(pg),
        }
        post();
    });
    Effect::new(move |opened: Option<bool>| {
        if opened == Some(true) || pg.mode.get() != Mode::Present {
            return opened.unwrap_or(false);
        }
        let on_command = on_command.clone();
        spawn_local(async move {
            if let Ok(Some(channel)) = crate::parts::presenter_link(on_command).await {
                // Dropped (and closed) at once if the playground went while the part came.
                if pg.is_alive() {
                    link.set_value(Some(channel));
                    linked.set(true);
                }
            }
        });
        true
    });
    Effect::new(move |_| {
        if linked.get() {
            let now = on_screen(pg, shown);
            link.with_value(|l| {
                if let Some(l) = l {
                    l.post(now);
                }
            });
        }
    });
}
