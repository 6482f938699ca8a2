//! `chinese_poker._core`: the pyo3 binding of chinese-poker-core. Only
//! conversion, error mapping and GIL release live here; no game logic.

mod args;
mod errors;
mod game;
mod guard;
mod limits;
mod ofc;
mod solve;

use chinese_poker_core::batch::{self, Threads};
use chinese_poker_core::cards::{self, Style};
use chinese_poker_core::eval::{self, Wheel};
use chinese_poker_core::notation::{self, Notation};
use chinese_poker_core::Error;
use guard::{detached, light};
use numpy::ndarray::{Ix1, IxDyn};
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

fn opt<T: std::str::FromStr<Err = Error> + Default>(s: Option<&str>) -> PyResult<T> {
    match s {
        None => Ok(T::default()),
        Some(s) => light(|| s.parse::<T>()),
    }
}

/// `threads=`: None (every core) or 1..=4096; take it with `from_py_with = args::opt_int`.
pub(crate) fn threads_opt(threads: Option<i64>) -> PyResult<Threads> {
    match threads {
        None => Ok(Threads::Auto),
        Some(n) if (1..=4096).contains(&n) => Ok(Threads::Count(n as usize)),
        Some(n) => light(|| {
            Err(Error::UnknownOption {
                option: "threads".into(),
                value: n.to_string(),
                allowed: "None (all cores) or an integer from 1 to 4096".into(),
            })
        }),
    }
}

/// One Python integer as a card code; a non-integer is a TypeError, an
/// integer out of range (however large) an InvalidCardError.
fn code_of(item: &Bound<'_, PyAny>, position: usize) -> PyResult<i64> {
    match item.extract::<i64>() {
        Ok(v) => Ok(v),
        Err(e) => {
            if item.is_instance_of::<pyo3::types::PyInt>() {
                light(|| {
                    Err(Error::CardCode {
                        code: i64::MAX,
                        position,
                    })
                })
            } else if item.is_instance_of::<PyString>() {
                Err(PyTypeError::new_err(format!(
                    "card {position} is a string; pass one string of card text or a sequence of integer codes"
                )))
            } else {
                Err(e)
            }
        }
    }
}

/// Card codes from a string of card text or a sequence of at most 52 integers.
pub(crate) fn codes_of(ob: &Bound<'_, PyAny>, notation: Notation) -> PyResult<Vec<i64>> {
    codes_up_to(ob, notation, cards::DECK_SIZE)
}

/// Card codes from card text or a sequence of at most `max` integers; a longer
/// sequence (a huge numpy view, say) is refused before it is read.
pub(crate) fn codes_up_to(
    ob: &Bound<'_, PyAny>,
    notation: Notation,
    max: usize,
) -> PyResult<Vec<i64>> {
    if ob.is_instance_of::<PyString>() {
        let text = args::card_text(ob)?;
        return light(|| notation::parse_cards(text, notation))
            .map(|v| v.into_iter().map(i64::from).collect());
    }
    if ob.try_iter().is_err() {
        return Err(PyTypeError::new_err(format!(
            "expected card text or a sequence of card codes, got {}",
            ob.get_type().name()?
        )));
    }
    args::items(ob, max, "cards")?
        .iter()
        .enumerate()
        .map(|(i, x)| code_of(x, i))
        .collect()
}

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
/// values makes each collection walk them all (a 4–5× slowdown of
/// `[evaluate(h) for h in hands]`). A `HandValue` holds one integer and no
/// references, so it can never be part of a cycle and need not be tracked.
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

/// Parse card text into card codes (`4 * rank + suit`).
///
/// `notation` is one of 'intl', 'ru_latin', 'ru_cyrillic', 'numeric', 'auto'.
/// Unknown tokens, missing suits and repeated cards raise errors naming the
/// token and its character position.
///
/// >>> parse_cards("As 10h T♦")
/// [51, 34, 33]
#[pyfunction]
#[pyo3(signature = (text, notation="intl"))]
fn parse_cards(
    #[pyo3(from_py_with = args::card_text)] text: &str,
    #[pyo3(from_py_with = args::name)] notation: &str,
) -> PyResult<Vec<u32>> {
    let n = opt::<Notation>(Some(notation))?;
    // Vec<u32>, not Vec<u8>: pyo3 turns a Vec<u8> into `bytes`.
    light(|| notation::parse_cards(text, n)).map(|v| v.into_iter().map(u32::from).collect())
}

/// Parse rank-only text into ranks 0 (deuce) … 12 (ace).
///
/// >>> parse_ranks("T-2-3-4-5-6-7-8-9-10-V-D-K", notation="ru_latin")[:3]
/// [12, 0, 1]
#[pyfunction]
#[pyo3(signature = (text, notation="intl"))]
fn parse_ranks(
    #[pyo3(from_py_with = args::card_text)] text: &str,
    #[pyo3(from_py_with = args::name)] notation: &str,
) -> PyResult<Vec<u32>> {
    let n = opt::<Notation>(Some(notation))?;
    light(|| notation::parse_ranks(text, n)).map(|v| v.into_iter().map(u32::from).collect())
}

