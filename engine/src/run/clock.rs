//! Injected time. The loop never reads a real clock: it asks a [`Clock`], so a native test can
//! run a minute of backoff in microseconds and the page can run the same code at any speed.

use futures::future::LocalBoxFuture;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

/// What the loop needs of time: the current instant and a way to wait.
pub trait Clock {
    fn now_ms(&self) -> u64;
    fn sleep(&self, ms: u64) -> LocalBoxFuture<'static, ()>;
}

/// A clock whose time only moves when its driver says so. Timers fire in deadline order, so a
/// race between a slow reply and the watchdog has one answer whatever the playback speed.
///
/// A native driver jumps straight to the next deadline; the page's driver waits the scaled real
/// time first. Both call [`VirtualClock::advance_to`].
#[derive(Clone, Default)]
pub struct VirtualClock {
    inner: Rc<Inner>,
}

#[derive(Default)]
struct Inner {
    now: Cell<u64>,
    next_id: Cell<u64>,
    timers: RefCell<BTreeMap<(u64, u64), Option<Waker>>>,
    on_new_timer: RefCell<Option<Rc<dyn Fn()>>>,
    time_source: RefCell<Option<TimeSource>>,
}

/// Given the clock's current time, says where real time has got to, or `None` when time only
/// moves by jumps (instant playback and native tests).
pub type TimeSource = Rc<dyn Fn(u64) -> Option<u64>>;

impl VirtualClock {
    pub fn new() -> Self {
        Self::default()
    }

    /// The earliest deadline still waiting, if any.
    pub fn next_deadline(&self) -> Option<u64> {
        self.inner.timers.borrow().keys().next().map(|(d, _)| *d)
    }

    /// Moves time forward to `t` (never back) and wakes every timer due by then.
    pub fn advance_to(&self, t: u64) {
        if t > self.inner.now.get() {
            self.inner.now.set(t);
        }
        let now = self.inner.now.get();
        let due: Vec<Waker> = {
            let mut timers = self.inner.timers.borrow_mut();
            let keys: Vec<(u64, u64)> = timers.range(..=(now, u64::MAX)).map(|(k, _)| *k).collect();
            keys.into_iter().filter_map(|k| timers.remove(&k).flatten()).collect()
        };
        due.into_iter().for_each(Waker::wake);
    }

    /// Lets a real-time driver keep the clock in step with real time, so a timer set now is due
    /// its full duration from now, not from the last time a timer fired.
    pub fn set_time_source(&self, f: Option<TimeSource>) {
        *self.inner.time_source.borrow_mut() = f;
    }

    /// Catches up with the time source, firing whatever fell due meanwhile.
    fn sync(&self) {
        let source = self.inner.time_source.borrow().clone();
        if let Some(t) = source.and_then(|source| source(self.inner.now.get())) {
            if t > self.inner.now.get() {
                self.advance_to(t);
            }
        }
    }

    /// Lets a real-time driver learn that a new timer exists, so it can schedule a wake-up.
    pub fn set_on_new_timer(&self, f: Option<Rc<dyn Fn()>>) {
        *self.inner.on_new_timer.borrow_mut() = f;
    }
}

impl Clock for VirtualClock {
    fn now_ms(&self) -> u64 {
        self.sync();
        self.inner.now.get()
    }

    fn sleep(&self, ms: u64) -> LocalBoxFuture<'static, ()> {
        self.sync();
        let deadline = self.inner.now.get().saturating_add(ms);
        let id = self.inner.next_id.get();
        self.inner.next_id.set(id + 1);
        if ms > 0 {
            self.inner.timers.borrow_mut().insert((deadline, id), None);
            let hook = self.inner.on_new_timer.borrow().clone();
            if let Some(hook) = hook {
                hook();
            }
        }
        Box::pin(Sleep { clock: self.inner.clone(), key: (deadline, id) })
    }
}

struct Sleep {
    clock: Rc<Inner>,
    key: (u64, u64),
}

impl Future for Sleep {
    type Output = ();
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.clock.now.get() >= self.key.0 {
            return Poll::Ready(());
        }
        if let Some(slot) = self.clock.timers.borrow_mut().get_mut(&self.key) {
            *slot = Some(cx.waker().clone());
        }
        Poll::Pending
    }
}

impl Drop for Sleep {
    fn drop(&mut self) {
        self.clock.timers.borrow_mut().remove(&self.key);
    }
}

/// Drives a future to its end on a [`VirtualClock`] without real waiting: poll, and whenever
/// nothing can move, jump to the next deadline. Returns `None` if the future waits on something
/// that will never come (a hang with no watchdog), which is itself worth reporting.
pub fn block_on_virtual<F: Future>(clock: &VirtualClock, fut: F) -> Option<F::Output> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::task::Wake;

    struct Flag(AtomicBool);
    impl Wake for Flag {
        fn wake(self: Arc<Self>) {
            self.0.store(true, Ordering::SeqCst);
        }
    }
    let flag = Arc::new(Flag(AtomicBool::new(false)));
    let waker = Waker::from(flag.clone());
    let mut cx = Context::from_waker(&waker);
    let mut fut = std::pin::pin!(fut);
    loop {
        if let Poll::Ready(v) = fut.as_mut().poll(&mut cx) {
            return Some(v);
        }
        if flag.0.swap(false, Ordering::SeqCst) {
            continue;
        }
        match clock.next_deadline() {
            Some(d) => clock.advance_to(d),
            None => return None,
        }
    }
}
