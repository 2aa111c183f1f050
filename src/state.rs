//! The playground's state: plain engine types in signals, and the actions (Run, Stop, Replay).
//! Components read it from context; none of them owns a piece of it. The fault plan itself is
//! the source of truth, so a link round-trips exactly whatever the toggles show.

use crate::parts;
use crate::parts::{LazyHttp, PartMissing};
use crate::text;
use crate::web::driver::Speed;
use crate::web::gate::gate;
use crate::web::http_provider::{HttpSettings, StreamUpdate};
use crate::web::key_store;
use crate::web::runner::{Model, RunSetup};
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::scenario::{Mode, Notice, ProviderChoice, Scenario, DEFAULT_SPEED, SPEEDS, SPEED_FACTORS};
use rusty_lock_engine::{CancelToken, Event, FaultPlan, Layer, RunConfig, RunView};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

#[derive(Clone, Copy)]
pub struct Playground {
    pub config: RwSignal<RunConfig>,
    pub plan: RwSignal<FaultPlan>,
    pub speed_index: RwSignal<usize>,
    pub provider: RwSignal<ProviderChoice>,
    pub lesson: RwSignal<Option<String>>,
    pub lang: RwSignal<Option<String>>,
    pub mode: RwSignal<Mode>,
    /// What the last link or file asked for that was ignored.
    pub notices: RwSignal<Vec<Notice>>,
    /// A problem shown until dismissed: a refused trace, or a part of the page that could not be
    /// fetched.
    pub trace_error: RwSignal<Option<String>>,
    /// The viewer's answer to the current lesson's question.
    pub answer: RwSignal<Option<Layer>>,
    pub events: RwSignal<Vec<Event>>,
    pub view: RwSignal<RunView>,
    pub running: RwSignal<bool>,
    /// Playback and time travel: which step is on screen, paused or not, compare mode.
    pub playback: Playback,
    /// Real endpoints: stream the reply (on by default) and the text streamed so far.
    pub stream: RwSignal<bool>,
    pub stream_text: RwSignal<String>,
    /// Whether a key is set, and whether it is remembered on this device. The key itself is
    /// never in a signal, so no component can render it by mistake.
    pub has_key: RwSignal<bool>,
    pub remember_key: RwSignal<bool>,
    api_key: StoredValue<String, LocalStorage>,
    cancel: StoredValue<Option<CancelToken>, LocalStorage>,
    /// The plan the running chaos decorator reads, kept in step with the toggles.
    live_plan: StoredValue<Rc<RefCell<FaultPlan>>, LocalStorage>,
    live_speed: StoredValue<Speed, LocalStorage>,
}

/// A stream that sends nothing for this long is stalled (real milliseconds).
pub const STALL_MS: u32 = 10_000;

/// The speed factor of a speed index; 0 means instant.
pub fn speed_factor(index: usize) -> f64 {
    SPEED_FACTORS.get(index).copied().unwrap_or(1.0)
}

impl Playground {
    pub fn new() -> Self {
        let pg = Playground {
            config: RwSignal::new(RunConfig::default()),
            plan: RwSignal::new(FaultPlan::default()),
            speed_index: RwSignal::new(DEFAULT_SPEED),
            provider: RwSignal::new(ProviderChoice::Builtin),
            lesson: RwSignal::new(None),
            lang: RwSignal::new(None),
            mode: RwSignal::new(Mode::Full),
            notices: RwSignal::new(Vec::new()),
            trace_error: RwSignal::new(None),
            answer: RwSignal::new(None),
            events: RwSignal::new(Vec::new()),
            view: RwSignal::new(RunView::default()),
            running: RwSignal::new(false),
            playback: Playback::new(),
            stream: RwSignal::new(true),
            stream_text: RwSignal::new(String::new()),
            has_key: RwSignal::new(false),
            remember_key: RwSignal::new(false),
            api_key: StoredValue::new_local(String::new()),
            cancel: StoredValue::new_local(None),
            live_plan: StoredValue::new_local(Rc::new(RefCell::new(FaultPlan::default()))),
            live_speed: StoredValue::new_local(Rc::new(Cell::new(speed_factor(DEFAULT_SPEED)))),
        };
        // Toggles and speed apply mid-run: the running loop reads these shared cells.
        Effect::new(move |_| {
            let plan = pg.plan.get();
            pg.live_plan.with_value(|p| *p.borrow_mut() = plan);
        });
        Effect::new(move |_| {
            let speed = speed_factor(pg.speed_index.get());
            pg.live_speed.with_value(|s| s.set(speed));
        });
        if let Some(key) = key_store::load() {
            pg.api_key.set_value(key);
            pg.has_key.set(true);
            pg.remember_key.set(true);
        }
        pg
    }

