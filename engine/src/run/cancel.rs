//! Stop, as a value. The loop races every wait against it, so pressing Stop ends a backoff or
//! an in-flight call at once instead of after it.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

#[derive(Clone, Default)]
pub struct CancelToken {
    inner: Rc<State>,
}

#[derive(Default)]
struct State {
    cancelled: Cell<bool>,
    wakers: RefCell<Vec<Waker>>,
}

impl CancelToken {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn cancel(&self) {
        self.inner.cancelled.set(true);
        let wakers = std::mem::take(&mut *self.inner.wakers.borrow_mut());
        wakers.into_iter().for_each(Waker::wake);
    }

    pub fn is_cancelled(&self) -> bool {
        self.inner.cancelled.get()
    }

    /// Resolves when [`CancelToken::cancel`] is called.
    pub fn cancelled(&self) -> Cancelled {
        Cancelled { token: self.clone() }
    }
}

pub struct Cancelled {
    token: CancelToken,
}

impl Future for Cancelled {
    type Output = ();
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.token.is_cancelled() {
            Poll::Ready(())
        } else {
            // The loop polls Stop on every wait from one task: keep one waker per task, not one per poll.
            let mut wakers = self.token.inner.wakers.borrow_mut();
            if !wakers.iter().any(|w| w.will_wake(cx.waker())) {
                wakers.push(cx.waker().clone());
            }
            Poll::Pending
        }
    }
}
