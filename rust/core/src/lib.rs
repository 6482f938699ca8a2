//! chinese-poker core: cards, notation and lookup-table evaluation for
//! Chinese poker. Pure Rust, no Python; the `chinese-poker-python` crate binds it.

pub mod batch;
pub mod cards;
pub mod error;
pub mod eval;
pub mod notation;

pub use error::{Error, Result};
