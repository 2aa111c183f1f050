//! Drives the engine's virtual clock with real browser timers, scaled by the playback speed.
//! Timers still fire in deadline order at any speed, so "instant" plays the same run as 1×.

use gloo_timers::future::TimeoutFuture;
use rusty_lock_engine::{Clock, VirtualClock};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen_futures::spawn_local;

/// Speed as a factor of real time; 0 means instant (no real waiting at all).
pub type Speed = Rc<Cell<f64>>;

pub struct ClockDriver {
    clock: VirtualClock,
    speed: Speed,
    /// The deadline a wake-up is already scheduled for, if any.
    scheduled: Cell<Option<u64>>,
    /// Bumped on every reschedule, so a superseded wake-up does nothing.
    generation: Cell<u64>,
}

impl ClockDriver {
    /// Hooks a driver onto `clock`; it lives until the hook is cleared.
    pub fn attach(clock: &VirtualClock, speed: Speed) {
        let driver =
            Rc::new(ClockDriver { clock: clock.clone(), speed, scheduled: Cell::new(None), generation: Cell::new(0) });
        // The hook owns the driver and the driver holds the clock: the runner breaks that cycle
        // when the run ends by clearing the hook.
        clock.set_on_new_timer(Some(Rc::new(move || {
            let d = driver.clone();
            // Let the engine finish registering its timer before reading the queue.
            spawn_local(async move { d.schedule() });
        })));
    }

    fn schedule(self: &Rc<Self>) {
        let Some(next) = self.clock.next_deadline() else {
            self.scheduled.set(None);
            return;
        };
        if matches!(self.scheduled.get(), Some(d) if d <= next) {
            return;
        }
        self.scheduled.set(Some(next));
        let generation = self.generation.get() + 1;
        self.generation.set(generation);
        let speed = self.speed.get();
        let span = next.saturating_sub(self.clock.now_ms()) as f64;
        let real_ms = if speed <= 0.0 { 0 } else { (span / speed).min(u32::MAX as f64) as u32 };
        let me = self.clone();
        spawn_local(async move {
            TimeoutFuture::new(real_ms).await;
            if me.generation.get() != generation {
                return;
            }
            me.scheduled.set(None);
            me.clock.advance_to(next);
            me.schedule();
        });
    }
}
