//! Walks every value the engine hands the page and checks that each becomes a finished
//! sentence: no hole left unfilled, no doubled space or article, no empty line. The helpers
//! named `every_…` match without a wildcard, so a new variant fails to compile here until it has
//! words.

use super::*;
use rusty_lock_engine::run::chaos::{Fault, FaultPlan, FaultRule};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::connection::{Diagnosis, Preset};
use rusty_lock_engine::run::error_text::Secret;
use rusty_lock_engine::run::events::{Event, FailReason, Guard, GuardDetail, Layer, Outcome, Quirk};
use rusty_lock_engine::run::provider::{BodyProblem, CallFailure};
use rusty_lock_engine::run::script::raw;
use rusty_lock_engine::run::sim::{simulate, simulate_naive};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::run::wire::FunctionCall;
use rusty_lock_engine::show::lessons::LESSONS;
use rusty_lock_engine::show::scenario::{decode, FaultProblem, Problem};
use rusty_lock_engine::show::trace::{Damage, TraceError};
use rusty_lock_engine::show::verdict::{judge, Said};
use rusty_lock_engine::yours::code_lang::CodeLang;

/// Runs `check` once in each language, with the page switched to it as a visit would be.
fn in_every_language(check: impl Fn(Lang)) {
    for lang in Lang::ALL {
        let first = match lang {
            Lang::En => english(),
            Lang::Fr => french(),
            Lang::Zh => chinese(),
        };
        set_lang(lang, first);
        check(lang);
    }
    set_lang(Lang::En, english());
}

/// Words that only an English sentence has: one of them in a French or Chinese message means a
/// sentence was left untranslated. The test data's own English (a recorded reason, a model's
/// answer, a parser's message) is taken out first; code (`finish_reason`, tool names) has none.
const ENGLISH_ONLY: [&str; 14] = [
    " the ", "The ", " is ", " and ", " was ", " with ", " your ", "Your ", " not ", " attempt", " turn ", " failed",
    " retry ", " to ",
];
const TEST_DATA: [&str; 11] = [
    "The door is open.",
    "Handing over.",
    "an older sentence",
    "An older sentence.",
    "expected value at line 1 column 1",
    "missing field `choices`",
    "EOF while parsing",
    "invalid type",
    "overloaded",
    "unknown variant",
    "a recorded reason",
];

fn not_english(text: &str, from: &str) {
    if lang() == Lang::En {
        return;
    }
    let mut rest = format!(" {text} ");
    for data in TEST_DATA {
        rest = rest.replace(data, "");
    }
    for word in ENGLISH_ONLY {
        assert!(!rest.contains(word), "{from} ({:?}): English {word:?} in {text:?}", lang());
    }
}

/// What every sentence must be.
fn finished(text: &str, from: &str) {
    not_english(text, from);
    assert!(!text.trim().is_empty(), "{from}: empty");
    assert!(!text.contains("  "), "{from}: doubled space in {text:?}");
    assert!(!text.contains(" ."), "{from}: space before a full stop in {text:?}");
    if lang() == Lang::En {
        for article in [" a a", " a an ", " an a ", " the the ", "A an ", "An a "] {
            assert!(!text.contains(article), "{from}: {article:?} in {text:?}");
        }
    }
    // A plural after a lone 1 ("1 turns").
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(2) {
        let plural = pair[1].trim_end_matches(|c: char| !c.is_alphanumeric()).ends_with('s');
        let unit = ["ms", "s", "s."].contains(&pair[1]);
        assert!(!(pair[0] == "1" && plural && !unit), "{from}: a plural after 1 in {text:?}");
    }
    let hole = text.find('{').filter(|&i| {
        text[i + 1..]
            .split('}')
            .next()
            .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
    });
    assert!(hole.is_none(), "{from}: an unfilled hole in {text:?}");
}

/// A sentence that stands alone starts with a capital (or a figure, or a quote).
fn capitalised(text: &str, from: &str) {
    finished(text, from);
    // A sentence may open on a code name (`finish_reason`), which keeps its case.
    let first_word = text.split_whitespace().next().unwrap_or_default();
    let first = text.chars().next().unwrap();
    // Chinese has no capitals; an English term it keeps (harness) may open its sentence.
    let cased = lang() != Lang::Zh;
    assert!(!cased || first_word.contains('_') || !first.is_lowercase(), "{from}: starts in lower case: {text:?}");
}

fn failures() -> Vec<CallFailure> {
    let mut out: Vec<CallFailure> = [400, 401, 403, 404, 408, 422, 429, 500, 502, 503, 504]
        .into_iter()
        .map(|status| CallFailure::Http { status })
        .collect();
    out.extend([CallFailure::Network, CallFailure::Timeout]);
    out.extend(every_body_problem().into_iter().map(|reason| CallFailure::BadBody { reason }));
    out
}

fn every_body_problem() -> Vec<BodyProblem> {
    let all = vec![
        BodyProblem::Html,
        BodyProblem::NotJson { detail: "expected value at line 1 column 1".into() },
        BodyProblem::NotACompletion { detail: "missing field `choices`".into() },
        BodyProblem::NoChoices,
        BodyProblem::NotAssistant,
        BodyProblem::ToolCallsMissing,
        BodyProblem::TooBig { bytes: 3_000_000, limit_mb: 2 },
        BodyProblem::StreamTooBig { limit_mb: 2 },
        BodyProblem::NotUtf8,
        BodyProblem::ChunkNotJson { detail: "EOF while parsing".into() },
        BodyProblem::NotAChunk { detail: "invalid type".into() },
        BodyProblem::ErrorMidStream { message: "overloaded".into() },
        BodyProblem::ErrorMidStream { message: String::new() },
        BodyProblem::CallWithoutName { index: 1 },
        BodyProblem::BadAddress,
        BodyProblem::RequestNotWritten,
        BodyProblem::NoModelList,
        BodyProblem::Recorded { text: "an older sentence".into() },
    ];
    for p in &all {
        match p {
            BodyProblem::Html
            | BodyProblem::NotJson { .. }
            | BodyProblem::NotACompletion { .. }
            | BodyProblem::NoChoices
            | BodyProblem::NotAssistant
            | BodyProblem::ToolCallsMissing
            | BodyProblem::TooBig { .. }
            | BodyProblem::StreamTooBig { .. }
            | BodyProblem::NotUtf8
            | BodyProblem::ChunkNotJson { .. }
            | BodyProblem::NotAChunk { .. }
            | BodyProblem::ErrorMidStream { .. }
            | BodyProblem::CallWithoutName { .. }
            | BodyProblem::BadAddress
            | BodyProblem::RequestNotWritten
            | BodyProblem::NoModelList
            | BodyProblem::Recorded { .. } => {}
        }
    }
    all
}

