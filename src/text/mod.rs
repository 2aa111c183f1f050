//! Every sentence the page shows, in English, French and Chinese.
//!
//! Each language is a type (`en::En`, `fr::Fr`, `zh::Zh`) that implements the traits of
//! [`words`], one trait per part of the page. A trait method has no default, so a language that
//! lacks a message does not compile. Each language writes whole sentences its own way, with its
//! own plurals and number formats; nothing here glues fragments of one language together.
//!
//! The free functions below are what the rest of the page calls: each asks the current
//! language. The first screen's words ([`Core`]) of English are in the first download; French and
//! Chinese arrive as a lazy part when chosen ([`crate::parts::load_language`]). The words of
//! the lazy panels live with those panels, all three languages together.

use std::cell::Cell;

use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::Fault;
use rusty_lock_engine::run::connection::{Diagnosis, Preset};
use rusty_lock_engine::run::events::{Event, Guard, GuardDetail, Layer, Outcome, OutcomeKind, Quirk};
use rusty_lock_engine::run::provider::{BodyProblem, CallFailure};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::show::scenario::Problem;
use rusty_lock_engine::show::trace::TraceError;
use rusty_lock_engine::show::verdict::Said;

pub use rusty_lock_engine::run::script::Lang;

mod en;
mod fr;
mod words;
mod zh;
pub use words::*;

/// The first screen's words in one language: its fixed labels and its sentences.
#[derive(Clone, Copy)]
pub struct FirstScreen {
    pub labels: &'static CoreLabels,
    pub words: &'static dyn Core,
}

// Initialised as constants, so reading them is a plain load (no lazy set-up in each of the
// hundreds of places that ask for a word).
thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
    static CORE: Cell<FirstScreen> = const { Cell::new(FirstScreen { labels: &en::CORE, words: &en::En }) };
}

/// The language the page speaks now.
pub fn lang() -> Lang {
    LANG.with(Cell::get)
}

/// Switches every later word to `lang`, whose first-screen words are `core` (fetched by the
/// caller when they live in a lazy part).
pub fn set_lang(lang: Lang, core: FirstScreen) {
    CORE.with(|c| c.set(core));
    LANG.with(|l| l.set(lang));
}

/// The language a visit opens in: the link's `lang` when it names one the page has, otherwise
/// the first of the browser's languages that the page has (`fr-CA` counts as `fr`), otherwise
/// English. Nothing is remembered on the device: the link and the browser decide, so a shared
/// link reads the same for everyone who shares a language.
pub fn choose_lang(link: Option<&str>, browser: &[String]) -> Lang {
    if let Some(lang) = link.and_then(Lang::from_code) {
        return lang;
    }
    browser
        .iter()
        .find_map(|tag| {
            let primary = tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
            Lang::from_code(&primary)
        })
        .unwrap_or(Lang::En)
}

/// The value of `lang=` in a query string, if any.
pub fn lang_in_link(search: &str) -> Option<&str> {
    search.trim_start_matches('?').split('&').find_map(|kv| kv.strip_prefix("lang="))
}

/// English's first-screen words, always in the first download.
pub fn english() -> FirstScreen {
    FirstScreen { labels: &en::CORE, words: &en::En }
}

/// French's first-screen words; only the lazy part `lang_fr` refers to them, so they travel in it.
pub fn french() -> FirstScreen {
    FirstScreen { labels: &fr::CORE, words: &fr::Fr }
}

/// Chinese's first-screen words, in the lazy part `lang_zh`.
pub fn chinese() -> FirstScreen {
    FirstScreen { labels: &zh::CORE, words: &zh::Zh }
}

fn core_words() -> &'static dyn Core {
    CORE.with(Cell::get).words
}

fn core_labels() -> &'static CoreLabels {
    CORE.with(Cell::get).labels
}

