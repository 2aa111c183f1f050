//! The presenter view's page: what the projected window shows, worded here from the data it
//! sends, the presenter's buttons and keys, and a clock.

use crate::text;
use crate::web::events::key_press;
use crate::web::presenter_channel::{opener_window, Command, Message, OnScreen, PresenterChannel};
use leptos::ev::keydown;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::show::cue::{Coming, Cue, StepKind};
use rusty_lock_engine::show::lessons::{find, lesson_query, LessonId, LESSONS};
use rusty_lock_engine::show::plan::Plan;
use std::time::Duration;

/// Minutes and seconds, as a clock shows them.
fn clock(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// What the presenter's key asks of the projected window: the projected window's own keys.
fn command_of(key: &str, target_tag: &str) -> Option<Command> {
    Some(match key {
        "PageDown" => Command::Next,
        "PageUp" => Command::Back,
        "ArrowRight" => Command::StepNext,
        // Space on a focused button presses the button.
        " " if !matches!(target_tag, "BUTTON" | "A" | "SUMMARY") => Command::StepNext,
        "ArrowLeft" => Command::StepBack,
        "f" | "F" => Command::ToFailure,
        "End" => Command::ToEnd,
        "n" | "N" => Command::NextLesson,
        "p" | "P" => Command::PreviousLesson,
        "1" => Command::Answer(Some(Layer::Model)),
        "2" => Command::Answer(Some(Layer::Code)),
        "3" => Command::Answer(Some(Layer::Nobody)),
        "s" | "S" | "." => Command::Answer(None),
        "t" | "T" => Command::TogglePace,
        _ => return None,
    })
}

/// A label and what follows it: a space after a colon, none after Chinese's full-width one.
fn labelled(label: &str, rest: &str) -> String {
    if label.ends_with('\u{ff1a}') {
        format!("{label}{rest}")
    } else {
        format!("{label} {rest}")
    }
}

/// What the step on the projected screen is, as the speaker notes read it.
fn step_kind(now: &OnScreen) -> StepKind {
    StepKind { asking: now.asking, beat: now.beat, layer: now.layer, outcome: now.outcome }
}

/// What the next press brings: the step the projected window has recorded already, or what the
/// loop does next.
fn coming(now: &OnScreen) -> Option<Coming> {
    if now.silent {
        return Some(Coming::Watchdog);
    }
    match now.next {
        Some((beat, layer)) => Some(Coming::of(beat, layer)),
        None => Coming::after(step_kind(now)),
    }
}

/// Which projected window a presenter view drives: the one it was opened from while that one can
/// be read, otherwise the newest that has spoken (`newest`: its id and when it opened).
fn target(opener: Option<String>, newest: Option<&(String, u64)>) -> Option<String> {
    opener.or_else(|| newest.map(|(id, _)| id.clone()))
}

/// Whether a window that opened at `opened` is newer than the newest heard so far.
fn newer(newest: Option<&(String, u64)>, window: &str, opened: u64) -> bool {
    match newest {
        None => true,
        Some((id, at)) => id != window && opened > *at,
    }
}

/// Seconds spent on `lesson`.
fn spent_on(spent: &[(LessonId, u64)], lesson: LessonId) -> u64 {
    spent.iter().find(|(id, _)| *id == lesson).map_or(0, |(_, s)| *s)
}

#[component]
pub fn PresenterView() -> impl IntoView {
    let words = text::presenter();
    let on_screen = RwSignal::new(None::<OnScreen>);
    // The newest projected window heard: its id and when it opened.
    let newest = StoredValue::new(None::<(String, u64)>);
    // Messages come whenever the projected window sends them, perhaps after this view has gone.
    let channel = StoredValue::new_local(PresenterChannel::open(move |message| {
        let Message::OnScreen(now) = message else { return };
        if newest.try_with_value(|n| newer(n.as_ref(), &now.window, now.opened)) == Some(true) {
            newest.try_set_value(Some((now.window.clone(), now.opened)));
        }
        let Some(followed) = newest.try_with_value(|n| target(opener_window(), n.as_ref())).flatten() else {
            return;
        };
        // Another projected window's news is not this view's.
        if now.window == followed {
            on_screen.try_set(Some(now));
        }
    }));
    let send = move |command: Command| {
        let to = match command {
            Command::Hello => None,
            _ => match newest.with_value(|n| target(opener_window(), n.as_ref())) {
                Some(to) => Some(to),
                // No projected window yet: nobody to drive.
                None => return,
            },
        };
        channel.with_value(|c| {
            if let Some(c) = c {
                c.send(&Message::Command { command, to });
            }
        });
    };
    send(Command::Hello);
    // The clock counts from when this view opened, or from the last reset; each lesson's time is
    // counted while it is on the projected screen.
    let (elapsed, set_elapsed) = signal(0u64);
    let spent = RwSignal::new(Vec::<(LessonId, u64)>::new());
    let ticking = set_interval_with_handle(
        move || {
            set_elapsed.try_update(|s| *s += 1);
            if let Some(lesson) = on_screen.try_with_untracked(|s| s.as_ref().and_then(|s| s.lesson)).flatten() {
                spent.try_update(|spent| match spent.iter_mut().find(|(id, _)| *id == lesson) {
                    Some((_, s)) => *s += 1,
                    None => spent.push((lesson, 1)),
                });
            }
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
    // Memos: the lesson picker is drawn again only when the lesson or the plan changes, not at
    // every step.
    let plan_memo = Memo::new(move |_| on_screen.with(|s| s.as_ref().map_or_else(Plan::default, |s| s.plan)));
    let lesson_memo = Memo::new(move |_| on_screen.with(|s| s.as_ref().and_then(|s| s.lesson)));
    let plan = move || plan_memo.get();
    let lesson_id = move || lesson_memo.get();
    let lesson = move || lesson_id().and_then(find).map(|(i, _)| i);
    let closing = move || on_screen.with(|s| s.as_ref().is_some_and(|s| s.closing));
    let heading = move || match lesson_id() {
        Some(id) => {
            let title = text::lesson_text(id).title;
            let plan = plan();
            match plan.position(id) {
                Some(at) => format!("{} \u{b7} {title}", text::lesson_step(at + 1, plan.lesson_count())),
                None => title.to_string(),
            }
        }
        None if closing() => text::closing_title().to_string(),
        None => words.free_play.to_string(),
    };
    let step = move || {
        on_screen.with(|s| s.as_ref().filter(|s| s.of > 0).map(|s| text::step_of(s.at as usize, s.of as usize)))
    };
    let cue = move || {
        let cue = on_screen.with(|s| s.as_ref().filter(|s| !s.closing).map(|s| Cue::of(step_kind(s))))?;
        Some(view! {
            <div class="pv-cue" data-testid="presenter-cue" data-cue=cue.slug()>
                <p class="pv-point"><span class="pv-cue-label">{words.point_at}</span>" "<span data-testid="presenter-point">{text::pv_point(cue)}</span></p>
                <p class="pv-ask"><span class="pv-cue-label">{words.ask_room}</span>" "<span data-testid="presenter-ask">{text::pv_ask(cue)}</span></p>
            </div>
        })
    };
    let notes = move || {
        let now = on_screen.get()?;
        if now.closing {
            return Some(
                view! {
                    <p class="pv-notes-main" data-testid="presenter-closing">{words.closing_on_screen}</p>
                    // The room's phones cannot follow the exercises' codes to a loopback address:
                    // the teacher reads it here, the projected screen never shows it.
                    <crate::ui::kit::loopback_note::LoopbackNote />
                }
                .into_any(),
            );
        }
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
    let next_lesson = move || plan().neighbour(lesson_id(), 1);
    // The "Next" box: what the next press brings, at every step.
    let next = move || {
        let now = on_screen.get()?;
        let (line, coming) = if now.closing {
            (words.closing_next.to_string(), None)
        } else if now.asking {
            (words.next_run_starts.to_string(), Some(Coming::Run))
        } else if !now.narrating && (now.running || !now.finished) {
            (words.timed_note.to_string(), None)
        } else if now.finished && now.at == now.of {
            let line = match (lesson_id(), next_lesson()) {
                (Some(_), Some(l)) => labelled(words.next_lesson, text::lesson_text(l.id).title),
                (Some(_), None) => words.last_lesson.to_string(),
                (None, _) => String::new(),
            };
            (line, None)
        } else {
            match coming(&now) {
                Some(c) => (labelled(words.next_press, text::pv_coming(c)), Some(c)),
                None => (words.next_step.to_string(), None),
            }
        };
        Some(view! { <p data-testid="presenter-next" data-coming=coming.map(Coming::slug)>{line}</p> })
    };
    // After this lesson, the plan's next one, with its minutes.
    let after = move || {
        lesson_id()?;
        let line = match next_lesson() {
            Some(l) => {
                labelled(words.after_lesson, &format!("{} \u{b7} {}:00", text::lesson_text(l.id).title, l.minutes))
            }
            None => words.last_lesson.to_string(),
        };
        Some(view! { <p class="pv-after" data-testid="presenter-after">{line}</p> })
    };
    let takeaway = move || lesson().map(|i| text::lesson_text(LESSONS[i].id).explanation);
    let asking = move || on_screen.with(|s| s.as_ref().is_some_and(|s| s.asking));
    // The time against the plan: this lesson's against its minutes, the workshop's against the plan's.
    let lesson_time = move || {
        let id = lesson_id()?;
        let (_, l) = find(id)?;
        let seconds = spent.with(|s| spent_on(s, id));
        let over = seconds > u64::from(l.minutes) * 60;
        Some(view! {
            <p class="pv-time-row" class:pv-over=over data-testid="presenter-lesson-time" data-minutes=l.minutes>
                <span class="pv-time-label">{words.this_lesson}</span>
                <span class="pv-time-value">{clock(seconds)}" / "{format!("{}:00", l.minutes)}</span>
            </p>
        })
    };
    let plan_window = move || {
        let id = lesson_id()?;
        let (from, to) = plan().minutes_until(id)?;
        Some(
            view! { <p class="pv-plan-window" data-testid="presenter-plan-window">{text::pv_plan_window(from, to)}</p> },
        )
    };
    let workshop_over = move || elapsed.get() > u64::from(plan().minutes()) * 60;
    let picked = move |ev: leptos::ev::Event| {
        if let Some(id) = LessonId::from_slug(&event_target_value(&ev)) {
            send(Command::Open(id));
        }
    };
    let options = move || {
        let plan = plan();
        let current = lesson_id();
        // No lesson on screen (the closing screen, free play): the picker says so rather than show
        // the plan's first lesson as if it were open.
        let none = current.is_none().then(|| {
            let label = if closing() { text::closing_title() } else { words.free_play };
            view! { <option value="" selected disabled data-testid="presenter-no-lesson">{label}</option> }
        });
        let lessons = plan
            .lessons()
            .enumerate()
            .map(|(i, l)| {
                let label = format!("{}. {} \u{b7} {}:00", i + 1, text::lesson_text(l.id).title, l.minutes);
                view! { <option value=l.id.slug() selected=current == Some(l.id)>{label}</option> }
            })
            .collect_view();
        view! { {none}{lessons} }
    };
    let projected = format!("?{}&mode=present", lesson_query(&LESSONS[0]));
    view! {
        <div class="app presenter-page" data-testid="presenter-view">
            // The view's own styles come with it (src/ui/presenter/presenter.css).
            <link rel="stylesheet" href="presenter.css" />
            <header class="pv-top">
                <h1>{words.title}</h1>
                <p class="pv-lesson" data-testid="presenter-lesson">{move || on_screen.with(Option::is_some).then(heading)}</p>
                <div class="pv-time" role="timer" aria-label=words.elapsed>
                    {lesson_time}
                    <p class="pv-time-row" class:pv-over=workshop_over data-testid="presenter-workshop-time" data-minutes=move || plan().minutes()>
                        <span class="pv-time-label">{words.workshop}</span>
                        <span class="pv-time-value"><span class="pv-clock-time" data-testid="presenter-clock">{move || clock(elapsed.get())}</span>" / "{move || format!("{}:00", plan().minutes())}</span>
                    </p>
                    {plan_window}
                    <button class="btn-small" data-testid="presenter-reset-clock" on:click=move |_| {
                        set_elapsed.set(0);
                        spent.set(Vec::new());
                    }>{words.reset_clock}</button>
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
                        <div aria-live="polite">{cue}{notes}</div>
                    </section>
                    <section class="pv-next" aria-labelledby="pv-next-title">
                        <h2 id="pv-next-title">{words.next}</h2>
                        {next}
                        {after}
                    </section>
                    {move || takeaway().map(|t| view! {
                        <section class="pv-takeaway" aria-labelledby="pv-takeaway-title">
                            <h2 id="pv-takeaway-title">{words.takeaway}</h2>
                            <p>{t}</p>
                        </section>
                    })}
                    // Another lesson of the plan, picked or by N and P, in the projected window.
                    <section class="pv-lessons">
                        <button class="btn-small" data-testid="presenter-previous-lesson" on:click=move |_| send(Command::PreviousLesson)>{words.previous_lesson}</button>
                        <label class="pv-pick">
                            <span>{words.go_to_lesson}</span>
                            <select data-testid="presenter-lesson-picker" on:change=picked>
                                {options}
                            </select>
                        </label>
                        <button class="btn-small" data-testid="presenter-next-lesson" on:click=move |_| send(Command::NextLesson)>{words.next_lesson_button}</button>
                    </section>
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
                <p class="pv-keys" data-testid="presenter-keys">{words.keys}</p>
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
    fn the_presenter_keys_are_the_projected_windows_keys() {
        assert_eq!(command_of("PageDown", ""), Some(Command::Next));
        assert_eq!(command_of("PageUp", "DIV"), Some(Command::Back));
        assert_eq!(command_of("ArrowRight", ""), Some(Command::StepNext));
        assert_eq!(command_of(" ", "DIV"), Some(Command::StepNext));
        assert_eq!(command_of(" ", "BUTTON"), None);
        assert_eq!(command_of("ArrowLeft", ""), Some(Command::StepBack));
        assert_eq!(command_of("f", ""), Some(Command::ToFailure));
        assert_eq!(command_of("End", ""), Some(Command::ToEnd));
        assert_eq!(command_of("N", ""), Some(Command::NextLesson));
        assert_eq!(command_of("p", ""), Some(Command::PreviousLesson));
        assert_eq!(command_of("2", ""), Some(Command::Answer(Some(Layer::Code))));
        assert_eq!(command_of("T", ""), Some(Command::TogglePace));
        assert_eq!(command_of("x", ""), None);
    }

    #[test]
    fn the_view_drives_the_window_it_was_opened_from_else_the_newest() {
        let newest = ("b".to_string(), 20);
        assert_eq!(target(Some("a".into()), Some(&newest)), Some("a".to_string()));
        assert_eq!(target(None, Some(&newest)), Some("b".to_string()));
        assert_eq!(target(None, None), None);
        assert!(newer(None, "a", 10));
        assert!(newer(Some(&newest), "c", 30));
        assert!(!newer(Some(&newest), "a", 10), "an older window does not take over");
        assert!(!newer(Some(&newest), "b", 40), "the same window is not newer than itself");
    }

    #[test]
    fn the_next_box_names_the_recorded_step_else_what_the_loop_does_next() {
        use rusty_lock_engine::show::scene::BeatName;
        let mut now = OnScreen { beat: BeatName::Ask, ..OnScreen::default() };
        assert_eq!(coming(&now), Some(Coming::Reply));
        now.next = Some((BeatName::CallFailed, Some(Layer::Code)));
        assert_eq!(coming(&now), Some(Coming::Failure(Layer::Code)));
        // A call counting its silence down: the next press shows the watchdog giving up.
        let silent = OnScreen { beat: BeatName::Ask, silent: true, ..OnScreen::default() };
        assert_eq!(coming(&silent), Some(Coming::Watchdog));
    }

    #[test]
    fn a_chinese_label_takes_no_space_after_its_colon() {
        assert_eq!(labelled("Next lesson:", "A bad key"), "Next lesson: A bad key");
        assert_eq!(labelled("下一课：", "错误的密钥"), "下一课：错误的密钥");
    }

    #[test]
    fn each_lesson_keeps_its_own_time() {
        let spent = vec![(LessonId::BadKey, 70), (LessonId::RustedLock, 5)];
        assert_eq!(spent_on(&spent, LessonId::BadKey), 70);
        assert_eq!(spent_on(&spent, LessonId::WhyJitter), 0);
    }
}
