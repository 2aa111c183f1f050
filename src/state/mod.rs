//! The playground's state: plain engine types in signals, and the memos over them (`shown`).
//! The actions that change it are in `crate::actions`.
//! Components read it from context; none of them owns a piece of it. The fault plan itself is
//! the source of truth, so a link round-trips exactly whatever the toggles show.

pub mod language;
pub mod shown;
pub mod yours;

use crate::web::driver::Speed;
use crate::web::gate::gate;
use crate::web::key_store;
use leptos::prelude::*;
use rusty_lock_engine::run::cancel::CancelToken;
use rusty_lock_engine::run::chaos::FaultPlan;
use rusty_lock_engine::run::connection::Preset;
use rusty_lock_engine::run::events::{Event, Layer};
use rusty_lock_engine::show::lessons::LessonId;
use rusty_lock_engine::show::scenario::{
    Mode, Notice, Pace, ProviderChoice, Scenario, Watching, DEFAULT_SPEED, SPEED_FACTORS,
};
use rusty_lock_engine::show::view::RunRecord;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A piece of state the page provided further up (`provide_context`), as leptos's
/// `expect_context` finds it. Its panic names the type plainly: leptos's own writes the type's
/// name and the caller with `{:?}`, and that string escaping brings Unicode's printable table
/// into the first download.
#[track_caller]
pub fn expect_context<T: Clone + 'static>() -> T {
    use_context::<T>()
        .unwrap_or_else(|| panic!("expected context of type {} to be present", std::any::type_name::<T>()))
}

#[derive(Clone, Copy)]
pub struct Playground {
    /// Everything a link carries (the run's settings, its faults, the speed, the model, the
    /// lesson, the layout and the pace), in one signal: the address, the panels and the run all
    /// read this one value, so none of them can disagree about it.
    pub scenario: RwSignal<Scenario>,
    /// The scenario's speed index alone, so the player's clock restarts when the speed changes
    /// and not when a fault is toggled.
    pub speed: Memo<usize>,
    /// What the last link or file asked for that was ignored.
    pub notices: RwSignal<Vec<Notice>>,
    /// A problem shown until dismissed: a refused trace, or a part of the page that could not be
    /// fetched.
    pub trace_error: RwSignal<Option<String>>,
    /// The viewer's answer to the current lesson's question.
    pub answer: RwSignal<Option<Layer>>,
    /// "Show me": the lesson's answer revealed without judging anyone's guess (a teacher
    /// answering for the room).
    pub revealed: RwSignal<bool>,
    /// The run on screen: its events and the view they add up to, in one record.
    pub run: RwSignal<RunRecord>,
    pub running: RwSignal<bool>,
    /// The events on screen are an opened trace's, recorded against this model: the replay label
    /// says so, as data, until the next Run or the next scenario. The page's own provider (the
    /// endpoint form, the address) is never switched to it.
    pub replayed: RwSignal<Option<ProviderChoice>>,
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
    /// Stops the run going on; set and used by `crate::actions::run`.
    pub(crate) cancel: StoredValue<Option<CancelToken>, LocalStorage>,
    /// The plan the running chaos decorator reads, kept in step with the toggles.
    pub(crate) live_plan: StoredValue<Rc<RefCell<FaultPlan>>, LocalStorage>,
    pub(crate) live_speed: StoredValue<Speed, LocalStorage>,
}

/// A stream that sends nothing for this long is stalled (real milliseconds).
pub const STALL_MS: u32 = 10_000;

/// The speed factor of a speed index; 0 means instant.
pub fn speed_factor(index: usize) -> f64 {
    SPEED_FACTORS.get(index).copied().unwrap_or(1.0)
}

