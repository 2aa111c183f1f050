//! The line between a projected window and its presenter view (`?view=presenter`): a
//! `BroadcastChannel`, which only windows of the same origin in the same browser share. The
//! projected window says what is on screen (the lesson, the step, its caption and the layer that
//! acted); the presenter view sends back what the presenter pressed. Nothing else of the page
//! crosses: no key, no settings, no storage.
//!
//! Messages are plain objects read and written field by field: the projected window's end is in
//! the first load, and a serde codec for them would cost it a few kilobytes.

use js_sys::{Object, Reflect};
use rusty_lock_engine::run::events::{Ending, Layer};
use rusty_lock_engine::show::lessons::LessonId;
use rusty_lock_engine::show::plan::Plan;
use rusty_lock_engine::show::scene::BeatName;
use std::cell::OnceCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The channel's name: every window of this origin that opens it hears the others.
const CHANNEL: &str = "rusty-lock-presenter";

/// What the presenter asked of the projected window: the projected window's own keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A presenter view has opened: say what is on screen (to every projected window).
    Hello,
    /// The clicker's next and back (PageDown, PageUp): a beat, and past the run's ends a lesson.
    Next,
    Back,
    /// One step of a narrated run (the arrows and Space).
    StepNext,
    StepBack,
    /// F: to the next failure.
    ToFailure,
    /// End: to the outcome.
    ToEnd,
    /// N and P: the next and previous lesson of the plan.
    NextLesson,
    PreviousLesson,
    /// A lesson picked in the presenter view.
    Open(LessonId),
    /// The lesson's question answered (`None`: shown without judging anyone).
    Answer(Option<Layer>),
    /// Timed playback, or step by step.
    TogglePace,
}

impl Command {
    /// Every command but [`Command::Open`], which carries its lesson.
    const PLAIN: [Command; 15] = [
        Command::Hello,
        Command::Next,
        Command::Back,
        Command::StepNext,
        Command::StepBack,
        Command::ToFailure,
        Command::ToEnd,
        Command::NextLesson,
        Command::PreviousLesson,
        Command::Answer(Some(Layer::Model)),
        Command::Answer(Some(Layer::Code)),
        Command::Answer(Some(Layer::Nobody)),
        Command::Answer(None),
        Command::TogglePace,
        Command::Open(LessonId::RustedLock),
    ];

    /// As written on the channel (an `open`'s lesson goes beside it).
    pub fn slug(self) -> &'static str {
        match self {
            Command::Hello => "hello",
            Command::Next => "next",
            Command::Back => "back",
            Command::StepNext => "step-next",
            Command::StepBack => "step-back",
            Command::ToFailure => "to-failure",
            Command::ToEnd => "to-end",
            Command::NextLesson => "next-lesson",
            Command::PreviousLesson => "previous-lesson",
            Command::Open(_) => "open",
            Command::Answer(Some(Layer::Model)) => "answer-model",
            Command::Answer(Some(Layer::Code)) => "answer-code",
            Command::Answer(Some(Layer::Nobody)) => "answer-nobody",
            Command::Answer(None) => "answer-show",
            Command::TogglePace => "toggle-pace",
        }
    }

    /// The command a slug names; `open` needs its lesson.
    pub fn from_slug(slug: &str, lesson: Option<LessonId>) -> Option<Command> {
        match Command::PLAIN.into_iter().find(|c| c.slug() == slug)? {
            Command::Open(_) => lesson.map(Command::Open),
            c => Some(c),
        }
    }
}

/// What the projected window shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OnScreen {
    /// Which projected window says it: its id, made when the page loaded, never in a link.
    pub window: String,
    /// When that window opened (ms since 1970): a presenter view not opened from one follows
    /// the newest.
    pub opened: u64,
    /// The lesson's id, if one is open.
    pub lesson: Option<LessonId>,
    /// The workshop's plan the projected window follows.
    pub plan: Plan,
    /// The step on screen (from 1) and the steps recorded; 0 of 0 before any run.
    pub at: u32,
    pub of: u32,
    /// The step's caption, as the projected window words it.
    pub caption: String,
    /// What the step on screen is, as the stage draws it.
    pub beat: BeatName,
    /// The layer that handled the step on screen, if it is a failure.
    pub layer: Option<Layer>,
    /// How the run ended, on its last step.
    pub outcome: Option<Ending>,
    /// The step the next press lands on, when the run has recorded it already.
    pub next: Option<(BeatName, Option<Layer>)>,
    pub asking: bool,
    pub running: bool,
    pub finished: bool,
    pub narrating: bool,
    /// The workshop's closing screen (`?view=closing`) is on screen, past the plan's last lesson.
    pub closing: bool,
    /// A call on screen has had no answer and its silence is counting down to the watchdog: the
    /// next press shows the watchdog giving up.
    pub silent: bool,
}

