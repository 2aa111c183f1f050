//! Every sentence the page shows, in one place, so a translation touches one file.

use rusty_lock_engine::events::{Event, FailReason, Guard, Layer, Outcome};
use rusty_lock_engine::provider::{CallFailure, WaitReason};
use rusty_lock_engine::tools::ToolErrorKind;
use rusty_lock_engine::{Fault, Personality};

pub const TITLE: &str = "Rusty Lock";
pub const TAGLINE: &str = "Break an agent loop on purpose. Watch who handles each failure.";
pub const RUN: &str = "Run";
pub const STOP: &str = "Stop";
pub const SPEED: &str = "Speed";
pub const FAULTS: &str = "Faults";
pub const FAULTS_HINT: &str =
    "Switch one on, pick the turn it hits, then press Run. You can switch them during a run too.";
pub const MODEL: &str = "Model";
pub const GUARDS: &str = "Guards";
pub const RETRY: &str = "Retry policy (your code)";
pub const SEED: &str = "Seed";
pub const ROOM: &str = "The temple hall";
pub const BOARD: &str = "Who handled it?";
pub const LOG: &str = "Event log";
pub const LOG_EMPTY: &str = "Press Run to start the agent.";
pub const HISTORY: &str = "Message history (sent again, whole, every turn)";
pub const TURN: &str = "Turn";
pub const INVENTORY: &str = "Inventory";
pub const ON_TURN: &str = "turn";
pub const TIMES: &str = "×";
pub const FATAL: &str = "Rusty Lock hit a bug it could not recover from. Reload the page to start again.";

pub fn layer_name(layer: Layer) -> &'static str {
    match layer {
        Layer::Model => "The model",
        Layer::Code => "Your code",
        Layer::Nobody => "Nobody",
    }
}

pub fn layer_rule(layer: Layer) -> &'static str {
    match layer {
        Layer::Model => "The error goes back as a tool result. The model reads it and tries something else.",
        Layer::Code => "The harness waits and tries again, or a guard steps in. The model never knows.",
        Layer::Nobody => "Retrying cannot help. The run ends with a clear error.",
    }
}

pub fn personality_name(p: Personality) -> &'static str {
    match p {
        Personality::Helpful => "Built-in model, helpful (reads its errors)",
        Personality::Stubborn => "Built-in model, stubborn (repeats its mistake)",
    }
}

pub fn fault_name(f: Fault) -> &'static str {
    match f {
        Fault::RateLimited => "429 Too many requests",
        Fault::Http500 => "500 Server error",
        Fault::Http502 => "502 Bad gateway",
        Fault::Http503 => "503 Unavailable",
        Fault::Dropped => "Dropped connection",
        Fault::Unauthorized => "401 Bad API key",
        Fault::BadRequest => "400 Bad request",
        Fault::Hang => "Hang (never answers)",
        Fault::Slow => "Slow reply (+2 s)",
        Fault::BadJson => "Broken JSON arguments",
        Fault::UnknownTool => "Invented tool name",
        Fault::SchemaInvalid => "Arguments break the schema",
        Fault::MissingArg => "Required argument missing",
        Fault::HarnessBug => "Bug in the harness",
    }
}

pub fn fault_group_name(group: rusty_lock_engine::FaultGroup) -> &'static str {
    match group {
        rusty_lock_engine::FaultGroup::Server => "The model's server",
        rusty_lock_engine::FaultGroup::Model => "The model's output",
        rusty_lock_engine::FaultGroup::Harness => "Your harness",
    }
}

pub fn failure_name(f: &CallFailure) -> String {
    match f {
        CallFailure::Http { status } => format!("HTTP {status}"),
        CallFailure::Network => "connection dropped".into(),
        CallFailure::Timeout => "timed out".into(),
        CallFailure::BadBody { reason } => format!("unreadable reply: {reason}"),
    }
}

pub fn tool_error_name(k: ToolErrorKind) -> &'static str {
    match k {
        ToolErrorKind::UnknownTool => "unknown tool",
        ToolErrorKind::BadJson => "broken JSON",
        ToolErrorKind::SchemaInvalid => "arguments break the schema",
        ToolErrorKind::ToolFailed => "the tool refused",
    }
}

