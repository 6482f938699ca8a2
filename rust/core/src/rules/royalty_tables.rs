//! Royalty tables as data (RULES §5.2 letters A–H, the open-face tables of §5.3),
//! their names and the custom `row.hand=value` spelling. Pricing a row is
//! `crate::royalty::row_royalty`.

use super::values::quote_list;
use crate::cards::RANK_CHARS;
use crate::error::{Error, Result};
use crate::eval::Category;

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
