//! A tool that changes things, a reply lost after it acted, and the two server quirks as faults:
//! each school does what its name promises, in every language, and the verdict and the board say
//! who handled it.

mod common;

use common::plan;
use rusty_lock_engine::run::chaos::{Fault, FaultGroup};
use rusty_lock_engine::run::config::{LostReply, RunConfig};
use rusty_lock_engine::run::events::{Event, FailReason, Layer, Outcome};
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::sim::{simulate, simulate_naive};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::show::scenario::{decode, encode, Problem, Scenario, Setting};
use rusty_lock_engine::show::verdict::{judge, slug, Severity};
use rusty_lock_engine::show::view::RunView;

/// The turn the default run turns the key that opens the door.
const OPENING_TURN: u32 = 4;

fn school(lost_reply: LostReply, lang: Lang) -> RunConfig {
    RunConfig { lost_reply, lang, ..RunConfig::default() }
}

/// How many times the door swung open in a run: each tool event's room after it says.
fn door_openings(events: &[Event]) -> usize {
    let mut open = false;
    let mut openings = 0;
    for event in events {
        let room = match event {
            Event::ToolSucceeded { room, .. } | Event::ToolFailed { room, .. } => room,
            _ => continue,
        };
        if room.door_open && !open {
            openings += 1;
        }
        open = room.door_open;
    }
    openings
}

/// How many times `use` really ran against the room (a `tool-started` that reached it).
fn key_turns(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::ToolStarted { call, .. } if call.function.arguments.contains("\"key\"")))
        .count()
}

fn slugs(config: &RunConfig, events: &[Event]) -> Vec<&'static str> {
    judge(config, events).iter().map(|f| f.slug).collect()
}

#[test]
fn retrying_the_lost_key_turns_it_twice_and_locks_the_door_again() {
    for lang in Lang::ALL {
        let config = school(LostReply::RetryTool, lang);
        let sim = simulate(&config, plan(OPENING_TURN, Fault::ToolTimeout, 1));
        let turn: Vec<&Event> = sim.events.iter().filter(|e| common::turn_of(e) == Some(OPENING_TURN)).collect();
        let started = turn.iter().filter(|e| matches!(e, Event::ToolStarted { .. })).count();
        assert_eq!(started, 2, "{lang:?}: your code called the key a second time by itself");
        let lost = turn.iter().find_map(|e| match e {
            Event::ToolFailed { kind: ToolErrorKind::ReplyLost, layer, room, output, .. } => {
                Some((*layer, *room, output))
            }
            _ => None,
        });
        let (layer, room, output) = lost.expect("the lost reply is an event");
        assert_eq!(layer, Layer::Code);
        assert!(room.door_open, "{lang:?}: the first turn had opened the door before its reply was lost");
        assert!(output.is_empty(), "{lang:?}: nothing of the lost reply reaches the model");
        let relocked = turn.iter().any(|e| {
            matches!(e, Event::ToolSucceeded { output, room, .. } if output == script(lang).door_relocks && !room.door_open)
        });
        assert!(relocked, "{lang:?}: the second turn locked the door again");
        // The model, handed the relock as its call's result, opens it once more.
        assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })), "{lang:?}: {:?}", sim.outcome);
        assert_eq!(door_openings(&sim.events), 2, "{lang:?}: the door opened twice");
        assert_eq!(key_turns(&sim.events), 4, "{lang:?}: stuck, opened, relocked, opened again");
        let findings = judge(&config, &sim.events);
        let bad = findings.iter().find(|f| f.slug == slug::RETRIED_NON_IDEMPOTENT);
        assert_eq!(bad.map(|f| f.severity), Some(Severity::Bad), "{lang:?}: {findings:?}");
        let view = RunView::from_events(&sim.events);
        let entry = view.board.iter().find(|e| e.kind.slug() == "reply-lost").map(|e| e.layer);
        assert_eq!(entry, Some(Layer::Code), "{lang:?}: the board counts it under your code");
    }
}