fn every_problem() -> Vec<Problem> {
    let v = || "t9:nope".to_string();
    let all = vec![
        Problem::LinkTooLong { max: 4000 },
        Problem::UnknownLesson { value: v() },
        Problem::Repeated,
        Problem::NewerFormat { found: 9, ours: 1 },
        Problem::NotAFormat { value: v() },
        Problem::TooManyFaults { max: 20 },
        Problem::Fault { value: v(), why: FaultProblem::Shape },
        Problem::Fault { value: v(), why: FaultProblem::TurnRange { min: 1, max: 1000 } },
        Problem::Fault { value: v(), why: FaultProblem::UnknownFault },
        Problem::Fault { value: v(), why: FaultProblem::TimesRange { max: 10 } },
        Problem::UnknownModel { value: v() },
        Problem::OutOfRange { min: 1, max: 1000 },
        Problem::NotANumber { value: v() },
        Problem::NotAFlag { value: v() },
        Problem::UnknownSpeed { value: v() },
        Problem::UnknownPace { value: v() },
        Problem::BadEndpoint,
        Problem::BadModelName,
        Problem::UnknownMode { value: v() },
        Problem::UnknownLang { value: v() },
        Problem::KeyInLink,
        Problem::UnknownKey,
        Problem::ModelWithoutEndpoint,
        Problem::UnknownPolicy { value: v() },
        Problem::UnknownLayer { value: v() },
        Problem::MissingExpect,
        Problem::TextTooLong { max: 200 },
        Problem::TextCleaned,
        Problem::OwnLessonInstead { value: v() },
        Problem::NotALessonLink { value: v() },
        Problem::UnknownPlanItem { value: v() },
        Problem::TooManyExtras { max: 12 },
        Problem::UnknownErrorText { value: v() },
        Problem::UnknownLostReply { value: v() },
    ];
    for p in &all {
        match p {
            Problem::LinkTooLong { .. }
            | Problem::UnknownLesson { .. }
            | Problem::Repeated
            | Problem::NewerFormat { .. }
            | Problem::NotAFormat { .. }
            | Problem::TooManyFaults { .. }
            | Problem::UnknownModel { .. }
            | Problem::OutOfRange { .. }
            | Problem::NotANumber { .. }
            | Problem::NotAFlag { .. }
            | Problem::UnknownSpeed { .. }
            | Problem::UnknownPace { .. }
            | Problem::BadEndpoint
            | Problem::BadModelName
            | Problem::UnknownMode { .. }
            | Problem::UnknownLang { .. }
            | Problem::KeyInLink
            | Problem::UnknownKey
            | Problem::ModelWithoutEndpoint
            | Problem::UnknownPolicy { .. }
            | Problem::UnknownLayer { .. }
            | Problem::MissingExpect
            | Problem::TextTooLong { .. }
            | Problem::TextCleaned
            | Problem::OwnLessonInstead { .. }
            | Problem::NotALessonLink { .. }
            | Problem::UnknownPlanItem { .. }
            | Problem::TooManyExtras { .. }
            | Problem::UnknownErrorText { .. }
            | Problem::UnknownLostReply { .. } => {}
            Problem::Fault { why, .. } => match why {
                FaultProblem::Shape
                | FaultProblem::TurnRange { .. }
                | FaultProblem::UnknownFault
                | FaultProblem::TimesRange { .. } => {}
            },
        }
    }
    all
}

fn every_said() -> Vec<Said> {
    let mut all = Vec::new();
    for failure in failures() {
        all.extend([
            Said::RetriedPermanent { turn: 2, failure: failure.clone() },
            Said::RetryAfterCapAtZero { turn: 2, failure: failure.clone() },
            Said::HonouredRetryAfter { turn: 2, failure: failure.clone(), waited_ms: 2000, asked_ms: Some(2000) },
            Said::HonouredRetryAfter { turn: 2, failure: failure.clone(), waited_ms: 2000, asked_ms: None },
            Said::RecoveredWithBackoff { turn: 2, failure: failure.clone(), waited_ms: 1500 },
            Said::GaveUpTooEarly { turn: 2, failure: failure.clone() },
            Said::RetriesUsedUp { turn: 2, failure: failure.clone(), attempts: 3, waited_ms: 1500 },
            Said::FailedFast { turn: 2, failure },
        ]);
    }
    all.extend([
        Said::RetryAfterCapped { turn: 3, asked_ms: 30_000, cap_ms: 5_000 },
        Said::IgnoredRetryAfter { turn: 3, waited_ms: 250, asked_ms: 2_000 },
        Said::RetryAfterMissing { turn: 3, waited_ms: 500 },
        Said::RetriedWithoutWaiting { turn: 1, waited_ms: 0 },
        Said::RetryStorm { calls: 40, most: 12, on_turn: 2 },
        Said::SynchronizedRetries,
        Said::HangWithoutTimeout { turn: 2, until_stop: true },
        Said::HangWithoutTimeout { turn: 2, until_stop: false },
        Said::AcceptedTruncatedStream { turn: 4 },
        Said::WatchdogCutHang { turn: 2, after_ms: 5000 },
        Said::ToleratedQuirk { turn: 2, finish_reason: "stop".into() },
        Said::CutAtLength { turn: 2 },
        Said::NotAnAnswer { turn: 2, finish_reason: "content_filter".into() },
        Said::BareToolError { turn: 2, tool: "use".into() },
        Said::SecretSent { turn: 2, secrets: Secret::ALL.to_vec() },
        Said::SecretSent { turn: 2, secrets: vec![Secret::ConnectionString] },
        Said::RetriedNonIdempotent { turn: 4, tool: "use".into() },
        Said::CheckedBeforeRepeating { turn: 4, tool: "use".into() },
        Said::DroppedToolCalls { turn: 1, finish_reason: "stop".into() },
        Said::AcceptedCutReply { turn: 1 },
    ]);
    for guard in [Guard::MaxTurns, Guard::ErrorsInARow, Guard::RepeatedCall, Guard::Watchdog] {
        all.push(Said::GuardStoppedLoop { guard, turn: 4 });
    }
    for s in &all {
        match s {
            Said::RetriedPermanent { .. }
            | Said::RetryAfterCapped { .. }
            | Said::IgnoredRetryAfter { .. }
            | Said::RetryAfterCapAtZero { .. }
            | Said::HonouredRetryAfter { .. }
            | Said::RetryAfterMissing { .. }
            | Said::RecoveredWithBackoff { .. }
            | Said::GaveUpTooEarly { .. }
            | Said::RetriesUsedUp { .. }
            | Said::FailedFast { .. }
            | Said::RetriedWithoutWaiting { .. }
            | Said::RetryStorm { .. }
            | Said::SynchronizedRetries
            | Said::HangWithoutTimeout { .. }
            | Said::AcceptedTruncatedStream { .. }
            | Said::WatchdogCutHang { .. }
            | Said::GuardStoppedLoop { .. }
            | Said::ToleratedQuirk { .. }
            | Said::CutAtLength { .. }
            | Said::NotAnAnswer { .. }
            | Said::BareToolError { .. }
            | Said::SecretSent { .. }
            | Said::RetriedNonIdempotent { .. }
            | Said::CheckedBeforeRepeating { .. }
            | Said::DroppedToolCalls { .. }
            | Said::AcceptedCutReply { .. } => {}
        }
    }
    all
}

