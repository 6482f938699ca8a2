//! Play: the strategies that set hands, the baselines the solver is
//! measured against, and the games that pit them against each other — the
//! duplicate heads-up match and the simulation of whole deals.
//!
//! - `strategy.rs`: [`Strategy`], the one parser of strategy names.
//! - `baseline.rs`: the greedy and royalty-maximising settings.
//! - `duplicate.rs`: a hand played with a strategy, and [`duplicate_match`].
//! - `simulate.rs`: deals played and settled in mergeable statistics ([`SimStats`]).
//! - `model_match.rs`: the fast solver with one opponent model against the
//!   same solver with another ([`model_match`]), duplicate at 2 to 4 players.

mod baseline;
mod duplicate;
mod model_match;
pub mod simulate;
mod strategy;
#[cfg(test)]
mod tests;

pub use baseline::{greedy_setting, royalty_max_setting};
pub use duplicate::duplicate_match;
pub use model_match::{model_match, ModelMatch};
pub use simulate::{simulate_range, SimStats, NATURAL_KINDS};
pub use strategy::Strategy;
