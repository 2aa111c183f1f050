//! The messages of each part of the page, as traits every language implements in full.

use super::{Lang, LessonText};
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::Fault;
use rusty_lock_engine::run::connection::{Diagnosis, Preset};
use rusty_lock_engine::run::events::{Event, Guard, GuardDetail, Layer, Outcome, OutcomeKind, Quirk};
use rusty_lock_engine::run::provider::{BodyProblem, CallFailure};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::show::scenario::Problem;
use rusty_lock_engine::show::trace::TraceError;
use rusty_lock_engine::show::verdict::Said;

/// The fixed words of this part: a field per message, so a language that lacks one does not compile.
pub struct CoreLabels {
    /// The compare switch's label where the player row is short (presenter mode).
    pub compare_short: &'static str,
    /// A picked file that the browser could not read.
    pub file_unreadable: &'static str,
    /// The browser tab's title.
    pub page_title: &'static str,
    /// The page's description, for link previews and search engines.
    pub page_description: &'static str,
    /// The name of the language switcher.
    pub language: &'static str,
    pub title: &'static str,
    pub tagline: &'static str,
    pub run: &'static str,
    pub stop: &'static str,
    pub speed: &'static str,
    pub faults: &'static str,
    pub faults_hint: &'static str,
    pub log: &'static str,
    pub log_empty: &'static str,
    pub turn: &'static str,
    pub on_turn: &'static str,
    pub times: &'static str,
    pub fatal: &'static str,
    /// The fatal banner's button, which reloads the same scenario.
    pub fatal_reload: &'static str,
    /// Over the layer's name on the scene's stamp, while a layer acts.
    pub handled_by: &'static str,
    pub layer_row: &'static str,
    pub open_faults: &'static str,
    pub close_faults: &'static str,
    pub start_here: &'static str,
    pub start_here_hint: &'static str,
    /// Before the door's state in the facts row, with the language's own punctuation.
    pub door: &'static str,
    pub lock: &'static str,
    pub running: &'static str,
    pub running_hint: &'static str,
    /// The banner while an opened trace plays: a recording, not a live run.
    pub replaying: &'static str,
    pub replaying_hint: &'static str,
    pub ready: &'static str,
    pub speed_labels: [&'static str; 6],
    pub link_notice_title: &'static str,
    pub dismiss: &'static str,
    pub part_missing: &'static str,
    pub engine_part_missing: &'static str,
    pub replay_part_missing: &'static str,
    pub lessons: &'static str,
    pub open_full: &'static str,
    pub show_settings: &'static str,
    pub pause_at_failure: &'static str,
    pub who_answers: &'static str,
    pub builtin: &'static str,
    pub real_endpoint: &'static str,
    pub scene: &'static str,
    pub scene_robust: &'static str,
    pub scene_idle: &'static str,
    pub hero: &'static str,
    pub oracle: &'static str,
    pub the_room: &'static str,
    pub asks_for_a_tool: &'static str,
    pub final_answer: &'static str,
    pub final_answer_text: &'static str,
    pub tool_error_back: &'static str,
    pub tool_error_thrown: &'static str,
    pub tool_worked: &'static str,
    pub caught_by_code: &'static str,
    pub nobody_can_fix: &'static str,
    pub villain: &'static str,
    pub guard_sign: &'static str,
    pub stopped_sign: &'static str,
    pub handed_over: &'static str,
    pub turns_left_label: &'static str,
    pub resent: &'static str,
    pub resent_empty: &'static str,
    pub resent_nothing: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    pub replay: &'static str,
    pub step_back: &'static str,
    pub step_forward: &'static str,
    pub first_step: &'static str,
    pub last_step: &'static str,
    pub timeline: &'static str,
    /// The first link in the page, for the keyboard: it jumps over the header and the settings.
    pub skip_to_player: &'static str,
    /// The player's name for screen readers (first, back, play, forward, last, the timeline).
    pub player: &'static str,
    pub keys_hint: &'static str,
    /// The keys hint when each step waits for the presenter (narrate pace).
    pub keys_hint_narrate: &'static str,
    pub compare: &'static str,
    pub stuck: &'static str,
    pub stuck_detail: &'static str,
    pub still_going: &'static str,
    pub looking_back: &'static str,
}

pub trait Core {
    /// Why the page did not switch to `lang`: its words are a lazy part that could not be fetched.
    fn language_missing(&self, lang: Lang) -> String;

