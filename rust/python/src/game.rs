//! Bindings of the rules engine and the arrangement search: `Rules`,
//! `Setting`, `Natural`, `ScoreResult`, `find_natural`, `score`,
//! `score_batch`, `all_settings`, `pareto_settings`. Conversion only.

use crate::args;
use crate::guard::{detached, light};
use crate::limits;
use crate::{codes_of, threads_opt, HandValue};
use chinese_poker_core::batch::score_deals;
use chinese_poker_core::natural::{find_natural as core_find_natural, Natural as CoreNatural};
use chinese_poker_core::notation::Notation;
use chinese_poker_core::rules::{Rules as CoreRules, OPTION_NAMES};
use chinese_poker_core::score::{
    score_with_pot, PairKind, PlayerHand, ScoreResult as CoreScore, Status,
};
use chinese_poker_core::search;
use chinese_poker_core::setting::{order_check, Setting as CoreSetting};
use chinese_poker_core::Error;
use numpy::ndarray::Ix2;
use numpy::{IntoPyArray, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

/// Short names accepted as keyword arguments besides the dotted RULES §9 names.
const ALIASES: [(&str, &str); 4] = [
    ("method", "score.method"),
    ("wheel", "rank.wheel"),
    ("order", "order.mode"),
    ("topology", "table.topology"),
];

/// The RULES §9 name of a Python keyword: a dotted name as is, an alias, or
/// the dotted name with the dots written as underscores (`order_mode`).
fn option_name(key: &str) -> chinese_poker_core::Result<String> {
    if key.contains('.') || key == "preset" {
        return Ok(key.to_string());
    }
    if let Some((_, n)) = ALIASES.iter().find(|(a, _)| *a == key) {
        return Ok((*n).to_string());
    }
    OPTION_NAMES
        .iter()
        .find(|n| n.replace('.', "_") == key)
        .map(|n| (*n).to_string())
        .ok_or_else(|| Error::Rules {
            option: key.into(),
            reason: "no such option (Rules.options() lists them)".into(),
        })
}

/// How deep `option_value` follows lists and dicts (a list that holds itself
/// would otherwise recurse until the stack overflows).
const OPTION_DEPTH: usize = 4;

/// An option value as the string the core parses: bools as true/false,
/// numbers as written, sequences joined by commas, dicts as `key:value` lists.
fn option_value(v: &Bound<'_, PyAny>) -> PyResult<String> {
    option_value_at(v, 0)
}

fn option_value_at(v: &Bound<'_, PyAny>, depth: usize) -> PyResult<String> {
    if depth > OPTION_DEPTH {
        return light(|| {
            Err(Error::Rules {
                option: "value".into(),
                reason: "lists and dicts nest too deeply for an option value".into(),
            })
        });
    }
    if v.is_instance_of::<PyBool>() {
        return Ok(if v.extract::<bool>()? {
            "true"
        } else {
            "false"
        }
        .into());
    }
    if v.is_instance_of::<PyString>() {
        return args::name(v).map(str::to_string);
    }
    if let Ok(d) = v.cast::<PyDict>() {
        let mut parts = Vec::new();
        for (k, x) in d.iter() {
            parts.push(format!(
                "{}:{}",
                option_value_at(&k, depth + 1)?,
                option_value_at(&x, depth + 1)?
            ));
        }
        return Ok(parts.join(","));
    }
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let parts: PyResult<Vec<String>> = v
            .try_iter()?
            .map(|x| option_value_at(&x?, depth + 1))
            .collect();
        return Ok(parts?.join(","));
    }
    Ok(v.str()?.to_string_lossy().into_owned())
}

fn apply(rules: &mut CoreRules, options: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    if let Some(opts) = options {
        // a preset given with other options is applied first
        if let Some(p) = opts.get_item("preset")? {
            let v = option_value(&p)?;
            light(|| rules.set("preset", &v))?;
        }
        for (k, v) in opts.iter() {
            let key = args::name(&k)?;
            if key == "preset" {
                continue;
            }
            let name = light(|| option_name(key))?;
            let value = option_value(&v)?;
            light(|| rules.set(&name, &value))?;
        }
    }
    light(|| rules.validate())
}

