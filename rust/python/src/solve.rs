//! Bindings of the solvers and of play: `solve`, `solve_batch`, `Solution`,
//! `simulate_range`, `_merge_stats`, `NATURAL_KINDS`, `duplicate_match`.
//! Conversion only: strategy names go through the core's one parser.

use crate::args;
use crate::args::{codes_of, threads_opt};
use crate::arrays::rows_u8;
use crate::guard::{by_size, detached, interruptible, interruptible_keep, light};
use crate::limits;
use crate::model::{model_or_default, Model as PyModel};
use crate::natural::Natural;
use crate::rules::{rules_or_default, Rules};
use crate::setting::Setting;
use chinese_poker_core::natural::NaturalKind;
use chinese_poker_core::notation::Notation;
use chinese_poker_core::play::simulate::simulate_strategy;
use chinese_poker_core::play::{duplicate_match as core_match, SimStats, Strategy};
use chinese_poker_core::search::hand13;
use chinese_poker_core::setting::Setting as CoreSetting;
use chinese_poker_core::solve::{solve_rows_declaring, solve_strong_seat, Effort, Model, Solver};
use chinese_poker_core::Error;
use numpy::ndarray::{Ix1, Ix2};
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::time::Instant;

fn setting_of(cards: &[u8; 13]) -> PyResult<Setting> {
    light(|| CoreSetting::from_cards(cards)).map(|inner| Setting { inner })
}

/// A strategy name among `allowed`, by the core's one parser.
fn strategy_opt(s: &str, allowed: &[Strategy]) -> PyResult<Strategy> {
    light(|| Strategy::parse_among(s, allowed))
}

fn opponents_opt(n: i64) -> PyResult<usize> {
    if (1..=3).contains(&n) {
        Ok(n as usize)
    } else {
        light(|| {
            Err(Error::UnknownOption {
                option: "opponents".into(),
                value: n.to_string(),
                allowed: "1, 2 or 3".into(),
            })
        })
    }
}

/// The solver's answer: the chosen `setting`, its expected points `ev`
/// against all the opponents (with standard error `se` for the strong
/// solver, None for the fast one), the `natural` declared (or None), the
/// best `candidates` as (Setting, ev) pairs, `fouled` when no legal setting
/// exists (strict order), and the Monte-Carlo `samples` used.
#[pyclass(frozen, module = "chinese_poker._core", get_all)]
pub struct Solution {
    setting: Setting,
    ev: f64,
    se: Option<f64>,
    natural: Option<Py<Natural>>,
    candidates: Vec<(Setting, f64)>,
    fouled: bool,
    samples: usize,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        let se = self.se.map(|s| format!(" ± {s:.3}")).unwrap_or_default();
        format!(
            "Solution({}, ev={:.3}{se})",
            self.setting.inner.to_text(),
            self.ev
        )
    }
}

/// Most candidates `solve` lists.
const MAX_CANDIDATES: i64 = 100;
/// Most samples `strategy="strong"` may ask for: about a minute of work at
/// worst on one core, where 10**8 would run for over an hour.
const MAX_EFFORT: i64 = 1 << 20;
/// Rows from which `solve_batch` runs interruptibly (about 50 ms of work).
const INTERRUPTIBLE_ROWS: usize = 1024;

