//! The OpenAI Chat Completions wire format: the one model of the protocol in the project.
//! The built-in model and the HTTP provider both speak it, so a trace from either reads the same.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Who wrote a message. Chat Completions has no error flag on tool results, so a failed
/// tool must say so in its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
    Tool,
}

/// One entry of the history that is sent again, whole, on every turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    #[serde(default)]
    pub content: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_calls: Option<Vec<ToolCall>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
}

impl Message {
    pub fn system(text: &str) -> Self {
        Self::plain(Role::System, text)
    }
    pub fn user(text: &str) -> Self {
        Self::plain(Role::User, text)
    }
    pub fn tool_result(call_id: &str, text: String) -> Self {
        Message { role: Role::Tool, content: Some(text), tool_calls: None, tool_call_id: Some(call_id.to_string()) }
    }
    fn plain(role: Role, text: &str) -> Self {
        Message { role, content: Some(text.to_string()), tool_calls: None, tool_call_id: None }
    }
    /// The tool calls of an assistant message, empty for every other message.
    pub fn calls(&self) -> &[ToolCall] {
        self.tool_calls.as_deref().unwrap_or(&[])
    }
}

/// A request from the model to run one tool. `arguments` is a JSON *string*, exactly as the
/// model wrote it, so it may well be broken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    #[serde(rename = "type", default = "function_kind")]
    pub kind: String,
    pub function: FunctionCall,
}

fn function_kind() -> String {
    "function".to_string()
}

impl ToolCall {
    pub fn new(id: &str, name: &str, arguments: &str) -> Self {
        ToolCall {
            id: id.to_string(),
            kind: function_kind(),
            function: FunctionCall { name: name.to_string(), arguments: arguments.to_string() },
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionCall {
    pub name: String,
    /// Some servers send the arguments as a JSON object instead of a string holding one; both
    /// are read, and kept as the string the protocol asks for. A missing field is an empty string.
    #[serde(default, deserialize_with = "string_or_json")]
    pub arguments: String,
}

/// Reads a JSON string as itself and any other JSON value as its text (`null` as empty).
pub(crate) fn string_or_json<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => s,
        Value::Null => String::new(),
        other => other.to_string(),
    })
}

/// A tool as the model is told about it: a name, a sentence, and a JSON Schema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    #[serde(rename = "type")]
    pub kind: String,
    pub function: FunctionSpec,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FunctionSpec {
    pub name: String,
    pub description: String,
    pub parameters: Value,
}

/// The body POSTed to `/chat/completions`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    pub model: String,
    pub messages: Vec<Message>,
    pub tools: Vec<ToolSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatResponse {
    #[serde(default)]
    pub id: Option<String>,
    pub choices: Vec<Choice>,
    #[serde(default)]
    pub usage: Option<Usage>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    #[serde(default)]
    pub index: u32,
    pub message: Message,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

/// The server's token counts. Servers differ in which they send, so each defaults to 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    #[serde(default)]
    pub prompt_tokens: u32,
    #[serde(default)]
    pub completion_tokens: u32,
    #[serde(default)]
    pub total_tokens: u32,
}

/// The finish reason that means "run these tools and come back". The loop runs tool calls
/// whatever the reason says (some servers send `stop` with them), but a server that says this
/// must send calls.
pub const FINISH_TOOL_CALLS: &str = "tool_calls";
/// The model finished its answer. A missing finish reason is read the same way.
pub const FINISH_STOP: &str = "stop";
/// The reply was cut at the token limit (`max_tokens` or the context window): never an answer.
pub const FINISH_LENGTH: &str = "length";
/// The server withheld the reply: never an answer.
pub const FINISH_CONTENT_FILTER: &str = "content_filter";

/// What was wrong with a body the loop could not use. Data, so the page can word it in the
/// reader's language; `detail` fields carry a parser's own message as it came.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum BodyProblem {
    /// An HTML page where JSON was expected: a proxy, a login page, the wrong path.
    Html,
    NotJson {
        detail: String,
    },
    /// JSON, but not shaped as a chat completion.
    NotACompletion {
        detail: String,
    },
    NoChoices,
    NotAssistant,
    /// `finish_reason: tool_calls` with no tool call.
    ToolCallsMissing,
    TooBig {
        bytes: u64,
        limit_mb: u64,
    },
    /// A streamed reply passed the size limit before it ended.
    StreamTooBig {
        limit_mb: u64,
    },
    NotUtf8,
    /// A stream's data line is not JSON.
    ChunkNotJson {
        detail: String,
    },
    /// A stream's data line is JSON, but not a completion chunk.
    NotAChunk {
        detail: String,
    },
    /// The server sent an error object in the middle of a stream.
    ErrorMidStream {
        message: String,
    },
    CallWithoutName {
        index: u32,
    },
    /// The browser could not build the request (an address that is not a URL).
    BadAddress,
    /// Our own request would not serialise (it cannot happen with the types as they are).
    RequestNotWritten,
    /// A model list that is not JSON, or has no `data` array.
    NoModelList,
    /// A reason from a trace saved before reasons were data; shown as it was written.
    Recorded {
        text: String,
    },
}

impl ChatResponse {
    /// Parses a 200 body. A body that is not a usable completion is an error the harness
    /// must not retry (the same request would get the same body) and must not panic on.
    pub fn parse(body: &str) -> Result<ChatResponse, BodyProblem> {
        let trimmed = body.trim_start();
        if trimmed.starts_with('<') {
            return Err(BodyProblem::Html);
        }
        let parsed: ChatResponse = serde_json::from_str(body).map_err(|e| {
            if e.is_syntax() || e.is_eof() {
                BodyProblem::NotJson { detail: e.to_string() }
            } else {
                BodyProblem::NotACompletion { detail: e.to_string() }
            }
        })?;
        parsed.check()?;
        Ok(parsed)
    }

    /// The checks a completion must pass before the loop trusts it.
    pub fn check(&self) -> Result<(), BodyProblem> {
        let Some(choice) = self.choices.first() else {
            return Err(BodyProblem::NoChoices);
        };
        if choice.message.role != Role::Assistant {
            return Err(BodyProblem::NotAssistant);
        }
        if choice.finish_reason.as_deref() == Some(FINISH_TOOL_CALLS) && choice.message.calls().is_empty() {
            return Err(BodyProblem::ToolCallsMissing);
        }
        Ok(())
    }
}

/// A rough token count (four characters a token), enough to show how the resent history grows.
pub fn estimate_tokens(messages: &[Message]) -> u32 {
    tokens_of_chars(messages.iter().map(message_chars).sum())
}

/// What one message adds to [`estimate_tokens`]'s count of characters: a loop that keeps a
/// running sum counts each message once, not once per turn.
pub fn message_chars(m: &Message) -> usize {
    m.content.as_deref().map_or(0, str::len)
        + m.calls().iter().map(|c| c.function.name.len() + c.function.arguments.len()).sum::<usize>()
        + 4
}

/// The rough token count of a number of characters, as [`estimate_tokens`] gives it.
pub fn tokens_of_chars(chars: usize) -> u32 {
    (chars as u32).div_ceil(4)
}
