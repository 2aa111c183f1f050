//! The pause gate of a live run. Each event waits here before it reaches the page, and the run's
//! clock driver waits here before it moves virtual time on, so Pause really stops the run: no
//! backoff runs out and no watchdog fires while the audience looks at the screen. A press lets
//! events through as the engine's [`PressState`] says: one (a step), a beat (the clicker), up to
//! the next failure, or to the end. A press while another is still under way is not queued.
//!
//! A press that reaches a wait of the run's own (your code's wait before a retry, a silent call
//! while the watchdog runs) has shown its beat: the wait then runs down on screen by itself, with
//! a countdown ([`Gate::wait_begins`]), and stops at its end. A press during it is the next press:
//! it cuts the rest of the wait and shows the next beat, so no press is silent or lost.
//!
//! There is one run at a time, so there is one gate, shared by the runner, the replay and the
//! playback controls.

use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::show::beats::{Press, PressState};
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;
use std::task::{Poll, Waker};

pub struct Gate {
    open: Cell<bool>,
    /// The press under way while closed, if any: which events it lets through.
    press: RefCell<Option<PressState>>,
    wakers: RefCell<Vec<Waker>>,
    /// Real milliseconds spent open before the current open stretch began.
    played_before: Cell<f64>,
    /// When the current stretch of flowing time began, if time flows (open, or counting down).
    opened_at: Cell<Option<f64>>,
    /// A wait running down on screen by itself while closed: time flows, events do not pass.
    counting: Cell<bool>,
    /// Whether a press ends at a wait: with the built-in model, whose every wait is the run's own.
    /// A real model's call takes real time, and a press never cuts its watchdog short.
    waits_end_beats: Cell<bool>,
    /// Told when a wait begins to run down: its span in the run's milliseconds, and in real ones.
    on_countdown: RefCell<Option<CountdownHook>>,
    /// The wait that ran down last, as the page noted it.
    countdown: Cell<Option<Countdown>>,
}

/// Told a wait's span in the run's milliseconds and in real ones, as it begins to run down.
pub type CountdownHook = Rc<dyn Fn(u64, f64)>;

/// A wait running down on screen: its span in the run's own milliseconds and in real ones, from
/// when (real ms since 1970), and the step it follows (`at`, the record's length then).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Countdown {
    pub at: usize,
    pub span: u64,
    pub real_ms: f64,
    pub from: f64,
}

impl Countdown {
    /// The run's milliseconds still to wait now: 0 once it has run down.
    pub fn left(&self) -> u64 {
        let done = if self.real_ms <= 0.0 { 1.0 } else { ((now() - self.from) / self.real_ms).clamp(0.0, 1.0) };
        (self.span as f64 * (1.0 - done)).ceil() as u64
    }
}

/// How far a press goes, to compare two: a step, a beat, to the next failure, to the end.
fn reach(press: Press) -> u8 {
    match press {
        Press::Step => 0,
        Press::Beat => 1,
        Press::ToFailure => 2,
        Press::ToEnd => 3,
    }
}

thread_local! {
    static GATE: Rc<Gate> = Rc::new(Gate::new());
}

/// The page's gate.
pub fn gate() -> Rc<Gate> {
    GATE.with(Rc::clone)
}

pub fn now() -> f64 {
    js_sys::Date::now()
}

impl Gate {
    fn new() -> Self {
        Gate {
            open: Cell::new(true),
            press: RefCell::new(None),
            wakers: RefCell::new(Vec::new()),
            played_before: Cell::new(0.0),
            opened_at: Cell::new(Some(now())),
            counting: Cell::new(false),
            waits_end_beats: Cell::new(false),
            on_countdown: RefCell::new(None),
            countdown: Cell::new(None),
        }
    }

    /// The wait that ran down last after a press, as the page noted it.
    pub fn countdown(&self) -> Option<Countdown> {
        self.countdown.get()
    }

    pub fn set_countdown(&self, countdown: Option<Countdown>) {
        self.countdown.set(countdown);
    }

    /// Time flows (open, or a wait counting down) or stands still.
    fn flow(&self, on: bool) {
        if on {
            if self.opened_at.get().is_none() {
                self.opened_at.set(Some(now()));
            }
        } else if let Some(at) = self.opened_at.take() {
            self.played_before.set(self.played_before.get() + (now() - at));
        }
    }

    /// Whether presses end at waits (the run's model is the built-in one).
    pub fn set_waits_end_beats(&self, on: bool) {
        self.waits_end_beats.set(on);
    }

    /// Who is told when a wait begins to run down on screen.
    pub fn on_countdown(&self, hook: Option<CountdownHook>) {
        self.on_countdown.replace(hook);
    }

