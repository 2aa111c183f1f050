//! The projected window's side of the presenter view (`?view=presenter`, `ui::presenter`): in
//! presenter mode it says what is on screen after every change, and does what the presenter
//! pressed there, exactly as the clicker's keys would (`hooks::keys`).

#![allow(improper_ctypes_definitions)]

use crate::actions::step::{narrate_back, narrate_next, toggle_pace};
use crate::hooks::keys::{asking, lesson_move, presenter_answer, presenter_move};
use crate::parts::{split_point, PartMissing};
use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::web::address::Address;
use crate::web::presenter_channel::{this_window, Command, Message, OnScreen, PresenterChannel};
use leptos::prelude::*;
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::show::beats::{press_end, Press};
use rusty_lock_engine::show::lessons::{find, LessonId};
use rusty_lock_engine::show::scenario::{Mode, Watching};
use rusty_lock_engine::show::scene::beat_of;
use rusty_lock_engine::show::view::RunRecord;

/// What is on screen now, as the presenter view is told it (tracked).
fn on_screen(pg: Playground, shown: Shown) -> OnScreen {
    pg.scenario.track();
    // `asking` reads untracked; these make the message follow it.
    pg.answer.track();
    pg.revealed.track();
    let event = shown.event.get();
    let index = shown.index.get();
    let beat = beat_of(event.as_ref());
    // Where the next press lands, when the run has recorded it already (a run stepped back).
    let next = index.and_then(|i| {
        pg.run.with(|rec| {
            let events = rec.events();
            (i + 1 < events.len()).then(|| {
                let lands = beat_of(events.get(press_end(events, i + 1, Press::Beat)));
                (lands.name, lands.layer)
            })
        })
    });
    let (window, opened) = this_window();
    OnScreen {
        window,
        opened,
        lesson: pg.lesson(),
        plan: pg.scenario.with(|s| s.plan),
        at: index.map_or(0, |i| i as u32 + 1),
        of: pg.run.with(RunRecord::len) as u32,
        caption: event.as_ref().map(text::scene_caption).unwrap_or_default(),
        beat: beat.name,
        layer: event.as_ref().and_then(Event::layer),
        outcome: beat.outcome,
        next,
        asking: asking(pg),
        running: pg.running.get(),
        finished: pg.finished(),
        narrating: pg.narrating(),
        closing: false,
        silent: matches!(event, Some(Event::ModelCalled { .. }))
            && crate::hooks::playback_glue::live_countdown(pg).is_some(),
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
    let (me, _) = this_window();
    let open = PresenterChannel::open(move |message| {
        let Some(command) = message.command_for(&me) else { return };
        if !pg.is_alive() {
            return;
        }
        obey(pg, address, command);
        post(untrack(|| on_screen(pg, shown)));
    });
    channel.set_value(open);
    Effect::new(move |_| post(on_screen(pg, shown)));
}

/// Does what the presenter pressed, exactly as the same key pressed here would (`hooks::keys`).
fn obey(pg: Playground, address: Address, command: Command) {
    match command {
        Command::Hello => {}
        Command::Next => {
            presenter_move(pg, address, 1);
        }
        Command::Back => {
            presenter_move(pg, address, -1);
        }
        Command::StepNext if pg.narrating() => {
            narrate_next(pg, Press::Step);
        }
        Command::StepBack if pg.narrating() => {
            narrate_back(pg, Press::Step);
        }
        Command::ToFailure if pg.narrating() => {
            narrate_next(pg, Press::ToFailure);
        }
        Command::ToEnd if pg.narrating() && pg.running.get_untracked() => {
            narrate_next(pg, Press::ToEnd);
        }
        Command::StepNext | Command::StepBack | Command::ToFailure | Command::ToEnd => {}
        Command::NextLesson => {
            lesson_move(pg, address, 1);
        }
        Command::PreviousLesson => {
            lesson_move(pg, address, -1);
        }
        Command::Open(id) => open_lesson(pg, address, id),
        Command::Answer(layer) => {
            presenter_answer(pg, layer);
        }
        Command::TogglePace => toggle_pace(pg),
    }
}

/// Opens lesson `id` as the room watches now (presenter mode, its speed, its pace, its plan).
fn open_lesson(pg: Playground, address: Address, id: LessonId) {
    let (current, watching) = pg.scenario.with_untracked(|s| (s.lesson, Watching::of(s).presenting()));
    if current == Some(id) {
        return;
    }
    if let Some((_, lesson)) = find(id) {
        address.push(&watching.lesson_link(lesson));
    }
}
