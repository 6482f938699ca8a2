//! Royalties: bonuses for strong rows (RULES §5). The royalty of a row under
//! the rules' table and modifiers, and of a broken-up dealt hand; the payment
//! modes live in `score`, which is the only place that knows who won a row.
//!
//! The tables themselves (A–H of the closed game, the open-face tables of
//! §5.3) are rules data in `rules::royalty_tables`, re-exported here.
//!
//! - `mod.rs` — pricing a row
//! - `tests.rs` — its tests

pub use crate::rules::royalty_tables::{RoyaltyTable, TABLE_NAMES};

use crate::cards::{rank, suit, Card};
use crate::eval::{category_of, Category};
use crate::rules::Rules;
use crate::setting::row::Row;

const FH: usize = Category::FullHouse as usize;
const QUADS: usize = Category::Quads as usize;
const SF: usize = Category::StraightFlush as usize;
const RF: usize = Category::RoyalFlush as usize;

/// The rank (0..12) of the first key element of a value: the pair or trips rank of a front.
fn top_rank(value: u32) -> usize {
    (((value >> 16) & 15) as usize).saturating_sub(1).min(12)
}

/// The royalty of one row's hand under the rules' table and modifiers (RULES §5):
/// `royalty.one_per_row = false` lets a middle four of a kind or straight flush
/// also collect the middle full-house entry ("full house or better in the
/// middle", RULES §5.1); `royalty.middle_premium` adds to a priced middle four
/// of a kind or straight flush (RULES §4.6).
///
/// ```
/// use chinese_poker_core::{eval::{evaluator, Wheel}, royalty::row_royalty, rules::Rules, setting::Row};
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let v = evaluator(Wheel::Lowest).value3([0, 1, 2]); // three deuces
/// assert_eq!(row_royalty(&rules, Row::Front, v), 3);
/// ```
pub fn row_royalty(rules: &Rules, row: Row, value: u32) -> i64 {
    let t = &rules.royalty_table;
    let cat = category_of(value) as usize;
    match row {
        Row::Front => match Category::from_u8(cat as u8) {
            Some(Category::Pair) => t.front_pair[top_rank(value)],
            Some(Category::Trips) => t.front_trips[top_rank(value)],
            _ => 0,
        },
        Row::Middle => {
            let mut v = t.middle.get(cat).copied().unwrap_or(0);
            if !rules.royalty_one_per_row && cat > FH && t.middle[FH] > 0 && v > 0 {
                v += t.middle[FH];
            }
            if v > 0 && cat >= QUADS {
                v += rules.royalty_middle_premium;
            }
            v
        }
        Row::Back => t.back.get(cat).copied().unwrap_or(0),
    }
}

/// The royalty of a hand *dealt* with four of a kind or a straight flush that
/// the setting broke up (`royalty.from_dealt_cards`, RULES §5.1): the back-row
/// value of the best such hand among the 13 cards, when no row of the setting
/// holds a hand of that category or better. 0 otherwise.
pub fn dealt_royalty(rules: &Rules, cards: &[Card; 13], row_values: [u32; 3]) -> i64 {
    if !rules.royalty_from_dealt_cards {
        return 0;
    }
    let mut counts = [0u8; 13];
    let mut suit_ranks = [0u16; 4];
    for &c in cards {
        counts[rank(c) as usize] += 1;
        suit_ranks[suit(c) as usize] |= 1 << rank(c);
    }
    let mut best: Option<usize> = None;
    if counts.contains(&4) {
        best = Some(QUADS);
    }
    for bits in suit_ranks {
        // Ace also plays low in A-2-3-4-5.
        let ext = (bits << 1) | (bits >> 12 & 1);
        let run = (0..10).any(|lo| (ext >> lo) & 0b11111 == 0b11111);
        let royal = bits & 0x1F00 == 0x1F00;
        if royal {
            best = Some(RF);
        } else if run && best.is_none_or(|b| b < SF) {
            best = Some(SF);
        }
    }
    match best {
        Some(cat) if row_values.iter().all(|&v| (category_of(v) as usize) < cat) => {
            rules.royalty_table.back[cat]
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests;