pub fn guard_name(g: Guard) -> &'static str {
    match g {
        Guard::MaxTurns => "turn budget used up",
        Guard::ErrorsInARow => "too many tool errors in a row",
        Guard::RepeatedCall => "same call twice",
        Guard::Watchdog => "watchdog cut a silent call",
    }
}

/// The board's short label for a failure kind slug.
pub fn board_label(kind: &str) -> String {
    match kind {
        "network" => "dropped".into(),
        "timeout" => "timeout".into(),
        "bad-body" => "bad body".into(),
        "unknown-tool" => "unknown tool".into(),
        "bad-json" => "broken JSON".into(),
        "schema-invalid" => "bad args".into(),
        "tool-failed" => "tool error".into(),
        "max-turns" => "max turns".into(),
        "errors-in-a-row" => "errors in a row".into(),
        "repeated-call" => "same call twice".into(),
        "watchdog" => "watchdog".into(),
        "retries-exhausted" => "retries used up".into(),
        "harness-bug" => "harness bug".into(),
        "cancelled" => "stopped".into(),
        other => other.strip_prefix("http-").map_or_else(|| other.to_string(), |s| format!("HTTP {s}")),
    }
}

pub fn outcome_title(o: &Outcome) -> &'static str {
    match o {
        Outcome::Answered { .. } => "Answered",
        Outcome::Escalated { .. } => "Escalated to a person",
        Outcome::GaveUp { .. } => "Gave up",
        Outcome::Failed { .. } => "Failed",
        Outcome::Cancelled => "Stopped",
    }
}

pub fn outcome_detail(o: &Outcome) -> String {
    match o {
        Outcome::Answered { text } => text.clone(),
        Outcome::Escalated { message } => message.clone(),
        Outcome::GaveUp { guard } => format!("A guard stopped the run: {}.", guard_name(*guard)),
        Outcome::Failed { reason } => match reason {
            FailReason::Fatal { failure } => {
                format!("Nobody can fix {}: retrying would only send the same request again.", failure_name(failure))
            }
            FailReason::RetriesExhausted { attempts, last } => {
                format!("Still {} after {attempts} attempts: retries used up.", failure_name(last))
            }
            FailReason::HarnessBug { message } => {
                format!("A bug in the harness itself ({message}). It is shown, not swallowed.")
            }
        },
        Outcome::Cancelled => "You pressed Stop. Everything up to that point is kept below.".into(),
    }
}

fn wait_text(ms: u64) -> String {
    if ms >= 1000 {
        format!("{:.1} s", ms as f64 / 1000.0)
    } else {
        format!("{ms} ms")
    }
}

/// One line of the event log.
pub fn describe(event: &Event) -> String {
    match event {
        Event::RunStarted { task, max_turns, .. } => {
            format!("Run started: \u{201c}{task}\u{201d} (at most {max_turns} turns)")
        }
        Event::TurnStarted { turn, messages, est_tokens, .. } => {
            format!("Turn {turn}: sending {messages} messages, about {est_tokens} tokens")
        }
        Event::ModelCalled { attempt, max_attempts, .. } if *attempt > 1 => {
            format!("Calling the model again, attempt {attempt} of {max_attempts}")
        }
        Event::ModelCalled { .. } => "Calling the model".into(),
        Event::ModelCallFailed { failure, attempt, max_attempts, layer, .. } => match layer {
            Layer::Nobody
                if *attempt == *max_attempts && failure.slug() != "http-401" && failure.slug() != "http-400" =>
            {
                format!("Model call failed: {}. That was the last attempt.", failure_name(failure))
            }
            Layer::Nobody => format!("Model call failed: {}. Not worth retrying.", failure_name(failure)),
            _ => format!("Model call failed: {} (attempt {attempt} of {max_attempts})", failure_name(failure)),
        },
        Event::RetryScheduled { next_attempt, max_attempts, wait_ms, reason, .. } => match reason {
            WaitReason::RetryAfter => format!(
                "Server asked to wait: retrying in {} (attempt {next_attempt} of {max_attempts})",
                wait_text(*wait_ms)
            ),
            WaitReason::Backoff => {
                format!("Backing off: retrying in {} (attempt {next_attempt} of {max_attempts})", wait_text(*wait_ms))
            }
        },
        Event::ModelReplied { content, tool_calls, .. } if tool_calls.is_empty() => {
            format!("Model answered: {}", content.clone().unwrap_or_default())
        }
        Event::ModelReplied { content, tool_calls, .. } => {
            let calls: Vec<String> =
                tool_calls.iter().map(|c| format!("{}({})", c.function.name, c.function.arguments)).collect();
            match content {
                Some(thought) if !thought.is_empty() => {
                    format!("Model asks for {}: \u{201c}{thought}\u{201d}", calls.join(", "))
                }
                _ => format!("Model asks for {}", calls.join(", ")),
            }
        }
        Event::ToolStarted { call, .. } => format!("Running {}", call.function.name),
        Event::ToolSucceeded { name, output, .. } => format!("{name} → {output}"),
        Event::ToolFailed { name, kind, output, .. } => {
            format!("{name} failed ({}) → sent back to the model: {output}", tool_error_name(*kind))
        }
        Event::GuardTripped { guard, detail, .. } => format!("Guard: {}. {detail}", guard_name(*guard)),
        Event::Finished { outcome, turns, .. } => {
            format!("{} after {turns} turn{}", outcome_title(outcome), if *turns == 1 { "" } else { "s" })
        }
    }
}

