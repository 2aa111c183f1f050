//! Every lesson's run really ends the way it says, and the layer it names as the answer is on
//! the board when it does: a wrong answer key would teach the wrong thing.

use rusty_lock_engine::lessons::{find, lesson_query, LESSONS};
use rusty_lock_engine::scenario::decode;
use rusty_lock_engine::{simulate, RunView};

#[test]
fn each_lesson_link_reads_cleanly_and_names_its_lesson() {
    for lesson in &LESSONS {
        let (s, notices) = decode(&lesson_query(lesson));
        assert!(notices.is_empty(), "{}: {:?}", lesson.id, notices);
        assert_eq!(s.lesson.as_deref(), Some(lesson.id));
        assert_eq!(find(lesson.id).map(|(_, l)| l.id), Some(lesson.id));
    }
}

#[test]
fn each_lesson_ends_as_it_says_and_its_answer_layer_handled_something() {
    for lesson in &LESSONS {
        let (s, _) = decode(lesson.link);
        let sim = simulate(&s.config, s.faults.clone());
        let view = RunView::from_events(&sim.events);
        let outcome = view.outcome.as_ref().map(|o| o.slug());
        assert_eq!(outcome, Some(lesson.outcome), "{}", lesson.id);
        assert!(
            view.board.iter().any(|e| e.layer == lesson.answer),
            "{}: {:?} has no {:?} entry",
            lesson.id,
            view.board,
            lesson.answer
        );
    }
}

#[test]
fn the_wrong_school_lesson_really_retries_a_400() {
    let lesson = find("bad-request-retried").unwrap().1;
    let (s, _) = decode(lesson.link);
    let sim = simulate(&s.config, s.faults.clone());
    let retries = sim.events.iter().filter(|e| e.kind() == "retry-scheduled").count();
    assert_eq!(retries, 2, "three attempts at a 400, two of them retries that could never pass");
}

#[test]
fn lesson_ids_are_unique_and_texts_are_short() {
    let mut ids: Vec<&str> = LESSONS.iter().map(|l| l.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), LESSONS.len());
    for l in &LESSONS {
        assert!(l.goal.len() < 120, "{}", l.id);
        let sentences = l.explanation.matches(". ").count() + 1;
        assert!((2..=3).contains(&sentences), "{}: {sentences} sentences", l.id);
    }
}

#[test]
fn why_jitter_runs_without_jitter_and_the_waits_are_the_bare_ceilings() {
    let lesson = find("why-jitter").unwrap().1;
    let (s, _) = decode(lesson.link);
    assert!(!s.config.retry.jitter, "the lesson is about what jitter changes, so it starts without it");
    let waits: Vec<u64> = simulate(&s.config, s.faults.clone())
        .events
        .iter()
        .filter_map(|e| match e {
            rusty_lock_engine::Event::RetryScheduled { wait_ms, .. } => Some(*wait_ms),
            _ => None,
        })
        .collect();
    assert_eq!(waits, vec![500, 1000], "the goal promises exactly 0.5 s, then 1 s");
    assert_eq!(rusty_lock_engine::lessons::HERD_LESSON.0, lesson.id);
}
