//! Reading a value back: how many cards it has, and its English description.

use super::value::{category_of, Category};
use crate::cards::{RANK_CHARS, RANK_NAMES};

/// The five 4-bit key nibbles of a value, high to low.
fn nibbles(value: u32) -> [u8; 5] {
    [16, 12, 8, 4, 0].map(|s| ((value >> s) & 15) as u8)
}

/// Number of cards (3 or 5) of a valid value.
pub fn size_of(value: u32) -> usize {
    let n = nibbles(value);
    match Category::from_u8(category_of(value)) {
        Some(Category::HighCard) if n[3] == 0 => 3,
        Some(Category::Pair) if n[2] == 0 => 3,
        Some(Category::Trips) if n[1] == 0 => 3,
        _ => 5,
    }
}

/// The rank character of a nibble (`rank + 1`).
fn rank_char(nibble: u8) -> char {
    RANK_CHARS[(nibble.saturating_sub(1) as usize).min(12)]
}

/// The English name of a nibble's rank, singular or plural.
fn name(nibble: u8, plural: bool) -> &'static str {
    let (s, p) = RANK_NAMES[(nibble.saturating_sub(1) as usize).min(12)];
    if plural {
        p
    } else {
        s
    }
}

/// The ranks of the nibbles present, as `K-Q-8`.
fn run(ns: &[u8]) -> String {
    ns.iter()
        .filter(|&&n| n != 0)
        .map(|&n| rank_char(n).to_string())
        .collect::<Vec<_>>()
        .join("-")
}

/// The kickers after a pair, trips or quads, as `, 5 kicker`.
fn kickers(ns: &[u8]) -> String {
    let ks: Vec<u8> = ns.iter().copied().filter(|&n| n != 0).collect();
    match ks.len() {
        0 => String::new(),
        1 => format!(", {} kicker", rank_char(ks[0])),
        _ => format!(", {} kickers", run(&ks)),
    }
}

/// The cards of a straight from its top rank nibble, the wheel as `5-4-3-2-A`.
fn straight_cards(top_nibble: u8) -> String {
    let top = top_nibble - 1;
    if top == 3 {
        "5-4-3-2-A".into()
    } else {
        (0..5)
            .map(|i| RANK_CHARS[(top - i) as usize].to_string())
            .collect::<Vec<_>>()
            .join("-")
    }
}

/// A description of a value, e.g. `Flush, K-Q-8-6-3` or `Pair of Queens, 5 kicker`.
pub fn describe(value: u32) -> String {
    let n = nibbles(value);
    match Category::from_u8(category_of(value)) {
        Some(Category::HighCard) => format!("High card, {}", run(&n)),
        Some(Category::Pair) => format!("Pair of {}{}", name(n[0], true), kickers(&n[1..])),
        Some(Category::TwoPair) => format!(
            "Two pair, {} and {}{}",
            name(n[0], true),
            name(n[1], true),
            kickers(&n[2..])
        ),
        Some(Category::Trips) => {
            format!("Three of a kind, {}{}", name(n[0], true), kickers(&n[1..]))
        }
        Some(Category::Straight) => format!("Straight, {}", straight_cards(n[1])),
        Some(Category::Flush) => format!("Flush, {}", run(&n)),
        Some(Category::FullHouse) => format!(
            "Full house, {} full of {}",
            name(n[0], true),
            name(n[1], true)
        ),
        Some(Category::Quads) => {
            format!("Four of a kind, {}{}", name(n[0], true), kickers(&n[1..]))
        }
        Some(Category::StraightFlush) => format!("Straight flush, {}", straight_cards(n[1])),
        Some(Category::RoyalFlush) => "Royal flush".into(),
        None => format!("invalid value {value}"),
    }
}