fn every_outcome() -> Vec<Outcome> {
    let mut all = vec![
        Outcome::Answered { text: "The door is open.".into() },
        Outcome::Escalated { message: "Handing over.".into() },
        Outcome::Cancelled,
    ];
    for guard in [Guard::MaxTurns, Guard::ErrorsInARow, Guard::RepeatedCall, Guard::Watchdog] {
        all.push(Outcome::GaveUp { guard });
    }
    for failure in failures() {
        all.push(Outcome::Failed { reason: FailReason::Fatal { failure: failure.clone() } });
        all.push(Outcome::Failed { reason: FailReason::RetriesExhausted { attempts: 3, last: failure.clone() } });
        all.push(Outcome::Failed { reason: FailReason::UnhandledCall { failure } });
    }
    for kind in [
        ToolErrorKind::UnknownTool,
        ToolErrorKind::BadJson,
        ToolErrorKind::SchemaInvalid,
        ToolErrorKind::ToolFailed,
        ToolErrorKind::ReplyLost,
    ] {
        all.push(Outcome::Failed { reason: FailReason::UnhandledTool { name: "use".into(), kind } });
    }
    for finish_reason in ["length", "content_filter", "weird", ""] {
        all.push(Outcome::Failed { reason: FailReason::NotAnAnswer { finish_reason: finish_reason.into() } });
    }
    all.push(Outcome::Failed { reason: FailReason::HarnessBug { tool: "use".into() } });
    all.push(Outcome::Failed { reason: FailReason::HarnessBug { tool: String::new() } });
    // A learner's own loop's ends (the "your own loop" view).
    all.push(Outcome::Failed { reason: FailReason::Threw { message: "Gave up after 3 tool errors in a row".into() } });
    all.push(Outcome::Failed { reason: FailReason::Stalled });
    all.push(Outcome::Failed { reason: FailReason::Blocked { budget_ms: 2000 } });
    all.push(Outcome::Failed { reason: FailReason::TimeLimit { after_ms: 600_000 } });
    all.push(Outcome::Failed { reason: FailReason::TooManyRequests { requests: 61 } });
    all.push(Outcome::Failed { reason: FailReason::SandboxError { message: "no worker".into() } });
    all.push(Outcome::Failed { reason: FailReason::NoAgent { found: vec!["agentLoop".into()] } });
    all
}

fn every_trace_error() -> Vec<TraceError> {
    vec![
        TraceError::TooLarge { bytes: 9_000_000 },
        TraceError::NotJson,
        TraceError::Foreign,
        TraceError::Newer { version: 9 },
        TraceError::TooLarge { bytes: 1 },
        TraceError::Damaged { why: Damage::NoVersion },
        TraceError::Damaged { why: Damage::TooManyEvents { max: 100_000 } },
        TraceError::Damaged { why: Damage::BadEntry { detail: "unknown variant".into() } },
        TraceError::Damaged { why: Damage::NoStart },
        TraceError::Damaged { why: Damage::TaskTooLong { chars: 3000, max: 2000 } },
        TraceError::Damaged { why: Damage::NeverFinished },
        TraceError::Damaged { why: Damage::SeveralRuns },
    ]
}

#[test]
fn every_link_notice_is_a_finished_clause() {
    in_every_language(|_lang| {
        for p in every_problem() {
            finished(&notice(&p), &format!("{p:?}"));
        }
    });
}

#[test]
fn every_body_problem_is_a_sentence_and_names_the_failure_whole() {
    in_every_language(|_lang| {
        for p in every_body_problem() {
            capitalised(&body_problem(&p), &format!("{p:?}"));
        }
        for f in failures() {
            finished(&failure_name(&f), &format!("{f:?}"));
        }
    });
}

/// Every finding of a connection test, each kind of HTTP error included; the match has no
/// wildcard, so a new finding fails to compile here until it is listed.
fn every_diagnosis() -> Vec<Diagnosis> {
    use rusty_lock_engine::run::connection::NotOpenAi;
    let all = vec![
        Diagnosis::BadAddress,
        Diagnosis::Unreachable,
        Diagnosis::CorsBlocked,
        Diagnosis::Silent { after_ms: 15_000 },
        Diagnosis::HttpError { status: 401, message: Some("Incorrect API key provided.".into()) },
        Diagnosis::HttpError { status: 403, message: None },
        Diagnosis::HttpError { status: 404, message: None },
        Diagnosis::HttpError { status: 418, message: None },
        Diagnosis::HttpError { status: 429, message: None },
        Diagnosis::HttpError { status: 503, message: Some("overloaded".into()) },
        Diagnosis::NotOpenAi { why: NotOpenAi::Html },
        Diagnosis::NotOpenAi { why: NotOpenAi::NotJson },
        Diagnosis::NotOpenAi { why: NotOpenAi::NoModelList },
        Diagnosis::Ok { models: vec![] },
        Diagnosis::Ok { models: vec!["llama3.1".into()] },
        Diagnosis::Ok { models: (0..10).map(|i| format!("m{i}")).collect() },
    ];
    for d in &all {
        match d {
            Diagnosis::BadAddress
            | Diagnosis::Unreachable
            | Diagnosis::CorsBlocked
            | Diagnosis::Silent { .. }
            | Diagnosis::HttpError { .. }
            | Diagnosis::NotOpenAi { why: NotOpenAi::Html | NotOpenAi::NotJson | NotOpenAi::NoModelList }
            | Diagnosis::Ok { .. } => {}
        }
    }
    all
}

/// A sentence that may open on the server's own name, which keeps its case (vLLM).
fn named_sentence(text: &str, preset: Preset, from: &str) {
    if text.starts_with(preset_name(preset)) {
        finished(text, from);
    } else {
        capitalised(text, from);
    }
}

