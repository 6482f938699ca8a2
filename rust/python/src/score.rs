//! Settlement: `score` (one deal, explained), the `ScoreResult` class, and
//! `score_batch` (many deals from a numpy array).

use crate::eval::HandValue;
use crate::guard::{by_size, detached, light};
use crate::rules::{rules_or_default, Rules};
use crate::setting::Setting;
use crate::{args, arrays, limits};
use chinese_poker_core::batch::{score_deals, score_deals_declaring};
use chinese_poker_core::notation::Notation;
use chinese_poker_core::score::{
    score_with_pot, PairKind, PlayerHand, ScoreResult as CoreScore, Status,
};
use chinese_poker_core::setting::Setting as CoreSetting;
use chinese_poker_core::Error;

/// Deals from which `score_batch` runs interruptibly (about 20 ms of work).
const INTERRUPTIBLE_DEALS: usize = 1 << 16;
use numpy::ndarray::Ix2;
use numpy::{PyArray2, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// One player of `score`: a setting, 'surrender', or a tagged setting.
fn player_hand(ob: &Bound<'_, PyAny>) -> PyResult<PlayerHand> {
    if let Ok(s) = ob.cast::<Setting>() {
        return Ok(PlayerHand::Setting(s.get().inner));
    }
    if ob.is_instance_of::<PyString>() {
        let text = args::card_text(ob)?;
        if &*text == "surrender" {
            return Ok(PlayerHand::Surrender);
        }
        return light(|| CoreSetting::parse(&text, Notation::Intl).map(PlayerHand::Setting));
    }
    if let Ok(t) = ob.cast::<PyTuple>() {
        if t.len() == 2 {
            let tag = t.get_item(0)?.extract::<String>().ok();
            if let PlayerHand::Setting(s) = player_hand(&t.get_item(1)?)? {
                match tag.as_deref() {
                    Some("natural") => return Ok(PlayerHand::Natural(s)),
                    Some("announce") => return Ok(PlayerHand::Announced(s)),
                    _ => {}
                }
            }
        }
    }
    Err(PyTypeError::new_err(
        "a player is a Setting (or its text), 'surrender', ('natural', Setting) or ('announce', Setting)",
    ))
}

/// `stakes=`: None or a matrix of at most 4 × 4 integers.
fn stakes_arg(ob: &Bound<'_, PyAny>) -> PyResult<Option<Vec<Vec<i64>>>> {
    if ob.is_none() {
        return Ok(None);
    }
    args::items(ob, 4, "stakes")?
        .iter()
        .map(|row| Ok(args::opt_int_list(row, 4, "a row of stakes")?.unwrap_or_default()))
        .collect::<PyResult<_>>()
        .map(Some)
}

/// An amount in units of 1/`denominator`: an int, or a `Fraction`.
fn number(py: Python<'_>, units: i64, denominator: i64) -> PyResult<Py<PyAny>> {
    if denominator == 1 {
        return Ok(units.into_pyobject(py)?.into_any().unbind());
    }
    let frac = py.import("fractions")?.getattr("Fraction")?;
    Ok(frac.call1((units, denominator))?.unbind())
}

/// The settlement of a deal: `totals`, the pairwise `matrix` (what row i
/// receives from column j), and the explanation per player and per pair.
/// Amounts are ints, or `fractions.Fraction` when a pot or bonus was split.
#[pyclass(frozen, module = "chinese_poker._core")]
pub struct ScoreResult {
    pub(crate) inner: CoreScore,
}

/// A player's status as `players` reports it.
fn status_name(s: &Status) -> String {
    match s {
        Status::Played => "played".into(),
        Status::Fouled(r) => format!("fouled ({})", r.describe()),
        Status::Surrendered => "surrendered".into(),
        Status::Natural(n) => format!("natural {}", n.kind.as_str()),
    }
}

#[pymethods]
impl ScoreResult {
    /// Net points per player (zero-sum except for a carried pot).
    #[getter]
    fn totals(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let d = self.inner.denominator;
        self.inner
            .totals
            .iter()
            .map(|&t| number(py, t, d))
            .collect()
    }

    /// `matrix[i][j]`: what player i receives from player j.
    #[getter]
    fn matrix(&self, py: Python<'_>) -> PyResult<Vec<Vec<Py<PyAny>>>> {
        let d = self.inner.denominator;
        self.inner
            .matrix
            .iter()
            .map(|row| row.iter().map(|&t| number(py, t, d)).collect())
            .collect()
    }

    /// Per player: status, row values, royalties, total.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let d = self.inner.denominator;
        self.inner
            .players
            .iter()
            .map(|p| {
                let out = PyDict::new(py);
                out.set_item("status", status_name(&p.status))?;
                out.set_item(
                    "values",
                    p.values.map(|v| v.map(|x| HandValue { value: x })),
                )?;
                out.set_item("royalties", p.royalties.to_vec())?;
                out.set_item("dealt_royalty", p.dealt_royalty)?;
                out.set_item("total", number(py, p.total, d)?)?;
                Ok(out)
            })
            .collect()
    }

    /// Per settled pair: players, kind, row results from a's side, scoop,
    /// base points, royalties, bonuses, stake, net to a, and an explanation.
    #[getter]
    fn pairs<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let d = self.inner.denominator;
        self.inner
            .pairs
            .iter()
            .map(|p| {
                let out = PyDict::new(py);
                out.set_item("a", p.a)?;
                out.set_item("b", p.b)?;
                let kind = match p.kind {
                    PairKind::Rows => "rows".to_string(),
                    PairKind::Foul(i) => format!("foul by {i}"),
                    PairKind::NoContest => "no contest".into(),
                    PairKind::Surrender(i) => format!("surrender by {i}"),
                    PairKind::Natural => "natural".into(),
                };
                out.set_item("kind", kind)?;
                out.set_item("rows", p.rows.to_vec())?;
                out.set_item("scoop", p.scoop)?;
                out.set_item("multiplier", p.multiplier)?;
                out.set_item("base", p.base)?;
                out.set_item("royalty", p.royalty)?;
                out.set_item("table_best", p.table_best)?;
                out.set_item("special", p.special)?;
                out.set_item("stake", p.stake)?;
                out.set_item("points", number(py, p.points, d)?)?;
                out.set_item("explanation", p.explanation.as_str())?;
                Ok(out)
            })
            .collect()
    }

    /// A readable explanation: one line per pair and the totals.
    fn explain(&self) -> String {
        let mut lines: Vec<String> = self
            .inner
            .pairs
            .iter()
            .map(|p| p.explanation.clone())
            .collect();
        let d = self.inner.denominator;
        let totals: Vec<String> = self
            .inner
            .totals
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                if d == 1 {
                    format!("P{i} {t:+}")
                } else {
                    format!("P{i} {:+.3}", t as f64 / d as f64)
                }
            })
            .collect();
        lines.push(format!("totals: {}", totals.join(", ")));
        lines.join("\n")
    }

    /// The totals as the `totals` attribute gives them (ints, or Fractions
    /// when a unit is split), so that the repr names only what can be read.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let totals = pyo3::types::PyList::new(py, self.totals(py)?)?;
        Ok(format!("ScoreResult(totals={})", totals.repr()?))
    }
}

