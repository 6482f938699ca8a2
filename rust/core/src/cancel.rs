//! Cancellation of long calls: a [`Cancel`] token that a caller (the Python
//! binding on Ctrl-C) sets from another thread, and that the long loops
//! check between small units of work (a chunk of deals or hands, a block of
//! samples, one rollout), returning [`Error::Cancelled`] promptly.
//!
//! The token of a call is ambient: [`scope`] installs it for the calling
//! thread, [`crate::parallel`] carries it into its worker threads, and
//! [`check`] reads it. A call made outside any scope is never cancelled, so
//! the core's signatures stay as they are.

use crate::error::{Error, Result};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag shared by the caller that may cancel and the work that checks it.
///
/// ```
/// use chinese_poker_core::cancel::{self, Cancel};
/// let token = Cancel::new();
/// assert!(cancel::scope(&token, cancel::check).is_ok());
/// token.cancel();
/// assert!(cancel::scope(&token, cancel::check).is_err());
/// assert!(cancel::check().is_ok()); // outside the scope: never cancelled
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
}

impl Cancel {
    /// A token not yet cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every holder of the token to stop.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Has [`Cancel::cancel`] been called?
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// `Err(Error::Cancelled)` once the token is cancelled.
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            Err(Error::Cancelled)
        } else {
            Ok(())
        }
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Cancel>> = const { RefCell::new(None) };
}

/// Runs `f` with `token` as this thread's token, restoring the previous one
/// afterwards (scopes nest).
pub fn scope<T>(token: &Cancel, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Cancel>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = prev);
        }
    }
    let prev = CURRENT.with(|c| c.borrow_mut().replace(token.clone()));
    let _restore = Restore(prev);
    f()
}

/// The token of this thread's innermost [`scope`], if any.
pub fn current() -> Option<Cancel> {
    CURRENT.with(|c| c.borrow().clone())
}

/// `Err(Error::Cancelled)` when this thread's token is cancelled; `Ok` when
/// it is not or there is none. Cheap: a thread-local read and an atomic load.
pub fn check() -> Result<()> {
    CURRENT.with(|c| c.borrow().as_ref().map_or(Ok(()), Cancel::check))
}

#[cfg(test)]
#[path = "cancel_tests.rs"]
mod tests;
