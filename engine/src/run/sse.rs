//! An incremental reader for streamed Chat Completions (`"stream": true`), which arrive as
//! Server-Sent Events: `data: {chunk}` lines separated by blank lines, ending with `data: [DONE]`.
//!
//! The client feeds whatever bytes the network hands it, cut anywhere (inside a line, inside a
//! multi-byte character, between `\r` and `\n`); the parser keeps the unfinished tail, folds each
//! chunk's delta into the reply being built, and can say at any moment what new text arrived so
//! the page can show the answer as it is written. Only a stream that ended with `[DONE]` becomes
//! a [`ChatResponse`]: a cut stream is an error, never a shorter answer.

use crate::run::http::MAX_BODY_BYTES;
use crate::run::provider::{BodyProblem, CallFailure, ProviderError};
use crate::run::wire::{ChatResponse, Choice, Message, Role, ToolCall, Usage};
use serde::Deserialize;
use std::collections::BTreeMap;

/// Why a stream did not give a usable reply. Each one maps to a [`ProviderError`] through
/// [`StreamError::to_provider_error`], so layer 1 decides about retries exactly as it does for a
/// plain answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamError {
    /// The stream ended without `data: [DONE]`. The server or a proxy closed the connection
    /// early, which is what a dropped connection looks like: a network failure, retried. The
    /// text received so far is discarded, never used as if it were the whole answer.
    Truncated,
    /// A `data:` line that is not JSON, or JSON that is not a completion chunk (or an error
    /// object the server sent mid-stream), or a reply that fails [`ChatResponse::check`] once
    /// assembled. A bad body, not retried: the same request tends to get the same answer.
    MalformedChunk { reason: BodyProblem },
    /// Nothing arrived for too long. The parser has no clock; the client times it and reports
    /// this. A timeout, retried, like the watchdog's cut.
    Stalled,
    /// The network failed mid-stream (the body reader threw). A network failure, retried.
    Dropped,
}

impl StreamError {
    /// The failure layer 1 sees. Truncated, Stalled and Dropped are transient (retried with
    /// backoff); MalformedChunk is a bad body (not retried, the run ends in layer 3).
    pub fn to_provider_error(&self) -> ProviderError {
        ProviderError::of(match self {
            StreamError::Truncated | StreamError::Dropped => CallFailure::Network,
            StreamError::Stalled => CallFailure::Timeout,
            StreamError::MalformedChunk { reason } => CallFailure::BadBody { reason: reason.clone() },
        })
    }

    /// A short, stable name for logs and test hooks.
    pub fn slug(&self) -> &'static str {
        match self {
            StreamError::Truncated => "stream-truncated",
            StreamError::MalformedChunk { .. } => "stream-malformed",
            StreamError::Stalled => "stream-stalled",
            StreamError::Dropped => "stream-dropped",
        }
    }
}

impl From<StreamError> for ProviderError {
    fn from(err: StreamError) -> Self {
        err.to_provider_error()
    }
}

/// One streamed piece of a completion, as OpenAI-style servers send it.
#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    id: Option<String>,
    /// Empty in the last chunk of a stream asked to include usage (that chunk carries only
    /// `usage`); some servers send `null` there. Required, so JSON that is not a chunk is refused.
    #[serde(deserialize_with = "null_as_empty")]
    choices: Vec<ChunkChoice>,
    #[serde(default)]
    usage: Option<Usage>,
}

#[derive(Deserialize)]
struct ChunkChoice {
    #[serde(default)]
    index: u32,
    #[serde(default)]
    delta: Option<Delta>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize, Default)]
struct Delta {
    #[serde(default)]
    role: Option<Role>,
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    tool_calls: Option<Vec<ToolCallDelta>>,
}

#[derive(Deserialize)]
struct ToolCallDelta {
    /// Which call this piece belongs to. Some servers leave it out: then a piece with a new id
    /// starts the next call and a piece without one continues the last.
    #[serde(default)]
    index: Option<u32>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    function: Option<FunctionDelta>,
}

#[derive(Deserialize)]
struct FunctionDelta {
    #[serde(default)]
    name: Option<String>,
    /// A fragment of the arguments' text; a server that sends a whole JSON object here is read
    /// as that object's text.
    #[serde(default, deserialize_with = "optional_string_or_json")]
    arguments: Option<String>,
}

fn null_as_empty<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    Ok(Option::<Vec<T>>::deserialize(d)?.unwrap_or_default())
}

fn optional_string_or_json<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    crate::run::wire::string_or_json(d).map(Some)
}

/// A tool call while its pieces are still arriving.
#[derive(Default, Debug)]
struct PartialCall {
    id: String,
    kind: Option<String>,
    name: String,
    arguments: String,
}