/// Settle a deal of 2–4 players under the rules (default `cp_pro_1_6`).
///
/// Each player is a `Setting` (or its text), the string 'surrender',
/// `('natural', Setting)` for a declared natural, or `('announce', Setting)`
/// for a setting whose royalties were announced (needed when
/// `royalty.declare_required` is on). `stakes[i][j]` multiplies
/// the pair (i, j); `pot` is the pot carried in under `pot_only_winner`.
///
/// >>> r = score(["As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc",
/// ...            "Ac Ah Ts / Qc Qs Jc Jh 3d / 2s 3s 4h 5c 6h"], Rules(method="2-4"))
/// >>> r.totals
/// [-2, 2]
#[pyfunction]
#[pyo3(signature = (players, rules=None, stakes=None, pot=0))]
pub fn score(
    py: Python<'_>,
    players: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, Rules>>,
    #[pyo3(from_py_with = stakes_arg)] stakes: Option<Vec<Vec<i64>>>,
    #[pyo3(from_py_with = args::int)] pot: i64,
) -> PyResult<ScoreResult> {
    let hands: Vec<PlayerHand> = players
        .try_iter()?
        .map(|p| player_hand(&p?))
        .collect::<PyResult<_>>()?;
    let r = rules_or_default(rules);
    let stakes = match stakes {
        None => None,
        Some(rows) => {
            let mut m = [[1i64; 4]; 4];
            if rows.len() != hands.len() || rows.iter().any(|row| row.len() != hands.len()) {
                return light(|| {
                    Err(Error::InvalidSetting(format!(
                        "stakes must be a {n}x{n} matrix for {n} players",
                        n = hands.len()
                    )))
                });
            }
            for (i, row) in rows.iter().enumerate() {
                for (j, &v) in row.iter().enumerate() {
                    m[i][j] = v;
                }
            }
            Some(m)
        }
    };
    let inner = detached(py, || score_with_pot(&hands, r, stakes.as_ref(), pot))?;
    Ok(ScoreResult { inner })
}

