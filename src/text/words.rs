//! The messages of each part of the page, as traits every language implements in full.

use super::{Lang, LessonText};
use rusty_lock_engine::events::{Event, Guard, GuardDetail, Layer, Outcome, Quirk};
use rusty_lock_engine::provider::{BodyProblem, CallFailure};
use rusty_lock_engine::scenario::Problem;
use rusty_lock_engine::tools::ToolErrorKind;
use rusty_lock_engine::trace::TraceError;
use rusty_lock_engine::verdict::Said;
use rusty_lock_engine::{Fault, Personality};

pub trait Core {
    /// The browser tab's title.
    fn page_title(&self) -> &'static str;

    /// The page's description, for link previews and search engines.
    fn page_description(&self) -> &'static str;

    /// The name of the language switcher.
    fn language(&self) -> &'static str;

    /// Why the page did not switch to `lang`: its words are a lazy part that could not be fetched.
    fn language_missing(&self, lang: Lang) -> String;

    /// After the start of a clipped text: how much of it is not shown.
    fn more_characters(&self, n: usize) -> String;

    fn title(&self) -> &'static str;

    fn tagline(&self) -> &'static str;

    fn run(&self) -> &'static str;

    fn stop(&self) -> &'static str;

    fn speed(&self) -> &'static str;

    fn faults(&self) -> &'static str;

    fn faults_hint(&self) -> &'static str;

    fn log(&self) -> &'static str;

    fn log_empty(&self) -> &'static str;

    fn turn(&self) -> &'static str;

    fn on_turn(&self) -> &'static str;

    fn times(&self) -> &'static str;

    fn fatal(&self) -> &'static str;

    fn layer_name(&self, layer: Layer) -> &'static str;

    /// The layer's rule in a few words, for the one-row board under the scene.
    fn layer_short_rule(&self, layer: Layer) -> &'static str;

    /// Over the layer's name on the scene's stamp, while a layer acts.
    fn handled_by(&self) -> &'static str;

    fn layer_row(&self) -> &'static str;

    /// The count on a lane of the one-row board, for a screen reader.
    fn handled_count(&self, n: usize) -> String;

    fn open_faults(&self) -> &'static str;

    fn close_faults(&self) -> &'static str;

    fn start_here(&self) -> &'static str;

    fn start_here_hint(&self) -> &'static str;

    fn fault_name(&self, f: Fault) -> &'static str;

    fn fault_group_name(&self, group: rusty_lock_engine::FaultGroup) -> &'static str;

    fn failure_name(&self, f: &CallFailure) -> String;

    /// What was wrong with a body the loop could not use, as one whole sentence.
    fn body_problem(&self, problem: &BodyProblem) -> String;

    fn tool_error_name(&self, k: ToolErrorKind) -> &'static str;

    fn guard_name(&self, g: Guard) -> &'static str;

    fn outcome_title(&self, o: &Outcome) -> &'static str;

    fn outcome_detail(&self, o: &Outcome) -> String;

    /// Why a reply that stopped without tool calls was not taken as the answer, with the fix.
    fn not_an_answer(&self, finish_reason: &str) -> String;

    /// A span of time in the one unit the page uses everywhere: milliseconds below a second,
    /// seconds with one decimal from there on, so a sign, a log line and a chart never disagree.
    fn duration(&self, ms: u64) -> String;

    fn door(&self) -> &'static str;

    fn lock(&self) -> &'static str;

    fn running(&self) -> &'static str;

    fn running_hint(&self) -> &'static str;

    fn ready(&self) -> &'static str;

    fn turn_of_max(&self, turn: u32, max: u32) -> String;

    fn waiting(&self, ms: u64, attempt: u32, max: u32) -> String;

    fn history_meter(&self, messages: usize, tokens: u32) -> String;

    fn scene_label(&self, door: &str, lock: &str) -> String;