/// Reads a streamed completion piece by piece. See the module documentation.
///
/// Typical use: [`SseParser::feed`] every chunk of bytes, show [`SseParser::take_new_text`]
/// after each feed, restart the stall timer whenever [`SseParser::data_events`] grows, and when
/// the body ends call [`SseParser::finish`]. If the reader throws, report
/// [`StreamError::Dropped`]; if the stall timer fires, [`StreamError::Stalled`].
#[derive(Debug, Default)]
pub struct SseParser {
    /// Bytes of the line being read, not yet ended.
    line: Vec<u8>,
    /// The last byte was `\r`, so a `\n` right after it belongs to the same line ending.
    after_cr: bool,
    /// The first line has been read (a byte-order mark may only open the stream).
    started: bool,
    /// Data lines of the event being read, joined with `\n`.
    data: String,
    has_data: bool,
    bytes_seen: usize,
    data_events: u64,
    done: bool,
    /// The first malformed chunk; it sticks, so `finish` reports it too.
    error: Option<StreamError>,
    // The reply being assembled.
    id: Option<String>,
    role: Option<Role>,
    content: Option<String>,
    calls: BTreeMap<u32, PartialCall>,
    finish_reason: Option<String>,
    usage: Option<Usage>,
    /// Text received since the last `take_new_text`.
    fresh: String,
}

impl SseParser {
    pub fn new() -> Self {
        SseParser::default()
    }

