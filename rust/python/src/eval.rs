//! Hand values: the `HandValue` class, `evaluate`, the per-hand `value5` and
//! `value3`, and the numpy batches `evaluate_batch` and `categories`.

use crate::guard::{by_size, light};
use crate::{args, arrays, limits};
use chinese_poker_core::batch;
use chinese_poker_core::eval::{self, Wheel};
use chinese_poker_core::notation::Notation;
use chinese_poker_core::Error;
use numpy::ndarray::{Ix1, IxDyn};
use numpy::{
    PyArray1, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// Hands from which `evaluate_batch` runs interruptibly (about 20 ms of work
/// on one core; a thousand times that is the point of Ctrl-C).
const INTERRUPTIBLE_HANDS: usize = 1 << 24;
/// Values from which `categories` runs interruptibly (about 20 ms).
const INTERRUPTIBLE_VALUES: usize = 1 << 24;

/// The value of a 3- or 5-card hand on the scale shared by fronts and 5-card rows.
///
/// Ordered, hashable and picklable; `int(v)` is the value, `HandValue(int)` rebuilds it.
///
/// >>> evaluate("Ks Kd 5c") <= evaluate("Kh Kc 5d 4s 3h")
/// True
#[pyclass(frozen, eq, ord, hash, module = "chinese_poker._core")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct HandValue {
    pub(crate) value: u32,
}

/// A new `HandValue` object, untracked by the cycle collector.
///
/// CPython tracks every instance of a heap type, so a list of a million hand
/// values would make each collection walk them all, slowing
/// `[evaluate(h) for h in hands]` several times over. A `HandValue` holds one
/// integer and no references, so it can never be part of a cycle and need not
/// be tracked.
pub(crate) fn new_hand_value(py: Python<'_>, value: u32) -> PyResult<Bound<'_, HandValue>> {
    let obj = Bound::new(py, HandValue { value })?;
    // SAFETY: `obj` is a live, fully initialised object that this thread owns
    // with the GIL held; untracking only removes it from the collector's list,
    // which is sound for an object without references to other objects.
    #[allow(unsafe_code)]
    unsafe {
        pyo3::ffi::PyObject_GC_UnTrack(obj.as_ptr().cast());
    }
    Ok(obj)
}

#[pymethods]
impl HandValue {
    #[new]
    fn new(#[pyo3(from_py_with = args::int)] value: i64) -> PyResult<Self> {
        light(|| {
            u32::try_from(value)
                .ok()
                .filter(|&v| eval::is_valid_value(v))
                .map(|value| HandValue { value })
                .ok_or(Error::InvalidValue(value as u64))
        })
    }

    /// The integer value.
    fn __int__(&self) -> u32 {
        self.value
    }

    /// The integer value (same as `int(v)`).
    #[getter]
    fn value(&self) -> u32 {
        self.value
    }

    /// The `Category` (IntEnum) of the hand.
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("chinese_poker._types")?
            .getattr("Category")?
            .call1((eval::category_of(self.value),))
    }

    /// Number of cards, 3 or 5.
    #[getter]
    fn size(&self) -> usize {
        eval::size_of(self.value)
    }

    /// A description such as 'Flush, K-Q-8-6-3'.
    fn describe(&self) -> String {
        eval::describe(self.value)
    }

    fn __str__(&self) -> String {
        eval::describe(self.value)
    }

    fn __repr__(&self) -> String {
        format!("HandValue({}: {})", self.value, eval::describe(self.value))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u32,))> {
        Ok((slf.get_type().into_any(), (slf.get().value,)))
    }
}