    /// After the start of a clipped text: how much of it is not shown.
    fn more_characters(&self, n: usize) -> String;

    fn layer_name(&self, layer: Layer) -> &'static str;

    /// The layer's rule in a few words, for the one-row board under the scene.
    fn layer_short_rule(&self, layer: Layer) -> &'static str;

    /// The count on a lane of the one-row board, for a screen reader.
    fn handled_count(&self, n: usize) -> String;

    fn fault_name(&self, f: Fault) -> &'static str;

    fn fault_group_name(&self, group: rusty_lock_engine::run::chaos::FaultGroup) -> &'static str;

    fn failure_name(&self, f: &CallFailure) -> String;

    /// What was wrong with a body the loop could not use, as one whole sentence.
    fn body_problem(&self, problem: &BodyProblem) -> String;

    fn tool_error_name(&self, k: ToolErrorKind) -> &'static str;

    fn guard_name(&self, g: Guard) -> &'static str;

    fn outcome_title(&self, o: &Outcome) -> &'static str;

    /// The title of a way to end, for a badge that has no outcome's details (compare mode).
    fn outcome_kind_title(&self, k: OutcomeKind) -> &'static str;

    fn outcome_detail(&self, o: &Outcome) -> String;

    /// Why a reply that stopped without tool calls was not taken as the answer, with the fix.
    fn not_an_answer(&self, finish_reason: &str) -> String;

    /// A span of time in the one unit the page uses everywhere: milliseconds below a second,
    /// seconds with one decimal from there on, so a sign, a log line and a chart never disagree.
    fn duration(&self, ms: u64) -> String;

    fn turn_of_max(&self, turn: u32, max: u32) -> String;

    fn waiting(&self, ms: u64, attempt: u32, max: u32) -> String;

    fn history_meter(&self, messages: usize, tokens: u32) -> String;

    /// The scene in one sentence, for screen readers.
    fn scene_label(&self, door_open: bool, lock_oiled: bool) -> String;

    /// The door's state in the facts row under the scene.
    fn door_state(&self, open: bool) -> &'static str;

    /// The lock's state in the facts row under the scene.
    fn lock_state(&self, oiled: bool) -> &'static str;

    fn attempts_label(&self, fault: &str) -> String;

    /// Why an opened file was refused, for the person who picked it.
    fn trace_error(&self, error: &TraceError) -> String;

    fn step_of(&self, step: usize, of: usize) -> String;

    fn attempt_of(&self, attempt: u32, max: u32) -> String;

    /// `1.3 s`: tenths of a second, rounded half up. Integer arithmetic on purpose: formatting a
    /// float would bring the float printer (about 5 KB gzip) into the page's first download.
    fn seconds(&self, ms: u64) -> String;

    fn turns_left(&self, left: u32, max: u32) -> String;

    fn token_bar(&self, turn: u32, messages: usize, tokens: u32, counted: Option<u32>) -> String;

    /// The server's own count of the last prompt, for screen readers (the meter draws it as a bar).
    fn server_counted(&self, tokens: u32) -> String;

    fn guard_short(&self, g: Guard) -> &'static str;

    /// What the scene is showing, as one sentence under it: the story of the step.
    fn scene_caption(&self, event: &Event) -> String;

    /// What the screen-reader announcer says for a step, or nothing for the small ones.
    fn announce(&self, event: &Event) -> Option<String>;

    /// A whole number with thousands separated, as English writes it.
    fn count(&self, n: u64) -> String;
}

/// The fixed words of this part: a field per message, so a language that lacks one does not compile.
pub struct BelowLabels {
    pub model: &'static str,
    pub guards: &'static str,
    pub retry: &'static str,
    pub seed: &'static str,
    pub board: &'static str,
    pub history: &'static str,
    pub off_when_zero: &'static str,
    pub max_turns: &'static str,
    pub max_errors: &'static str,
    pub watchdog: &'static str,
    pub repeat_guard: &'static str,
    pub max_attempts: &'static str,
    pub no_retry_hint: &'static str,
    pub base_delay: &'static str,
    pub max_delay: &'static str,
    pub retry_after_cap: &'static str,
    pub jitter: &'static str,
    pub retry_everything: &'static str,
    pub share_link: &'static str,
    pub copy_link: &'static str,
    pub copied: &'static str,
    pub export_trace: &'static str,
    pub import_trace: &'static str,
    pub save_failed: &'static str,
    pub trace_part_missing: &'static str,
    /// Shown when a newer build of the site is installed and waiting: the page never switches by
    /// itself, so a running lesson is never cut.
    pub update_ready: &'static str,
    pub update_reload: &'static str,
    pub code_panel: &'static str,
    pub code_hint: &'static str,
    pub no_line: &'static str,
    pub herd_link: &'static str,
    pub preview_title: &'static str,
    pub preview_no_retry: &'static str,
    /// The share bar's button that opens the form making a teacher's own lesson.
    pub make_lesson: &'static str,
    /// The label that stays up while the events on screen are an opened trace.
    pub replay_label: &'static str,
    pub replay_note: &'static str,
}

pub trait Below {
    fn layer_rule(&self, layer: Layer) -> &'static str;

