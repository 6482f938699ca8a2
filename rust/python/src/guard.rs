//! Every entry point goes through `detached` (heavy work, the GIL released) or
//! `light` (the GIL held); both turn a panic into `InternalError` instead of
//! letting it cross into Python.

use crate::errors::CoreError;
use chinese_poker_core::{Error, Result};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

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

/// Runs `f` with the GIL held, guarded (for light calls).
pub fn light<T>(f: impl FnOnce() -> Result<T>) -> PyResult<T> {
    guarded(f).map_err(|e| CoreError(e).into())
}
