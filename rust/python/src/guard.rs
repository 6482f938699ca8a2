//! Every entry point goes through `detached` (heavy work, the GIL released),
//! `interruptible` (long work that Ctrl-C must stop), `by_size` (one of the two
//! by the size of a batch) or `light` (the GIL held); all turn a panic into `InternalError` instead of letting it cross
//! into Python.

use crate::errors::CoreError;
use chinese_poker_core::cancel::{self, Cancel};
use chinese_poker_core::{Error, Result};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often the calling thread looks for a pending signal during an
/// `interruptible` call: the delay Ctrl-C may wait for, at most.
const SIGNAL_POLL: Duration = Duration::from_millis(50);
/// Stack of the thread that runs an `interruptible` call: the size of a
/// main thread's, since the work would otherwise have run on one.
const WORKER_STACK: usize = 8 << 20;

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-string payload".into()
    }
}

/// Runs `f`, catching any panic as `Error::Internal`.
pub fn guarded<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| Err(Error::Internal(panic_message(p))))
}

/// Runs `f` with the GIL released, guarded.
pub fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T> + Send) -> PyResult<T> {
    py.detach(|| guarded(f)).map_err(|e| CoreError(e).into())
}

/// Runs `f` with the GIL released on a thread of its own while the calling
/// thread wakes every `SIGNAL_POLL` to run Python's signal handlers
/// (`check_signals`, which acts only on the main thread). When a handler
/// raises (Ctrl-C's `KeyboardInterrupt`), the call's cancel token is set, the
/// core's loops stop at their next check, and that exception is raised.
pub fn interruptible<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T> + Send) -> PyResult<T> {
    // The signal's exception wins over the result: Ctrl-C must not be lost.
    match interruptible_keep(py, None, f) {
        (_, Some(e)) => Err(e),
        (out, None) => out.map_err(|e| CoreError(e).into()),
    }
}

/// `interruptible` that hands back both what the work returned and the
/// exception a signal handler raised, for calls that keep the work finished
/// before Ctrl-C (`simulate_range`). At `deadline`, if any, the work is
/// cancelled as by Ctrl-C but nothing is raised: the caller keeps what it
/// returned.
pub fn interruptible_keep<T: Send>(
    py: Python<'_>,
    deadline: Option<Instant>,
    f: impl FnOnce() -> Result<T> + Send,
) -> (Result<T>, Option<PyErr>) {
    let token = Cancel::new();
    let mut raised: Option<PyErr> = None;
    let out = py.detach(|| {
        std::thread::scope(|s| {
            let (done, finished) = mpsc::channel::<()>();
            let worker_token = token.clone();
            let work = move || {
                let r = cancel::scope(&worker_token, || guarded(f));
                // The receiver outlives the worker; a failed send changes nothing.
                let _ = done.send(());
                r
            };
            let worker = std::thread::Builder::new()
                .name("chinese-poker-call".into())
                .stack_size(WORKER_STACK)
                .spawn_scoped(s, work)
                .map_err(|e| Error::Internal(format!("cannot start a thread: {e}")))?;
            // Waking at the deadline, not only every SIGNAL_POLL, keeps a
            // short budget short.
            let wait = || match deadline {
                Some(d) => SIGNAL_POLL.min(d.saturating_duration_since(Instant::now())),
                None => SIGNAL_POLL,
            };
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(wait()) {
                if raised.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        raised = Some(e);
                        token.cancel();
                    }
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    token.cancel();
                }
            }
            worker
                .join()
                .unwrap_or_else(|p| Err(Error::Internal(panic_message(p))))
        })
    });
    (out, raised)
}

/// `interruptible` when the work may be `long`, else `detached`: a batch of a
/// few rows answers in microseconds and need not pay for the thread (about
/// 0.4 ms) that lets Ctrl-C stop a long one.
pub fn by_size<T: Send>(
    py: Python<'_>,
    long: bool,
    f: impl FnOnce() -> Result<T> + Send,
) -> PyResult<T> {
    if long {
        interruptible(py, f)
    } else {
        detached(py, f)
    }
}

/// Runs `f` with the GIL held, guarded (for light calls).
pub fn light<T>(f: impl FnOnce() -> Result<T>) -> PyResult<T> {
    guarded(f).map_err(|e| CoreError(e).into())
}