/// The rules of a deal: every option of RULES §9, immutable.
///
/// `Rules(**options)` starts from plain rules (1-6, no royalties, no naturals,
/// non-strict order); options are given by their RULES §9 names with the dots
/// written as underscores (`order_mode="strict"`) or as a dict with dotted
/// names (`Rules(**{"order.mode": "strict"})`), or by the aliases `method`,
/// `wheel`, `order`, `topology`.
///
/// >>> Rules(method="2-4")["score.method"]
/// '2-4'
/// >>> Rules.preset("cp_pro_1_6") == Rules.from_dict(Rules.preset("cp_pro_1_6").to_dict())
/// True
#[pyclass(frozen, module = "chinese_poker._core")]
#[derive(Clone)]
pub struct Rules {
    pub inner: CoreRules,
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (**options))]
    fn new(options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut inner = CoreRules::default();
        apply(&mut inner, options)?;
        Ok(Rules { inner })
    }

    /// The rules of a preset of RULES §8, e.g. `Rules.preset("wiki_2_4")`.
    #[staticmethod]
    fn preset(#[pyo3(from_py_with = args::name)] name: &str) -> PyResult<Self> {
        light(|| CoreRules::preset(name)).map(|inner| Rules { inner })
    }

    /// The ids of every preset.
    #[staticmethod]
    fn presets() -> Vec<&'static str> {
        CoreRules::preset_names().to_vec()
    }

    /// The names of every option (RULES §9 spelling).
    #[staticmethod]
    fn options() -> Vec<&'static str> {
        OPTION_NAMES.to_vec()
    }

    /// A copy with some options changed.
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut inner = self.inner.clone();
        apply(&mut inner, changes)?;
        Ok(Rules { inner })
    }

    /// Every option as `{name: value string}`; `Rules.from_dict` rebuilds the rules.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.inner.to_pairs() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// Rules from a dict of option names (dotted or underscored) and values.
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyDict>) -> PyResult<Self> {
        Rules::new(Some(d))
    }

    /// The value string of one option.
    fn __getitem__(&self, #[pyo3(from_py_with = args::name)] name: &str) -> PyResult<String> {
        let n = light(|| option_name(name))?;
        light(|| self.inner.get(&n))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Rules>()
            .map(|o| o.get().inner == self.inner)
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.to_pairs().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let default = CoreRules::default().to_pairs();
        let changed: Vec<String> = self
            .inner
            .to_pairs()
            .into_iter()
            .filter(|p| !default.contains(p))
            .map(|(k, v)| format!("{k:?}: {v:?}"))
            .collect();
        format!("Rules.from_dict({{{}}})", changed.join(", "))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        let from_dict = slf.get_type().getattr("from_dict")?;
        Ok((from_dict, (slf.get().to_dict(slf.py())?,)))
    }
}

/// `rules` or the default preset `cp_pro_1_6` (RULES §13.8).
pub fn rules_or_default(rules: Option<&Bound<'_, Rules>>) -> PyResult<CoreRules> {
    match rules {
        Some(r) => Ok(r.get().inner.clone()),
        None => light(|| CoreRules::preset("cp_pro_1_6")),
    }
}

/// Thirteen cards set as front (3), middle (5) and back (5).
///
/// `Setting(front, middle, back)` takes each row as text or codes;
/// `Setting("As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc")` or 13 codes in one
/// argument (front, middle, back order) work too.
///
/// >>> s = Setting("Qs Qd 5c", "Kh Kc 5d 4s 3h", "As Ad Ac 9d 9c")
/// >>> s.is_foul(), s.values[0].describe()
/// (False, 'Pair of Queens, 5 kicker')
#[pyclass(frozen, eq, hash, module = "chinese_poker._core")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setting {
    pub inner: CoreSetting,
}

impl Setting {
    fn row_codes(
        ob: &Bound<'_, PyAny>,
        notation: Notation,
        want: usize,
        row: &str,
    ) -> PyResult<Vec<i64>> {
        let codes = codes_of(ob, notation)?;
        if codes.len() != want {
            return light(|| {
                Err(Error::HandSize {
                    expected: format!("{want} cards in the {row}"),
                    got: codes.len(),
                })
            });
        }
        Ok(codes)
    }
}

