//! `chinese_poker._core`: the pyo3 binding of chinese-poker-core. Only
//! conversion, error mapping and GIL release live here; no game logic.
//!
//! One file per Python-facing area:
//! - `cards.rs`: card text (`parse_cards`, `parse_ranks`, `format_cards`),
//!   the notation names and the seeded deck (`deal`);
//! - `eval.rs`: `HandValue`, `evaluate`, `value5`, `value3`, `evaluate_batch`, `categories`;
//! - `rules.rs`: the `Rules` class and the conversion of option values;
//! - `setting.rs`: `Setting` and its rendering, `all_settings`, `pareto_settings`;
//! - `natural.rs`: `Natural`, `find_natural`;
//! - `score.rs`: `score`, `ScoreResult`, `score_batch`;
//! - `model.rs`: the opponent `Model` (files, metadata) and training in blocks;
//! - `solve.rs`: the solvers, simulation and the duplicate match;
//! - `ofc.rs`: open-face play and the Fantasyland solver;
//! - `ofc_sim.rs`: the open-face simulation (`ofc_simulate_range`, `_merge_ofc_stats`);
//! - `debug.rs`: `_debug_panic`, which proves the panic guard.
//!
//! and the shared conversion every area uses:
//! - `args.rs`: arguments (integers, names, card codes, `threads=`);
//! - `arrays.rs`: the numpy arrays the batch calls take;
//! - `errors.rs`: the exception hierarchy and the mapping of core errors;
//! - `guard.rs`: GIL release and the panic guard;
//! - `limits.rs`: the memory bounds of the batch calls.

mod args;
mod arrays;
mod cards;
mod debug;
mod errors;
mod eval;
mod guard;
mod limits;
mod model;
mod natural;
mod ofc;
mod ofc_sim;
mod rules;
mod score;
mod setting;
mod solve;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    cards::register(m)?;
    eval::register(m)?;
    rules::register(m)?;
    setting::register(m)?;
    natural::register(m)?;
    score::register(m)?;
    model::register(m)?;
    solve::register(m)?;
    ofc::register(m)?;
    ofc_sim::register(m)?;
    limits::register(m)?;
    debug::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