/// Evaluate a 3- or 5-card hand given as text or a sequence of codes.
///
/// `wheel` is 'lowest' (default) or 'second_highest'; `notation` applies to text.
///
/// >>> evaluate("Qh Qs 5d").describe()
/// 'Pair of Queens, 5 kicker'
#[pyfunction]
#[pyo3(signature = (cards, *, wheel=None, notation=None))]
fn evaluate<'py>(
    cards: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::opt_name)] wheel: Option<args::Text>,
    #[pyo3(from_py_with = args::opt_name)] notation: Option<args::Text>,
) -> PyResult<Bound<'py, HandValue>> {
    // `Text` to `&str` once, for the body below.
    let wheel = wheel.as_deref();
    let notation = notation.as_deref();
    let py = cards.py();
    // Fastest path: a list of five or three plain ints 0..=51, read by
    // identity (see `value5`; `notation` applies to text only).
    if let Ok(list) = cards.cast::<PyList>() {
        if let Some(v) = plain_list_value(list, wheel) {
            return new_hand_value(py, v);
        }
    }
    let w = args::opt::<Wheel>(wheel)?;
    // Fast path for a list or tuple of 3 or 5 integers: no allocation.
    let mut small = [0i64; 5];
    let mut len = usize::MAX;
    if let Ok(list) = cards.cast::<PyList>() {
        if matches!(list.len(), 3 | 5) {
            len = list.len();
            for (i, x) in list.iter().enumerate() {
                small[i] = args::code_of(&x, i)?;
            }
        }
    } else if let Ok(tuple) = cards.cast::<PyTuple>() {
        if matches!(tuple.len(), 3 | 5) {
            len = tuple.len();
            for (i, x) in tuple.iter().enumerate() {
                small[i] = args::code_of(&x, i)?;
            }
        }
    }
    if len != usize::MAX {
        let value = light(|| eval::evaluate(&small[..len], w))?;
        return new_hand_value(py, value);
    }
    let n = args::opt::<Notation>(notation)?;
    let codes = args::codes_of(cards, n)?;
    let value = light(|| eval::evaluate(&codes, w))?;
    new_hand_value(py, value)
}

/// The value of a list of five or three distinct plain-int codes, if it is
/// one (None sends the caller to the general path and its errors).
#[inline]
fn plain_list_value(list: &Bound<'_, PyList>, wheel: Option<&str>) -> Option<u32> {
    let e = evaluator_of(wheel).ok()?;
    let item = |i: usize| list.get_item(i).ok();
    match list.len() {
        5 => plain_value5(e, [&item(0)?, &item(1)?, &item(2)?, &item(3)?, &item(4)?]),
        3 => plain_value3(e, [&item(0)?, &item(1)?, &item(2)?]),
        _ => None,
    }
}

/// The value of five plain ints 0..=51, distinct, read by identity; None for
/// anything else. Neither step can panic (see `CardCodes::codes` and
/// `Evaluator::value5_checked`), so callers need no guard.
#[inline(always)]
fn plain_value5(e: &eval::Evaluator, obs: [&Bound<'_, PyAny>; 5]) -> Option<u32> {
    e.value5_checked(args::CardCodes::get(obs[0].py())?.codes(obs)?)
}

/// `plain_value5` for three cards.
#[inline(always)]
fn plain_value3(e: &eval::Evaluator, obs: [&Bound<'_, PyAny>; 3]) -> Option<u32> {
    e.value3_checked(args::CardCodes::get(obs[0].py())?.codes(obs)?)
}

/// The integer value of five card codes: the fastest per-hand call.
///
/// >>> value5(51, 47, 43, 39, 35) == int(evaluate("As Ks Qs Js Ts"))
/// True
#[pyfunction]
#[pyo3(signature = (c0, c1, c2, c3, c4, /, *, wheel=None))]
fn value5(
    c0: &Bound<'_, PyAny>,
    c1: &Bound<'_, PyAny>,
    c2: &Bound<'_, PyAny>,
    c3: &Bound<'_, PyAny>,
    c4: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::opt_name)] wheel: Option<args::Text>,
) -> PyResult<u32> {
    // `Text` to `&str` once, for the body below.
    let wheel = wheel.as_deref();
    let e = evaluator_of(wheel)?;
    if let Some(v) = plain_value5(e, [c0, c1, c2, c3, c4]) {
        return Ok(v);
    }
    // Anything else (numpy or other integer types, bools, bad input): read
    // each value and check the hand, raising the error that names the problem.
    let codes = [
        args::code_of(c0, 0)?,
        args::code_of(c1, 1)?,
        args::code_of(c2, 2)?,
        args::code_of(c3, 3)?,
        args::code_of(c4, 4)?,
    ];
    light(|| eval::evaluate(&codes, e.wheel()))
}