#[pymethods]
impl Setting {
    #[new]
    #[pyo3(signature = (front, middle=None, back=None, *, notation="intl"))]
    fn new(
        front: &Bound<'_, PyAny>,
        middle: Option<&Bound<'_, PyAny>>,
        back: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::name)] notation: &str,
    ) -> PyResult<Self> {
        let n: Notation = light(|| notation.parse())?;
        match (middle, back) {
            (None, None) => {
                if front.is_instance_of::<PyString>() {
                    let text = args::card_text(front)?;
                    return light(|| CoreSetting::parse(text, n)).map(|inner| Setting { inner });
                }
                let codes = codes_of(front, n)?;
                light(|| CoreSetting::from_codes(&codes)).map(|inner| Setting { inner })
            }
            (Some(m), Some(b)) => {
                let mut codes = Setting::row_codes(front, n, 3, "front")?;
                codes.extend(Setting::row_codes(m, n, 5, "middle")?);
                codes.extend(Setting::row_codes(b, n, 5, "back")?);
                light(|| CoreSetting::from_codes(&codes)).map(|inner| Setting { inner })
            }
            _ => Err(PyTypeError::new_err(
                "give the front, middle and back, or all 13 cards in one argument",
            )),
        }
    }

    /// A setting from 13 codes ordered front 3, middle 5, back 5 (a list or a uint8 array).
    #[staticmethod]
    fn from_codes(codes: &Bound<'_, PyAny>) -> PyResult<Self> {
        let c = codes_of(codes, Notation::Intl)?;
        light(|| CoreSetting::from_codes(&c)).map(|inner| Setting { inner })
    }

    /// The 13 codes, front first.
    #[getter]
    fn codes(&self) -> Vec<u32> {
        self.inner.cards().iter().map(|&c| u32::from(c)).collect()
    }

    /// The front's codes.
    #[getter]
    fn front(&self) -> Vec<u32> {
        self.inner.front().iter().map(|&c| u32::from(c)).collect()
    }

    /// The middle's codes.
    #[getter]
    fn middle(&self) -> Vec<u32> {
        self.inner.middle().iter().map(|&c| u32::from(c)).collect()
    }

    /// The back's codes.
    #[getter]
    fn back(&self) -> Vec<u32> {
        self.inner.back().iter().map(|&c| u32::from(c)).collect()
    }

    /// The rows' values (front, middle, back) with the wheel lowest; see `values_under`.
    #[getter]
    fn values(&self) -> (HandValue, HandValue, HandValue) {
        let [f, m, b] = self.inner.values(&CoreRules::default());
        (
            HandValue { value: f },
            HandValue { value: m },
            HandValue { value: b },
        )
    }

    /// The rows' values under the rules' wheel position.
    #[pyo3(signature = (rules=None))]
    fn values_under(
        &self,
        rules: Option<&Bound<'_, Rules>>,
    ) -> PyResult<(HandValue, HandValue, HandValue)> {
        let r = rules_or_default(rules)?;
        let [f, m, b] = self.inner.values(&r);
        Ok((
            HandValue { value: f },
            HandValue { value: m },
            HandValue { value: b },
        ))
    }

    /// Is the setting fouled (mis-set) under the rules (RULES §3)?
    #[pyo3(signature = (rules=None))]
    fn is_foul(&self, rules: Option<&Bound<'_, Rules>>) -> PyResult<bool> {
        Ok(self.inner.is_foul(&rules_or_default(rules)?))
    }

    /// Why the setting is fouled, or None.
    #[pyo3(signature = (rules=None))]
    fn foul_reason(&self, rules: Option<&Bound<'_, Rules>>) -> PyResult<Option<&'static str>> {
        Ok(self
            .inner
            .foul_reason(&rules_or_default(rules)?)
            .map(|r| r.describe()))
    }

    /// Royalty of each row (front, middle, back) under the rules' table (0 when fouled).
    #[pyo3(signature = (rules=None))]
    fn royalties(&self, rules: Option<&Bound<'_, Rules>>) -> PyResult<(i64, i64, i64)> {
        let [f, m, b] = self.inner.royalties(&rules_or_default(rules)?);
        Ok((f, m, b))
    }

    /// One line per row: cards and description, then the foul verdict.
    #[pyo3(signature = (rules=None))]
    fn describe(&self, rules: Option<&Bound<'_, Rules>>) -> PyResult<String> {
        let r = rules_or_default(rules)?;
        let values = self.inner.values(&r);
        let mut out = Vec::new();
        for (i, name) in ["front", "middle", "back"].iter().enumerate() {
            let row: Vec<i64> = match i {
                0 => self.inner.front().iter().map(|&c| i64::from(c)).collect(),
                1 => self.inner.middle().iter().map(|&c| i64::from(c)).collect(),
                _ => self.inner.back().iter().map(|&c| i64::from(c)).collect(),
            };
            let text = light(|| {
                chinese_poker_core::cards::format_cards(
                    &row,
                    chinese_poker_core::cards::Style::Ascii,
                )
            })?;
            out.push(format!(
                "{name:<6}  {text:<14}  {}",
                chinese_poker_core::eval::describe(values[i])
            ));
        }
        if let Some(reason) = self.inner.foul_reason(&r) {
            out.push(format!("FOUL: {}", reason.describe()));
        }
        Ok(out.join("\n"))
    }

    fn __repr__(&self) -> String {
        format!("Setting({:?})", self.inner.to_text())
    }

    fn __str__(&self) -> String {
        self.inner.to_text()
    }
}