/// The words of a lazy panel: every language's are in the panel's part, so asking costs nothing.
macro_rules! panel_words {
    ($name:ident, $trait:ident) => {
        fn $name() -> &'static dyn $trait {
            match lang() {
                Lang::En => &en::En,
                Lang::Fr => &fr::Fr,
                Lang::Zh => &zh::Zh,
            }
        }
    };
}
/// The fixed words of a lazy panel, as [`panel_words`] finds its sentences.
macro_rules! panel_labels {
    ($name:ident, $ty:ident, $statik:ident) => {
        fn $name() -> &'static $ty {
            match lang() {
                Lang::En => &en::$statik,
                Lang::Fr => &fr::$statik,
                Lang::Zh => &zh::$statik,
            }
        }
    };
}
panel_labels!(below_labels, BelowLabels, BELOW);
panel_labels!(lessons_labels, LessonsLabels, LESSONS);
panel_labels!(kit_labels, KitLabels, KIT);
panel_labels!(herd_labels, HerdLabels, HERD);
panel_labels!(verdict_labels, VerdictLabels, VERDICT);
panel_labels!(endpoint_labels, EndpointLabels, ENDPOINT);
panel_labels!(compare_labels, CompareLabels, COMPARE);
panel_labels!(presenter_labels, PresenterLabels, PRESENTER);
panel_words!(below_words, Below);
panel_words!(log_words, Log);
panel_words!(lessons_words, Lessons);
panel_words!(kit_words, Kit);
panel_words!(herd_words, Herd);
panel_words!(verdict_words, Verdict);
panel_words!(endpoint_words, Endpoint);
panel_words!(compare_words, Compare);
panel_words!(notices_words, Notices);

/// The presenter view's words, read as fields: one struct, no forwarder per word.
pub fn presenter() -> &'static PresenterLabels {
    presenter_labels()
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
            std::borrow::Cow::Owned(format!("{}{}", &text[..cut], more_characters(more)))
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

pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

pub fn title() -> &'static str {
    core_labels().title
}

pub fn tagline() -> &'static str {
    core_labels().tagline
}

pub fn run() -> &'static str {
    core_labels().run
}

pub fn stop() -> &'static str {
    core_labels().stop
}

pub fn speed() -> &'static str {
    core_labels().speed
}

pub fn faults() -> &'static str {
    core_labels().faults
}

pub fn faults_hint() -> &'static str {
    core_labels().faults_hint
}

pub fn model() -> &'static str {
    below_labels().model
}

pub fn guards() -> &'static str {
    below_labels().guards
}

pub fn retry() -> &'static str {
    below_labels().retry
}

pub fn seed() -> &'static str {
    below_labels().seed
}

pub fn board() -> &'static str {
    below_labels().board
}

pub fn log() -> &'static str {
    core_labels().log
}

pub fn log_empty() -> &'static str {
    core_labels().log_empty
}

pub fn history() -> &'static str {
    below_labels().history
}

pub fn turn() -> &'static str {
    core_labels().turn
}

pub fn on_turn() -> &'static str {
    core_labels().on_turn
}

pub fn times() -> &'static str {
    core_labels().times
}

pub fn fatal() -> &'static str {
    core_labels().fatal
}

pub fn fatal_reload() -> &'static str {
    core_labels().fatal_reload
}

pub fn layer_name(layer: Layer) -> &'static str {
    core_words().layer_name(layer)
}

pub fn layer_rule(layer: Layer) -> &'static str {
    below_words().layer_rule(layer)
}

/// The layer's rule in a few words, for the one-row board under the scene.
pub fn layer_short_rule(layer: Layer) -> &'static str {
    core_words().layer_short_rule(layer)
}

/// Over the layer's name on the scene's stamp, while a layer acts.
pub fn handled_by() -> &'static str {
    core_labels().handled_by
}

pub fn layer_row() -> &'static str {
    core_labels().layer_row
}

/// The count on a lane of the one-row board, for a screen reader.
pub fn handled_count(n: usize) -> String {
    core_words().handled_count(n)
}

pub fn board_earlier(n: usize) -> String {
    below_words().board_earlier(n)
}

pub fn open_faults() -> &'static str {
    core_labels().open_faults
}

pub fn close_faults() -> &'static str {
    core_labels().close_faults
}

pub fn start_here() -> &'static str {
    core_labels().start_here
}

pub fn start_here_hint() -> &'static str {
    core_labels().start_here_hint
}

pub fn personality_name(p: Personality) -> &'static str {
    below_words().personality_name(p)
}

pub fn fault_name(f: Fault) -> &'static str {
    core_words().fault_name(f)
}

pub fn fault_group_name(group: rusty_lock_engine::run::chaos::FaultGroup) -> &'static str {
    core_words().fault_group_name(group)
}

pub fn failure_name(f: &CallFailure) -> String {
    core_words().failure_name(f)
}