#[test]
fn every_connection_finding_is_a_sentence_with_a_fix_for_every_preset() {
    in_every_language(|_lang| {
        for found in every_diagnosis() {
            capitalised(&diagnosis(&found), &format!("{found:?}"));
            for preset in Preset::ALL {
                let fix = diagnosis_fix(&found, preset, "http://127.0.0.1:8080");
                let from = format!("{found:?} for {preset:?}");
                match (&found, fix) {
                    (Diagnosis::Ok { models }, None) => assert!(!models.is_empty(), "{from}: no fix"),
                    (_, Some(fix)) => named_sentence(&fix, preset, &from),
                    (_, None) => panic!("{from}: no fix"),
                }
            }
        }
        for preset in Preset::ALL {
            named_sentence(&model_needed(preset), preset, &format!("{preset:?}"));
            finished(&model_placeholder(preset), &format!("{preset:?}"));
            finished(preset_name(preset), &format!("{preset:?}"));
        }
        capitalised(run_needs_model(), "run_needs_model");
        finished(pick_model(), "pick_model");
    });
}

/// The server's own words are quoted whole, never dropped: "the server said something" is the
/// one part of an HTTP error a person can act on.
#[test]
fn an_http_error_quotes_the_server_in_every_language() {
    in_every_language(|lang| {
        let found = Diagnosis::HttpError { status: 401, message: Some("Incorrect API key provided.".into()) };
        let said = diagnosis(&found);
        assert!(said.contains("401") && said.contains("Incorrect API key provided."), "{lang:?}: {said}");
        let fix = diagnosis_fix(&Diagnosis::CorsBlocked, Preset::Ollama, "http://127.0.0.1:8080").unwrap_or_default();
        assert!(fix.contains("OLLAMA_ORIGINS=http://127.0.0.1:8080"), "{lang:?}: {fix}");
    });
}

/// English capitalises a failure's name at the start of a sentence with an ASCII capital (to keep
/// Unicode's case table out of the first download), which is only right while every name starts
/// with an ASCII character.
#[test]
fn english_failure_names_start_with_an_ascii_character() {
    for f in failures() {
        let name = en::En.failure_name(&f);
        assert!(name.starts_with(|c: char| c.is_ascii()), "{f:?}: {name:?}");
        let mut chars = name.chars();
        let unicode: String = chars.next().unwrap().to_uppercase().chain(chars).collect();
        assert_eq!(en::failure_sentence_start(&f), unicode, "{f:?}");
    }
}

#[test]
fn every_verdict_finding_is_a_sentence() {
    in_every_language(|_lang| {
        for said in every_said() {
            capitalised(&finding(&said), &format!("{said:?}"));
        }
    });
}

#[test]
fn every_outcome_has_a_title_and_a_sentence() {
    in_every_language(|_lang| {
        for o in every_outcome() {
            capitalised(outcome_title(&o), &format!("{o:?}"));
            capitalised(&outcome_detail(&o), &format!("{o:?}"));
        }
    });
}

