//! English.

use super::*;
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::{Fault, RATE_LIMIT_RETRY_AFTER_MS, SLOW_MS};
use rusty_lock_engine::run::config::Guards;
use rusty_lock_engine::run::connection::{Diagnosis, NotOpenAi, Preset};
use rusty_lock_engine::run::error_text::{ErrorText, Secret};
use rusty_lock_engine::run::events::{
    Ending, Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome, Quirk,
};
use rusty_lock_engine::run::provider::{BodyProblem, CallFailure, WaitReason};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::show::lessons::LessonId;
use rusty_lock_engine::show::listing::Note;
use rusty_lock_engine::show::own_lesson::{MAX_TEXT_CHARS, MAX_TITLE_CHARS};
use rusty_lock_engine::show::scenario::{FaultProblem, Problem, Setting, SPEEDS};
use rusty_lock_engine::show::trace::{Damage, TraceError, MAX_TRACE_BYTES, TRACE_FORMAT, TRACE_VERSION};
use rusty_lock_engine::show::verdict::Said;
use rusty_lock_engine::show::view::BoardKind;

/// The decimal sign of the engine's numbers in fixed words ([`numbers`]). English writes a decimal point: `0.5 s`.
const SIGN: &str = ".";

/// English: the language of the first download.
pub struct En;

pub static CORE: CoreLabels = CoreLabels {
    compare_short: "Naive vs robust",
    file_unreadable: "The file could not be read.",
    page_title: "Rusty Lock: who handles each failure in an agent loop?",
    page_description: "A playground where a real agent loop opens a temple door, and you break it on purpose to see which layer handles each failure.",
    language: "Language",
    title: "Rusty Lock",
    tagline: "Break an agent loop on purpose. Watch who handles each failure.",
    run: "Run",
    stop: "Stop",
    speed: "Speed",
    faults: "Faults",
    faults_hint: "Switch one on, pick the turn it hits, then press Run. You can switch them during a run too.",
    log: "Event log",
    log_empty: "Press Run to start the agent.",
    turn: "Turn",
    on_turn: "turn",
    times: "×",
    fatal: "Rusty Lock hit a bug it could not recover from. Reload: your scenario is in the address, so it comes back as it was.",
    fatal_reload: "Reload",
    handled_by: "Handled by",
    layer_row: "Who handles each failure",
    open_faults: "Faults",
    close_faults: "Close faults",
    start_here: "New here? Start with lesson 1 →",
    start_here_hint: join!(
        whole!(rusty_lock_engine::show::lessons::LESSONS.len() as u64),
        " short runs: guess which layer handles each failure, then watch it happen."
    ),
    door: "Door:",
    lock: "Lock:",
    running: "Running…",
    running_hint: "Stop ends the run at once; Pause holds it on this step.",
    replaying: "Replaying…",
    replaying_hint: "Stop ends the replay; Pause holds it on this step.",
    ready: "Ready",
    speed_labels: ["0.25×", "0.5×", "1×", "2×", "4×", "instant"],
    link_notice_title: "Part of this link was ignored:",
    dismiss: "Dismiss",
    part_missing: "This part of the page could not be fetched. Check the connection and reload the page.",
    engine_part_missing: "The loop itself could not be fetched, so the run did not start. Check the connection and press Run again.",
    replay_part_missing: "The loop could not be fetched, so the trace did not play. Check the connection and open the file again.",
    lessons: "Lessons",
    open_full: "Open in the full playground ↗",
    show_settings: "Settings",
    pause_at_failure: "Pause at the first failure",
    who_answers: "Who answers",
    builtin: "Built-in model",
    real_endpoint: "Real endpoint",
    scene: "The adventure",
    scene_robust: "The robust loop: it catches what it can",
    scene_idle: "The hero is the loop, the oracle is the model, and the rusted door is the room the tools act on.",
    hero: "the loop",
    oracle: "the model",
    the_room: "the room",
    asks_for_a_tool: "ASKS FOR A TOOL",
    final_answer: "FINAL ANSWER",
    final_answer_text: "The door is open.",
    final_answer_shut: "Door still shut.",
    answered_door_shut: "The loop takes the reply as its final answer, yet the door is still shut.",
    tool_error_back: "Error: back to the model",
    tool_error_thrown: "Error: thrown, not caught",
    tool_worked: "Result: into the history",
    caught_by_code: "your code will retry",
    nobody_can_fix: "nobody can fix it",
    villain: "NOBODY CAUGHT IT",
    guard_sign: "GUARD",
    stopped_sign: "STOPPED",
    handed_over: "HANDED OVER",
    turns_left_label: "Turns left",
    resent: "Resent each turn",
    resent_empty: "One bar a turn, each taller: the whole history is sent again.",
    resent_nothing: "Nothing sent yet.",
    play: "Play",
    pause: "Pause",
    replay: "Replay",
    step_back: "Step back",
    step_forward: "Step forward",
    first_step: "First step",
    last_step: "Newest step",
    timeline: "Timeline of the run's steps",
    skip_to_player: "Skip to the player",
    yours_link: "Your own loop",
    player: "Player",
    keys_hint: "Keys: Space run, play or pause, \u{2190} \u{2192} step, Home, End, T step by step",
    keys_hint_narrate: "Clicker: PageDown next beat, \u{2192} or Space one step \u{b7} PageUp or \u{2190} back \u{b7} F next failure \u{b7} End outcome \u{b7} T timed",
    compare: "Compare: naive loop vs robust loop",
    stuck: "Stuck",
    stuck_detail: "Waiting forever for an answer: the naive loop has no watchdog.",
    still_going: "Still going",
    looking_back: "Looking back",
};

pub static BELOW: BelowLabels = BelowLabels {
    model: "Model",
    guards: "Guards",
    retry: "Retry policy (your code)",
    seed: "Seed",
    board: "Who handled it?",
    history: "Message history (sent again, whole, every turn)",
    off_when_zero: "0 = off",
    max_turns: "Max turns",
    max_errors: "Errors in a row",
    watchdog: "Watchdog (ms)",
    repeat_guard: "Stop on the same call twice",
    max_attempts: "Attempts in all",
    no_retry_hint: "1 = no retry",
    base_delay: "First wait (ms)",
    max_delay: "Longest wait (ms)",
    retry_after_cap: "Retry-After cap (ms)",
    jitter: "Jitter (random wait)",
    retry_everything: "Retry every failure, even 400 and 401 (the wrong school)",
    lost_reply: "A tool's lost reply",
    lost_reply_tell: "Tell the model to check first (the right school)",
    lost_reply_retry: "Call the tool again (the wrong school)",
    share_link: "Link to this scenario",
    copy_link: "Copy link",
    copied: "Copied",
    export_trace: "Save trace",
    import_trace: "Open trace…",
    save_failed: "The browser would not save the file.",
    trace_part_missing: "The trace tools could not be fetched. Check the connection and try again.",
    update_ready: "A new version is ready —",
    update_reload: "reload",
    code_panel: "The loop in code",
    code_hint: "The lit line is what the loop is doing at the step on screen.",
    no_line: "No line of the robust loop: it would have caught this.",
    herd_link: "Watch a thousand clients retry like this",
    preview_title: "What these settings wait",
    preview_no_retry: "One attempt: no retry, so no wait.",
    make_lesson: "Make a lesson from this scenario",
    replay_label: "Replaying a recorded trace",
    replay_note: "Nothing was sent to a model. Run runs the settings on the page.",
    error_text: "What the model reads when a tool fails",
};