/// Settle many deals at once: `deals` is a uint8 array (N, P, 13) of settings
/// (front 3, middle 5, back 5 per player); returns int64 totals (N, P) in
/// units of 1/`denominator` as the second element of the returned tuple.
///
/// >>> import numpy as np
/// >>> deal = np.array([[Setting("As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc").codes,
/// ...                   Setting("Ac Ah Ts / Qc Qs Jc Jh 3d / 2s 3s 4h 5c 6h").codes]], dtype=np.uint8)
/// >>> totals, denominator = score_batch(deal, Rules(method="2-4"))
/// >>> totals.tolist(), denominator
/// ([[-2, 2]], 1)
///
/// `naturals`, a bool array (N, P), declares the hands flagged naturals (as
/// `("natural", setting)` does for `score`); `solve_batch(...,
/// return_naturals=True)` gives the flags of the hands it declares.
#[pyfunction]
#[pyo3(signature = (deals, rules=None, *, naturals=None, threads=None))]
pub fn score_batch<'py>(
    py: Python<'py>,
    deals: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, Rules>>,
    naturals: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
) -> PyResult<(Bound<'py, PyArray2<i64>>, i64)> {
    let r = rules_or_default(rules);
    let t = args::threads_opt(threads)?;
    let (ro, n, players) = arrays::deals_u8(deals)?;
    limits::check("score_batch", n as u64, 8 * players as u64, "deals")?;
    let flags = match naturals {
        Some(ob) if !ob.is_none() => Some(arrays::flags_bool(ob, "naturals", n, players)?),
        _ => None,
    };
    let totals = limits::zeros::<i64, Ix2>(py, &[n, players])?;
    let denominator = {
        let mut rw = totals.try_readwrite()?;
        let out = rw.as_slice_mut()?;
        let view = ro.as_array();
        by_size(py, n >= INTERRUPTIBLE_DEALS, || {
            if n == 0 {
                return score_deals(&[], players, r, t).map(|(_, d)| d);
            }
            let mut denominator = None;
            limits::for_slabs(&view, players * 13, limits::SCORE_SLAB, |first, slab| {
                let k = slab.len() / (13 * players);
                let declared = flags
                    .as_deref()
                    .map(|f| &f[first * players..(first + k) * players]);
                let (part, d) = score_deals_declaring(slab, declared, players, r, t)
                    .map_err(|e| limits::from_row(e, first))?;
                let expected = *denominator.get_or_insert(d);
                if d != expected {
                    return Err(Error::Internal(format!(
                        "deals settled with different denominators {expected} and {d}"
                    )));
                }
                out[first * players..first * players + part.len()].copy_from_slice(&part);
                Ok(())
            })?;
            Ok(denominator.unwrap_or(1))
        })?
    };
    Ok((totals, denominator))
}

/// Adds the `ScoreResult` class, `score` and `score_batch` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ScoreResult>()?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    Ok(())
}