    /// Sets the API key: kept in memory, and on this device only if the user opted in.
    pub fn set_api_key(&self, key: String) {
        self.has_key.set(!key.is_empty());
        if self.remember_key.get_untracked() {
            key_store::save(&key);
        }
        self.api_key.set_value(key);
    }

    pub fn set_remember_key(&self, remember: bool) {
        self.remember_key.set(remember);
        if remember {
            self.api_key.with_value(|k| key_store::save(k));
        } else {
            key_store::forget();
        }
    }

    /// Drops the key from memory and from this device.
    pub fn forget_key(&self) {
        key_store::forget();
        self.api_key.set_value(String::new());
        self.has_key.set(false);
        self.remember_key.set(false);
    }

    /// The secrets to scrub from anything the page exports.
    pub fn secrets(&self) -> Vec<String> {
        self.api_key.with_value(|k| if k.is_empty() { vec![] } else { vec![k.clone()] })
    }

    /// The scenario the page shows now (tracked: an effect reading it reruns on any change).
    pub fn scenario(&self) -> Scenario {
        Scenario {
            config: self.config.get(),
            faults: self.plan.get(),
            speed: self.speed_index.get(),
            provider: self.provider.get(),
            lesson: self.lesson.get(),
            lang: self.lang.get(),
            mode: self.mode.get(),
        }
    }

    /// Whether a run has ended and nothing is running: the moment for the verdict, the lesson's
    /// explanation and saving a trace.
    pub fn finished(&self) -> bool {
        !self.running.get() && self.view.with(|v| v.outcome.is_some())
    }

    /// The same, without subscribing the caller.
    pub fn scenario_untracked(&self) -> Scenario {
        untrack(|| self.scenario())
    }

    /// Puts a scenario on the page. A new lesson starts fresh, on its question.
    pub fn apply_scenario(&self, s: Scenario) {
        if s.lesson != self.lesson.get_untracked() {
            self.stop();
            self.clear();
            self.answer.set(None);
        }
        self.config.set(s.config);
        self.plan.set(s.faults);
        self.speed_index.set(s.speed.min(SPEEDS.len() - 1));
        self.provider.set(s.provider);
        self.lesson.set(s.lesson);
        self.lang.set(s.lang);
        self.mode.set(s.mode);
    }

    fn clear(&self) {
        self.events.set(Vec::new());
        self.view.set(RunView::default());
        self.playback.reset();
    }

