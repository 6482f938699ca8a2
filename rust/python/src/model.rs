//! Bindings of the opponent model and of training: `Model`,
//! `IterationReport`, `_Trainer` and `_train_block` (the Python
//! `train_model` drives them block by block). Conversion and file I/O only:
//! the loop, the fit and the file format are the core's.

use crate::args;
use crate::args::threads_opt;
use crate::errors::to_pyerr_static;
use crate::guard::{detached, interruptible, light};
use crate::rules::{rules_or_default, Rules};
use chinese_poker_core::rules::Rules as CoreRules;
use chinese_poker_core::solve::model::Tally;
use chinese_poker_core::solve::train::{
    train_block, IterationReport as CoreReport, TrainOptions, Trainer as CoreTrainer,
};
use chinese_poker_core::solve::Model as CoreModel;
use chinese_poker_core::Error;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Largest model file `Model.load` reads: a model is about 80 KB, and its
/// training record at most a few MB even at the format's limits.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// An `OSError` (the matching subclass, e.g. `FileNotFoundError`) naming
/// the file, as Python's own `open` raises it.
fn os_error(e: &std::io::Error, path: &Path) -> PyErr {
    let text = e.to_string();
    // io::Error appends " (os error N)"; Python's errno already says it.
    let text = text.split(" (os error").next().unwrap_or(&text).to_string();
    let name = path.display().to_string();
    match e.raw_os_error() {
        Some(code) => PyOSError::new_err((code, text, name)),
        None => PyOSError::new_err(format!("{name}: {text}")),
    }
}

/// A format error about the file at `path`, naming it.
fn in_file(e: Error, path: &Path) -> Error {
    match e {
        Error::Format { what, reason } => Error::Format {
            what: format!("{what} {:?}", path.display().to_string()),
            reason,
        },
        e => e,
    }
}

/// The fast solver's opponent model: the learned distribution of an
/// opponent's front, middle and back rows and their joint law, trained by
/// self-play (`chinese_poker.train_model`). `Model.for_rules(rules,
/// players)` is the model the package ships for a family of rules and a
/// table size, which `solve` and `solve_batch` use when given no `model=`;
/// `Model.default()` is the generic one (trained under `cp_pro_1_6` at four
/// players), used where no family model is shipped.
///
/// A model trained by `train_model` records what it was trained under
/// (`rules`, `players`, `deals`, `iterations`, `seed`, `average`, the final
/// `drift` and the per-iteration `history`); those are None (and `history`
/// empty) for a model whose file does not record them, the default among
/// them.
///
/// >>> m = Model.default()
/// >>> Model.from_bytes(m.to_bytes()) == m, m.rules is None
/// (True, True)
#[pyclass(frozen, module = "chinese_poker._core", name = "Model")]
pub struct Model {
    pub inner: Arc<CoreModel>,
}

impl Model {
    fn of(m: CoreModel) -> Model {
        Model { inner: Arc::new(m) }
    }

    fn training(&self) -> Option<&chinese_poker_core::solve::train::Training> {
        self.inner.training()
    }
}

/// The model of `model=`: the given one, or the one shipped for the rules
/// at a table of `players` (the generic model where none was shipped).
pub fn model_or_default<'a>(
    model: Option<&'a Bound<'_, Model>>,
    rules: &CoreRules,
    players: usize,
) -> PyResult<&'a CoreModel> {
    match model {
        Some(m) => Ok(&m.get().inner),
        None => light(|| CoreModel::for_rules(rules, players)),
    }
}

#[pymethods]
impl Model {
    /// The generic model shipped with the package (trained under `cp_pro_1_6`
    /// four-handed), used for rules without a model of their own.
    #[staticmethod]
    #[pyo3(name = "default")]
    fn embedded() -> PyResult<Model> {
        light(CoreModel::embedded).map(|m| Model::of(m.clone()))
    }