/// What was wrong with a body the loop could not use, as one whole sentence.
pub fn body_problem(problem: &BodyProblem) -> String {
    core_words().body_problem(problem)
}

pub fn tool_error_name(k: ToolErrorKind) -> &'static str {
    core_words().tool_error_name(k)
}

pub fn guard_name(g: Guard) -> &'static str {
    core_words().guard_name(g)
}

/// The board's short label for a failure kind slug.
pub fn board_label(kind: &str) -> String {
    below_words().board_label(kind)
}

pub fn outcome_title(o: &Outcome) -> &'static str {
    core_words().outcome_title(o)
}

pub fn outcome_kind_title(k: OutcomeKind) -> &'static str {
    core_words().outcome_kind_title(k)
}

pub fn outcome_detail(o: &Outcome) -> String {
    core_words().outcome_detail(o)
}

/// What a guard saw, in one sentence for the log.
pub fn guard_detail(detail: &GuardDetail) -> String {
    log_words().guard_detail(detail)
}

/// Why a reply that stopped without tool calls was not taken as the answer, with the fix.
pub fn not_an_answer(finish_reason: &str) -> String {
    core_words().not_an_answer(finish_reason)
}

/// What the harness tolerated, in one sentence for the log.
pub fn quirk_text(quirk: &Quirk) -> String {
    log_words().quirk_text(quirk)
}

/// A span of time in the one unit the page uses everywhere: milliseconds below a second,
/// seconds with one decimal from there on, so a sign, a log line and a chart never disagree.
pub fn duration(ms: u64) -> String {
    core_words().duration(ms)
}

/// A failure as the verdict names it: "HTTP 503", "timeout".
pub fn failure_noun(failure: &CallFailure) -> String {
    verdict_words().failure_noun(failure)
}

/// The same, with its article: "an HTTP 503", "a timeout".
pub fn failure_with_article(failure: &CallFailure) -> String {
    verdict_words().failure_with_article(failure)
}

/// One finding of the resilience verdict, in one sentence, from the facts the engine found.
pub fn finding(said: &Said) -> String {
    verdict_words().finding(said)
}

/// One line of the event log.
pub fn describe(event: &Event) -> String {
    log_words().describe(event)
}

pub fn door() -> &'static str {
    core_labels().door
}

pub fn lock() -> &'static str {
    core_labels().lock
}

pub fn running() -> &'static str {
    core_labels().running
}

pub fn running_hint() -> &'static str {
    core_labels().running_hint
}

pub fn replaying() -> &'static str {
    core_labels().replaying
}

pub fn replaying_hint() -> &'static str {
    core_labels().replaying_hint
}

pub fn ready() -> &'static str {
    core_labels().ready
}

pub fn off_when_zero() -> &'static str {
    below_labels().off_when_zero
}

pub fn max_turns() -> &'static str {
    below_labels().max_turns
}

pub fn max_errors() -> &'static str {
    below_labels().max_errors
}

pub fn watchdog() -> &'static str {
    below_labels().watchdog
}

pub fn repeat_guard() -> &'static str {
    below_labels().repeat_guard
}

pub fn max_attempts() -> &'static str {
    below_labels().max_attempts
}

pub fn no_retry_hint() -> &'static str {
    below_labels().no_retry_hint
}

pub fn base_delay() -> &'static str {
    below_labels().base_delay
}

pub fn max_delay() -> &'static str {
    below_labels().max_delay
}

pub fn retry_after_cap() -> &'static str {
    below_labels().retry_after_cap
}

pub fn jitter() -> &'static str {
    below_labels().jitter
}

pub fn retry_everything() -> &'static str {
    below_labels().retry_everything
}

pub fn turn_of_max(turn: u32, max: u32) -> String {
    core_words().turn_of_max(turn, max)
}

pub fn waiting(ms: u64, attempt: u32, max: u32) -> String {
    core_words().waiting(ms, attempt, max)
}

pub fn history_meter(messages: usize, tokens: u32) -> String {
    core_words().history_meter(messages, tokens)
}

pub fn scene_label(door_open: bool, lock_oiled: bool) -> String {
    core_words().scene_label(door_open, lock_oiled)
}

pub fn door_state(open: bool) -> &'static str {
    core_words().door_state(open)
}