#[test]
fn every_trace_error_and_guard_detail_is_a_sentence() {
    in_every_language(|_lang| {
        for e in every_trace_error() {
            capitalised(&trace_error(&e), &format!("{e:?}"));
        }
        let call = FunctionCall { name: "use".into(), arguments: r#"{"item":"key"}"#.into() };
        for d in [
            GuardDetail::NoAnswerAfter { turns: 10 },
            GuardDetail::NoAnswerAfter { turns: 1 },
            GuardDetail::SilentFor { ms: 5000 },
            GuardDetail::SameCalls { calls: vec![call.clone()] },
            GuardDetail::SameCalls { calls: vec![call.clone(), call] },
            GuardDetail::ErrorsInARow { count: 3 },
            GuardDetail::ErrorsInARow { count: 1 },
            GuardDetail::Recorded { text: "An older sentence.".into() },
        ] {
            capitalised(&guard_detail(&d), &format!("{d:?}"));
        }
        for finish_reason in ["stop", "length", ""] {
            let q = Quirk::ToolCallsWithFinishReason { finish_reason: finish_reason.into() };
            capitalised(&quirk_text(&q), &format!("{q:?}"));
        }
    });
}

/// The length of a lesson's English explanation, in characters.
fn english_lesson_len(id: rusty_lock_engine::show::lessons::LessonId) -> usize {
    let was = lang();
    let first = if was == Lang::Fr {
        french()
    } else if was == Lang::Zh {
        chinese()
    } else {
        english()
    };
    set_lang(Lang::En, english());
    let n = lesson_text(id).explanation.chars().count();
    set_lang(was, first);
    n
}

#[test]
fn every_lesson_has_its_words() {
    in_every_language(|_lang| {
        for lesson in LESSONS {
            let t = lesson_text(lesson.id);
            for (part, text) in
                [("title", t.title), ("goal", t.goal), ("explanation", t.explanation), ("takeaway", t.takeaway)]
            {
                capitalised(text, &format!("{} {part}", lesson.id));
            }
            // The takeaway is printed on one line of the handout.
            // One printed line, and a sentence; an explanation as short as the English one (a
            // lesson is read aloud in the same minute whatever the room's language).
            let (line, end) = if _lang == Lang::Zh { (40, '。') } else { (90, '.') };
            assert!(
                t.takeaway.chars().count() <= line,
                "{}: takeaway too long for one line: {:?}",
                lesson.id,
                t.takeaway
            );
            assert!(t.takeaway.ends_with(end), "{}: a takeaway is a sentence", lesson.id);
            let english = english_lesson_len(lesson.id);
            let most = if _lang == Lang::Zh { english / 2 } else { english * 125 / 100 };
            assert!(
                t.explanation.chars().count() <= most,
                "{}: the explanation is {} characters, the English {english}",
                lesson.id,
                t.explanation.chars().count()
            );
        }
    });
}

#[test]
fn the_workshop_kit_is_worded() {
    in_every_language(|_lang| {
        for ready in rusty_lock_engine::show::plan::ReadyPlan::ALL {
            let plan = ready.plan();
            let summary = plan_summary(plan.lesson_count(), plan.exercise_count(), plan.minutes());
            finished(&summary, "plan summary");
            assert!(summary.contains(&plan.minutes().to_string()), "the summary gives the plan's minutes: {summary:?}");
            capitalised(&ready_plan(ready, plan.minutes()), "ready plan");
        }
        finished(&plan_summary(1, 0, 5), "plan summary");
        for label in [plan_title(), plan_hint(), in_plan(), move_up(), move_down(), left_out_title(), closing_title()] {
            capitalised(label, "plan label");
        }
        for n in [1, 5] {
            finished(&minutes(n), "minutes");
        }
        if _lang == Lang::En {
            assert_eq!(minutes(1), "1 minute");
        }
        capitalised(&qr_label("https://example.org/?lesson=bad-key"), "qr label");
        capitalised(own_goal(), "own goal");
        let warning = phone_unreachable("127.0.0.1");
        capitalised(&warning, "phone warning");
        assert!(warning.contains("127.0.0.1"), "the warning names the address: {warning:?}");
        capitalised(phone_serve_hint(), "phone serve hint");
        assert!(phone_serve_hint().trim_end().ends_with([':', '：']), "the command follows the hint");
        let warning = codes_unreachable("localhost");
        capitalised(&warning, "QR codes warning");
        assert!(warning.contains("localhost"), "the warning names the address: {warning:?}");
        capitalised(codes_serve_hint(), "QR codes serve hint");
        assert!(codes_serve_hint().trim_end().ends_with([':', '：']), "the command follows the hint");
    });
}

#[test]
fn a_teachers_lesson_and_its_form_are_worded() {
    in_every_language(|_lang| {
        for layer in [Layer::Model, Layer::Code, Layer::Nobody] {
            capitalised(&own_answer_line(layer), "own answer line");
        }
        for n in [1, 4] {
            capitalised(&form_keep_agenda(n), "keep agenda");
        }
        capitalised(&link_too_long(5120, 4096), "link too long");
        for label in [
            own_badge(),
            own_untitled(),
            own_note(),
            own_takeaway(),
            form_title(),
            form_question(),
            form_expect(),
            form_takeaway(),
            form_hint(),
            form_choose(),
            form_link(),
            form_open(),
            form_agenda(),
            form_agenda_link(),
            form_agenda_open(),
            make_lesson(),
            own_mark(),
        ] {
            capitalised(label, "own lesson label");
        }
    });
}

#[test]
fn a_replayed_trace_and_a_policy_that_lost_clients_are_worded() {
    use rusty_lock_engine::show::scenario::ProviderChoice;
    in_every_language(|_lang| {
        capitalised(replaying_hint(), "replaying hint");
        finished(replaying(), "replaying");
        capitalised(replay_label(), "replay label");
        capitalised(replay_note(), "replay note");
        capitalised(&recorded_with(&ProviderChoice::Builtin), "recorded with the built-in model");
        let http = ProviderChoice::Http { endpoint: "http://127.0.0.1:11434/v1".into(), model: "llama3.1".into() };
        let with = recorded_with(&http);
        capitalised(&with, "recorded against an endpoint");
        assert!(with.contains("http://127.0.0.1:11434/v1") && with.contains("llama3.1"), "{with:?}");
        let bare = recorded_with(&ProviderChoice::Http { endpoint: "http://h/v1".into(), model: String::new() });
        assert!(bare.contains("http://h/v1") && !bare.contains(",  ") && !bare.contains("，。"), "{bare:?}");
        capitalised(herd_lost_key(), "herd lost key");
        for n in [1, 762, 10_000] {
            let lost = herd_lost(&duration(1650), n);
            finished(&lost, "herd lost");
            assert!(lost.contains(&count(n as u64)), "{lost:?} names how many: {n}");
        }
    });
    speaking(Lang::Fr, || assert_eq!(herd_lost("1,7\u{a0}s", 1), "1,7\u{a0}s, 1\u{a0}client perdu"));
}

/// Every event of every run the page can make from one fault (robust and naive loop, both
/// models), worded as the log words it, and the verdict on each run.
#[test]
fn every_event_of_every_single_fault_run_is_worded() {
    in_every_language(|_lang| {
        let mut worded = 0;
        for fault in Fault::ALL {
            for (model, school) in ["helpful", "stubborn"]
                .into_iter()
                .flat_map(|m| rusty_lock_engine::run::error_text::ErrorText::ALL.map(|e| (m, e)))
            {
                let (scenario, _) = decode(&format!("v=1&model={model}&errtext={}", school.slug()));
                let config = RunConfig { lang: _lang, ..scenario.config };
                let plan = FaultPlan::new(vec![FaultRule { turn: 2, fault, times: 2 }]);
                for sim in [simulate(&config, plan.clone()), simulate_naive(&config, plan.clone())] {
                    for event in &sim.events {
                        // A raw dump is quoted as the model got it, indents and English included:
                        // the sentence around it is what must be finished.
                        let said = match event {
                            Event::ToolFailed { output, .. } if output.contains(raw::TRACE_HEAD) => {
                                describe(event).replace(&*clip(output), "(dump)")
                            }
                            _ => describe(event),
                        };
                        finished(&said, &format!("{fault:?} {model} {school:?}: {event:?}"));
                        worded += 1;
                    }
                    for f in judge(&config, &sim.events) {
                        capitalised(&finding(&f.said), &format!("{fault:?} {model}: {f:?}"));
                    }
                }
            }
        }
        assert!(worded > 500, "only {worded} events were worded");
    });
}

/// The page's words in `lang`, for a check that names its language.
fn speaking<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    let first = match lang {
        Lang::En => english(),
        Lang::Fr => french(),
        Lang::Zh => chinese(),
    };
    set_lang(lang, first);
    let out = f();
    set_lang(Lang::En, english());
    out
}

#[test]
fn numbers_and_durations_are_written_as_each_language_writes_them() {
    assert_eq!(
        speaking(Lang::En, || (count(10_000), duration(1_500), duration(250))),
        ("10,000".into(), "1.5 s".into(), "250 ms".into())
    );
    assert_eq!(
        speaking(Lang::Fr, || (count(10_000), duration(1_500), duration(250))),
        ("10\u{202f}000".into(), "1,5\u{a0}s".into(), "250\u{a0}ms".into())
    );
    assert_eq!(speaking(Lang::Zh, || (duration(1_500), duration(250))), ("1.5 秒".into(), "250 毫秒".into()));
    assert_eq!(speaking(Lang::Fr, || speed_labels()[0]), "0,25×");
    assert_eq!(speaking(Lang::En, || speed_labels()[0]), "0.25×");
}

