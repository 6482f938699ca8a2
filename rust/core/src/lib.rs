//! chinese-poker core: cards, notation and lookup-table evaluation for
//! Chinese poker. Pure Rust, no Python; the `chinese-poker-python` crate binds it.

pub mod batch;
pub mod cards;
pub mod error;
pub mod eval;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzz_targets;
pub mod natural;
pub mod notation;
pub mod ofc;
pub mod parallel;
pub mod play;
pub mod royalty;
pub mod rules;
pub mod score;
pub mod search;
pub mod setting;
pub mod solve;

pub use error::{Error, Result};

/// The fast solver's items at their earlier path; [`solve`] and [`play`]
/// hold them.
pub mod solver {
    pub use crate::cards::deck::{deal_cards, splitmix64};
    pub use crate::play::{duplicate_match, royalty_max_setting, Strategy};
    pub use crate::solve::{solve, solve_rows, Solution, Solver, TOP_CANDIDATES};
}

/// The strong solver at its earlier path ([`solve::strong`]).
pub mod strong {
    pub use crate::solve::strong::*;
}

/// The model at its earlier path ([`solve::model`]).
pub mod model {
    pub use crate::solve::model::*;
}

/// The simulation at its earlier path ([`play::simulate`]), with the deal
/// of the deck it uses.
pub mod simulate {
    pub use crate::cards::deck::{deal_deck, splitmix64};
    pub use crate::play::simulate::*;
}
