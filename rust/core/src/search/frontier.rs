//! The frontier under a [`Rules`]: the one place that turns the rules' row
//! order into the legality the sweep is given, so that the solver and the
//! callers on card codes decide it the same way.

use super::legality::ValueOrder;
use super::subsets::HandSubsets;
use super::sweep::SweepControl;
use super::tables::{SettingIdx, HAND_SIZE};
use crate::cards::Card;
use crate::rules::Rules;
use crate::setting::{order_check, value_order_decides};

/// How the rules' row order reaches the sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RowOrder {
    /// Equal categories may stand in any order (the `same_category_ok`
    /// house rule): value order is no promise, every setting is checked.
    Any,
    /// Value order is the whole check ([`value_order_decides`]).
    Value,
    /// Value order, and the rules' check on top of it.
    ValueAndRules,
}

fn row_order(rules: &Rules) -> RowOrder {
    if rules.same_category_ok {
        RowOrder::Any
    } else if value_order_decides(rules) {
        RowOrder::Value
    } else {
        RowOrder::ValueAndRules
    }
}

/// True when the rules' row order promises `front <= middle <= back` by
/// value, which the solver's branch and bound needs.
pub(crate) fn keeps_value_order(rules: &Rules) -> bool {
    row_order(rules) != RowOrder::Any
}

/// The Pareto frontier of the settings of `subsets` legal under `rules`
/// ([`HandSubsets::pareto`] with the rules' legality).
///
/// ```
/// # use chinese_poker_core::{rules::Rules, search::{frontier_of, HandSubsets}};
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// assert!(!frontier_of(&HandSubsets::new(&hand, rules.wheel()), &rules).is_empty());
/// ```
#[inline]
pub fn frontier_of(subsets: &HandSubsets, rules: &Rules) -> Vec<(SettingIdx, [u32; 3])> {
    let legal = |f: u32, m: u32, b: u32| order_check([f, m, b], rules).is_none();
    match row_order(rules) {
        RowOrder::Any => subsets.pareto(&legal),
        RowOrder::Value => subsets.pareto(&ValueOrder(|_: u32, _: u32, _: u32| true)),
        RowOrder::ValueAndRules => subsets.pareto(&ValueOrder(legal)),
    }
}

/// The Pareto frontier of the settings of `hand` legal under `rules`, as 13
/// codes (front, middle, back) with their `[front, middle, back]` values.
///
/// ```
/// # use chinese_poker_core::{rules::Rules, search::frontier};
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// let found = frontier(&hand, &rules);
/// assert!(found.iter().all(|(_, [f, m, b])| f <= m && m <= b));
/// ```
pub fn frontier(hand: &[Card; HAND_SIZE], rules: &Rules) -> Vec<([Card; HAND_SIZE], [u32; 3])> {
    let subsets = HandSubsets::new(hand, rules.wheel);
    frontier_of(&subsets, rules)
        .into_iter()
        .map(|(s, v)| (s.cards(hand), v))
        .collect()
}

/// Every setting of `hand` legal under `rules`, as 13 codes, in the order of
/// [`super::all_settings`]: the rules' own check applied to each setting.
///
/// ```
/// # use chinese_poker_core::{rules::Rules, search::legal_settings};
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// let all = legal_settings(&hand, &Rules::plain());
/// assert!(!all.is_empty() && all.len() < 72_072);
/// ```
pub fn legal_settings(hand: &[Card; HAND_SIZE], rules: &Rules) -> Vec<[Card; HAND_SIZE]> {
    let legal = |f: u32, m: u32, b: u32| order_check([f, m, b], rules).is_none();
    super::all_settings(hand, rules.wheel(), legal)
}

/// The ordered sweep of `subsets` under the rules' legality with the hooks
/// `ctl`, into `out` (see [`HandSubsets::sweep_into`]).
#[inline]
pub(crate) fn sweep_under<C: SweepControl + ?Sized>(
    subsets: &HandSubsets,
    rules: &Rules,
    ctl: &mut C,
    out: &mut Vec<(SettingIdx, [u32; 3])>,
) {
    let legal = |f: u32, m: u32, b: u32| order_check([f, m, b], rules).is_none();
    match row_order(rules) {
        RowOrder::Any => subsets.sweep_into(&legal, ctl, out),
        RowOrder::Value => subsets.sweep_into(&ValueOrder(|_: u32, _: u32, _: u32| true), ctl, out),
        RowOrder::ValueAndRules => subsets.sweep_into(&ValueOrder(legal), ctl, out),
    }
}