#[test]
fn plurals_follow_each_language_french_singular_for_zero_and_one() {
    // English: one for 1 only.
    assert_eq!(
        speaking(Lang::En, || (minutes(0), minutes(1), minutes(2))),
        ("0 minutes".into(), "1 minute".into(), "2 minutes".into())
    );
    // French: one for 0 and 1.
    let (zero, one, two) = speaking(Lang::Fr, || (minutes(0), minutes(1), minutes(2)));
    assert!(zero.ends_with("minute") && one.ends_with("minute") && two.ends_with("minutes"), "{zero} / {one} / {two}");
    // Chinese: one form, with its measure word.
    let (one, two) = speaking(Lang::Zh, || (minutes(1), minutes(2)));
    assert_eq!(one.replace('1', "2"), two);
}

/// Seconds as the words quote them, from milliseconds: tenths rounded half up, no decimal when
/// there is none. Worked out here with the float printer, not with the page's compile-time
/// digits (`numbers`), so the two ways must agree; French writes a decimal comma.
fn seconds_for(ms: u64, lang: Lang) -> String {
    let printed = format!("{}", (ms as f64 / 100.0).round() / 10.0);
    match lang {
        Lang::Fr => printed.replace('.', ","),
        Lang::En | Lang::Zh => printed,
    }
}

/// Where `number` stands in `text` as a number of its own: `1` is not found in `10`, `0,1` or
/// `1.5`. The byte after its end, for a search that goes on from there.
fn number_at(text: &str, number: &str) -> Option<usize> {
    let is_digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    text.match_indices(number).find_map(|(at, _)| {
        let end = at + number.len();
        let before = text[..at].chars().next_back();
        let mut after = text[end..].chars();
        let next = after.next();
        let decimal_follows = matches!(next, Some('.' | ',')) && is_digit(after.next());
        let whole =
            !is_digit(before) && !matches!(before, Some('.' | ',') if is_digit(text[..at].chars().rev().nth(1)));
        (whole && !is_digit(next) && !decimal_follows).then_some(end)
    })
}

fn quotes(text: &str, number: &str, what: &str) -> usize {
    number_at(text, number).unwrap_or_else(|| panic!("{what} does not say {number}: {text}"))
}

/// The events of a lesson's own run, as its link sets it up.
fn lesson_run(id: rusty_lock_engine::show::lessons::LessonId) -> Vec<Event> {
    let lesson = LESSONS.iter().find(|l| l.id == id).unwrap_or_else(|| panic!("no lesson {id}"));
    let (scenario, _) = decode(lesson.link);
    simulate(&scenario.config, scenario.faults).events
}

/// Words that quote a number the engine decides say the number the engine uses. Each number is
/// taken here from the engine (a constant, or what the lesson's own run did) and formatted in
/// the language's decimal sign, so a changed default or fault changes the words with it, and a
/// sentence that wrote a number again by hand would fail.
#[test]
fn numbers_follow_the_engine() {
    use rusty_lock_engine::run::chaos::SLOW_MS;
    use rusty_lock_engine::show::own_lesson::{MAX_TEXT_CHARS, MAX_TITLE_CHARS};

    let waits = |id: rusty_lock_engine::show::lessons::LessonId| -> Vec<u64> {
        let events = lesson_run(id);
        events
            .iter()
            .filter_map(|e| if let Event::RetryScheduled { wait_ms, .. } = e { Some(*wait_ms) } else { None })
            .collect()
    };
    let fixed_waits = waits(rusty_lock_engine::show::lessons::LessonId::WhyJitter);
    assert_eq!(fixed_waits.len(), 2, "the jitter lesson's run waits twice: {fixed_waits:?}");
    let asked = waits(rusty_lock_engine::show::lessons::LessonId::RateLimited);
    assert_eq!(asked.len(), 1, "the 429 lesson's run waits once: {asked:?}");
    let silent_for = lesson_run(rusty_lock_engine::show::lessons::LessonId::NeverEndingTurn)
        .into_iter()
        .find_map(|e| match e {
            Event::GuardTripped { detail: GuardDetail::SilentFor { ms }, .. } => Some(ms),
            _ => None,
        })
        .expect("the watchdog cuts the hanging call in the lesson's run");

    in_every_language(|lang| {
        let seconds = |ms| seconds_for(ms, lang);
        quotes(fault_name(Fault::Slow), &seconds(SLOW_MS), "the slow fault");
        quotes(
            lesson_text(rusty_lock_engine::show::lessons::LessonId::RateLimited).goal,
            &seconds(asked[0]),
            "the 429 lesson",
        );
        quotes(
            lesson_text(rusty_lock_engine::show::lessons::LessonId::NeverEndingTurn).explanation,
            &seconds(silent_for),
            "the watchdog lesson",
        );
        let goal = lesson_text(rusty_lock_engine::show::lessons::LessonId::WhyJitter).goal;
        let after_first = quotes(goal, &seconds(fixed_waits[0]), "the jitter lesson's first wait");
        quotes(&goal[after_first..], &seconds(fixed_waits[1]), "the jitter lesson's second wait");
        let after_texts = quotes(form_hint(), &MAX_TEXT_CHARS.to_string(), "the lesson form's hint");
        quotes(&form_hint()[after_texts..], &MAX_TITLE_CHARS.to_string(), "the lesson form's hint");
        quotes(start_here_hint(), &LESSONS.len().to_string(), "the way in's count of lessons");
        for preset in [Preset::Ollama, Preset::LmStudio, Preset::Vllm] {
            let address = preset.base_url();
            let port = address.trim_start_matches("http://").split(['/', ':']).nth(1).unwrap_or_default();
            assert!(port.parse::<u16>().is_ok(), "{preset:?} listens on a port: {address}");
            let fix = diagnosis_fix(&Diagnosis::Unreachable, preset, "http://localhost:8080").unwrap_or_default();
            quotes(&fix, port, &format!("{preset:?}'s advice"));
        }
    });
}

