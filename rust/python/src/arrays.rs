//! Checks of the numpy arrays the batch entry points take: type, dtype and
//! shape, with an `ArrayError` that says what was expected. The arrays are
//! returned as readonly views, read slab by slab (`limits::for_slabs`).

use crate::errors;
use chinese_poker_core::score::{MAX_PLAYERS, MIN_PLAYERS};
use chinese_poker_core::Error;
use numpy::{PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// An `ArrayError` with `msg`.
pub(crate) fn array_error(msg: String) -> PyErr {
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
    if shape.len() != 3 || shape[2] != 13 || !(MIN_PLAYERS..=MAX_PLAYERS).contains(&shape[1]) {
        return Err(array_error(format!(
            "deals must have shape (N, P, 13) with {MIN_PLAYERS} to {MAX_PLAYERS} players P, got {shape:?}"
        )));
    }
    let typed = arr
        .cast::<numpy::PyArray3<u8>>()
        .map_err(|e| array_error(format!("deals: {e}")))?;
    Ok((typed.readonly(), shape[0], shape[1]))
}

/// Checks that `ob` is a numpy bool array of shape (`n`, `players`) and
/// returns its flags row by row (a deal's seats together).
pub(crate) fn flags_bool(
    ob: &Bound<'_, PyAny>,
    name: &str,
    n: usize,
    players: usize,
) -> PyResult<Vec<bool>> {
    let arr = ob.cast::<PyUntypedArray>().map_err(|_| {
        array_error(format!(
            "{name} must be a numpy bool array of shape ({n}, {players}), got {}",
            ob.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    let dtype = arr.dtype();
    if !dtype.is_equiv_to(&numpy::dtype::<bool>(ob.py())) {
        return Err(array_error(format!(
            "{name} must have dtype bool, got {dtype}"
        )));
    }
    if arr.shape() != [n, players] {
        return Err(array_error(format!(
            "{name} must have shape ({n}, {players}), one flag per player of each deal, got {:?}",
            arr.shape()
        )));
    }
    let typed = arr
        .cast::<PyArray2<bool>>()
        .map_err(|e| array_error(format!("{name}: {e}")))?;
    Ok(typed.readonly().as_array().iter().copied().collect())
}