/// Set 13 cards for the best expected score under the rules (default
/// `cp_pro_1_6`) against `opponents` (1–3) opponents.
///
/// `strategy="fast"` ranks every Pareto-optimal setting by a model of how
/// often rows of each value win (trained by self-play); `"strong"` races
/// the fast solver's best candidates by Monte Carlo against opponents dealt
/// from the unseen cards (at most `effort` samples, 1 to 1,048,576, and
/// `time_budget` seconds, seeded by `seed`, common random numbers across
/// candidates; Ctrl-C stops it within a tenth of a second),
/// keeping the fast choice unless another is clearly better.
/// `candidates` is how many ranked settings the solution lists (the fewer,
/// the sooner the fast search can stop; 1 is what `solve_batch` uses).
/// `model` is the opponent model both solvers price rows with (default:
/// `Model.for_rules(rules, opponents + 1)`, the model the package ships for
/// those rules at that table size). Under `table.topology = banker`,
/// `banker=True` prices the hand that holds the bank (it settles with every
/// player) and the default a player's (it settles with the bank alone);
/// other topologies refuse `banker=True`.
///
/// >>> s = solve("As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh")
/// >>> s.setting.is_foul(), s.ev > -20
/// (False, True)
#[pyfunction]
#[pyo3(signature = (hand, rules=None, strategy=args::Text::Static("fast"), opponents=3, *, effort=1024, time_budget=None, seed=0, threads=None, notation=args::Text::Static("intl"), candidates=5, model=None, banker=false), text_signature = "(hand, rules=None, strategy='fast', opponents=3, *, effort=1024, time_budget=None, seed=0, threads=None, notation='intl', candidates=5, model=None, banker=False)")]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, Rules>>,
    #[pyo3(from_py_with = args::name)] strategy: args::Text,
    #[pyo3(from_py_with = args::int)] opponents: i64,
    #[pyo3(from_py_with = args::int)] effort: i64,
    #[pyo3(from_py_with = args::opt_float)] time_budget: Option<f64>,
    #[pyo3(from_py_with = args::int)] seed: u64,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
    #[pyo3(from_py_with = args::name)] notation: args::Text,
    #[pyo3(from_py_with = args::int)] candidates: i64,
    model: Option<&Bound<'_, PyModel>>,
    banker: bool,
) -> PyResult<Solution> {
    // `Text` to `&str` once, for the body below.
    let strategy: &str = &strategy;
    let notation: &str = &notation;
    let strong = strategy_opt(strategy, &Strategy::SOLVE)? == Strategy::Strong;
    if !(1..=MAX_CANDIDATES).contains(&candidates) {
        return light(|| {
            Err(Error::UnknownOption {
                option: "candidates".into(),
                value: candidates.to_string(),
                allowed: format!("1 to {MAX_CANDIDATES} settings"),
            })
        });
    }
    let k = candidates as usize;
    let opponents = opponents_opt(opponents)?;
    let n: Notation = light(|| notation.parse())?;
    let codes = codes_of(hand, n)?;
    let cards = light(|| hand13(&codes))?;
    let r = rules_or_default(rules);
    let m = model_or_default(model, r, opponents + 1)?;
    let t = threads_opt(threads)?;
    if !(1..=MAX_EFFORT).contains(&effort) {
        return light(|| {
            Err(Error::UnknownOption {
                option: "effort".into(),
                value: effort.to_string(),
                allowed: format!("a number of samples from 1 to {MAX_EFFORT}"),
            })
        });
    }
    let budget = args::time_budget(time_budget)?;
    if strong {
        // The race takes at least its default field; the solution lists `k`.
        let e = Effort {
            samples: effort as usize,
            time_budget: budget,
            seed,
            candidates: k.max(Effort::default().candidates),
            ..Effort::default()
        };
        let s = interruptible(py, || {
            solve_strong_seat(&cards, r, opponents, m, e, t, banker)
        })?;
        let candidates = s
            .candidates
            .iter()
            .take(k)
            .map(|c| Ok((setting_of(&c.setting)?, c.ev)))
            .collect::<PyResult<_>>()?;
        let natural = s
            .natural
            .map(|n| Py::new(py, Natural::from(n)))
            .transpose()?;
        return Ok(Solution {
            setting: setting_of(&s.setting)?,
            ev: s.ev,
            se: Some(s.se),
            natural,
            candidates,
            fouled: false,
            samples: s.samples,
        });
    }
    let s = detached(py, || {
        Solver::for_seat(r, opponents, m, banker)?.solve_top(&cards, k)
    })?;
    let candidates = s
        .candidates
        .iter()
        .map(|(c, ev)| Ok((setting_of(c)?, *ev)))
        .collect::<PyResult<_>>()?;
    let natural = s
        .natural
        .map(|n| Py::new(py, Natural::from(n)))
        .transpose()?;
    Ok(Solution {
        setting: setting_of(&s.setting)?,
        ev: s.ev,
        se: None,
        natural,
        candidates,
        fouled: s.fouled,
        samples: 0,
    })
}