    /// Reads more bytes, cut anywhere. Returns the first malformed chunk as an error (later calls
    /// return it again), so the client can stop reading early; anything after `[DONE]` is ignored.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<(), StreamError> {
        if let Some(err) = &self.error {
            return Err(err.clone());
        }
        self.bytes_seen = self.bytes_seen.saturating_add(bytes.len());
        if self.bytes_seen > MAX_BODY_BYTES {
            return self.fail(BodyProblem::StreamTooBig { limit_mb: (MAX_BODY_BYTES / (1024 * 1024)) as u64 });
        }
        let mut rest = bytes;
        while !rest.is_empty() {
            if self.after_cr {
                self.after_cr = false;
                if rest[0] == b'\n' {
                    rest = &rest[1..];
                    continue;
                }
            }
            // `\r` and `\n` never occur inside a multi-byte UTF-8 character, so cutting on them
            // is safe on raw bytes; only whole lines are decoded.
            match rest.iter().position(|b| *b == b'\n' || *b == b'\r') {
                None => {
                    self.line.extend_from_slice(rest);
                    rest = &[];
                }
                Some(end) => {
                    self.line.extend_from_slice(&rest[..end]);
                    self.after_cr = rest[end] == b'\r';
                    rest = &rest[end + 1..];
                    let line = std::mem::take(&mut self.line);
                    self.read_line(&line)?;
                }
            }
        }
        Ok(())
    }

    fn fail<T>(&mut self, reason: BodyProblem) -> Result<T, StreamError> {
        let err = StreamError::MalformedChunk { reason };
        self.error = Some(err.clone());
        Err(err)
    }

    fn read_line(&mut self, line: &[u8]) -> Result<(), StreamError> {
        let line = if self.started {
            line
        } else {
            // A byte-order mark may open the stream; it is not part of the first line.
            self.started = true;
            line.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(line)
        };
        if line.is_empty() {
            return self.dispatch();
        }
        if line[0] == b':' {
            // A comment: servers send these as keep-alives.
            return Ok(());
        }
        let (field, value) = match line.iter().position(|b| *b == b':') {
            Some(colon) => {
                let value = &line[colon + 1..];
                (&line[..colon], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (line, &[][..]),
        };
        // `event`, `id` and `retry` carry nothing a Chat Completions stream needs.
        if field == b"data" {
            let Ok(value) = std::str::from_utf8(value) else {
                return self.fail(BodyProblem::NotUtf8);
            };
            if self.has_data {
                self.data.push('\n');
            }
            self.data.push_str(value);
            self.has_data = true;
        }
        Ok(())
    }

    /// A blank line ends an event: its data is one chunk, or the end marker.
    fn dispatch(&mut self) -> Result<(), StreamError> {
        if !self.has_data {
            return Ok(());
        }
        let data = std::mem::take(&mut self.data);
        self.has_data = false;
        if self.done {
            return Ok(());
        }
        self.data_events += 1;
        if data.trim() == "[DONE]" {
            self.done = true;
            return Ok(());
        }
        let value: serde_json::Value = match serde_json::from_str(&data) {
            Ok(v) => v,
            Err(e) => return self.fail(BodyProblem::ChunkNotJson { detail: e.to_string() }),
        };
        if let Some(error) = value.get("error") {
            let message = error.get("message").and_then(|m| m.as_str()).or(error.as_str()).unwrap_or_default();
            return self.fail(BodyProblem::ErrorMidStream { message: message.to_string() });
        }
        let chunk: Chunk = match serde_json::from_value(value) {
            Ok(c) => c,
            Err(e) => return self.fail(BodyProblem::NotAChunk { detail: e.to_string() }),
        };
        self.absorb(chunk);
        Ok(())
    }

    fn absorb(&mut self, chunk: Chunk) {
        if self.id.is_none() {
            self.id = chunk.id;
        }
        if chunk.usage.is_some() {
            self.usage = chunk.usage;
        }
        // Only the first choice is read, as in a plain answer; the loop never asks for more.
        for choice in chunk.choices.into_iter().filter(|c| c.index == 0) {
            if let Some(reason) = choice.finish_reason {
                self.finish_reason = Some(reason);
            }
            let delta = choice.delta.unwrap_or_default();
            if let Some(role) = delta.role {
                self.role = Some(role);
            }
            if let Some(text) = delta.content {
                self.fresh.push_str(&text);
                self.content.get_or_insert_with(String::new).push_str(&text);
            }
            for piece in delta.tool_calls.unwrap_or_default() {
                let index = piece.index.unwrap_or_else(|| self.implicit_index(piece.id.as_deref()));
                let call = self.calls.entry(index).or_default();
                if let Some(id) = piece.id.filter(|id| !id.is_empty()) {
                    if call.id.is_empty() {
                        call.id = id;
                    }
                }
                if piece.kind.is_some() {
                    call.kind = piece.kind;
                }
                let Some(function) = piece.function else { continue };
                if let Some(name) = function.name.filter(|n| !n.is_empty()) {
                    // OpenAI sends the name once; some servers repeat it in every piece, which
                    // must not double it. Anything else is a fragment and is appended.
                    if call.name != name {
                        call.name.push_str(&name);
                    }
                }
                if let Some(arguments) = function.arguments {
                    call.arguments.push_str(&arguments);
                }
            }
        }
    }

    /// Where a tool-call piece without an `index` belongs: a new id (or the very first piece)
    /// opens the next call, anything else continues the last one.
    fn implicit_index(&self, id: Option<&str>) -> u32 {
        match self.calls.last_key_value() {
            None => 0,
            Some((last, call)) => match id.filter(|id| !id.is_empty()) {
                Some(id) if !call.id.is_empty() && call.id != id => last + 1,
                _ => *last,
            },
        }
    }

    /// The text that arrived since the last call, for the page to append to what it shows.
    pub fn take_new_text(&mut self) -> String {
        std::mem::take(&mut self.fresh)
    }

    /// All the text received so far. A preview only: it is not an answer until `finish` says so.
    pub fn text(&self) -> &str {
        self.content.as_deref().unwrap_or_default()
    }

    /// How many `data:` events have arrived ([`DONE`] included, keep-alive comments not).
    /// Restart the stall timer when it grows: a server that only sends keep-alives is not
    /// making progress.
    ///
    /// [`DONE`]: SseParser::is_done
    pub fn data_events(&self) -> u64 {
        self.data_events
    }

    /// Whether `data: [DONE]` has arrived. The client may stop reading once it has.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The reply, once the body has ended. Without `[DONE]` it is [`StreamError::Truncated`], even
    /// if a finish reason and plenty of text arrived: a partial reply is never taken as whole.
    /// The result passes [`ChatResponse::check`], or this is a malformed-chunk error.
    pub fn finish(self) -> Result<ChatResponse, StreamError> {
        if let Some(err) = self.error {
            return Err(err);
        }
        if !self.done {
            return Err(StreamError::Truncated);
        }
        let malformed = |reason: BodyProblem| StreamError::MalformedChunk { reason };
        let mut tool_calls = Vec::with_capacity(self.calls.len());
        for (index, call) in self.calls {
            if call.name.is_empty() {
                return Err(malformed(BodyProblem::CallWithoutName { index }));
            }
            // A call without an id cannot be answered by a tool result, so it gets a stable one.
            let id = if call.id.is_empty() { format!("call_{index}") } else { call.id };
            let mut built = ToolCall::new(&id, &call.name, &call.arguments);
            if let Some(kind) = call.kind {
                built.kind = kind;
            }
            tool_calls.push(built);
        }
        let message = Message {
            role: self.role.unwrap_or(Role::Assistant),
            content: self.content,
            tool_calls: (!tool_calls.is_empty()).then_some(tool_calls),
            tool_call_id: None,
        };
        let response = ChatResponse {
            id: self.id,
            choices: vec![Choice { index: 0, message, finish_reason: self.finish_reason }],
            usage: self.usage,
        };
        response.check().map_err(malformed)?;
        Ok(response)
    }
}

/// Whether a `Content-Type` announces an event stream. A server that ignored `"stream": true`
/// answers plain JSON instead; read that with [`crate::run::http::classify_response`].
pub fn is_event_stream(content_type: Option<&str>) -> bool {
    content_type.is_some_and(|ct| {
        ct.split(';').next().is_some_and(|mime| mime.trim().eq_ignore_ascii_case("text/event-stream"))
    })
}