/// The most cards `format_cards` writes into one string.
const FORMAT_MAX: usize = 1 << 24;

/// Write card codes (or card text) as text, style 'ascii' or 'unicode'.
///
/// >>> format_cards([51, 34, 0], style="unicode")
/// 'A♠ T♥ 2♣'
#[pyfunction]
#[pyo3(signature = (cards, style="ascii"))]
fn format_cards(
    cards: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::name)] style: &str,
) -> PyResult<String> {
    let s = opt::<Style>(Some(style))?;
    let codes = codes_up_to(cards, Notation::Intl, FORMAT_MAX)?;
    light(|| cards::format_cards(&codes, s))
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
    #[pyo3(from_py_with = args::opt_name)] wheel: Option<&str>,
    #[pyo3(from_py_with = args::opt_name)] notation: Option<&str>,
) -> PyResult<Bound<'py, HandValue>> {
    let py = cards.py();
    // Fastest path: a list of five or three plain ints 0..=51, read by
    // identity (see `value5`; `notation` applies to text only).
    if let Ok(list) = cards.cast::<PyList>() {
        if let Some(v) = plain_list_value(list, wheel) {
            return new_hand_value(py, v);
        }
    }
    let w = opt::<Wheel>(wheel)?;
    // Fast path for a list or tuple of 3 or 5 integers: no allocation.
    let mut small = [0i64; 5];
    let mut len = usize::MAX;
    if let Ok(list) = cards.cast::<PyList>() {
        if matches!(list.len(), 3 | 5) {
            len = list.len();
            for (i, x) in list.iter().enumerate() {
                small[i] = code_of(&x, i)?;
            }
        }
    } else if let Ok(tuple) = cards.cast::<PyTuple>() {
        if matches!(tuple.len(), 3 | 5) {
            len = tuple.len();
            for (i, x) in tuple.iter().enumerate() {
                small[i] = code_of(&x, i)?;
            }
        }
    }
    if len != usize::MAX {
        let value = light(|| eval::evaluate(&small[..len], w))?;
        return new_hand_value(py, value);
    }
    let n = opt::<Notation>(notation)?;
    let codes = codes_of(cards, n)?;
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
    #[pyo3(from_py_with = args::opt_name)] wheel: Option<&str>,
) -> PyResult<u32> {
    let e = evaluator_of(wheel)?;
    if let Some(v) = plain_value5(e, [c0, c1, c2, c3, c4]) {
        return Ok(v);
    }
    // Anything else (numpy or other integer types, bools, bad input): read
    // each value and check the hand, raising the error that names the problem.
    let codes = [
        code_of(c0, 0)?,
        code_of(c1, 1)?,
        code_of(c2, 2)?,
        code_of(c3, 3)?,
        code_of(c4, 4)?,
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
    #[pyo3(from_py_with = args::opt_name)] wheel: Option<&str>,
) -> PyResult<u32> {
    let e = evaluator_of(wheel)?;
    if let Some(v) = plain_value3(e, [c0, c1, c2]) {
        return Ok(v);
    }
    let codes = [code_of(c0, 0)?, code_of(c1, 1)?, code_of(c2, 2)?];
    light(|| eval::evaluate(&codes, e.wheel()))
}

/// The evaluator for `wheel=` (None is the common case, decided without
/// parsing). Its tables are built on first use inside the panic guard; the
/// look-ups afterwards cannot panic.
#[inline(always)]
fn evaluator_of(wheel: Option<&str>) -> PyResult<&'static eval::Evaluator> {
    let w = match wheel {
        None => Wheel::Lowest,
        w => opt::<Wheel>(w)?,
    };
    light(|| Ok(eval::evaluator(w)))
}

fn array_error(msg: String) -> PyErr {
    errors::to_pyerr_static(Error::Array(msg))
}

