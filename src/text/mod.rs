//! Every sentence the page shows, in one place, so a translation touches one file.

use rusty_lock_engine::events::{Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome, Quirk};
use rusty_lock_engine::provider::{BodyProblem, CallFailure, WaitReason};
use rusty_lock_engine::scenario::{FaultProblem, Problem, SPEEDS};
use rusty_lock_engine::tools::ToolErrorKind;
use rusty_lock_engine::trace::{Damage, TraceError, MAX_TRACE_BYTES, TRACE_FORMAT, TRACE_VERSION};
use rusty_lock_engine::verdict::Said;
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
pub const BOARD: &str = "Who handled it?";
pub const LOG: &str = "Event log";
pub const LOG_EMPTY: &str = "Press Run to start the agent.";
pub const HISTORY: &str = "Message history (sent again, whole, every turn)";
pub const TURN: &str = "Turn";
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

/// The layer's rule in a few words, for the one-row board under the scene.
pub fn layer_short_rule(layer: Layer) -> &'static str {
    match layer {
        Layer::Model => "reads the error as a tool result and tries something else",
        Layer::Code => "retries with backoff, or a guard steps in; the model never knows",
        Layer::Nobody => "retrying cannot help: the run ends with a clear error",
    }
}

/// Over the layer's name on the scene's stamp, while a layer acts.
pub const HANDLED_BY: &str = "Handled by";

pub const LAYER_ROW: &str = "Who handles each failure";

/// The count on a lane of the one-row board, for a screen reader.
pub fn handled_count(n: usize) -> String {
    match n {
        0 => "No failure handled yet".into(),
        1 => "1 failure handled".into(),
        n => format!("{n} failures handled"),
    }
}

pub const OPEN_FAULTS: &str = "Faults";
pub const CLOSE_FAULTS: &str = "Close faults";
pub const START_HERE: &str = "New here? Start with lesson 1 →";
pub const START_HERE_HINT: &str = "Twelve short runs: guess which layer handles each failure, then watch it happen.";

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
        CallFailure::BadBody { reason } => format!("unreadable reply: {}", body_problem(reason)),
    }
}

/// What was wrong with a body the loop could not use, as one whole sentence.
pub fn body_problem(problem: &BodyProblem) -> String {
    match problem {
        BodyProblem::Html => "The server answered with an HTML page, not a completion.".into(),
        BodyProblem::NotJson { detail } => format!("The body is not JSON ({}).", short_text(detail, 120)),
        BodyProblem::NotACompletion { detail } => {
            format!("The body is JSON but not a chat completion ({}).", short_text(detail, 120))
        }
        BodyProblem::NoChoices => "The completion has no choices.".into(),
        BodyProblem::NotAssistant => "The first choice is not an assistant message.".into(),
        BodyProblem::ToolCallsMissing => "The finish reason says tool_calls, but no tool call came with it.".into(),
        BodyProblem::TooBig { bytes, limit_mb } => {
            format!("The body is {bytes} bytes, over the {limit_mb} MB limit for a completion.")
        }
        BodyProblem::StreamTooBig { limit_mb } => format!("The stream passed the {limit_mb} MB limit."),
        BodyProblem::NotUtf8 => "A line of the stream is not valid UTF-8.".into(),
        BodyProblem::ChunkNotJson { detail } => {
            format!("A data line of the stream is not JSON ({}).", short_text(detail, 120))
        }
        BodyProblem::NotAChunk { detail } => {
            format!("A data line of the stream is not a completion chunk ({}).", short_text(detail, 120))
        }
        BodyProblem::ErrorMidStream { message } if message.is_empty() => {
            "The server reported an error in the middle of the stream, with no message.".into()
        }
        BodyProblem::ErrorMidStream { message } => {
            format!("The server reported an error in the middle of the stream: {}", short_text(message, 200))
        }
        BodyProblem::CallWithoutName { index } => format!("Tool call {index} arrived without a name."),
        BodyProblem::BadAddress => "The endpoint address is not a valid URL.".into(),
        BodyProblem::RequestNotWritten => "The request could not be written as JSON.".into(),
        BodyProblem::NoModelList => "The answer is not a model list.".into(),
        // Recorded before reasons were data, as a clause in lower case.
        BodyProblem::Recorded { text } => {
            let mut chars = short_text(text, 200).chars().collect::<Vec<_>>();
            if let Some(first) = chars.first_mut() {
                *first = first.to_ascii_uppercase();
            }
            chars.into_iter().collect()
        }
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
        "cut-at-length" => "cut at length".into(),
        "content-filter" => "filtered".into(),
        "unknown-finish" => "odd finish".into(),
        "finish-mismatch" => "tools despite finish".into(),
        other => other.strip_prefix("http-").map_or_else(|| other.to_string(), |s| format!("HTTP {s}")),
    }
}

pub fn outcome_title(o: &Outcome) -> &'static str {
    match o {
        Outcome::Failed { reason: FailReason::NotAnAnswer { finish_reason } } if finish_reason == "length" => {
            "Reply cut off"
        }
        Outcome::Failed { reason: FailReason::NotAnAnswer { .. } } => "No answer",
        Outcome::Answered { .. } => "Answered",
        Outcome::Escalated { .. } => "Escalated to a person",
        Outcome::GaveUp { .. } => "Gave up",
        Outcome::Failed { .. } => "Failed",
        Outcome::Cancelled => "Stopped",
    }
}

pub fn outcome_detail(o: &Outcome) -> String {
    match o {
        Outcome::Answered { text } => clip(text).into_owned(),
        Outcome::Escalated { message } => clip(message).into_owned(),
        Outcome::GaveUp { guard } => format!("A guard stopped the run: {}.", guard_name(*guard)),
        Outcome::Failed { reason } => match reason {
            FailReason::Fatal { failure } => {
                format!("Nobody can fix {}: retrying would only send the same request again.", failure_name(failure))
            }
            FailReason::RetriesExhausted { attempts, last } => {
                format!("Still failing ({}) after {attempts} attempts: retries used up.", failure_name(last))
            }
            FailReason::HarnessBug { tool } if tool.is_empty() => {
                "A bug in the harness itself: a tool's result was lost before it reached the history. It is shown, not swallowed.".into()
            }
            FailReason::HarnessBug { tool } => format!(
                "A bug in the harness itself: the result of {} was lost before it reached the history. It is shown, not swallowed.",
                short_text(tool, 40)
            ),
            FailReason::UnhandledCall { failure } => {
                format!(
                    "Nothing caught {}: a loop with no retries ends on its first failed call.",
                    failure_name(failure)
                )
            }
            FailReason::UnhandledTool { name, kind } => format!(
                "Nothing caught the error from {name} ({}): it ended the run instead of going back to the model.",
                tool_error_name(*kind)
            ),
            FailReason::NotAnAnswer { finish_reason } => not_an_answer(finish_reason),
        },
        Outcome::Cancelled => "You pressed Stop. Everything up to that point is kept below.".into(),
    }
}

