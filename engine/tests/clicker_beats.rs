//! The clicker goes to the point: a turn that goes well is one press, a failure and its handling
//! a press each (a wait too), and no lesson takes more than thirteen presses from its first step to
//! its outcome. The README's count for each lesson is checked here.

use rusty_lock_engine::run::events::{Event, Guard};
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::show::beats::{beat_back, beat_starts, is_failure, is_quiet, press_end, Press};
use rusty_lock_engine::show::lessons::LESSONS;
use rusty_lock_engine::show::scenario::decode;

/// The most presses a lesson may take: a room's attention, not a rule of the engine ("Why
/// jitter?", two failures each with its wait and its retried call, takes 13).
const MAX_PRESSES: usize = 13;

fn lesson_events(link: &str) -> Vec<Event> {
    let (s, _) = decode(link);
    simulate(&s.config, s.faults.clone()).events
}

#[test]
fn every_lesson_plays_in_at_most_thirteen_presses_of_the_clicker_as_the_readme_says() {
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
    let readme: String = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let said = LESSONS
        .iter()
        .map(|l| format!("{} {}", l.id.slug(), beat_starts(&lesson_events(l.link)).len()))
        .collect::<Vec<_>>()
        .join(", ");
    assert!(readme.contains(&said), "the README's press counts are not these: {said}");
}

#[test]
fn each_failure_and_each_handling_is_a_press_of_its_own() {
    for lesson in &LESSONS {
        let events = lesson_events(lesson.link);
        let starts = beat_starts(&events);
        for (i, event) in events.iter().enumerate() {
            // The timeout the watchdog makes joins the watchdog's own beat: one failure, one press.
            let after_watchdog = i > 0
                && matches!(events[i - 1], Event::GuardTripped { guard: Guard::Watchdog, .. })
                && matches!(event, Event::ModelCallFailed { .. });
            if after_watchdog {
                assert_eq!(press_end(&events, i - 1, Press::Beat), i, "{}: step {i}", lesson.id);
            } else if !is_quiet(event) {
                // It starts its beat, and a failure, a wait, a guard or the outcome is that beat
                // alone: the retried call after a wait is the next press, never shown by itself.
                assert!(starts.contains(&i), "{}: step {i} ({}) is not a press of its own", lesson.id, event.kind());
                let joined = usize::from(matches!(event, Event::GuardTripped { guard: Guard::Watchdog, .. }));
                assert_eq!(
                    press_end(&events, i, Press::Beat),
                    i + joined,
                    "{}: step {i} ({})",
                    lesson.id,
                    event.kind()
                );
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
