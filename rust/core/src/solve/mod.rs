//! The fast expected-value solver: sets a 13-card hand to
//! maximise the expected score against opponents who play the same way.
//!
//! Candidates are the Pareto frontier of the legal settings
//! ([`HandSubsets::pareto`](crate::search::HandSubsets::pareto)); a row that is stronger never wins less often, so
//! the best setting under any sensible objective lies on it. Each candidate
//! is priced by the [`Model`]: per row the chance to win, tie or lose against
//! an opponent's row (read off the opponent's learned row distribution), the
//! royalties in the rules' payment mode, and the joint law of the opponent's
//! three rows for what needs all rows at once (scoop, the 2-4 overall point).
//! The rules' method turns those into points; a declared natural competes
//! with the best setting on its value. When the expected points cannot fall
//! as a row gets stronger (royalties rising with strength, not Russian table
//! scoring, a joint law of known monotonicity), the frontier sweep stops as
//! soon as a bound on every setting still to come falls below the k-th best
//! found (k candidates asked for, [`TOP_CANDIDATES`] by default; a back whose
//! own bound falls below it is skipped): the answer and the candidates are
//! those of the whole frontier (checked against it in the tests). When only
//! the best is asked for, the points of one good legal setting, priced
//! before the first back, stand in for the best found until a frontier
//! setting beats them, so that early backs can be skipped already.
//!
//! - `model.rs`: the [`Model`] of how often rows of each value win, and its file format.
//! - `shipped.rs`: the models shipped for families of rules, and
//!   [`Model::for_rules`], which picks one for a deal's rules and table.
//! - `pricing.rs`: the [`Solver`]'s state and the expected points of row values.
//! - `naturals.rs`: how often an opponent declares a natural, and what it costs.
//! - `topology.rs`: banker, bet and pot tables, which do not settle every pair on the method.
//! - `stat_cache.rs`: the per-thread cache of row stats.
//! - `bound.rs`: the branch and bound as hooks of the ordered sweep.
//! - `solver.rs`: ranking the frontier, declaring naturals, [`solve`].
//! - `seats.rs`: [`TableSolvers`], the solver of every seat of a table (the bank's apart).
//! - `batch.rs`: [`solve_rows`], many hands over threads.
//! - `strong.rs`: the strong solver, a Monte Carlo race of the fast one's candidates.
//! - `train.rs`: training a [`Model`] by self-play, in blocks that may run anywhere.

mod batch;
mod bound;
pub mod model;
mod monotone;
mod naturals;
mod pricing;
mod seats;
pub mod shipped;
pub(crate) mod solver;
mod stat_cache;
pub mod strong;
#[cfg(test)]
pub(crate) mod tests;
mod topology;
pub mod train;

pub use batch::{solve_rows, solve_rows_declaring};
pub use model::Model;
pub use pricing::Solver;
pub use seats::TableSolvers;
pub use solver::{solve, Solution, TOP_CANDIDATES};
pub use strong::{solve_strong, solve_strong_seat, Candidate, Effort, StrongSolution};