pub const DOOR: &str = "Door";
pub const LOCK: &str = "Lock";
pub const KEY: &str = "key";
pub const OIL_CAN: &str = "oil can";
pub const RUNNING: &str = "Running…";
pub const OFF_WHEN_ZERO: &str = "0 = off";
pub const MAX_TURNS: &str = "Max turns";
pub const MAX_ERRORS: &str = "Errors in a row";
pub const WATCHDOG: &str = "Watchdog (ms)";
pub const REPEAT_GUARD: &str = "Stop on the same call twice";
pub const MAX_ATTEMPTS: &str = "Attempts in all";
pub const NO_RETRY_HINT: &str = "1 = no retry";
pub const BASE_DELAY: &str = "First wait (ms)";
pub const MAX_DELAY: &str = "Longest wait (ms)";
pub const RETRY_AFTER_CAP: &str = "Retry-After cap (ms)";
pub const JITTER: &str = "Jitter (random wait)";
pub const RETRY_EVERYTHING: &str = "Retry every failure, even 400 and 401 (the wrong school)";

pub fn turn_of_max(turn: u32, max: u32) -> String {
    format!("{turn} of {max}")
}

pub fn waiting(ms: u64, attempt: u32, max: u32) -> String {
    format!("Your code waits {}, then attempt {attempt} of {max}", wait_text(ms))
}

pub fn history_meter(messages: usize, tokens: u32) -> String {
    format!("Last sent: {messages} messages, about {tokens} tokens")
}

pub fn scene_label(door: &str, lock: &str) -> String {
    format!("The door is {door}, the lock is {lock}")
}

pub const SPEED_LABELS: [&str; 6] = ["0.25×", "0.5×", "1×", "2×", "4×", "instant"];
pub const LINK_NOTICE_TITLE: &str = "Part of this link was ignored:";
pub const DISMISS: &str = "Dismiss";
pub const SHARE_LINK: &str = "Link to this scenario";
pub const COPY_LINK: &str = "Copy link";
pub const COPIED: &str = "Copied";
pub const EXPORT_TRACE: &str = "Save trace";
pub const IMPORT_TRACE: &str = "Open trace…";
pub const SAVE_FAILED: &str = "The browser would not save the file.";
pub const LESSONS: &str = "Lessons";
pub const START_WORKSHOP: &str = "Start the workshop (all lessons, presenter mode)";
pub const FREE_PLAY: &str = "Free play (no lesson)";
pub const RIGHT: &str = "Right.";
pub const NOT_QUITE: &str = "Not quite.";
pub const PREV_LESSON: &str = "← Previous lesson";
pub const NEXT_LESSON: &str = "Next lesson →";
pub const OPEN_FULL: &str = "Open in the full playground ↗";
pub const SHOW_SETTINGS: &str = "Settings";

pub fn attempts_label(fault: &str) -> String {
    format!("{fault}, attempts in a row")
}

pub fn lesson_step(n: usize, of: usize) -> String {
    format!("Lesson {n} of {of}")
}

pub fn answer_line(said: Layer, was: Layer) -> String {
    if said == was {
        format!("{} handled it.", layer_name(was))
    } else {
        format!("You said {}; it was {}.", layer_name(said).to_lowercase(), layer_name(was).to_lowercase())
    }
}
