//! [`HandSubsets`]: the values of every 5- and 3-card subset of one hand,
//! their constructors, the walk over all 72,072 settings and the greedy
//! setting.

use super::kernels::five_values::{five_values_avx2, five_values_scalar, three_values};
use super::tables::{
    SettingIdx, FIVE_PAD, FIVE_SUBSETS, HAND_SIZE, SPLITS_PER_BACK, TABLES, THREE_PAD,
    THREE_SUBSETS,
};
use crate::cards::{check_hand, Card};
use crate::error::{Error, Result};
use crate::eval::{evaluator, Evaluator, Wheel};

/// The values of every 5- and 3-card subset of one 13-card hand.
#[derive(Clone)]
pub struct HandSubsets {
    pub(super) hand: [Card; HAND_SIZE],
    pub(super) five: [u32; FIVE_PAD],
    pub(super) three: [u32; THREE_PAD],
}

impl HandSubsets {
    /// Evaluates all subsets of `hand`. The codes must be distinct and below 52
    /// (use [`HandSubsets::from_codes`] for unchecked input); otherwise values
    /// are unspecified but nothing panics.
    ///
    /// ```
    /// # use chinese_poker_core::search::HandSubsets;
    /// # use chinese_poker_core::eval::Wheel;
    /// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8); // 2c..Ac
    /// let subsets = HandSubsets::new(&hand, Wheel::Lowest);
    /// let mut n = 0;
    /// subsets.for_each_setting(|_, _, _, _| n += 1);
    /// assert_eq!(n, 72_072);
    /// ```
    #[inline]
    pub fn new(hand: &[Card; HAND_SIZE], wheel: Wheel) -> HandSubsets {
        Self::with_evaluator(hand, evaluator(wheel))
    }

    /// Checks 13 codes (in range, distinct) and evaluates their subsets.
    ///
    /// ```
    /// # use chinese_poker_core::search::HandSubsets;
    /// # use chinese_poker_core::eval::Wheel;
    /// assert!(HandSubsets::from_codes(&[0, 1, 2], Wheel::Lowest).is_err());
    /// ```
    pub fn from_codes(codes: &[i64], wheel: Wheel) -> Result<HandSubsets> {
        Ok(Self::new(&hand13(codes)?, wheel))
    }

    /// Like [`HandSubsets::new`] with explicit tables. With AVX2 the
    /// five-card subsets go through the evaluator's eight-at-a-time kernel
    /// (`search/avx2.rs`), otherwise through the loops of
    /// [`HandSubsets::with_evaluator_scalar`]; the values are the same.
    #[inline]
    pub fn with_evaluator(hand: &[Card; HAND_SIZE], ev: &Evaluator) -> HandSubsets {
        let mut five = [0; FIVE_PAD];
        if !five_values_avx2(hand, ev, &mut five) {
            five_values_scalar(hand, ev, &mut five);
        }
        HandSubsets {
            hand: *hand,
            five,
            three: three_values(hand, ev),
        }
    }

    /// [`HandSubsets::with_evaluator`] by the AVX2 path, or None where the CPU
    /// has no AVX2 (lets tests and benchmarks run both paths explicitly).
    pub fn with_evaluator_avx2(hand: &[Card; HAND_SIZE], ev: &Evaluator) -> Option<HandSubsets> {
        let mut five = [0; FIVE_PAD];
        five_values_avx2(hand, ev, &mut five).then(|| HandSubsets {
            hand: *hand,
            five,
            three: three_values(hand, ev),
        })
    }

    /// [`HandSubsets::with_evaluator`] by scalar loops alone (the portable
    /// path).
    pub fn with_evaluator_scalar(hand: &[Card; HAND_SIZE], ev: &Evaluator) -> HandSubsets {
        let mut five = [0; FIVE_PAD];
        five_values_scalar(hand, ev, &mut five);
        HandSubsets {
            hand: *hand,
            five,
            three: three_values(hand, ev),
        }
    }

    /// The hand these subsets belong to.
    pub fn hand(&self) -> &[Card; HAND_SIZE] {
        &self.hand
    }

    /// Value of 5-subset `index` (0..1287, see [`SettingIdx`]).
    pub fn value5(&self, index: u16) -> u32 {
        self.five[index as usize % FIVE_SUBSETS]
    }

    /// Value of 3-subset `index` (0..286).
    pub fn value3(&self, index: u16) -> u32 {
        self.three[index as usize % THREE_SUBSETS]
    }

    /// The values `[front, middle, back]` of a setting.
    pub fn values(&self, s: SettingIdx) -> [u32; 3] {
        [
            self.value3(s.front),
            self.value5(s.middle),
            self.value5(s.back),
        ]
    }

    /// Calls `f(setting, front, middle, back)` (the last three are values) for
    /// all 72,072 settings: backs in subset order, then their 56 splits.
    /// Only look-ups and no allocation per setting.
    ///
    /// ```
    /// # use chinese_poker_core::search::HandSubsets;
    /// # use chinese_poker_core::eval::Wheel;
    /// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8 + 1);
    /// let mut legal = 0;
    /// HandSubsets::new(&hand, Wheel::Lowest)
    ///     .for_each_setting(|_, f, m, b| legal += usize::from(f <= m && m <= b));
    /// assert!(legal > 0);
    /// ```
    #[inline]
    pub fn for_each_setting(&self, mut f: impl FnMut(SettingIdx, u32, u32, u32)) {
        let t = &*TABLES;
        for (b, group) in t.splits.chunks_exact(SPLITS_PER_BACK).enumerate() {
            let vb = self.five[b & (FIVE_PAD - 1)];
            for &[m, fr] in group {
                let vm = self.five[m as usize & (FIVE_PAD - 1)];
                let vf = self.three[fr as usize & (THREE_PAD - 1)];
                let s = SettingIdx {
                    front: fr,
                    middle: m,
                    back: b as u16,
                };
                f(s, vf, vm, vb);
            }
        }
    }

    /// Greedy setting (RULES §3.4): the best 5 of 13 in the back, the best 5 of
    /// the other 8 in the middle, the rest in front. Ties go to the lowest
    /// subset index, so the result is deterministic. Never a foul under
    /// [`VALUE_ORDER`](super::VALUE_ORDER).
    pub fn greedy(&self) -> SettingIdx {
        let t = &*TABLES;
        let mut back = 0;
        for b in 1..FIVE_SUBSETS {
            if self.five[b] > self.five[back] {
                back = b;
            }
        }
        let group = &t.splits[back * SPLITS_PER_BACK..(back + 1) * SPLITS_PER_BACK];
        let mut best = group[0];
        for &split in &group[1..] {
            if self.value5(split[0]) > self.value5(best[0]) {
                best = split;
            }
        }
        SettingIdx {
            front: best[1],
            middle: best[0],
            back: back as u16,
        }
    }
}

/// Checks 13 card codes (in range, distinct) and returns them as a hand.
///
/// ```
/// # use chinese_poker_core::search::hand13;
/// assert!(hand13(&(0..13).collect::<Vec<i64>>()).is_ok());
/// assert!(hand13(&[0; 13]).is_err());
/// ```
pub fn hand13(codes: &[i64]) -> Result<[Card; HAND_SIZE]> {
    let cards = check_hand(codes, &[HAND_SIZE])?;
    cards
        .try_into()
        .map_err(|_| Error::Internal("check_hand accepted a hand of the wrong size".into()))
}