/// The integer value of three card codes (a front).
///
/// >>> value3(0, 1, 2) > value3(51, 47, 43)   # trips beat any high card
/// True
#[pyfunction]
#[pyo3(signature = (c0, c1, c2, /, *, wheel=None))]
fn value3(
    c0: &Bound<'_, PyAny>,
    c1: &Bound<'_, PyAny>,
    c2: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::opt_name)] wheel: Option<args::Text>,
) -> PyResult<u32> {
    // `Text` to `&str` once, for the body below.
    let wheel = wheel.as_deref();
    let e = evaluator_of(wheel)?;
    if let Some(v) = plain_value3(e, [c0, c1, c2]) {
        return Ok(v);
    }
    let codes = [
        args::code_of(c0, 0)?,
        args::code_of(c1, 1)?,
        args::code_of(c2, 2)?,
    ];
    light(|| eval::evaluate(&codes, e.wheel()))
}

/// The evaluator for `wheel=` (None is the common case, decided without
/// parsing). Its tables are built on first use inside the panic guard; the
/// look-ups afterwards cannot panic.
#[inline(always)]
fn evaluator_of(wheel: Option<&str>) -> PyResult<&'static eval::Evaluator> {
    let w = match wheel {
        None => Wheel::Lowest,
        w => args::opt::<Wheel>(w)?,
    };
    light(|| Ok(eval::evaluator(w)))
}

/// Evaluate a uint8 array of shape (N, 5) or (N, 3); returns uint32 values (N,).
///
/// The GIL is released; large batches run on all cores (`threads=None`), on the
/// calling thread (`threads=1`) or on a pool of `threads` threads.
///
/// >>> import numpy as np
/// >>> evaluate_batch(np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)).dtype
/// dtype('uint32')
#[pyfunction]
#[pyo3(signature = (cards, *, wheel=None, threads=None))]
fn evaluate_batch<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::opt_name)] wheel: Option<args::Text>,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    // `Text` to `&str` once, for the body below.
    let wheel = wheel.as_deref();
    let w = args::opt::<Wheel>(wheel)?;
    let t = args::threads_opt(threads)?;
    let (ro, n, width) = arrays::rows_u8(cards, "cards", &[3, 5])?;
    limits::check("evaluate_batch", n as u64, 4, "hands")?;
    // every value is written before the array is returned
    let values = limits::empty::<u32, Ix1>(py, &[n])?;
    {
        let mut rw = values.try_readwrite()?;
        let out = rw.as_slice_mut()?;
        let view = ro.as_array();
        by_size(py, n >= INTERRUPTIBLE_HANDS, || {
            limits::for_slabs(&view, width, limits::EVAL_SLAB, |first, rows| {
                let o = &mut out[first..first + rows.len() / width];
                if width == 5 {
                    batch::evaluate_rows::<5>(rows, o, w, t)
                } else {
                    batch::evaluate_rows::<3>(rows, o, w, t)
                }
                .map_err(|e| limits::from_row(e, first))
            })
        })?;
    }
    Ok(values)
}

/// Category numbers (uint8, same shape) of uint32 hand values.
///
/// >>> import numpy as np
/// >>> categories(np.array([value5(51, 47, 43, 39, 35)], dtype=np.uint32)).tolist()
/// [9]
#[pyfunction]
fn categories<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArrayDyn<u8>>> {
    let arr = values.cast::<PyUntypedArray>().map_err(|_| {
        arrays::array_error("values must be a numpy uint32 array (from evaluate_batch)".into())
    })?;
    if !arr.dtype().is_equiv_to(&numpy::dtype::<u32>(py)) {
        return Err(arrays::array_error(format!(
            "values must have dtype uint32 (as evaluate_batch returns), got {}",
            arr.dtype()
        )));
    }
    let typed = arr
        .cast::<PyArrayDyn<u32>>()
        .map_err(|e| arrays::array_error(format!("values: {e}")))?;
    let ro = typed.readonly();
    let view = ro.as_array();
    limits::check("categories", view.len() as u64, 1, "values")?;
    let cats = limits::zeros::<u8, IxDyn>(py, view.shape())?;
    {
        let mut rw = cats.try_readwrite()?;
        let out = rw.as_slice_mut()?;
        by_size(py, view.len() >= INTERRUPTIBLE_VALUES, || {
            limits::for_slabs(&view, 1, limits::VALUE_SLAB, |first, values| {
                let o = &mut out[first..first + values.len()];
                batch::categories(values, o).map_err(|e| limits::from_row(e, first))
            })
        })?;
    }
    Ok(cats)
}

/// Adds the evaluation class and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<HandValue>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(value5, m)?)?;
    m.add_function(wrap_pyfunction!(value3, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(categories, m)?)?;
    Ok(())
}
