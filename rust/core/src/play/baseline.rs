//! The baseline strategies beside the solver: the royalty-maximising
//! setting and the greedy setting with its foul.

use crate::cards::Card;
use crate::error::Result;
use crate::royalty::row_royalty;
use crate::rules::Rules;
use crate::search::{HandSubsets, SettingIdx, FIVE_SUBSETS, THREE_SUBSETS};
use crate::setting::{order_check, Row};
use crate::solve::solver::check_cards;

/// The greedy setting of RULES §3.4 ([`HandSubsets::greedy`]) and whether
/// it fouls under the rules.
///
/// ```
/// use chinese_poker_core::{play::greedy_setting, rules::Rules};
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// assert!(!greedy_setting(&hand, &rules).1);
/// ```
pub fn greedy_setting(hand: &[Card; 13], rules: &Rules) -> ([Card; 13], bool) {
    let subsets = HandSubsets::new(hand, rules.wheel);
    let s = subsets.greedy();
    let v = subsets.values(s);
    (s.cards(hand), order_check(v, rules).is_some())
}

/// The royalty-maximising baseline: the legal setting with the most
/// royalties under the rules, ties to the strongest back, then middle, then
/// front. Returns the setting and whether it fouls (no legal setting: then
/// the greedy setting).
///
/// ```
/// use chinese_poker_core::{rules::Rules, play::royalty_max_setting};
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 3));
/// let (setting, fouled) = royalty_max_setting(&hand, &rules).unwrap();
/// assert!(!fouled && setting.len() == 13);
/// ```
pub fn royalty_max_setting(hand: &[Card; 13], rules: &Rules) -> Result<([Card; 13], bool)> {
    check_cards(hand)?;
    let subsets = HandSubsets::new(hand, rules.wheel);
    // Royalties per subset once, so the walk over 72,072 settings only adds.
    let middle: Vec<i64> = (0..FIVE_SUBSETS as u16)
        .map(|i| row_royalty(rules, Row::Middle, subsets.value5(i)))
        .collect();
    let back: Vec<i64> = (0..FIVE_SUBSETS as u16)
        .map(|i| row_royalty(rules, Row::Back, subsets.value5(i)))
        .collect();
    let front: Vec<i64> = (0..THREE_SUBSETS as u16)
        .map(|i| row_royalty(rules, Row::Front, subsets.value3(i)))
        .collect();
    let mut best: Option<((i64, u32, u32, u32), SettingIdx)> = None;
    subsets.for_each_setting(|s, f, m, b| {
        if order_check([f, m, b], rules).is_some() {
            return;
        }
        let roy = front[s.front as usize % THREE_SUBSETS]
            + middle[s.middle as usize % FIVE_SUBSETS]
            + back[s.back as usize % FIVE_SUBSETS];
        let key = (roy, b, m, f);
        if best.as_ref().is_none_or(|(k, _)| key > *k) {
            best = Some((key, s));
        }
    });
    Ok(match best {
        Some((_, s)) => (s.cards(hand), false),
        None => (subsets.greedy().cards(hand), true),
    })
}
