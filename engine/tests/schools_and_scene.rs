//! The two schools (a naive loop beside the robust one), what the scene and the code panel read
//! from each step, and the view's growth meters.

mod common;

use common::{kinds, plan, stubborn};
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Ending, Event, FailReason, Guard, Layer, Outcome};
use rusty_lock_engine::run::sim::{simulate, simulate_naive};
use rusty_lock_engine::show::compare::{compare, divergence};
use rusty_lock_engine::show::listing::{listing, Lang};
use rusty_lock_engine::show::scene::{anchor_of, beat_of, hero_spot, Act, Anchor, BeatName, Spot};
use rusty_lock_engine::show::view::{history, reaches_nobody, RunView};

fn slug(outcome: &Option<Outcome>) -> &'static str {
    outcome.as_ref().map_or("stuck", Outcome::slug)
}

#[test]
fn a_503_ends_the_naive_loop_while_the_robust_loop_answers() {
    let c = compare(&RunConfig::default(), plan(2, Fault::Http503, 1));
    assert_eq!(slug(&c.naive.outcome), "failed");
    assert_eq!(slug(&c.robust.outcome), "answered");
    assert!(matches!(
        c.naive.outcome,
        Some(Outcome::Failed { reason: FailReason::UnhandledCall { ref failure } }) if failure.slug() == "http-503"
    ));
    // They part ways exactly at the failed call: your code catches it, nobody does.
    let at = c.diverge_at.expect("the runs differ");
    match (&c.naive.events[at], &c.robust.events[at]) {
        (
            Event::ModelCallFailed { layer: Layer::Nobody, turn: 2, .. },
            Event::ModelCallFailed { layer: Layer::Code, turn: 2, .. },
        ) => {}
        other => panic!("diverged at the wrong step: {other:?}"),
    }
    assert_eq!(kinds(&c.naive.events[..at]), kinds(&c.robust.events[..at]));
    assert_eq!(kinds(&c.naive.events[at..]), ["model-call-failed", "finished"]);
}

#[test]
fn the_rusted_lock_alone_ends_the_naive_loop() {
    let c = compare(&RunConfig::default(), FaultPlan::default());
    assert!(matches!(
        c.naive.outcome,
        Some(Outcome::Failed { reason: FailReason::UnhandledTool { ref name, .. } }) if name == "use"
    ));
    assert_eq!(slug(&c.robust.outcome), "answered");
    let at = c.diverge_at.expect("the runs differ");
    assert!(matches!(c.naive.events[at], Event::ToolFailed { layer: Layer::Nobody, .. }));
    assert!(matches!(c.robust.events[at], Event::ToolFailed { layer: Layer::Model, .. }));
    // The thrown error never joins the naive history: the model never reads it.
    let naive = RunView::from_events(&c.naive.events);
    assert_eq!(naive.history_len, history(&c.naive.events[..at]).len());
    assert!(naive.villain);
}

#[test]
fn a_401_ends_both_loops_the_same_way() {
    let c = compare(&RunConfig::default(), plan(2, Fault::Unauthorized, 1));
    assert_eq!(slug(&c.naive.outcome), "failed");
    assert_eq!(slug(&c.robust.outcome), "failed");
    assert_eq!(c.diverge_at, None, "nobody can fix a bad key, whichever school");
}

#[test]
fn a_hang_leaves_the_naive_loop_waiting_forever_while_the_watchdog_saves_the_robust_one() {
    let c = compare(&RunConfig::default(), plan(1, Fault::Hang, 1));
    assert_eq!(slug(&c.naive.outcome), "stuck");
    assert_eq!(c.naive.events.last().map(Event::kind), Some("model-called"));
    assert_eq!(slug(&c.robust.outcome), "answered");
    let at = c.diverge_at.expect("the runs differ");
    assert!(matches!(c.robust.events[at], Event::GuardTripped { .. }));
}

