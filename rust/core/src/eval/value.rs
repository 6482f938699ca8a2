//! The value scale: hand categories, the wheel positions, and the direct
//! classifier that the tables are generated from.

use crate::error::{Error, Result};

/// Hand categories, low to high. A front only has `HighCard`, `Pair`, `Trips`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Category {
    HighCard = 0,
    Pair = 1,
    TwoPair = 2,
    Trips = 3,
    Straight = 4,
    Flush = 5,
    FullHouse = 6,
    Quads = 7,
    StraightFlush = 8,
    RoyalFlush = 9,
}

impl Category {
    /// All categories, low to high.
    pub const ALL: [Category; 10] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::Trips,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::Quads,
        Category::StraightFlush,
        Category::RoyalFlush,
    ];

    /// The category of a number 0..9.
    pub fn from_u8(n: u8) -> Option<Category> {
        Category::ALL.get(n as usize).copied()
    }
}

/// Where A-2-3-4-5 ranks among straights (and straight flushes), RULES §2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Wheel {
    /// The lowest straight (5-high).
    #[default]
    Lowest,
    /// Directly below 10-J-Q-K-A, above K-Q-J-10-9.
    SecondHighest,
}

impl std::str::FromStr for Wheel {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "lowest" => Ok(Wheel::Lowest),
            "second_highest" => Ok(Wheel::SecondHighest),
            _ => Err(Error::UnknownOption {
                option: "wheel".into(),
                value: s.into(),
                allowed: "'lowest', 'second_highest'".into(),
            }),
        }
    }
}

/// Bits of the category field.
pub const CATEGORY_SHIFT: u32 = 20;

/// The category of a value.
#[inline(always)]
pub fn category_of(value: u32) -> u8 {
    (value >> CATEGORY_SHIFT) as u8
}

fn pack(cat: Category, ranks: &[u8]) -> u32 {
    let mut v = (cat as u32) << CATEGORY_SHIFT;
    for (i, &r) in ranks.iter().enumerate() {
        v |= (r as u32 + 1) << (16 - 4 * i);
    }
    v
}

fn pack_straight(cat: Category, top: u8, wheel: Wheel) -> u32 {
    // top is the rank of the highest card of the run (3 for the wheel).
    let ordinal = match (wheel, top) {
        (Wheel::Lowest, t) => t - 2,        // wheel 1, 6-high 2, …, A-high 10
        (Wheel::SecondHighest, 3) => 9,     // just below the A-high run
        (Wheel::SecondHighest, 12) => 10,   // A-high
        (Wheel::SecondHighest, t) => t - 3, // 6-high 1, …, K-high 8
    };
    ((cat as u32) << CATEGORY_SHIFT) | ((ordinal as u32) << 16) | ((top as u32 + 1) << 12)
}

/// Classifies 3 or 5 ranks directly (the generator of the tables).
/// `flush` only matters for 5 cards.
pub fn classify(ranks: &[u8], flush: bool, wheel: Wheel) -> u32 {
    let mut counts = [0u8; 13];
    for &r in ranks {
        counts[r as usize] += 1;
    }
    // (count, rank) groups, largest group first, then higher rank first.
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .rev()
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let key: Vec<u8> = groups.iter().map(|g| g.1).collect();
    if ranks.len() == 3 {
        return match groups[0].0 {
            3 => pack(Category::Trips, &key),
            2 => pack(Category::Pair, &key),
            _ => pack(Category::HighCard, &key),
        };
    }
    let straight_top = if groups.len() == 5 {
        if key[0] - key[4] == 4 {
            Some(key[0])
        } else if key == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        }
    } else {
        None
    };
    match (straight_top, flush, groups[0].0, groups.get(1).map(|g| g.0)) {
        (Some(12), true, _, _) => pack_straight(Category::RoyalFlush, 12, wheel),
        (Some(t), true, _, _) => pack_straight(Category::StraightFlush, t, wheel),
        (_, _, 4, _) => pack(Category::Quads, &key),
        (_, _, 3, Some(2)) => pack(Category::FullHouse, &key),
        (_, true, _, _) => pack(Category::Flush, &key),
        (Some(t), false, _, _) => pack_straight(Category::Straight, t, wheel),
        (_, _, 3, _) => pack(Category::Trips, &key),
        (_, _, 2, Some(2)) => pack(Category::TwoPair, &key),
        (_, _, 2, _) => pack(Category::Pair, &key),
        _ => pack(Category::HighCard, &key),
    }
}