/// Solve many hands with the fast solver: `hands` is a uint8 array (N, 13);
/// returns the settings, uint8 (N, 13) (front 3, middle 5, back 5), and their
/// expected points, float64 (N,). The GIL is released and the hands are
/// spread over threads; results do not depend on the thread count. `model`
/// is the opponent model (default: `Model.for_rules(rules, opponents + 1)`);
/// `banker` as in `solve`.
///
/// >>> import numpy as np
/// >>> hands = np.arange(52, dtype=np.uint8).reshape(4, 13)
/// >>> settings, ev = solve_batch(hands)
/// >>> settings.shape, ev.shape
/// ((4, 13), (4,))
///
/// `return_naturals=True` adds a third array, bool (N,): the hands the
/// solver declares naturals (their EV is the natural's points); pass them to
/// `score_batch(..., naturals=)` to settle them as naturals.
#[pyfunction]
#[pyo3(signature = (hands, rules=None, strategy=args::Text::Static("fast"), opponents=3, *, threads=None, model=None, banker=false, return_naturals=false), text_signature = "(hands, rules=None, strategy='fast', opponents=3, *, threads=None, model=None, banker=False, return_naturals=False)")]
#[allow(clippy::too_many_arguments)]
pub fn solve_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, Rules>>,
    #[pyo3(from_py_with = args::name)] strategy: args::Text,
    #[pyo3(from_py_with = args::int)] opponents: i64,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
    model: Option<&Bound<'py, PyModel>>,
    banker: bool,
    return_naturals: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    // `Text` to `&str` once, for the body below.
    let strategy: &str = &strategy;
    if strategy_opt(strategy, &Strategy::SOLVE)? == Strategy::Strong {
        return light(|| {
            Err(Error::UnknownOption {
                option: "strategy".into(),
                value: strategy.into(),
                allowed: "'fast' (call solve(strategy='strong') per hand)".into(),
            })
        });
    }
    let opponents = opponents_opt(opponents)?;
    let r = rules_or_default(rules);
    let m = model_or_default(model, r, opponents + 1)?;
    let t = threads_opt(threads)?;
    let (ro, n, _) = rows_u8(hands, "hands", &[13])?;
    // Measuring the opponents' naturals for new rules takes a moment.
    let solver = detached(py, || Solver::for_seat(r, opponents, m, banker))?;
    limits::check("solve_batch", n as u64, 13 + 8, "hands")?;
    let settings = limits::zeros::<u8, Ix2>(py, &[n, 13])?;
    let ev = limits::zeros::<f64, Ix1>(py, &[n])?;
    let naturals = limits::zeros::<bool, Ix1>(py, &[if return_naturals { n } else { 0 }])?;
    {
        let mut settings_rw = settings.try_readwrite()?;
        let mut ev_rw = ev.try_readwrite()?;
        let mut naturals_rw = naturals.try_readwrite()?;
        let out_settings = settings_rw.as_slice_mut()?;
        let out_ev = ev_rw.as_slice_mut()?;
        let out_naturals = naturals_rw.as_slice_mut()?;
        let view = ro.as_array();
        by_size(py, n >= INTERRUPTIBLE_ROWS, || {
            limits::for_slabs(&view, 13, limits::SOLVE_SLAB, |first, rows| {
                let k = rows.len() / 13;
                let flags = if return_naturals {
                    Some(&mut out_naturals[first..first + k])
                } else {
                    None
                };
                solve_rows_declaring(
                    rows,
                    &solver,
                    t,
                    &mut out_settings[first * 13..(first + k) * 13],
                    &mut out_ev[first..first + k],
                    flags,
                )
                .map_err(|e| limits::from_row(e, first))
            })
        })?;
    }
    if return_naturals {
        PyTuple::new(
            py,
            [settings.into_any(), ev.into_any(), naturals.into_any()],
        )
    } else {
        PyTuple::new(py, [settings.into_any(), ev.into_any()])
    }
}

fn stats_dict<'py>(py: Python<'py>, mut s: SimStats) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("players", s.players)?;
    d.set_item("deals", s.deals)?;
    d.set_item("denominator", s.denominator)?;
    d.set_item("points", s.points.clone())?;
    d.set_item("points_sq", s.points_sq.clone())?;
    d.set_item("pairs_compared", s.pairs_compared)?;
    d.set_item("scoops", s.scoops)?;
    d.set_item("hands", s.hands)?;
    d.set_item("fouls", s.fouls)?;
    d.set_item("naturals_paid", s.naturals_paid.clone())?;
    d.set_item("naturals_dealt", s.naturals_dealt.clone())?;
    d.set_item("six_pairs_strict", s.six_pairs_strict)?;
    d.set_item("six_pairs_with_quads", s.six_pairs_with_quads)?;
    d.set_item(
        "royalty_rows",
        s.royalty_rows
            .iter()
            .map(|r| r.to_vec())
            .collect::<Vec<_>>(),
    )?;
    d.set_item("row_decided", s.row_decided.to_vec())?;
    d.set_item("row_ties", s.row_ties.to_vec())?;
    if !s.deal_totals.is_empty() {
        let n = s.deal_totals.len() / s.players.max(1);
        // moved, not copied: a recorded run's totals are its largest part
        let totals = std::mem::take(&mut s.deal_totals);
        let arr = numpy::ndarray::Array2::from_shape_vec((n, s.players), totals)
            .map_err(|e| crate::errors::to_pyerr_static(Error::Internal(e.to_string())))?;
        d.set_item("deal_totals", arr.into_pyarray(py))?;
    }
    Ok(d)
}