/// Checks that `ob` is a 2-D uint8 array with `width` in `widths` and returns
/// it with N and the width (read slab by slab with `limits::for_slabs`).
pub(crate) fn rows_u8<'py>(
    ob: &Bound<'py, PyAny>,
    name: &str,
    widths: &[usize],
) -> PyResult<(numpy::PyReadonlyArray2<'py, u8>, usize, usize)> {
    let want = || {
        widths
            .iter()
            .map(|w| format!("(N, {w})"))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let arr = ob.cast::<PyUntypedArray>().map_err(|_| {
        array_error(format!(
            "{name} must be a numpy uint8 array of shape {}, got {}",
            want(),
            ob.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    let dtype = arr.dtype();
    if !dtype.is_equiv_to(&numpy::dtype::<u8>(ob.py())) {
        return Err(array_error(format!(
            "{name} must have dtype uint8, got {dtype}; card codes are 0..51 (use .astype(np.uint8) after checking the range)"
        )));
    }
    let shape = arr.shape();
    if shape.len() != 2 || !widths.contains(&shape[1]) {
        return Err(array_error(format!(
            "{name} must have shape {}, got {:?}",
            want(),
            shape
        )));
    }
    let typed = arr
        .cast::<PyArray2<u8>>()
        .map_err(|e| array_error(format!("{name}: {e}")))?;
    Ok((typed.readonly(), shape[0], shape[1]))
}

/// Checks a uint8 array of shape (N, P, 13) with 2 ≤ P ≤ 4 and returns it
/// with N and P (read slab by slab with `limits::for_slabs`, never copied whole).
pub(crate) fn deals_u8<'py>(
    ob: &Bound<'py, PyAny>,
) -> PyResult<(numpy::PyReadonlyArray3<'py, u8>, usize, usize)> {
    let arr = ob
        .cast::<PyUntypedArray>()
        .map_err(|_| array_error("deals must be a numpy uint8 array of shape (N, P, 13)".into()))?;
    if !arr.dtype().is_equiv_to(&numpy::dtype::<u8>(ob.py())) {
        return Err(array_error(format!(
            "deals must have dtype uint8, got {}",
            arr.dtype()
        )));
    }
    let shape = arr.shape().to_vec();
    if shape.len() != 3 || shape[2] != 13 || !(2..=4).contains(&shape[1]) {
        return Err(array_error(format!(
            "deals must have shape (N, P, 13) with 2 to 4 players P, got {shape:?}"
        )));
    }
    let typed = arr
        .cast::<numpy::PyArray3<u8>>()
        .map_err(|e| array_error(format!("deals: {e}")))?;
    Ok((typed.readonly(), shape[0], shape[1]))
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
    #[pyo3(from_py_with = args::opt_name)] wheel: Option<&str>,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let w = opt::<Wheel>(wheel)?;
    let t = threads_opt(threads)?;
    let (ro, n, width) = rows_u8(cards, "cards", &[3, 5])?;
    limits::check("evaluate_batch", n as u64, 4, "hands")?;
    // every value is written before the array is returned
    let values = limits::empty::<u32, Ix1>(py, &[n])?;
    {
        let mut rw = values.try_readwrite()?;
        let out = rw.as_slice_mut()?;
        let view = ro.as_array();
        detached(py, || {
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
        array_error("values must be a numpy uint32 array (from evaluate_batch)".into())
    })?;
    if !arr.dtype().is_equiv_to(&numpy::dtype::<u32>(py)) {
        return Err(array_error(format!(
            "values must have dtype uint32 (as evaluate_batch returns), got {}",
            arr.dtype()
        )));
    }
    let typed = arr
        .cast::<PyArrayDyn<u32>>()
        .map_err(|e| array_error(format!("values: {e}")))?;
    let ro = typed.readonly();
    let view = ro.as_array();
    limits::check("categories", view.len() as u64, 1, "values")?;
    let cats = limits::zeros::<u8, IxDyn>(py, view.shape())?;
    {
        let mut rw = cats.try_readwrite()?;
        let out = rw.as_slice_mut()?;
        detached(py, || {
            limits::for_slabs(&view, 1, limits::VALUE_SLAB, |first, values| {
                let o = &mut out[first..first + values.len()];
                batch::categories(values, o).map_err(|e| limits::from_row(e, first))
            })
        })?;
    }
    Ok(cats)
}

/// Panics on purpose, to prove that a bug surfaces as `InternalError` and
/// never crosses into Python: `at` is 'detached' (GIL released, the heavy
/// calls), 'light' (GIL held) or 'worker' (inside a batch's thread pool).
#[pyfunction]
#[pyo3(signature = (at="detached"))]
fn _debug_panic(py: Python<'_>, #[pyo3(from_py_with = args::name)] at: &str) -> PyResult<()> {
    fn boom() -> chinese_poker_core::Result<()> {
        panic!("deliberate panic from _debug_panic")
    }
    match at {
        "detached" => detached(py, boom),
        "light" => light(boom),
        "worker" => detached(py, || {
            let rows = [0u8; 64];
            let mut out = [0u8; 64];
            batch::for_chunks_sized(&rows, 1, &mut out, 1, Threads::Count(2), 1, |base, _, _| {
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

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    game::register(m)?;
    solve::register(m)?;
    ofc::register(m)?;
    limits::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<HandValue>()?;
    m.add_function(wrap_pyfunction!(parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(parse_ranks, m)?)?;
    m.add_function(wrap_pyfunction!(format_cards, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(value5, m)?)?;
    m.add_function(wrap_pyfunction!(value3, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(categories, m)?)?;
    m.add_function(wrap_pyfunction!(_debug_panic, m)?)?;
    Ok(())
}