/// A detected natural (RULES §6): `kind` (e.g. 'THREE_FLUSHES'), `value`
/// per opponent, `precedence`, tie-break `key`, and for the arrangement
/// naturals the legal `setting` that shows it.
#[pyclass(frozen, module = "chinese_poker._core", get_all)]
pub struct Natural {
    pub(crate) kind: String,
    value: i64,
    precedence: usize,
    key: Vec<u32>,
    setting: Option<Setting>,
}

impl From<CoreNatural> for Natural {
    fn from(n: CoreNatural) -> Self {
        Natural {
            kind: n.kind.as_str().to_string(),
            value: n.value,
            precedence: n.precedence,
            key: n.key,
            setting: n.setting.map(|inner| Setting { inner }),
        }
    }
}

#[pymethods]
impl Natural {
    fn __repr__(&self) -> String {
        format!("Natural({}, value={})", self.kind, self.value)
    }
}

/// The highest-ranked natural of 13 cards under the rules, or None.
///
/// >>> find_natural("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac").kind
/// 'DRAGON'
#[pyfunction]
#[pyo3(signature = (hand, rules=None, *, notation="intl"))]
pub fn find_natural(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, Rules>>,
    #[pyo3(from_py_with = args::name)] notation: &str,
) -> PyResult<Option<Natural>> {
    let n: Notation = light(|| notation.parse())?;
    let codes = codes_of(hand, n)?;
    let r = rules_or_default(rules)?;
    let cards = light(|| search::hand13(&codes))?;
    Ok(detached(py, || core_find_natural(&cards, &r))?.map(Natural::from))
}

