//! The hand-independent index tables of the search: the subsets of 13
//! positions as masks, every back's 56 (middle, front) splits and every
//! front's 126 halvings of the other ten positions, built once; and
//! [`SettingIdx`], a setting as subset indices.

use crate::cards::Card;
use std::sync::LazyLock;

/// Cards in a hand.
pub const HAND_SIZE: usize = 13;
/// Number of 5-card subsets of 13 positions, C(13,5).
pub const FIVE_SUBSETS: usize = 1287;
/// Number of 3-card subsets of 13 positions, C(13,3).
pub const THREE_SUBSETS: usize = 286;
/// (middle, front) splits of the 8 cards left beside a back, C(8,5).
pub const SPLITS_PER_BACK: usize = 56;
/// Unordered 5|5 halvings of the 10 cards left beside a front, C(10,5)/2.
pub(super) const HALVES: usize = 126;
/// Number of (front, middle, back) settings of a 13-card hand.
pub const SETTINGS: usize = FIVE_SUBSETS * SPLITS_PER_BACK;

pub(super) const ALL_POSITIONS: u16 = (1 << HAND_SIZE) - 1;
// Value arrays are padded to a power of two so `idx & MASK` proves the index
// in bounds and the hot loops carry no bounds checks.
pub(super) const FIVE_PAD: usize = 2048;
pub(super) const THREE_PAD: usize = 512;

/// Hand-independent index tables, built once.
pub(super) struct Tables {
    /// Position mask of each 5-subset, in increasing mask order.
    pub(super) mask5: Vec<u16>,
    /// Position mask of each 3-subset, in increasing mask order.
    pub(super) mask3: Vec<u16>,
    /// For back `b`, entries `56*b .. 56*b + 56` are `[middle index, front index]`
    /// of every split of the other 8 positions (fronts in increasing mask order).
    pub(super) splits: Vec<[u16; 2]>,
    /// For front `f`, entries `126*f .. 126*f + 126` are the 5-subset indices
    /// `[X, Y]` of every way to halve the other 10 positions (X holds the
    /// lowest of them, so each unordered pair appears once).
    pub(super) halves: Vec<[u16; 2]>,
}

pub(super) static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut mask5 = Vec::with_capacity(FIVE_SUBSETS);
    let mut mask3 = Vec::with_capacity(THREE_SUBSETS);
    // Mask -> subset index; masks of 3 and 5 bits never collide.
    let mut index = vec![u16::MAX; 1 << HAND_SIZE];
    for m in 0..=ALL_POSITIONS {
        match m.count_ones() {
            5 => {
                index[m as usize] = mask5.len() as u16;
                mask5.push(m);
            }
            3 => {
                index[m as usize] = mask3.len() as u16;
                mask3.push(m);
            }
            _ => {}
        }
    }
    let mut splits = Vec::with_capacity(SETTINGS);
    for &back in &mask5 {
        let rest = ALL_POSITIONS ^ back;
        // Submasks of `rest` in increasing order: s -> (s - rest) & rest.
        let mut s: u16 = 0;
        loop {
            s = s.wrapping_sub(rest) & rest;
            if s == 0 {
                break;
            }
            if s.count_ones() == 3 {
                splits.push([index[(rest ^ s) as usize], index[s as usize]]);
            }
        }
    }
    let mut halves = Vec::with_capacity(THREE_SUBSETS * HALVES);
    for &front in &mask3 {
        let rest = ALL_POSITIONS ^ front;
        let low = rest & rest.wrapping_neg();
        for &x in &mask5 {
            if x & !rest == 0 && x & low != 0 {
                halves.push([index[x as usize], index[(rest ^ x) as usize]]);
            }
        }
    }
    Tables {
        mask5,
        mask3,
        splits,
        halves,
    }
});

/// One setting as subset indices (see [`HandSubsets`](super::HandSubsets)): cheap to copy and to
/// turn into masks or cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SettingIdx {
    /// Index of the front among the 286 three-card subsets.
    pub front: u16,
    /// Index of the middle among the 1,287 five-card subsets.
    pub middle: u16,
    /// Index of the back among the 1,287 five-card subsets.
    pub back: u16,
}

impl SettingIdx {
    /// Position masks `[front, middle, back]` (bit `i` = card `i` of the hand).
    ///
    /// ```
    /// # use chinese_poker_core::search::SettingIdx;
    /// let s = SettingIdx { front: 0, middle: 0, back: 0 };
    /// assert_eq!(s.masks(), [0b111, 0b11111, 0b11111]);
    /// ```
    pub fn masks(self) -> [u16; 3] {
        let t = &*TABLES;
        [
            t.mask3[self.front as usize % THREE_SUBSETS],
            t.mask5[self.middle as usize % FIVE_SUBSETS],
            t.mask5[self.back as usize % FIVE_SUBSETS],
        ]
    }

    /// The 13 codes ordered front 3, middle 5, back 5; within a row the cards
    /// keep their order in `hand`.
    ///
    /// ```
    /// # use chinese_poker_core::search::{greedy_setting, HandSubsets};
    /// # use chinese_poker_core::eval::Wheel;
    /// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
    /// let s = HandSubsets::new(&hand, Wheel::Lowest).greedy();
    /// assert_eq!(s.cards(&hand), greedy_setting(&hand, Wheel::Lowest));
    /// ```
    pub fn cards(self, hand: &[Card; HAND_SIZE]) -> [Card; HAND_SIZE] {
        let mut out = [0; HAND_SIZE];
        let mut n = 0;
        // Each row's positions low to high, one set bit at a time.
        for mut mask in self.masks() {
            while mask != 0 {
                out[n % HAND_SIZE] = hand[mask.trailing_zeros() as usize % HAND_SIZE];
                n += 1;
                mask &= mask - 1;
            }
        }
        out
    }
}
