//! Exhaustive arrangement search over the C(13,3)·C(10,5) = 72,072 ways to set
//! a 13-card hand as front 3, middle 5, back 5 (RULES §3.4).
//!
//! Everything works on *positions* 0..13 of the hand, so a row is a 13-bit
//! mask. [`HandSubsets`] evaluates every 5- and 3-card subset once (1,287 +
//! 286 evaluations); after that a setting costs two table look-ups, because a
//! static table lists, for every back, its 56 (middle, front) splits as subset
//! indices.
//!
//! Row legality is not decided here: the rules engine owns it and the sweep
//! is given it as a [`Legality`] (any `Fn(front, middle, back) -> bool` is
//! one), so the game logic lives once; [`frontier()`] is the one place that
//! turns a [`Rules`](crate::rules::Rules) into that legality. A legality
//! that promises `front <= middle <= back` by value ([`ValueOrder`]) lets
//! [`HandSubsets::pareto`] prune whole backs instead of visiting all 72,072
//! settings.
//!
//! Files, one job each:
//! - `tables.rs`: the sizes, the hand-independent index tables, [`SettingIdx`].
//! - `legality.rs`: [`Legality`] and [`ValueOrder`].
//! - `subsets.rs`: [`HandSubsets`], the walk over every setting, the greedy
//!   setting.
//! - `frontier.rs`: the frontier under a rule set, whose row order becomes
//!   the sweep's legality.
//! - `sweep.rs`: the ordered sweep for the Pareto frontier and its hooks
//!   ([`SweepControl`]).
//! - `fronts.rs`: fronts strongest first and the bounds of the stop rule.
//! - `staircase.rs`: the (middle, front) pairs not beaten so far.
//! - `buckets.rs`: subset indices by value, sorted lazily.
//! - `kernels/`: the hot loops, scalar and AVX2 side by side.
//! - this file: the calls on card codes ([`hand13`], [`pareto_settings`],
//!   [`all_settings`], ...).

mod buckets;
mod frontier;
mod fronts;
mod kernels;
mod legality;
mod staircase;
mod subsets;
mod sweep;
mod tables;
#[cfg(test)]
mod tests;

pub use frontier::{frontier, frontier_of, legal_settings};
pub(crate) use frontier::{keeps_value_order, sweep_under};
pub use legality::{Legality, ValueOrder, VALUE_ORDER};
pub use subsets::{hand13, HandSubsets};
pub use sweep::{Corners, SweepControl, Verdict};
pub use tables::{SettingIdx, FIVE_SUBSETS, HAND_SIZE, SETTINGS, SPLITS_PER_BACK, THREE_SUBSETS};

use crate::cards::Card;
use crate::error::Result;
use crate::eval::Wheel;

/// Calls `f(setting, front, middle, back)` for every setting of `hand`; see
/// [`HandSubsets::for_each_setting`].
///
/// ```
/// # use chinese_poker_core::search::for_each_setting;
/// # use chinese_poker_core::eval::Wheel;
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// let mut n = 0;
/// for_each_setting(&hand, Wheel::Lowest, |_, _, _, _| n += 1);
/// assert_eq!(n, 72_072);
/// ```
pub fn for_each_setting(
    hand: &[Card; HAND_SIZE],
    wheel: Wheel,
    f: impl FnMut(SettingIdx, u32, u32, u32),
) {
    HandSubsets::new(hand, wheel).for_each_setting(f);
}

/// Every legal setting as 13 codes (front 3, middle 5, back 5), in walk order.
///
/// ```
/// # use chinese_poker_core::search::all_settings;
/// # use chinese_poker_core::eval::Wheel;
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// assert_eq!(all_settings(&hand, Wheel::Lowest, |_, _, _| true).len(), 72_072);
/// ```
pub fn all_settings(
    hand: &[Card; HAND_SIZE],
    wheel: Wheel,
    legal: impl Legality,
) -> Vec<[Card; HAND_SIZE]> {
    let mut out = Vec::new();
    for_each_setting(hand, wheel, |s, f, m, b| {
        if legal.is_legal(f, m, b) {
            out.push(s.cards(hand));
        }
    });
    out
}

/// The Pareto frontier of the legal settings as 13 codes (front, middle,
/// back) with their `[front, middle, back]` values; see [`HandSubsets::pareto`].
///
/// ```
/// # use chinese_poker_core::search::{pareto_settings, VALUE_ORDER};
/// # use chinese_poker_core::eval::Wheel;
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// assert!(!pareto_settings(&hand, Wheel::Lowest, VALUE_ORDER).is_empty());
/// ```
pub fn pareto_settings(
    hand: &[Card; HAND_SIZE],
    wheel: Wheel,
    legal: impl Legality,
) -> Vec<([Card; HAND_SIZE], [u32; 3])> {
    HandSubsets::new(hand, wheel)
        .pareto(&legal)
        .into_iter()
        .map(|(s, v)| (s.cards(hand), v))
        .collect()
}

/// The greedy setting of RULES §3.4 as 13 codes; see [`HandSubsets::greedy`].
///
/// ```
/// # use chinese_poker_core::search::greedy_setting;
/// # use chinese_poker_core::eval::Wheel;
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8); // 2c..Ac
/// let s = greedy_setting(&hand, Wheel::Lowest);
/// assert_eq!(&s[8..], &[32, 36, 40, 44, 48]); // T-J-Q-K-A straight flush in back
/// ```
pub fn greedy_setting(hand: &[Card; HAND_SIZE], wheel: Wheel) -> [Card; HAND_SIZE] {
    HandSubsets::new(hand, wheel).greedy().cards(hand)
}

/// [`pareto_settings`] for unchecked codes (13 distinct codes 0..51).
///
/// ```
/// # use chinese_poker_core::search::{checked_pareto_settings, VALUE_ORDER};
/// # use chinese_poker_core::eval::Wheel;
/// assert!(checked_pareto_settings(&[60; 13], Wheel::Lowest, VALUE_ORDER).is_err());
/// ```
pub fn checked_pareto_settings(
    codes: &[i64],
    wheel: Wheel,
    legal: impl Legality,
) -> Result<Vec<([Card; HAND_SIZE], [u32; 3])>> {
    Ok(pareto_settings(&hand13(codes)?, wheel, legal))
}