pub fn lock_state(oiled: bool) -> &'static str {
    core_words().lock_state(oiled)
}

pub fn compare_short() -> &'static str {
    core_labels().compare_short
}

pub fn file_unreadable() -> &'static str {
    core_labels().file_unreadable
}

pub fn speed_labels() -> [&'static str; 6] {
    core_labels().speed_labels
}

pub fn link_notice_title() -> &'static str {
    core_labels().link_notice_title
}

pub fn dismiss() -> &'static str {
    core_labels().dismiss
}

pub fn share_link() -> &'static str {
    below_labels().share_link
}

pub fn copy_link() -> &'static str {
    below_labels().copy_link
}

pub fn copied() -> &'static str {
    below_labels().copied
}

pub fn export_trace() -> &'static str {
    below_labels().export_trace
}

pub fn import_trace() -> &'static str {
    below_labels().import_trace
}

pub fn save_failed() -> &'static str {
    below_labels().save_failed
}

pub fn part_missing() -> &'static str {
    core_labels().part_missing
}

pub fn engine_part_missing() -> &'static str {
    core_labels().engine_part_missing
}

pub fn replay_part_missing() -> &'static str {
    core_labels().replay_part_missing
}

pub fn trace_part_missing() -> &'static str {
    below_labels().trace_part_missing
}

pub fn lessons() -> &'static str {
    core_labels().lessons
}

pub fn start_workshop() -> &'static str {
    lessons_labels().start_workshop
}

pub fn free_play() -> &'static str {
    lessons_labels().free_play
}

pub fn right() -> &'static str {
    lessons_labels().right
}

pub fn not_quite() -> &'static str {
    lessons_labels().not_quite
}

pub fn prev_lesson() -> &'static str {
    lessons_labels().prev_lesson
}

pub fn next_lesson() -> &'static str {
    lessons_labels().next_lesson
}

pub fn open_full() -> &'static str {
    core_labels().open_full
}

pub fn show_settings() -> &'static str {
    core_labels().show_settings
}

/// Shown when a newer build of the site is installed and waiting: the page never switches by
/// itself, so a running lesson is never cut.
pub fn update_ready() -> &'static str {
    below_labels().update_ready
}

pub fn update_reload() -> &'static str {
    below_labels().update_reload
}

pub fn attempts_label(fault: &str) -> String {
    core_words().attempts_label(fault)
}

/// The name a setting has on the page, from its link key.
pub fn setting_label(key: &str) -> &'static str {
    below_words().setting_label(key)
}

/// Says which of the lesson's settings are changed (by the link or by hand), so the room knows
/// the run may not end as the lesson's explanation says.
pub fn lesson_changes(keys: &[&str]) -> String {
    below_words().lesson_changes(keys)
}

/// Why an opened file was refused, for the person who picked it.
/// Why a link's value was ignored, as the notice bar says it after the key's name.
pub fn notice(problem: &Problem) -> String {
    notices_words().notice(problem)
}

pub fn trace_error(error: &TraceError) -> String {
    core_words().trace_error(error)
}

/// The question every lesson asks before its run plays.
pub fn question() -> &'static str {
    lessons_labels().question
}

/// The words of the lesson `id` (one of `lessons::LESSONS`).
pub fn lesson_text(id: &str) -> LessonText {
    lessons_words().lesson_text(id)
}

pub fn agenda_entry() -> &'static str {
    lessons_labels().agenda_entry
}

pub fn agenda_title() -> &'static str {
    kit_labels().agenda_title
}

pub fn handout_title() -> &'static str {
    kit_labels().handout_title
}

pub fn print_handout() -> &'static str {
    kit_labels().print_handout
}

pub fn show_answers() -> &'static str {
    kit_labels().show_answers
}

pub fn back_to_playground() -> &'static str {
    kit_labels().back_to_playground
}

pub fn start_in_presenter() -> &'static str {
    kit_labels().start_in_presenter
}

pub fn print_hint() -> &'static str {
    kit_labels().print_hint
}

pub fn fold_here() -> &'static str {
    kit_labels().fold_here
}

pub fn answer() -> &'static str {
    kit_labels().answer
}

pub fn open_on_phone() -> &'static str {
    kit_labels().open_on_phone
}

pub fn phone_title() -> &'static str {
    kit_labels().phone_title
}

