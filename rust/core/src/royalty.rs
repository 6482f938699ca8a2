//! Royalties: bonuses for strong rows (RULES §5). Tables A–H of the closed
//! game and the open-face tables of §5.3 as data; the payment modes live in
//! `score`, which is the only place that knows who won a row.

use crate::cards::{rank, suit, Card, RANK_CHARS};
use crate::error::{Error, Result};
use crate::eval::{category_of, Category};
use crate::rules::{quote_list, Rules};
use crate::setting::Row;

/// A royalty table: the value of each row's hand (0 = no royalty).
///
/// Front hands are priced by the rank of the pair or the trips (RULES §5.3
/// prices 66…AAA individually); middle and back hands by category. A table
/// that does not price the royal flush separately carries the straight-flush
/// value in the royal-flush slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyaltyTable {
    /// Front pair of rank 0 (deuces) … 12 (aces).
    pub front_pair: [i64; 13],
    /// Front three of a kind by rank.
    pub front_trips: [i64; 13],
    /// Middle row by [`Category`] index (0 = high card … 9 = royal flush).
    pub middle: [i64; 10],
    /// Back row by [`Category`] index.
    pub back: [i64; 10],
}

/// The named tables, canonical names first (`to_spec` writes the first match).
pub const TABLE_NAMES: [&str; 18] = [
    "none",
    "A",
    "A_prime",
    "A_double_prime",
    "B",
    "C",
    "G",
    "C_modern",
    "H",
    "D",
    "E",
    "F",
    "F_flat",
    "ofc_main",
    "ofc_alt1",
    "ofc_alt2",
    "ofc_us",
    "ofc_legacy_gem",
];

const CATEGORY_NAMES: [&str; 10] = [
    "high_card",
    "pair",
    "two_pair",
    "trips",
    "straight",
    "flush",
    "full_house",
    "quads",
    "straight_flush",
    "royal_flush",
];

const FH: usize = Category::FullHouse as usize;
const QUADS: usize = Category::Quads as usize;
const SF: usize = Category::StraightFlush as usize;
const RF: usize = Category::RoyalFlush as usize;

/// Middle/back values: (category index, value) pairs on an empty row.
fn by_cat(entries: &[(usize, i64)]) -> [i64; 10] {
    let mut t = [0; 10];
    for &(c, v) in entries {
        t[c] = v;
    }
    t
}

impl RoyaltyTable {
    /// The empty table (no royalties).
    pub fn none() -> RoyaltyTable {
        RoyaltyTable {
            front_pair: [0; 13],
            front_trips: [0; 13],
            middle: [0; 10],
            back: [0; 10],
        }
    }

    /// Does the table pay nothing at all?
    pub fn is_empty(&self) -> bool {
        *self == RoyaltyTable::none()
    }

