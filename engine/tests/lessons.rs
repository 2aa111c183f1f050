//! Every lesson's run really ends the way it says, and the layer it names as the answer is on
//! the board when it does: a wrong answer key would teach the wrong thing.

use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::show::lessons::{find, lesson_query, LessonId, LESSONS};
use rusty_lock_engine::show::scenario::{decode, encode, lesson_changes, Setting};
use rusty_lock_engine::show::view::RunView;

#[test]
fn each_lesson_link_reads_cleanly_and_names_its_lesson() {
    for lesson in &LESSONS {
        let (s, notices) = decode(&lesson_query(lesson));
        assert!(notices.is_empty(), "{}: {:?}", lesson.id, notices);
        assert_eq!(s.lesson, Some(lesson.id));
        assert_eq!(find(lesson.id).map(|(_, l)| l.id), Some(lesson.id));
    }
}

/// The board entry of each lesson's own failure: the thing the lesson is about. Every run's board
/// already holds the rusted lock's tool error (layer model), so "some entry in the answer's layer"
/// would pass for a wrong answer key; the entry of the lesson's own fault would not.
const OWN_FAILURE: [(&str, &str); 16] = [
    ("rusted-lock", "tool-failed"),
    ("server-hiccup", "http-503"),
    ("rate-limited", "http-429"),
    ("bad-key", "http-401"),
    ("bad-request-retried", "http-400"),
    ("broken-json", "bad-json"),
    ("invented-tool", "unknown-tool"),
    ("stubborn-model", "errors-in-a-row"),
    ("same-call-twice", "repeated-call"),
    ("never-ending-turn", "watchdog"),
    ("retries-used-up", "http-503"),
    ("why-jitter", "http-503"),
    ("bare-error", "repeated-call"),
    ("secret-in-history", "secret-sent"),
    ("lost-reply", "reply-lost"),
    ("finish-reason", "finish-mismatch"),
];

#[test]
fn each_lesson_ends_as_it_says_and_its_own_failure_is_handled_by_the_answer_layer() {
    for lesson in &LESSONS {
        let (s, _) = decode(lesson.link);
        let sim = simulate(&s.config, s.faults.clone());
        let view = RunView::from_events(&sim.events);
        let outcome = view.outcome.as_ref().map(|o| o.slug());
        assert_eq!(outcome, Some(lesson.outcome.slug()), "{}", lesson.id);
        let (_, kind) = OWN_FAILURE
            .iter()
            .find(|(id, _)| *id == lesson.id.slug())
            .unwrap_or_else(|| panic!("{}: name its own failure in OWN_FAILURE", lesson.id));
        // The last entry of that kind is the one that settled it (a retried 503 ends in nobody).
        let entry = view.board.iter().rev().find(|e| e.kind.slug() == *kind);
        assert_eq!(
            entry.map(|e| e.layer),
            Some(lesson.answer),
            "{}: the board {:?} should show {kind} handled by {:?}",
            lesson.id,
            view.board,
            lesson.answer
        );
    }
}

#[test]
fn the_wrong_school_lesson_really_retries_a_400() {
    let lesson = find(LessonId::BadRequestRetried).unwrap().1;
    let (s, _) = decode(lesson.link);
    let sim = simulate(&s.config, s.faults.clone());
    let retries = sim.events.iter().filter(|e| e.kind() == "retry-scheduled").count();
    assert_eq!(retries, 2, "three attempts at a 400, two of them retries that could never pass");
}

#[test]
fn every_lesson_id_is_in_the_library_once_and_reads_back_from_its_slug() {
    // Their words live in the page (text::lesson_text, matched on the id); the browser test
    // that opens every lesson checks those are there and short.
    let mut ids: Vec<&str> = LESSONS.iter().map(|l| l.id.slug()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), LESSONS.len());
    for lesson in &LESSONS {
        assert_eq!(LessonId::from_slug(lesson.id.slug()), Some(lesson.id));
        assert_eq!(find(lesson.id).map(|(_, l)| l.id), Some(lesson.id));
    }
}

