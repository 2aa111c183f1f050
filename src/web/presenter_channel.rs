//! The line between a projected window and its presenter view (`?view=presenter`): a
//! `BroadcastChannel`, which only windows of the same origin in the same browser share. The
//! projected window says what is on screen (the lesson, the step, its caption and the layer that
//! acted); the presenter view sends back what the presenter pressed. Nothing else of the page
//! crosses: no key, no settings, no storage.
//!
//! Messages are plain objects read and written field by field: the projected window's end is in
//! the first load, and a serde codec for them would cost it a few kilobytes.

use js_sys::{Object, Reflect};
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::show::lessons::LessonId;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The channel's name: every window of this origin that opens it hears the others.
const CHANNEL: &str = "rusty-lock-presenter";

/// What the presenter asked of the projected window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A presenter view has opened: say what is on screen.
    Hello,
    Next,
    Back,
    /// The lesson's question answered (`None`: shown without judging anyone).
    Answer(Option<Layer>),
    /// Timed playback, or step by step.
    TogglePace,
}

impl Command {
    const ALL: [Command; 8] = [
        Command::Hello,
        Command::Next,
        Command::Back,
        Command::Answer(Some(Layer::Model)),
        Command::Answer(Some(Layer::Code)),
        Command::Answer(Some(Layer::Nobody)),
        Command::Answer(None),
        Command::TogglePace,
    ];

    /// As written on the channel.
    pub fn slug(self) -> &'static str {
        match self {
            Command::Hello => "hello",
            Command::Next => "next",
            Command::Back => "back",
            Command::Answer(Some(Layer::Model)) => "answer-model",
            Command::Answer(Some(Layer::Code)) => "answer-code",
            Command::Answer(Some(Layer::Nobody)) => "answer-nobody",
            Command::Answer(None) => "show",
            Command::TogglePace => "toggle-pace",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Command> {
        Command::ALL.into_iter().find(|c| c.slug() == slug)
    }
}

/// What the projected window shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OnScreen {
    /// The lesson's id, if one is open.
    pub lesson: Option<LessonId>,
    /// The step on screen (from 1) and the steps recorded; 0 of 0 before any run.
    pub at: u32,
    pub of: u32,
    /// The step's caption, as the projected window words it.
    pub caption: String,
    /// The layer that handled the step on screen, if it is a failure.
    pub layer: Option<Layer>,
    pub asking: bool,
    pub running: bool,
    pub finished: bool,
    pub narrating: bool,
}

/// One message on the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    Command(Command),
    OnScreen(OnScreen),
}

fn layer_of(slug: &str) -> Option<Layer> {
    [Layer::Model, Layer::Code, Layer::Nobody].into_iter().find(|l| l.slug() == slug)
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

/// A count as sent: a whole number from 0 to `u32::MAX`, or nothing.
fn count(source: &JsValue, key: &str) -> Option<u32> {
    let n = get(source, key).as_f64()?;
    (n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n)).then_some(n as u32)
}

impl Message {
    fn to_js(&self) -> JsValue {
        let out = Object::new();
        match self {
            Message::Command(c) => {
                set(&out, "kind", &"command".into());
                set(&out, "command", &c.slug().into());
            }
            Message::OnScreen(s) => {
                set(&out, "kind", &"on-screen".into());
                set(&out, "lesson", &s.lesson.map_or(JsValue::NULL, |l| JsValue::from_str(l.slug())));
                set(&out, "at", &s.at.into());
                set(&out, "of", &s.of.into());
                set(&out, "caption", &s.caption.as_str().into());
                set(&out, "layer", &s.layer.map_or(JsValue::NULL, |l| l.slug().into()));
                for (key, on) in
                    [("asking", s.asking), ("running", s.running), ("finished", s.finished), ("narrating", s.narrating)]
                {
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
        match text(value, "kind")?.as_str() {
            "command" => Command::from_slug(&text(value, "command")?).map(Message::Command),
            "on-screen" => {
                let (at, of) = (count(value, "at")?, count(value, "of")?);
                if at > of {
                    return None;
                }
                Some(Message::OnScreen(OnScreen {
                    lesson: text(value, "lesson").as_deref().and_then(LessonId::from_slug),
                    at,
                    of,
                    caption: text(value, "caption")?,
                    layer: text(value, "layer").as_deref().and_then(layer_of),
                    asking: flag("asking")?,
                    running: flag("running")?,
                    finished: flag("finished")?,
                    narrating: flag("narrating")?,
                }))
            }
            _ => None,
        }
    }
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
        for c in Command::ALL {
            assert_eq!(Command::from_slug(c.slug()), Some(c));
        }
        assert_eq!(Command::from_slug("reload"), None);
    }
}