/// What a guard saw, in one sentence for the log.
fn guard_detail(detail: &GuardDetail) -> String {
    match detail {
        GuardDetail::NoAnswerAfter { turns: 1 } => "No answer after 1 turn.".into(),
        GuardDetail::NoAnswerAfter { turns } => format!("No answer after {turns} turns."),
        GuardDetail::SilentFor { ms } => {
            format!("No answer after {}: the call is cut and counts as a timeout.", wait_text(*ms))
        }
        GuardDetail::SameCalls { calls } => {
            let calls: Vec<String> =
                calls.iter().map(|c| format!("{}({})", clip(&c.name), clip(&c.arguments))).collect();
            if calls.len() == 1 {
                format!("The model asked again for exactly the call of the turn before: {}.", calls.join(", "))
            } else {
                format!("The model asked again for exactly the calls of the turn before: {}.", calls.join(", "))
            }
        }
        GuardDetail::ErrorsInARow { count: 1 } => "1 tool error in a row.".into(),
        GuardDetail::ErrorsInARow { count } => format!("{count} tool errors in a row."),
        GuardDetail::Recorded { text } => clip(text).into_owned(),
    }
}

/// Why a reply that stopped without tool calls was not taken as the answer, with the fix.
fn not_an_answer(finish_reason: &str) -> String {
    match finish_reason {
        "length" => "The reply was cut at the token limit (finish_reason \u{201c}length\u{201d}), so it is not an answer. Raise max_tokens, or send a shorter history.".into(),
        "content_filter" => "The server withheld the reply (finish_reason \u{201c}content_filter\u{201d}), so there is no answer to use. Rephrase the task or check the server's filter.".into(),
        other => format!(
            "The reply stopped with finish_reason \u{201c}{}\u{201d}, which is not a finished answer, so the run ends rather than guess.",
            short_text(other, 40)
        ),
    }
}

/// What the harness tolerated, in one sentence for the log.
fn quirk_text(quirk: &Quirk) -> String {
    match quirk {
        Quirk::ToolCallsWithFinishReason { finish_reason } if finish_reason.is_empty() => {
            "Your code ran the tool calls although the reply gave no finish_reason: it goes by what the reply holds.".into()
        }
        Quirk::ToolCallsWithFinishReason { finish_reason } => format!(
            "Your code ran the tool calls although the reply said finish_reason \u{201c}{}\u{201d}: it goes by what the reply holds.",
            short_text(finish_reason, 40)
        ),
    }
}

/// The most of one piece of a model's, a tool's or a file's text that a line of the page shows.
/// A real reply or a trace can carry a megabyte without a single space, and laying that out
/// freezes a browser for minutes; the whole text stays in the trace and the history sent.
pub const CLIP_CHARS: usize = 600;

/// `text` as a line of the page shows it: whole when short, otherwise its start and how much
/// more there was.
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(CLIP_CHARS) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            std::borrow::Cow::Owned(format!("{}… (+{more} more characters)", &text[..cut]))
        }
    }
}

/// Keeps only the newest part of a reply that is still arriving, marked with a leading "…", so
/// a long reply costs the page the same small amount on every piece, however long it grows.
pub fn keep_tail(text: &mut String) {
    const KEEP_BYTES: usize = 2400;
    if text.len() <= 2 * KEEP_BYTES {
        return;
    }
    let mut cut = text.len() - KEEP_BYTES;
    while !text.is_char_boundary(cut) {
        cut += 1;
    }
    text.replace_range(..cut, "… ");
}

