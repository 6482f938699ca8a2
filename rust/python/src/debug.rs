//! `_debug_panic`: a deliberate panic at each place a panic can happen, so the
//! tests can prove that `guard` turns it into `InternalError`.

use crate::args;
use crate::guard::{detached, light};
use chinese_poker_core::parallel::{self, Threads};
use chinese_poker_core::Error;
use pyo3::prelude::*;

/// Panics on purpose, to prove that a bug surfaces as `InternalError` and
/// never crosses into Python: `at` is 'detached' (GIL released, the heavy
/// calls), 'light' (GIL held) or 'worker' (inside a batch's thread pool).
#[pyfunction]
#[pyo3(signature = (at=args::Text::Static("detached")), text_signature = "(at='detached')")]
fn _debug_panic(py: Python<'_>, #[pyo3(from_py_with = args::name)] at: args::Text) -> PyResult<()> {
    // `Text` to `&str` once, for the body below.
    let at: &str = &at;
    fn boom() -> chinese_poker_core::Result<()> {
        panic!("deliberate panic from _debug_panic")
    }
    match at {
        "detached" => detached(py, boom),
        "light" => light(boom),
        "worker" => detached(py, || {
            let rows = [0u8; 64];
            let mut out = [0u8; 64];
            parallel::for_chunks_sized(&rows, 1, &mut out, 1, Threads::Count(2), 1, |base, _, _| {
                if base == 63 {
                    boom()
                } else {
                    Ok(())
                }
            })
        }),
        other => light(|| {
            Err(Error::UnknownOption {
                option: "at".into(),
                value: other.into(),
                allowed: "'detached', 'light', 'worker'".into(),
            })
        }),
    }
}

/// Adds `_debug_panic` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_debug_panic, m)?)?;
    Ok(())
}