    /// The model the solver uses by default under `rules` at a table of
    /// `players` (2 to 4): the one trained for the rules' family and table
    /// size when the package ships one, else `Model.default()`. The README's
    /// table of models says which presets each serves.
    ///
    /// >>> from chinese_poker import Rules
    /// >>> plain24 = Rules(preset="plain", method="2-4")
    /// >>> Model.for_rules(plain24, 2) == Model.default()
    /// False
    /// >>> Model.for_rules(Rules(preset="pusoy_ph_pot"), 2) == Model.default()
    /// True
    #[staticmethod]
    #[pyo3(signature = (rules=None, players=4))]
    fn for_rules(
        rules: Option<&Bound<'_, Rules>>,
        #[pyo3(from_py_with = args::int)] players: i64,
    ) -> PyResult<Model> {
        let r = rules_or_default(rules);
        let n = usize::try_from(players).unwrap_or(0);
        light(|| CoreModel::for_rules(r, n)).map(|m| Model::of(m.clone()))
    }

    /// Reads a model file written by `Model.save` (or the `train_model`
    /// command of the crate); a file that is not a valid model, or is larger
    /// than any model, raises `FileFormatError` naming it; a missing or
    /// unreadable one `OSError`.
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<Model> {
        let bytes = py.detach(|| -> std::io::Result<Vec<u8>> {
            let mut out = Vec::new();
            // `take` bounds what is read even from a device or a pipe
            // that never ends.
            std::fs::File::open(&path)?
                .take(MAX_FILE_BYTES + 1)
                .read_to_end(&mut out)?;
            Ok(out)
        });
        let bytes = bytes.map_err(|e| os_error(&e, &path))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(to_pyerr_static(in_file(
                Error::Format {
                    what: "model file".into(),
                    reason: format!("larger than {MAX_FILE_BYTES} bytes, far above any model"),
                },
                &path,
            )));
        }
        detached(py, || {
            CoreModel::from_bytes(&bytes).map_err(|e| in_file(e, &path))
        })
        .map(Model::of)
    }

    /// A model from the bytes of a model file (`Model.to_bytes`); invalid
    /// bytes raise `FileFormatError`.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<Model> {
        detached(py, || CoreModel::from_bytes(data)).map(Model::of)
    }

    /// The model file's bytes: format 2 when the model records its
    /// training, else format 1 (the embedded model's bytes exactly).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    /// Writes the model file to `path` (replacing any file there).
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let bytes = self.inner.to_bytes();
        py.detach(|| std::fs::write(&path, &bytes))
            .map_err(|e| os_error(&e, &path))
    }

    /// Played hands behind the model's tables.
    #[getter]
    fn samples(&self) -> u64 {
        self.inner.samples
    }

    /// Chance that an opponent fouls.
    #[getter]
    fn foul_rate(&self) -> f64 {
        self.inner.foul_rate
    }

    /// Chance that a played hand scoops another.
    #[getter]
    fn scoop_rate(&self) -> f64 {
        self.inner.scoop_rate
    }

    /// Chance that an opponent declares a natural.
    #[getter]
    fn natural_rate(&self) -> f64 {
        self.inner.natural_rate
    }

    /// The rules self-play used, or None when not recorded.
    #[getter]
    fn rules(&self) -> PyResult<Option<Rules>> {
        match self.training() {
            None => Ok(None),
            Some(t) => light(|| t.rules()).map(|inner| Some(Rules { inner })),
        }
    }

    /// Players at each self-play table, or None when not recorded.
    #[getter]
    fn players(&self) -> Option<usize> {
        self.training().map(|t| t.players)
    }

    /// Deals per iteration, or None when not recorded.
    #[getter]
    fn deals(&self) -> Option<u64> {
        self.training().map(|t| t.options.deals)
    }

    /// Iterations after the greedy one that were finished, or None.
    #[getter]
    fn iterations(&self) -> Option<usize> {
        self.training().map(|t| t.options.iterations)
    }

    /// The seed of the deals, or None when not recorded.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.training().map(|t| t.options.seed)
    }

    /// Whether fits averaged every solved iteration, or None.
    #[getter]
    fn average(&self) -> Option<bool> {
        self.training().map(|t| t.options.average)
    }

    /// The last iteration's drift (mean absolute change of the row tables),
    /// or None when not recorded or when only iteration 0 ran.
    #[getter]
    fn drift(&self) -> Option<f64> {
        self.training().and_then(|t| t.drift())
    }

    /// One `IterationReport` per iteration of the training (empty when not
    /// recorded); `seconds` is None in reports read from a file.
    #[getter]
    fn history(&self) -> Vec<IterationReport> {
        self.training()
            .map(|t| t.reports.iter().map(IterationReport::from).collect())
            .unwrap_or_default()
    }

    fn __repr__(&self) -> String {
        let m = &self.inner;
        match self.training() {
            None => format!(
                "Model(samples={}, foul_rate={:.4}, scoop_rate={:.4}, natural_rate={:.4}, \
                 training not recorded)",
                m.samples, m.foul_rate, m.scoop_rate, m.natural_rate
            ),
            Some(t) => {
                let plain = chinese_poker_core::rules::Rules::plain().to_pairs();
                let changed: Vec<String> = t
                    .rules
                    .iter()
                    .filter(|p| !plain.contains(p))
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                let drift = t.drift().map_or("None".to_string(), |d| format!("{d:.5}"));
                format!(
                    "Model(samples={}, players={}, deals={}, iterations={}, seed={}, \
                     average={}, drift={drift}, rules: plain with {})",
                    m.samples,
                    t.players,
                    t.options.deals,
                    t.options.iterations,
                    t.options.seed,
                    if t.options.average { "True" } else { "False" },
                    if changed.is_empty() {
                        "no change".to_string()
                    } else {
                        changed.join(", ")
                    }
                )
            }
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Model>()
            .map(|o| o.get().inner.to_bytes() == self.inner.to_bytes())
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.to_bytes().hash(&mut h);
        h.finish()
    }

    /// Pickles as its bytes (so a model travels to Dask workers).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let from_bytes = slf.get_type().getattr("from_bytes")?;
        Ok((from_bytes, (slf.get().to_bytes(slf.py()),)))
    }
}