/// At most `max` characters of `text`, with an ellipsis when cut.
pub fn short_text(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

fn wait_text(ms: u64) -> String {
    duration(ms)
}

/// A span of time in the one unit the page uses everywhere: milliseconds below a second,
/// seconds with one decimal from there on, so a sign, a log line and a chart never disagree.
pub fn duration(ms: u64) -> String {
    if ms >= 1000 {
        seconds(ms)
    } else {
        format!("{ms} ms")
    }
}

/// A failure as the verdict names it: "HTTP 503", "timeout".
fn failure_noun(failure: &CallFailure) -> String {
    match failure {
        CallFailure::Http { status } => format!("HTTP {status}"),
        CallFailure::Network => "dropped connection".into(),
        CallFailure::Timeout => "timeout".into(),
        CallFailure::BadBody { .. } => "unreadable body".into(),
    }
}

/// The same, with its article: "an HTTP 503", "a timeout".
fn failure_with_article(failure: &CallFailure) -> String {
    let article = if matches!(failure, CallFailure::Http { .. } | CallFailure::BadBody { .. }) { "an" } else { "a" };
    format!("{article} {}", failure_noun(failure))
}

/// One finding of the resilience verdict, in one sentence, from the facts the engine found.
pub fn finding(said: &Said) -> String {
    let what = failure_with_article;
    match said {
        Said::RetriedPermanent { turn, failure } => format!(
            "Turn {turn} retried {}, which comes back the same however often it is sent, so the retry only cost time and quota.",
            what(failure)
        ),
        Said::RetryAfterCapped { turn, asked_ms, cap_ms } => format!(
            "On turn {turn} the server asked for {} but the {} cap sent the retry back early, where it is likely to be refused again; failing at once would be clearer.",
            duration(*asked_ms),
            duration(*cap_ms)
        ),
        Said::IgnoredRetryAfter { turn, waited_ms, asked_ms } => format!(
            "Turn {turn} retried after {} although the server asked for {}, so the retry most likely met the same refusal.",
            duration(*waited_ms),
            duration(*asked_ms)
        ),
        Said::RetryAfterCapAtZero { turn, failure } => format!(
            "Turn {turn} retried {} at once because the Retry-After cap is 0 ms, which throws away whatever wait the server asked for.",
            what(failure)
        ),
        Said::HonouredRetryAfter { turn, failure, waited_ms, asked_ms: Some(asked) } => format!(
            "Turn {turn} waited {} after {}, as long as the server asked ({}).",
            duration(*waited_ms),
            what(failure),
            duration(*asked)
        ),
        Said::HonouredRetryAfter { turn, failure, waited_ms, asked_ms: None } => format!(
            "Turn {turn} waited {} after {}, exactly as long as the server asked.",
            duration(*waited_ms),
            what(failure)
        ),
        Said::RetryAfterMissing { turn, waited_ms } => format!(
            "Turn {turn}'s 429 was retried after a guessed {} because no Retry-After reached the loop: the server sent none or, cross-origin, did not list it in Access-Control-Expose-Headers.",
            duration(*waited_ms)
        ),
        Said::RecoveredWithBackoff { turn, failure, waited_ms } => format!(
            "Turn {turn} retried {} after {} of backoff and a later attempt answered; the model never knew.",
            what(failure),
            duration(*waited_ms)
        ),
        Said::GaveUpTooEarly { turn, failure } => format!(
            "A single {} on turn {turn} ended the run because only one attempt is allowed; a retry after a short wait would very likely have passed.",
            failure_noun(failure)
        ),
        Said::FailedFast { turn, failure } => format!(
            "Turn {turn}'s {} ended the run at once instead of being retried, since no retry can fix it.",
            failure_noun(failure)
        ),
        Said::RetriedWithoutWaiting { turn, waited_ms } => format!(
            "Turn {turn} retried after only {}: coming straight back to a struggling server mostly earns another failure and adds to its load.",
            duration(*waited_ms)
        ),
        Said::RetryStorm { calls, most, on_turn } => format!(
            "The run made {calls} model calls, up to {most} on turn {on_turn}: a client that retries this hard adds load to the very server that is failing, and a real one would pay for every call."
        ),
        Said::SynchronizedRetries => "Backoff ran with jitter off, so every client that failed at the same moment comes back at the same moments and hits the recovering server together.".into(),
        Said::HangWithoutTimeout { turn, until_stop } => format!(
            "Turn {turn}'s model call never answered and, with the watchdog off, the run waited {}; a timeout would have turned the hang into a retry.",
            if *until_stop { "until Stop was pressed" } else { "forever" }
        ),
        Said::AcceptedTruncatedStream { turn } => format!(
            "Turn {turn}'s reply had no finish reason, the mark of a stream cut before its end, yet the loop used it as a whole answer."
        ),
        Said::WatchdogCutHang { turn, after_ms } => format!(
            "The watchdog cut turn {turn}'s call after {} without an answer, turning a silent hang into a timeout your code could retry.",
            duration(*after_ms)
        ),
        Said::GuardStoppedLoop { guard: Guard::RepeatedCall, turn } => format!(
            "On turn {turn} the repeat guard saw the model ask for the same move twice and handed over instead of burning turns."
        ),
        Said::GuardStoppedLoop { guard: Guard::ErrorsInARow, turn } => {
            format!("On turn {turn} the errors-in-a-row guard stopped a model that kept failing its tool calls.")
        }
        Said::GuardStoppedLoop { turn, .. } => {
            format!("The turn budget stopped the run after {turn} turns instead of letting it wander on.")
        }
        Said::ToleratedQuirk { turn, finish_reason } => format!(
            "Turn {turn}'s reply carried tool calls but ended with finish_reason \u{201c}{}\u{201d}; the loop went by what the reply held and ran them.",
            short_text(finish_reason, 40)
        ),
        Said::CutAtLength { turn } => format!(
            "Turn {turn}'s reply was cut at the token limit, so it was not taken as the answer. Raise max_tokens, or send a shorter history."
        ),
        Said::NotAnAnswer { turn, finish_reason } => format!(
            "Turn {turn}'s reply stopped with finish_reason \u{201c}{}\u{201d}, which is not a finished answer, so the run ended instead of passing it off as one.",
            short_text(finish_reason, 40)
        ),
    }
}

/// One line of the event log.
pub fn describe(event: &Event) -> String {
    match event {
        Event::RunStarted { task, max_turns, .. } => {
            format!("Run started: \u{201c}{}\u{201d} (at most {max_turns} turns)", clip(task))
        }
        Event::TurnStarted { turn, messages, est_tokens, .. } => {
            format!("Turn {turn}: sending {messages} messages, about {est_tokens} tokens")
        }
        Event::ModelCalled { attempt, max_attempts, .. } if *attempt > 1 => {
            format!("Calling the model again, attempt {attempt} of {max_attempts}")
        }
        Event::ModelCalled { .. } => "Calling the model".into(),
        Event::ModelCallFailed { failure, attempt, max_attempts, final_because, .. } => match final_because {
            Some(FinalBecause::AttemptsUsedUp) => {
                format!("Model call failed: {}. That was the last attempt.", failure_name(failure))
            }
            Some(FinalBecause::CannotPass) => {
                format!("Model call failed: {}. Not worth retrying.", failure_name(failure))
            }
            Some(FinalBecause::NothingCaught) => {
                format!("Model call failed: {}. Nothing catches it.", failure_name(failure))
            }
            None => format!("Model call failed: {} (attempt {attempt} of {max_attempts})", failure_name(failure)),
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
            format!("Model answered: {}", clip(content.as_deref().unwrap_or_default()))
        }
        Event::ModelReplied { content, tool_calls, .. } => {
            let calls: Vec<String> = tool_calls
                .iter()
                .map(|c| format!("{}({})", clip(&c.function.name), clip(&c.function.arguments)))
                .collect();
            match content {
                Some(thought) if !thought.is_empty() => {
                    format!("Model asks for {}: \u{201c}{}\u{201d}", calls.join(", "), clip(thought))
                }
                _ => format!("Model asks for {}", calls.join(", ")),
            }
        }
        Event::QuirkTolerated { quirk, .. } => quirk_text(quirk),
        Event::ToolStarted { call, .. } => format!("Running {}", call.function.name),
        Event::ToolSucceeded { name, output, .. } => format!("{} → {}", clip(name), clip(output)),
        Event::ToolFailed { name, kind, output, .. } => {
            format!("{} failed ({}) → sent back to the model: {}", clip(name), tool_error_name(*kind), clip(output))
        }
        Event::GuardTripped { guard, detail, .. } => format!("Guard: {}. {}", guard_name(*guard), guard_detail(detail)),
        Event::Finished { outcome, turns, .. } => {
            format!("{} after {turns} turn{}", outcome_title(outcome), if *turns == 1 { "" } else { "s" })
        }
    }
}

pub const DOOR: &str = "Door";
pub const LOCK: &str = "Lock";
pub const RUNNING: &str = "Running…";
pub const RUNNING_HINT: &str = "Stop ends the run at once; Pause holds it on this step.";
pub const READY: &str = "Ready";
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
pub const PART_MISSING: &str = "This part of the page could not be fetched. Check the connection and reload the page.";
pub const ENGINE_PART_MISSING: &str =
    "The loop itself could not be fetched, so the run did not start. Check the connection and press Run again.";
pub const REPLAY_PART_MISSING: &str =
    "The loop could not be fetched, so the trace did not play. Check the connection and open the file again.";
pub const TRACE_PART_MISSING: &str = "The trace tools could not be fetched. Check the connection and try again.";
pub const LESSONS: &str = "Lessons";
pub const START_WORKSHOP: &str = "Start the workshop (all lessons, presenter mode)";
pub const FREE_PLAY: &str = "Free play (no lesson)";
pub const RIGHT: &str = "Right.";
pub const NOT_QUITE: &str = "Not quite.";
pub const PREV_LESSON: &str = "← Previous lesson";
pub const NEXT_LESSON: &str = "Next lesson →";
pub const OPEN_FULL: &str = "Open in the full playground ↗";
pub const SHOW_SETTINGS: &str = "Settings";
/// Shown when a newer build of the site is installed and waiting: the page never switches by
/// itself, so a running lesson is never cut.
pub const UPDATE_READY: &str = "A new version is ready —";
pub const UPDATE_RELOAD: &str = "reload";

pub fn attempts_label(fault: &str) -> String {
    format!("{fault}, attempts in a row")
}

/// The name a setting has on the page, from its link key.
fn setting_label(key: &str) -> &'static str {
    match key {
        "faults" => FAULTS,
        "model" => MODEL,
        "turns" => MAX_TURNS,
        "errors" => MAX_ERRORS,
        "watchdog" => WATCHDOG,
        "attempts" => MAX_ATTEMPTS,
        "base" => BASE_DELAY,
        "cap" => MAX_DELAY,
        "ra_cap" => RETRY_AFTER_CAP,
        "seed" => SEED,
        "repeat" => REPEAT_GUARD,
        "jitter" => JITTER,
        "retryall" => RETRY_EVERYTHING,
        _ => "",
    }
}

