//! Settings: the `Setting` class (its rows, values, foul verdict, royalties
//! and its rendering as text), and the arrangement search `all_settings` and
//! `pareto_settings`.

use crate::eval::HandValue;
use crate::guard::{detached, light};
use crate::rules::{rules_or_default, Rules};
use crate::{args, errors};
use chinese_poker_core::cards::Style;
use chinese_poker_core::notation::Notation;
use chinese_poker_core::rules::Rules as CoreRules;
use chinese_poker_core::search;
use chinese_poker_core::setting::{RenderOptions, Setting as CoreSetting};
use chinese_poker_core::Error;
use numpy::{IntoPyArray, PyArray2};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

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
        let codes = args::codes_of(ob, notation)?;
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
    #[pyo3(signature = (front, middle=None, back=None, *, notation=args::Text::Static("intl")), text_signature = "(front, middle=None, back=None, *, notation='intl')")]
    fn new(
        front: &Bound<'_, PyAny>,
        middle: Option<&Bound<'_, PyAny>>,
        back: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::name)] notation: args::Text,
    ) -> PyResult<Self> {
        // `Text` to `&str` once, for the body below.
        let notation: &str = &notation;
        let n: Notation = light(|| notation.parse())?;
        match (middle, back) {
            (None, None) => {
                if front.is_instance_of::<PyString>() {
                    let text = args::card_text(front)?;
                    return light(|| CoreSetting::parse(&text, n)).map(|inner| Setting { inner });
                }
                let codes = args::codes_of(front, n)?;
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
        let c = args::codes_of(codes, Notation::Intl)?;
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
        let [f, m, b] = self.inner.values(CoreRules::standard());
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
        let r = rules_or_default(rules);
        let [f, m, b] = self.inner.values(r);
        Ok((
            HandValue { value: f },
            HandValue { value: m },
            HandValue { value: b },
        ))
    }

    /// Is the setting fouled (mis-set) under the rules (RULES §3)?
    #[pyo3(signature = (rules=None))]
    fn is_foul(&self, rules: Option<&Bound<'_, Rules>>) -> PyResult<bool> {
        Ok(self.inner.is_foul(rules_or_default(rules)))
    }

    /// Why the setting is fouled, or None.
    #[pyo3(signature = (rules=None))]
    fn foul_reason(&self, rules: Option<&Bound<'_, Rules>>) -> PyResult<Option<&'static str>> {
        Ok(self
            .inner
            .foul_reason(rules_or_default(rules))
            .map(|r| r.describe()))
    }

    /// Royalty of each row (front, middle, back) under the rules' table (0 when fouled).
    #[pyo3(signature = (rules=None))]
    fn royalties(&self, rules: Option<&Bound<'_, Rules>>) -> PyResult<(i64, i64, i64)> {
        let [f, m, b] = self.inner.royalties(rules_or_default(rules));
        Ok((f, m, b))
    }

    /// The setting as text, one line per row: its name, its cards and their
    /// description, then a line saying why it fouls, if it does.
    ///
    /// `style` is 'ascii' or 'unicode'; `grouped` writes each row's cards as a
    /// player reads them (bigger groups first, then higher ranks: K K 5 4 3)
    /// instead of as set; `royalties` notes a row's royalty after its
    /// description; `verdict=False` leaves out the foul line. Every printed
    /// setting goes through here, so the library and the command line agree.
    ///
    /// >>> s = Setting("Ks 5d Kd / 9d As 9h Ad Ac / 7c 8c 9c Tc Jc")
    /// >>> print(s.describe(grouped=True, royalties=True))
    /// front   Ks Kd 5d        Pair of Kings, 5 kicker
    /// middle  As Ad Ac 9h 9d  Full house, Aces full of Nines  (royalty 2)
    /// back    Jc Tc 9c 8c 7c  Straight flush, J-T-9-8-7  (royalty 5)
    #[pyo3(signature = (rules=None, *, style=args::Text::Static("ascii"), grouped=false, royalties=false, verdict=true), text_signature = "($self, rules=None, *, style='ascii', grouped=False, royalties=False, verdict=True)")]
    fn describe(
        &self,
        rules: Option<&Bound<'_, Rules>>,
        #[pyo3(from_py_with = args::name)] style: args::Text,
        grouped: bool,
        royalties: bool,
        verdict: bool,
    ) -> PyResult<String> {
        // `Text` to `&str` once, for the body below.
        let style: &str = &style;
        let opts = RenderOptions {
            style: args::opt::<Style>(Some(style))?,
            grouped,
            royalties,
            verdict,
        };
        Ok(self.inner.render(rules_or_default(rules), opts))
    }

    fn __repr__(&self) -> String {
        format!("Setting({:?})", self.inner.to_text())
    }

    fn __str__(&self) -> String {
        self.inner.to_text()
    }
}

/// Settings as a uint8 array (M, 13).
fn settings_array<'py>(py: Python<'py>, rows: Vec<[u8; 13]>) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let n = rows.len();
    let flat: Vec<u8> = rows.into_iter().flatten().collect();
    numpy::ndarray::Array2::from_shape_vec((n, 13), flat)
        .map(|a| a.into_pyarray(py))
        .map_err(|e| errors::to_pyerr_static(Error::Internal(e.to_string())))
}

/// Every setting of 13 cards as a uint8 array (M, 13), front 3, middle 5,
/// back 5; only the legal ones under the rules unless `legal_only=False`
/// (then M = 72,072).
///
/// >>> all_settings("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", legal_only=False).shape
/// (72072, 13)
#[pyfunction]
#[pyo3(signature = (hand, rules=None, legal_only=true, *, notation=args::Text::Static("intl")), text_signature = "(hand, rules=None, legal_only=True, *, notation='intl')")]
pub fn all_settings<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, Rules>>,
    legal_only: bool,
    #[pyo3(from_py_with = args::name)] notation: args::Text,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    // `Text` to `&str` once, for the body below.
    let notation: &str = &notation;
    let n: Notation = light(|| notation.parse())?;
    let codes = args::codes_of(hand, n)?;
    let r = rules_or_default(rules);
    let cards = light(|| search::hand13(&codes))?;
    let rows = detached(py, || {
        Ok(if legal_only {
            search::legal_settings(&cards, r)
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
#[pyo3(signature = (hand, rules=None, *, notation=args::Text::Static("intl")), text_signature = "(hand, rules=None, *, notation='intl')")]
pub fn pareto_settings<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, Rules>>,
    #[pyo3(from_py_with = args::name)] notation: args::Text,
) -> PyResult<(Bound<'py, PyArray2<u8>>, Bound<'py, PyArray2<u32>>)> {
    // `Text` to `&str` once, for the body below.
    let notation: &str = &notation;
    let n: Notation = light(|| notation.parse())?;
    let codes = args::codes_of(hand, n)?;
    let r = rules_or_default(rules);
    let cards = light(|| search::hand13(&codes))?;
    let found = detached(py, || Ok(search::frontier(&cards, r)))?;
    let k = found.len();
    let values: Vec<u32> = found.iter().flat_map(|(_, v)| *v).collect();
    let settings = settings_array(py, found.into_iter().map(|(s, _)| s).collect())?;
    let values = numpy::ndarray::Array2::from_shape_vec((k, 3), values)
        .map_err(|e| errors::to_pyerr_static(Error::Internal(e.to_string())))?;
    Ok((settings, values.into_pyarray(py)))
}

/// Adds the `Setting` class and the search functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Setting>()?;
    m.add_function(wrap_pyfunction!(all_settings, m)?)?;
    m.add_function(wrap_pyfunction!(pareto_settings, m)?)?;
    Ok(())
}