    /// What an opened trace was recorded against, as data: its endpoint and model, or the built-in model.
    fn recorded_with(&self, provider: &rusty_lock_engine::show::scenario::ProviderChoice) -> String;

    fn personality_name(&self, p: Personality) -> &'static str;

    /// The board's short label for a failure kind slug.
    fn board_label(&self, kind: &str) -> String;

    /// The first chip of a board lane that shows only its newest chips: how many came before.
    fn board_earlier(&self, n: usize) -> String;

    /// The name a setting has on the page, from its link key.
    fn setting_label(&self, key: &str) -> &'static str;

    /// Says which of the lesson's settings are changed (by the link or by hand), so the room knows
    /// the run may not end as the lesson's explanation says.
    fn lesson_changes(&self, keys: &[&str]) -> String;

    fn preview_axis(&self, attempt: u32) -> String;

    fn preview_retry(&self, attempt: u32, low: u64, high: u64) -> String;

    fn preview_worst(&self, ms: u64) -> String;
}

pub trait Log {
    /// What a guard saw, in one sentence for the log.
    fn guard_detail(&self, detail: &GuardDetail) -> String;

    /// What the harness tolerated, in one sentence for the log.
    fn quirk_text(&self, quirk: &Quirk) -> String;

    /// One line of the event log.
    fn describe(&self, event: &Event) -> String;
}

/// The fixed words of this part: a field per message, so a language that lacks one does not compile.
pub struct LessonsLabels {
    pub start_workshop: &'static str,
    pub free_play: &'static str,
    pub right: &'static str,
    pub not_quite: &'static str,
    pub prev_lesson: &'static str,
    pub next_lesson: &'static str,
    /// The question every lesson asks before its run plays.
    pub question: &'static str,
    pub agenda_entry: &'static str,
    pub show_me: &'static str,
    pub answer_keys: &'static str,
    /// The answer keys when the run is narrated step by step: the clicker's next key starts it.
    pub answer_keys_narrate: &'static str,
    /// Over a teacher's own lesson, where a built-in one says which lesson of how many it is.
    pub own_badge: &'static str,
    /// The title of a teacher's lesson that has none of its own.
    pub own_untitled: &'static str,
    /// Under it: whose words these are.
    pub own_note: &'static str,
    /// Before the teacher's takeaway, after the run.
    pub own_takeaway: &'static str,
    // The form that makes a teacher's lesson from the scenario on screen.
    pub form_title: &'static str,
    pub form_question: &'static str,
    pub form_expect: &'static str,
    pub form_takeaway: &'static str,
    /// What the texts may hold.
    pub form_hint: &'static str,
    /// Until a layer is chosen, in place of the link.
    pub form_choose: &'static str,
    pub form_link: &'static str,
    pub form_open: &'static str,
    pub form_agenda: &'static str,
    pub form_agenda_link: &'static str,
    pub form_agenda_open: &'static str,
}

pub trait Lessons {
    /// The words of the lesson `id` (one of `lessons::LESSONS`).
    fn lesson_text(&self, id: &str) -> LessonText;

    fn lesson_step(&self, n: usize, of: usize) -> String;

    /// The answer, revealed without a guess to judge.
    fn reveal_line(&self, was: Layer) -> String;

    fn answer_line(&self, said: Layer, was: Layer) -> String;

    /// A teacher's lesson's answer: the layer the teacher expects, which the page does not claim
    /// as what happened.
    fn own_answer_line(&self, was: Layer) -> String;

    /// The form's switch that keeps the lessons of the agenda opened last in this tab.
    fn form_keep_agenda(&self, n: usize) -> String;

