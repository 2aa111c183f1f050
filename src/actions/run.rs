//! Run, replay and Stop: the actions that start and end a run. A run's events reach the
//! playground's signals in batches (see `deliver`); the loop itself lives in a lazy part
//! (`crate::parts`), so Stop works from the first click even before the part has arrived.

#![allow(improper_ctypes_definitions)]

use crate::parts::{split_point, LazyHttp, PartMissing};
use crate::state::{Playground, STALL_MS};
use crate::text;
use crate::web::driver::Speed;
use crate::web::http_provider::{HttpSettings, StreamUpdate};
use crate::web::runner::{Model, RunSetup};
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::show::view::RunRecord;

use crate::state::speed_factor;
use rusty_lock_engine::run::cancel::CancelToken;
use rusty_lock_engine::run::chaos::FaultPlan;
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, Layer};
use rusty_lock_engine::show::compare::Comparison;
use rusty_lock_engine::show::scenario::{ProviderChoice, Scenario, SPEEDS};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

fn clear(pg: Playground) {
    pg.run.set(RunRecord::default());
    pg.playback.reset();
    hold_if_narrated(pg);
}

/// A narrated run starts held: its first step shows, and each next one waits for the presenter
/// (`crate::actions::step::narrate_next`).
fn hold_if_narrated(pg: Playground) {
    if pg.narrating() {
        pg.playback.paused.set(true);
        // Closed now, not when the gate's effect next runs: the run may be quicker.
        crate::web::gate::gate().set_open(false);
        crate::web::gate::gate().press(rusty_lock_engine::show::beats::Press::Beat);
    }
}

/// At instant speed, the most events the page takes in one update. The loop hands the browser a
/// turn every few milliseconds (so Stop lands), but each update of the page also costs it a
/// frame to lay out and paint, with the log and the history grown: updating at every turn, a
/// 1,000-turn run drew about 20 frames. In batches this size it draws about 5, and every turn
/// between them paints nothing new. Each update now costs little beyond its frame (the log parses
/// only a batch's last lines at once, see `AppendList::deferring`): from 600 to 1,200, with the
/// loop's turns to the browser from every 250 events to every 600, a 1,000-turn run took 0.83×
/// the time (medians, interleaved).
const INSTANT_BATCH: usize = 1200;

/// At instant speed, how long (real ms) an event may wait for its batch to fill: a real endpoint
/// answers in real time, and what happened before its call must not wait for the reply.
const INSTANT_WAIT_MS: u32 = 50;

/// The callback a run or a replay hands each event to. `run` is the run it delivers for (read
/// when the run started); `speed` is the playback speed, read at each event.
fn deliver(pg: Playground, run: u64, speed: Speed) -> Rc<dyn Fn(Event)> {
    // Events reach the signals in batches: at instant speed a run hands over thousands at once,
    // and one update for many of them costs far less than one each. At a watchable speed a batch
    // is what arrived before the next microtask, which is one event. A batch left over from a
    // run that was replaced meanwhile is dropped.
    let pending: Rc<RefCell<Vec<Event>>> = Rc::default();
    let flush = {
        let pending = pending.clone();
        move || {
            let batch = std::mem::take(&mut *pending.borrow_mut());
            // Nothing left (an earlier flush took it), a batch from a run that was replaced, or
            // one for a playground no longer on the page.
            if batch.is_empty() || pg.playback.run_id.try_get_untracked() != Some(run) {
                return;
            }
            let finished = batch.iter().any(|e| matches!(e, Event::Finished { .. }));
            pg.run.update(|run| run.extend(batch));
            if finished {
                pg.running.set(false);
            }
        }
    };
    // Whether a timer watches the batch at instant speed (one at a time).
    let watching = Rc::new(Cell::new(false));
    Rc::new(move |event: Event| {
        let last = matches!(event, Event::Finished { .. });
        let waiting = {
            let mut pending = pending.borrow_mut();
            pending.push(event);
            pending.len()
        };
        let instant = speed.get() <= 0.0;
        if !instant || last || waiting >= INSTANT_BATCH {
            // Now: at the next microtask, once the loop pauses. The first event of a batch asks;
            // at instant speed, the one that ends the run, or the one that fills a batch, which
            // is taken in a task of its own after the loop's next turn: in the loop's own task
            // (its slice of work, then a thousand lines for the page) it made a long task on a
            // slow machine. Whatever is waiting when a flush runs goes with it, in order.
            let full = instant && !last && waiting == INSTANT_BATCH;
            if waiting == 1 || (instant && last) || full {
                let flush = flush.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    if full {
                        crate::web::runner::browser_turn().await;
                    }
                    flush()
                });
            }
        } else if !watching.replace(true) {
            // A batch that stops growing (the loop waits on a real call) is delivered as it is.
            let (flush, pending, watching) = (flush.clone(), pending.clone(), watching.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let mut seen = 0;
                loop {
                    gloo_timers::future::TimeoutFuture::new(INSTANT_WAIT_MS).await;
                    let now = pending.borrow().len();
                    if now == 0 || now == seen {
                        break;
                    }
                    seen = now;
                }
                watching.set(false);
                flush();
            });
        }
    })
}