pub fn phone_serve_hint() -> &'static str {
    kit_labels().phone_serve_hint
}

/// The phone sheet on a loopback address (`host`): no phone can open the link.
pub fn phone_unreachable(host: &str) -> String {
    kit_words().phone_unreachable(host)
}

pub fn close() -> &'static str {
    kit_labels().close
}

/// The agenda's summary line.
pub fn agenda_summary(lessons: usize, minutes: u32) -> String {
    kit_words().agenda_summary(lessons, minutes)
}

/// A lesson's suggested length.
pub fn minutes(n: u32) -> String {
    kit_words().minutes(n)
}

/// A QR code's text alternative: where it leads.
pub fn qr_label(link: &str) -> String {
    kit_words().qr_label(link)
}

pub fn lesson_step(n: usize, of: usize) -> String {
    lessons_words().lesson_step(n, of)
}

pub fn show_me() -> &'static str {
    lessons_labels().show_me
}

pub fn answer_keys() -> &'static str {
    lessons_labels().answer_keys
}

pub fn answer_keys_narrate() -> &'static str {
    lessons_labels().answer_keys_narrate
}

/// The answer, revealed without a guess to judge.
pub fn reveal_line(was: Layer) -> String {
    lessons_words().reveal_line(was)
}

pub fn pause_at_failure() -> &'static str {
    core_labels().pause_at_failure
}

pub fn answer_line(said: Layer, was: Layer) -> String {
    lessons_words().answer_line(said, was)
}

// A teacher's own lesson: its card (the `lessons` part) and the form that makes one.

pub fn own_badge() -> &'static str {
    lessons_labels().own_badge
}

pub fn own_untitled() -> &'static str {
    lessons_labels().own_untitled
}

pub fn own_note() -> &'static str {
    lessons_labels().own_note
}

pub fn own_takeaway() -> &'static str {
    lessons_labels().own_takeaway
}

pub fn own_answer_line(was: Layer) -> String {
    lessons_words().own_answer_line(was)
}

pub fn form_title() -> &'static str {
    lessons_labels().form_title
}

pub fn form_question() -> &'static str {
    lessons_labels().form_question
}

pub fn form_expect() -> &'static str {
    lessons_labels().form_expect
}

pub fn form_takeaway() -> &'static str {
    lessons_labels().form_takeaway
}

pub fn form_hint() -> &'static str {
    lessons_labels().form_hint
}

pub fn form_choose() -> &'static str {
    lessons_labels().form_choose
}

pub fn form_link() -> &'static str {
    lessons_labels().form_link
}

pub fn form_open() -> &'static str {
    lessons_labels().form_open
}

pub fn form_agenda() -> &'static str {
    lessons_labels().form_agenda
}

pub fn form_agenda_link() -> &'static str {
    lessons_labels().form_agenda_link
}

pub fn form_agenda_open() -> &'static str {
    lessons_labels().form_agenda_open
}

pub fn form_keep_agenda(n: usize) -> String {
    lessons_words().form_keep_agenda(n)
}

pub fn link_too_long(len: usize, max: usize) -> String {
    lessons_words().link_too_long(len, max)
}

/// The share bar's button (the `below` part).
pub fn make_lesson() -> &'static str {
    below_labels().make_lesson
}

/// Beside a teacher's lesson in the agenda (the `kit` part).
pub fn own_mark() -> &'static str {
    kit_labels().own_mark
}

pub fn own_goal() -> &'static str {
    kit_labels().own_goal
}

pub fn agenda_summary_own(lessons: usize, own: usize, minutes: u32) -> String {
    kit_words().agenda_summary_own(lessons, own, minutes)
}

pub fn who_answers() -> &'static str {
    core_labels().who_answers
}

pub fn builtin() -> &'static str {
    core_labels().builtin
}

pub fn real_endpoint() -> &'static str {
    core_labels().real_endpoint
}

pub fn preset() -> &'static str {
    endpoint_labels().preset
}

pub fn base_url() -> &'static str {
    endpoint_labels().base_url
}

pub fn model_name() -> &'static str {
    endpoint_labels().model_name
}

pub fn api_key() -> &'static str {
    endpoint_labels().api_key
}

pub fn key_set() -> &'static str {
    endpoint_labels().key_set
}

pub fn key_optional() -> &'static str {
    endpoint_labels().key_optional
}

