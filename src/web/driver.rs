//! Drives the engine's virtual clock with real browser timers, scaled by the playback speed.
//! Timers still fire in deadline order at any speed, so "instant" plays the same run as 1×.

use crate::web::gate::gate;
use gloo_timers::future::TimeoutFuture;
use rusty_lock_engine::run::clock::{Clock, VirtualClock};
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
    /// Where virtual and played real time last matched, and at what speed: virtual time runs on
    /// from there with real time, so a timer set late is measured from when it was set.
    anchor: Cell<(u64, f64, f64)>,
}

impl ClockDriver {
    /// Hooks a driver onto `clock`; it lives until the hook is cleared.
    pub fn attach(clock: &VirtualClock, speed: Speed) {
        let driver = Rc::new(ClockDriver {
            clock: clock.clone(),
            speed,
            scheduled: Cell::new(None),
            generation: Cell::new(0),
            anchor: Cell::new((0, gate().played_ms(), 0.0)),
        });
        let weak = Rc::downgrade(&driver);
        clock.set_time_source(Some(Rc::new(move |now| weak.upgrade().and_then(|d| d.real_now(now)))));
        // The hook owns the driver and the driver holds the clock: the runner breaks that cycle
        // when the run ends by clearing the hook.
        clock.set_on_new_timer(Some(Rc::new(move || {
            let d = driver.clone();
            // Let the engine finish registering its timer before reading the queue.
            spawn_local(async move { d.schedule() });
        })));
    }

    /// Virtual time as real (played) time says it is, or `None` at instant speed, where time
    /// only moves by jumping to the next deadline.
    fn real_now(&self, now: u64) -> Option<u64> {
        let speed = self.speed.get();
        let played = gate().played_ms();
        let (virtual_at, played_at, speed_at) = self.anchor.get();
        if speed != speed_at {
            self.anchor.set((now, played, speed));
            return None;
        }
        if speed <= 0.0 {
            return None;
        }
        Some(virtual_at + ((played - played_at).max(0.0) * speed) as u64)
    }

    /// After a jump, real time starts counting again from the new virtual time.
    fn reanchor(&self) {
        let now = self.clock.now_ms();
        self.anchor.set((now, gate().played_ms(), self.speed.get()));
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
            // Paused time does not count: the wait resumes where it stopped. A step skips it.
            let gate = gate();
            // A press that reached this wait has shown its beat: the wait runs down on screen by
            // itself, and the next press cuts it at once (`web::gate`). A timer already gone (a
            // reply came first) is no wait.
            let counting =
                me.clock.next_deadline() == Some(next) && real_ms > 0 && gate.wait_begins(span as u64, real_ms as f64);
            let target = gate.played_ms() + real_ms as f64;
            let mut wait = real_ms;
            loop {
                if counting {
                    let timeout = TimeoutFuture::new(wait);
                    let pressed = gate.pressed();
                    futures::pin_mut!(pressed);
                    futures::future::select(timeout, pressed).await;
                } else {
                    TimeoutFuture::new(wait).await;
                }
                if me.generation.get() != generation {
                    if counting {
                        gate.wait_over();
                    }
                    return;
                }
                if !gate.is_open() {
                    gate.flowing().await;
                    if me.generation.get() != generation {
                        if counting {
                            gate.wait_over();
                        }
                        return;
                    }
                }
                let left = target - gate.played_ms();
                if gate.step_pending() || left < 1.0 {
                    break;
                }
                wait = left.ceil() as u32;
            }
            if counting {
                gate.wait_over();
            }
            me.scheduled.set(None);
            me.clock.advance_to(next);
            me.reanchor();
            me.schedule();
        });
    }
}
