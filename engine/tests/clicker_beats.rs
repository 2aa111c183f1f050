//! The clicker goes to the point: a turn that goes well is one press, a failure and its handling
//! a press each, and no lesson takes more than twelve presses from its first step to its outcome.

use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::show::beats::{beat_back, beat_starts, is_failure, is_quiet, press_end, Press};
use rusty_lock_engine::show::lessons::LESSONS;
use rusty_lock_engine::show::scenario::decode;

/// The most presses a lesson may take: a room's attention, not a rule of the engine.
const MAX_PRESSES: usize = 12;

fn lesson_events(link: &str) -> Vec<Event> {
    let (s, _) = decode(link);
    simulate(&s.config, s.faults.clone()).events
}

#[test]
fn every_lesson_plays_in_at_most_twelve_presses_of_the_clicker() {
    let mut counts = Vec::new();
    for lesson in &LESSONS {
        let events = lesson_events(lesson.link);
        let presses = beat_starts(&events).len();
        counts.push(format!("{} {presses}/{}", lesson.id.slug(), events.len()));
        assert!(presses <= MAX_PRESSES, "{}: {presses} presses for {} events", lesson.id, events.len());
        assert!(presses < events.len(), "{}: beats group nothing ({presses} of {})", lesson.id, events.len());
    }
    // The counts, for the closing note and the README (cargo test -- --nocapture).
    println!("presses per lesson (presses/events): {}", counts.join(", "));
}

#[test]
fn each_failure_and_each_handling_is_a_press_of_its_own() {
    for lesson in &LESSONS {
        let events = lesson_events(lesson.link);
        let starts = beat_starts(&events);
        for (i, event) in events.iter().enumerate() {
            if !is_quiet(event) {
                // It starts its beat; a failure, a guard or the outcome is that beat alone, and a
                // retry's wait takes only the retried call and the turn going on with it.
                assert!(starts.contains(&i), "{}: step {i} ({}) is not a press of its own", lesson.id, event.kind());
                let end = press_end(&events, i, Press::Beat);
                if matches!(event, Event::RetryScheduled { .. }) {
                    assert!(events[i + 1..=end].iter().all(is_quiet), "{}: step {i}", lesson.id);
                } else {
                    assert_eq!(end, i, "{}: step {i} ({})", lesson.id, event.kind());
                }
            }
        }
    }
}

#[test]
fn a_quiet_beat_never_runs_into_the_next_turn() {
    for lesson in &LESSONS {
        let events = lesson_events(lesson.link);
        for &start in &beat_starts(&events) {
            let end = press_end(&events, start, Press::Beat);
            let turns = events[start..=end].iter().filter(|e| matches!(e, Event::TurnStarted { .. })).count();
            assert!(turns <= 1, "{}: the beat at {start} shows {turns} turns", lesson.id);
        }
    }
}

#[test]
fn a_single_step_shows_one_event_and_the_jump_stops_at_the_next_failure() {
    let events = lesson_events(LESSONS[2].link);
    for from in 0..events.len() {
        assert_eq!(press_end(&events, from, Press::Step), from);
        let jump = press_end(&events, from, Press::ToFailure);
        assert!(is_failure(&events[jump]) || jump == events.len() - 1, "from {from} to {jump}");
        assert!(
            events[from..jump].iter().all(|e| !is_failure(e)) || is_failure(&events[from]),
            "from {from}: passed a failure"
        );
        assert_eq!(press_end(&events, from, Press::ToEnd), events.len() - 1);
    }
}

#[test]
fn back_lands_on_the_end_of_the_beat_before() {
    let events = lesson_events(LESSONS[2].link);
    let starts = beat_starts(&events);
    for pair in starts.windows(2) {
        let end_of_second = press_end(&events, pair[1], Press::Beat);
        assert_eq!(beat_back(&events, end_of_second), pair[1] - 1);
    }
    assert_eq!(beat_back(&events, 0), 0);
}
