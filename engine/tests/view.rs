//! What the page shows is derived from events alone: these guard that derivation.

mod common;

use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::run::provider::retry_after_ms;
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::run::wire::Role;
use rusty_lock_engine::show::view::{history, BoardKind, RunView};

fn view_of(plan: FaultPlan) -> RunView {
    RunView::from_events(&simulate(&RunConfig::default(), plan).events)
}

#[test]
fn the_default_run_shows_an_open_door_and_one_model_entry_on_the_board() {
    let view = view_of(FaultPlan::default());
    assert!(view.room.door_open && view.room.lock_oiled);
    assert_eq!(view.turn, 5);
    assert_eq!(view.outcome.as_ref().map(|o| o.slug()), Some("answered"));
    let board: Vec<(Layer, BoardKind)> = view.board.iter().map(|e| (e.layer, e.kind)).collect();
    assert_eq!(board, [(Layer::Model, BoardKind::Tool(ToolErrorKind::ToolFailed))]);
}

#[test]
fn a_retried_503_is_one_code_entry_not_two() {
    let view = view_of(FaultPlan::single(2, Fault::Http503, 1));
    let board: Vec<(u32, Layer, BoardKind)> = view.board.iter().map(|e| (e.turn, e.layer, e.kind)).collect();
    assert_eq!(
        board,
        [(2, Layer::Code, BoardKind::Http(503)), (2, Layer::Model, BoardKind::Tool(ToolErrorKind::ToolFailed))]
    );
}

#[test]
fn a_401_is_one_nobody_entry_even_though_the_run_also_finishes_failed() {
    let view = view_of(FaultPlan::single(2, Fault::Unauthorized, 1));
    let nobody: Vec<BoardKind> = view.board.iter().filter(|e| e.layer == Layer::Nobody).map(|e| e.kind).collect();
    assert_eq!(nobody, [BoardKind::Http(401)]);
    assert!(!view.room.door_open);
}

#[test]
fn a_harness_bug_gets_its_own_nobody_entry() {
    let view = view_of(FaultPlan::single(1, Fault::HarnessBug, 1));
    let kinds: Vec<BoardKind> = view.board.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [BoardKind::HarnessBug]);
}

#[test]
fn the_waiting_countdown_shows_during_a_backoff_and_clears_after() {
    let events = simulate(&RunConfig::default(), FaultPlan::single(2, Fault::RateLimited, 1)).events;
    let at = events.iter().position(|e| e.kind() == "retry-scheduled").expect("a retry");
    assert_eq!(RunView::from_events(&events[..=at]).waiting, Some((2, 3, 2000)));
    assert_eq!(RunView::from_events(&events[..=at + 1]).waiting, None);
}

#[test]
fn history_rebuilt_from_events_alternates_calls_and_their_results() {
    let sim = simulate(&RunConfig::default(), FaultPlan::single(3, Fault::BadJson, 1));
    let messages = history(&sim.events);
    let roles: Vec<Role> = messages.iter().map(|m| m.role).collect();
    assert_eq!(roles[..2], [Role::System, Role::User]);
    assert_eq!(messages.len(), 2 + 5 * 2 + 1, "six turns: five with a tool result, one answer");
    for pair in messages[2..messages.len() - 1].chunks(2) {
        assert_eq!(pair[0].role, Role::Assistant);
        assert_eq!(pair[1].tool_call_id.as_deref(), Some(pair[0].calls()[0].id.as_str()));
    }
    // The broken call is kept as the model sent it, next to the error it earned.
    assert!(messages[7]
        .content
        .as_deref()
        .unwrap_or_default()
        .starts_with("Error: The arguments for use were not valid JSON"));
}

#[test]
fn retry_headers_prefer_milliseconds_then_seconds_and_ignore_garbage() {
    assert_eq!(retry_after_ms(Some("2"), None), Some(2000));
    assert_eq!(retry_after_ms(Some("1.5"), None), Some(1500));
    assert_eq!(retry_after_ms(Some("2"), Some("350")), Some(350));
    assert_eq!(retry_after_ms(Some("soon"), Some("nope")), None);
    assert_eq!(retry_after_ms(Some("-3"), None), None);
    assert_eq!(retry_after_ms(Some("Wed, 21 Oct 2015 07:28:00 GMT"), None), None);
    assert_eq!(retry_after_ms(None, Some("1e30")), Some(u64::MAX));
}

mod strip {
    use crate::common::waits;
    use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
    use rusty_lock_engine::run::config::RunConfig;
    use rusty_lock_engine::run::events::Event;
    use rusty_lock_engine::run::provider::WaitReason;
    use rusty_lock_engine::run::sim::simulate;
    use rusty_lock_engine::show::view::backoff_strips;

    #[test]
    fn a_503x2_run_has_one_bar_per_retry_with_doubling_ceilings_and_the_real_waits() {
        let config = RunConfig::default();
        let sim = simulate(&config, FaultPlan::single(2, Fault::Http503, 2));
        let strips = backoff_strips(&config.retry, &sim.events);
        assert_eq!(strips.len(), 1);
        let s = &strips[0];
        assert_eq!(s.turn, 2);
        assert_eq!(s.bars.iter().map(|b| b.attempt).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(s.bars.iter().map(|b| b.ceiling_ms).collect::<Vec<_>>(), [500, 1000]);
        assert_eq!(s.bars.iter().map(|b| b.wait_ms).collect::<Vec<_>>(), waits(&sim.events));
        assert!(s.bars.iter().all(|b| b.wait_ms <= b.ceiling_ms && b.reason == WaitReason::Backoff));
        assert_eq!(s.total_wait_ms(), waits(&sim.events).iter().sum::<u64>());
        assert_eq!(s.scale_ms(), 1000);
    }

    #[test]
    fn a_429_bar_carries_the_servers_ask() {
        let config = RunConfig::default();
        let sim = simulate(&config, FaultPlan::single(2, Fault::RateLimited, 1));
        let strips = backoff_strips(&config.retry, &sim.events);
        let bar = strips[0].bars[0];
        assert_eq!((bar.reason, bar.retry_after_ms, bar.wait_ms), (WaitReason::RetryAfter, Some(2000), 2000));
        assert_eq!(strips[0].scale_ms(), 2000);
    }

    #[test]
    fn stepping_back_shows_the_strip_as_it_was() {
        let config = RunConfig::default();
        let sim = simulate(&config, FaultPlan::single(2, Fault::Http503, 2));
        let first_retry = sim.events.iter().position(|e| matches!(e, Event::RetryScheduled { .. })).unwrap();
        let then = backoff_strips(&config.retry, &sim.events[..=first_retry]);
        assert_eq!(then[0].bars.len(), 1);
        assert!(backoff_strips(&config.retry, &sim.events[..first_retry]).is_empty());
    }
}

#[test]
fn a_run_record_taken_in_batches_shows_the_view_of_all_its_events() {
    use rusty_lock_engine::show::view::RunRecord;
    let events = simulate(&RunConfig::default(), FaultPlan::single(2, Fault::Http503, 2)).events;
    for size in [1, 2, 5, events.len()] {
        let mut record = RunRecord::default();
        for batch in events.chunks(size) {
            record.extend(batch.to_vec());
            assert_eq!(record.view(), &RunView::from_events(record.events()), "batches of {size}");
        }
        assert_eq!(record.events(), &events[..]);
        assert_eq!(record, RunRecord::new(events.clone()));
    }
}
