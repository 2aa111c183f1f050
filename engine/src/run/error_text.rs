//! What the model reads when a tool fails: three schools of writing a tool error, and the secrets
//! a careless one lets into the history.
//!
//! * [`ErrorText::Sentence`] (the default): one sentence that says what was wrong and what to do
//!   next. The full exception goes to your logs, never to the model.
//! * [`ErrorText::Code`]: a bare status ("Error: ToolError"). The model cannot tell what to fix,
//!   so it guesses, usually by repeating its call.
//! * [`ErrorText::Raw`]: the whole exception, stack trace, file paths and a connection string
//!   with its password. The hint is in there somewhere, among many more tokens, and the secrets
//!   now travel with every later turn.
//!
//! The dump is built from the sentence, so the three schools tell the same failure.

use crate::run::script::{raw, ERROR_PREFIX};
use crate::run::tools::ToolErrorKind;
use serde::{Deserialize, Serialize};

/// How the harness writes a tool error for the model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorText {
    /// What went wrong and what to do next, in one sentence.
    #[default]
    Sentence,
    /// Only a status, such as "Error: ToolError".
    Code,
    /// The raw exception, with its stack trace and the secrets in it.
    Raw,
}

impl ErrorText {
    pub const ALL: [ErrorText; 3] = [ErrorText::Sentence, ErrorText::Code, ErrorText::Raw];

    /// As links write it (`errtext=code`).
    pub fn slug(self) -> &'static str {
        match self {
            ErrorText::Sentence => "sentence",
            ErrorText::Code => "code",
            ErrorText::Raw => "raw",
        }
    }

    pub fn from_slug(slug: &str) -> Option<ErrorText> {
        ErrorText::ALL.into_iter().find(|e| e.slug() == slug)
    }
}

/// A kind of secret a raw exception carries: what belongs in your logs and not in the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Secret {
    /// The stack trace: the shape of your code.
    StackTrace,
    /// A path on your server.
    FilePath,
    /// A connection string, with its password.
    ConnectionString,
}

impl Secret {
    pub const ALL: [Secret; 3] = [Secret::StackTrace, Secret::FilePath, Secret::ConnectionString];

    /// For test hooks (`data-secret`).
    pub fn slug(self) -> &'static str {
        match self {
            Secret::StackTrace => "stack-trace",
            Secret::FilePath => "file-path",
            Secret::ConnectionString => "connection-string",
        }
    }

    /// The fixed text that gives it away: every dump writes it, and nothing else the loop sends
    /// does.
    fn marker(self) -> &'static str {
        match self {
            Secret::StackTrace => raw::TRACE_HEAD,
            Secret::FilePath => raw::PATH_ROOT,
            Secret::ConnectionString => raw::DB_SCHEME,
        }
    }
}

/// The secrets in a text the model is about to read, in [`Secret::ALL`]'s order.
pub fn secrets_in(text: &str) -> Vec<Secret> {
    Secret::ALL.into_iter().filter(|s| text.contains(s.marker())).collect()
}

/// The exception's class, as a Python harness would name it: all a bare code says.
fn exception(kind: ToolErrorKind) -> (&'static str, &'static str) {
    match kind {
        ToolErrorKind::UnknownTool => ("KeyError", "KeyError"),
        ToolErrorKind::BadJson => ("json.decoder.JSONDecodeError", "JSONDecodeError"),
        ToolErrorKind::SchemaInvalid => ("jsonschema.exceptions.ValidationError", "ValidationError"),
        ToolErrorKind::ToolFailed => ("temple.errors.ToolError", "ToolError"),
        ToolErrorKind::ReplyLost => ("TimeoutError", "TimeoutError"),
    }
}

/// The frame where each kind of failure is raised, below the dispatch.
fn frame(kind: ToolErrorKind, tool: &str) -> String {
    match kind {
        ToolErrorKind::UnknownTool => {
            format!("  File \"{}harness/registry.py\", line 31, in call_tool\n    fn = TOOLS[{tool:?}]", raw::PATH_ROOT)
        }
        ToolErrorKind::BadJson => {
            format!(
                "  File \"{}harness/registry.py\", line 36, in call_tool\n    args = json.loads(raw_args)",
                raw::PATH_ROOT
            )
        }
        ToolErrorKind::SchemaInvalid => format!(
            "  File \"{}harness/registry.py\", line 38, in call_tool\n    validate(args, SCHEMAS[{tool:?}])",
            raw::PATH_ROOT
        ),
        ToolErrorKind::ToolFailed => format!(
            "  File \"{}tools/room.py\", line 88, in {}\n    raise ToolError(message)",
            raw::PATH_ROOT,
            if tool == "look_at" { "look_at" } else { "use_item" }
        ),
        ToolErrorKind::ReplyLost => format!(
            "  File \"{}harness/registry.py\", line 44, in call_tool\n    return await asyncio.wait_for(fn(**args), TOOL_TIMEOUT)",
            raw::PATH_ROOT
        ),
    }
}

/// The whole exception of a failed call: what a careless harness forwards, and what the robust
/// one writes to its logs instead. `why` is the one sentence of the default school.
pub fn exception_dump(kind: ToolErrorKind, tool: &str, why: &str) -> String {
    let (class, _) = exception(kind);
    format!(
        "{ERROR_PREFIX}{}\n{}\n{}\n{class}: {why}\n{}",
        raw::TRACE_HEAD,
        raw::DISPATCH_FRAME,
        frame(kind, tool),
        raw::DB_LINE
    )
}

/// What the model reads of a failed call in each school. `output` is the default school's text
/// (the error prefix and one sentence), which [`crate::run::tools::run_tool`] wrote.
pub fn for_model(school: ErrorText, kind: ToolErrorKind, tool: &str, output: &str) -> String {
    match school {
        ErrorText::Sentence => output.to_string(),
        ErrorText::Code => bare_code(kind),
        ErrorText::Raw => exception_dump(kind, tool, output.strip_prefix(ERROR_PREFIX).unwrap_or(output)),
    }
}

/// The bare school's whole text for a kind of failure.
pub fn bare_code(kind: ToolErrorKind) -> String {
    format!("{ERROR_PREFIX}{}", exception(kind).1)
}

/// Whether a tool result is a bare code: an error that names no cause and no next step, so the
/// model cannot act on it. Read from the text, so an imported trace is judged the same way.
pub fn is_bare(output: &str) -> bool {
    let Some(rest) = output.strip_prefix(ERROR_PREFIX) else { return false };
    let rest = rest.trim();
    rest.is_empty() || ToolErrorKind::ALL.into_iter().any(|k| exception(k).1 == rest)
}

/// The sentence a failed result says, wherever it sits: the whole text after the error prefix,
/// or, in a raw dump, the message on its exception line. What a model reads for the hint.
pub fn sentence_of(output: &str) -> Option<&str> {
    let rest = output.strip_prefix(ERROR_PREFIX)?;
    if !rest.starts_with(raw::TRACE_HEAD) {
        return Some(rest);
    }
    rest.lines().find_map(|line| {
        ToolErrorKind::ALL.into_iter().find_map(|k| line.strip_prefix(exception(k).0)?.strip_prefix(": "))
    })
}