/// Says which of the lesson's settings are changed (by the link or by hand), so the room knows
/// the run may not end as the lesson's explanation says.
pub fn lesson_changes(keys: &[&str]) -> String {
    let names: Vec<&str> = keys.iter().map(|k| setting_label(k)).filter(|n| !n.is_empty()).collect();
    format!(
        "Changed from this lesson's own settings: {}. The run may not end as the explanation says.",
        names.join("; ")
    )
}

/// Why an opened file was refused, for the person who picked it.
/// Why a link's value was ignored, as the notice bar says it after the key's name.
pub fn notice(problem: &Problem) -> String {
    let q = |v: &str| format!("\u{201c}{v}\u{201d}");
    match problem {
        Problem::LinkTooLong { max } => format!("is longer than {max} characters; only its start was read"),
        Problem::UnknownLesson { value } => {
            format!("{} is not one of the lessons; pick one from the Lessons menu", q(value))
        }
        Problem::Repeated => "appears more than once; the first value was kept".into(),
        Problem::NewerFormat { found, ours } => {
            format!("says format {found}, newer than this page (format {ours}); settings it does not know are ignored")
        }
        Problem::NotAFormat { value } => format!("{} is not a format number", q(value)),
        Problem::TooManyFaults { max } => format!("has more than {max} faults; the rest were ignored"),
        Problem::Fault { value, why } => {
            let why = match why {
                FaultProblem::Shape => "write it as t<turn>:<fault>, like t2:503".to_string(),
                FaultProblem::TurnRange { min, max } => format!("the turn must be {min} to {max}"),
                FaultProblem::UnknownFault => {
                    let known: Vec<&str> = Fault::ALL.iter().map(|f| f.slug()).collect();
                    format!("unknown fault; known faults are {}", known.join(" "))
                }
                FaultProblem::TimesRange { max } => format!("the repeat count must be 1 to {max}"),
            };
            format!("{} was ignored: {why}", q(value))
        }
        Problem::UnknownModel { value } => format!("{} is not a model; use helpful or stubborn", q(value)),
        Problem::OutOfRange { min, max } => format!("must be a whole number from {min} to {max}; the default was kept"),
        Problem::NotANumber { value } => format!("{} is not a whole number", q(value)),
        Problem::NotAFlag { value } => format!("{} should be on or off", q(value)),
        Problem::UnknownSpeed { value } => format!("{} is not a speed; use one of {}", q(value), SPEEDS.join(", ")),
        Problem::BadEndpoint => "must be an http:// or https:// address with no user name or password in it".into(),
        Problem::BadModelName => "is not a model name".into(),
        Problem::UnknownMode { value } => format!("{} is not a mode; use embed or present", q(value)),
        Problem::UnknownLang { value } => format!("{} is not a language this page has yet; English is used", q(value)),
        Problem::KeyInLink => "looks like an API key; keys never travel in links, so it was ignored".into(),
        Problem::UnknownKey => "is not a setting Rusty Lock knows".into(),
        Problem::ModelWithoutEndpoint => "names a model but no endpoint; the built-in model is used".into(),
        Problem::UnknownPolicy { value } => {
            format!("{} is not a policy; use none, exponential, full, equal, decorrelated or yours", q(value))
        }
    }
}

pub fn trace_error(error: &TraceError) -> String {
    const MB: usize = 1_000_000;
    match error {
        TraceError::TooLarge { bytes } => {
            format!("This file is {} MB; a trace is at most {} MB.", bytes / MB, MAX_TRACE_BYTES / MB)
        }
        TraceError::NotJson => "This file is not JSON, so it cannot be a Rusty Lock trace.".into(),
        TraceError::Foreign => format!("This JSON file is not a Rusty Lock trace (it has no \"format\": \"{TRACE_FORMAT}\")."),
        TraceError::Newer { version } => format!(
            "This trace was saved by a newer Rusty Lock (trace format {version}); this page reads format {TRACE_VERSION}."
        ),
        TraceError::Damaged { why } => {
            let why = match why {
                Damage::NoVersion => "it has no version number".to_string(),
                Damage::TooManyEvents { max } => format!("it holds more than {max} events"),
                Damage::BadEntry { detail } => format!("an entry does not read as an event ({})", short_text(detail, 160)),
                Damage::NoStart => "it does not start with the start of a run".into(),
                Damage::TaskTooLong { chars, max } => {
                    format!("its task is {chars} characters long, and a task is at most {max}")
                }
                Damage::NeverFinished => "the run in it never finished".into(),
                Damage::SeveralRuns => "it holds more than one run".into(),
            };
            format!("This trace is damaged: {why}.")
        }
    }
}

/// The question every lesson asks before its run plays.
pub const QUESTION: &str = "Which layer will handle this failure?";

/// A lesson's words: the engine keeps its run and its answer.
pub struct LessonText {
    pub title: &'static str,
    /// One line: what the viewer will see.
    pub goal: &'static str,
    /// Two or three sentences read after the run.
    pub explanation: &'static str,
    /// One short line to take home, printed under the fold of the workshop handout.
    pub takeaway: &'static str,
}

