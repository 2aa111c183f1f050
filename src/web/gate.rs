//! The pause gate of a live run. Each event waits here before it reaches the page, and the run's
//! clock driver waits here before it moves virtual time on, so Pause really stops the run: no
//! backoff runs out and no watchdog fires while the audience looks at the screen. A step lets
//! exactly one event through.
//!
//! There is one run at a time, so there is one gate, shared by the runner, the replay and the
//! playback controls.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;
use std::task::{Poll, Waker};

pub struct Gate {
    open: Cell<bool>,
    /// Events allowed through while closed, one per step.
    steps: Cell<u32>,
    wakers: RefCell<Vec<Waker>>,
    /// Real milliseconds spent open before the current open stretch began.
    played_before: Cell<f64>,
    /// When the current open stretch began, if open.
    opened_at: Cell<Option<f64>>,
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
            steps: Cell::new(0),
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
            self.steps.set(0);
            self.opened_at.set(Some(now()));
            self.wake();
        } else if let Some(at) = self.opened_at.take() {
            self.played_before.set(self.played_before.get() + (now() - at));
        }
    }

    /// Lets one more event through while closed.
    pub fn step(&self) {
        if !self.open.get() {
            self.steps.set(self.steps.get() + 1);
            self.wake();
        }
    }

    pub fn step_pending(&self) -> bool {
        self.steps.get() > 0
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

    /// Resolves when one event may pass: at once while open, else on opening or on a step
    /// (which it uses up).
    pub fn pass(self: &Rc<Self>) -> impl Future<Output = ()> {
        let gate = self.clone();
        std::future::poll_fn(move |cx| {
            if gate.open.get() {
                return Poll::Ready(());
            }
            if gate.steps.get() > 0 {
                gate.steps.set(gate.steps.get() - 1);
                return Poll::Ready(());
            }
            gate.wakers.borrow_mut().push(cx.waker().clone());
            Poll::Pending
        })
    }

    /// Resolves when time may flow again (open, or a step waiting), without using the step.
    pub fn flowing(self: &Rc<Self>) -> impl Future<Output = ()> {
        let gate = self.clone();
        std::future::poll_fn(move |cx| {
            if gate.open.get() || gate.steps.get() > 0 {
                return Poll::Ready(());
            }
            gate.wakers.borrow_mut().push(cx.waker().clone());
            Poll::Pending
        })
    }
}