    /// A link the form would make that is longer than a link may be.
    fn link_too_long(&self, len: usize, max: usize) -> String;
}

/// The fixed words of this part: a field per message, so a language that lacks one does not compile.
pub struct KitLabels {
    pub agenda_title: &'static str,
    pub handout_title: &'static str,
    pub print_handout: &'static str,
    pub show_answers: &'static str,
    pub back_to_playground: &'static str,
    pub start_in_presenter: &'static str,
    pub print_hint: &'static str,
    pub fold_here: &'static str,
    pub answer: &'static str,
    pub open_on_phone: &'static str,
    pub phone_title: &'static str,
    /// On a loopback address: how to serve the page so that a phone can reach it (a command follows).
    pub phone_serve_hint: &'static str,
    pub close: &'static str,
    /// Beside a teacher's own lesson in the agenda and the handout.
    pub own_mark: &'static str,
    /// In place of a built-in lesson's goal.
    pub own_goal: &'static str,
}

pub trait Kit {
    /// The agenda's summary line.
    fn agenda_summary(&self, lessons: usize, minutes: u32) -> String;

    /// A lesson's suggested length.
    fn minutes(&self, n: u32) -> String;

    /// A QR code's text alternative: where it leads.
    fn qr_label(&self, link: &str) -> String;

    /// The agenda's summary line when it holds teacher's lessons too (`own` of the `lessons`).
    fn agenda_summary_own(&self, lessons: usize, own: usize, minutes: u32) -> String;
    /// The phone sheet on a loopback address (`host`): no phone can open the link.
    fn phone_unreachable(&self, host: &str) -> String;
}

/// The fixed words of this part: a field per message, so a language that lacks one does not compile.
pub struct HerdLabels {
    pub herd_title: &'static str,
    pub herd_tagline: &'static str,
    pub herd_back: &'static str,
    pub herd_settings: &'static str,
    pub herd_clients: &'static str,
    pub herd_down: &'static str,
    pub herd_capacity: &'static str,
    pub herd_highlight: &'static str,
    pub herd_highlight_none: &'static str,
    pub herd_slots_title: &'static str,
    pub herd_computing: &'static str,
    pub herd_calls_title: &'static str,
    pub herd_done_title: &'static str,
    pub herd_table_title: &'static str,
    pub herd_col_policy: &'static str,
    pub herd_col_calls: &'static str,
    pub herd_col_done: &'static str,
    pub herd_col_gave_up: &'static str,
    pub herd_explanation: &'static str,
    /// Under the bar charts: what a hatched bar (a policy that lost clients) means.
    pub herd_lost_key: &'static str,
}

pub trait Herd {
    fn herd_policy_name(&self, p: rusty_lock_engine::run::herd::HerdPolicy) -> &'static str;

    fn herd_yours(&self, p: &rusty_lock_engine::run::provider::RetryPolicy) -> String;

    fn herd_slots_hint(&self, capacity: u32, slot_ms: u64) -> String;

    /// When the last client of a policy got through, or why none did.
    fn herd_done(&self, line: &rusty_lock_engine::run::herd::HerdLine) -> String;

    fn herd_goes_on(&self, line: &rusty_lock_engine::run::herd::HerdLine) -> String;

    /// The calls-per-slot chart in words, for screen readers.
    fn herd_slots_summary(&self, lines: &[rusty_lock_engine::run::herd::HerdLine], end_ms: u64) -> String;

    /// A bar's figure (a time, a number of calls) for a policy that lost `gave_up` clients.
    fn herd_lost(&self, figure: &str, gave_up: u32) -> String;
}

/// The fixed words of this part: a field per message, so a language that lacks one does not compile.
pub struct VerdictLabels {
    pub verdict: &'static str,
    pub verdict_nothing: &'static str,
    pub strip_key_ceiling: &'static str,
    pub strip_key_tick: &'static str,
    pub strip_key_asked: &'static str,
}

pub trait Verdict {
    /// A failure as the verdict names it: "HTTP 503", "timeout".
    fn failure_noun(&self, failure: &CallFailure) -> String;

    /// The same, with its article: "an HTTP 503", "a timeout".
    fn failure_with_article(&self, failure: &CallFailure) -> String;

    /// One finding of the resilience verdict, in one sentence, from the facts the engine found.
    fn finding(&self, said: &Said) -> String;

    fn severity_name(&self, s: rusty_lock_engine::show::verdict::Severity) -> &'static str;

