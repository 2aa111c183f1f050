//! The workshop's end (`?view=closing`), where the clicker goes after the plan's last lesson:
//! each lesson played with the layer that handled it and its takeaway, then the plan's exercises
//! with their links and QR codes for the room's phones (and the loopback warning above them when
//! the codes point at this machine). No code panel, nothing to scroll into by accident: PageUp,
//! P or ← go back to the last lesson.

use crate::text;
use crate::ui::kit::agenda_exercises::AgendaExercises;
use crate::ui::kit::loopback_note::LoopbackNote;
use crate::ui::layer_icon::LayerIcon;
use crate::web::address::Address;
use crate::web::events::key_press;
use crate::web::presenter_channel::{this_window, Command, Message, OnScreen, PresenterChannel};
use crate::web::share::page_base;
use leptos::ev::keydown;
use leptos::prelude::*;
use rusty_lock_engine::show::lessons::{find, AGENDA_VIEW};
use rusty_lock_engine::show::scenario::{decode, Mode, Watching};

#[component]
pub fn ClosingView() -> impl IntoView {
    let address = crate::state::expect_context::<Address>();
    let watching = Watching::of(&decode(&address.search_untracked()).0);
    let plan = watching.plan;
    let lang = match text::lang() {
        text::Lang::En => String::new(),
        other => format!("&lang={}", other.code()),
    };
    if let Some(root) = document().document_element() {
        let _ = if watching.mode == Mode::Present {
            root.set_attribute("data-mode", "present")
        } else {
            root.remove_attribute("data-mode")
        };
    }
    let last = plan.lessons().last().map(|l| format!("{}{lang}", watching.lesson_link(l)));
    let agenda = format!("?{AGENDA_VIEW}{}{lang}", watching.tail());
    // Back to the last lesson from the clicker, as PageDown brought the room here.
    let back = last.clone();
    let link_back = back.clone();
    let keys = window_event_listener(keydown, move |ev| {
        let Some(press) = key_press(&ev) else { return };
        if press.typing || press.with_modifier {
            return;
        }
        if matches!(press.key.as_str(), "PageUp" | "ArrowLeft" | "p" | "P") {
            if let Some(link) = &back {
                ev.prevent_default();
                address.push(link);
            }
        }
    });
    on_cleanup(move || keys.remove());
    if watching.mode == Mode::Present {
        follow_presenter(address, watching, lang.clone(), link_back);
    }
    let lessons = plan
        .lessons()
        .enumerate()
        .map(|(i, lesson)| {
            let words = text::lesson_text(lesson.id);
            view! {
                <li class="closing-lesson" data-testid="closing-lesson" data-lesson=lesson.id.slug()>
                    <h3>
                        <span class="kit-number">{i + 1}"."</span>" "{words.title}
                        <span class=format!("closing-layer layer-{}", lesson.answer.slug())>
                            <LayerIcon layer=lesson.answer />{text::layer_name(lesson.answer)}
                        </span>
                    </h3>
                    <p class="kit-takeaway" data-testid="closing-takeaway">{words.takeaway}</p>
                </li>
            }
        })
        .collect_view();
    let exercises: Vec<_> = plan.exercises().collect();
    let no_exercise = exercises.is_empty();
    view! {
        <div class="app kit-page closing-page" data-testid="closing">
            <link rel="stylesheet" href="kit.css" />
            <header class="top kit-top">
                <div class="brand">
                    <div>
                        <h1>{text::closing_title()}</h1>
                        <p class="tagline">{text::closing_intro()}</p>
                    </div>
                </div>
                <nav class="top-actions kit-tools">
                    {last.map(|link| view! { <a class="btn btn-stop" data-testid="closing-back" href=link>{text::closing_back()}</a> })}
                    <a class="btn btn-stop" data-testid="closing-agenda" href=agenda>{text::open_agenda()}</a>
                </nav>
            </header>
            <main class="kit">
                <section aria-labelledby="closing-takeaways-title">
                    <h2 id="closing-takeaways-title">{text::closing_takeaways()}</h2>
                    <ol class="closing-lessons">{lessons}</ol>
                </section>
                <section class="closing-exercises" aria-labelledby="closing-exercises-title">
                    <h2 id="closing-exercises-title">{text::closing_exercises()}</h2>
                    {no_exercise.then(|| view! { <p class="hint" data-testid="closing-no-exercise">{text::closing_none()}</p> })}
                    {(!no_exercise).then(|| view! {
                        <LoopbackNote />
                        <AgendaExercises base=page_base() ids=exercises.clone() />
                    })}
                </section>
            </main>
        </div>
    }
}

/// Projected, the closing screen tells a presenter view that it is on screen (when it opens here,
/// and whenever a presenter view says hello), and does what its Back, P or lesson picker ask, as
/// the clicker's keys here would. A message after this view has gone finds the channel closed.
fn follow_presenter(address: Address, watching: Watching, lang: String, back: Option<String>) {
    let (me, opened) = this_window();
    let here = OnScreen { window: me.clone(), opened, plan: watching.plan, closing: true, ..OnScreen::default() };
    let channel = StoredValue::new_local(None::<PresenterChannel>);
    let say = {
        let here = here.clone();
        move || {
            channel.try_with_value(|c| {
                if let Some(c) = c {
                    c.send(&Message::OnScreen(here.clone()));
                }
            });
        }
    };
    let heard = {
        let say = say.clone();
        move |message: Message| {
            let Some(command) = message.command_for(&me) else { return };
            // Gone already: nothing to move.
            if channel.try_with_value(Option::is_some) != Some(true) {
                return;
            }
            let link = match command {
                // Next and the clicker's PageDown, pressed in the presenter view, move through
                // the screen as PageDown does here (it fits one screen when projected).
                Command::Next | Command::StepNext => {
                    window().scroll_by_with_x_and_y(
                        0.0,
                        window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0) * 0.9,
                    );
                    None
                }
                Command::Back | Command::PreviousLesson => back.clone(),
                Command::Open(id) => find(id).map(|(_, lesson)| format!("{}{lang}", watching.lesson_link(lesson))),
                _ => None,
            };
            match link {
                Some(link) => address.push(&link),
                None => say(),
            }
        }
    };
    channel.set_value(PresenterChannel::open(heard));
    say();
    on_cleanup(move || {
        channel.try_update_value(|c| c.take());
    });
}