pub fn remember_key() -> &'static str {
    endpoint_labels().remember_key
}

pub fn forget_key() -> &'static str {
    endpoint_labels().forget_key
}

pub fn stream() -> &'static str {
    endpoint_labels().stream
}

pub fn stream_faults() -> &'static str {
    endpoint_labels().stream_faults
}

pub fn test_connection() -> &'static str {
    endpoint_labels().test_connection
}

pub fn testing() -> &'static str {
    endpoint_labels().testing
}

pub fn pick_model() -> &'static str {
    endpoint_labels().pick_model
}

pub fn run_needs_model() -> &'static str {
    endpoint_labels().run_needs_model
}

pub fn preset_name(preset: Preset) -> &'static str {
    endpoint_words().preset_name(preset)
}

pub fn diagnosis(found: &Diagnosis) -> String {
    endpoint_words().diagnosis(found)
}

pub fn diagnosis_fix(found: &Diagnosis, preset: Preset, origin: &str) -> Option<String> {
    endpoint_words().diagnosis_fix(found, preset, origin)
}

pub fn model_needed(preset: Preset) -> String {
    endpoint_words().model_needed(preset)
}

pub fn model_placeholder(preset: Preset) -> String {
    endpoint_words().model_placeholder(preset)
}

pub fn streaming() -> &'static str {
    endpoint_labels().streaming
}

pub fn verdict() -> &'static str {
    verdict_labels().verdict
}

pub fn verdict_nothing() -> &'static str {
    verdict_labels().verdict_nothing
}

pub fn diagnosis_title() -> &'static str {
    endpoint_labels().diagnosis_title
}

pub fn diag_public_to_local() -> &'static str {
    endpoint_labels().diag_public_to_local
}

pub fn diag_layer_point() -> &'static str {
    endpoint_labels().diag_layer_point
}

pub fn severity_name(s: rusty_lock_engine::show::verdict::Severity) -> &'static str {
    verdict_words().severity_name(s)
}

pub fn scene() -> &'static str {
    core_labels().scene
}

pub fn scene_robust() -> &'static str {
    core_labels().scene_robust
}

pub fn scene_naive() -> &'static str {
    compare_labels().scene_naive
}

pub fn scene_idle() -> &'static str {
    core_labels().scene_idle
}

pub fn hero() -> &'static str {
    core_labels().hero
}

pub fn oracle() -> &'static str {
    core_labels().oracle
}

pub fn the_room() -> &'static str {
    core_labels().the_room
}

pub fn asks_for_a_tool() -> &'static str {
    core_labels().asks_for_a_tool
}

pub fn final_answer() -> &'static str {
    core_labels().final_answer
}

pub fn final_answer_text() -> &'static str {
    core_labels().final_answer_text
}

pub fn tool_error_back() -> &'static str {
    core_labels().tool_error_back
}

pub fn tool_error_thrown() -> &'static str {
    core_labels().tool_error_thrown
}

pub fn tool_worked() -> &'static str {
    core_labels().tool_worked
}

pub fn caught_by_code() -> &'static str {
    core_labels().caught_by_code
}

pub fn nobody_can_fix() -> &'static str {
    core_labels().nobody_can_fix
}

pub fn villain() -> &'static str {
    core_labels().villain
}

pub fn guard_sign() -> &'static str {
    core_labels().guard_sign
}

pub fn stopped_sign() -> &'static str {
    core_labels().stopped_sign
}

pub fn handed_over() -> &'static str {
    core_labels().handed_over
}

pub fn turns_left_label() -> &'static str {
    core_labels().turns_left_label
}

pub fn resent() -> &'static str {
    core_labels().resent
}

pub fn resent_empty() -> &'static str {
    core_labels().resent_empty
}

pub fn resent_nothing() -> &'static str {
    core_labels().resent_nothing
}

pub fn play() -> &'static str {
    core_labels().play
}

pub fn pause() -> &'static str {
    core_labels().pause
}

pub fn replay() -> &'static str {
    core_labels().replay
}

pub fn step_back() -> &'static str {
    core_labels().step_back
}

pub fn step_forward() -> &'static str {
    core_labels().step_forward
}

pub fn first_step() -> &'static str {
    core_labels().first_step
}

pub fn last_step() -> &'static str {
    core_labels().last_step
}

pub fn timeline() -> &'static str {
    core_labels().timeline
}