/// One message on the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A press, for the projected window `to` (every one for [`Command::Hello`]).
    Command {
        command: Command,
        to: Option<String>,
    },
    OnScreen(OnScreen),
}

fn layer_of(slug: &str) -> Option<Layer> {
    [Layer::Model, Layer::Code, Layer::Nobody].into_iter().find(|l| l.slug() == slug)
}

fn beat_of(slug: &str) -> Option<BeatName> {
    BeatName::ALL.into_iter().find(|b| b.slug() == slug)
}

fn ending_of(slug: &str) -> Option<Ending> {
    Ending::ALL.into_iter().find(|e| e.slug() == slug)
}

fn set(target: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

fn get(source: &JsValue, key: &str) -> JsValue {
    Reflect::get(source, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn text(source: &JsValue, key: &str) -> Option<String> {
    get(source, key).as_string()
}

/// A whole number from 0 to `max` as sent, or nothing.
fn whole(source: &JsValue, key: &str, max: f64) -> Option<f64> {
    let n = get(source, key).as_f64()?;
    (n.fract() == 0.0 && (0.0..=max).contains(&n)).then_some(n)
}

/// A count as sent: a whole number from 0 to `u32::MAX`, or nothing.
fn count(source: &JsValue, key: &str) -> Option<u32> {
    whole(source, key, u32::MAX as f64).map(|n| n as u32)
}

fn slug_or_null(slug: Option<&str>) -> JsValue {
    slug.map_or(JsValue::NULL, JsValue::from_str)
}

impl Message {
    /// The press this message carries for the projected window `me`: a presenter view drives one
    /// projected window, and the others hear its presses and let them pass. A hello is for every
    /// window.
    pub fn command_for(&self, me: &str) -> Option<Command> {
        match self {
            Message::Command { command, to } if *command == Command::Hello || to.as_deref() == Some(me) => {
                Some(*command)
            }
            _ => None,
        }
    }

    fn to_js(&self) -> JsValue {
        let out = Object::new();
        match self {
            Message::Command { command, to } => {
                set(&out, "kind", &"command".into());
                set(&out, "command", &command.slug().into());
                if let Command::Open(lesson) = command {
                    set(&out, "lesson", &lesson.slug().into());
                }
                set(&out, "to", &slug_or_null(to.as_deref()));
            }
            Message::OnScreen(s) => {
                set(&out, "kind", &"on-screen".into());
                set(&out, "window", &s.window.as_str().into());
                set(&out, "opened", &(s.opened as f64).into());
                set(&out, "lesson", &slug_or_null(s.lesson.map(LessonId::slug)));
                set(&out, "lessons", &s.plan.lessons_value().into());
                set(&out, "exercises", &s.plan.exercises_value().into());
                set(&out, "at", &s.at.into());
                set(&out, "of", &s.of.into());
                set(&out, "caption", &s.caption.as_str().into());
                set(&out, "beat", &s.beat.slug().into());
                set(&out, "layer", &slug_or_null(s.layer.map(Layer::slug)));
                set(&out, "outcome", &slug_or_null(s.outcome.map(Ending::slug)));
                set(&out, "next", &slug_or_null(s.next.map(|(b, _)| b.slug())));
                set(&out, "nextLayer", &slug_or_null(s.next.and_then(|(_, l)| l).map(Layer::slug)));
                for (key, on) in [
                    ("asking", s.asking),
                    ("running", s.running),
                    ("finished", s.finished),
                    ("narrating", s.narrating),
                    ("closing", s.closing),
                    ("silent", s.silent),
                ] {
                    set(&out, key, &on.into());
                }
            }
        }
        out.into()
    }

    /// Reads a message defensively: anything that is not one of ours, whole, is `None`.
    fn from_js(value: &JsValue) -> Option<Message> {
        if !value.is_object() {
            return None;
        }
        let flag = |key: &str| get(value, key).as_bool();
        let slug = |key: &str| text(value, key);
        match text(value, "kind")?.as_str() {
            "command" => {
                let lesson = slug("lesson").as_deref().and_then(LessonId::from_slug);
                let command = Command::from_slug(&slug("command")?, lesson)?;
                Some(Message::Command { command, to: slug("to") })
            }
            "on-screen" => {
                let (at, of) = (count(value, "at")?, count(value, "of")?);
                if at > of {
                    return None;
                }
                let plan = Plan::default();
                let plan = match slug("lessons") {
                    Some(lessons) => plan.with_lessons(&lessons).0,
                    None => plan,
                };
                let plan = match slug("exercises") {
                    Some(exercises) => plan.with_exercises(&exercises).0,
                    None => plan,
                };
                Some(Message::OnScreen(OnScreen {
                    window: slug("window")?,
                    opened: whole(value, "opened", 9_007_199_254_740_991.0)? as u64,
                    lesson: slug("lesson").as_deref().and_then(LessonId::from_slug),
                    plan,
                    at,
                    of,
                    caption: text(value, "caption")?,
                    beat: slug("beat").as_deref().and_then(beat_of).unwrap_or_default(),
                    layer: slug("layer").as_deref().and_then(layer_of),
                    outcome: slug("outcome").as_deref().and_then(ending_of),
                    next: slug("next")
                        .as_deref()
                        .and_then(beat_of)
                        .map(|b| (b, slug("nextLayer").as_deref().and_then(layer_of))),
                    asking: flag("asking")?,
                    running: flag("running")?,
                    finished: flag("finished")?,
                    narrating: flag("narrating")?,
                    // An older build's window never says it: a lesson or free play.
                    closing: flag("closing").unwrap_or(false),
                    silent: flag("silent").unwrap_or(false),
                }))
            }
            _ => None,
        }
    }
}

/// The property of a projected window's `window` that holds its id, so a presenter view it
/// opened can read which window it came from (`window.opener`).
const WINDOW_KEY: &str = "rustyLockProjected";

thread_local! {
    static THIS_WINDOW: OnceCell<(String, u64)> = const { OnceCell::new() };
}

/// This window's id and when it was first asked for, made once per page load: random
/// (`crypto.getRandomValues`), never written in a link. Marked on `window` for a presenter view
/// this window opens.
pub fn this_window() -> (String, u64) {
    THIS_WINDOW.with(|cell| {
        cell.get_or_init(|| {
            let id = random_id();
            if let Some(w) = web_sys::window() {
                let _ = Reflect::set(&w, &JsValue::from_str(WINDOW_KEY), &JsValue::from_str(&id));
            }
            (id, js_sys::Date::now() as u64)
        })
        .clone()
    })
}

fn random_id() -> String {
    let words = js_sys::Uint32Array::new_with_length(2);
    let crypto = Reflect::get(&js_sys::global(), &JsValue::from_str("crypto")).unwrap_or(JsValue::UNDEFINED);
    let filled = Reflect::get(&crypto, &JsValue::from_str("getRandomValues"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .is_some_and(|f| f.call1(&crypto, &words).is_ok());
    if !filled {
        for i in 0..2 {
            words.set_index(i, (js_sys::Math::random() * u32::MAX as f64) as u32);
        }
    }
    format!("{:08x}{:08x}", words.get_index(0), words.get_index(1))
}

/// The id of the projected window that opened this one, if it is one and can be read (same
/// origin, still open, still a projected window).
pub fn opener_window() -> Option<String> {
    let opener = web_sys::window()?.opener().ok()?;
    if opener.is_null() || opener.is_undefined() {
        return None;
    }
    Reflect::get(&opener, &JsValue::from_str(WINDOW_KEY)).ok()?.as_string()
}

/// An open channel; closed when dropped.
pub struct PresenterChannel {
    channel: web_sys::BroadcastChannel,
    _listener: Closure<dyn FnMut(web_sys::MessageEvent)>,
}

impl PresenterChannel {
    /// Opens the channel and hands every message that reads as one to `on_message`; anything
    /// else (another page's message, a newer build's shape) is ignored. `None` where the browser
    /// has no `BroadcastChannel`.
    pub fn open(on_message: impl Fn(Message) + 'static) -> Option<Self> {
        let channel = web_sys::BroadcastChannel::new(CHANNEL).ok()?;
        let listener = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            if let Some(message) = Message::from_js(&ev.data()) {
                on_message(message);
            }
        });
        channel.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        Some(PresenterChannel { channel, _listener: listener })
    }

    pub fn send(&self, message: &Message) {
        // A closed channel: nobody to tell.
        let _ = self.channel.post_message(&message.to_js());
    }
}

impl Drop for PresenterChannel {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_reads_back_from_its_slug() {
        for c in Command::PLAIN {
            let lesson = match c {
                Command::Open(id) => Some(id),
                _ => None,
            };
            assert_eq!(Command::from_slug(c.slug(), lesson), Some(c));
        }
        assert_eq!(Command::from_slug("open", Some(LessonId::BadKey)), Some(Command::Open(LessonId::BadKey)));
        assert_eq!(Command::from_slug("open", None), None, "an open without its lesson is nothing");
        assert_eq!(Command::from_slug("reload", None), None);
    }

    #[test]
    fn a_press_is_for_the_window_it_names_and_a_hello_for_every_window() {
        let press = |command, to: Option<&str>| Message::Command { command, to: to.map(str::to_string) };
        assert_eq!(press(Command::Next, Some("a")).command_for("a"), Some(Command::Next));
        assert_eq!(press(Command::Next, Some("b")).command_for("a"), None);
        assert_eq!(press(Command::Next, None).command_for("a"), None);
        assert_eq!(press(Command::Hello, None).command_for("a"), Some(Command::Hello));
        assert_eq!(Message::OnScreen(OnScreen::default()).command_for("a"), None);
    }
}