#[test]
fn the_naive_loop_plays_the_same_moves_as_the_robust_one_when_nothing_goes_wrong_early() {
    // Faults on turn 1 that the model's school handles: the naive loop dies on the first.
    let c = compare(&stubborn(), plan(1, Fault::BadJson, 1));
    let at = c.diverge_at.expect("the runs differ");
    assert_eq!(kinds(&c.naive.events[..at]), kinds(&c.robust.events[..at]));
    assert_eq!(c.naive.events.len(), at + 2, "the failing step, then the end");
}

#[test]
fn divergence_counts_a_run_that_stops_early_and_ignores_attempt_counts() {
    let robust = simulate(&RunConfig::default(), FaultPlan::default()).events;
    assert_eq!(divergence(&robust, &robust), None);
    assert_eq!(divergence(&robust[..5], &robust), Some(5));
    assert_eq!(divergence(&[], &robust), Some(0));
    let one_attempt = RunConfig {
        retry: rusty_lock_engine::run::provider::RetryPolicy { max_attempts: 1, ..Default::default() },
        ..RunConfig::default()
    };
    let naive = simulate_naive(&one_attempt, FaultPlan::default()).events;
    let robust_one = simulate(&one_attempt, FaultPlan::default()).events;
    let first_tool_error = robust_one.iter().position(|e| e.kind() == "tool-failed").unwrap();
    assert_eq!(divergence(&naive, &robust), Some(first_tool_error));
}

#[test]
fn the_naive_loop_keeps_its_turn_budget() {
    let config = RunConfig {
        guards: rusty_lock_engine::run::config::Guards { max_turns: 1, ..Default::default() },
        ..stubborn()
    };
    let sim = simulate_naive(&config, FaultPlan::default());
    assert_eq!(slug(&sim.outcome), "gave-up");
}

#[test]
fn the_naive_loop_is_deterministic() {
    let a = simulate_naive(&stubborn(), plan(3, Fault::RateLimited, 2));
    let b = simulate_naive(&stubborn(), plan(3, Fault::RateLimited, 2));
    assert_eq!(a.events, b.events);
}

#[test]
fn every_listing_has_every_anchor_exactly_once() {
    for lang in Lang::ALL {
        let lines = listing(lang);
        for anchor in Anchor::ALL {
            let n = lines.iter().filter(|l| l.anchor == Some(anchor)).count();
            assert_eq!(n, 1, "{} has {n} lines for {}", lang.name(), anchor.slug());
        }
        assert!(lines.iter().all(|l| !l.text.contains("@@")), "a marker was left in {}", lang.name());
        assert!(lines.iter().all(|l| l.text.chars().count() <= 64), "a line of {} is too long to read", lang.name());
    }
}

#[test]
fn every_step_of_the_robust_loop_lights_a_line() {
    let scenarios = [
        (RunConfig::default(), FaultPlan::default()),
        (RunConfig::default(), plan(2, Fault::Http503, 2)),
        (RunConfig::default(), plan(2, Fault::Http503, 3)),
        (RunConfig::default(), plan(1, Fault::Hang, 1)),
        (RunConfig::default(), plan(2, Fault::Unauthorized, 1)),
        (RunConfig::default(), plan(1, Fault::HarnessBug, 1)),
        (stubborn(), FaultPlan::default()),
        (stubborn(), plan(2, Fault::UnknownTool, 1)),
    ];
    for (config, faults) in scenarios {
        for event in simulate(&config, faults).events {
            assert!(anchor_of(&event).is_some(), "no line for {event:?}");
        }
    }
}

#[test]
fn a_backoff_lights_the_wait_line_and_seats_the_hero_on_the_bench() {
    let events = simulate(&RunConfig::default(), plan(2, Fault::Http503, 1)).events;
    let at = events.iter().position(|e| e.kind() == "retry-scheduled").unwrap();
    assert_eq!(anchor_of(&events[at]), Some(Anchor::Wait));
    assert_eq!(anchor_of(&events[at - 1]), Some(Anchor::Transient));
    let view = RunView::from_events(&events[..=at]);
    assert_eq!(hero_spot(Some(&events[at]), view.room), Spot::Bench);
    let end = RunView::from_events(&events);
    assert_eq!(hero_spot(events.last(), end.room), Spot::Door);
}

