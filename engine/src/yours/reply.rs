//! What the learner's server answers, as the sandbox host acts it out: the reply's shape, which
//! the server chooses and each API's dialect ([`crate::yours::dialect`]) writes. Below both, so
//! neither imports the other to name it.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The model name the server answers to when the request names none, and lists at `/models`.
pub const MODEL_ID: &str = "rusty-lock-builtin";

/// How many characters of text or arguments one streamed delta carries: small enough that a
/// reply arrives in several pieces, as a real stream does.
pub const STREAM_PIECE_CHARS: usize = 12;

/// What the server does with a request: the shapes the sandbox host acts out (see the shared
/// contract): an answer, an SSE stream, a dropped connection, or no answer until the code aborts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ServerReply {
    #[serde(rename_all = "camelCase")]
    Answer { status: u16, headers: BTreeMap<String, String>, body: String, delay_ms: u64 },
    #[serde(rename_all = "camelCase")]
    Stream { status: u16, headers: BTreeMap<String, String>, chunks: Vec<String>, delay_ms: u64 },
    /// `fetch` rejects like a network failure.
    #[serde(rename_all = "camelCase")]
    Drop { delay_ms: u64 },
    /// `fetch` never settles until its signal aborts.
    Hang,
}

impl ServerReply {
    /// The virtual time between the request and its reply reaching the code (`None`: never).
    pub fn delay_ms(&self) -> Option<u64> {
        match self {
            ServerReply::Answer { delay_ms, .. }
            | ServerReply::Stream { delay_ms, .. }
            | ServerReply::Drop { delay_ms } => Some(*delay_ms),
            ServerReply::Hang => None,
        }
    }

    /// The HTTP status, when there is one.
    pub fn status(&self) -> Option<u16> {
        match self {
            ServerReply::Answer { status, .. } | ServerReply::Stream { status, .. } => Some(*status),
            _ => None,
        }
    }

    /// A header of the reply, by its lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        match self {
            ServerReply::Answer { headers, .. } | ServerReply::Stream { headers, .. } => {
                headers.get(name).map(String::as_str)
            }
            _ => None,
        }
    }
}