    /// The callback a run or a replay hands each event to.
    fn deliver(&self) -> Rc<dyn Fn(Event)> {
        let pg = *self;
        // Events reach the signals in batches, one per microtask: at instant speed a run hands
        // over thousands at once, and one update for all of them costs far less than one each.
        // A batch left over from a run that was replaced meanwhile is dropped.
        let run = pg.playback.run_id.get_untracked();
        let pending: Rc<RefCell<Vec<Event>>> = Rc::default();
        Rc::new(move |event: Event| {
            pending.borrow_mut().push(event);
            if pending.borrow().len() > 1 {
                return;
            }
            let pending = pending.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let batch = std::mem::take(&mut *pending.borrow_mut());
                if pg.playback.run_id.get_untracked() != run {
                    return;
                }
                let finished = batch.iter().any(|e| matches!(e, Event::Finished { .. }));
                let start = pg.events.with_untracked(Vec::len);
                pg.view.update(|v| batch.iter().enumerate().for_each(|(k, e)| v.apply(start + k, e)));
                pg.events.update(|v| v.extend(batch));
                if finished {
                    pg.running.set(false);
                }
            });
        })
    }

    pub fn run(&self) {
        self.stop();
        self.clear();
        self.stream_text.set(String::new());
        self.running.set(true);
        let config = self.config.get_untracked();
        let pg = *self;
        let (model, clock_speed): (Model, Speed) = match self.provider.get_untracked() {
            ProviderChoice::Builtin => (Model::Builtin(config.personality), self.live_speed.get_value()),
            ProviderChoice::Http { endpoint, model } => {
                let on_stream = Rc::new(move |update: StreamUpdate| match update {
                    StreamUpdate::Started => pg.stream_text.set(String::new()),
                    StreamUpdate::Text(t) => pg.stream_text.update(|s| {
                        s.push_str(&t);
                        text::keep_tail(s);
                    }),
                });
                let settings = HttpSettings {
                    base_url: endpoint,
                    model,
                    api_key: self.api_key.get_value(),
                    stream: self.stream.get_untracked(),
                    stall_ms: STALL_MS,
                };
                (Model::Other(Box::new(LazyHttp::new(settings, on_stream))), Rc::new(Cell::new(1.0)))
            }
        };
        let setup = RunSetup {
            config,
            plan: self.live_plan.get_value(),
            speed: self.live_speed.get_value(),
            clock_speed,
            model,
            deliver: self.deliver(),
        };
        self.start_in_engine_part(|token| parts::start_run(setup, token), text::ENGINE_PART_MISSING);
    }

    /// Plays recorded events back at the current speed, as if the run were happening now.
    pub fn replay(&self, events: Vec<Event>) {
        self.stop();
        self.clear();
        self.running.set(true);
        let (speed, deliver) = (self.live_speed.get_value(), self.deliver());
        self.start_in_engine_part(
            |token| parts::start_replay(events, speed, deliver, token),
            text::REPLAY_PART_MISSING,
        );
    }

    /// Starts a run or a replay, which both live in the loop's lazy part. The token exists before
    /// the part arrives, so Stop works from the first click; a part that cannot be fetched ends
    /// the run with `missing` said on the page.
    fn start_in_engine_part<F>(&self, start: impl FnOnce(CancelToken) -> F, missing: &'static str)
    where
        F: std::future::Future<Output = Result<(), PartMissing>> + 'static,
    {
        let token = CancelToken::new();
        self.cancel.set_value(Some(token.clone()));
        let pg = *self;
        let started = start(token);
        spawn_local(async move {
            if started.await.is_err() {
                pg.running.set(false);
                pg.trace_error.set(Some(missing.into()));
            }
        });
    }

    /// Cancels the run at once, even in the middle of a backoff or a call that never answers.
    pub fn stop(&self) {
        if let Some(token) = self.cancel.get_value() {
            token.cancel();
        }
        self.cancel.set_value(None);
    }
}

/// The playback state, part of [`Playground`]: which step is on screen, paused or not, and
/// compare mode's second run. Its actions are in `crate::playback`.
#[derive(Clone, Copy)]
pub struct Playback {
    /// `None`: follow the run live. `Some(i)`: show the run as it was after event `i`.
    pub cursor: RwSignal<Option<usize>>,
    /// Held by the user: a live run waits at the gate, a replay stays on its step.
    pub paused: RwSignal<bool>,
    /// Bumped for every new run, so lists built for the last one start over.
    pub run_id: RwSignal<u64>,
    /// Compare mode: the same scenario played by a naive loop beside the robust one.
    pub compare: RwSignal<bool>,
    /// The naive loop's events, in compare mode.
    pub naive: RwSignal<Vec<Event>>,
    /// Where the two loops part ways, in compare mode.
    pub diverge_at: RwSignal<Option<usize>>,
}

impl Playback {
    pub fn new() -> Self {
        Playback {
            cursor: RwSignal::new(None),
            paused: RwSignal::new(false),
            run_id: RwSignal::new(0),
            compare: RwSignal::new(false),
            naive: RwSignal::new(Vec::new()),
            diverge_at: RwSignal::new(None),
        }
    }

    /// A new run: follow it live, unpaused, with the naive side cleared.
    pub fn reset(&self) {
        gate().set_open(true);
        self.cursor.set(None);
        self.paused.set(false);
        self.run_id.update(|n| *n += 1);
        self.naive.set(Vec::new());
        self.diverge_at.set(None);
    }
}

impl Default for Playback {
    fn default() -> Self {
        Self::new()
    }
}