#[test]
fn a_lesson_link_typed_by_hand_plays_that_lessons_own_scenario() {
    for lesson in &LESSONS {
        let (typed, notices) = decode(&format!("lesson={}", lesson.id));
        assert!(notices.is_empty(), "{}: {notices:?}", lesson.id);
        let (full, _) = decode(&lesson_query(lesson));
        assert_eq!(typed, full, "{}: ?lesson=<id> alone is the whole lesson", lesson.id);
        assert_eq!(lesson_changes(&typed), Vec::<Setting>::new(), "{}", lesson.id);
        // The page writes the short form back, and it reads the same.
        assert_eq!(encode(&typed), format!("v=1&lesson={}", lesson.id));
        let view = RunView::from_events(&simulate(&typed.config, typed.faults.clone()).events);
        assert_eq!(view.outcome.as_ref().map(|o| o.slug()), Some(lesson.outcome.slug()), "{}", lesson.id);
    }
}

#[test]
fn other_keys_in_a_lesson_link_change_its_settings_and_the_page_can_say_which() {
    let (s, notices) = decode("?lesson=stubborn-model&repeat=on&attempts=5");
    assert!(notices.is_empty(), "{notices:?}");
    assert!(s.config.guards.stop_on_repeat, "the link's repeat=on wins over the lesson's off");
    assert_eq!(s.config.retry.max_attempts, 5);
    assert_eq!(
        s.config.personality,
        rusty_lock_engine::run::builtin::Personality::Stubborn,
        "the rest is the lesson's"
    );
    assert_eq!(lesson_changes(&s), [Setting::Attempts, Setting::Repeat]);
    assert_eq!(decode(&encode(&s)), (s, vec![]));

    // Taking the lesson's fault away is a change too, and survives the round trip.
    let (none, _) = decode("lesson=server-hiccup&faults=");
    assert!(none.faults.rules.is_empty());
    assert_eq!(lesson_changes(&none), [Setting::Faults]);
    assert_eq!(decode(&encode(&none)).0, none);
}

#[test]
fn an_unknown_lesson_id_is_named_in_a_notice_and_no_lesson_opens() {
    let (s, notices) = decode("v=1&lesson=no-such-lesson&faults=t2:503");
    assert_eq!(s.lesson, None);
    assert_eq!(s.faults.rules.len(), 1, "the rest of the link still applies");
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].key, "lesson");
    assert_eq!(
        notices[0].problem,
        rusty_lock_engine::show::scenario::Problem::UnknownLesson { value: "no-such-lesson".into() }
    );
}

#[test]
fn why_jitter_runs_without_jitter_and_the_waits_are_the_bare_ceilings() {
    let lesson = find(LessonId::WhyJitter).unwrap().1;
    let (s, _) = decode(lesson.link);
    assert!(!s.config.retry.jitter, "the lesson is about what jitter changes, so it starts without it");
    let waits: Vec<u64> = simulate(&s.config, s.faults.clone())
        .events
        .iter()
        .filter_map(|e| match e {
            rusty_lock_engine::run::events::Event::RetryScheduled { wait_ms, .. } => Some(*wait_ms),
            _ => None,
        })
        .collect();
    assert_eq!(waits, vec![500, 1000], "the goal promises exactly 0.5 s, then 1 s");
    assert_eq!(rusty_lock_engine::show::lessons::HERD_LESSON.0, lesson.id);
}

#[test]
fn every_lesson_suggests_minutes_and_the_workshop_fits_a_session() {
    for lesson in &LESSONS {
        assert!((2..=15).contains(&lesson.minutes), "{}: {} minutes", lesson.id, lesson.minutes);
    }
    let total = rusty_lock_engine::show::lessons::total_minutes();
    assert_eq!(total, LESSONS.iter().map(|l| l.minutes).sum::<u32>());
    assert!((45..=90).contains(&total), "the whole workshop should fit one session, not {total} minutes");
}

#[test]
fn the_agenda_link_reads_without_a_notice_and_is_not_the_herd() {
    use rusty_lock_engine::show::lessons::AGENDA_VIEW;
    for link in [AGENDA_VIEW.to_string(), format!("?{AGENDA_VIEW}"), format!("v=1&{AGENDA_VIEW}&mode=present")] {
        let (_, notices) = decode(&link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        assert!(rusty_lock_engine::show::herd::decode_link(&link).is_none(), "{link} is not the herd view");
    }
}