/// Low-level simulation of deals `first .. first + count` of a run (the
/// Python `simulate` builds on it): deal with a counter-based shuffle keyed
/// by `(seed, deal index)`, set every hand with the strategy ('fast' or
/// 'greedy'), settle under the rules, and return mergeable sums as a dict
/// (with `record_deals`, also 'deal_totals': int64 (count, players) in units).
/// Ctrl-C raises `KeyboardInterrupt` within a tenth of a second; its
/// `partial` attribute holds the same dict for the deals finished, which are
/// always the first `partial['deals']` of the range. `time_budget` (seconds,
/// None for no limit) stops the run the same way without raising: the dict
/// then counts fewer deals than asked for, again the first ones.
#[pyfunction]
#[pyo3(signature = (first, count, players=4, rules=None, strategy=args::Text::Static("fast"), seed=0, *, count_naturals=true, record_deals=false, threads=None, time_budget=None), text_signature = "(first, count, players=4, rules=None, strategy='fast', seed=0, *, count_naturals=True, record_deals=False, threads=None, time_budget=None)")]
#[allow(clippy::too_many_arguments)]
pub fn simulate_range<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::int)] first: u64,
    #[pyo3(from_py_with = args::int)] count: u64,
    #[pyo3(from_py_with = args::int)] players: i64,
    rules: Option<&Bound<'py, Rules>>,
    #[pyo3(from_py_with = args::name)] strategy: args::Text,
    #[pyo3(from_py_with = args::int)] seed: u64,
    count_naturals: bool,
    record_deals: bool,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
    #[pyo3(from_py_with = args::opt_float)] time_budget: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    // `Text` to `&str` once, for the body below.
    let strategy: &str = &strategy;
    let r = rules_or_default(rules);
    let t = threads_opt(threads)?;
    let deadline = args::time_budget(time_budget)?.and_then(|b| Instant::now().checked_add(b));
    let players_n = usize::try_from(players).unwrap_or(0);
    if record_deals {
        limits::check(
            "simulate_range(record_deals=True)",
            count,
            8 * players_n as u64,
            "deals",
        )?;
    }
    let strategy = strategy_opt(strategy, &Strategy::SIMULATE)?;
    // Players out of range are refused by the simulation with its own message.
    let m = light(|| Model::for_rules(r, players_n.clamp(2, 4)))?;
    let (run, raised) = interruptible_keep(py, deadline, || {
        simulate_strategy(
            first,
            count,
            players_n,
            r,
            seed,
            strategy,
            m,
            count_naturals,
            record_deals,
            t,
        )
    });
    if let Some(e) = raised {
        // Ctrl-C still raises, carrying the deals finished before it.
        if let Ok(run) = run {
            e.value(py).setattr("partial", stats_dict(py, run.stats)?)?;
        }
        return Err(e);
    }
    // Stopped by the deadline: the deals finished, which the count tells apart.
    let stats = light(|| run.map(|r| r.stats))?;
    stats_dict(py, stats)
}

/// A duplicate heads-up match between two strategies ('fast',
/// 'fast_independent', 'greedy', 'royalty_max'): every deal is played twice
/// with the hands exchanged and scored exactly under the rules. Returns
/// (A's mean edge in points per hand, its standard error).
///
/// >>> duplicate_match("greedy", "greedy", 10)
/// (0.0, 0.0)
#[pyfunction]
#[pyo3(signature = (a, b, deals, rules=None, seed=0))]
pub fn duplicate_match(
    py: Python<'_>,
    #[pyo3(from_py_with = args::name)] a: args::Text,
    #[pyo3(from_py_with = args::name)] b: args::Text,
    #[pyo3(from_py_with = args::int)] deals: usize,
    rules: Option<&Bound<'_, Rules>>,
    #[pyo3(from_py_with = args::int)] seed: u64,
) -> PyResult<(f64, f64)> {
    // `Text` to `&str` once, for the body below.
    let a: &str = &a;
    let b: &str = &b;
    let (sa, sb) = (
        strategy_opt(a, &Strategy::MATCH)?,
        strategy_opt(b, &Strategy::MATCH)?,
    );
    let r = rules_or_default(rules);
    // the core keeps a deal index and an edge per deal to compute the spread
    limits::check("duplicate_match", deals as u64, 16, "deals")?;
    interruptible(py, || core_match(sa, sb, deals, r, seed))
}