/// What a live run takes from the page, read at the click: the settings as they were then.
struct LiveStart {
    config: RunConfig,
    provider: ProviderChoice,
    api_key: String,
    stream: bool,
    run: u64,
}

/// One live run of the scenario on screen, with the built-in model or a real endpoint. The
/// settings are read now; the run is set up in the loop's part (`start_live`), which it waits
/// for in any case.
pub fn run_live(pg: Playground) {
    stop(pg);
    clear(pg);
    pg.replayed.set(None);
    pg.stream_text.set(String::new());
    pg.running.set(true);
    let start = LiveStart {
        // The conversation is held in the language the page speaks when Run is pressed.
        config: rusty_lock_engine::run::config::RunConfig {
            lang: crate::text::lang(),
            ..pg.scenario.with_untracked(|s| s.config.clone())
        },
        provider: pg.scenario.with_untracked(|s| s.provider.clone()),
        api_key: pg.key_for_request(),
        stream: pg.stream.get_untracked(),
        run: pg.playback.run_id.get_untracked(),
    };
    start_in_engine_part(pg, move |token| start_live(pg, start, token), text::engine_part_missing());
}

// The model, its settings and the page's end of the run are set up in the loop's part, with
// the loop: none of it is needed before the first Run.
split_point! { engine,
    fn start_live(pg: Playground, start: LiveStart, token: CancelToken) -> Result<(), PartMissing> {
        let LiveStart { config, provider, api_key, stream, run } = start;
        let (model, clock_speed): (Model, Speed) = match provider {
            ProviderChoice::Builtin => (Model::Builtin(config.personality), pg.live_speed.get_value()),
            ProviderChoice::Http { endpoint, model } => {
                // A stream may still be arriving after the playground is gone (a link to
                // another view): its text then goes nowhere.
                let on_stream = Rc::new(move |update: StreamUpdate| match update {
                    StreamUpdate::Started => {
                        pg.stream_text.try_set(String::new());
                    }
                    StreamUpdate::Text(t) => {
                        pg.stream_text.try_update(|s| {
                            s.push_str(&t);
                            text::keep_tail(s);
                        });
                    }
                });
                let settings = HttpSettings { base_url: endpoint, model, api_key, stream, stall_ms: STALL_MS };
                (Model::Other(Box::new(LazyHttp::new(settings, on_stream))), Rc::new(Cell::new(1.0)))
            }
        };
        let setup = RunSetup {
            config,
            plan: pg.live_plan.get_value(),
            speed: pg.live_speed.get_value(),
            clock_speed,
            model,
            deliver: deliver(pg, run, pg.live_speed.get_value()),
        };
        crate::web::runner::start_run(setup, token);
        Ok(())
    }
}

/// Plays recorded events back at the current speed, paced as the run was. `recorded` is the
/// model they were recorded against: shown as data in the replay label, never put in the page's
/// settings, so the next Run runs what the settings show.
pub fn replay(pg: Playground, events: Vec<Event>, recorded: ProviderChoice) {
    stop(pg);
    clear(pg);
    pg.replayed.set(Some(recorded));
    pg.running.set(true);
    let run = pg.playback.run_id.get_untracked();
    start_in_engine_part(pg, move |token| start_replay(pg, run, events, token), text::replay_part_missing());
}

split_point! { engine,
    fn start_replay(pg: Playground, run: u64, events: Vec<Event>, token: CancelToken) -> Result<(), PartMissing> {
        crate::web::replay::replay(events, pg.live_speed.get_value(), deliver(pg, run, pg.live_speed.get_value()), token);
        Ok(())
    }
}

/// Plays events the page did not run itself (your own loop's, read from what it did) in the
/// scene, paced as a replay, with no replay label: they are this view's own run.
pub fn play(pg: Playground, events: Vec<Event>) {
    stop(pg);
    clear(pg);
    pg.replayed.set(None);
    pg.running.set(true);
    let run = pg.playback.run_id.get_untracked();
    start_in_engine_part(pg, move |token| start_replay(pg, run, events, token), text::replay_part_missing());
}

