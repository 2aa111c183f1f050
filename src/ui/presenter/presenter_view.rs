//! The presenter view's page: what the projected window shows, worded here from the data it
//! sends, the presenter's buttons and keys, and a clock.

use crate::text;
use crate::web::events::key_press;
use crate::web::presenter_channel::{Command, Message, OnScreen, PresenterChannel};
use leptos::ev::keydown;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::show::lessons::{find, lesson_query, LESSONS};
use std::time::Duration;

/// Minutes and seconds, as a clock shows them.
fn clock(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// What the presenter's key asks of the projected window.
fn command_of(key: &str, target_tag: &str) -> Option<Command> {
    Some(match key {
        "PageDown" | "ArrowRight" => Command::Next,
        // Space on a focused button presses the button.
        " " if !matches!(target_tag, "BUTTON" | "A") => Command::Next,
        "PageUp" | "ArrowLeft" => Command::Back,
        "1" => Command::Answer(Some(Layer::Model)),
        "2" => Command::Answer(Some(Layer::Code)),
        "3" => Command::Answer(Some(Layer::Nobody)),
        "s" | "S" | "." => Command::Answer(None),
        "t" | "T" => Command::TogglePace,
        _ => return None,
    })
}

#[component]
pub fn PresenterView() -> impl IntoView {
    let words = text::presenter();
    let on_screen = RwSignal::new(None::<OnScreen>);
    // Messages come whenever the projected window sends them, perhaps after this view has gone.
    let channel = StoredValue::new_local(PresenterChannel::open(move |message| {
        if let Message::OnScreen(now) = message {
            on_screen.try_set(Some(now));
        }
    }));
    let send = move |command: Command| {
        channel.with_value(|c| {
            if let Some(c) = c {
                c.send(&Message::Command(command));
            }
        });
    };
    send(Command::Hello);
    // The clock counts from when this view opened, or from the last reset.
    let (elapsed, set_elapsed) = signal(0u64);
    let ticking = set_interval_with_handle(
        move || {
            set_elapsed.try_update(|s| *s += 1);
        },
        Duration::from_secs(1),
    )
    .ok();
    let keys = window_event_listener(keydown, move |ev| {
        let Some(press) = key_press(&ev) else { return };
        if press.typing || press.with_modifier {
            return;
        }
        if let Some(command) = command_of(&press.key, &press.target_tag) {
            ev.prevent_default();
            send(command);
        }
    });
    on_cleanup(move || {
        keys.remove();
        if let Some(t) = ticking {
            t.clear();
        }
        // Closed now: a message arriving later finds nobody.
        channel.try_update_value(|c| c.take());
    });
    let lesson = move || on_screen.with(|s| s.as_ref().and_then(|s| s.lesson).and_then(find).map(|(i, _)| i));
    let heading = move || match lesson() {
        Some(i) => {
            format!("{} \u{b7} {}", text::lesson_step(i + 1, LESSONS.len()), text::lesson_text(LESSONS[i].id).title)
        }
        None => words.free_play.to_string(),
    };
    let step = move || {
        on_screen.with(|s| s.as_ref().filter(|s| s.of > 0).map(|s| text::step_of(s.at as usize, s.of as usize)))
    };
    let notes = move || {
        let now = on_screen.get()?;
        if now.asking {
            let answer = lesson().map(|i| LESSONS[i].answer);
            return Some(view! {
                <p class="pv-notes-main">{words.question_up}</p>
                {answer.map(|layer| view! {
                    <p class=format!("pv-answer layer-{}", layer.slug()) data-testid="presenter-answer" data-layer=layer.slug()>
                        {words.answer_for_you}" "<strong>{text::layer_name(layer)}</strong>
                    </p>
                })}
            }.into_any());
        }
        let caption = if now.caption.is_empty() { text::scene_idle().to_string() } else { now.caption };
        let layer = now.layer;
        Some(view! {
            <p class="pv-notes-main" data-testid="presenter-caption">{caption}</p>
            {layer.map(|layer| view! {
                <p class=format!("pv-handled layer-{}", layer.slug()) data-testid="presenter-layer" data-layer=layer.slug()>
                    {words.handled_by}" "<strong>{text::layer_name(layer)}</strong>
                    <span class="pv-rule">{text::layer_rule(layer)}</span>
                </p>
            })}
        }.into_any())
    };
    let next = move || {
        let now = on_screen.get()?;
        let line = if now.asking {
            words.next_run_starts.to_string()
        } else if !now.narrating && (now.running || !now.finished) {
            words.timed_note.to_string()
        } else if now.finished && now.at == now.of {
            match lesson() {
                Some(i) if i + 1 < LESSONS.len() => {
                    format!("{} {}", words.next_lesson, text::lesson_text(LESSONS[i + 1].id).title)
                }
                Some(_) => words.last_lesson.to_string(),
                None => String::new(),
            }
        } else {
            words.next_step.to_string()
        };
        Some(line)
    };
    let takeaway = move || lesson().map(|i| text::lesson_text(LESSONS[i].id).explanation);
    let asking = move || on_screen.with(|s| s.as_ref().is_some_and(|s| s.asking));
    let projected = format!("?{}&mode=present", lesson_query(&LESSONS[0]));
    view! {
        <div class="app presenter-page" data-testid="presenter-view">
            // The view's own styles come with it (src/ui/presenter/presenter.css).
            <link rel="stylesheet" href="presenter.css" />
            <header class="pv-top">
                <h1>{words.title}</h1>
                <p class="pv-lesson" data-testid="presenter-lesson">{move || on_screen.with(Option::is_some).then(heading)}</p>
                <div class="pv-clock" role="timer" aria-label=words.elapsed>
                    <span class="pv-clock-label">{words.elapsed}</span>
                    <span class="pv-clock-time" data-testid="presenter-clock">{move || clock(elapsed.get())}</span>
                    <button class="btn-small" data-testid="presenter-reset-clock" on:click=move |_| set_elapsed.set(0)>{words.reset_clock}</button>
                </div>
            </header>
            <main class="pv-main">
                <Show
                    when=move || on_screen.with(Option::is_some)
                    fallback=move || view! {
                        <section class="pv-waiting" data-testid="presenter-waiting">
                            <p>{words.waiting}</p>
                            <p><a class="btn" href=projected.clone() target="rusty-lock-projected">{words.open_projected}</a></p>
                        </section>
                    }
                >
                    <section class="pv-now" aria-labelledby="pv-now-title">
                        <h2 id="pv-now-title">{words.on_screen}<span class="pv-step" data-testid="presenter-step">{step}</span></h2>
                        <div aria-live="polite">{notes}</div>
                    </section>
                    <section class="pv-next" aria-labelledby="pv-next-title">
                        <h2 id="pv-next-title">{words.next}</h2>
                        <p data-testid="presenter-next">{next}</p>
                    </section>
                    {move || takeaway().map(|t| view! {
                        <section class="pv-takeaway" aria-labelledby="pv-takeaway-title">
                            <h2 id="pv-takeaway-title">{words.takeaway}</h2>
                            <p>{t}</p>
                        </section>
                    })}
                </Show>
            </main>
            <footer class="pv-controls">
                <Show when=asking>
                    <div class="pv-answers">
                        {[Layer::Model, Layer::Code, Layer::Nobody].into_iter().map(|layer| view! {
                            <button class=format!("answer answer-{}", layer.slug()) data-testid=format!("presenter-answer-{}", layer.slug()) on:click=move |_| send(Command::Answer(Some(layer)))>
                                {text::layer_name(layer)}
                            </button>
                        }).collect_view()}
                        <button class="answer answer-show" data-testid="presenter-show" on:click=move |_| send(Command::Answer(None))>{text::show_me()}</button>
                    </div>
                </Show>
                <div class="pv-moves">
                    <button class="btn pv-back" data-testid="presenter-back" on:click=move |_| send(Command::Back)>{words.back_button}</button>
                    <button class="btn btn-run pv-forward" data-testid="presenter-next-button" on:click=move |_| send(Command::Next)>{words.next_button}</button>
                    <button class="btn-small" data-testid="presenter-pace" on:click=move |_| send(Command::TogglePace)>{words.pace_button}</button>
                </div>
                <p class="pv-keys">{words.keys}</p>
            </footer>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_reads_minutes_and_seconds() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(75), "1:15");
        assert_eq!(clock(3600), "60:00");
    }

    #[test]
    fn the_clicker_keys_drive_the_projected_window() {
        assert_eq!(command_of("PageDown", ""), Some(Command::Next));
        assert_eq!(command_of(" ", "BUTTON"), None);
        assert_eq!(command_of("PageUp", "DIV"), Some(Command::Back));
        assert_eq!(command_of("2", ""), Some(Command::Answer(Some(Layer::Code))));
        assert_eq!(command_of("x", ""), None);
    }
}