#[test]
fn a_caught_tool_error_lights_the_catch_line() {
    let events = simulate(&RunConfig::default(), FaultPlan::default()).events;
    let failed = events.iter().find(|e| e.kind() == "tool-failed").unwrap();
    assert_eq!(anchor_of(failed), Some(Anchor::Catch));
}

#[test]
fn the_history_the_view_counts_is_the_history_the_model_is_sent() {
    let events = simulate(&stubborn(), plan(2, Fault::BadJson, 1)).events;
    for i in 0..events.len() {
        let view = RunView::from_events(&events[..=i]);
        assert_eq!(view.history_len, history(&events[..=i]).len(), "after step {i}");
        assert_eq!(view.steps, i + 1);
    }
}

#[test]
fn the_token_meter_grows_every_turn() {
    let view = RunView::from_events(&simulate(&RunConfig::default(), FaultPlan::default()).events);
    assert_eq!(view.sent.len() as u32, view.turn);
    for pair in view.sent.windows(2) {
        assert!(pair[1].messages > pair[0].messages && pair[1].est_tokens > pair[0].est_tokens);
    }
}

#[test]
fn the_villain_comes_only_when_a_failure_reaches_nobody() {
    let quiet = RunView::from_events(&simulate(&RunConfig::default(), plan(2, Fault::Http503, 2)).events);
    assert!(!quiet.villain, "a retried 503 is your code's");
    let events = simulate(&RunConfig::default(), plan(2, Fault::Http503, 3)).events;
    let first = events.iter().position(reaches_nobody).unwrap();
    assert!(!RunView::from_events(&events[..first]).villain);
    assert!(RunView::from_events(&events[..=first]).villain);
    let stopped = vec![Event::Finished { outcome: Outcome::Cancelled, turns: 0, elapsed_ms: 0 }];
    assert!(!RunView::from_events(&stopped).villain, "Stop is not a failure");
}

#[test]
fn a_call_the_loop_turns_down_never_takes_the_hero_into_the_room() {
    for fault in ["unknowntool", "badjson", "badargs"] {
        let (s, _) = rusty_lock_engine::show::scenario::decode(&format!("faults=t2:{fault}"));
        let events = rusty_lock_engine::run::sim::simulate(&s.config, s.faults.clone()).events;
        let view = rusty_lock_engine::show::view::RunView::from_events(&events);
        let turned_down = events.iter().position(|e| e.kind() == "tool-failed").expect("the call fails");
        assert_eq!(hero_spot(Some(&events[turned_down]), view.room), Spot::Start, "{fault}");
        assert_eq!(hero_spot(Some(&events[turned_down - 1]), view.room), Spot::Start, "{fault}: its start");
    }
    // A call that runs and is refused by the room (the rusted lock) does take the hero there.
    let events = rusty_lock_engine::run::sim::simulate(
        &rusty_lock_engine::run::config::RunConfig::default(),
        FaultPlan::default(),
    )
    .events;
    let refused = events.iter().position(|e| e.kind() == "tool-failed").unwrap();
    assert_eq!(hero_spot(Some(&events[refused]), rusty_lock_engine::run::world::Room::default()), Spot::Room);
}

#[test]
fn before_the_first_step_the_stage_is_idle() {
    let beat = beat_of(None);
    assert_eq!(beat.name, BeatName::Idle);
    assert_eq!((beat.layer, beat.act, beat.outcome), (None, None, None));
}

