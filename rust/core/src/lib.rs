//! chinese-poker core: every rule and every algorithm of the engine, once.
//! Pure Rust, no Python; the `chinese-poker-python` crate binds it.
//!
//! The areas, each a module with its own map in its `//!` doc, from the
//! ground up: [`error`] (the one error type), [`cancel`] (stopping long
//! calls), [`cards`] (codes, the deck),
//! [`parallel`] (threads), [`eval`] (hand values), [`notation`] (card text),
//! [`rules`] (the option table, presets, royalty and natural tables),
//! [`setting`] (rows and the legality decision), [`royalty`], [`natural`],
//! [`search`] (the arrangement search), [`score`] (settlement), [`batch`]
//! (the slice functions behind numpy calls), [`solve`] (the solvers and their
//! model), [`play`] (strategies, matches, simulation) and [`ofc`] (open-face).
//!
//! Unit tests sit beside the code they test, one convention everywhere: a
//! folder's `mod.rs` has its tests in the folder's `tests.rs`, any other file
//! `foo.rs` in `foo_tests.rs`.

pub mod batch;
pub mod cancel;
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
