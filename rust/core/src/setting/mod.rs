//! A setting: 13 cards set as front (3), middle (5) and back (5); the foul
//! check of RULES §3 and the row comparison used by scoring (§2.4–§2.5).
//!
//! - `mod.rs` — settings, the foul check, row comparison
//! - `row.rs` — the three rows' names (a leaf, so the royalty tables can name rows)
//! - `render.rs` — a setting as text (the one renderer)
//! - `tests.rs` — its tests

use crate::cards::{check_hand, format_card, rank, suit, Card, Style};
use crate::error::{Error, Result};
use crate::eval::{category_of, evaluator, Category};
use crate::notation::{parse_cards, Notation};
use crate::royalty::row_royalty;
use crate::rules::{CompareDepth, CrossSizePrefix, OrderMode, Rules};
use std::cmp::Ordering;

mod render;
pub mod row;
pub use render::RenderOptions;
pub use row::Row;

/// Why a setting is fouled (RULES R-FOUL-1…3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoulReason {
    /// The front beats the middle.
    FrontAboveMiddle,
    /// The front equals (or is prefix-equal to) the middle under a strict mode.
    FrontEqualsMiddle,
    /// The middle beats the back.
    MiddleAboveBack,
    /// The middle equals the back under `strict`.
    MiddleEqualsBack,
}

impl FoulReason {
    /// A short English explanation.
    pub fn describe(self) -> &'static str {
        match self {
            FoulReason::FrontAboveMiddle => "the front is stronger than the middle",
            FoulReason::FrontEqualsMiddle => {
                "the front is not weaker than the middle (strict order)"
            }
            FoulReason::MiddleAboveBack => "the middle is stronger than the back",
            FoulReason::MiddleEqualsBack => "the middle is not weaker than the back (strict order)",
        }
    }
}

/// Front against middle on the common scale (RULES R-FOUL-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossOrder {
    /// The front is weaker.
    Below,
    /// Same category and the front key equals the middle key truncated to the front's length.
    PrefixEqual,
    /// The front is stronger.
    Above,
}

/// Number of key nibbles of a 3-card value of this category.
fn front_key_len(cat: u8) -> u32 {
    match Category::from_u8(cat) {
        Some(Category::Trips) => 1,
        Some(Category::Pair) => 2,
        _ => 3,
    }
}

/// Compares a front value with a middle value (RULES R-FOUL-3): category
/// first, then the front key against the middle key truncated to its length.
pub fn compare_front_middle(front: u32, middle: u32) -> CrossOrder {
    let (cf, cm) = (category_of(front), category_of(middle));
    if cf != cm {
        return if cf < cm {
            CrossOrder::Below
        } else {
            CrossOrder::Above
        };
    }
    // Keep the category and the first `len` nibbles of the middle.
    let len = front_key_len(cf);
    let keep = 20 - 4 * len;
    let truncated = (middle >> keep) << keep;
    match front.cmp(&truncated) {
        Ordering::Less => CrossOrder::Below,
        Ordering::Equal => CrossOrder::PrefixEqual,
        Ordering::Greater => CrossOrder::Above,
    }
}

/// The foul check on row values `[front, middle, back]` (RULES R-FOUL-1…3);
/// `None` when the setting is legal.
pub fn order_check(values: [u32; 3], rules: &Rules) -> Option<FoulReason> {
    let [f, m, b] = values;
    let same_cat = |x: u32, y: u32| rules.same_category_ok && category_of(x) == category_of(y);
    let strict_front = matches!(
        rules.order_mode,
        OrderMode::Strict | OrderMode::StrictFrontOnly
    );
    let strict_back = rules.order_mode == OrderMode::Strict;
    if !same_cat(f, m) {
        match compare_front_middle(f, m) {
            CrossOrder::Above => return Some(FoulReason::FrontAboveMiddle),
            CrossOrder::PrefixEqual
                if strict_front && rules.cross_size_prefix == CrossSizePrefix::Equal =>
            {
                return Some(FoulReason::FrontEqualsMiddle)
            }
            _ => {}
        }
    }
    if !same_cat(m, b) {
        match m.cmp(&b) {
            Ordering::Greater => return Some(FoulReason::MiddleAboveBack),
            Ordering::Equal if strict_back => return Some(FoulReason::MiddleEqualsBack),
            _ => {}
        }
    }
    None
}