    fn strip_title(&self, turn: u32) -> String;

    fn strip_label(&self, next_attempt: u32) -> String;

    /// The figures beside one bar.
    fn strip_value(&self, bar: &rusty_lock_engine::show::view::StripBar) -> String;

    /// One bar in a sentence, for screen readers.
    fn strip_bar(&self, bar: &rusty_lock_engine::show::view::StripBar) -> String;

    fn strip_total(&self, ms: u64) -> String;
}

/// The fixed words of this part: a field per message, so a language that lacks one does not compile.
pub struct EndpointLabels {
    pub preset: &'static str,
    pub base_url: &'static str,
    pub model_name: &'static str,
    pub api_key: &'static str,
    pub key_set: &'static str,
    pub key_optional: &'static str,
    pub remember_key: &'static str,
    pub forget_key: &'static str,
    pub stream: &'static str,
    pub stream_faults: &'static str,
    pub test_connection: &'static str,
    pub connected_no_models: &'static str,
    /// On "Test connection" while the test waits for the server.
    pub testing: &'static str,
    /// Before the models a connection test found, each a button that makes it the model name.
    pub pick_model: &'static str,
    /// Beside Run, while Run waits for a model name.
    pub run_needs_model: &'static str,
    pub streaming: &'static str,
    pub diagnosis_title: &'static str,
    pub diag_public_to_local: &'static str,
    pub diag_layer_point: &'static str,
}

pub trait Endpoint {
    fn preset_name(&self, preset: Preset) -> &'static str;

    /// What a connection test, or the probe after a Run that got no answer, found: one finding,
    /// in a sentence or two, with the server's own words when it gave some.
    fn diagnosis(&self, found: &Diagnosis) -> String;

    /// What to do about it, for this preset and this page's origin; `None` when nothing needs
    /// doing.
    fn diagnosis_fix(&self, found: &Diagnosis, preset: Preset, origin: &str) -> Option<String>;

    /// Under an empty model field, for a preset whose server needs a model name.
    fn model_needed(&self, preset: Preset) -> String;

    /// The empty model field's example: a placeholder must not look like a value, so it says
    /// whether the name is needed.
    fn model_placeholder(&self, preset: Preset) -> String;
}

/// The fixed words of this part: a field per message, so a language that lacks one does not compile.
pub struct CompareLabels {
    /// Over the naive loop's listing in compare mode.
    pub naive_loop: &'static str,
    /// Over the robust loop's listing in compare mode.
    pub robust_loop: &'static str,
    /// Beside the naive line where the loops part: the robust loop catches this, the naive one not.
    pub catch_missing: &'static str,
    /// Beside the robust line that makes that catch.
    pub catch_made: &'static str,
    pub scene_naive: &'static str,
    pub compare_hint: &'static str,
    pub compare_builtin_only: &'static str,
}

pub trait Compare {
    /// The words of a comment in the code panel's listings (`{note:slug}` in the engine's
    /// listings): the code stays code, its comments are translated.
    fn code_note(&self, slug: &str) -> &'static str;

    fn diverge_line(&self, step: usize, turn: Option<u32>) -> String;
}

/// The presenter view's fixed words (`ui::presenter`, in the kit's part).
pub struct PresenterLabels {
    pub title: &'static str,
    /// Shown until a projected window answers on the channel.
    pub waiting: &'static str,
    pub open_projected: &'static str,
    pub on_screen: &'static str,
    /// Before the run: the room answers first.
    pub question_up: &'static str,
    /// The lesson's answer, seen by the presenter only.
    pub answer_for_you: &'static str,
    pub handled_by: &'static str,
    pub takeaway: &'static str,
    pub next: &'static str,
    pub next_run_starts: &'static str,
    pub next_step: &'static str,
    pub next_lesson: &'static str,
    pub last_lesson: &'static str,
    pub free_play: &'static str,
    pub timed_note: &'static str,
    pub elapsed: &'static str,
    pub reset_clock: &'static str,
    pub back_button: &'static str,
    pub next_button: &'static str,
    pub pace_button: &'static str,
    pub keys: &'static str,
    /// The lesson card's link that opens this view in a window of its own.
    pub open_link: &'static str,
}

/// The link notices' words, in their own part: only a link with something wrong in it shows them.
pub trait Notices {
    /// Why a link's value was ignored, as the notice bar says it after the key's name.
    fn notice(&self, problem: &Problem) -> String;
}