/// The first link in the page, for the keyboard: it jumps over the header and the settings.
pub fn skip_to_player() -> &'static str {
    core_labels().skip_to_player
}

/// The player's name for screen readers (first, back, play, forward, last, the timeline).
pub fn player() -> &'static str {
    core_labels().player
}

pub fn keys_hint() -> &'static str {
    core_labels().keys_hint
}

pub fn keys_hint_narrate() -> &'static str {
    core_labels().keys_hint_narrate
}

pub fn compare() -> &'static str {
    core_labels().compare
}

pub fn compare_hint() -> &'static str {
    compare_labels().compare_hint
}

pub fn compare_builtin_only() -> &'static str {
    compare_labels().compare_builtin_only
}

pub fn stuck() -> &'static str {
    core_labels().stuck
}

pub fn stuck_detail() -> &'static str {
    core_labels().stuck_detail
}

pub fn still_going() -> &'static str {
    core_labels().still_going
}

pub fn code_panel() -> &'static str {
    below_labels().code_panel
}

pub fn code_hint() -> &'static str {
    below_labels().code_hint
}

pub fn no_line() -> &'static str {
    below_labels().no_line
}

pub fn looking_back() -> &'static str {
    core_labels().looking_back
}

pub fn step_of(step: usize, of: usize) -> String {
    core_words().step_of(step, of)
}

pub fn attempt_of(attempt: u32, max: u32) -> String {
    core_words().attempt_of(attempt, max)
}

/// `1.3 s`: tenths of a second, rounded half up. Integer arithmetic on purpose: formatting a
/// float would bring the float printer (about 5 KB gzip) into the page's first download.
pub fn seconds(ms: u64) -> String {
    core_words().seconds(ms)
}

pub fn turns_left(left: u32, max: u32) -> String {
    core_words().turns_left(left, max)
}

pub fn token_bar(turn: u32, messages: usize, tokens: u32, counted: Option<u32>) -> String {
    core_words().token_bar(turn, messages, tokens, counted)
}

/// The server's own count of the last prompt, for screen readers (the meter draws it as a bar).
pub fn server_counted(tokens: u32) -> String {
    core_words().server_counted(tokens)
}

pub fn diverge_line(step: usize, turn: Option<u32>) -> String {
    compare_words().diverge_line(step, turn)
}

pub fn guard_short(g: Guard) -> &'static str {
    core_words().guard_short(g)
}

/// What the scene is showing, as one sentence under it: the story of the step.
pub fn scene_caption(event: &Event) -> String {
    core_words().scene_caption(event)
}

/// What the screen-reader announcer says for a step, or nothing for the small ones.
pub fn announce(event: &Event) -> Option<String> {
    core_words().announce(event)
}

pub fn herd_title() -> &'static str {
    herd_labels().herd_title
}

pub fn herd_tagline() -> &'static str {
    herd_labels().herd_tagline
}

pub fn herd_back() -> &'static str {
    herd_labels().herd_back
}

pub fn herd_link() -> &'static str {
    below_labels().herd_link
}

pub fn herd_settings() -> &'static str {
    herd_labels().herd_settings
}

pub fn herd_clients() -> &'static str {
    herd_labels().herd_clients
}

pub fn herd_down() -> &'static str {
    herd_labels().herd_down
}

pub fn herd_capacity() -> &'static str {
    herd_labels().herd_capacity
}

pub fn herd_highlight() -> &'static str {
    herd_labels().herd_highlight
}

pub fn herd_highlight_none() -> &'static str {
    herd_labels().herd_highlight_none
}

pub fn herd_slots_title() -> &'static str {
    herd_labels().herd_slots_title
}

pub fn herd_computing() -> &'static str {
    herd_labels().herd_computing
}

pub fn herd_calls_title() -> &'static str {
    herd_labels().herd_calls_title
}

pub fn herd_done_title() -> &'static str {
    herd_labels().herd_done_title
}

pub fn herd_table_title() -> &'static str {
    herd_labels().herd_table_title
}

pub fn herd_col_policy() -> &'static str {
    herd_labels().herd_col_policy
}

pub fn herd_col_calls() -> &'static str {
    herd_labels().herd_col_calls
}

pub fn herd_col_done() -> &'static str {
    herd_labels().herd_col_done
}

