//! Hand evaluation by lookup tables, 5-card and 3-card hands on one scale
//! (RULES §2–§3).
//!
//! A value is `category << 20 | five 4-bit nibbles`, the nibbles holding the
//! comparison key high to low as `rank + 1` (0 = absent). A front (3 cards)
//! therefore compares with a middle exactly as RULES R-FOUL-3 says: same
//! category, key compared on the front's length, and a prefix-equal front is
//! *lower* (its missing kickers are zeros), so "not stronger" is `front <= middle`.
//! Straights store `(ordinal, top rank + 1)`: the ordinal orders them under the
//! chosen wheel position, the top rank lets a value describe itself.
//!
//! Tables are generated on first use from a direct classifier (`classify`) and
//! checked against an independent brute force in the tests.
//!
//! Files:
//! - `value.rs`: [`Category`], [`Wheel`], the value layout and [`classify`];
//! - `keys.rs`: the per-card keys of the 5-card and 3-card look-ups ([`CARD_KEY`]);
//! - `hash.rs`: the perfect hash from a 5-card key to a table slot;
//! - `tables.rs`: [`Evaluator`], its generation and single-hand look-ups,
//!   [`evaluator`], [`evaluate`], [`is_valid_value`];
//! - `rows.rs`: the batch kernels, scalar and dispatch (AVX2 in `avx2.rs`);
//! - `valid.rs`: validity checks, [`is_bad_cards`] and the row checks;
//! - `walk.rs`: [`Evaluator::for_each_hand5`] over every five-card hand;
//! - `describe.rs`: [`size_of`] and [`describe`].

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2;
mod describe;
mod hash;
mod keys;
mod rows;
mod tables;
mod valid;
mod value;
mod walk;

pub use self::describe::{describe, size_of};
pub use self::keys::CARD_KEY;
pub use self::tables::{evaluate, evaluator, is_valid_value, Evaluator};
#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "ssse3"
))]
pub use self::valid::rows_valid_simd;
pub use self::valid::{is_bad_cards, rows_valid, rows_valid_scalar};
pub use self::value::{category_of, classify, Category, Wheel, CATEGORY_SHIFT};
pub use self::walk::RankWalk;

#[cfg(test)]
mod tests;