pub static LESSONS: LessonsLabels = LessonsLabels {
    start_workshop: "Start the workshop (all lessons, presenter mode)",
    not_in_plan: "Not in today's plan",
    free_play: "Free play (no lesson)",
    right: "Right.",
    not_quite: "Not quite.",
    prev_lesson: "← Previous lesson",
    next_lesson: "Next lesson →",
    question: "Which layer will handle this failure?",
    agenda_entry: "Workshop agenda and handout",
    show_me: "Show me",
    answer_keys: "Keys: 1, 2, 3 to answer, S to show without answering, Space to run or pause.",
    answer_keys_narrate: "Keys: 1, 2, 3 to answer; PageDown or S to show without answering, one step at a time.",
    own_badge: "Teacher's lesson",
    own_untitled: "A lesson on this scenario",
    own_note: "Written by whoever made this link, not by Rusty Lock.",
    own_takeaway: "Takeaway:",
    form_title: "Title (optional)",
    form_question: "Question (optional; without one, the standard question is asked)",
    form_expect: "The answer: which layer handles this run?",
    form_takeaway: "Takeaway, shown after the run (optional)",
    form_hint: join!(
        "The texts stay plain text, up to ",
        whole!(MAX_TEXT_CHARS as u64),
        " characters each (",
        whole!(MAX_TITLE_CHARS as u64),
        " for the title)."
    ),
    form_choose: "Choose the layer that handles this run, and the link appears.",
    form_link: "Link to this lesson",
    form_open: "Open the lesson",
    form_agenda: "Add to the agenda",
    form_agenda_link: "Agenda link with this lesson",
    form_agenda_open: "Open the agenda",
};

pub static KIT: KitLabels = KitLabels {
    agenda_title: "Workshop agenda",
    handout_title: "Rusty Lock: who handles each failure?",
    print_handout: "Print handout",
    show_answers: "Show the answers",
    back_to_playground: "← Back to the playground",
    start_in_presenter: "Start presenting",
    print_hint: "The handout prints on A4 or Letter: each lesson stays on one page. Fold the page along the dashed line to hide the answers.",
    fold_here: "fold here",
    answer: "Answer:",
    open_on_phone: "Open on your phone",
    phone_title: "Scan to open this scenario on your phone",
    phone_serve_hint: "To open it from a phone on the same network, serve the page on the network with this command, then open the address it prints:",
    codes_serve_hint: "For the room's phones, serve the page on the network with this command, then open the agenda at the address it prints and print the handout from there:",
    close: "Close",
    own_mark: "Teacher's lesson",
    own_goal: "Written by the teacher, on a scenario of their own.",
    plan_title: "Your plan",
    plan_hint: "Keep the lessons and exercises that fit your session, in the order you want: the projected page, its clicker, the presenter view and the handout follow this plan.",
    plan_ready: "Ready plans:",
    in_plan: "In the plan",
    move_up: "Earlier",
    move_down: "Later",
    left_out_title: "Left out of the plan",
    end_workshop: "End of the workshop →",
    closing_title: "That is the workshop",
    closing_intro: "Every failure had a layer that handled it: the model, your code, or nobody. Here is what each lesson left us with.",
    closing_takeaways: "What we saw",
    closing_exercises: "Try it on your own loop",
    closing_none: "No exercise in this plan: the agenda can add some.",
    closing_back: "← Last lesson",
    open_agenda: "Agenda and handout",
};

pub static HERD: HerdLabels = HerdLabels {
    herd_title: "The herd",
    herd_tagline: "Many clients, one server coming back up: watch how each retry policy treats it.",
    herd_back: "Back to the playground",
    herd_settings: "The crowd and the server",
    herd_clients: "Clients",
    herd_down: "Server down for (ms)",
    herd_capacity: "Calls served per slot",
    herd_highlight: "Draw on top",
    herd_highlight_none: "None",
    herd_slots_title: "Calls reaching the server, per time slot",
    herd_computing: "Working out the herd…",
    herd_calls_title: "Total calls (the server's work)",
    herd_done_title: "Time until the last client got through",
    herd_table_title: "The figures",
    herd_col_policy: "Policy",
    herd_col_calls: "Calls",
    herd_col_done: "Last success",
    herd_col_gave_up: "Gave up",
    herd_lost_key: "Hatched bar: that policy lost clients. They gave up and never got through, so its short time or its few calls are no win.",
    herd_explanation: "Without jitter, every client that failed at the same moment waits the same time and comes back at the same moment, so each wave meets a server that can take only a few of them, and the rest fail together again. A random pick under the same ceiling spreads the crowd over the whole wait: fewer calls are wasted and the last client gets through far sooner. Calling again at once finishes early only by making the server do the most work.",
};

pub static VERDICT: VerdictLabels = VerdictLabels {
    verdict: "Resilience verdict: what your settings did",
    verdict_nothing: "Nothing failed on the model's server, so there is no retry policy to judge. Switch on a server fault and run again.",
    strip_key_ceiling: "ceiling",
    strip_key_tick: "the wait picked",
    strip_key_asked: "Retry-After",
};

pub static ENDPOINT: EndpointLabels = EndpointLabels {
    preset: "Preset",
    base_url: "Base URL",
    model_name: "Model name",
    api_key: "API key",
    key_set: "a key is set (type to replace)",
    key_optional: "optional for local servers",
    remember_key: "Remember on this device",
    forget_key: "Forget the key",
    stream: "Stream the reply",
    stream_faults: "Stream faults: a dropped, cut-short or stalled stream is retried by your code; a malformed chunk is not (the same server would send it again). A partial reply is never taken as complete.",
    test_connection: "Test connection",
    connected_no_models: "Connected, but the server lists no models.",
    testing: "Testing\u{2026}",
    pick_model: "Use one as the model name:",
    run_needs_model: "Run needs a model name (under Who answers).",
    streaming: "The oracle is answering:",
    diagnosis_title: "No answer could be read from the endpoint",
    diag_public_to_local: "This page comes from a public address and calls a server on your own machine. Browsers restrict that: serve the playground locally (./scripts/serve.sh) or use an https endpoint.",
    diag_layer_point: "Notice the teaching point: to the code, a CORS block is indistinguishable from a dropped connection, so it was retried like one. This is the one failure whose layer your code cannot know.",
};

pub static COMPARE: CompareLabels = CompareLabels {
    naive_loop: "Naive loop",
    robust_loop: "Robust loop",
    catch_missing: "no catch here",
    catch_made: "caught here",
    scene_naive: "The naive loop: no catching, no retries",
    compare_hint: "Old adventure games split in two schools: in some a wrong move is game over, in others the game says why it failed and you try again. Press Run to play the same scenario, same faults and seed, with a naive loop and with the robust one, in step.",
    compare_builtin_only: "Compare mode plays the built-in model, so both loops see exactly the same answers.",
};

impl Core for En {
    fn language_missing(&self, lang: Lang) -> String {
        let name = match lang {
            Lang::En => "English",
            Lang::Fr => "French",
            Lang::Zh => "Chinese",
        };
        format!("The {name} words could not be fetched, so the page stays as it was. Check the connection and choose again.")
    }

    fn more_characters(&self, n: usize) -> String {
        format!("… (+{n} more characters)")
    }