    fn speed_labels(&self) -> [&'static str; 6];

    fn link_notice_title(&self) -> &'static str;

    fn dismiss(&self) -> &'static str;

    fn part_missing(&self) -> &'static str;

    fn engine_part_missing(&self) -> &'static str;

    fn replay_part_missing(&self) -> &'static str;

    fn lessons(&self) -> &'static str;

    fn open_full(&self) -> &'static str;

    fn show_settings(&self) -> &'static str;

    fn attempts_label(&self, fault: &str) -> String;

    /// Why an opened file was refused, for the person who picked it.
    /// Why a link's value was ignored, as the notice bar says it after the key's name.
    fn notice(&self, problem: &Problem) -> String;

    fn trace_error(&self, error: &TraceError) -> String;

    fn pause_at_failure(&self) -> &'static str;

    fn who_answers(&self) -> &'static str;

    fn builtin(&self) -> &'static str;

    fn real_endpoint(&self) -> &'static str;

    fn scene(&self) -> &'static str;

    fn scene_robust(&self) -> &'static str;

    fn scene_idle(&self) -> &'static str;

    fn hero(&self) -> &'static str;

    fn oracle(&self) -> &'static str;

    fn the_room(&self) -> &'static str;

    fn asks_for_a_tool(&self) -> &'static str;

    fn final_answer(&self) -> &'static str;

    fn final_answer_text(&self) -> &'static str;

    fn tool_error_back(&self) -> &'static str;

    fn tool_error_thrown(&self) -> &'static str;

    fn tool_worked(&self) -> &'static str;

    fn caught_by_code(&self) -> &'static str;

    fn nobody_can_fix(&self) -> &'static str;

    fn villain(&self) -> &'static str;

    fn guard_sign(&self) -> &'static str;

    fn stopped_sign(&self) -> &'static str;

    fn handed_over(&self) -> &'static str;

    fn turns_left_label(&self) -> &'static str;

    fn resent(&self) -> &'static str;

    fn resent_empty(&self) -> &'static str;

    fn resent_nothing(&self) -> &'static str;

    fn play(&self) -> &'static str;

    fn pause(&self) -> &'static str;

    fn replay(&self) -> &'static str;

    fn step_back(&self) -> &'static str;

    fn step_forward(&self) -> &'static str;

    fn first_step(&self) -> &'static str;

    fn last_step(&self) -> &'static str;

    fn timeline(&self) -> &'static str;

    /// The first link in the page, for the keyboard: it jumps over the header and the settings.
    fn skip_to_player(&self) -> &'static str;

    /// The player's name for screen readers (first, back, play, forward, last, the timeline).
    fn player(&self) -> &'static str;

    fn keys_hint(&self) -> &'static str;

    fn compare(&self) -> &'static str;

    fn stuck(&self) -> &'static str;

    fn stuck_detail(&self) -> &'static str;

    fn still_going(&self) -> &'static str;

    fn looking_back(&self) -> &'static str;

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

pub trait Below {
    fn model(&self) -> &'static str;

    fn guards(&self) -> &'static str;

    fn retry(&self) -> &'static str;

    fn seed(&self) -> &'static str;

    fn board(&self) -> &'static str;

    fn history(&self) -> &'static str;

    fn layer_rule(&self, layer: Layer) -> &'static str;

    fn personality_name(&self, p: Personality) -> &'static str;

    /// The board's short label for a failure kind slug.
    fn board_label(&self, kind: &str) -> String;

    fn off_when_zero(&self) -> &'static str;

    fn max_turns(&self) -> &'static str;

    fn max_errors(&self) -> &'static str;

    fn watchdog(&self) -> &'static str;

    fn repeat_guard(&self) -> &'static str;

    fn max_attempts(&self) -> &'static str;

    fn no_retry_hint(&self) -> &'static str;

    fn base_delay(&self) -> &'static str;

    fn max_delay(&self) -> &'static str;

    fn retry_after_cap(&self) -> &'static str;

    fn jitter(&self) -> &'static str;

    fn retry_everything(&self) -> &'static str;

    fn share_link(&self) -> &'static str;

    fn copy_link(&self) -> &'static str;

    fn copied(&self) -> &'static str;

    fn export_trace(&self) -> &'static str;

    fn import_trace(&self) -> &'static str;

    fn save_failed(&self) -> &'static str;

    fn trace_part_missing(&self) -> &'static str;

    /// Shown when a newer build of the site is installed and waiting: the page never switches by
    /// itself, so a running lesson is never cut.
    fn update_ready(&self) -> &'static str;

    fn update_reload(&self) -> &'static str;

    /// The name a setting has on the page, from its link key.
    fn setting_label(&self, key: &str) -> &'static str;

    /// Says which of the lesson's settings are changed (by the link or by hand), so the room knows
    /// the run may not end as the lesson's explanation says.
    fn lesson_changes(&self, keys: &[&str]) -> String;

    fn code_panel(&self) -> &'static str;

    fn code_hint(&self) -> &'static str;

    fn no_line(&self) -> &'static str;

    fn herd_link(&self) -> &'static str;

    fn preview_title(&self) -> &'static str;

    fn preview_no_retry(&self) -> &'static str;

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

pub trait Lessons {
    fn start_workshop(&self) -> &'static str;

    fn free_play(&self) -> &'static str;

    fn right(&self) -> &'static str;

    fn not_quite(&self) -> &'static str;

    fn prev_lesson(&self) -> &'static str;

    fn next_lesson(&self) -> &'static str;

    /// The question every lesson asks before its run plays.
    fn question(&self) -> &'static str;

    /// The words of the lesson `id` (one of `lessons::LESSONS`).
    fn lesson_text(&self, id: &str) -> LessonText;

    fn agenda_entry(&self) -> &'static str;

    fn lesson_step(&self, n: usize, of: usize) -> String;

    fn show_me(&self) -> &'static str;

    fn answer_keys(&self) -> &'static str;

    /// The answer, revealed without a guess to judge.
    fn reveal_line(&self, was: Layer) -> String;

    fn answer_line(&self, said: Layer, was: Layer) -> String;
}

pub trait Kit {
    fn agenda_title(&self) -> &'static str;

    fn handout_title(&self) -> &'static str;

    fn print_handout(&self) -> &'static str;

    fn show_answers(&self) -> &'static str;

    fn back_to_playground(&self) -> &'static str;

    fn start_in_presenter(&self) -> &'static str;

    fn print_hint(&self) -> &'static str;

    fn fold_here(&self) -> &'static str;

    fn answer(&self) -> &'static str;

    fn open_on_phone(&self) -> &'static str;

    fn phone_title(&self) -> &'static str;

    fn close(&self) -> &'static str;

    /// The agenda's summary line.
    fn agenda_summary(&self, lessons: usize, minutes: u32) -> String;

    /// A lesson's suggested length.
    fn minutes(&self, n: u32) -> String;

    /// A QR code's text alternative: where it leads.
    fn qr_label(&self, link: &str) -> String;
}

pub trait Herd {
    fn herd_title(&self) -> &'static str;

    fn herd_tagline(&self) -> &'static str;

    fn herd_back(&self) -> &'static str;

    fn herd_settings(&self) -> &'static str;

    fn herd_clients(&self) -> &'static str;

    fn herd_down(&self) -> &'static str;

    fn herd_capacity(&self) -> &'static str;

    fn herd_highlight(&self) -> &'static str;

    fn herd_highlight_none(&self) -> &'static str;

    fn herd_slots_title(&self) -> &'static str;

    fn herd_computing(&self) -> &'static str;

    fn herd_calls_title(&self) -> &'static str;

    fn herd_done_title(&self) -> &'static str;

    fn herd_table_title(&self) -> &'static str;

    fn herd_col_policy(&self) -> &'static str;

    fn herd_col_calls(&self) -> &'static str;

    fn herd_col_done(&self) -> &'static str;

    fn herd_col_gave_up(&self) -> &'static str;

    fn herd_explanation(&self) -> &'static str;

    fn herd_policy_name(&self, p: rusty_lock_engine::herd::HerdPolicy) -> &'static str;

    fn herd_yours(&self, p: &rusty_lock_engine::RetryPolicy) -> String;

    fn herd_slots_hint(&self, capacity: u32, slot_ms: u64) -> String;

    /// When the last client of a policy got through, or why none did.
    fn herd_done(&self, line: &rusty_lock_engine::herd::HerdLine) -> String;

    fn herd_goes_on(&self, line: &rusty_lock_engine::herd::HerdLine) -> String;

    /// The calls-per-slot chart in words, for screen readers.
    fn herd_slots_summary(&self, lines: &[rusty_lock_engine::herd::HerdLine], end_ms: u64) -> String;
}

pub trait Verdict {
    /// A failure as the verdict names it: "HTTP 503", "timeout".
    fn failure_noun(&self, failure: &CallFailure) -> String;

    /// The same, with its article: "an HTTP 503", "a timeout".
    fn failure_with_article(&self, failure: &CallFailure) -> String;

    /// One finding of the resilience verdict, in one sentence, from the facts the engine found.
    fn finding(&self, said: &Said) -> String;

    fn verdict(&self) -> &'static str;

    fn verdict_nothing(&self) -> &'static str;

    fn severity_name(&self, s: rusty_lock_engine::verdict::Severity) -> &'static str;

    fn strip_key_ceiling(&self) -> &'static str;

    fn strip_key_tick(&self) -> &'static str;

    fn strip_key_asked(&self) -> &'static str;

    fn strip_title(&self, turn: u32) -> String;

    fn strip_label(&self, next_attempt: u32) -> String;

    /// The figures beside one bar.
    fn strip_value(&self, bar: &rusty_lock_engine::StripBar) -> String;

    /// One bar in a sentence, for screen readers.
    fn strip_bar(&self, bar: &rusty_lock_engine::StripBar) -> String;

    fn strip_total(&self, ms: u64) -> String;
}

pub trait Endpoint {
    fn preset(&self) -> &'static str;

    fn base_url(&self) -> &'static str;

    fn model_name(&self) -> &'static str;

    fn api_key(&self) -> &'static str;

    fn key_set(&self) -> &'static str;

    fn key_optional(&self) -> &'static str;

    fn remember_key(&self) -> &'static str;

    fn forget_key(&self) -> &'static str;

    fn stream(&self) -> &'static str;

    fn stream_faults(&self) -> &'static str;

    fn test_connection(&self) -> &'static str;

    fn connected_no_models(&self) -> &'static str;

    fn streaming(&self) -> &'static str;

    fn preset_name(&self, id: &str) -> &'static str;

    fn connected(&self, models: &[String]) -> String;

    fn connection_failed(&self, failure: &CallFailure) -> String;

    fn diagnosis_title(&self) -> &'static str;

    fn diag_blocked(&self) -> &'static str;

    fn diag_unreachable(&self) -> &'static str;

    fn diag_public_to_local(&self) -> &'static str;

    fn diag_layer_point(&self) -> &'static str;

    fn cors_fix(&self, preset: &str, origin: &str) -> String;
}

pub trait Compare {
    fn scene_naive(&self) -> &'static str;

    fn compare_hint(&self) -> &'static str;

    fn compare_builtin_only(&self) -> &'static str;

    fn diverge_line(&self, step: usize, turn: Option<u32>) -> String;
}
