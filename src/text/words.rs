//! The messages of each part of the page, as traits every language implements in full.
//!
//! # Adding a sentence
//!
//! - A fixed label: one field in its part's `labels!` struct below, and its value in the part's
//!   static in `en.rs`, `fr.rs` and `zh.rs`. The field also makes the page-wide `text::<field>()`
//!   (mark a field `@field` when only the language files read it).
//! - A sentence with arguments: one method in its part's `sentences!` trait below, and its three
//!   impls. The method also makes the page-wide `text::<method>(<arguments>)`.
//! - A number the engine decides (a wait, a limit, a default, a port) is built from the engine's
//!   constant, never typed again: in a method with `format!`, in a label or a lesson with
//!   `join!`, `whole!` and `seconds_in!` (`numbers.rs`, done by the compiler, so it stays a
//!   `&'static str`). Each language writes its own sentence and decimal sign (`SIGN`); add the
//!   sentence to `numbers_follow_the_engine` in `tests.rs`.

use super::{Lang, LessonText};
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::Fault;
use rusty_lock_engine::run::connection::{Diagnosis, Preset};
use rusty_lock_engine::run::error_text::ErrorText;
use rusty_lock_engine::run::events::{Ending, Event, Guard, GuardDetail, Layer, Outcome, Quirk};
use rusty_lock_engine::run::provider::{BodyProblem, CallFailure};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::show::cue::{Coming, Cue};
use rusty_lock_engine::show::lessons::LessonId;
use rusty_lock_engine::show::listing::Note;
use rusty_lock_engine::show::scenario::{Problem, Setting};
use rusty_lock_engine::show::trace::TraceError;
use rusty_lock_engine::show::verdict::Said;
use rusty_lock_engine::show::view::BoardKind;