    fn layer_name(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "The model",
            Layer::Code => "Your code",
            Layer::Nobody => "Nobody",
        }
    }

    fn layer_short_rule(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "reads the error as a tool result and tries something else",
            Layer::Code => "retries with backoff, or a guard steps in; the model never knows",
            Layer::Nobody => "retrying cannot help: the run ends with a clear error",
        }
    }

    fn handled_count(&self, n: usize) -> String {
        match n {
            0 => "No failure handled yet".into(),
            1 => "1 failure handled".into(),
            n => format!("{n} failures handled"),
        }
    }

    fn fault_name(&self, f: Fault) -> &'static str {
        match f {
            Fault::RateLimited => "429 Too many requests",
            Fault::Http500 => "500 Server error",
            Fault::Http502 => "502 Bad gateway",
            Fault::Http503 => "503 Unavailable",
            Fault::Dropped => "Dropped connection",
            Fault::Unauthorized => "401 Bad API key",
            Fault::BadRequest => "400 Bad request",
            Fault::Hang => "Hang (never answers)",
            Fault::Slow => join!("Slow reply (+", seconds_in!(SLOW_MS, SIGN), " s)"),
            Fault::BadJson => "Broken JSON arguments",
            Fault::UnknownTool => "Invented tool name",
            Fault::SchemaInvalid => "Arguments break the schema",
            Fault::MissingArg => "Required argument missing",
            Fault::HarnessBug => "Bug in the harness",
            Fault::ToolTimeout => "Tool acts, then its reply is lost",
            Fault::StopWithCalls => "Tool calls marked \"stop\"",
            Fault::CutAtLength => "Reply cut at the token limit",
        }
    }

    fn fault_group_name(&self, group: rusty_lock_engine::run::chaos::FaultGroup) -> &'static str {
        match group {
            rusty_lock_engine::run::chaos::FaultGroup::Server => "The model's server",
            rusty_lock_engine::run::chaos::FaultGroup::Model => "The model's output",
            rusty_lock_engine::run::chaos::FaultGroup::Harness => "Your harness",
            rusty_lock_engine::run::chaos::FaultGroup::Tool => "The tools",
        }
    }

    fn failure_name(&self, f: &CallFailure) -> String {
        match f {
            CallFailure::Http { status } => format!("HTTP {status}"),
            CallFailure::Network => "connection dropped".into(),
            CallFailure::Timeout => "timed out".into(),
            CallFailure::BadBody { reason } => format!("unreadable reply: {}", body_problem(reason)),
        }
    }

    fn body_problem(&self, problem: &BodyProblem) -> String {
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

    fn tool_error_name(&self, k: ToolErrorKind) -> &'static str {
        match k {
            ToolErrorKind::UnknownTool => "unknown tool",
            ToolErrorKind::BadJson => "broken JSON",
            ToolErrorKind::SchemaInvalid => "arguments break the schema",
            ToolErrorKind::ToolFailed => "the tool refused",
            ToolErrorKind::ReplyLost => "reply lost, it may have acted",
        }
    }

    fn guard_name(&self, g: Guard) -> &'static str {
        match g {
            Guard::MaxTurns => "turn budget used up",
            Guard::ErrorsInARow => "too many tool errors in a row",
            Guard::RepeatedCall => "same call twice",
            Guard::Watchdog => "watchdog cut a silent call",
        }
    }

    fn outcome_title(&self, o: &Outcome) -> &'static str {
        match o {
            Outcome::Failed { reason: FailReason::NotAnAnswer { finish_reason } } if finish_reason == "length" => {
                "Reply cut off"
            }
            Outcome::Failed { reason: FailReason::NotAnAnswer { .. } } => "No answer",
            other => self.ending_title(other.ending()),
        }
    }

    fn ending_title(&self, e: Ending) -> &'static str {
        match e {
            Ending::Answered => "Answered",
            Ending::Escalated => "Escalated to a person",
            Ending::GaveUp => "Gave up",
            Ending::Failed => "Failed",
            Ending::Cancelled => "Stopped",
        }
    }

    fn outcome_detail(&self, o: &Outcome) -> String {
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
                FailReason::Threw { message } => {
                    format!("Your code threw, and nothing caught it: {}", short_text(message, 160))
                }
                FailReason::Stalled => {
                    "Your code is waiting on nothing: no timer, no request, and runAgent never settled.".into()
                }
                FailReason::Blocked { budget_ms } => format!(
                    "Your code did not give control back within {}, so the page stopped it.",
                    self.seconds(*budget_ms)
                ),
                FailReason::TimeLimit { after_ms } => format!(
                    "Your code was still running after {} of virtual time, so the page stopped it.",
                    self.seconds(*after_ms)
                ),
                FailReason::TooManyRequests { requests } => format!(
                    "Your code sent {requests} requests without ending, so the page stopped it: no guard of its own did."
                ),
                FailReason::SandboxError { message } => {
                    format!("The sandbox could not run your code: {}", short_text(message, 160))
                }
                FailReason::NoAgent { .. } => {
                    "Nothing ran: your code defines no runAgent(task), and its top level asked the server nothing.".into()
                }
            },
            Outcome::Cancelled => "You pressed Stop. Everything up to that point is kept below.".into(),
        }
    }

    fn not_an_answer(&self, finish_reason: &str) -> String {
        match finish_reason {
            "length" => "The reply was cut at the token limit (finish_reason \u{201c}length\u{201d}), so it is not an answer. Raise max_tokens, or send a shorter history.".into(),
            "content_filter" => "The server withheld the reply (finish_reason \u{201c}content_filter\u{201d}), so there is no answer to use. Rephrase the task or check the server's filter.".into(),
            other => format!(
                "The reply stopped with finish_reason \u{201c}{}\u{201d}, which is not a finished answer, so the run ends rather than guess.",
                short_text(other, 40)
            ),
        }
    }

    fn duration(&self, ms: u64) -> String {
        if ms >= 1000 {
            seconds(ms)
        } else {
            format!("{ms} ms")
        }
    }

    fn turn_of_max(&self, turn: u32, max: u32) -> String {
        format!("{turn} of {max}")
    }

    fn waiting(&self, ms: u64, attempt: u32, max: u32) -> String {
        format!("Your code waits {}, then attempt {attempt} of {max}", super::duration(ms))
    }

    fn silent_call(&self, waited: u64, limit: u64) -> String {
        format!("No answer for {}: the watchdog gives up at {}", super::duration(waited), super::duration(limit))
    }

    fn history_meter(&self, messages: usize, tokens: u32) -> String {
        format!("Last sent: {messages} messages, about {tokens} tokens")
    }

    fn scene_label(&self, door_open: bool, lock_oiled: bool) -> String {
        match (door_open, lock_oiled) {
            (true, true) => "The door is open, and the lock is oiled.".into(),
            (true, false) => "The door is open, and the lock is rusted.".into(),
            (false, true) => "The door is closed, and the lock is oiled.".into(),
            (false, false) => "The door is closed, and the lock is rusted.".into(),
        }
    }

    fn door_state(&self, open: bool) -> &'static str {
        if open {
            "open"
        } else {
            "closed"
        }
    }

    fn lock_state(&self, oiled: bool) -> &'static str {
        if oiled {
            "oiled"
        } else {
            "rusted"
        }
    }

    fn attempts_label(&self, fault: &str) -> String {
        format!("{fault}, attempts in a row")
    }

    fn trace_error(&self, error: &TraceError) -> String {
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

    fn step_of(&self, step: usize, of: usize) -> String {
        format!("Step {step} of {of}")
    }

    fn attempt_of(&self, attempt: u32, max: u32) -> String {
        format!("attempt {attempt} of {max}")
    }

    fn seconds(&self, ms: u64) -> String {
        let tenths = ms.saturating_add(50) / 100;
        format!("{}.{} s", tenths / 10, tenths % 10)
    }

    fn turns_left(&self, left: u32, max: u32) -> String {
        format!("{left} of {max} turns left")
    }

    fn token_bar(&self, turn: u32, messages: usize, tokens: u32, counted: Option<u32>) -> String {
        match counted {
            Some(c) => format!("Turn {turn}: {messages} messages, about {tokens} tokens ({c} counted by the server)"),
            None => format!("Turn {turn}: {messages} messages, about {tokens} tokens"),
        }
    }

    fn server_counted(&self, tokens: u32) -> String {
        format!(" The server counted {tokens} tokens.")
    }

    fn guard_short(&self, g: Guard) -> &'static str {
        match g {
            Guard::MaxTurns => "turn budget empty",
            Guard::ErrorsInARow => "errors in a row",
            Guard::RepeatedCall => "same move twice",
            Guard::Watchdog => "watchdog cut the call",
        }
    }

    fn scene_caption(&self, event: &Event) -> String {
        match event {
            Event::SecretSent { .. } => "The whole exception went back as the tool's result: a stack trace, file paths and a password are now in the history, sent again on every turn. Nobody stopped them.".into(),
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
                failure_sentence_start(failure)
            ),
            Event::ModelCallFailed { failure, final_because: Some(FinalBecause::NothingCaught), .. } => {
                format!("{}: nothing catches it, so the run ends here.", failure_sentence_start(failure))
            }
            Event::ModelCallFailed { failure, layer: Layer::Nobody, .. } => format!(
                "{}: retrying cannot fix this one, and the model cannot either. The run ends here.",
                failure_sentence_start(failure)
            ),
            Event::ModelCallFailed { failure, .. } => {
                format!("{}: the call failed. Your code catches it; the model will never know.", failure_sentence_start(failure))
            }
            Event::RetryScheduled { next_attempt, max_attempts, wait_ms, reason, .. } => match reason {
                WaitReason::RetryAfter => format!(
                    "The server asked to wait: your code waits {}, then {}.",
                    super::duration(*wait_ms),
                    attempt_of(*next_attempt, *max_attempts)
                ),
                WaitReason::Backoff => format!(
                    "Your code backs off: it waits {}, then {}.",
                    super::duration(*wait_ms),
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
            Event::ToolFailed { name, layer: Layer::Code, .. } => format!("The {} call lost its reply, though it may have acted. Your code calls it again by itself, on a room that has already changed.", clip(name)),
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

    fn announce(&self, event: &Event) -> Option<String> {
        match event {
            Event::ModelCalled { .. } | Event::ToolStarted { .. } => None,
            other => Some(scene_caption(other)),
        }
    }

    fn count(&self, n: u64) -> String {
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
}

impl Below for En {
    fn board_earlier(&self, n: usize) -> String {
        format!("+{n} earlier")
    }

    fn recorded_with(&self, provider: &rusty_lock_engine::show::scenario::ProviderChoice) -> String {
        match provider {
            rusty_lock_engine::show::scenario::ProviderChoice::Builtin => "Recorded with the built-in model.".into(),
            rusty_lock_engine::show::scenario::ProviderChoice::Http { endpoint, model } if model.is_empty() => {
                format!("Recorded against {}.", clip(endpoint))
            }
            rusty_lock_engine::show::scenario::ProviderChoice::Http { endpoint, model } => {
                format!("Recorded against {}, model {}.", clip(endpoint), clip(model))
            }
        }
    }

    fn layer_rule(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "The error goes back as a tool result. The model reads it and tries something else.",
            Layer::Code => "The harness waits and tries again, or a guard steps in. The model never knows.",
            Layer::Nobody => "Retrying cannot help. The run ends with a clear error.",
        }
    }

    fn personality_name(&self, p: Personality) -> &'static str {
        match p {
            Personality::Helpful => "Built-in model, helpful (reads its errors)",
            Personality::Stubborn => "Built-in model, stubborn (repeats its mistake)",
        }
    }

    fn error_text_name(&self, e: ErrorText) -> &'static str {
        match e {
            ErrorText::Sentence => "One sentence: what went wrong and what to do next",
            ErrorText::Code => "A bare code (Error: ToolError)",
            ErrorText::Raw => "The raw exception, secrets and all",
        }
    }

    fn board_label(&self, kind: BoardKind) -> String {
        match kind {
            BoardKind::Network => "dropped".into(),
            BoardKind::Timeout => "timeout".into(),
            BoardKind::BadBody => "bad body".into(),
            BoardKind::Tool(ToolErrorKind::UnknownTool) => "unknown tool".into(),
            BoardKind::Tool(ToolErrorKind::BadJson) => "broken JSON".into(),
            BoardKind::Tool(ToolErrorKind::SchemaInvalid) => "bad args".into(),
            BoardKind::Tool(ToolErrorKind::ToolFailed) => "tool error".into(),
            BoardKind::Tool(ToolErrorKind::ReplyLost) => "reply lost".into(),
            BoardKind::Guard(Guard::MaxTurns) => "max turns".into(),
            BoardKind::Guard(Guard::ErrorsInARow) => "errors in a row".into(),
            BoardKind::Guard(Guard::RepeatedCall) => "same call twice".into(),
            BoardKind::Guard(Guard::Watchdog) => "watchdog".into(),
            BoardKind::RetriesExhausted => "retries used up".into(),
            BoardKind::HarnessBug => "harness bug".into(),
            BoardKind::Cancelled => "stopped".into(),
            BoardKind::CutAtLength => "cut at length".into(),
            BoardKind::ContentFilter => "filtered".into(),
            BoardKind::UnknownFinish => "odd finish".into(),
            BoardKind::FinishMismatch => "tools despite finish".into(),
            BoardKind::UnhandledCall => "unhandled call".into(),
            BoardKind::UnhandledTool => "tool error thrown".into(),
            BoardKind::BareError => "bare error".into(),
            BoardKind::SecretSent => "secret sent".into(),
            BoardKind::Threw => "your code threw".into(),
            BoardKind::Stalled => "stalled".into(),
            BoardKind::Blocked => "blocked".into(),
            BoardKind::TimeLimit => "time limit".into(),
            BoardKind::TooManyRequests => "too many requests".into(),
            BoardKind::SandboxError => "sandbox error".into(),
            BoardKind::NoAgent => "no runAgent".into(),
            BoardKind::Http(status) => format!("HTTP {status}"),
        }
    }

    fn lesson_changes(&self, changed: &[Setting]) -> String {
        let names: Vec<&str> = changed.iter().map(|s| setting_label(*s)).collect();
        format!(
            "Changed from this lesson's own settings: {}. The run may not end as the explanation says.",
            names.join("; ")
        )
    }

    fn preview_axis(&self, attempt: u32) -> String {
        format!("try {attempt}")
    }

    fn preview_retry(&self, attempt: u32, low: u64, high: u64) -> String {
        if low == high {
            format!("Before attempt {attempt}: exactly {}.", duration(high))
        } else {
            format!("Before attempt {attempt}: anywhere from {} to {}.", duration(low), duration(high))
        }
    }

    fn preview_worst(&self, ms: u64) -> String {
        format!("At most {} of backoff in all, unless the server asks for longer.", duration(ms))
    }
}