pub fn herd_col_gave_up() -> &'static str {
    herd_labels().herd_col_gave_up
}

pub fn herd_explanation() -> &'static str {
    herd_labels().herd_explanation
}

pub fn herd_lost_key() -> &'static str {
    herd_labels().herd_lost_key
}

pub fn herd_policy_name(p: rusty_lock_engine::run::herd::HerdPolicy) -> &'static str {
    herd_words().herd_policy_name(p)
}

/// A whole number with thousands separated, as English writes it.
pub fn count(n: u64) -> String {
    core_words().count(n)
}

pub fn herd_yours(p: &rusty_lock_engine::run::provider::RetryPolicy) -> String {
    herd_words().herd_yours(p)
}

pub fn herd_slots_hint(capacity: u32, slot_ms: u64) -> String {
    herd_words().herd_slots_hint(capacity, slot_ms)
}

/// When the last client of a policy got through, or why none did.
pub fn herd_done(line: &rusty_lock_engine::run::herd::HerdLine) -> String {
    herd_words().herd_done(line)
}

/// A bar's figure (a time, a number of calls) for a policy that lost `gave_up` clients.
pub fn herd_lost(figure: &str, gave_up: u32) -> String {
    herd_words().herd_lost(figure, gave_up)
}

pub fn herd_goes_on(line: &rusty_lock_engine::run::herd::HerdLine) -> String {
    herd_words().herd_goes_on(line)
}

/// The calls-per-slot chart in words, for screen readers.
pub fn herd_slots_summary(lines: &[rusty_lock_engine::run::herd::HerdLine], end_ms: u64) -> String {
    herd_words().herd_slots_summary(lines, end_ms)
}

pub fn strip_key_ceiling() -> &'static str {
    verdict_labels().strip_key_ceiling
}

pub fn strip_key_tick() -> &'static str {
    verdict_labels().strip_key_tick
}

pub fn strip_key_asked() -> &'static str {
    verdict_labels().strip_key_asked
}

pub fn strip_title(turn: u32) -> String {
    verdict_words().strip_title(turn)
}

pub fn strip_label(next_attempt: u32) -> String {
    verdict_words().strip_label(next_attempt)
}

/// The figures beside one bar.
pub fn strip_value(bar: &rusty_lock_engine::show::view::StripBar) -> String {
    verdict_words().strip_value(bar)
}

/// One bar in a sentence, for screen readers.
pub fn strip_bar(bar: &rusty_lock_engine::show::view::StripBar) -> String {
    verdict_words().strip_bar(bar)
}

pub fn strip_total(ms: u64) -> String {
    verdict_words().strip_total(ms)
}

pub fn preview_title() -> &'static str {
    below_labels().preview_title
}

pub fn preview_no_retry() -> &'static str {
    below_labels().preview_no_retry
}

pub fn replay_label() -> &'static str {
    below_labels().replay_label
}

pub fn replay_note() -> &'static str {
    below_labels().replay_note
}

/// What an opened trace was recorded against, as data: its endpoint and model, or the built-in model.
pub fn recorded_with(provider: &rusty_lock_engine::show::scenario::ProviderChoice) -> String {
    below_words().recorded_with(provider)
}

pub fn preview_axis(attempt: u32) -> String {
    below_words().preview_axis(attempt)
}

pub fn preview_retry(attempt: u32, low: u64, high: u64) -> String {
    below_words().preview_retry(attempt, low, high)
}

pub fn preview_worst(ms: u64) -> String {
    below_words().preview_worst(ms)
}

pub fn page_title() -> &'static str {
    core_labels().page_title
}

pub fn page_description() -> &'static str {
    core_labels().page_description
}

pub fn language() -> &'static str {
    core_labels().language
}

pub fn language_missing(lang: Lang) -> String {
    core_words().language_missing(lang)
}

pub fn more_characters(n: usize) -> String {
    core_words().more_characters(n)
}

pub fn naive_loop() -> &'static str {
    compare_labels().naive_loop
}

pub fn robust_loop() -> &'static str {
    compare_labels().robust_loop
}

pub fn catch_missing() -> &'static str {
    compare_labels().catch_missing
}

pub fn catch_made() -> &'static str {
    compare_labels().catch_made
}

pub fn code_note(slug: &str) -> &'static str {
    compare_words().code_note(slug)
}

#[cfg(test)]
mod tests;
