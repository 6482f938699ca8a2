//! chinese-poker core: cards, notation and lookup-table evaluation for
//! Chinese poker. Pure Rust, no Python; the `chinese-poker-python` crate binds it.

pub mod batch;
pub mod cards;
pub mod error;
pub mod eval;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzz_targets;
pub mod model;
pub mod natural;
pub mod notation;
pub mod ofc;
pub mod royalty;
pub mod rules;
pub mod score;
pub mod search;
pub mod setting;
pub mod simulate;
pub mod solver;
pub mod strong;

pub use error::{Error, Result};
