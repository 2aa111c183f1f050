//! The built-in model: offline, deterministic, and honest about it. It decides only by reading
//! the history, like a real model, so it reacts to whatever the faults put there.

use crate::provider::{CallContext, Provider, ProviderError};
use crate::tools::ERROR_PREFIX;
use crate::wire::{ChatRequest, ChatResponse, Choice, Message, Role, ToolCall, FINISH_TOOL_CALLS};
use futures::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};

/// How the built-in model reacts to a tool error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Personality {
    /// Reads each error and does what it says.
    #[default]
    Helpful,
    /// Ignores the rusted-lock hint and tries the key again and again, so the guards have work.
    Stubborn,
}

/// What the history shows the agent has achieved. Only successful results count.
#[derive(Default, Debug)]
struct Progress {
    looked: bool,
    saw_rust: bool,
    oiled: bool,
    open: bool,
}

/// The kind of error, if any, in the last tool result: what the model reacts to first.
enum LastError {
    None,
    UnknownTool,
    BadArguments,
    Other,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct BuiltinModel {
    pub personality: Personality,
}

impl BuiltinModel {
    pub fn new(personality: Personality) -> Self {
        BuiltinModel { personality }
    }

    /// The model's whole mind: read the history, pick the next move.
    pub fn decide(&self, messages: &[Message]) -> Message {
        let progress = read_progress(messages);
        let turn = messages.iter().filter(|m| m.role == Role::Assistant).count() + 1;
        if progress.open {
            return Message {
                role: Role::Assistant,
                content: Some(
                    "The temple door is open. The lock was rusted, so I oiled it, and then the key turned.".into(),
                ),
                tool_calls: None,
                tool_call_id: None,
            };
        }
        let stubborn = self.personality == Personality::Stubborn;
        let (thought, name, args) = if !progress.looked {
            ("I should look at the door first.", "look_at", r#"{"target":"door"}"#)
        } else if progress.saw_rust && !progress.oiled && !stubborn {
            (
                "The lock is rusted. I'll oil it before trying the key again.",
                "use",
                r#"{"item":"oil_can","target":"lock"}"#,
            )
        } else if progress.saw_rust && !progress.oiled {
            ("I'll try the key again. It has to turn this time.", "use", r#"{"item":"key","target":"door"}"#)
        } else if progress.oiled {
            ("The lock is oiled now. Trying the key.", "use", r#"{"item":"key","target":"door"}"#)
        } else {
            ("The door is shut. I'll try my key on it.", "use", r#"{"item":"key","target":"door"}"#)
        };
        let thought = match last_error(messages) {
            LastError::UnknownTool => format!("That tool does not exist. I'll call {name} instead."),
            LastError::BadArguments => format!("My arguments were wrong. Calling {name} again, corrected."),
            LastError::None | LastError::Other => thought.to_string(),
        };
        Message {
            role: Role::Assistant,
            content: Some(thought),
            tool_calls: Some(vec![ToolCall::new(&format!("call_{turn}"), name, args)]),
            tool_call_id: None,
        }
    }
}

impl Provider for BuiltinModel {
    fn complete(
        &self,
        request: &ChatRequest,
        _ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        let message = self.decide(&request.messages);
        let finish = if message.calls().is_empty() { "stop" } else { FINISH_TOOL_CALLS };
        // No usage: no server counted anything, and the page's own estimate is already shown.
        // A figure here would sit beside the estimate as if a tokenizer had confirmed it.
        let response = ChatResponse {
            id: Some("builtin".into()),
            choices: vec![Choice { index: 0, message, finish_reason: Some(finish.into()) }],
            usage: None,
        };
        Box::pin(std::future::ready(Ok(response)))
    }
}

fn read_progress(messages: &[Message]) -> Progress {
    let mut p = Progress::default();
    // One pass, no index: a result follows the reply that asked for it, so it is matched against
    // that reply's calls first (every earlier call only if that fails). A long history stays
    // linear and cheap to read on every turn.
    let mut asked: &[ToolCall] = &[];
    for (i, m) in messages.iter().enumerate() {
        match m.role {
            Role::Assistant => asked = m.calls(),
            Role::Tool => {
                let Some(id) = m.tool_call_id.as_deref() else { continue };
                let call = asked
                    .iter()
                    .find(|c| c.id == id)
                    .or_else(|| messages[..i].iter().flat_map(Message::calls).find(|c| c.id == id));
                if let Some(call) = call {
                    note_result(&mut p, call, m.content.as_deref().unwrap_or_default());
                }
            }
            _ => {}
        }
    }
    p
}

/// What one call and its result teach the model about the room.
fn note_result(p: &mut Progress, call: &ToolCall, result: &str) {
    match (call.function.name.as_str(), result.starts_with(ERROR_PREFIX)) {
        ("look_at", false) => p.looked = true,
        ("use", false) => {
            // Only successful uses change the room, so only they need their arguments read.
            let args: serde_json::Value = serde_json::from_str(&call.function.arguments).unwrap_or_default();
            let arg = |k: &str| args.get(k).and_then(|v| v.as_str()).unwrap_or_default().to_string();
            if arg("item") == "oil_can" && arg("target") == "lock" {
                p.oiled = true;
            } else if arg("item") == "key" && result.contains("open") {
                p.open = true;
            }
        }
        ("use", true) if !p.saw_rust && result.contains("rust") => {
            p.saw_rust = true;
            p.looked = true;
        }
        _ => {}
    }
}

fn last_error(messages: &[Message]) -> LastError {
    let Some(last) = messages.last().filter(|m| m.role == Role::Tool) else { return LastError::None };
    let text = last.content.as_deref().unwrap_or_default();
    if !text.starts_with(ERROR_PREFIX) {
        LastError::None
    } else if text.contains("no tool called") {
        LastError::UnknownTool
    } else if text.contains("JSON") || text.contains("field") || text.contains("must be") {
        LastError::BadArguments
    } else {
        LastError::Other
    }
}