/// True when [`order_check`] passes exactly the settings with `front <=
/// middle <= back` by value: non-strict order without the same-category
/// house rule. (A front at most the middle by value has its key nibbles at
/// most the middle's first ones, so it is never `Above` the middle; equal
/// is allowed.) A search that keeps to value order may then skip the check.
pub fn value_order_decides(rules: &Rules) -> bool {
    !rules.same_category_ok && rules.order_mode == OrderMode::NonStrict
}

/// 13 distinct cards set as front 3 / middle 5 / back 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setting {
    cards: [Card; 13],
}

impl Setting {
    /// A setting from its three rows; checks codes and duplicates.
    pub fn new(front: [Card; 3], middle: [Card; 5], back: [Card; 5]) -> Result<Setting> {
        let mut all = [0 as Card; 13];
        all[..3].copy_from_slice(&front);
        all[3..8].copy_from_slice(&middle);
        all[8..].copy_from_slice(&back);
        Setting::from_cards(&all)
    }

    /// A setting from 13 card codes in the order front 3, middle 5, back 5.
    pub fn from_cards(cards: &[Card]) -> Result<Setting> {
        let codes: Vec<i64> = cards.iter().map(|&c| i64::from(c)).collect();
        Setting::from_codes(&codes)
    }

    /// A setting from 13 codes already known to be distinct and below 52.
    pub(crate) fn from_array_unchecked(cards: [Card; 13]) -> Setting {
        Setting { cards }
    }

    /// A setting from 13 integer codes (front, middle, back), checked.
    pub fn from_codes(codes: &[i64]) -> Result<Setting> {
        let checked = check_hand(codes, &[13])?;
        let mut cards = [0 as Card; 13];
        cards.copy_from_slice(&checked);
        Ok(Setting { cards })
    }

    /// A setting from text with the rows separated by `/` or `|`, front first.
    ///
    /// ```
    /// use chinese_poker_core::{notation::Notation, setting::Setting};
    /// let s = Setting::parse("5c 5d 5s / 4h 4c 4d 4s 2c / 6h 7h 8h 9h Th", Notation::Intl).unwrap();
    /// assert_eq!(s.front().len(), 3);
    /// ```
    pub fn parse(text: &str, notation: Notation) -> Result<Setting> {
        let rows: Vec<&str> = text.split(['/', '|']).collect();
        if rows.len() != 3 {
            return Err(Error::InvalidSetting(format!(
                "expected three rows separated by '/' (front / middle / back), got {}",
                rows.len()
            )));
        }
        let mut cards = Vec::with_capacity(13);
        for (row, (part, size)) in Row::ALL.iter().zip(rows.iter().zip([3usize, 5, 5])) {
            let parsed = parse_cards(part, notation)?;
            if parsed.len() != size {
                return Err(Error::InvalidSetting(format!(
                    "the {} needs {size} cards, got {}",
                    row.name(),
                    parsed.len()
                )));
            }
            cards.extend(parsed);
        }
        Setting::from_cards(&cards)
    }

    /// All 13 cards: front, middle, back.
    pub fn cards(&self) -> &[Card; 13] {
        &self.cards
    }

    /// The front row.
    pub fn front(&self) -> [Card; 3] {
        [self.cards[0], self.cards[1], self.cards[2]]
    }

    /// The middle row.
    pub fn middle(&self) -> [Card; 5] {
        let c = &self.cards;
        [c[3], c[4], c[5], c[6], c[7]]
    }

    /// The back row.
    pub fn back(&self) -> [Card; 5] {
        let c = &self.cards;
        [c[8], c[9], c[10], c[11], c[12]]
    }