#[test]
fn telling_the_model_about_the_lost_reply_turns_the_key_once_and_the_model_looks_first() {
    for lang in Lang::ALL {
        let config = school(LostReply::TellModel, lang);
        let sim = simulate(&config, plan(OPENING_TURN, Fault::ToolTimeout, 1));
        let s = script(lang);
        assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })), "{lang:?}: {:?}", sim.outcome);
        assert_eq!(door_openings(&sim.events), 1, "{lang:?}: the door opened once and stayed open");
        assert_eq!(key_turns(&sim.events), 2, "{lang:?}: stuck, then opened; never turned again");
        let told = sim.events.iter().find_map(|e| match e {
            Event::ToolFailed { kind: ToolErrorKind::ReplyLost, layer: Layer::Model, output, .. } => Some(output),
            _ => None,
        });
        let told = told.expect("the model is told");
        assert!(told.contains("use"), "{lang:?}: the result names the call: {told}");
        // The next call is a look at the door, and the look finds it open.
        let next = sim.events.iter().find_map(|e| match e {
            Event::ToolStarted { turn, call } if *turn == OPENING_TURN + 1 => Some(call.clone()),
            _ => None,
        });
        let next = next.expect("a next turn");
        assert_eq!(next.function.name, "look_at");
        assert!(next.function.arguments.contains("door"), "{lang:?}: {}", next.function.arguments);
        let saw_open =
            sim.events.iter().any(|e| matches!(e, Event::ToolSucceeded { output, .. } if output == s.see_door_open));
        assert!(saw_open, "{lang:?}: the look saw the door open");
        let found = slugs(&config, &sim.events);
        assert!(found.contains(&slug::CHECKED_BEFORE_REPEATING), "{lang:?}: {found:?}");
        assert!(!found.contains(&slug::RETRIED_NON_IDEMPOTENT), "{lang:?}: {found:?}");
        let view = RunView::from_events(&sim.events);
        let entry = view.board.iter().find(|e| e.kind.slug() == "reply-lost").map(|e| e.layer);
        assert_eq!(entry, Some(Layer::Model), "{lang:?}: the board counts it under the model");
    }
}

#[test]
fn the_naive_loop_throws_a_lost_reply_and_ends_the_run() {
    let config = RunConfig::default();
    let sim = simulate_naive(&config, plan(1, Fault::ToolTimeout, 1));
    let failed = matches!(
        &sim.outcome,
        Some(Outcome::Failed { reason: FailReason::UnhandledTool { kind: ToolErrorKind::ReplyLost, .. } })
    );
    assert!(failed, "{:?}", sim.outcome);
    let view = RunView::from_events(&sim.events);
    let entry = view.board.iter().find(|e| e.kind.slug() == "reply-lost").map(|e| e.layer);
    assert_eq!(entry, Some(Layer::Nobody), "{:?}", view.board);
    assert_eq!(view.history_len, 3, "nothing of the lost reply joined the history");
}

#[test]
fn a_lost_reply_from_look_at_is_harmless_to_retry_and_gets_no_bad_word() {
    let config = school(LostReply::RetryTool, Lang::En);
    let sim = simulate(&config, plan(1, Fault::ToolTimeout, 1));
    assert!(matches!(sim.outcome, Some(Outcome::Answered { .. })), "{:?}", sim.outcome);
    assert!(!slugs(&config, &sim.events).contains(&slug::RETRIED_NON_IDEMPOTENT));
    let told = simulate(&RunConfig::default(), plan(1, Fault::ToolTimeout, 1));
    assert!(matches!(told.outcome, Some(Outcome::Answered { .. })), "{:?}", told.outcome);
}

#[test]
fn the_default_run_never_turns_the_key_after_the_door_opened() {
    let sim = simulate(&RunConfig::default(), Default::default());
    assert_eq!(door_openings(&sim.events), 1);
    assert_eq!(key_turns(&sim.events), 2);
}