    /// Every value of the table (front pairs and trips, middle, back).
    pub(crate) fn values(&self) -> impl Iterator<Item = i64> + '_ {
        self.front_pair
            .iter()
            .chain(&self.front_trips)
            .chain(&self.middle)
            .chain(&self.back)
            .copied()
    }

    /// A closed-game table: front trips (any rank), middle and back by category.
    fn closed(front_trips: i64, middle: &[(usize, i64)], back: &[(usize, i64)]) -> RoyaltyTable {
        RoyaltyTable {
            front_pair: [0; 13],
            front_trips: [front_trips; 13],
            middle: by_cat(middle),
            back: by_cat(back),
        }
    }

    /// The open-face front table of RULES §5.3: 66 = 1 … AA = 9, 222 = 10 … AAA = 22.
    fn ofc(middle: &[(usize, i64)], back: &[(usize, i64)]) -> RoyaltyTable {
        let mut front_pair = [0; 13];
        let mut front_trips = [0; 13];
        for r in 0..13 {
            // rank 4 is the six
            front_pair[r] = if r >= 4 { r as i64 - 3 } else { 0 };
            front_trips[r] = 10 + r as i64;
        }
        RoyaltyTable {
            front_pair,
            front_trips,
            middle: by_cat(middle),
            back: by_cat(back),
        }
    }

    /// A table by its name in [`TABLE_NAMES`] (RULES §5.2 letters, §5.3 OFC tables).
    ///
    /// ```
    /// use chinese_poker_core::royalty::RoyaltyTable;
    /// assert_eq!(RoyaltyTable::named("G").unwrap().middle[8], 10); // middle straight flush
    /// ```
    pub fn named(name: &str) -> Result<RoyaltyTable> {
        const ST: usize = Category::Straight as usize;
        const FL: usize = Category::Flush as usize;
        const TRIPS: usize = Category::Trips as usize;
        let t = match name {
            "none" => RoyaltyTable::none(),
            // (A) Pagat standard.
            "A" => Self::closed(
                3,
                &[(FH, 2), (QUADS, 4), (SF, 5), (RF, 5)],
                &[(QUADS, 4), (SF, 5), (RF, 5)],
            ),
            // (A′) higher payment for the middle.
            "A_prime" => Self::closed(
                3,
                &[(FH, 2), (QUADS, 5), (SF, 6), (RF, 6)],
                &[(QUADS, 4), (SF, 5), (RF, 5)],
            ),
            // (A″) extras for winning or losing (use with extra_always).
            "A_double_prime" => Self::closed(
                2,
                &[(FH, 1), (QUADS, 3), (SF, 4), (RF, 4)],
                &[(QUADS, 3), (SF, 4), (RF, 4)],
            ),
            // (B) Malay (Dobree), extras.
            "B" => Self::closed(
                2,
                &[(FH, 2), (QUADS, 6), (SF, 8), (RF, 8)],
                &[(QUADS, 4), (SF, 6), (RF, 6)],
            ),
            // (C) Vietnamese as in Pagat: no middle four of a kind given.
            "C" => Self::closed(
                3,
                &[(FH, 2), (SF, 10), (RF, 10)],
                &[(QUADS, 4), (SF, 5), (RF, 5)],
            ),
            // (G) Chinese Poker Pro; (H) Hong Kong fits it; modern Mậu Binh has the same numbers.
            "G" | "C_modern" | "H" => Self::closed(
                3,
                &[(FH, 2), (QUADS, 8), (SF, 10), (RF, 10)],
                &[(QUADS, 4), (SF, 5), (RF, 5)],
            ),
            // (D) Singapore.
            "D" => Self::closed(3, &[(FH, 2)], &[(QUADS, 4), (SF, 7), (RF, 7)]),
            // (E) Hawaiian Gardens: four of a kind not listed.
            "E" => Self::closed(3, &[(FH, 2), (SF, 8), (RF, 8)], &[(SF, 5), (RF, 5)]),
            // (F) "Eastern" table with a separate royal flush.
            "F" => Self::closed(
                3,
                &[(FH, 2), (QUADS, 8), (SF, 10), (RF, 14)],
                &[(QUADS, 4), (SF, 5), (RF, 7)],
            ),
            // (F) flat: one extra unit per royalty row (use with extra_if_won).
            "F_flat" => Self::closed(
                1,
                &[(FH, 1), (QUADS, 1), (SF, 1), (RF, 1)],
                &[(QUADS, 1), (SF, 1), (RF, 1)],
            ),
            "ofc_main" => Self::ofc(
                &[(ST, 4), (FL, 8), (FH, 12), (QUADS, 20), (SF, 30), (RF, 50)],
                &[(ST, 2), (FL, 4), (FH, 6), (QUADS, 10), (SF, 15), (RF, 25)],
            ),
            "ofc_alt1" => Self::ofc(
                &[(ST, 4), (FL, 8), (FH, 12), (QUADS, 16), (SF, 20), (RF, 30)],
                &[(ST, 2), (FL, 4), (FH, 6), (QUADS, 8), (SF, 10), (RF, 15)],
            ),
            "ofc_alt2" | "ofc_us" => Self::ofc(
                &[
                    (TRIPS, 2),
                    (ST, 4),
                    (FL, 8),
                    (FH, 12),
                    (QUADS, 20),
                    (SF, 30),
                    (RF, 50),
                ],
                &[(ST, 2), (FL, 4), (FH, 6), (QUADS, 10), (SF, 15), (RF, 25)],
            ),
            // [P-GEM]; its middle full house "2" read as 12; no middle royal given.
            "ofc_legacy_gem" => Self::ofc(
                &[(ST, 4), (FL, 8), (FH, 12), (QUADS, 16), (SF, 20), (RF, 20)],
                &[(ST, 2), (FL, 4), (FH, 6), (QUADS, 8), (SF, 10), (RF, 20)],
            ),
            _ => {
                return Err(Error::UnknownOption {
                    option: "royalty.table".into(),
                    value: name.into(),
                    allowed: format!(
                        "{} or a list such as 'front.trips=3,middle.full_house=2'",
                        quote_list(&TABLE_NAMES)
                    ),
                })
            }
        };
        Ok(t)
    }

    /// Parses a table name or a custom list `row.hand=value,…` where `row` is
    /// `front`/`middle`/`back`, a middle/back hand is a category name
    /// (`full_house`, `straight_flush` …) and a front hand is `pair` or
    /// `trips`, optionally with a rank (`front.pair.Q=7`; no rank = every rank).
    pub fn parse(spec: &str) -> Result<RoyaltyTable> {
        let spec = spec.trim();
        if TABLE_NAMES.contains(&spec) {
            return RoyaltyTable::named(spec);
        }
        let err = |reason: String| Error::Rules {
            option: "royalty.table".into(),
            reason,
        };
        let mut t = RoyaltyTable::none();
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item.split_once('=').ok_or_else(|| {
                err(format!(
                    "{item:?} is neither a table name nor row.hand=value"
                ))
            })?;
            let value: i64 = value
                .trim()
                .parse()
                .map_err(|_| err(format!("{value:?} in {item:?} is not an integer")))?;
            let parts: Vec<&str> = key.trim().split('.').collect();
            match parts.as_slice() {
                ["front", hand] | ["front", hand, _] => {
                    let ranks: Vec<usize> = match parts.get(2) {
                        None => (0..13).collect(),
                        Some(rc) => {
                            let c = rc.chars().next().unwrap_or(' ').to_ascii_uppercase();
                            let r = RANK_CHARS
                                .iter()
                                .position(|&x| x == c)
                                .filter(|_| rc.chars().count() == 1)
                                .ok_or_else(|| err(format!("{rc:?} in {item:?} is not a rank")))?;
                            vec![r]
                        }
                    };
                    let slot = match *hand {
                        "pair" => &mut t.front_pair,
                        "trips" => &mut t.front_trips,
                        _ => {
                            return Err(err(format!(
                                "a front row is priced as pair or trips, not {hand:?}"
                            )))
                        }
                    };
                    for r in ranks {
                        slot[r] = value;
                    }
                }
                [row @ ("middle" | "back"), hand] => {
                    let c = CATEGORY_NAMES
                        .iter()
                        .position(|n| n == hand)
                        .ok_or_else(|| {
                            err(format!(
                                "{hand:?} is not one of {}",
                                quote_list(&CATEGORY_NAMES)
                            ))
                        })?;
                    if *row == "middle" {
                        t.middle[c] = value;
                    } else {
                        t.back[c] = value;
                    }
                }
                _ => {
                    return Err(err(format!(
                    "{key:?} is not front.pair[.R], front.trips[.R], middle.<hand> or back.<hand>"
                )))
                }
            }
        }
        Ok(t)
    }

    /// The shortest string `parse` turns back into this table: its name when it
    /// has one, otherwise the custom list of its non-zero entries.
    pub fn to_spec(&self) -> String {
        for name in TABLE_NAMES {
            if RoyaltyTable::named(name).is_ok_and(|t| t == *self) {
                return name.to_string();
            }
        }
        let mut items = Vec::new();
        for (label, arr) in [("pair", &self.front_pair), ("trips", &self.front_trips)] {
            for (r, &v) in arr.iter().enumerate() {
                if v != 0 {
                    items.push(format!("front.{label}.{}={v}", RANK_CHARS[r]));
                }
            }
        }
        for (label, arr) in [("middle", &self.middle), ("back", &self.back)] {
            for (c, &v) in arr.iter().enumerate() {
                if v != 0 {
                    items.push(format!("{label}.{}={v}", CATEGORY_NAMES[c]));
                }
            }
        }
        if items.is_empty() {
            "none".into()
        } else {
            items.join(",")
        }
    }
}

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
// Tests start from a preset or the defaults and change one option at a time.
#[allow(clippy::field_reassign_with_default)]
mod tests {
    use super::*;
    use crate::eval::{evaluator, Wheel};
    use crate::notation::{parse_cards, Notation};