/// The words of the lesson `id` (one of `lessons::LESSONS`).
pub fn lesson_text(id: &str) -> LessonText {
    match id {
        "rusted-lock" => LessonText {
            title: "The rusted lock",
            goal: "The key will not turn until the lock is oiled. Watch the agent find that out.",
            explanation: "The tool refused and said why: the lock is rusted, oil it first. That sentence went back to the model as the tool's result, so the model read it and changed its plan. A tool error is information for the model, not a crash.",
            takeaway: "A tool error is a message for the model, not a crash.",
        },
        "server-hiccup" => LessonText {
            title: "A server hiccup",
            goal: "The model's server answers 503 once, on the turn the agent tries the key.",
            explanation: "A 503 means the server is briefly unavailable, which tends to pass by itself. Your code waited a random moment and called again, and the model never heard about it: there was no turn for it to read.",
            takeaway: "A brief 503 is your code's job: wait a random moment, then call again.",
        },
        "rate-limited" => LessonText {
            title: "Rate limited",
            goal: "The server says 429 Too Many Requests and asks the client to come back in 2 seconds.",
            explanation: "When the server names a wait in Retry-After, your code honours it instead of guessing. Retrying sooner would only earn another 429.",
            takeaway: "When the server says how long to wait, wait that long.",
        },
        "bad-key" => LessonText {
            title: "A bad key",
            goal: "The server answers 401 Unauthorized: the API key is wrong.",
            explanation: "A wrong key stays wrong however often you ask. Retrying cannot help and the model cannot fix it, so the run ends at once with a clear error for a person to act on.",
            takeaway: "Do not retry what cannot change: a wrong key needs a person.",
        },
        "bad-request-retried" => LessonText {
            title: "A bad request, retried in vain",
            goal: "A harness from the wrong school retries every failure, even a 400.",
            explanation: "A 400 says the request itself is broken, so sending it again gets the same 400. Here the harness wasted every attempt and its waits before failing anyway. Only retry what can pass by itself.",
            takeaway: "Retry only what can pass by itself; a 400 never will.",
        },
        "broken-json" => LessonText {
            title: "Broken JSON",
            goal: "On turn 3 the model's tool call arrives with its arguments cut short.",
            explanation: "The harness could not parse the arguments, so it told the model so in one sentence, with an example. The model sent the call again, corrected. It cost a turn, not the run.",
            takeaway: "Tell the model what was wrong, and it can send the call again.",
        },
        "invented-tool" => LessonText {
            title: "An invented tool",
            goal: "The model calls open_door, a tool that does not exist.",
            explanation: "The harness checked the name before running anything and answered with the list of real tools. The model picked a real one on its next turn.",
            takeaway: "Check a tool's name before running it, and list the real ones.",
        },
        "stubborn-model" => LessonText {
            title: "A stubborn model",
            goal: "This model ignores the hint and keeps trying the key on the rusted lock.",
            explanation: "Each error went back to the model, but it kept making the same mistake. After three tool errors in a row a guard in your code stopped the run, before it could burn the whole turn budget.",
            takeaway: "A cap on errors in a row stops a stuck model from burning the budget.",
        },
        "same-call-twice" => LessonText {
            title: "The same call twice",
            goal: "The stubborn model sends exactly the same call it sent on the turn before.",
            explanation: "The same call with the same arguments will get the same answer. A guard noticed the repeat, stopped the loop and handed over politely to a person instead of pretending.",
            takeaway: "The same call twice gets the same answer: hand over to a person.",
        },
        "never-ending-turn" => LessonText {
            title: "The turn that never ends",
            goal: "On turn 2 the server accepts the call and then says nothing at all.",
            explanation: "Without a watchdog this run would wait forever. The watchdog cut the silent call after 5 seconds and counted it as a timeout, which your code retried like any other transient failure.",
            takeaway: "A watchdog turns silence into a timeout that your code can retry.",
        },
        "retries-used-up" => LessonText {
            title: "Retries used up",
            goal: "The server answers 503 three times in a row, and three attempts is all the policy allows.",
            explanation: "Retrying is a bet that the problem will pass soon. When every attempt fails, the bet is lost: your code stops retrying and the run ends with a clear error instead of looping forever.",
            takeaway: "Retrying is a bet with a limit; when it is lost, fail clearly.",
        },
        "why-jitter" => LessonText {
            title: "Why jitter?",
            goal: "Jitter is off: after two 503s your code waits exactly 0.5 s, then 1 s. What if a thousand clients do?",
            explanation: "For one client a fixed wait works, and your code handled both 503s. But every client that failed at the same moment also comes back at the same moment, so a recovering server is hit by the whole crowd at once and falls over again. A random wait under the same ceiling spreads them out: open the herd to watch a thousand clients do it both ways.",
            takeaway: "Random waits stop a crowd of clients from coming back all at once.",
        },
        // Every lesson has its words above; one without them would show an empty card, and the
        // browser test that opens every lesson fails on that.
        _ => LessonText { title: "", goal: "", explanation: "", takeaway: "" },
    }
}

// The workshop kit (issue 12): the agenda, the printed handout, the presenter's phone link.
pub const AGENDA_ENTRY: &str = "Workshop agenda and handout";
pub const AGENDA_TITLE: &str = "Workshop agenda";
pub const HANDOUT_TITLE: &str = "Rusty Lock: who handles each failure?";
pub const PRINT_HANDOUT: &str = "Print handout";
pub const SHOW_ANSWERS: &str = "Show the answers";
pub const BACK_TO_PLAYGROUND: &str = "← Back to the playground";
pub const START_IN_PRESENTER: &str = "Start presenting";
pub const PRINT_HINT: &str = "The handout prints on A4 or Letter: each lesson stays on one page. Fold the page along the dashed line to hide the answers.";
pub const FOLD_HERE: &str = "fold here";
pub const ANSWER: &str = "Answer:";
pub const OPEN_ON_PHONE: &str = "Open on your phone";
pub const PHONE_TITLE: &str = "Scan to open this scenario on your phone";
pub const CLOSE: &str = "Close";

/// The agenda's summary line.
pub fn agenda_summary(lessons: usize, minutes: u32) -> String {
    format!(
        "{lessons} lessons, about {minutes} minutes in all. Every lesson asks the same question before its run plays."
    )
}

/// A lesson's suggested length.
pub fn minutes(n: u32) -> String {
    if n == 1 {
        "1 minute".into()
    } else {
        format!("{n} minutes")
    }
}

/// A QR code's text alternative: where it leads.
pub fn qr_label(link: &str) -> String {
    format!("QR code of the link {link}")
}

pub fn lesson_step(n: usize, of: usize) -> String {
    format!("Lesson {n} of {of}")
}

pub const SHOW_ME: &str = "Show me";
pub const ANSWER_KEYS: &str = "Keys: 1, 2, 3 to answer, S to show without answering, Space to run or pause.";

/// The answer, revealed without a guess to judge.
pub fn reveal_line(was: Layer) -> String {
    format!("{} handles this one.", layer_name(was))
}

pub const PAUSE_AT_FAILURE: &str = "Pause at the first failure";

pub fn answer_line(said: Layer, was: Layer) -> String {
    if said == was {
        format!("{} handled it.", layer_name(was))
    } else {
        format!("You said {}; it was {}.", layer_name(said).to_lowercase(), layer_name(was).to_lowercase())
    }
}

// Real endpoints (issue 4)
pub const WHO_ANSWERS: &str = "Who answers";
pub const BUILTIN: &str = "Built-in model";
pub const REAL_ENDPOINT: &str = "Real endpoint";
pub const PRESET: &str = "Preset";
pub const BASE_URL: &str = "Base URL";
pub const MODEL_NAME: &str = "Model name";
pub const API_KEY: &str = "API key";
pub const KEY_SET: &str = "a key is set (type to replace)";
pub const KEY_OPTIONAL: &str = "optional for local servers";
pub const REMEMBER_KEY: &str = "Remember on this device";
pub const FORGET_KEY: &str = "Forget the key";
pub const STREAM: &str = "Stream the reply";
pub const STREAM_FAULTS: &str = "Stream faults: a dropped, cut-short or stalled stream is retried by your code; a malformed chunk is not (the same server would send it again). A partial reply is never taken as complete.";
pub const TEST_CONNECTION: &str = "Test connection";
pub const CONNECTED_NO_MODELS: &str = "Connected, but the server lists no models.";
pub const STREAMING: &str = "The oracle is answering:";

pub fn preset_name(id: &str) -> &'static str {
    match id {
        "ollama" => "Ollama",
        "lmstudio" => "LM Studio",
        "openai" => "OpenAI",
        "vllm" => "vLLM",
        _ => "Custom",
    }
}

