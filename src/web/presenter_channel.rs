//! The line between a projected window and its presenter view (`?view=presenter`): a
//! `BroadcastChannel`, which only windows of the same origin in the same browser share. The
//! projected window says what is on screen, as data (the lesson, the step, its event); the
//! presenter view words it itself and sends back what the presenter pressed. Nothing else of the
//! page crosses: no key, no settings, no storage.

use rusty_lock_engine::{Event, Layer};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The channel's name: every window of this origin that opens it hears the others.
const CHANNEL: &str = "rusty-lock-presenter";

/// What the presenter asked of the projected window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum Command {
    /// A presenter view has opened: say what is on screen.
    Hello,
    Next,
    Back,
    /// The lesson's question answered (`None`: shown without judging anyone).
    Answer {
        layer: Option<Layer>,
    },
    /// Timed playback, or step by step.
    TogglePace,
}

/// What the projected window shows, as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OnScreen {
    /// The lesson's id, if one is open.
    pub lesson: Option<String>,
    /// The step on screen (from 1) and the steps recorded; 0 of 0 before any run.
    pub at: usize,
    pub of: usize,
    /// The step on screen.
    pub event: Option<Event>,
    pub asking: bool,
    pub running: bool,
    pub finished: bool,
    pub narrating: bool,
    /// The viewer's answer, and whether the answer was shown without one.
    pub answer: Option<Layer>,
    pub revealed: bool,
}

/// One message on the channel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Message {
    Command(Command),
    OnScreen(OnScreen),
}

/// The projected window's end, as the playground holds it (its code comes in a lazy part).
pub trait Link {
    fn post(&self, on_screen: OnScreen);
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
            if let Ok(message) = serde_wasm_bindgen::from_value::<Message>(ev.data()) {
                on_message(message);
            }
        });
        channel.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        Some(PresenterChannel { channel, _listener: listener })
    }

    pub fn send(&self, message: &Message) {
        if let Ok(value) = serde_wasm_bindgen::to_value(message) {
            // A closed channel or a value the browser cannot clone: nothing to tell anyone.
            let _ = self.channel.post_message(&value);
        }
    }
}

impl Link for PresenterChannel {
    fn post(&self, on_screen: OnScreen) {
        self.send(&Message::OnScreen(on_screen));
    }
}

impl Drop for PresenterChannel {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}
