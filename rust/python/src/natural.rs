//! Naturals (RULES §6): the `Natural` class and `find_natural`.

use crate::args;
use crate::guard::{detached, light};
use crate::rules::{rules_or_default, Rules};
use crate::setting::Setting;
use chinese_poker_core::natural::{find_natural as core_find_natural, Natural as CoreNatural};
use chinese_poker_core::notation::Notation;
use chinese_poker_core::search;
use pyo3::prelude::*;

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
#[pyo3(signature = (hand, rules=None, *, notation=args::Text::Static("intl")), text_signature = "(hand, rules=None, *, notation='intl')")]
pub fn find_natural(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, Rules>>,
    #[pyo3(from_py_with = args::name)] notation: args::Text,
) -> PyResult<Option<Natural>> {
    // `Text` to `&str` once, for the body below.
    let notation: &str = &notation;
    let n: Notation = light(|| notation.parse())?;
    let codes = args::codes_of(hand, n)?;
    let r = rules_or_default(rules);
    let cards = light(|| search::hand13(&codes))?;
    Ok(detached(py, || core_find_natural(&cards, r))?.map(Natural::from))
}

/// Adds the `Natural` class and `find_natural` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Natural>()?;
    m.add_function(wrap_pyfunction!(find_natural, m)?)?;
    Ok(())
}