pub fn connected(models: &[String]) -> String {
    let shown: Vec<&str> = models.iter().take(8).map(String::as_str).collect();
    let more = if models.len() > 8 { format!(" and {} more", models.len() - 8) } else { String::new() };
    format!("Connected. Models: {}{more}.", shown.join(", "))
}

pub fn connection_failed(failure: &CallFailure) -> String {
    match failure {
        CallFailure::Network => {
            "No answer could be read: the server is down, the address is wrong, or CORS blocked it.".into()
        }
        CallFailure::Http { status: 401 | 403 } => "The server refused the key (HTTP 401/403).".into(),
        CallFailure::Http { status } => format!("The server answered HTTP {status}."),
        CallFailure::Timeout => "The server did not answer in time.".into(),
        CallFailure::BadBody { reason } => body_problem(reason),
    }
}
pub const VERDICT: &str = "Resilience verdict: what your settings did";
pub const VERDICT_NOTHING: &str = "Nothing failed on the model's server, so there is no retry policy to judge. Switch on a server fault and run again.";
pub const DIAGNOSIS_TITLE: &str = "No answer could be read from the endpoint";
pub const DIAG_BLOCKED: &str = "The server is up (it answered a request the browser is allowed to make blind), but the browser would not let this page read its answers. That is CORS: the server did not say this page's origin may read them.";
pub const DIAG_UNREACHABLE: &str = "Nothing answered at that address, even blind: the server is not running, the port is wrong, or the browser blocked the request before it left.";
pub const DIAG_PUBLIC_TO_LOCAL: &str = "This page comes from a public address and calls a server on your own machine. Browsers restrict that: serve the playground locally (./scripts/serve.sh) or use an https endpoint.";
pub const DIAG_LAYER_POINT: &str = "Notice the teaching point: to the code, a CORS block is indistinguishable from a dropped connection, so it was retried like one. This is the one failure whose layer your code cannot know.";

pub fn severity_name(s: rusty_lock_engine::verdict::Severity) -> &'static str {
    match s {
        rusty_lock_engine::verdict::Severity::Good => "Good:",
        rusty_lock_engine::verdict::Severity::Warning => "Warning:",
        rusty_lock_engine::verdict::Severity::Bad => "Problem:",
    }
}

pub fn cors_fix(preset: &str, origin: &str) -> String {
    match preset {
        "ollama" => format!("Ollama: restart it with this page's origin allowed, e.g. OLLAMA_ORIGINS={origin} ollama serve (or set OLLAMA_ORIGINS in its service environment)."),
        "lmstudio" => "LM Studio: in the Developer tab, open the server settings and switch on \u{201c}Enable CORS\u{201d}, then restart the server.".into(),
        "vllm" => format!("vLLM: start it with --allowed-origins '[\"{origin}\"]'."),
        "openai" => "A hosted API: check the address and your network; hosted APIs normally allow browser calls.".into(),
        _ => format!("Your server must answer with Access-Control-Allow-Origin: {origin} (or *) and allow the authorization and content-type headers on its preflight."),
    }
}

// Scene and playback (issue 3)

pub const SCENE: &str = "The adventure";
pub const SCENE_ROBUST: &str = "The robust loop: it catches what it can";
pub const SCENE_NAIVE: &str = "The naive loop: no catching, no retries";
pub const SCENE_IDLE: &str =
    "The hero is the loop, the oracle is the model, and the rusted door is the room the tools act on.";
pub const HERO: &str = "the loop";
pub const ORACLE: &str = "the model";
pub const THE_ROOM: &str = "the room";
pub const ASKS_FOR_A_TOOL: &str = "ASKS FOR A TOOL";
pub const FINAL_ANSWER: &str = "FINAL ANSWER";
pub const FINAL_ANSWER_TEXT: &str = "The door is open.";
pub const TOOL_ERROR_BACK: &str = "Error: back to the model";
pub const TOOL_ERROR_THROWN: &str = "Error: thrown, not caught";
pub const TOOL_WORKED: &str = "Result: into the history";
pub const CAUGHT_BY_CODE: &str = "your code will retry";
pub const NOBODY_CAN_FIX: &str = "nobody can fix it";
pub const VILLAIN: &str = "NOBODY CAUGHT IT";
pub const GUARD_SIGN: &str = "GUARD";
pub const STOPPED_SIGN: &str = "STOPPED";
pub const HANDED_OVER: &str = "HANDED OVER";
pub const TURNS_LEFT: &str = "Turns left";
pub const RESENT: &str = "Resent each turn";
pub const RESENT_EMPTY: &str = "One bar a turn, each taller: the whole history is sent again.";
pub const RESENT_NOTHING: &str = "Nothing sent yet.";
pub const PLAY: &str = "Play";
pub const PAUSE: &str = "Pause";
pub const REPLAY: &str = "Replay";
pub const STEP_BACK: &str = "Step back";
pub const STEP_FORWARD: &str = "Step forward";
pub const FIRST_STEP: &str = "First step";
pub const LAST_STEP: &str = "Newest step";
pub const TIMELINE: &str = "Timeline of the run's steps";
/// The first link in the page, for the keyboard: it jumps over the header and the settings.
pub const SKIP_TO_PLAYER: &str = "Skip to the player";
/// The player's name for screen readers (first, back, play, forward, last, the timeline).
pub const PLAYER: &str = "Player";
pub const KEYS_HINT: &str = "Keys: Space run, play or pause, \u{2190} \u{2192} step, Home, End";
pub const COMPARE: &str = "Compare: naive loop vs robust loop";
pub const COMPARE_HINT: &str = "Old adventure games split in two schools: in some a wrong move is game over, in others the game says why it failed and you try again. Press Run to play the same scenario, same faults and seed, with a naive loop and with the robust one, in step.";
pub const COMPARE_BUILTIN_ONLY: &str =
    "Compare mode plays the built-in model, so both loops see exactly the same answers.";
pub const STUCK: &str = "Stuck";
pub const STUCK_DETAIL: &str = "Waiting forever for an answer: the naive loop has no watchdog.";
pub const STILL_GOING: &str = "Still going";
pub const CODE_PANEL: &str = "The loop in code";
pub const CODE_HINT: &str = "The lit line is what the loop is doing at the step on screen.";
pub const NO_LINE: &str = "No line of the robust loop: it would have caught this.";
pub const LOOKING_BACK: &str = "Looking back";

pub fn step_of(step: usize, of: usize) -> String {
    format!("Step {step} of {of}")
}

pub fn attempt_of(attempt: u32, max: u32) -> String {
    format!("attempt {attempt} of {max}")
}

/// `1.3 s`: tenths of a second, rounded half up. Integer arithmetic on purpose: formatting a
/// float would bring the float printer (about 5 KB gzip) into the page's first download.
pub fn seconds(ms: u64) -> String {
    let tenths = ms.saturating_add(50) / 100;
    format!("{}.{} s", tenths / 10, tenths % 10)
}

pub fn turns_left(left: u32, max: u32) -> String {
    format!("{left} of {max} turns left")
}