/// What one iteration of training played: the `iteration` (0: greedy
/// play), its `deals`, the hands played out and compared (`rows`), `fouls`
/// and `naturals` declared, the fitted model's `scoop_rate`, its `drift`
/// from the model before (mean absolute change of the row tables; None for
/// iteration 0) and the `seconds` it took (None when read from a file).
#[pyclass(frozen, module = "chinese_poker._core", get_all)]
#[derive(Clone)]
pub struct IterationReport {
    iteration: usize,
    deals: u64,
    rows: u64,
    fouls: u64,
    naturals: u64,
    scoop_rate: f64,
    drift: Option<f64>,
    seconds: Option<f64>,
}

impl From<&CoreReport> for IterationReport {
    fn from(r: &CoreReport) -> IterationReport {
        IterationReport {
            iteration: r.iteration,
            deals: r.deals,
            rows: r.rows,
            fouls: r.fouls,
            naturals: r.naturals,
            scoop_rate: r.scoop_rate,
            drift: r.drift,
            seconds: r.seconds,
        }
    }
}

#[pymethods]
impl IterationReport {
    fn __repr__(&self) -> String {
        let drift = self.drift.map_or("None".into(), |d| format!("{d:.5}"));
        let seconds = self.seconds.map_or("None".into(), |s| format!("{s:.2}"));
        format!(
            "IterationReport(iteration={}, deals={}, rows={}, fouls={}, naturals={}, \
             scoop_rate={:.4}, drift={drift}, seconds={seconds})",
            self.iteration, self.deals, self.rows, self.fouls, self.naturals, self.scoop_rate
        )
    }
}

/// The core's training loop, driven block by block from Python (see
/// `chinese_poker.train_model`): `model` is the model the current
/// `iteration` plays with, `add_block` takes the bytes of `_train_block`
/// in deal order, `end_iteration` fits, `finish` returns the model.
#[pyclass(module = "chinese_poker._core", name = "_Trainer")]
pub struct Trainer {
    inner: Option<CoreTrainer>,
}

impl Trainer {
    fn get(&self) -> PyResult<&CoreTrainer> {
        self.inner.as_ref().ok_or_else(finished)
    }
    fn get_mut(&mut self) -> PyResult<&mut CoreTrainer> {
        self.inner.as_mut().ok_or_else(finished)
    }
}