    fn v(s: &str) -> u32 {
        let c = parse_cards(s, Notation::Intl).unwrap();
        evaluator(Wheel::Lowest).value(&c).unwrap()
    }

    #[test]
    fn tables_of_rules_5_2() {
        let mut r = Rules::default();
        r.royalty_table = RoyaltyTable::named("A").unwrap();
        assert_eq!(row_royalty(&r, Row::Front, v("2c 2d 2h")), 3);
        assert_eq!(row_royalty(&r, Row::Front, v("Ac Ad 2h")), 0);
        assert_eq!(row_royalty(&r, Row::Middle, v("2c 2d 2h 3c 3d")), 2);
        assert_eq!(row_royalty(&r, Row::Back, v("2c 2d 2h 3c 3d")), 0);
        assert_eq!(row_royalty(&r, Row::Back, v("Ac Kc Qc Jc Tc")), 5);
        r.royalty_table = RoyaltyTable::named("F").unwrap();
        assert_eq!(row_royalty(&r, Row::Middle, v("Ac Kc Qc Jc Tc")), 14);
        assert_eq!(row_royalty(&r, Row::Middle, v("9c Kc Qc Jc Tc")), 10);
        r.royalty_table = RoyaltyTable::named("B").unwrap();
        assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h 9s Tc")), 6);
    }

