//! Bindings of the open-face simulation (`chinese_poker.ofc.simulate` builds
//! on them): `ofc_simulate_range`, `_merge_ofc_stats`, `OFC_STRATEGIES`,
//! `OFC_TABLE_HANDS`. Conversion only: strategy names go through the core's
//! one parser, the table is checked and played by the core.

use crate::args::{self, threads_opt};
use crate::guard::{interruptible, light};
use crate::ofc::ofc_rules_of;
use crate::rules::Rules;
use chinese_poker_core::ofc::simulate::{
    simulate_ofc, OfcSimStats, OfcStrategy, TABLE_HANDS, UNITS,
};
use chinese_poker_core::Error;
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// Most names a list of strategies is read for: more seats than any table holds.
const MAX_SEATS: usize = 4;

/// `strategies=`: one name for every seat, or one name per seat (at most
/// one more than `MAX_SEATS` read, which is enough to refuse the list).
pub(crate) enum Seats {
    Every(OfcStrategy),
    Each(Vec<OfcStrategy>),
}

fn strategy_of(ob: &Bound<'_, PyAny>) -> PyResult<OfcStrategy> {
    let name = args::name(ob)?;
    light(|| OfcStrategy::parse(&name))
}

fn seats_arg(ob: &Bound<'_, PyAny>) -> PyResult<Seats> {
    if ob.is_instance_of::<PyString>() {
        return strategy_of(ob).map(Seats::Every);
    }
    let mut names = Vec::new();
    for item in ob.try_iter()?.take(MAX_SEATS + 1) {
        names.push(strategy_of(&item?)?);
    }
    Ok(Seats::Each(names))
}

fn stats_dict<'py>(py: Python<'py>, s: &OfcSimStats) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("players", s.players)?;
    d.set_item("hands", s.hands)?;
    d.set_item("decisions", s.decisions)?;
    // i128 and u128 become Python ints of any size.
    d.set_item("points", s.points.clone())?;
    d.set_item("points_sq", s.points_sq.clone())?;
    d.set_item("fouls", s.fouls.clone())?;
    d.set_item("royalties", s.royalties.clone())?;
    d.set_item("fl_hands", s.fl_hands.clone())?;
    d.set_item("fl_entries", s.fl_entries.clone())?;
    d.set_item("fl_stays", s.fl_stays.clone())?;
    d.set_item("units", UNITS)?;
    Ok(d)
}

/// Low-level simulation of hands `first .. first + count` of an open-face
/// run (`chinese_poker.ofc.simulate` builds on it): tables of
/// `OFC_TABLE_HANDS` hands with Fantasyland carried over inside a table,
/// every seat played by its strategy (one name for every seat, or a list of
/// one name per seat; see `OFC_STRATEGIES`), settled under `preset` or under
/// `rules` (a `Rules`, the preset's changed). `first` must start a table.
/// Returns integer sums as a dict ('points' and 'points_sq' in 1/'units'
/// points) that `_merge_ofc_stats` adds exactly; the result does not depend
/// on `threads`. Ctrl-C stops it.
///
/// >>> s = ofc_simulate_range(0, 4, 3, "ofc_pineapple", "heuristic", 1, threads=1)
/// >>> s["hands"], sum(s["points"])
/// (4, 0)
#[pyfunction]
#[pyo3(signature = (first, count, players=3, preset=args::Text::Static("ofc_pineapple"), strategies=Seats::Every(OfcStrategy::DEFAULT), seed=0, *, rules=None, threads=None), text_signature = "(first, count, players=3, preset='ofc_pineapple', strategies='default', seed=0, *, rules=None, threads=None)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn ofc_simulate_range<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::int)] first: u64,
    #[pyo3(from_py_with = args::int)] count: u64,
    #[pyo3(from_py_with = args::int)] players: usize,
    #[pyo3(from_py_with = args::name)] preset: args::Text,
    #[pyo3(from_py_with = seats_arg)] strategies: Seats,
    #[pyo3(from_py_with = args::int)] seed: u64,
    rules: Option<&Bound<'py, Rules>>,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
) -> PyResult<Bound<'py, PyDict>> {
    // `Text` to `&str` once, for the body below.
    let preset: &str = &preset;
    let t = threads_opt(threads)?;
    let rules = ofc_rules_of(preset, rules)?;
    // Asked before one strategy per seat is built, so that a huge `players`
    // is refused, not allocated.
    light(|| rules.check_players(players))?;
    let seats = match strategies {
        Seats::Every(s) => vec![s; players],
        Seats::Each(v) if v.len() == players => v,
        Seats::Each(v) => {
            return light(|| {
                Err(Error::InvalidSetting(format!(
                    "strategies needs one name for every seat or one per seat ({players}), \
                     got {}",
                    if v.len() > MAX_SEATS {
                        format!("more than {MAX_SEATS}")
                    } else {
                        v.len().to_string()
                    }
                )))
            })
        }
    };
    let stats = interruptible(py, || simulate_ofc(first, count, &rules, &seats, seed, t))?;
    stats_dict(py, &stats)
}