    /// The run's clock is about to wait `span` of its milliseconds (`real_ms` on screen) while
    /// closed. A press that has shown its beat ends there, and the wait runs down by itself (time
    /// flows, no event passes). Says whether it does; otherwise the wait waits for a press.
    pub fn wait_begins(&self, span: u64, real_ms: f64) -> bool {
        // A press still to show anything skips the wait; the jump and End go on through it.
        let ends = self.press.borrow().as_ref().is_none_or(|p| p.shown() > 0 && reach(p.kind()) <= reach(Press::Beat));
        if self.open.get() || !self.waits_end_beats.get() || !ends {
            return false;
        }
        self.press.replace(None);
        self.counting.set(true);
        self.flow(true);
        let hook = self.on_countdown.borrow().clone();
        if let Some(hook) = hook {
            hook(span, real_ms);
        }
        true
    }

    /// The wait that ran down (or was cut by a press) is over: closed, time stands still again.
    pub fn wait_over(&self) {
        if self.counting.replace(false) && !self.open.get() {
            self.flow(false);
        }
    }

    pub fn is_open(&self) -> bool {
        self.open.get()
    }

    pub fn set_open(&self, open: bool) {
        if open == self.open.get() {
            return;
        }
        self.open.set(open);
        if open {
            self.press.replace(None);
            self.flow(true);
            self.wake();
        } else {
            self.flow(self.counting.get());
        }
    }

    /// Lets one more event through while closed.
    pub fn step(&self) {
        self.press(Press::Step);
    }

    /// A press while closed. One already under way takes it (the press is not queued: a double
    /// press moves on once, and the run's clock already skips its waits for the press going on).
    pub fn press(&self, kind: Press) {
        if self.open.get() || self.press.borrow().is_some() {
            return;
        }
        self.press.replace(Some(PressState::new(kind)));
        self.wake();
    }

    /// Whether a press is under way: the clock driver skips its waits for it.
    pub fn step_pending(&self) -> bool {
        self.press.borrow().is_some()
    }

    /// A press that may land while another is under way: End or the jump key while a beat
    /// plays strengthens it (the events not shown yet are shown by the stronger press); a
    /// press no stronger than the one under way is taken by it, never queued.
    pub fn press_over(&self, kind: Press) {
        if self.open.get() {
            return;
        }
        let under_way = self.press.borrow().as_ref().map(PressState::kind);
        match under_way {
            Some(now) if reach(now) >= reach(kind) => {}
            Some(_) => {
                self.press.replace(Some(PressState::new(kind)));
                self.wake();
            }
            None => self.press(kind),
        }
    }

    /// Whether the press under way shows `event`, noting it; a press that cannot show more ends.
    fn admit(&self, event: &Event) -> bool {
        let mut press = self.press.borrow_mut();
        let Some(state) = press.as_mut() else { return false };
        if state.admits(event) {
            if !state.may_continue() {
                *press = None;
            }
            true
        } else {
            *press = None;
            false
        }
    }

    /// Real milliseconds of flowing time so far (open, or counting down): the run's own sense of
    /// time passing.
    pub fn played_ms(&self) -> f64 {
        self.played_before.get() + self.opened_at.get().map_or(0.0, |at| now() - at)
    }

    fn wake(&self) {
        for waker in self.wakers.borrow_mut().drain(..) {
            waker.wake();
        }
    }

    /// Resolves when `event` may pass: at once while open, else when a press shows it (the
    /// press under way, or the next one).
    pub fn pass(self: &Rc<Self>, event: Event) -> impl Future<Output = ()> {
        let gate = self.clone();
        std::future::poll_fn(move |cx| {
            if gate.open.get() || gate.admit(&event) {
                return Poll::Ready(());
            }
            gate.wakers.borrow_mut().push(cx.waker().clone());
            Poll::Pending
        })
    }

    /// Resolves when a press comes, or at once if one is under way: a wait counting down is cut.
    pub fn pressed(self: &Rc<Self>) -> impl Future<Output = ()> {
        let gate = self.clone();
        std::future::poll_fn(move |cx| {
            if gate.press.borrow().is_some() {
                return Poll::Ready(());
            }
            gate.wakers.borrow_mut().push(cx.waker().clone());
            Poll::Pending
        })
    }

    /// Resolves when time may flow again (open, a press under way, or a wait counting down),
    /// without using the press.
    pub fn flowing(self: &Rc<Self>) -> impl Future<Output = ()> {
        let gate = self.clone();
        std::future::poll_fn(move |cx| {
            if gate.open.get() || gate.counting.get() || gate.press.borrow().is_some() {
                return Poll::Ready(());
            }
            gate.wakers.borrow_mut().push(cx.waker().clone());
            Poll::Pending
        })
    }
}
