//! Traces: a finished run saved as JSON (its scenario link plus every event), so a teacher can
//! record a run once and replay it anywhere, offline, without the endpoint.

use crate::run::events::Event;
use crate::show::scenario::{decode, encode, Notice, Scenario};
use serde::{Deserialize, Serialize};

/// The marker that tells a Rusty Lock trace from any other JSON file.
pub const TRACE_FORMAT: &str = "rusty-lock-trace";
pub const TRACE_VERSION: u32 = 1;
/// Bigger files are refused before they are read, so a wrong pick cannot freeze the page.
pub const MAX_TRACE_BYTES: usize = 5_000_000;
pub const MAX_TRACE_EVENTS: usize = 50_000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub format: String,
    pub version: u32,
    /// The scenario as a link query, the same form a shared link has. Never holds a key.
    pub scenario: String,
    pub events: Vec<Event>,
}

/// Why a file could not be replayed. Data only: the page words it for the person who picked
/// the file, in their language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceError {
    TooLarge { bytes: usize },
    NotJson,
    Foreign,
    Newer { version: u32 },
    Damaged { why: Damage },
}

/// What is wrong inside a file that is a trace but cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    NoVersion,
    TooManyEvents {
        max: usize,
    },
    /// An entry is not an event; `detail` is the JSON reader's own words, for the curious.
    BadEntry {
        detail: String,
    },
    NoStart,
    TaskTooLong {
        chars: usize,
        max: usize,
    },
    NeverFinished,
    SeveralRuns,
}

/// Saves a run. Every secret given (the API key) is replaced wherever it appears.
pub fn export(scenario: &Scenario, events: &[Event], secrets: &[&str]) -> String {
    let trace = Trace {
        format: TRACE_FORMAT.into(),
        version: TRACE_VERSION,
        scenario: encode(scenario),
        events: events.to_vec(),
    };
    let mut json = serde_json::to_string_pretty(&trace).unwrap_or_default();
    for secret in secrets.iter().filter(|s| !s.is_empty()) {
        json = json.replace(secret, "[redacted]");
    }
    json
}

/// The longest task a trace may carry, in characters. The page's own task is one sentence; a
/// file with a megabyte there was made by hand or by mistake, and is refused with that reason.
pub const MAX_TASK_CHARS: usize = 2_000;

/// Checks a file and returns the trace, its scenario, and notices about the scenario link.
///
/// A good file is read once, straight into events: a trace near the size limit must not cost the
/// page a second pass. Only a file that does not read as a trace is looked at again, as plain
/// JSON, to say why.
pub fn import(text: &str) -> Result<(Trace, Scenario, Vec<Notice>), TraceError> {
    if text.len() > MAX_TRACE_BYTES {
        return Err(TraceError::TooLarge { bytes: text.len() });
    }
    let trace: Trace = match serde_json::from_str(text) {
        Ok(trace) => trace,
        Err(e) => return Err(diagnose(text, &e)),
    };
    if trace.format != TRACE_FORMAT {
        return Err(TraceError::Foreign);
    }
    if trace.version > TRACE_VERSION {
        return Err(TraceError::Newer { version: trace.version });
    }
    if trace.events.len() > MAX_TRACE_EVENTS {
        return Err(TraceError::Damaged { why: Damage::TooManyEvents { max: MAX_TRACE_EVENTS } });
    }
    let Some(Event::RunStarted { task, .. }) = trace.events.first() else {
        return Err(TraceError::Damaged { why: Damage::NoStart });
    };
    let task_chars = task.chars().count();
    if task_chars > MAX_TASK_CHARS {
        return Err(TraceError::Damaged { why: Damage::TaskTooLong { chars: task_chars, max: MAX_TASK_CHARS } });
    }
    if !matches!(trace.events.last(), Some(Event::Finished { .. })) {
        return Err(TraceError::Damaged { why: Damage::NeverFinished });
    }
    if trace.events.iter().filter(|e| matches!(e, Event::Finished { .. })).count() != 1 {
        return Err(TraceError::Damaged { why: Damage::SeveralRuns });
    }
    let (scenario, notices) = decode(&trace.scenario);
    Ok((trace, scenario, notices))
}

/// Why a file that did not read as a trace is not one, worst news first.
fn diagnose(text: &str, error: &serde_json::Error) -> TraceError {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return TraceError::NotJson;
    };
    if value.get("format").and_then(|f| f.as_str()) != Some(TRACE_FORMAT) {
        return TraceError::Foreign;
    }
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v > TRACE_VERSION as u64 => TraceError::Newer { version: v.min(u32::MAX as u64) as u32 },
        Some(_) if value.get("events").and_then(|e| e.as_array()).is_some_and(|e| e.len() > MAX_TRACE_EVENTS) => {
            TraceError::Damaged { why: Damage::TooManyEvents { max: MAX_TRACE_EVENTS } }
        }
        Some(_) => TraceError::Damaged { why: Damage::BadEntry { detail: error.to_string() } },
        None => TraceError::Damaged { why: Damage::NoVersion },
    }
}