#[test]
fn tool_calls_sent_with_stop_run_in_the_robust_loop_and_are_dropped_by_the_naive_one() {
    let config = RunConfig::default();
    let robust = simulate(&config, plan(1, Fault::StopWithCalls, 1));
    let plain = simulate(&config, Default::default());
    assert!(matches!(robust.outcome, Some(Outcome::Answered { .. })));
    assert_eq!(robust.outcome, plain.outcome, "the quirk changes nothing the robust loop ends with");
    assert!(robust.events.iter().any(|e| matches!(e, Event::QuirkTolerated { turn: 1, .. })));
    let view = RunView::from_events(&robust.events);
    let entry = view.board.iter().find(|e| e.kind.slug() == "finish-mismatch").map(|e| e.layer);
    assert_eq!(entry, Some(Layer::Code));
    assert!(slugs(&config, &robust.events).contains(&slug::TOLERATED_QUIRK));

    let naive = simulate_naive(&config, plan(1, Fault::StopWithCalls, 1));
    let text = match &naive.outcome {
        Some(Outcome::Answered { text }) => text.clone(),
        other => panic!("the naive loop takes the reply as the answer: {other:?}"),
    };
    assert_eq!(text, script(Lang::En).think_look, "its 'answer' is the model's thought, the door still shut");
    assert!(!naive.events.iter().any(|e| matches!(e, Event::ToolStarted { .. })), "no tool ran");
    assert!(slugs(&config, &naive.events).contains(&slug::DROPPED_TOOL_CALLS));
}

#[test]
fn a_reply_cut_at_length_fails_the_robust_run_and_passes_for_an_answer_in_the_naive_one() {
    let config = RunConfig::default();
    // Turn 5 is the default run's answer; turn 2 a call.
    for turn in [2, 5] {
        let robust = simulate(&config, plan(turn, Fault::CutAtLength, 1));
        let cut = matches!(
            &robust.outcome,
            Some(Outcome::Failed { reason: FailReason::NotAnAnswer { finish_reason } }) if finish_reason == "length"
        );
        assert!(cut, "turn {turn}: {:?}", robust.outcome);
        assert!(slugs(&config, &robust.events).contains(&slug::CUT_AT_LENGTH));
        let view = RunView::from_events(&robust.events);
        assert_eq!(view.board.last().map(|e| (e.kind.slug(), e.layer)), Some(("cut-at-length".into(), Layer::Nobody)));
    }
    // The naive loop throws the rusted lock on turn 2, so it is its first reply that is cut.
    let naive = simulate_naive(&config, plan(1, Fault::CutAtLength, 1));
    let text = match &naive.outcome {
        Some(Outcome::Answered { text }) => text.clone(),
        other => panic!("the naive loop takes the cut reply as the answer: {other:?}"),
    };
    assert!(script(Lang::En).think_look.starts_with(&text) && text.len() < script(Lang::En).think_look.len());
    assert!(slugs(&config, &naive.events).contains(&slug::ACCEPTED_CUT_REPLY));
}

#[test]
fn the_new_faults_sit_in_their_groups_and_round_trip_in_links() {
    assert_eq!(Fault::ToolTimeout.group(), FaultGroup::Tool);
    assert_eq!(Fault::StopWithCalls.group(), FaultGroup::Model);
    assert_eq!(Fault::CutAtLength.group(), FaultGroup::Model);
    for fault in [Fault::ToolTimeout, Fault::StopWithCalls, Fault::CutAtLength] {
        let mut s = Scenario::new();
        s.faults = plan(3, fault, 1);
        let link = encode(&s);
        assert!(link.contains(fault.slug()), "{link}");
        let (back, notices) = decode(&link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        assert_eq!(back, s);
    }
}

#[test]
fn the_lost_reply_setting_round_trips_and_an_unknown_value_gives_a_notice() {
    for school in LostReply::ALL {
        let mut s = Scenario::new();
        s.config.lost_reply = school;
        let link = encode(&s);
        assert_eq!(link.contains("lostreply="), school != LostReply::default(), "{link}");
        let (back, notices) = decode(&link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        assert_eq!(back, s);
    }
    let (s, notices) = decode("v=1&lostreply=twice");
    assert_eq!(s.config.lost_reply, LostReply::TellModel);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].key, Setting::LostReply.slug());
    assert_eq!(notices[0].problem, Problem::UnknownLostReply { value: "twice".into() });
}