/// A part's fixed words as a struct, a field per message, and for each field the page-wide free
/// function of the same name that reads it in the page's language through `$via` (a function
/// of `text`). A field is a `&'static str` unless it names its type; `@field` makes no function.
macro_rules! labels {
    (
        $(#[$sm:meta])*
        pub struct $name:ident via $via:ident {
            $( $(#[$m:meta])* $(@$only:ident)? $field:ident $(: $ty:ty)? ),* $(,)?
        }
    ) => {
        $(#[$sm])*
        pub struct $name {
            $( $(#[$m])* pub $field: labels!(@type $($ty)?), )*
        }
        $( labels!(@fn $via [$(#[$m])*] $(@$only)? $field $(: $ty)?); )*
    };
    (@type) => { &'static str };
    (@type $ty:ty) => { $ty };
    (@fn $via:ident [$(#[$m:meta])*] @field $field:ident $(: $ty:ty)?) => {};
    (@fn $via:ident [$(#[$m:meta])*] $field:ident $(: $ty:ty)?) => {
        $(#[$m])*
        pub fn $field() -> labels!(@type $($ty)?) {
            super::$via().$field
        }
    };
}

/// A part's sentences as a trait, and for each method the page-wide free function of the same
/// name and arguments that asks the page's language through `$via` (a function of `text`).
macro_rules! sentences {
    (
        $(#[$tm:meta])*
        pub trait $name:ident via $via:ident {
            $( $(#[$m:meta])* fn $method:ident(&self $(, $arg:ident: $ty:ty)* $(,)?) -> $ret:ty; )*
        }
    ) => {
        $(#[$tm])*
        pub trait $name {
            $( $(#[$m])* fn $method(&self $(, $arg: $ty)*) -> $ret; )*
        }
        $(
            $(#[$m])*
            pub fn $method($($arg: $ty),*) -> $ret {
                super::$via().$method($($arg),*)
            }
        )*
    };
}

labels! {
    /// The fixed words of this part: a field per message, so a language that lacks one does not compile.
    pub struct CoreLabels via core_labels {
        /// The compare switch's label where the player row is short (presenter mode).
        compare_short,
        /// A picked file that the browser could not read.
        file_unreadable,
        /// The browser tab's title.
        page_title,
        /// The page's description, for link previews and search engines.
        page_description,
        /// The name of the language switcher.
        language,
        title,
        tagline,
        run,
        stop,
        speed,
        faults,
        faults_hint,
        log,
        log_empty,
        turn,
        on_turn,
        times,
        fatal,
        /// The fatal banner's button, which reloads the same scenario.
        fatal_reload,
        /// Over the layer's name on the scene's stamp, while a layer acts.
        handled_by,
        layer_row,
        open_faults,
        close_faults,
        start_here,
        start_here_hint,
        /// Before the door's state in the facts row, with the language's own punctuation.
        door,
        lock,
        running,
        running_hint,
        /// The banner while an opened trace plays: a recording, not a live run.
        replaying,
        replaying_hint,
        ready,
        speed_labels: [&'static str; 6],
        link_notice_title,
        dismiss,
        part_missing,
        engine_part_missing,
        replay_part_missing,
        lessons,
        open_full,
        show_settings,
        pause_at_failure,
        who_answers,
        builtin,
        real_endpoint,
        scene,
        scene_robust,
        scene_idle,
        hero,
        oracle,
        the_room,
        asks_for_a_tool,
        final_answer,
        final_answer_text,
        /// The final-answer card when the door is still shut: a loop that took a reply for the
        /// answer without the work done (a naive loop trusting `finish_reason`).
        final_answer_shut,
        /// The caption of that ending.
        answered_door_shut,
        tool_error_back,
        tool_error_thrown,
        tool_worked,
        caught_by_code,
        nobody_can_fix,
        villain,
        guard_sign,
        stopped_sign,
        handed_over,
        turns_left_label,
        resent,
        resent_empty,
        resent_nothing,
        play,
        pause,
        replay,
        step_back,
        step_forward,
        first_step,
        last_step,
        timeline,
        /// The first link in the page, for the keyboard: it jumps over the header and the settings.
        skip_to_player,
        /// The header's link to your own loop (`?view=yours`).
        yours_link,
        /// The player's name for screen readers (first, back, play, forward, last, the timeline).
        player,
        keys_hint,
        /// The keys hint when each step waits for the presenter (narrate pace).
        keys_hint_narrate,
        compare,
        stuck,
        stuck_detail,
        still_going,
        looking_back,
    }
}

sentences! {
    pub trait Core via core_words {
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

        /// The title of a way to end, for a badge that knows no outcome's details (compare mode).
        fn ending_title(&self, e: Ending) -> &'static str;

        fn outcome_detail(&self, o: &Outcome) -> String;

        /// Why a reply that stopped without tool calls was not taken as the answer, with the fix.
        fn not_an_answer(&self, finish_reason: &str) -> String;

        /// A span of time in the one unit the page uses everywhere: milliseconds below a second,
        /// seconds with one decimal from there on, so a sign, a log line and a chart never disagree.
        fn duration(&self, ms: u64) -> String;

        fn turn_of_max(&self, turn: u32, max: u32) -> String;

        fn waiting(&self, ms: u64, attempt: u32, max: u32) -> String;

        /// A call with no answer yet while the watchdog runs: how long it has waited, and the
        /// watchdog's limit beside it.
        fn silent_call(&self, waited: u64, limit: u64) -> String;

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
}

labels! {
    /// The fixed words of this part: a field per message, so a language that lacks one does not compile.
    pub struct BelowLabels via below_labels {
        model,
        guards,
        retry,
        seed,
        board,
        history,
        off_when_zero,
        max_turns,
        max_errors,
        watchdog,
        repeat_guard,
        max_attempts,
        no_retry_hint,
        base_delay,
        max_delay,
        retry_after_cap,
        jitter,
        retry_everything,
        /// The setting for a tool's lost reply, and its two schools.
        lost_reply,
        lost_reply_tell,
        lost_reply_retry,
        share_link,
        copy_link,
        copied,
        export_trace,
        import_trace,
        save_failed,
        trace_part_missing,
        /// Shown when a newer build of the site is installed and waiting: the page never switches by
        /// itself, so a running lesson is never cut.
        update_ready,
        update_reload,
        code_panel,
        code_hint,
        no_line,
        herd_link,
        preview_title,
        preview_no_retry,
        /// The share bar's button that opens the form making a teacher's own lesson.
        make_lesson,
        /// The label that stays up while the events on screen are an opened trace.
        replay_label,
        replay_note,
        /// The settings' heading over the school of tool-error text.
        error_text,
    }
}

sentences! {
    pub trait Below via below_words {
        fn layer_rule(&self, layer: Layer) -> &'static str;

        /// What an opened trace was recorded against, as data: its endpoint and model, or the built-in model.
        fn recorded_with(&self, provider: &rusty_lock_engine::show::scenario::ProviderChoice) -> String;

        fn personality_name(&self, p: Personality) -> &'static str;

        /// A school of tool-error text, as the settings list it.
        fn error_text_name(&self, e: ErrorText) -> &'static str;

        /// The board's short label for a failure kind slug.
        fn board_label(&self, kind: BoardKind) -> String;

        /// The first chip of a board lane that shows only its newest chips: how many came before.
        fn board_earlier(&self, n: usize) -> String;


        /// Says which of the lesson's settings are changed (by the link or by hand), so the room knows
        /// the run may not end as the lesson's explanation says.
        fn lesson_changes(&self, changed: &[Setting]) -> String;

        fn preview_axis(&self, attempt: u32) -> String;

        fn preview_retry(&self, attempt: u32, low: u64, high: u64) -> String;

        fn preview_worst(&self, ms: u64) -> String;
    }
}

sentences! {
    pub trait Log via log_words {
        /// What a guard saw, in one sentence for the log.
        fn guard_detail(&self, detail: &GuardDetail) -> String;

        /// What the harness tolerated, in one sentence for the log.
        fn quirk_text(&self, quirk: &Quirk) -> String;

        /// One line of the event log.
        fn describe(&self, event: &Event) -> String;

        /// Over the full exception under a tool error's log line: it went to your logs only.
        fn logs_only(&self) -> &'static str;
    }
}

labels! {
    /// The fixed words of this part: a field per message, so a language that lacks one does not compile.
    pub struct LessonsLabels via lessons_labels {
        start_workshop,
        /// Presenting a plan: over the lessons it leaves out, in the Lessons menu, and on such a
        /// lesson's card in place of its place in the plan.
        not_in_plan,
        free_play,
        right,
        not_quite,
        prev_lesson,
        next_lesson,
        /// The question every lesson asks before its run plays.
        question,
        agenda_entry,
        show_me,
        answer_keys,
        /// The answer keys when the run is narrated step by step: the clicker's next key starts it.
        answer_keys_narrate,
        /// Over a teacher's own lesson, where a built-in one says which lesson of how many it is.
        own_badge,
        /// The title of a teacher's lesson that has none of its own.
        own_untitled,
        /// Under it: whose words these are.
        own_note,
        /// Before the teacher's takeaway, after the run.
        own_takeaway,
        // The form that makes a teacher's lesson from the scenario on screen.
        form_title,
        form_question,
        form_expect,
        form_takeaway,
        /// What the texts may hold.
        form_hint,
        /// Until a layer is chosen, in place of the link.
        form_choose,
        form_link,
        form_open,
        form_agenda,
        form_agenda_link,
        form_agenda_open,
    }
}

sentences! {
    pub trait Lessons via lessons_words {
        /// The words of the lesson `id` (one of `lessons::LESSONS`).
        fn lesson_text(&self, id: LessonId) -> LessonText;

        fn lesson_step(&self, n: usize, of: usize) -> String;

        /// The Lessons menu's workshop entry when the room follows a plan of `lessons` lessons and
        /// `minutes` minutes in all, fewer lessons than the library's (with all of them it is
        /// `start_workshop`).
        fn start_plan(&self, lessons: usize, minutes: u32) -> String;

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
}

labels! {
    /// The fixed words of this part: a field per message, so a language that lacks one does not compile.
    pub struct KitLabels via kit_labels {
        agenda_title,
        handout_title,
        print_handout,
        show_answers,
        back_to_playground,
        start_in_presenter,
        print_hint,
        fold_here,
        answer,
        open_on_phone,
        phone_title,
        /// On a loopback address: how to serve the page so that a phone can reach it (a command follows).
        phone_serve_hint,
        /// Under the agenda's and the handout's QR codes on a loopback address: how to serve the page so the room's phones reach them (the same command follows).
        codes_serve_hint,
        close,
        /// Beside a teacher's own lesson in the agenda and the handout.
        own_mark,
        /// In place of a built-in lesson's goal.
        own_goal,
        /// The agenda's plan chooser: its heading, and what it does.
        plan_title,
        plan_hint,
        /// Beside a ready plan's buttons.
        plan_ready,
        /// A lesson's or an exercise's checkbox: whether the plan keeps it.
        in_plan,
        /// Moving an item of the plan earlier and later (the item's title follows, for screen readers).
        move_up,
        move_down,
        /// Under the plan, the lessons and exercises it leaves out (on screen only, never printed).
        left_out_title,
        /// The lesson card's link after the plan's last lesson.
        end_workshop,
        /// The closing screen after the plan's last lesson.
        closing_title,
        closing_intro,
        closing_takeaways,
        closing_exercises,
        closing_none,
        closing_back,
        open_agenda,
    }
}

sentences! {
    pub trait Kit via kit_words {
        /// The plan's total as the teacher chooses: `lessons` lessons and `exercises` exercises,
        /// `minutes` in all.
        fn plan_summary(&self, lessons: usize, exercises: usize, minutes: u32) -> String;

        /// A ready plan's button.
        fn ready_plan(&self, plan: rusty_lock_engine::show::plan::ReadyPlan, minutes: u32) -> String;

        /// A lesson's suggested length.
        fn minutes(&self, n: u32) -> String;

        /// A QR code's text alternative: where it leads.
        fn qr_label(&self, link: &str) -> String;

        /// The phone sheet on a loopback address (`host`): no phone can open the link.
        fn phone_unreachable(&self, host: &str) -> String;
        /// The agenda, the handout and any page of QR codes on a loopback address (`host`): no
        /// phone can open them.
        fn codes_unreachable(&self, host: &str) -> String;
    }
}

labels! {
    /// The fixed words of this part: a field per message, so a language that lacks one does not compile.
    pub struct HerdLabels via herd_labels {
        herd_title,
        herd_tagline,
        herd_back,
        herd_settings,
        herd_clients,
        herd_down,
        herd_capacity,
        herd_highlight,
        herd_highlight_none,
        herd_slots_title,
        herd_computing,
        herd_calls_title,
        herd_done_title,
        herd_table_title,
        herd_col_policy,
        herd_col_calls,
        herd_col_done,
        herd_col_gave_up,
        herd_explanation,
        /// Under the bar charts: what a hatched bar (a policy that lost clients) means.
        herd_lost_key,
    }
}

sentences! {
    pub trait Herd via herd_words {
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
}

labels! {
    /// The fixed words of this part: a field per message, so a language that lacks one does not compile.
    pub struct VerdictLabels via verdict_labels {
        verdict,
        verdict_nothing,
        strip_key_ceiling,
        strip_key_tick,
        strip_key_asked,
    }
}

sentences! {
    pub trait Verdict via verdict_words {
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
}

labels! {
    /// The fixed words of this part: a field per message, so a language that lacks one does not compile.
    pub struct EndpointLabels via endpoint_labels {
        preset,
        base_url,
        model_name,
        api_key,
        key_set,
        key_optional,
        remember_key,
        forget_key,
        stream,
        stream_faults,
        test_connection,
        @field connected_no_models,
        /// On "Test connection" while the test waits for the server.
        testing,
        /// Before the models a connection test found, each a button that makes it the model name.
        pick_model,
        /// Beside Run, while Run waits for a model name.
        run_needs_model,
        streaming,
        diagnosis_title,
        diag_public_to_local,
        diag_layer_point,
    }
}

sentences! {
    pub trait Endpoint via endpoint_words {
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
}

labels! {
    /// The fixed words of this part: a field per message, so a language that lacks one does not compile.
    pub struct CompareLabels via compare_labels {
        /// Over the naive loop's listing in compare mode.
        naive_loop,
        /// Over the robust loop's listing in compare mode.
        robust_loop,
        /// Beside the naive line where the loops part: the robust loop catches this, the naive one not.
        catch_missing,
        /// Beside the robust line that makes that catch.
        catch_made,
        scene_naive,
        compare_hint,
        compare_builtin_only,
    }
}

sentences! {
    pub trait Compare via compare_words {
        /// The words of a comment in the code panel's listings (`{note:slug}` in the engine's
        /// listings): the code stays code, its comments are translated.
        fn code_note(&self, note: Note) -> &'static str;

        fn diverge_line(&self, step: usize, turn: Option<u32>) -> String;
    }
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
    // The speaker notes, the time against the plan and the lesson picker (issue 43, item 9).
    /// Before what to point at on the projected screen.
    pub point_at: &'static str,
    /// Before the question to put to the room.
    pub ask_room: &'static str,
    /// Before what the next press brings.
    pub next_press: &'static str,
    /// Before the plan's next lesson.
    pub after_lesson: &'static str,
    /// The lesson's time against its minutes.
    pub this_lesson: &'static str,
    /// The workshop's time against the plan's minutes.
    pub workshop: &'static str,
    /// The lesson picker's label.
    pub go_to_lesson: &'static str,
    pub previous_lesson: &'static str,
    pub next_lesson_button: &'static str,
    /// The projected window shows the workshop's closing screen.
    pub closing_on_screen: &'static str,
    /// What the clicker does there.
    pub closing_next: &'static str,
}

sentences! {
    /// The presenter view's speaker notes, a note per kind of step (`show::cue`), in the kit's part.
    pub trait PresenterNotes via presenter_words {
        /// What to point at on the projected screen.
        fn pv_point(&self, cue: Cue) -> &'static str;
        /// The question to put to the room.
        fn pv_ask(&self, cue: Cue) -> &'static str;
        /// What the next press of the clicker brings.
        fn pv_coming(&self, coming: Coming) -> &'static str;
        /// Where the plan has the workshop during this lesson, in minutes from its start.
        fn pv_plan_window(&self, from: u32, to: u32) -> String;
    }
}

sentences! {
    /// The link notices' words, in their own part: only a link with something wrong in it shows them.
    pub trait Notices via notices_words {
        /// Why a link's value was ignored, as the notice bar says it after the key's name.
        fn notice(&self, problem: &Problem) -> String;
    }
}

labels! {
    /// Your own loop's fixed words (`?view=yours`), in its part with all three languages.
    pub struct YoursLabels via yours_labels {
        yours_title,
        yours_tagline,
        yours_back,
        /// The code editor's name for screen readers.
        yours_editor_label,
        yours_run,
        yours_stop,
        yours_card,
        yours_reset_code,
        /// The editor's script could not be fetched: a plain text box stands in.
        yours_editor_missing,
        yours_sandbox_missing,
        yours_stripper_missing,
        yours_provides_title,
        yours_provides_llm,
        yours_provides_fetch,
        yours_provides_tools,
        yours_provides_time,
        yours_provides_random,
        yours_provides_end,
        /// What a loop written for a terminal finds (issue 51): input, arguments, environment,
        /// files, no processes.
        yours_provides_terminal,
        yours_case_label,
        yours_card_title,
        yours_card_hint,
        yours_col_case,
        yours_col_yours,
        yours_col_reference,
        yours_col_verdict,
        yours_open_case,
        yours_copy_link,
        yours_copied,
        yours_save_file,
        yours_open_file,
        /// A link whose code could not be read: the starting code is shown instead.
        yours_link_damaged,
        yours_console_title,
        yours_not_run,
        yours_perfect,
        /// Under the editor: the code's requests sent an empty `tools` list, and the page's
        /// schemas stood in.
        yours_empty_schemas,
        /// The language choice beside the editor (issue 42): its label and its two choices.
        yours_lang_label,
        yours_lang_js,
        yours_lang_py,
        /// A browser without WebAssembly JSPI: which browsers run Python, and that JavaScript
        /// runs in this one.
        yours_no_python,
        /// Python's files could not be fetched (offline before its first use, most often).
        yours_python_fetch_failed,
        /// Python did not start (its worker failed, or it took too long).
        yours_python_not_started,
        /// Python's files are here; the interpreter is starting.
        yours_python_starting,
        /// What the page gives Python code.
        yours_py_provides_llm,
        yours_py_provides_fetch,
        yours_py_provides_tools,
        yours_py_provides_time,
        yours_py_provides_random,
        yours_py_provides_end,
        yours_py_provides_terminal,
    }
}

sentences! {
    /// Your own loop's sentences.
    pub trait Yours via yours_words {
        /// A mistake in the code itself, at its line: what is wrong and what to write instead.
        /// In the code's own language: what to write instead is JavaScript or Python.
        fn yours_problem(
            &self,
            problem: &rusty_lock_engine::yours::problem::CodeProblem,
            code: rusty_lock_engine::yours::code_lang::CodeLang,
        ) -> String;
        /// Python's files coming on its first use: bytes so far and in all (0 when not known yet).
        fn yours_python_fetching(&self, loaded: f64, total: f64) -> String;
        /// The real-time budget ran out: the code never gave control back.
        fn yours_blocked(&self, budget_ms: u64) -> String;
        /// The code is too long for a link.
        fn yours_too_long(&self, chars: usize, max: usize) -> String;
        /// A case's cost: requests made and virtual time.
        fn yours_cost(&self, requests: u32, virtual_ms: u64) -> String;
        /// The report card's count.
        fn yours_card_count(&self, passed: usize, total: usize) -> String;
        /// While grading.
        fn yours_grading(&self, done: usize, total: usize) -> String;
        /// After the count: the cases left out of it because they need the page's own tools.
        fn yours_card_left_out(&self, left: usize) -> String;
        /// After the count: the cases the page itself could not run (its sandbox failed twice).
        fn yours_card_page_failed(&self, failed: usize) -> String;
        /// In place of the card's rows when no case reached the model.
        fn yours_card_nothing_ran(&self) -> String;
        /// Beside a finding: the lines of the code that decided it (one or more).
        fn yours_at_lines(&self, lines: &[u32]) -> String;
        /// Under the editor: the code runs its own tools (named), so the door and the answer are
        /// judged from the tool results the model read.
        fn yours_own_tools(&self, own: &[String]) -> String;
        /// Under the editor: the page's tools (named) stood in for names the code uses without
        /// defining them.
        fn yours_page_stood_in(&self, names: &[String]) -> String;
        /// Under the editor: the environment names the code read (a key's, an address's, a
        /// model's), answered with the page's placeholder key, its own server and its model.
        fn yours_env_read(&self, names: &[String]) -> String;
        /// A case of the report card, as its row and the case picker name it.
        fn yours_case(&self, case: rusty_lock_engine::yours::card::CaseId) -> &'static str;
        /// How a case's run ended, in a few words.
        fn yours_outcome(&self, outcome: &rusty_lock_engine::yours::card::CaseOutcome) -> String;
        /// A finding of the report card.
        fn yours_verdict(&self, verdict: &rusty_lock_engine::yours::card::Verdict) -> String;
        /// The one-sentence fix for a finding (the watchdog's names the answer's time); `None` for
        /// a case handled right. Its examples are in the code's own language: `timeout=` and
        /// `random.uniform` for Python, `AbortSignal.timeout` and `Math.random` for JavaScript.
        fn yours_fix(
            &self,
            verdict: &rusty_lock_engine::yours::card::Verdict,
            code: rusty_lock_engine::yours::code_lang::CodeLang,
        ) -> Option<String>;
    }
}