/// The value of `key` in a statistics dict.
fn stat<'py, T: FromPyObjectOwned<'py>>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<T> {
    match d.get_item(key)? {
        Some(v) => v.extract().map_err(Into::into),
        None => light(|| {
            Err(Error::InvalidSetting(format!(
                "not a statistics dict of simulate_range (no {key})"
            )))
        }),
    }
}

/// `v` as an array of `N`, or an error naming `key`.
fn sized<T, const N: usize>(v: Vec<T>, key: &str) -> PyResult<[T; N]> {
    let n = v.len();
    v.try_into().or_else(|_| {
        light(|| {
            Err(Error::InvalidSetting(format!(
                "{key} of a statistics dict holds {n} entries, not {N}"
            )))
        })
    })
}

/// `v`, checked to hold `n` entries.
fn counted<T>(v: Vec<T>, n: usize, key: &str) -> PyResult<Vec<T>> {
    if v.len() == n {
        Ok(v)
    } else {
        light(|| {
            Err(Error::InvalidSetting(format!(
                "{key} of a statistics dict holds {} entries, not {n}",
                v.len()
            )))
        })
    }
}

/// A statistics dict of `simulate_range` as the core's [`SimStats`].
fn dict_stats(d: &Bound<'_, PyDict>) -> PyResult<SimStats> {
    let players: usize = stat(d, "players")?;
    let kinds = chinese_poker_core::play::NATURAL_KINDS;
    let royalty_rows: Vec<Vec<u64>> = stat(d, "royalty_rows")?;
    let royalty_rows = counted(royalty_rows, 3, "royalty_rows")?
        .into_iter()
        .map(|r| sized::<u64, 10>(r, "royalty_rows"))
        .collect::<PyResult<_>>()?;
    let deal_totals = match d.get_item("deal_totals")? {
        Some(a) => a
            .cast::<numpy::PyArray2<i64>>()?
            .readonly()
            .as_array()
            .iter()
            .copied()
            .collect(),
        None => Vec::new(),
    };
    Ok(SimStats {
        players,
        deals: stat(d, "deals")?,
        denominator: stat(d, "denominator")?,
        points: counted(stat(d, "points")?, players, "points")?,
        points_sq: counted(stat(d, "points_sq")?, players, "points_sq")?,
        pairs_compared: stat(d, "pairs_compared")?,
        scoops: stat(d, "scoops")?,
        hands: stat(d, "hands")?,
        fouls: stat(d, "fouls")?,
        naturals_paid: counted(stat(d, "naturals_paid")?, kinds, "naturals_paid")?,
        naturals_dealt: counted(stat(d, "naturals_dealt")?, kinds, "naturals_dealt")?,
        six_pairs_strict: stat(d, "six_pairs_strict")?,
        six_pairs_with_quads: stat(d, "six_pairs_with_quads")?,
        royalty_rows,
        row_decided: sized(stat(d, "row_decided")?, "row_decided")?,
        row_ties: sized(stat(d, "row_ties")?, "row_ties")?,
        deal_totals,
    })
}

/// Adds two statistics dicts of `simulate_range` (same players and rules)
/// by the core's merge, so that the sums are exactly a single run's.
///
/// >>> a = simulate_range(0, 5, 4, None, "greedy", 1)
/// >>> _merge_stats(a, simulate_range(5, 5, 4, None, "greedy", 1))["deals"]
/// 10
#[pyfunction]
pub fn _merge_stats<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyDict>,
    b: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut merged = dict_stats(a)?;
    let other = dict_stats(b)?;
    light(|| merged.merge(&other))?;
    stats_dict(py, merged)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_merge_stats, m)?)?;
    // The natural kinds in the order of the statistics' lists.
    let kinds: Vec<&str> = NaturalKind::ALL.iter().map(|k| k.as_str()).collect();
    m.add("NATURAL_KINDS", pyo3::types::PyTuple::new(m.py(), kinds)?)?;
    m.add_function(wrap_pyfunction!(duplicate_match, m)?)?;
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_range, m)?)?;
    Ok(())
}