/// The compile-time digits of fixed words read as the float printer writes the same numbers,
/// at the edges: zero, rounding half up, the largest number, whole and tenths.
#[test]
fn compile_time_numbers_read_as_printed() {
    assert_eq!(whole!(0), "0");
    assert_eq!(whole!(u64::MAX), u64::MAX.to_string());
    assert_eq!(join!("up to ", whole!(200), "\u{a0}caractères"), "up to 200\u{a0}caractères");
    assert_eq!(seconds_in!(0, "."), seconds_for(0, Lang::En));
    assert_eq!(seconds_in!(49, "."), seconds_for(49, Lang::En));
    assert_eq!(seconds_in!(50, "."), seconds_for(50, Lang::En));
    assert_eq!(seconds_in!(500, ","), seconds_for(500, Lang::Fr));
    assert_eq!(seconds_in!(1000, ","), seconds_for(1000, Lang::Fr));
    assert_eq!(seconds_in!(1949, "."), seconds_for(1949, Lang::Zh));
    assert_eq!(seconds_in!(120_000, "."), seconds_for(120_000, Lang::En));
}
/// Every kind of failure the board can show, each variant once (no wildcard: a new kind fails
/// to compile here until it is listed).
fn every_board_kind() -> Vec<rusty_lock_engine::show::view::BoardKind> {
    use rusty_lock_engine::run::events::Guard;
    use rusty_lock_engine::run::tools::ToolErrorKind;
    use rusty_lock_engine::show::view::BoardKind;
    let all = vec![
        BoardKind::Http(503),
        BoardKind::Network,
        BoardKind::Timeout,
        BoardKind::BadBody,
        BoardKind::Tool(ToolErrorKind::UnknownTool),
        BoardKind::Tool(ToolErrorKind::BadJson),
        BoardKind::Tool(ToolErrorKind::SchemaInvalid),
        BoardKind::Tool(ToolErrorKind::ToolFailed),
        BoardKind::Tool(ToolErrorKind::ReplyLost),
        BoardKind::Guard(Guard::MaxTurns),
        BoardKind::Guard(Guard::ErrorsInARow),
        BoardKind::Guard(Guard::RepeatedCall),
        BoardKind::Guard(Guard::Watchdog),
        BoardKind::FinishMismatch,
        BoardKind::RetriesExhausted,
        BoardKind::HarnessBug,
        BoardKind::UnhandledCall,
        BoardKind::UnhandledTool,
        BoardKind::CutAtLength,
        BoardKind::ContentFilter,
        BoardKind::UnknownFinish,
        BoardKind::Cancelled,
        BoardKind::BareError,
        BoardKind::SecretSent,
        BoardKind::Threw,
        BoardKind::Stalled,
        BoardKind::Blocked,
        BoardKind::TimeLimit,
        BoardKind::TooManyRequests,
        BoardKind::SandboxError,
        BoardKind::NoAgent,
    ];
    for kind in &all {
        match kind {
            BoardKind::Http(_)
            | BoardKind::Network
            | BoardKind::Timeout
            | BoardKind::BadBody
            | BoardKind::Tool(_)
            | BoardKind::Guard(_)
            | BoardKind::FinishMismatch
            | BoardKind::RetriesExhausted
            | BoardKind::HarnessBug
            | BoardKind::UnhandledCall
            | BoardKind::UnhandledTool
            | BoardKind::CutAtLength
            | BoardKind::ContentFilter
            | BoardKind::UnknownFinish
            | BoardKind::Cancelled
            | BoardKind::BareError
            | BoardKind::SecretSent
            | BoardKind::Threw
            | BoardKind::Stalled
            | BoardKind::Blocked
            | BoardKind::TimeLimit
            | BoardKind::TooManyRequests
            | BoardKind::SandboxError
            | BoardKind::NoAgent => {}
        }
    }
    all
}

#[test]
fn every_board_chip_has_its_own_words_never_its_slug() {
    in_every_language(|lang| {
        let labels: Vec<String> = every_board_kind().into_iter().map(board_label).collect();
        for (kind, label) in every_board_kind().into_iter().zip(&labels) {
            assert!(!label.trim().is_empty(), "{lang:?}: {kind:?} has no label");
            // "timeout" and "watchdog" are the same word in French; a slug with a hyphen is not.
            assert!(!kind.slug().contains('-') || *label != kind.slug(), "{lang:?}: {kind:?} shows its slug");
        }
        let mut unique = labels.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), labels.len(), "{lang:?}: two kinds share a label: {labels:?}");
    });
}

#[test]
fn every_setting_a_lesson_link_changes_is_named_by_its_control() {
    use rusty_lock_engine::show::scenario::Setting;
    in_every_language(|lang| {
        let names: Vec<&str> = Setting::ALL.into_iter().map(setting_label).collect();
        assert!(names.iter().all(|n| !n.trim().is_empty()), "{lang:?}: {names:?}");
        let sentence = lesson_changes(&Setting::ALL);
        for name in &names {
            assert!(sentence.contains(name), "{lang:?}: {sentence}");
        }
    });
}

#[test]
fn a_badge_that_knows_only_how_a_run_ended_names_it_as_the_banner_does() {
    use rusty_lock_engine::run::events::Ending;
    in_every_language(|_| {
        for e in Ending::ALL {
            capitalised(ending_title(e), &format!("{e:?}"));
        }
        for o in every_outcome() {
            if !matches!(o, Outcome::Failed { reason: FailReason::NotAnAnswer { .. } }) {
                assert_eq!(outcome_title(&o), ending_title(o.ending()), "{o:?}");
            }
        }
    });
}

/// A finding of each kind the report card has (and both shapes of a few), for the words' tests.
fn every_verdict() -> Vec<rusty_lock_engine::yours::card::Verdict> {
    use rusty_lock_engine::yours::card::{Leak, Verdict};
    vec![
        Verdict::RightLayer { layer: Some(Layer::Code) },
        Verdict::RightLayer { layer: None },
        Verdict::RetriedPermanent { status: 401 },
        Verdict::IgnoredRetryAfter { asked_ms: 2000, waited_ms: 400 },
        Verdict::NoBackoff { waited_ms: 0 },
        Verdict::NoRetry { failure: CallFailure::Network },
        Verdict::RetryStorm { attempts: 9 },
        Verdict::ShowedServerErrorToModel { status: 500 },
        Verdict::DroppedToolCalls,
        Verdict::TookCutReply,
        Verdict::WaitedForever,
        Verdict::LostRunOnToolError,
        Verdict::NoGuard,
        Verdict::LeakedToModel { leak: Leak::Key },
        Verdict::LeakedToModel { leak: Leak::StackTrace },
        Verdict::RetriedUnsafeTool,
        Verdict::NotHandled { expected: Some(Layer::Model) },
        Verdict::NeedsPageTools { tools: vec!["use".into()] },
        Verdict::WatchdogTooShort { cut_after_ms: 1000, answers_after_ms: 2000 },
        Verdict::NoRetryAfterCeiling { asked_ms: 3_600_000 },
        Verdict::NoJitter { waits_ms: vec![500, 1000] },
        Verdict::SpentSignal { retries: 3 },
        Verdict::SpentSignal { retries: 1 },
        Verdict::NeverReachedModel,
        Verdict::PageCouldNotRun,
        Verdict::ReadErrorAsAnswer { status: 400, error: "TypeError".into() },
        Verdict::BareToolError { said: "'open_door'".into() },
        Verdict::BareToolError { said: String::new() },
    ]
}