/// A retried 503: the stage follows every step, and the failed call carries its failure (the
/// page names it) and the layer that caught it.
#[test]
fn a_retried_503_is_drawn_step_by_step_with_its_failure_and_its_layer() {
    let events = simulate(&RunConfig::default(), plan(2, Fault::Http503, 1)).events;
    let beats: Vec<_> = events.iter().map(|e| beat_of(Some(e))).collect();
    let names: Vec<_> = beats.iter().map(|b| b.name).collect();
    let failed = names.iter().position(|n| *n == BeatName::CallFailed).expect("the 503 is drawn");
    assert_eq!(names[failed + 1], BeatName::Wait, "then the backoff");
    assert_eq!(beats[failed].layer, Some(Layer::Code));
    assert!(beats[failed].failure.as_ref().is_some_and(|f| f.slug() == "http-503"));
    assert_eq!(&names[..3], &[BeatName::Start, BeatName::Gather, BeatName::Ask]);
    let end = beats.last().unwrap();
    assert_eq!((end.name, end.outcome), (BeatName::End, Some(Ending::Answered)));
    // Only a starting tool call moves things in the room, and it says how.
    for (event, beat) in events.iter().zip(&beats) {
        assert_eq!(beat.act.is_some(), beat.name == BeatName::Tool, "{event:?}");
        assert_eq!(beat.failure.is_some(), beat.name == BeatName::CallFailed, "{event:?}");
    }
    assert!(beats.iter().any(|b| b.act == Some(Act::Oil)) && beats.iter().any(|b| b.act == Some(Act::Key)));
    let request = beats.iter().find(|b| b.name == BeatName::Request).unwrap();
    assert!(request.call.starts_with("look_at(") || request.call.starts_with("use("), "{}", request.call);
}

#[test]
fn a_guard_is_drawn_with_its_guard_and_the_end_with_its_outcome() {
    let events = simulate(&stubborn(), FaultPlan::default()).events;
    let guard = events.iter().map(|e| beat_of(Some(e))).find(|b| b.name == BeatName::Guard).expect("a guard steps in");
    assert!(guard.guard.is_some());
    assert!(guard.call.is_empty(), "the page words the guard's sign");
    let stopped = Event::Finished { outcome: Outcome::GaveUp { guard: Guard::MaxTurns }, turns: 8, elapsed_ms: 0 };
    assert_eq!(beat_of(Some(&stopped)).outcome, Some(Ending::GaveUp));
}

#[test]
fn a_call_to_a_tool_that_does_not_exist_moves_nothing_in_the_room() {
    let (s, _) = rusty_lock_engine::show::scenario::decode("faults=t2:unknowntool");
    let events = simulate(&s.config, s.faults.clone()).events;
    let turned_down = events.iter().position(|e| e.kind() == "tool-failed").expect("the call fails");
    assert_eq!(events[turned_down - 1].kind(), "tool-started");
    let beat = beat_of(Some(&events[turned_down - 1]));
    assert_eq!((beat.name, beat.act), (BeatName::Tool, Some(Act::Other)));
}

/// The stage's data attributes are these slugs and style/scene.css animates by them: every
/// `data-beat` and `data-act` the stylesheet names must be one the engine writes.
#[test]
fn every_beat_and_act_the_stylesheet_names_is_one_the_engine_writes() {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../style/scene.css")).unwrap();
    let beats: Vec<_> = BeatName::ALL.iter().map(|b| b.slug()).collect();
    let acts: Vec<_> = Act::ALL.iter().map(|a| a.slug()).collect();
    let ends: Vec<_> = Ending::ALL.iter().map(|o| o.slug()).collect();
    let named = |attr: &str| -> Vec<String> {
        css.split(&format!("[data-{attr}=\""))
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap_or_default().to_string())
            .collect()
    };
    let (css_beats, css_acts, css_ends) = (named("beat"), named("act"), named("end"));
    assert!(css_beats.len() > 10 && css_acts.len() > 3 && css_ends.len() > 1, "the stylesheet was read");
    for b in &css_beats {
        assert!(beats.contains(&b.as_str()), "scene.css names data-beat={b}");
    }
    for a in &css_acts {
        assert!(acts.contains(&a.as_str()), "scene.css names data-act={a}");
    }
    for e in &css_ends {
        assert!(ends.contains(&e.as_str()), "scene.css names data-end={e}");
    }
    // One slug per name, so no two beats look alike on the stage.
    let mut unique = beats.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), beats.len());
}