/// Starts a run or a replay, which both live in the loop's lazy part. The token exists before
/// the part arrives, so Stop works from the first click; a part that cannot be fetched ends
/// the run with `missing` said on the page.
fn start_in_engine_part<F>(pg: Playground, start: impl FnOnce(CancelToken) -> F, missing: &'static str)
where
    F: std::future::Future<Output = Result<(), PartMissing>> + 'static,
{
    let token = CancelToken::new();
    pg.cancel.set_value(Some(token.clone()));
    let started = start(token);
    spawn_local(async move {
        if started.await.is_err() && pg.is_alive() {
            pg.running.set(false);
            // Nothing plays: no replay label over an empty scene.
            pg.replayed.set(None);
            pg.trace_error.set(Some(missing.into()));
        }
    });
}

/// Cancels the run at once, even in the middle of a backoff or a call that never answers. The
/// run then says it was stopped, and that is how `running` ends.
pub fn stop(pg: Playground) {
    if let Some(token) = pg.cancel.try_update_value(Option::take).flatten() {
        token.cancel();
    }
}

/// Ends the run on screen for good before something else takes the page (a new lesson, a link,
/// a trace): cancelled like Stop, and its last events, which would land after the page has moved
/// on, are dropped; the page is ready at once for the next Run, key or click.
pub fn end_run(pg: Playground) {
    stop(pg);
    pg.playback.reset();
    pg.running.set(false);
}

/// Run, or in compare mode, run both schools. Both runs are computed at once (with the built-in
/// model they are pure functions of the scenario) and then played from the first step, in step.
pub fn run(pg: Playground) {
    // Run's button is disabled then, but Space starts a run too.
    if untrack(|| pg.run_needs_model()) {
        return;
    }
    pg.replayed.set(None);
    if !pg.playback.compare.get_untracked() {
        run_live(pg);
        return;
    }
    stop(pg);
    let pb = pg.playback;
    pb.reset();
    hold_if_narrated(pg);
    let config = rusty_lock_engine::run::config::RunConfig {
        lang: crate::text::lang(),
        ..pg.scenario.with_untracked(|s| s.config.clone())
    };
    let plan = pg.scenario.with_untracked(|s| s.faults.clone());
    let run = pb.run_id.get_untracked();
    leptos::task::spawn_local(async move {
        let result = compare_and_show(pg, config, plan, run).await;
        if result.is_err() && pg.is_alive() {
            pg.trace_error.set(Some(crate::text::engine_part_missing().into()));
        }
    });
}

// Both schools are run, and put on screen, in the compare part.
split_point! { compare,
    fn compare_and_show(pg: Playground, config: RunConfig, plan: FaultPlan, run: u64) -> Result<(), PartMissing> {
        let comparison = rusty_lock_engine::show::compare::compare(&config, plan);
        // Shown only if nothing replaced it while the part was on its way (a new lesson, a link,
        // another Run) and the playground is still on the page.
        if pg.playback.run_id.try_get_untracked() == Some(run) {
            show_comparison(pg, comparison);
        }
        Ok(())
    }
}

/// Puts both schools' runs on screen, to be played from the first step.
fn show_comparison(pg: Playground, comparison: Comparison) {
    let pb = pg.playback;
    pb.naive.set(comparison.naive.events);
    pb.diverge_at.set(comparison.diverge_at);
    pg.run.set(RunRecord::new(comparison.robust.events));
    pg.running.set(false);
    if speed_factor(pg.scenario.with_untracked(|s| s.speed)) > 0.0 {
        pb.cursor.set(Some(0));
    }
}

/// Puts a scenario on the page. A new lesson starts fresh, on its question.
pub fn apply_scenario(pg: Playground, mut s: Scenario) {
    pg.replayed.set(None);
    let new_lesson = pg.scenario.with_untracked(|now| s.lesson != now.lesson || s.own_lesson != now.own_lesson);
    if new_lesson {
        end_run(pg);
        clear(pg);
        pg.answer.set(None);
        pg.revealed.set(false);
    }
    s.speed = s.speed.min(SPEEDS.len() - 1);
    pg.scenario.set(s);
}

/// Answers the open lesson's question and runs it: `Some(layer)` is a guess the page judges,
/// `None` is "Show me", which reveals the answer without judging anyone.
pub fn answer_lesson(pg: Playground, guess: Option<Layer>) {
    match guess {
        Some(layer) => pg.answer.set(Some(layer)),
        None => pg.revealed.set(true),
    }
    run(pg);
}