/// Every finding of your own loop's report card, with its fix, and the line under the editor
/// about a loop that runs its own tools, in each language: a case left out names the tools and
/// the one-line change, and the line names whose tools ran.
#[test]
fn every_report_card_finding_and_the_own_tools_line_are_worded() {
    use rusty_lock_engine::yours::card::Verdict;
    let verdicts = every_verdict();
    let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    in_every_language(|lang| {
        for v in &verdicts {
            let from = format!("{lang:?} {v:?}");
            capitalised(&yours_verdict(v), &from);
            for code in [CodeLang::JavaScript, CodeLang::Python] {
                if let Some(fix) = yours_fix(v, code) {
                    capitalised(&fix, &from);
                }
            }
        }
        // The watchdog's fix names the time the good answer took.
        let cut = Verdict::WatchdogTooShort { cut_after_ms: 1000, answers_after_ms: 2000 };
        let took = crate::text::duration(2000);
        let cut_fix = yours_fix(&cut, CodeLang::JavaScript);
        assert!(cut_fix.as_ref().is_some_and(|f| f.contains(&took)), "{lang:?}: {cut_fix:?} names {took}");
        let needs = Verdict::NeedsPageTools { tools: vec!["use".into()] };
        assert!(yours_verdict(&needs).contains("use"), "{lang:?}: the verdict names the tool");
        assert!(
            yours_fix(&needs, CodeLang::JavaScript).is_some_and(|f| f.contains("globalThis.use")),
            "{lang:?}: the one-line change"
        );
        assert!(
            yours_fix(&needs, CodeLang::Python).is_some_and(|f| f.contains("TOOLS[")),
            "{lang:?}: Python's one-line change"
        );
        for left in [1, 2] {
            capitalised(&yours_card_left_out(left), &format!("{lang:?} left out {left}"));
        }
        for own in [names(&["use"]), names(&["use", "look_at"])] {
            let line = yours_own_tools(&own);
            capitalised(&line, &format!("{lang:?} own {own:?}"));
            assert!(own.iter().all(|n| line.contains(n.as_str())), "{lang:?}: {line}");
        }
        for stood_in in [names(&["look_at"]), names(&["look_at", "use"])] {
            let line = yours_page_stood_in(&stood_in);
            finished(&line, &format!("{lang:?} stood in {stood_in:?}"));
            assert!(stood_in.iter().all(|n| line.contains(n.as_str())), "{lang:?}: {line}");
        }
        let empty = yours_empty_schemas();
        capitalised(empty, &format!("{lang:?} empty schemas"));
        assert!(empty.contains("toolSchemas"), "{lang:?}: {empty}");
    });
}

#[test]
fn every_speaker_note_points_at_something_and_asks_the_room() {
    use rusty_lock_engine::show::cue::{Coming, Cue};
    in_every_language(|lang| {
        let mut points = std::collections::HashSet::new();
        for cue in Cue::ALL {
            capitalised(pv_point(cue), &format!("{lang:?} point at {cue:?}"));
            let ask = pv_ask(cue);
            capitalised(ask, &format!("{lang:?} ask about {cue:?}"));
            assert!(ask.contains(['?', '？']), "{lang:?}: the note for {cue:?} asks a question: {ask:?}");
            assert!(points.insert(pv_point(cue)), "{lang:?}: {cue:?} points at the same thing as another cue");
        }
        let layers = [Layer::Model, Layer::Code, Layer::Nobody];
        let comings =
            [Coming::Run, Coming::Turn, Coming::Call, Coming::Reply, Coming::Wait, Coming::Watchdog, Coming::Tool]
                .into_iter()
                .chain([Coming::ToolResult, Coming::Guard, Coming::Outcome])
                .chain(layers.map(Coming::Failure));
        for coming in comings {
            finished(pv_coming(coming), &format!("{lang:?} coming {coming:?}"));
        }
        let window = pv_plan_window(14, 19);
        capitalised(&window, "plan window");
        assert!(window.contains("14") && window.contains("19"), "{window:?}");
        let words = presenter();
        for label in [words.point_at, words.ask_room, words.this_lesson, words.workshop, words.go_to_lesson] {
            capitalised(label, "presenter label");
        }
        for key in ["F", "N", "P", "1", "T"] {
            assert!(words.keys.contains(key), "{lang:?}: the keys hint names {key}");
        }
    });
}

/// Every fix of the report card is worded for the loop it grades: a Python loop is never told to
/// use `AbortSignal.timeout`, `Math.random`, `globalThis` or `res.ok`, and a JavaScript loop never
/// `timeout=`, `random.uniform`, `except` or `raise_for_status`. The fixes that name a call name
/// the one of the loop's own language, in every page language.
#[test]
fn every_fix_is_worded_in_the_loops_own_language() {
    use rusty_lock_engine::yours::card::Verdict;
    let verdicts = every_verdict();
    let javascript_only = ["AbortSignal", "Math.random", "globalThis", "res.ok", "res.status", "try/catch", "fetch"];
    let python_only = ["timeout=", "random.uniform", "except ", "raise_for_status", "time.sleep", "HTTPError", "def "];
    in_every_language(|lang| {
        for v in &verdicts {
            let py = yours_fix(v, CodeLang::Python).unwrap_or_default();
            let js = yours_fix(v, CodeLang::JavaScript).unwrap_or_default();
            for word in javascript_only {
                assert!(!py.contains(word), "{lang:?} {v:?}: Python's fix says {word}: {py}");
            }
            for word in python_only {
                assert!(!js.contains(word), "{lang:?} {v:?}: JavaScript's fix says {word}: {js}");
            }
        }
        let fix = |v: &Verdict, code| yours_fix(v, code).unwrap_or_default();
        let named = [
            (Verdict::WaitedForever, "AbortSignal.timeout", "timeout="),
            (Verdict::NoJitter { waits_ms: vec![500] }, "Math.random", "random.uniform"),
            (Verdict::ReadErrorAsAnswer { status: 400, error: "TypeError".into() }, "res.ok", "raise_for_status()"),
            (Verdict::NoRetry { failure: CallFailure::Http { status: 500 } }, "res.status", "e.code"),
        ];
        assert!(yours_at_lines(&[12]).contains("12"), "{lang:?}");
        let two = yours_at_lines(&[12, 30]);
        assert!(two.contains("12") && two.contains("30"), "{lang:?}: {two}");
        for (v, js, py) in named {
            assert!(fix(&v, CodeLang::JavaScript).contains(js), "{lang:?} {v:?} names {js}");
            assert!(fix(&v, CodeLang::Python).contains(py), "{lang:?} {v:?} names {py}");
        }
    });
}