/// The refusal of a malformed statistics dict.
fn malformed<T>(why: String) -> PyResult<T> {
    light(|| Err(Error::InvalidSetting(why)))
}

/// An integer of a statistics dict; one outside `T` (a negative count) is
/// refused with the key's name, not pyo3's `OverflowError`.
fn int_of<'py, T: FromPyObjectOwned<'py>>(ob: &Bound<'py, PyAny>, key: &str) -> PyResult<T> {
    ob.extract::<T>().map_err(Into::into).or_else(|e: PyErr| {
        if e.is_instance_of::<PyOverflowError>(ob.py()) {
            malformed(format!(
                "{key} of an open-face statistics dict holds {}, out of range",
                ob.str()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            ))
        } else {
            Err(e)
        }
    })
}

/// The value of `key` in a statistics dict.
fn entry<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    match d.get_item(key)? {
        Some(v) => Ok(v),
        None => malformed(format!(
            "not a statistics dict of ofc_simulate_range (no {key})"
        )),
    }
}

fn scalar<'py, T: FromPyObjectOwned<'py>>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<T> {
    int_of(&entry(d, key)?, key)
}

/// The list of `key`, one integer per seat; a list of another length is
/// refused before its items are read.
fn per_seat<'py, T: FromPyObjectOwned<'py>>(
    d: &Bound<'py, PyDict>,
    key: &str,
    players: usize,
) -> PyResult<Vec<T>> {
    let value = entry(d, key)?;
    let list = value.cast::<PyList>()?;
    if list.len() != players {
        return malformed(format!(
            "{key} of an open-face statistics dict holds {} entries, not {players}",
            list.len()
        ));
    }
    list.iter().map(|x| int_of(&x, key)).collect()
}

/// A statistics dict of `ofc_simulate_range` as the core's [`OfcSimStats`].
fn dict_stats(d: &Bound<'_, PyDict>) -> PyResult<OfcSimStats> {
    let units: i64 = scalar(d, "units")?;
    if units != UNITS {
        return malformed(format!(
            "an open-face statistics dict in units of 1/{units} point, not 1/{UNITS}"
        ));
    }
    let players: usize = scalar(d, "players")?;
    if players > MAX_SEATS {
        return malformed(format!(
            "an open-face statistics dict of {players} seats (at most {MAX_SEATS})"
        ));
    }
    Ok(OfcSimStats {
        players,
        hands: scalar(d, "hands")?,
        decisions: scalar(d, "decisions")?,
        points: per_seat(d, "points", players)?,
        points_sq: per_seat(d, "points_sq", players)?,
        fouls: per_seat(d, "fouls", players)?,
        royalties: per_seat(d, "royalties", players)?,
        fl_hands: per_seat(d, "fl_hands", players)?,
        fl_entries: per_seat(d, "fl_entries", players)?,
        fl_stays: per_seat(d, "fl_stays", players)?,
    })
}

/// Adds two statistics dicts of `ofc_simulate_range` (same number of seats)
/// by the core's merge, so that the sums are exactly a single run's.
///
/// >>> a = ofc_simulate_range(0, 20, 2, "ofc_us", "heuristic", 1)
/// >>> _merge_ofc_stats(a, ofc_simulate_range(20, 5, 2, "ofc_us", "heuristic", 1))["hands"]
/// 25
#[pyfunction]
pub(crate) fn _merge_ofc_stats<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyDict>,
    b: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut merged = dict_stats(a)?;
    let other = dict_stats(b)?;
    light(|| merged.merge(&other))?;
    stats_dict(py, &merged)
}

/// Adds the open-face simulation and its constants to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ofc_simulate_range, m)?)?;
    m.add_function(wrap_pyfunction!(_merge_ofc_stats, m)?)?;
    let names: Vec<&str> = OfcStrategy::NAMES.iter().map(|(n, _)| *n).collect();
    m.add("OFC_STRATEGIES", pyo3::types::PyTuple::new(m.py(), names)?)?;
    m.add("OFC_TABLE_HANDS", TABLE_HANDS)?;
    Ok(())
}