impl Playground {
    pub fn new() -> Self {
        let scenario = RwSignal::new(Scenario::new());
        let pg = Playground {
            scenario,
            speed: Memo::new(move |_| scenario.with(|s| s.speed)),
            notices: RwSignal::new(Vec::new()),
            trace_error: RwSignal::new(None),
            answer: RwSignal::new(None),
            revealed: RwSignal::new(false),
            run: RwSignal::new(RunRecord::default()),
            running: RwSignal::new(false),
            replayed: RwSignal::new(None),
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
            let (plan, speed) = pg.scenario.with(|s| (s.faults.clone(), speed_factor(s.speed)));
            pg.live_plan.with_value(|p| *p.borrow_mut() = plan);
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
    /// The key, for the request that sends it in its Authorization header and nowhere else.
    pub fn key_for_request(&self) -> String {
        self.api_key.get_value()
    }

    pub fn secrets(&self) -> Vec<String> {
        self.api_key.with_value(|k| if k.is_empty() { vec![] } else { vec![k.clone()] })
    }

    /// The layout (tracked).
    pub fn mode(&self) -> Mode {
        self.scenario.with(|s| s.mode)
    }

    /// How the room watches (the mode, the speed and the pace), tracked: every link to a lesson on
    /// the page keeps it (`Watching::lesson_link`).
    pub fn watching(&self) -> Watching {
        self.scenario.with(Watching::of)
    }

    /// The playback pace (tracked).
    pub fn pace(&self) -> Pace {
        self.scenario.with(|s| s.pace)
    }

    /// The built-in lesson open, if any (tracked).
    pub fn lesson(&self) -> Option<LessonId> {
        self.scenario.with(|s| s.lesson)
    }

    /// Whether a lesson, built in or the teacher's, asks its question on the page (tracked).
    pub fn in_lesson(&self) -> bool {
        self.scenario.with(|s| s.lesson.is_some() || s.own_lesson.is_some())
    }

    /// Whether a run has ended and nothing is running: the moment for the verdict, the lesson's
    /// explanation and saving a trace.
    pub fn finished(&self) -> bool {
        !self.running.get() && self.run.with(|rec| rec.view().outcome.is_some())
    }

    /// Whether each step waits for the presenter (narrate pace).
    pub fn narrating(&self) -> bool {
        self.scenario.with_untracked(|s| s.pace) == Pace::Narrate
    }

    /// Whether this playground is still on the page. A task that completes after a link took the
    /// page to another view (the herd, the agenda) finds its signals gone, and must do nothing.
    pub fn is_alive(&self) -> bool {
        self.running.try_get_untracked().is_some()
    }

    /// Whether Run must wait for a model name: a real endpoint whose server needs one, and none
    /// given. Sending the request anyway would spend a Run on a refusal the page can see coming.
    /// Compare mode plays the built-in model, so it never waits.
    pub fn run_needs_model(&self) -> bool {
        !self.playback.compare.get()
            && self.scenario.with(|s| {
                matches!(&s.provider, ProviderChoice::Http { endpoint, model }
                    if model.trim().is_empty() && Preset::of(endpoint).needs_model())
            })
    }
}

/// The playback state, part of [`Playground`]: which step is on screen, paused or not, and
/// compare mode's second run. Its actions are in `crate::actions::step`.
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
    /// Hold playback on the first failure of each run, so a room can say who will handle it.
    pub pause_at_failure: RwSignal<bool>,
    /// The run whose first failure has already paused playback.
    pub paused_for_run: RwSignal<Option<u64>>,
    /// The naive loop's events, in compare mode.
    pub naive: RwSignal<Vec<Event>>,
    /// Where the two loops part ways, in compare mode.
    pub diverge_at: RwSignal<Option<usize>>,
    /// Bumped when a wait of the live run begins to run down on screen after a press (the wait
    /// itself is the gate's, `web::gate::Gate::countdown`).
    pub countdown: RwSignal<u64>,
}

impl Playback {
    pub fn new() -> Self {
        Playback {
            cursor: RwSignal::new(None),
            paused: RwSignal::new(false),
            run_id: RwSignal::new(0),
            compare: RwSignal::new(false),
            pause_at_failure: RwSignal::new(false),
            paused_for_run: RwSignal::new(None),
            naive: RwSignal::new(Vec::new()),
            diverge_at: RwSignal::new(None),
            countdown: RwSignal::new(0),
        }
    }

    /// A new run: follow it live, unpaused, with the naive side cleared.
    pub fn reset(&self) {
        gate().wait_over();
        gate().set_countdown(None);
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