    #[test]
    fn ofc_tables_of_rules_5_3() {
        let r = Rules::preset("ofc_ru_main").unwrap();
        assert_eq!(row_royalty(&r, Row::Front, v("6c 6d 2h")), 1);
        assert_eq!(row_royalty(&r, Row::Front, v("Ac Ad 2h")), 9);
        assert_eq!(row_royalty(&r, Row::Front, v("5c 5d Ah")), 0);
        assert_eq!(row_royalty(&r, Row::Front, v("2c 2d 2h")), 10);
        assert_eq!(row_royalty(&r, Row::Front, v("Ac Ad Ah")), 22);
        assert_eq!(row_royalty(&r, Row::Middle, v("2c 2d 2h 3c 4d")), 0);
        assert_eq!(row_royalty(&r, Row::Middle, v("Ac Kc Qc Jc Tc")), 50);
        assert_eq!(row_royalty(&r, Row::Back, v("2c 3d 4h 5c 6d")), 2);
        let us = Rules::preset("ofc_us").unwrap();
        assert_eq!(row_royalty(&us, Row::Middle, v("2c 2d 2h 3c 4d")), 2);
        let alt1 = Rules::preset("ofc_ru_alt1").unwrap();
        assert_eq!(row_royalty(&alt1, Row::Back, v("9c 9d 9h 9s Tc")), 8);
        assert_eq!(row_royalty(&alt1, Row::Middle, v("Ac Kc Qc Jc Tc")), 30);
    }

    #[test]
    fn modifiers_one_per_row_and_middle_premium() {
        let mut r = Rules::preset("wiki_2_4").unwrap();
        assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h 9s Tc")), 1);
        r.royalty_one_per_row = false;
        // quads is also "full house or better in the middle"
        assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h 9s Tc")), 2);
        let mut r = Rules::preset("pagat_classic").unwrap();
        r.royalty_middle_premium = 1; // RULES §4.6: A′ = A + 1 in the middle
        assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h 9s Tc")), 5);
        assert_eq!(row_royalty(&r, Row::Middle, v("9c Kc Qc Jc Tc")), 6);
        assert_eq!(row_royalty(&r, Row::Back, v("9c Kc Qc Jc Tc")), 5);
        assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h Ts Tc")), 2);
    }

    #[test]
    fn dealt_quads_broken_up_still_pay() {
        let mut r = Rules::preset("pagat_classic_nonstrict").unwrap();
        r.royalty_from_dealt_cards = true;
        let cards: [Card; 13] =
            parse_cards("7c 7d 7h 2c 3d 7s 8s 9s Ts Jd Ac Kd Qc", Notation::Intl)
                .unwrap()
                .try_into()
                .unwrap();
        let rows = [v("7c 7d 7h"), v("2c 3d 7s 8s 9s"), v("Ts Jd Ac Kd Qc")];
        assert_eq!(dealt_royalty(&r, &cards, rows), 4);
        r.royalty_from_dealt_cards = false;
        assert_eq!(dealt_royalty(&r, &cards, rows), 0);
    }

    #[test]
    fn spec_round_trip() {
        for name in TABLE_NAMES {
            let t = RoyaltyTable::named(name).unwrap();
            assert_eq!(RoyaltyTable::parse(&t.to_spec()).unwrap(), t);
        }
        let t = RoyaltyTable::parse("front.pair.Q=7,middle.flush=3").unwrap();
        assert_eq!(t.front_pair[10], 7);
        assert_eq!(RoyaltyTable::parse(&t.to_spec()).unwrap(), t);
        assert!(RoyaltyTable::parse("middle.bogus=1").is_err());
    }
}