pub fn token_bar(turn: u32, messages: usize, tokens: u32, counted: Option<u32>) -> String {
    match counted {
        Some(c) => format!("Turn {turn}: {messages} messages, about {tokens} tokens ({c} counted by the server)"),
        None => format!("Turn {turn}: {messages} messages, about {tokens} tokens"),
    }
}

/// The server's own count of the last prompt, for screen readers (the meter draws it as a bar).
pub fn server_counted(tokens: u32) -> String {
    format!(" The server counted {tokens} tokens.")
}

pub fn diverge_line(step: usize, turn: Option<u32>) -> String {
    match turn {
        Some(t) => format!("Step {step} (turn {t}): here the two loops part ways."),
        None => format!("Step {step}: here the two loops part ways."),
    }
}

pub fn guard_short(g: Guard) -> &'static str {
    match g {
        Guard::MaxTurns => "turn budget empty",
        Guard::ErrorsInARow => "errors in a row",
        Guard::RepeatedCall => "same move twice",
        Guard::Watchdog => "watchdog cut the call",
    }
}

/// What the scene is showing, as one sentence under it: the story of the step.
pub fn scene_caption(event: &Event) -> String {
    match event {
        Event::RunStarted { .. } => {
            "The hero (the loop) sets off with one task: open the temple door.".into()
        }
        Event::TurnStarted { turn, messages, est_tokens, .. } => format!(
            "Turn {turn}: the hero picks up the whole history, {messages} messages (about {est_tokens} tokens), to send again."
        ),
        Event::ModelCalled { attempt, max_attempts, .. } if *attempt > 1 => format!(
            "Attempt {attempt} of {max_attempts}: the hero asks the oracle again. The model never heard about the failure."
        ),
        Event::ModelCalled { .. } => "The hero hands the whole history to the oracle (the model).".into(),
        Event::ModelCallFailed { failure, final_because: Some(FinalBecause::AttemptsUsedUp), max_attempts, .. } => format!(
            "{}, on the last of {max_attempts} attempts: your code has tried as often as it may, and gives up. The run ends here.",
            capitalised(&failure_name(failure))
        ),
        Event::ModelCallFailed { failure, final_because: Some(FinalBecause::NothingCaught), .. } => {
            format!("{}: nothing catches it, so the run ends here.", capitalised(&failure_name(failure)))
        }
        Event::ModelCallFailed { failure, layer: Layer::Nobody, .. } => format!(
            "{}: retrying cannot fix this one, and the model cannot either. The run ends here.",
            capitalised(&failure_name(failure))
        ),
        Event::ModelCallFailed { failure, .. } => {
            format!("{}: the call failed. Your code catches it; the model will never know.", capitalised(&failure_name(failure)))
        }
        Event::RetryScheduled { next_attempt, max_attempts, wait_ms, reason, .. } => match reason {
            WaitReason::RetryAfter => format!(
                "The server asked to wait: your code waits {}, then {}.",
                wait_text(*wait_ms),
                attempt_of(*next_attempt, *max_attempts)
            ),
            WaitReason::Backoff => format!(
                "Your code backs off: it waits {}, then {}.",
                wait_text(*wait_ms),
                attempt_of(*next_attempt, *max_attempts)
            ),
        },
        Event::ModelReplied { tool_calls, .. } if tool_calls.is_empty() => {
            "The oracle gives its final answer: the only normal way out of the loop.".into()
        }
        Event::ModelReplied { tool_calls, .. } => {
            let names: Vec<&str> = tool_calls.iter().map(|c| c.function.name.as_str()).collect();
            format!("The oracle asks for a tool: {}. The loop goes on.", names.join(", "))
        }
        Event::QuirkTolerated { .. } => {
            "The reply bent the protocol: it asked for tools but did not say so. Your code goes by what it holds and runs them.".into()
        }
        Event::ToolStarted { call, .. } => format!("The hero runs {} on the room.", call.function.name),
        Event::ToolSucceeded { name, .. } => format!("The {} call worked. Its result joins the history.", clip(name)),
        Event::ToolFailed { name, kind, layer: Layer::Nobody, .. } => format!(
            "The {} call failed ({}) and nothing caught it: the run ends, and the model never reads why.",
            clip(name),
            tool_error_name(*kind)
        ),
        Event::ToolFailed { name, kind, .. } => format!(
            "The {} call failed ({}). The error goes back to the oracle as the tool's result, for the model to read.",
            clip(name),
            tool_error_name(*kind)
        ),
        Event::GuardTripped { guard: Guard::Watchdog, .. } => {
            "The watchdog cuts a call that never answered. It counts as a timeout, which your code retries.".into()
        }
        Event::GuardTripped { guard, .. } => format!("A guard trips: {}. Your code stops the run.", guard_name(*guard)),
        Event::Finished { outcome, .. } => match outcome {
            Outcome::Answered { .. } => "The door is open: the task is done.".into(),
            Outcome::Escalated { .. } => "The loop hands over to a person instead of going round in circles.".into(),
            Outcome::GaveUp { guard } => format!("A guard ended the run: {}.", guard_name(*guard)),
            Outcome::Failed { reason: FailReason::NotAnAnswer { .. } } => {
                "The oracle stopped mid-reply, and half a reply is not an answer: the run ends without one.".into()
            }
            Outcome::Failed { .. } => "Nobody caught the failure: the villain wins, and the run is lost.".into(),
            Outcome::Cancelled => "You pressed Stop.".into(),
        },
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// What the screen-reader announcer says for a step, or nothing for the small ones.
pub fn announce(event: &Event) -> Option<String> {
    match event {
        Event::ModelCalled { .. } | Event::ToolStarted { .. } => None,
        other => Some(scene_caption(other)),
    }
}

// The herd view.
pub const HERD_TITLE: &str = "The herd";
pub const HERD_TAGLINE: &str = "Many clients, one server coming back up: watch how each retry policy treats it.";
pub const HERD_BACK: &str = "Back to the playground";
pub const HERD_LINK: &str = "Watch a thousand clients retry like this";
pub const HERD_SETTINGS: &str = "The crowd and the server";
pub const HERD_CLIENTS: &str = "Clients";
pub const HERD_DOWN: &str = "Server down for (ms)";
pub const HERD_CAPACITY: &str = "Calls served per slot";
pub const HERD_HIGHLIGHT: &str = "Draw on top";
pub const HERD_HIGHLIGHT_NONE: &str = "None";
pub const HERD_SLOTS_TITLE: &str = "Calls reaching the server, per time slot";
pub const HERD_COMPUTING: &str = "Working out the herd…";
pub const HERD_CALLS_TITLE: &str = "Total calls (the server's work)";
pub const HERD_DONE_TITLE: &str = "Time until the last client got through";
pub const HERD_TABLE_TITLE: &str = "The figures";
pub const HERD_COL_POLICY: &str = "Policy";
pub const HERD_COL_CALLS: &str = "Calls";
pub const HERD_COL_DONE: &str = "Last success";
pub const HERD_COL_GAVE_UP: &str = "Gave up";
pub const HERD_EXPLANATION: &str = "Without jitter, every client that failed at the same moment waits the same time and comes back at the same moment, so each wave meets a server that can take only a few of them, and the rest fail together again. A random pick under the same ceiling spreads the crowd over the whole wait: fewer calls are wasted and the last client gets through far sooner. Calling again at once finishes early only by making the server do the most work.";

pub fn herd_policy_name(p: rusty_lock_engine::herd::HerdPolicy) -> &'static str {
    use rusty_lock_engine::herd::HerdPolicy::*;
    match p {
        NoBackoff => "No backoff",
        Exponential => "Exponential, no jitter",
        FullJitter => "Full jitter",
        EqualJitter => "Equal jitter",
        Decorrelated => "Decorrelated jitter",
        Yours => "Your policy",
    }
}

/// A whole number with thousands separated, as English writes it.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub fn herd_yours(p: &rusty_lock_engine::RetryPolicy) -> String {
    format!(
        "Every policy here uses your first wait ({}) and longest wait ({}). Your policy adds your {} and {}; change them in the playground's retry settings.",
        duration(p.base_delay_ms),
        duration(p.max_delay_ms),
        if p.jitter { "jitter (on)" } else { "jitter (off)" },
        if p.max_attempts == 1 { "single attempt".to_string() } else { format!("limit of {} attempts", p.max_attempts) }
    )
}

