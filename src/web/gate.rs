//! The pause gate of a live run. Each event waits here before it reaches the page, and the run's
//! clock driver waits here before it moves virtual time on, so Pause really stops the run: no
//! backoff runs out and no watchdog fires while the audience looks at the screen. A press lets
//! events through as the engine's [`PressState`] says: one (a step), a beat (the clicker), up to
//! the next failure, or to the end. A press while another is still under way is not queued.
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
    /// When the current open stretch began, if open.
    opened_at: Cell<Option<f64>>,
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

fn now() -> f64 {
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
            self.opened_at.set(Some(now()));
            self.wake();
        } else if let Some(at) = self.opened_at.take() {
            self.played_before.set(self.played_before.get() + (now() - at));
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

    /// Real milliseconds spent open so far: the run's own sense of time passing.
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

    /// Resolves when time may flow again (open, or a press under way), without using the press.
    pub fn flowing(self: &Rc<Self>) -> impl Future<Output = ()> {
        let gate = self.clone();
        std::future::poll_fn(move |cx| {
            if gate.open.get() || gate.press.borrow().is_some() {
                return Poll::Ready(());
            }
            gate.wakers.borrow_mut().push(cx.waker().clone());
            Poll::Pending
        })
    }
}