fn player_hand(ob: &Bound<'_, PyAny>) -> PyResult<PlayerHand> {
    if let Ok(s) = ob.cast::<Setting>() {
        return Ok(PlayerHand::Setting(s.get().inner));
    }
    if ob.is_instance_of::<PyString>() {
        let text = args::card_text(ob)?;
        if text == "surrender" {
            return Ok(PlayerHand::Surrender);
        }
        return light(|| CoreSetting::parse(text, Notation::Intl).map(PlayerHand::Setting));
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

    fn __repr__(&self) -> String {
        format!(
            "ScoreResult(totals={:?}, denominator={})",
            self.inner.totals, self.inner.denominator
        )
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
    let r = rules_or_default(rules)?;
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
    let inner = detached(py, || score_with_pot(&hands, &r, stakes.as_ref(), pot))?;
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
#[pyfunction]
#[pyo3(signature = (deals, rules=None, *, threads=None))]
pub fn score_batch<'py>(
    py: Python<'py>,
    deals: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, Rules>>,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
) -> PyResult<(Bound<'py, PyArray2<i64>>, i64)> {
    let r = rules_or_default(rules)?;
    let t = threads_opt(threads)?;
    let (ro, n, players) = crate::deals_u8(deals)?;
    limits::check("score_batch", n as u64, 8 * players as u64, "deals")?;
    let totals = limits::zeros::<i64, Ix2>(py, &[n, players])?;
    let denominator = {
        let mut rw = totals.try_readwrite()?;
        let out = rw.as_slice_mut()?;
        let view = ro.as_array();
        detached(py, || {
            if n == 0 {
                return score_deals(&[], players, &r, t).map(|(_, d)| d);
            }
            let mut denominator = None;
            limits::for_slabs(&view, players * 13, limits::SCORE_SLAB, |first, slab| {
                let (part, d) =
                    score_deals(slab, players, &r, t).map_err(|e| limits::from_row(e, first))?;
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

fn legal_under(r: &CoreRules) -> impl Fn(u32, u32, u32) -> bool + '_ {
    move |f, m, b| order_check([f, m, b], r).is_none()
}

fn settings_array<'py>(py: Python<'py>, rows: Vec<[u8; 13]>) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let n = rows.len();
    let flat: Vec<u8> = rows.into_iter().flatten().collect();
    numpy::ndarray::Array2::from_shape_vec((n, 13), flat)
        .map(|a| a.into_pyarray(py))
        .map_err(|e| crate::errors::to_pyerr_static(Error::Internal(e.to_string())))
}

/// Every setting of 13 cards as a uint8 array (M, 13), front 3, middle 5,
/// back 5; only the legal ones under the rules unless `legal_only=False`
/// (then M = 72,072).
///
/// >>> all_settings("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", legal_only=False).shape
/// (72072, 13)
#[pyfunction]
#[pyo3(signature = (hand, rules=None, legal_only=true, *, notation="intl"))]
pub fn all_settings<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, Rules>>,
    legal_only: bool,
    #[pyo3(from_py_with = args::name)] notation: &str,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let n: Notation = light(|| notation.parse())?;
    let codes = codes_of(hand, n)?;
    let r = rules_or_default(rules)?;
    let cards = light(|| search::hand13(&codes))?;
    let rows = detached(py, || {
        Ok(if legal_only {
            search::all_settings(&cards, r.wheel(), legal_under(&r))
        } else {
            search::all_settings(&cards, r.wheel(), |_, _, _| true)
        })
    })?;
    settings_array(py, rows)
}

/// The Pareto frontier of the legal settings: those whose (front, middle,
/// back) values no other legal setting weakly beats in all three rows, one
/// per distinct value triple. Returns (settings uint8 (K, 13), values uint32 (K, 3)).
///
/// >>> settings, values = pareto_settings("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
/// >>> settings.shape[1], values.shape[1]
/// (13, 3)
#[pyfunction]
#[pyo3(signature = (hand, rules=None, *, notation="intl"))]
pub fn pareto_settings<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, Rules>>,
    #[pyo3(from_py_with = args::name)] notation: &str,
) -> PyResult<(Bound<'py, PyArray2<u8>>, Bound<'py, PyArray2<u32>>)> {
    let n: Notation = light(|| notation.parse())?;
    let codes = codes_of(hand, n)?;
    let r = rules_or_default(rules)?;
    let cards = light(|| search::hand13(&codes))?;
    let found = detached(py, || {
        Ok(if r.same_category_ok() {
            search::pareto_settings(&cards, r.wheel(), legal_under(&r))
        } else {
            search::pareto_settings(&cards, r.wheel(), search::ValueOrder(legal_under(&r)))
        })
    })?;
    let k = found.len();
    let values: Vec<u32> = found.iter().flat_map(|(_, v)| *v).collect();
    let settings = settings_array(py, found.into_iter().map(|(s, _)| s).collect())?;
    let values = numpy::ndarray::Array2::from_shape_vec((k, 3), values)
        .map_err(|e| crate::errors::to_pyerr_static(Error::Internal(e.to_string())))?;
    Ok((settings, values.into_pyarray(py)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rules>()?;
    m.add_class::<Setting>()?;
    m.add_class::<Natural>()?;
    m.add_class::<ScoreResult>()?;
    m.add_function(wrap_pyfunction!(find_natural, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(all_settings, m)?)?;
    m.add_function(wrap_pyfunction!(pareto_settings, m)?)?;
    Ok(())
}