pub fn herd_slots_hint(capacity: u32, slot_ms: u64) -> String {
    format!(
        "Each slot is {}; once it is back, the server serves {} calls in a slot and refuses the rest.",
        duration(slot_ms),
        count(capacity as u64)
    )
}

/// When the last client of a policy got through, or why none did.
pub fn herd_done(line: &rusty_lock_engine::herd::HerdLine) -> String {
    match (line.last_success_ms, line.cut_short) {
        (_, true) => "stopped: too many calls to simulate".into(),
        (Some(ms), _) if line.gave_up > 0 => format!("{} ({} gave up)", duration(ms), count(line.gave_up as u64)),
        (Some(ms), _) => duration(ms),
        (None, _) => "nobody got through".into(),
    }
}

pub fn herd_goes_on(line: &rusty_lock_engine::herd::HerdLine) -> String {
    match line.last_success_ms {
        Some(ms) => format!("(goes on past the edge, until {})", duration(ms)),
        None => "(goes on past the edge)".into(),
    }
}

/// The calls-per-slot chart in words, for screen readers.
pub fn herd_slots_summary(lines: &[rusty_lock_engine::herd::HerdLine], end_ms: u64) -> String {
    let parts: Vec<String> = lines
        .iter()
        .map(|l| {
            let peak = l.calls_per_slot.iter().copied().max().unwrap_or(0);
            format!("{}: peak of {} calls in a slot, {}", herd_policy_name(l.policy), count(peak as u64), herd_done(l))
        })
        .collect();
    format!("The first {} after the outage began. {}.", duration(end_ms), parts.join("; "))
}

// The backoff strip.
pub const STRIP_KEY_CEILING: &str = "ceiling";
pub const STRIP_KEY_TICK: &str = "the wait picked";
pub const STRIP_KEY_ASKED: &str = "Retry-After";

pub fn strip_title(turn: u32) -> String {
    format!("Backoff on turn {turn}")
}

pub fn strip_label(next_attempt: u32) -> String {
    format!("before try {next_attempt}")
}

/// The figures beside one bar.
pub fn strip_value(bar: &rusty_lock_engine::StripBar) -> String {
    match (bar.reason, bar.retry_after_ms) {
        (WaitReason::RetryAfter, Some(asked)) => format!("{} (asked {})", duration(bar.wait_ms), duration(asked)),
        (WaitReason::RetryAfter, None) => format!("{} (asked)", duration(bar.wait_ms)),
        (WaitReason::Backoff, _) => format!("{} of {}", duration(bar.wait_ms), duration(bar.ceiling_ms)),
    }
}

/// One bar in a sentence, for screen readers.
pub fn strip_bar(bar: &rusty_lock_engine::StripBar) -> String {
    match bar.reason {
        WaitReason::RetryAfter => format!(
            "Before attempt {}: the server asked for {}, and your code waited {}.",
            bar.attempt + 1,
            duration(bar.retry_after_ms.unwrap_or(bar.wait_ms)),
            duration(bar.wait_ms)
        ),
        WaitReason::Backoff => format!(
            "Before attempt {}: any wait up to {} was allowed, and {} was picked.",
            bar.attempt + 1,
            duration(bar.ceiling_ms),
            duration(bar.wait_ms)
        ),
    }
}

pub fn strip_total(ms: u64) -> String {
    format!("Waited {} in all. ", duration(ms))
}

// The retry preview under the settings.
pub const PREVIEW_TITLE: &str = "What these settings wait";
pub const PREVIEW_NO_RETRY: &str = "One attempt: no retry, so no wait.";

pub fn preview_axis(attempt: u32) -> String {
    format!("try {attempt}")
}

pub fn preview_retry(attempt: u32, low: u64, high: u64) -> String {
    if low == high {
        format!("Before attempt {attempt}: exactly {}.", duration(high))
    } else {
        format!("Before attempt {attempt}: anywhere from {} to {}.", duration(low), duration(high))
    }
}

pub fn preview_worst(ms: u64) -> String {
    format!("At most {} of backoff in all, unless the server asks for longer.", duration(ms))
}

#[cfg(test)]
mod tests;

// ---- issue12-finish words (to be moved into the language tables) ----

// The code panel in compare mode: the naive loop's listing beside the robust one.
pub const NAIVE_LOOP: &str = "Naive loop";
pub const ROBUST_LOOP: &str = "Robust loop";
/// Beside the naive line where the loops part: the robust loop catches this, the naive one not.
pub const CATCH_MISSING: &str = "no catch here";
/// Beside the robust line that makes that catch.
pub const CATCH_MADE: &str = "caught here";

/// The words of a comment in the code panel's listings (`{note:slug}` in the engine's listings);
/// the code stays code, the comments are the page's to translate.
pub fn code_note(slug: &str) -> &'static str {
    match slug {
        "loop" => "The loop. Whatever nobody catches ends the run (layer 3).",
        "normal-exit" => "the only normal exit",
        "guard-repeat" => "guard: same move twice",
        "guard-errors" => "guard: errors in a row",
        "guard-turns" => "guard: the turn budget",
        "layer-1" => "Layer 1, your code: retry what passes by itself.",
        "watchdog" => "guard: the watchdog cut it, a timeout",
        "throw" => "layer 3: retrying cannot help",
        "layer-2" => "Layer 2, the model: a failed tool becomes text it reads.",
        "naive-loop" => "The naive loop: one try per call, nothing caught, no guard but the turn budget.",
        "naive-send" => "One attempt and no watchdog: a 503 or a call that hangs ends it here.",
        "naive-decide" => "It takes finish_reason at its word.",
        "naive-tool" => "A failed tool throws: the model never reads what went wrong.",
        "naive-guards" => "No guard here: the same call again goes round until the turns run out.",
        _ => "",
    }
}
