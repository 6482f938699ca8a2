//! The `Rules` class: every option of RULES §9 read from Python keywords or a
//! dict, converted to the strings the core parses, and `rules=None` read as the
//! default preset.

use crate::args;
use crate::guard::light;
use chinese_poker_core::rules::{Rules as CoreRules, OPTION_NAMES};
use chinese_poker_core::Error;
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

/// `option_value` at nesting `depth`.
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
        return args::name(v).map(|s| s.to_string());
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

/// `rules` with `options` changed (a preset among them first), validated
/// once the whole set is applied.
fn apply(rules: &CoreRules, options: Option<&Bound<'_, PyDict>>) -> PyResult<CoreRules> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    if let Some(opts) = options {
        // a preset given with other options is applied first
        if let Some(p) = opts.get_item("preset")? {
            pairs.push(("preset".into(), option_value(&p)?));
        }
        for (k, v) in opts.iter() {
            let key = args::name(&k)?;
            if &*key == "preset" {
                continue;
            }
            pairs.push((light(|| option_name(&key))?, option_value(&v)?));
        }
    }
    light(|| rules.with_pairs(&pairs))
}

/// The rules of a deal: every option of RULES §9, immutable.
///
/// `Rules(**options)` starts from the default preset `cp_pro_1_6` (RULES
/// §13.8), the rules every call uses when it is given none; `preset="plain"`
/// starts from the plain game instead (1-6, no royalties, no naturals,
/// non-strict order). Options are given by their RULES §9 names with the dots
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
        apply(CoreRules::standard(), options).map(|inner| Rules { inner })
    }

    /// The rules of a preset of RULES §8, e.g. `Rules.preset("wiki_2_4")`.
    #[staticmethod]
    fn preset(#[pyo3(from_py_with = args::name)] name: args::Text) -> PyResult<Self> {
        // `Text` to `&str` once, for the body below.
        let name: &str = &name;
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
        apply(&self.inner, changes).map(|inner| Rules { inner })
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
    fn __getitem__(&self, #[pyo3(from_py_with = args::name)] name: args::Text) -> PyResult<String> {
        // `Text` to `&str` once, for the body below.
        let name: &str = &name;
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
        let default = CoreRules::standard().to_pairs();
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

/// `rules`, or the default rules ([`CoreRules::standard`], the preset
/// `cp_pro_1_6` of RULES §13.8) when none are given: borrowed, never rebuilt.
pub fn rules_or_default<'a>(rules: Option<&'a Bound<'_, Rules>>) -> &'a CoreRules {
    match rules {
        Some(r) => &r.get().inner,
        None => CoreRules::standard(),
    }
}

/// Adds the `Rules` class to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rules>()?;
    m.add("DEFAULT_PRESET", chinese_poker_core::rules::DEFAULT_PRESET)?;
    Ok(())
}