impl Log for En {
    fn guard_detail(&self, detail: &GuardDetail) -> String {
        match detail {
            GuardDetail::NoAnswerAfter { turns: 1 } => "No answer after 1 turn.".into(),
            GuardDetail::NoAnswerAfter { turns } => format!("No answer after {turns} turns."),
            GuardDetail::SilentFor { ms } => {
                format!("No answer after {}: the call is cut and counts as a timeout.", super::duration(*ms))
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

    fn quirk_text(&self, quirk: &Quirk) -> String {
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

    fn describe(&self, event: &Event) -> String {
        match event {
            Event::SecretSent { secrets, .. } => {
                format!("Secrets sent to the model: {}. Every later turn sends them again.", secret_list(secrets))
            }
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
                    super::duration(*wait_ms)
                ),
                WaitReason::Backoff => {
                    format!(
                        "Backing off: retrying in {} (attempt {next_attempt} of {max_attempts})",
                        super::duration(*wait_ms)
                    )
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
            Event::ToolFailed { name, layer: Layer::Code, .. } => {
                format!("{} lost its reply → your code calls it again; the model is not told", clip(name))
            }
            Event::ToolFailed { name, kind, output, .. } => {
                format!("{} failed ({}) → sent back to the model: {}", clip(name), tool_error_name(*kind), clip(output))
            }
            Event::GuardTripped { guard, detail, .. } => {
                format!("Guard: {}. {}", guard_name(*guard), guard_detail(detail))
            }
            Event::Finished { outcome, turns, .. } => {
                format!("{} after {turns} turn{}", outcome_title(outcome), if *turns == 1 { "" } else { "s" })
            }
        }
    }

    fn logs_only(&self) -> &'static str {
        "Your logs only, never sent to the model"
    }
}

impl Lessons for En {
    fn lesson_text(&self, id: LessonId) -> LessonText {
        match id {
            LessonId::RustedLock => LessonText {
                title: "The rusted lock",
                goal: "The key will not turn until the lock is oiled. Watch the agent find that out.",
                explanation: "The tool refused and said why: the lock is rusted, oil it first. That sentence went back to the model as the tool's result, so the model read it and changed its plan. A tool error is information for the model, not a crash.",
                takeaway: "A tool error is a message for the model, not a crash.",
            },
            LessonId::ServerHiccup => LessonText {
                title: "A server hiccup",
                goal: "The model's server answers 503 once, on the turn the agent tries the key.",
                explanation: "A 503 means the server is briefly unavailable, which tends to pass by itself. Your code waited a random moment and called again, and the model never heard about it: there was no turn for it to read.",
                takeaway: "A brief 503 is your code's job: wait a random moment, then call again.",
            },
            LessonId::RateLimited => LessonText {
                title: "Rate limited",
                goal: join!(
                    "The server says 429 Too Many Requests and asks the client to come back in ",
                    seconds_in!(RATE_LIMIT_RETRY_AFTER_MS, SIGN),
                    " seconds."
                ),
                explanation: "When the server names a wait in Retry-After, your code honours it instead of guessing. Retrying sooner would only earn another 429.",
                takeaway: "When the server says how long to wait, wait that long.",
            },
            LessonId::BadKey => LessonText {
                title: "A bad key",
                goal: "The server answers 401 Unauthorized: the API key is wrong.",
                explanation: "A wrong key stays wrong however often you ask. Retrying cannot help and the model cannot fix it, so the run ends at once with a clear error for a person to act on.",
                takeaway: "Do not retry what cannot change: a wrong key needs a person.",
            },
            LessonId::BadRequestRetried => LessonText {
                title: "A bad request, retried in vain",
                goal: "A harness from the wrong school retries every failure, even a 400.",
                explanation: "A 400 says the request itself is broken, so sending it again gets the same 400. Here the harness wasted every attempt and its waits before failing anyway. Only retry what can pass by itself.",
                takeaway: "Retry only what can pass by itself; a 400 never will.",
            },
            LessonId::BrokenJson => LessonText {
                title: "Broken JSON",
                goal: "On turn 3 the model's tool call arrives with its arguments cut short.",
                explanation: "The harness could not parse the arguments, so it told the model so in one sentence, with an example. The model sent the call again, corrected. It cost a turn, not the run.",
                takeaway: "Tell the model what was wrong, and it can send the call again.",
            },
            LessonId::InventedTool => LessonText {
                title: "An invented tool",
                goal: "The model calls open_door, a tool that does not exist.",
                explanation: "The harness checked the name before running anything and answered with the list of real tools. The model picked a real one on its next turn.",
                takeaway: "Check a tool's name before running it, and list the real ones.",
            },
            LessonId::StubbornModel => LessonText {
                title: "A stubborn model",
                goal: "This model ignores the hint and keeps trying the key on the rusted lock.",
                explanation: "Each error went back to the model, but it kept making the same mistake. After three tool errors in a row a guard in your code stopped the run, before it could burn the whole turn budget.",
                takeaway: "A cap on errors in a row stops a stuck model from burning the budget.",
            },
            LessonId::SameCallTwice => LessonText {
                title: "The same call twice",
                goal: "The stubborn model sends exactly the same call it sent on the turn before.",
                explanation: "The same call with the same arguments will get the same answer. A guard noticed the repeat, stopped the loop and handed over politely to a person instead of pretending.",
                takeaway: "The same call twice gets the same answer: hand over to a person.",
            },
            LessonId::NeverEndingTurn => LessonText {
                title: "The turn that never ends",
                goal: "On turn 2 the server accepts the call and then says nothing at all.",
                explanation: join!(
                    "Without a watchdog this run would wait forever. The watchdog cut the silent call after ",
                    seconds_in!(Guards::DEFAULT.watchdog_ms, SIGN),
                    " seconds and counted it as a timeout, which your code retried like any other transient failure."
                ),
                takeaway: "A watchdog turns silence into a timeout that your code can retry.",
            },
            LessonId::RetriesUsedUp => LessonText {
                title: "Retries used up",
                goal: "The server answers 503 three times in a row, and three attempts is all the policy allows.",
                explanation: "Retrying is a bet that the problem will pass soon. When every attempt fails, the bet is lost: your code stops retrying and the run ends with a clear error instead of looping forever.",
                takeaway: "Retrying is a bet with a limit; when it is lost, fail clearly.",
            },
            LessonId::WhyJitter => LessonText {
                title: "Why jitter?",
                goal: join!(
                    "Jitter is off: after two 503s your code waits exactly ",
                    seconds_in!(numbers::FIXED_WAITS_MS[0], SIGN),
                    " s, then ",
                    seconds_in!(numbers::FIXED_WAITS_MS[1], SIGN),
                    " s. What if a thousand clients do?"
                ),
                explanation: "For one client a fixed wait works, and your code handled both 503s. But every client that failed at the same moment also comes back at the same moment, so a recovering server is hit by the whole crowd at once and falls over again. A random wait under the same ceiling spreads them out: open the herd to watch a thousand clients do it both ways.",
                takeaway: "Random waits stop a crowd of clients from coming back all at once.",
            },
            LessonId::BareError => LessonText {
                title: "A bare error versus a sentence",
                goal: "Tool errors now reach the model as a bare code: the rusted lock says only \u{201c}Error: ToolError\u{201d}.",
                explanation: "\u{201c}Error: ToolError\u{201d} names no cause and no next step, so the model could not know to oil the lock. It tried the key again, and the repeat guard handed over. With one sentence, the default, it oils the lock and opens the door.",
                takeaway: "Write errors for the model: what went wrong and what to do next.",
            },
            LessonId::SecretInHistory => LessonText {
                title: "A secret in the history",
                goal: "The harness now forwards the raw exception: a stack trace, file paths, a connection string.",
                explanation: "The model found the hint in the dump and opened the door. But it read far more tokens, and the password now sits in the history, sent on every turn to the model and its provider. Keep the details in your logs.",
                takeaway: "Stack traces and passwords go in your logs; the model gets one sentence.",
            },
            LessonId::LostReply => LessonText {
                title: "A lost reply, retried",
                goal: "On turn 4 the key opens the door, but its reply is lost. This harness calls the tool again by itself.",
                explanation: "The first call had already opened the door; only its reply was lost. Your code turned the key again and locked it: with a payment or an email, that is a duplicate nobody takes back. Told instead, the model looks first and finishes.",
                takeaway: "A call that changes things may have worked: check before sending it again.",
            },
            LessonId::FinishReason => LessonText {
                title: "Calls dressed as an answer",
                goal: "On turn 1 the server sends the tool call but labels the reply finish_reason \"stop\", as some real servers do.",
                explanation: "A loop that trusts finish_reason takes \"stop\" as the final answer and drops the call. Your code went by what the reply held: it ran the call and went on. Compare mode shows the naive loop falling for it.",
                takeaway: "Go by what a reply holds, not by the finish_reason it claims.",
            },
            // Every lesson has its words above; one without them would show an empty card, and the
            // browser test that opens every lesson fails on that.
        }
    }

    fn lesson_step(&self, n: usize, of: usize) -> String {
        format!("Lesson {n} of {of}")
    }

    fn start_plan(&self, lessons: usize, minutes: u32) -> String {
        let lessons = if lessons == 1 { "its one lesson".to_string() } else { format!("its {lessons} lessons") };
        format!("Start the workshop's plan ({lessons}, {minutes} minutes, presenter mode)")
    }

    fn reveal_line(&self, was: Layer) -> String {
        format!("{} handles this one.", layer_name(was))
    }

    fn answer_line(&self, said: Layer, was: Layer) -> String {
        if said == was {
            format!("{} handled it.", layer_name(was))
        } else {
            format!("You said {}; it was {}.", layer_name(said).to_lowercase(), layer_name(was).to_lowercase())
        }
    }

    fn own_answer_line(&self, was: Layer) -> String {
        format!("The teacher's answer: {}.", layer_name(was).to_lowercase())
    }

    fn form_keep_agenda(&self, n: usize) -> String {
        if n == 1 {
            "Keep the lesson of the agenda you opened last".into()
        } else {
            format!("Keep the {n} lessons of the agenda you opened last")
        }
    }

    fn link_too_long(&self, len: usize, max: usize) -> String {
        format!("This link would be {len} characters long, over the {max} a link can hold: shorten the texts or list fewer lessons.")
    }
}

impl Kit for En {
    fn plan_summary(&self, lessons: usize, exercises: usize, minutes: u32) -> String {
        let l = if lessons == 1 { "1 lesson".to_string() } else { format!("{lessons} lessons") };
        let e = if exercises == 1 { "1 exercise".to_string() } else { format!("{exercises} exercises") };
        format!("{l} and {e}: about {minutes} minutes in all.")
    }

    fn ready_plan(&self, plan: rusty_lock_engine::show::plan::ReadyPlan, minutes: u32) -> String {
        use rusty_lock_engine::show::plan::ReadyPlan::*;
        match plan {
            Hour => format!("An hour ({minutes} min)"),
            HalfHour => format!("Half an hour ({minutes} min)"),
            Everything => format!("Everything ({minutes} min)"),
        }
    }

    fn minutes(&self, n: u32) -> String {
        if n == 1 {
            "1 minute".into()
        } else {
            format!("{n} minutes")
        }
    }

    fn qr_label(&self, link: &str) -> String {
        format!("QR code of the link {link}")
    }

    fn phone_unreachable(&self, host: &str) -> String {
        format!("Phones cannot open this address: {host} is this computer itself, so a phone that scans the code looks for the page on the phone.")
    }

    fn codes_unreachable(&self, host: &str) -> String {
        format!("These QR codes point at {host}, this computer itself: a phone that scans one looks for the page on the phone, and finds nothing.")
    }
}

impl Herd for En {
    fn herd_policy_name(&self, p: rusty_lock_engine::run::herd::HerdPolicy) -> &'static str {
        use rusty_lock_engine::run::herd::HerdPolicy::*;
        match p {
            NoBackoff => "No backoff",
            Exponential => "Exponential, no jitter",
            FullJitter => "Full jitter",
            EqualJitter => "Equal jitter",
            Decorrelated => "Decorrelated jitter",
            Yours => "Your policy",
        }
    }

    fn herd_yours(&self, p: &rusty_lock_engine::run::provider::RetryPolicy) -> String {
        format!(
            "Every policy here uses your first wait ({}) and longest wait ({}). Your policy adds your {} and {}; change them in the playground's retry settings.",
            duration(p.base_delay_ms),
            duration(p.max_delay_ms),
            if p.jitter { "jitter (on)" } else { "jitter (off)" },
            if p.max_attempts == 1 { "single attempt".to_string() } else { format!("limit of {} attempts", p.max_attempts) }
        )
    }

    fn herd_slots_hint(&self, capacity: u32, slot_ms: u64) -> String {
        format!(
            "Each slot is {}; once it is back, the server serves {} calls in a slot and refuses the rest.",
            duration(slot_ms),
            count(capacity as u64)
        )
    }

    fn herd_done(&self, line: &rusty_lock_engine::run::herd::HerdLine) -> String {
        match (line.last_success_ms, line.cut_short) {
            (_, true) => "stopped: too many calls to simulate".into(),
            (Some(ms), _) if line.gave_up > 0 => format!("{} ({} gave up)", duration(ms), count(line.gave_up as u64)),
            (Some(ms), _) => duration(ms),
            (None, _) => "nobody got through".into(),
        }
    }

    fn herd_goes_on(&self, line: &rusty_lock_engine::run::herd::HerdLine) -> String {
        match line.last_success_ms {
            Some(ms) => format!("(goes on past the edge, until {})", duration(ms)),
            None => "(goes on past the edge)".into(),
        }
    }

    fn herd_slots_summary(&self, lines: &[rusty_lock_engine::run::herd::HerdLine], end_ms: u64) -> String {
        let parts: Vec<String> = lines
            .iter()
            .map(|l| {
                let peak = l.calls_per_slot.iter().copied().max().unwrap_or(0);
                format!(
                    "{}: peak of {} calls in a slot, {}",
                    herd_policy_name(l.policy),
                    count(peak as u64),
                    herd_done(l)
                )
            })
            .collect();
        format!("The first {} after the outage began. {}.", duration(end_ms), parts.join("; "))
    }

    fn herd_lost(&self, figure: &str, gave_up: u32) -> String {
        match gave_up {
            1 => format!("{figure}, 1 client lost"),
            n => format!("{figure}, {} clients lost", count(n as u64)),
        }
    }
}

impl Verdict for En {
    fn failure_noun(&self, failure: &CallFailure) -> String {
        match failure {
            CallFailure::Http { status } => format!("HTTP {status}"),
            CallFailure::Network => "dropped connection".into(),
            CallFailure::Timeout => "timeout".into(),
            CallFailure::BadBody { .. } => "unreadable body".into(),
        }
    }

    fn failure_with_article(&self, failure: &CallFailure) -> String {
        let article =
            if matches!(failure, CallFailure::Http { .. } | CallFailure::BadBody { .. }) { "an" } else { "a" };
        format!("{article} {}", failure_noun(failure))
    }

    fn finding(&self, said: &Said) -> String {
        let what = failure_with_article;
        match said {
            Said::BareToolError { turn, tool } => format!("On turn {turn} the {} error reached the model as a bare code, so it could only guess and repeat itself. Fix: say in one sentence what went wrong and what to do next.", clip(tool)),
            Said::SecretSent { turn, secrets } => format!("On turn {turn} the tool error sent the model {}; they stay in the history and go out again on every later turn. Fix: send the model one clear sentence and write the exception to your logs.", secret_list(secrets)),
            Said::RetriedNonIdempotent { turn, tool } => format!("Turn {turn}'s {} call lost its reply and your code called it again by itself, so an action that is not safe to repeat happened twice. Fix: tell the model the call may have gone through, so it checks before repeating it.", short_text(tool, 40)),
            Said::CheckedBeforeRepeating { turn, tool } => format!("Turn {turn}'s {} call lost its reply; the model was told it may have gone through, so it could check before doing it twice.", short_text(tool, 40)),
            Said::DroppedToolCalls { turn, finish_reason } => format!("Turn {turn}'s reply asked for tools but said finish_reason \u{201c}{}\u{201d}, and the loop took it as the final answer without running them. Fix: decide by whether the reply holds tool calls, not by its finish reason.", short_text(finish_reason, 40)),
            Said::AcceptedCutReply { turn } => format!("Turn {turn}'s reply was cut at the token limit (finish_reason \u{201c}length\u{201d}), yet the loop passed it off as the answer. Fix: treat a reply cut at length as unfinished, never as the result."),
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
            Said::RetriesUsedUp { turn, failure, attempts, waited_ms } => format!(
                "Turn {turn} still failed with {} after {attempts} attempts and {} of waiting, so the retries were used up and the run ended. To outlast a longer outage, allow more attempts or raise the longest wait; otherwise accept that a failure like this ends the run, and report it clearly.",
                what(failure),
                duration(*waited_ms)
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

    fn severity_name(&self, s: rusty_lock_engine::show::verdict::Severity) -> &'static str {
        match s {
            rusty_lock_engine::show::verdict::Severity::Good => "Good:",
            rusty_lock_engine::show::verdict::Severity::Warning => "Warning:",
            rusty_lock_engine::show::verdict::Severity::Bad => "Problem:",
        }
    }

    fn strip_title(&self, turn: u32) -> String {
        format!("Backoff on turn {turn}")
    }

    fn strip_label(&self, next_attempt: u32) -> String {
        format!("before try {next_attempt}")
    }

    fn strip_value(&self, bar: &rusty_lock_engine::show::view::StripBar) -> String {
        match (bar.reason, bar.retry_after_ms) {
            (WaitReason::RetryAfter, Some(asked)) => format!("{} (asked {})", duration(bar.wait_ms), duration(asked)),
            (WaitReason::RetryAfter, None) => format!("{} (asked)", duration(bar.wait_ms)),
            (WaitReason::Backoff, _) => format!("{} of {}", duration(bar.wait_ms), duration(bar.ceiling_ms)),
        }
    }

    fn strip_bar(&self, bar: &rusty_lock_engine::show::view::StripBar) -> String {
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

    fn strip_total(&self, ms: u64) -> String {
        format!("Waited {} in all. ", duration(ms))
    }
}

impl Endpoint for En {
    fn preset_name(&self, preset: Preset) -> &'static str {
        match preset {
            Preset::Ollama => "Ollama",
            Preset::LmStudio => "LM Studio",
            Preset::OpenAi => "OpenAI",
            Preset::Vllm => "vLLM",
            Preset::Custom => "Custom",
        }
    }

    fn diagnosis(&self, found: &Diagnosis) -> String {
        match found {
            Diagnosis::BadAddress => "This is not an address the browser can call: it must start with http:// or https://.".into(),
            Diagnosis::Unreachable => "Nothing answers at this address, not even a blind request: the server is not running, or the host or the port is wrong.".into(),
            Diagnosis::CorsBlocked => "The server is up (it answered a request the browser may make blind), but the browser will not let this page read its answers. That is CORS: the server did not say this page's origin may read them.".into(),
            Diagnosis::Silent { after_ms } => format!("The server took the connection but sent no answer in {}.", self.seconds(u64::from(*after_ms))),
            Diagnosis::HttpError { status, message: Some(message) } => format!("The server answered HTTP {status}: \u{201c}{message}\u{201d}"),
            Diagnosis::HttpError { status, message: None } => format!("The server answered HTTP {status}, and said nothing more."),
            Diagnosis::NotOpenAi { why: NotOpenAi::Html } => "The server answered with a web page, not the JSON an OpenAI-compatible API sends: this address is not its API.".into(),
            Diagnosis::NotOpenAi { why: NotOpenAi::NotJson } => "The server answered with text that is not JSON: this address is not an OpenAI-compatible API.".into(),
            Diagnosis::NotOpenAi { why: NotOpenAi::NoModelList } => "The server answered JSON, but not a model list (it has no \"data\" list): this address is not an OpenAI-compatible API.".into(),
            Diagnosis::Ok { models } if models.is_empty() => ENDPOINT.connected_no_models.into(),
            Diagnosis::Ok { models } => {
                let shown: Vec<&str> = models.iter().take(8).map(String::as_str).collect();
                let more = if models.len() > 8 { format!(" and {} more", models.len() - 8) } else { String::new() };
                format!("Connected. Models: {}{more}.", shown.join(", "))
            }
        }
    }

    fn diagnosis_fix(&self, found: &Diagnosis, preset: Preset, origin: &str) -> Option<String> {
        let example = if preset == Preset::Custom { Preset::Ollama.base_url() } else { preset.base_url() };
        Some(match found {
            Diagnosis::BadAddress => format!("Write the whole address, for example {example}."),
            Diagnosis::Unreachable => match preset {
                Preset::Ollama => join!("Start Ollama (open the app, or run ollama serve), then test again. It listens on port ", numbers::port(Preset::Ollama.base_url()), ".").into(),
                Preset::LmStudio => join!("In LM Studio's Developer tab, start the server (port ", numbers::port(Preset::LmStudio.base_url()), " unless you changed it), then test again.").into(),
                Preset::Vllm => join!("Start vLLM (vllm serve and the model's name; port ", numbers::port(Preset::Vllm.base_url()), " unless you changed it), then test again.").into(),
                Preset::OpenAi => "Check the address and this computer's network connection.".into(),
                Preset::Custom => "Start the server, and check the host and the port in the address.".into(),
            },
            Diagnosis::CorsBlocked => match preset {
                Preset::Ollama => format!("Ollama: restart it with this page's origin allowed, e.g. OLLAMA_ORIGINS={origin} ollama serve (or set OLLAMA_ORIGINS in its service environment)."),
                Preset::LmStudio => "LM Studio: in the Developer tab, open the server settings and switch on \u{201c}Enable CORS\u{201d}, then restart the server.".into(),
                Preset::Vllm => format!("vLLM: start it with --allowed-origins '[\"{origin}\"]'."),
                Preset::OpenAi => "A hosted API: check the address and your network; hosted APIs normally allow browser calls.".into(),
                Preset::Custom => format!("Your server must answer with Access-Control-Allow-Origin: {origin} (or *) and allow the authorization and content-type headers on its preflight."),
            },
            Diagnosis::Silent { .. } => "The server may be busy loading a model, or stuck: look at its own log, then test again.".into(),
            Diagnosis::HttpError { status: 401 | 403, .. } => "Check the API key: type it again in the API key field. A hosted API needs one; a server on your own machine usually does not.".into(),
            Diagnosis::HttpError { status: 404, .. } => format!("This address has no model list: check that the base URL ends in /v1, for example {example}."),
            Diagnosis::HttpError { status: 429, .. } => "The server is limiting requests: wait a moment, then test again.".into(),
            Diagnosis::HttpError { status: 500..=599, .. } => "The server failed on its side: look at its own log, then test again.".into(),
            Diagnosis::HttpError { .. } => format!("Read the server's message, and check the base URL: it should end in /v1, for example {example}."),
            Diagnosis::NotOpenAi { .. } => format!("Check the base URL: an OpenAI-compatible API's ends in /v1, for example {example}."),
            Diagnosis::Ok { models } if models.is_empty() => match preset {
                Preset::Ollama => "Pull a model first, for example ollama pull llama3.1, then test again.".into(),
                Preset::LmStudio | Preset::Vllm | Preset::OpenAi | Preset::Custom => "Load a model on the server, then test again.".into(),
            },
            Diagnosis::Ok { .. } => return None,
        })
    }

    fn model_needed(&self, preset: Preset) -> String {
        format!(
            "{} needs a model name: type one, for example {}, or press Test connection to see the models the server has.",
            self.preset_name(preset),
            preset.example_model()
        )
    }

    fn model_placeholder(&self, preset: Preset) -> String {
        if preset.needs_model() {
            format!("needed, for example {}", preset.example_model())
        } else {
            format!("if the server needs one, for example {}", preset.example_model())
        }
    }
}

impl Compare for En {
    fn code_note(&self, note: Note) -> &'static str {
        match note {
            Note::Loop => "The loop. Whatever nobody catches ends the run (layer 3).",
            Note::NormalExit => "the only normal exit",
            Note::GuardRepeat => "guard: same move twice",
            Note::GuardErrors => "guard: errors in a row",
            Note::GuardTurns => "guard: the turn budget",
            Note::Layer1 => "Layer 1, your code: retry what passes by itself.",
            Note::Watchdog => "guard: the watchdog cut it, a timeout",
            Note::Throw => "layer 3: retrying cannot help",
            Note::Layer2 => "Layer 2, the model: a failed tool becomes text it reads.",
            Note::NaiveLoop => "The naive loop: one try per call, nothing caught, no guard but the turn budget.",
            Note::NaiveSend => "One attempt and no watchdog: a 503 or a call that hangs ends it here.",
            Note::NaiveDecide => "It takes finish_reason at its word.",
            Note::NaiveTool => "A failed tool throws: the model never reads what went wrong.",
            Note::NaiveGuards => "No guard here: the same call again goes round until the turns run out.",
        }
    }

    fn diverge_line(&self, step: usize, turn: Option<u32>) -> String {
        match turn {
            Some(t) => format!("Step {step} (turn {t}): here the two loops part ways."),
            None => format!("Step {step}: here the two loops part ways."),
        }
    }
}

/// A failure's name at the start of a sentence: "Timed out: …". English's failure names all
/// begin with an ASCII letter, so an ASCII capital is the whole job; `char::to_uppercase` would
/// bring Unicode's case table (about 4 KB gzip) into the first download for nothing.
pub(super) fn failure_sentence_start(failure: &CallFailure) -> String {
    let mut name = failure_name(failure);
    if let Some(first) = name.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    name
}

pub static PRESENTER: PresenterLabels = PresenterLabels {
    title: "Presenter view",
    waiting: "Waiting for the projected window. Open Rusty Lock in presenter mode in this same browser, and this view follows it.",
    open_projected: "Open presenter mode",
    on_screen: "On screen now",
    question_up: "The question is up. Let the room answer, then press Next to play the run, or 1, 2, 3 for the room's answer.",
    answer_for_you: "The answer, for you only:",
    handled_by: "Handled by",
    takeaway: "Takeaway",
    next: "Next",
    next_run_starts: "The run, a beat at a time: a turn that goes well, then each failure and its handling.",
    next_step: "The next step of the run.",
    next_lesson: "Next lesson:",
    last_lesson: "That was the last lesson.",
    free_play: "No lesson open: free play.",
    timed_note: "Timed playback: the steps move on by themselves. T goes back to one step at a time.",
    elapsed: "Elapsed",
    reset_clock: "Reset the clock",
    back_button: "\u{25c0} Back",
    next_button: "Next \u{25b6}",
    pace_button: "Timed or step by step (T)",
    keys: "The projected window's keys, here too: PageDown next beat \u{b7} PageUp beat back \u{b7} \u{2192} or Space one step \u{b7} \u{2190} step back \u{b7} F next failure \u{b7} End outcome \u{b7} N, P next or previous lesson \u{b7} 1, 2, 3 answer \u{b7} S show \u{b7} T timed or step by step",
    open_link: "Presenter view",
    point_at: "Point at",
    ask_room: "Ask the room",
    next_press: "Next press:",
    after_lesson: "After this lesson:",
    this_lesson: "This lesson",
    workshop: "Workshop",
    go_to_lesson: "Go to lesson",
    previous_lesson: "\u{25c0} Lesson (P)",
    next_lesson_button: "Lesson (N) \u{25b6}",
    closing_on_screen: "The workshop's end is on screen: each lesson with the layer that handled it and its takeaway, then the exercises, with QR codes for the room's phones.",
    closing_next: "PageUp or P goes back to the last lesson.",
};

impl PresenterNotes for En {
    fn pv_point(&self, cue: rusty_lock_engine::show::cue::Cue) -> &'static str {
        use rusty_lock_engine::show::cue::Cue as C;
        match cue {
            C::Question => "The question and its three answers.",
            C::Ready => "The stage: the hero (the loop) in the hall, the oracle (the model) waiting.",
            C::Start => "The task and the system prompt: the whole history so far.",
            C::Gather => "The bundle the hero gathers: every message so far.",
            C::Ask => "The call going to the oracle, and its attempt count.",
            C::CallRetried => "The error at the oracle, and the “your code” stamp.",
            C::CallFatal => "The error at the oracle, and the “nobody” stamp.",
            C::Wait => "The hero on the bench, and how long the wait is.",
            C::Request => "The tool call on the oracle's card.",
            C::Final => "The final answer: a reply that asks for no tool.",
            C::Quirk => "The odd reply, and the “your code” stamp.",
            C::Tool => "The hero at the door, running the tool on the room.",
            C::ToolOk => "What changed in the room, and the result going into the history.",
            C::ToolToModel => "The error bubble: the error goes back to the model.",
            C::ToolByCode => "The tool call, and the “your code” stamp.",
            C::ToolUnhandled => "The history bundle: what just went into it.",
            C::Guard => "The guard's sign, and its stamp.",
            C::Answered => "The open door, and the outcome.",
            C::Escalated => "The hand-over, and the outcome.",
            C::GaveUp => "The turn count, and the outcome.",
            C::Failed => "The error that ended the run, still on screen.",
            C::Cancelled => "Where the run stopped.",
        }
    }

    fn pv_ask(&self, cue: rusty_lock_engine::show::cue::Cue) -> &'static str {
        use rusty_lock_engine::show::cue::Cue as C;
        match cue {
            C::Question => {
                "Which layer will handle this failure: the model, your code, or nobody? A show of hands for each."
            }
            C::Ready => "What will the loop do first?",
            C::Start => "What does the model know when the run starts?",
            C::Gather => "Why does the whole history go out again on every turn?",
            C::Ask => "What could go wrong with this call?",
            C::CallRetried => "Will the model ever hear about this failure?",
            C::CallFatal => "Would a retry have helped? Who has to act now?",
            C::Wait => "Why wait longer each time, and why add a random part?",
            C::Request => "Who runs this call: the model or your code?",
            C::Final => "How does the loop know the model is done?",
            C::Quirk => "What would a stricter loop have done with this reply?",
            C::Tool => "What could this tool answer?",
            C::ToolOk => "What will the model do with this result?",
            C::ToolToModel => "The model has read the error: what will it try next?",
            C::ToolByCode => "Is it safe to run this tool again? How would you know?",
            C::ToolUnhandled => "Which layer should have stopped this, and how?",
            C::Guard => "What would this run have cost without the guard?",
            C::Answered => "Which layer handled the failure? Was the room right?",
            C::Escalated => "What should the person who takes over see first?",
            C::GaveUp => "Was giving up the right call? What would you log?",
            C::Failed => "Why could no layer fix this? Who needs to know?",
            C::Cancelled => "What was left half done?",
        }
    }

    fn pv_coming(&self, coming: rusty_lock_engine::show::cue::Coming) -> &'static str {
        use rusty_lock_engine::show::cue::Coming as C;
        match coming {
            C::Run => "the run starts: the task, then a first turn.",
            C::Turn => "a new turn: the whole history goes to the model again.",
            C::Call => "the call to the model.",
            C::Reply => "the model's reply: a tool call, the answer, or a failure.",
            C::Failure(Layer::Model) => "a failure the model handles: the error goes back as the tool's result.",
            C::Failure(Layer::Code) => "a failure your code handles: the model never hears of it.",
            C::Failure(Layer::Nobody) => "a failure nobody handles.",
            C::Wait => "your code waits, then calls again.",
            C::Watchdog => "the watchdog gives up on the silent call: a timeout.",
            C::Tool => "the tool runs on the room.",
            C::ToolResult => "the tool's result.",
            C::Guard => "a guard steps in.",
            C::Outcome => "the outcome.",
        }
    }