fn finished() -> PyErr {
    to_pyerr_static(Error::InvalidSetting(
        "training: the model was already taken".into(),
    ))
}

#[pymethods]
impl Trainer {
    #[new]
    #[pyo3(signature = (rules, players, deals, iterations, seed, average))]
    fn new(
        rules: Option<&Bound<'_, Rules>>,
        #[pyo3(from_py_with = args::int)] players: usize,
        #[pyo3(from_py_with = args::int)] deals: u64,
        #[pyo3(from_py_with = args::int)] iterations: usize,
        #[pyo3(from_py_with = args::int)] seed: u64,
        average: bool,
    ) -> PyResult<Trainer> {
        let options = TrainOptions {
            deals,
            iterations,
            seed,
            average,
        };
        let r = rules_or_default(rules);
        light(|| CoreTrainer::new(r, players, options)).map(|t| Trainer { inner: Some(t) })
    }

    /// The iteration being played (0: greedy).
    #[getter]
    fn iteration(&self) -> PyResult<usize> {
        Ok(self.get()?.iteration())
    }

    /// True once every iteration has ended.
    #[getter]
    fn finished(&self) -> PyResult<bool> {
        Ok(self.get()?.finished())
    }

    /// The model the current iteration plays with (None in iteration 0).
    #[getter]
    fn model(&self) -> PyResult<Option<Model>> {
        Ok(self.get()?.model().map(|m| Model::of(m.clone())))
    }

    /// Adds the block of the current iteration that starts at deal `first`
    /// (the bytes `_train_block` returned); blocks come in deal order.
    fn add_block(
        &mut self,
        #[pyo3(from_py_with = args::int)] first: u64,
        block: &[u8],
    ) -> PyResult<()> {
        let tally = light(|| Tally::from_bytes(block))?;
        let t = self.get_mut()?;
        light(|| t.add_block(first, tally))
    }

    /// Ends the iteration (all its deals in), fits the next model and
    /// returns the iteration's report.
    #[pyo3(signature = (seconds=None))]
    fn end_iteration(
        &mut self,
        py: Python<'_>,
        #[pyo3(from_py_with = args::opt_float)] seconds: Option<f64>,
    ) -> PyResult<IterationReport> {
        let t = self.get_mut()?;
        detached(py, || t.end_iteration(seconds).map(IterationReport::from))
    }

    /// The model of the last finished iteration, recording its training.
    fn finish(&mut self) -> PyResult<Model> {
        let t = self.inner.take().ok_or_else(finished)?;
        light(|| t.into_model()).map(Model::of)
    }
}

/// Plays deals `first .. first + count` of iteration `iteration` of a
/// training run (hands set greedily when `model` is None, else solved with
/// it under `rules` against `players - 1` opponents) and returns the tally
/// as bytes for `_Trainer.add_block`. The GIL is released; the bytes do not
/// depend on `threads`.
#[pyfunction]
#[pyo3(signature = (rules, players, model, seed, iteration, first, count, *, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn _train_block<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'py, Rules>>,
    #[pyo3(from_py_with = args::int)] players: usize,
    model: Option<&Bound<'py, Model>>,
    #[pyo3(from_py_with = args::int)] seed: u64,
    #[pyo3(from_py_with = args::int)] iteration: usize,
    #[pyo3(from_py_with = args::int)] first: u64,
    #[pyo3(from_py_with = args::int)] count: u64,
    #[pyo3(from_py_with = args::opt_int)] threads: Option<i64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let r = rules_or_default(rules);
    let m = model.map(|m| &*m.get().inner);
    let t = threads_opt(threads)?;
    let bytes = interruptible(py, || {
        train_block(r, players, m, seed, iteration, first, count, t).map(|t| t.to_bytes())
    })?;
    Ok(PyBytes::new(py, &bytes))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Model>()?;
    m.add_class::<IterationReport>()?;
    m.add_class::<Trainer>()?;
    m.add_function(wrap_pyfunction!(_train_block, m)?)?;
    Ok(())
}