    /// The cards of one row.
    pub fn row(&self, row: Row) -> &[Card] {
        match row {
            Row::Front => &self.cards[..3],
            Row::Middle => &self.cards[3..8],
            Row::Back => &self.cards[8..],
        }
    }

    /// Row values `[front, middle, back]` on the common scale of `eval`.
    pub fn values(&self, rules: &Rules) -> [u32; 3] {
        let e = evaluator(rules.wheel);
        [
            e.value3(self.front()),
            e.value5(self.middle()),
            e.value5(self.back()),
        ]
    }

    /// Why the setting fouls under the rules, or `None` if it is legal.
    pub fn foul_reason(&self, rules: &Rules) -> Option<FoulReason> {
        order_check(self.values(rules), rules)
    }

    /// Is the setting fouled under the rules (RULES R-FOUL-1…3)?
    pub fn is_foul(&self, rules: &Rules) -> bool {
        self.foul_reason(rules).is_some()
    }

    /// Royalty of each row `[front, middle, back]` (RULES §5); all zero for a
    /// fouled setting, which earns none.
    pub fn royalties(&self, rules: &Rules) -> [i64; 3] {
        let values = self.values(rules);
        if order_check(values, rules).is_some() {
            return [0; 3];
        }
        [
            row_royalty(rules, Row::Front, values[0]),
            row_royalty(rules, Row::Middle, values[1]),
            row_royalty(rules, Row::Back, values[2]),
        ]
    }

    /// `front / middle / back` in ASCII notation.
    pub fn to_text(&self) -> String {
        rows_text(|r| self.row(r))
    }
}

/// `front / middle / back` in ASCII notation for any source of rows (a
/// setting, or an open-face board being filled).
pub fn rows_text<'a>(row: impl Fn(Row) -> &'a [Card]) -> String {
    Row::ALL
        .iter()
        .map(|&r| {
            row(r)
                .iter()
                .map(|&c| format_card(c, Style::Ascii))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The card whose suit breaks an exact tie (RULES §2.5): cards ordered by
/// group size, then rank, then suit strength, highest first.
fn tie_card(cards: &[Card], strength: &[u8; 4]) -> Card {
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[rank(c) as usize] += 1;
    }
    let key = |c: Card| {
        (
            counts[rank(c) as usize],
            rank(c),
            strength[suit(c) as usize],
        )
    };
    cards.iter().copied().max_by_key(|&c| key(c)).unwrap_or(0)
}

/// Compares two rows of the same size by value, applying `tie.compare_depth`,
/// `tie.flush_suit_first` and `tie.suit_order` (RULES R-RANK-1…5, §2.5).
/// `Equal` is a tied row.
pub fn compare_rows(a: &[Card], va: u32, b: &[Card], vb: u32, rules: &Rules) -> Ordering {
    if rules.suit_order.is_none() && rules.compare_depth == CompareDepth::Full {
        // The usual case: values order category first, then the whole key.
        return va.cmp(&vb);
    }
    let (ca, cb) = (category_of(va), category_of(vb));
    if ca != cb {
        return ca.cmp(&cb);
    }
    if rules.compare_depth == CompareDepth::TopCardOnly {
        // Only the first key element (the highest card, group or run) decides.
        return ((va >> 16) & 15).cmp(&((vb >> 16) & 15));
    }
    if let Some(strength) = rules.suit_order {
        let flush = Category::Flush as u8;
        if rules.flush_suit_first && ca == flush {
            let sa = strength[suit(a[0]) as usize];
            let sb = strength[suit(b[0]) as usize];
            if sa != sb {
                return sa.cmp(&sb);
            }
        }
        if va == vb {
            let sa = strength[suit(tie_card(a, &strength)) as usize];
            let sb = strength[suit(tie_card(b, &strength)) as usize];
            return sa.cmp(&sb);
        }
    }
    va.cmp(&vb)
}

#[cfg(test)]
mod tests;