    fn pv_plan_window(&self, from: u32, to: u32) -> String {
        format!("By the plan, this lesson runs from minute {from} to minute {to}.")
    }
}

impl Notices for En {
    fn notice(&self, problem: &Problem) -> String {
        let q = |v: &str| format!("\u{201c}{v}\u{201d}");
        match problem {
            Problem::UnknownErrorText { value } => {
                let schools: Vec<&str> = ErrorText::ALL.iter().map(|e| e.slug()).collect();
                format!("{} is not a way of writing tool errors; use {}", q(value), schools.join(", "))
            }
            Problem::LinkTooLong { max } => format!("is longer than {max} characters; only its start was read"),
            Problem::UnknownLesson { value } => {
                format!("{} is not one of the lessons; pick one from the Lessons menu", q(value))
            }
            Problem::UnknownPlanItem { value } => {
                format!("{} is not one of the lessons or exercises; the rest of the plan was kept", q(value))
            }
            Problem::Repeated => "appears more than once; the first value was kept".into(),
            Problem::NewerFormat { found, ours } => {
                format!(
                    "says format {found}, newer than this page (format {ours}); settings it does not know are ignored"
                )
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
            Problem::UnknownLostReply { value } => format!("{} is not a way to handle a lost reply; use tell or retry", q(value)),
            Problem::UnknownModel { value } => format!("{} is not a model; use helpful or stubborn", q(value)),
            Problem::OutOfRange { min, max } => {
                format!("must be a whole number from {min} to {max}; the default was kept")
            }
            Problem::NotANumber { value } => format!("{} is not a whole number", q(value)),
            Problem::NotAFlag { value } => format!("{} should be on or off", q(value)),
            Problem::UnknownSpeed { value } => format!("{} is not a speed; use one of {}", q(value), SPEEDS.join(", ")),
            Problem::BadEndpoint => "must be an http:// or https:// address with no user name or password in it".into(),
            Problem::BadModelName => "is not a model name".into(),
            Problem::UnknownPace { value } => format!("{} is not a pace; use timed or narrate", q(value)),
            Problem::UnknownMode { value } => format!("{} is not a mode; use embed or present", q(value)),
            Problem::UnknownLang { value } => {
                format!("{} is not a language this page has yet; English is used", q(value))
            }
            Problem::KeyInLink => "looks like an API key; keys never travel in links, so it was ignored".into(),
            Problem::UnknownKey => "is not a setting Rusty Lock knows".into(),
            Problem::ModelWithoutEndpoint => "names a model but no endpoint; the built-in model is used".into(),
            Problem::UnknownPolicy { value } => {
                format!("{} is not a policy; use none, exponential, full, equal, decorrelated or yours", q(value))
            }
            Problem::UnknownLayer { value } => {
                format!("{} is not a layer; use model, code or nobody, so the teacher's lesson was not made", q(value))
            }
            Problem::MissingExpect => "is missing: a teacher's lesson needs the layer that handles it (model, code or nobody), so its words were not used".into(),
            Problem::TextTooLong { max } => format!("is longer than {max} characters; only its start was kept"),
            Problem::TextCleaned => "held control characters or direction marks; they were taken out".into(),
            Problem::OwnLessonInstead { value } => {
                format!("{} gives way to the teacher's own lesson in this link; its settings are kept", q(value))
            }
            Problem::NotALessonLink { value } => {
                format!("{} is not the link of a teacher's lesson (it has no expect=), so it was left out", q(value))
            }
            Problem::TooManyExtras { max } => format!("lists more than {max} teacher's lessons; the rest were left out"),
        }
    }
}

/// The secrets a tool error let into the history, as one list: the log and the verdict both say it.
fn secret_list(secrets: &[Secret]) -> String {
    let names: Vec<&str> = secrets
        .iter()
        .map(|s| match s {
            Secret::StackTrace => "a stack trace",
            Secret::FilePath => "a file path",
            Secret::ConnectionString => "a connection string with its password",
        })
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [head @ .., last] => format!("{} and {last}", head.join(", ")),
    }
}
