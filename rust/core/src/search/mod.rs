//! Exhaustive arrangement search over the C(13,3)·C(10,5) = 72,072 ways to set
//! a 13-card hand as front 3, middle 5, back 5 (RULES §3.4).
//!
//! Everything works on *positions* 0..13 of the hand, so a row is a 13-bit
//! mask. [`HandSubsets`] evaluates every 5- and 3-card subset once (1,287 +
//! 286 evaluations); after that a setting costs two table look-ups, because a
//! static table lists, for every back, its 56 (middle, front) splits as subset
//! indices.
//!
//! Row legality is not decided here: the rules engine owns it and passes it
//! in as a [`Legality`] (any `Fn(front, middle, back) -> bool` is one), so
//! the game logic lives once. A legality that promises `front <= middle <=
//! back` by value ([`ValueOrder`]) lets [`HandSubsets::pareto`] prune whole
//! backs instead of visiting all 72,072 settings.

use crate::cards::{check_hand, rank, suit, Card};
use crate::error::{Error, Result};
use crate::eval::{category_of, evaluator, Category, Evaluator, Wheel, CARD_KEY};
use std::sync::LazyLock;

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2;

/// Cards in a hand.
pub const HAND_SIZE: usize = 13;
/// Number of 5-card subsets of 13 positions, C(13,5).
pub const FIVE_SUBSETS: usize = 1287;
/// Number of 3-card subsets of 13 positions, C(13,3).
pub const THREE_SUBSETS: usize = 286;
/// (middle, front) splits of the 8 cards left beside a back, C(8,5).
pub const SPLITS_PER_BACK: usize = 56;
/// Unordered 5|5 halvings of the 10 cards left beside a front, C(10,5)/2.
const HALVES: usize = 126;
/// Number of (front, middle, back) settings of a 13-card hand.
pub const SETTINGS: usize = FIVE_SUBSETS * SPLITS_PER_BACK;

const ALL_POSITIONS: u16 = (1 << HAND_SIZE) - 1;
// Value arrays are padded to a power of two so `idx & MASK` proves the index
// in bounds and the hot loops carry no bounds checks.
const FIVE_PAD: usize = 2048;
const THREE_PAD: usize = 512;

/// Hand-independent index tables, built once.
struct Tables {
    /// Position mask of each 5-subset, in increasing mask order.
    mask5: Vec<u16>,
    /// Position mask of each 3-subset, in increasing mask order.
    mask3: Vec<u16>,
    /// For back `b`, entries `56*b .. 56*b + 56` are `[middle index, front index]`
    /// of every split of the other 8 positions (fronts in increasing mask order).
    splits: Vec<[u16; 2]>,
    /// For front `f`, entries `126*f .. 126*f + 126` are the 5-subset indices
    /// `[X, Y]` of every way to halve the other 10 positions (X holds the
    /// lowest of them, so each unordered pair appears once).
    halves: Vec<[u16; 2]>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
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

/// One setting as subset indices (see [`HandSubsets`]): cheap to copy and to
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

/// Decides whether a (front, middle, back) triple of hand values is a legal
/// setting. Any `Fn(u32, u32, u32) -> bool` is one.
pub trait Legality {
    /// True when the rows with these values are not a foul.
    fn is_legal(&self, front: u32, middle: u32, back: u32) -> bool;

    /// True when every legal setting has `front <= middle <= back` by value.
    /// It lets the Pareto search skip whole backs; a wrong `true` loses
    /// settings, so only [`ValueOrder`] claims it.
    fn implies_value_order(&self) -> bool {
        false
    }
}

impl<F: Fn(u32, u32, u32) -> bool> Legality for F {
    #[inline(always)]
    fn is_legal(&self, front: u32, middle: u32, back: u32) -> bool {
        self(front, middle, back)
    }
}

/// Legal when `front <= middle <= back` by value *and* the wrapped predicate
/// agrees. Every row-order rule of RULES §3.1 except the `same_category_ok`
/// house rule has this form, and the promise lets the search prune.
///
/// ```
/// # use chinese_poker_core::search::{Legality, ValueOrder};
/// let strict = ValueOrder(|f: u32, m: u32, b: u32| f < m && m < b);
/// assert!(strict.implies_value_order());
/// assert!(!strict.is_legal(5, 5, 9));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ValueOrder<F>(pub F);

impl<F: Fn(u32, u32, u32) -> bool> Legality for ValueOrder<F> {
    #[inline(always)]
    fn is_legal(&self, front: u32, middle: u32, back: u32) -> bool {
        front <= middle && middle <= back && (self.0)(front, middle, back)
    }

    fn implies_value_order(&self) -> bool {
        true
    }
}

fn no_extra_condition(_: u32, _: u32, _: u32) -> bool {
    true
}

/// The default legality: `front <= middle <= back` by value, i.e. RULES
/// R-FOUL-1 `non_strict` with `cross_size_prefix = equal`.
pub const VALUE_ORDER: ValueOrder<fn(u32, u32, u32) -> bool> = ValueOrder(no_extra_condition);

/// The values of every 5- and 3-card subset of one 13-card hand.
#[derive(Clone)]
pub struct HandSubsets {
    hand: [Card; HAND_SIZE],
    five: [u32; FIVE_PAD],
    three: [u32; THREE_PAD],
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
    /// [`VALUE_ORDER`].
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

    /// The Pareto frontier of the legal settings: every legal setting whose
    /// `[front, middle, back]` values no other legal setting weakly beats in
    /// all three rows (≥ everywhere, > somewhere). One setting per distinct
    /// triple (the first met in back-value order, then subset order), sorted by
    /// back, middle, front value, all descending.
    ///
    /// Backs are visited strongest first while a staircase holds the best
    /// (middle, front) pairs seen so far; a setting is kept when no earlier
    /// one is at least as good in middle and front. With a legality that
    /// implies value order, fronts are also retired strongest first: a front
    /// whose best ordered middle (the best min of the two halves of the other
    /// 10 cards, capped at the current back) the staircase already beats can
    /// never add a setting again. The sweep stops once every front is
    /// retired. Fronts are examined lazily, strongest first, when a
    /// [`SweepControl`] asks for finer [`Corners`] (a few before the first
    /// back and per back visited, so that work stays in step with scanning).
    /// Splits whose front is retired, or whose middle the staircase
    /// beats at that front, are filtered in the same pass, and a back whose
    /// best remaining corner is covered is skipped after that one pass over
    /// its 56 splits. Any other legality visits all 72,072 settings (several
    /// times slower).
    ///
    /// ```
    /// # use chinese_poker_core::search::{HandSubsets, VALUE_ORDER};
    /// # use chinese_poker_core::eval::Wheel;
    /// let hand: [u8; 13] = std::array::from_fn(|i| (4 * i as u8 + i as u8 % 4) % 52);
    /// let front = HandSubsets::new(&hand, Wheel::Lowest).pareto(&VALUE_ORDER);
    /// assert!(front.iter().all(|(_, [f, m, b])| f <= m && m <= b));
    /// ```
    pub fn pareto<L: Legality + ?Sized>(&self, legal: &L) -> Vec<(SettingIdx, [u32; 3])> {
        self.pareto_until(legal, |_, _, _| false)
    }

    /// [`HandSubsets::pareto`] with a way to end the sweep early. With a
    /// legality that implies value order, before the first back of each new
    /// (strictly lower) back value `vb` the sweep calls `stop(vb, front_cap,
    /// fresh)`: `fresh` lists the frontier settings found since the previous
    /// call (final: only settings of the same back value can beat a found
    /// one, and all later backs are weaker), and every frontier setting still
    /// to come has back `<= vb`, middle `<= vb` and front `<= front_cap`.
    /// When `stop` returns true the sweep ends and the result is the part of
    /// the frontier with back above `vb` (same settings, same order as in the
    /// full frontier). Any other legality never calls `stop`.
    ///
    /// ```
    /// # use chinese_poker_core::search::{HandSubsets, VALUE_ORDER};
    /// # use chinese_poker_core::eval::Wheel;
    /// let hand: [u8; 13] = std::array::from_fn(|i| (4 * i as u8 + i as u8 % 4) % 52);
    /// let h = HandSubsets::new(&hand, Wheel::Lowest);
    /// let all = h.pareto(&VALUE_ORDER);
    /// let mut seen = Vec::new();
    /// let part = h.pareto_until(&VALUE_ORDER, |_, _, fresh| {
    ///     seen.extend_from_slice(fresh);
    ///     !seen.is_empty()
    /// });
    /// assert!(!part.is_empty() && all.starts_with(&part));
    /// ```
    pub fn pareto_until<L, S>(&self, legal: &L, stop: S) -> Vec<(SettingIdx, [u32; 3])>
    where
        L: Legality + ?Sized,
        S: FnMut(u32, u32, &[(SettingIdx, [u32; 3])]) -> bool,
    {
        /// The plain stop rule as a [`SweepControl`].
        struct Until<S>(S);
        impl<S: FnMut(u32, u32, &[(SettingIdx, [u32; 3])]) -> bool> SweepControl for Until<S> {
            fn stop(
                &mut self,
                vb: u32,
                corners: &Corners,
                fresh: &[(SettingIdx, [u32; 3])],
            ) -> Verdict {
                if (self.0)(vb, corners.front_cap(), fresh) {
                    Verdict::Stop
                } else {
                    Verdict::Continue
                }
            }
        }
        self.sweep(legal, &mut Until(stop))
    }

    /// The sweep of [`HandSubsets::pareto`] under a [`SweepControl`]: its
    /// `stop` may end the sweep early as in [`HandSubsets::pareto_until`], and its
    /// `skip_back` may drop one back's settings. After a dropped back the
    /// result is the frontier only above the dropped settings: a setting that
    /// one of them beats may be reported. Callers that only want the best
    /// settings under an objective that cannot rise as a row weakens drop a
    /// back whose corner cannot compete, and lose nothing they want.
    ///
    /// ```
    /// # use chinese_poker_core::search::{
    /// #     Corners, HandSubsets, SettingIdx, SweepControl, Verdict, VALUE_ORDER,
    /// # };
    /// # use chinese_poker_core::eval::Wheel;
    /// struct Count(usize);
    /// impl SweepControl for Count {
    ///     fn stop(&mut self, _: u32, _: &Corners, _: &[(SettingIdx, [u32; 3])]) -> Verdict {
    ///         Verdict::Continue
    ///     }
    ///     fn skip_back(&mut self, _: u32, _: u32, _: u32) -> bool {
    ///         self.0 += 1;
    ///         self.0 > 1 // keep only the first back that has candidates
    ///     }
    /// }
    /// let hand: [u8; 13] = std::array::from_fn(|i| (4 * i as u8 + i as u8 % 4) % 52);
    /// let h = HandSubsets::new(&hand, Wheel::Lowest);
    /// let part = h.sweep(&VALUE_ORDER, &mut Count(0));
    /// let back = part[0].1[2];
    /// assert!(part.iter().all(|(_, v)| v[2] == back));
    /// ```
    pub fn sweep<L, C>(&self, legal: &L, ctl: &mut C) -> Vec<(SettingIdx, [u32; 3])>
    where
        L: Legality + ?Sized,
        C: SweepControl + ?Sized,
    {
        let mut out = self.sweep_unordered(legal, ctl);
        out.sort_unstable_by(|x, y| {
            let key = |v: &[u32; 3]| (v[2], v[1], v[0]);
            key(&y.1).cmp(&key(&x.1))
        });
        out
    }

    /// [`HandSubsets::sweep`] without the final sort (for callers that rank
    /// the settings their own way).
    pub(crate) fn sweep_unordered<L, C>(
        &self,
        legal: &L,
        ctl: &mut C,
    ) -> Vec<(SettingIdx, [u32; 3])>
    where
        L: Legality + ?Sized,
        C: SweepControl + ?Sized,
    {
        let mut out = Vec::new();
        self.sweep_into(legal, ctl, &mut out);
        out
    }

    /// [`HandSubsets::sweep_unordered`] into `out` (emptied first), so that
    /// a caller solving hand after hand reuses one list.
    pub(crate) fn sweep_into<L, C>(
        &self,
        legal: &L,
        ctl: &mut C,
        out: &mut Vec<(SettingIdx, [u32; 3])>,
    ) where
        L: Legality + ?Sized,
        C: SweepControl + ?Sized,
    {
        let t = &*TABLES;
        let mut backs = Buckets::<FIVE_PAD>::new(&self.five[..FIVE_SUBSETS], FIVE_FIRST);
        // The growable lists come from this thread's last sweep, emptied.
        let mut scratch = SweepScratch::take();
        let SweepScratch {
            ref mut stair,
            ref mut found,
            ref mut fresh,
            ref mut corners,
            ref mut open,
        } = scratch;
        if legal.implies_value_order() {
            let mut fronts = FrontCursor::new(self, std::mem::take(open));
            // Fronts the sweep may still examine for the stop rule: a few to
            // start with and a few per back visited, so that work stays in
            // step with scanning.
            let mut budget: u32 = FRONT_BUDGET_START;
            let (mut mid_star, mut star_back) = self.best_ordered_middle(&mut backs, u32::MAX);
            // A legal setting for the control's floor: the strongest front
            // that has an ordered setting, the best middle it allows and the
            // best back beside that middle. (Fronts are examined strongest
            // first, as the stop rule would examine them; before the first
            // back the middle cap is `mid_star`.)
            for _ in 0..SEED_FRONTS {
                let Some((f, vf, bm)) = fronts.examine(self, stair, mid_star) else {
                    break;
                };
                budget = budget.saturating_sub(1);
                if bm >= vf {
                    let bb = self.best_back(f, bm);
                    if legal.is_legal(vf, bm, bb) {
                        ctl.known([vf, bm, bb]);
                    }
                    break;
                }
            }
            // The splits of a back that pass the cheap filters.
            let mut scan = Scan::EMPTY;
            // For `stop`: the last back value announced, the settings reported.
            let (mut last_vb, mut reported) = (u32::MAX, 0);
            let (mut bucket, mut pos) = (BUCKETS, 0);
            'sweep: loop {
                // The next back, strongest first.
                let b = loop {
                    if bucket == 0 {
                        break 'sweep;
                    }
                    if let Some(b) = backs.get(bucket - 1, pos, &self.five[..FIVE_SUBSETS]) {
                        pos += 1;
                        break b as usize % FIVE_SUBSETS;
                    }
                    // On to the next bucket that holds a back.
                    bucket = backs.next_below(bucket - 1).map_or(0, |b| b + 1);
                    pos = 0;
                };
                let vb = self.five[b];
                if vb < star_back {
                    // The backs that gave `mid_star` are behind: bound the
                    // middles of the backs to come (never above the old bound).
                    let (bound, back) = self.best_ordered_middle(&mut backs, vb);
                    (mid_star, star_back) = (mid_star.min(bound), back);
                }
                // Later backs are weaker, so their middles are <= vb; no
                // middle of an ordered setting to come beats `mid_star`. A front
                // that cannot beat the staircase even with the best middle it
                // allows is done for good; once no front is left, nothing new
                // can come.
                let mid_cap = vb.min(mid_star);
                let above = stair.best_front(mid_cap);
                budget += FRONT_BUDGET_PER_BACK;
                fronts.prune(stair, mid_cap);
                // Keep the strongest front still to come examined (within the
                // budget): the front cap and the end of the sweep follow it.
                while fronts.open.is_empty()
                    && budget > 0
                    && fronts.rest(self, above).is_some()
                    && fronts.examine(self, stair, mid_cap).is_some()
                {
                    budget -= 1;
                }
                let rest = fronts.rest(self, above);
                let front_cap = match (fronts.open.first(), rest) {
                    (Some(&(vf, _)), Some(r)) => vf.max(r),
                    (Some(&(vf, _)), None) => vf,
                    (None, Some(r)) => r,
                    (None, None) => break 'sweep,
                };
                let front_cap = front_cap.min(mid_cap);
                if vb < last_vb {
                    fresh.clear();
                    fresh.extend(found[reported..].iter().filter(|x| x.alive).map(|x| x.item));
                    reported = found.len();
                    last_vb = vb;
                    loop {
                        corners.clear();
                        corners.extend(fronts.open.iter().map(|&(vf, bm)| [vf, bm.min(mid_cap)]));
                        let rest = fronts.rest(self, above).map(|r| [r.min(mid_cap), mid_cap]);
                        let caps = Corners {
                            examined: corners,
                            rest,
                        };
                        match ctl.stop(vb, &caps, fresh) {
                            Verdict::Stop => break 'sweep,
                            Verdict::Continue => break,
                            Verdict::Refine => {
                                if budget == 0 || fronts.examine(self, stair, mid_cap).is_none() {
                                    break;
                                }
                                budget -= 1;
                                fresh.clear();
                            }
                        }
                    }
                }
                // best_front(vm) >= above for every vm <= mid_cap, so a front
                // below `above` is already beaten; every front is <= the
                // cap, so a middle not above `mid_floor` is beaten too.
                let mid_floor = stair.best_middle(front_cap);
                // The back's splits, and those that pass the cheap filters.
                let splits = &t.splits[b * SPLITS_PER_BACK..(b + 1) * SPLITS_PER_BACK];
                let bounds = ScanBounds {
                    back: vb,
                    above,
                    front_cap,
                    mid_floor,
                };
                self.scan(b, bounds, &mut scan);
                // The back's best conceivable (middle, front) corner.
                let [top_m, top_f] = scan.top;
                if scan.n == 0 || stair.best_front(top_m) > top_f || ctl.skip_back(vb, top_m, top_f)
                {
                    continue;
                }
                // The legal candidates the staircase does not beat (about
                // two in five: sorting only those is the cheaper order),
                // then Pareto among them: sorted by middle then front, both
                // descending (then split order, so that of equal pairs the
                // first is kept), a candidate is beaten by an earlier one
                // exactly when some earlier front is at least as strong. (A
                // candidate beaten by one the staircase beats is beaten by
                // the staircase too, so filtering first loses nothing.)
                let mut keys = [0u64; 64];
                let mut k = 0;
                for (vm, vf, i) in scan.passing() {
                    // Legality first: a beaten candidate may be the legal one.
                    // Branch-free: the staircase's verdict is unpredictable.
                    let keep = legal.is_legal(vf, vm, vb) & (stair.best_front(vm) <= vf);
                    keys[k & 63] =
                        u64::from(!vm) << 32 | u64::from(!vf & VALUE_MASK) << 6 | u64::from(i);
                    k += usize::from(keep);
                }
                let keys = &mut keys[..k.min(64)];
                keys.sort_unstable();
                let first_new = found.len();
                let mut best_front = None;
                for &key in keys.iter() {
                    let (vm, vf) = (!(key >> 32) as u32, !(key >> 6) as u32 & VALUE_MASK);
                    if best_front.is_some_and(|f| f >= vf) {
                        continue;
                    }
                    best_front = Some(vf);
                    let [m, fr] = splits.get((key & 63) as usize).copied().unwrap_or_default();
                    found.push(Found::new(fr, m, b, [vf, vm, vb]));
                }
                // Merged after the scan so the queries above only see
                // stronger backs (and equal backs met earlier). One pass
                // over the staircase instead of an insertion per setting
                // (three vector insertions each): 4 % faster solves by
                // in-process A/B.
                stair.merge(first_new, found);
            }
            *open = fronts.open;
        } else {
            for bucket in (0..BUCKETS).rev() {
                for &b in backs.sorted(bucket, &self.five[..FIVE_SUBSETS]) {
                    let b = b as usize % FIVE_SUBSETS;
                    let vb = self.five[b];
                    for &[m, fr] in &t.splits[b * SPLITS_PER_BACK..(b + 1) * SPLITS_PER_BACK] {
                        let vm = self.five[m as usize & (FIVE_PAD - 1)];
                        let vf = self.three[fr as usize & (THREE_PAD - 1)];
                        if stair.best_front(vm) > vf || !legal.is_legal(vf, vm, vb) {
                            continue;
                        }
                        found.push(Found::new(fr, m, b, [vf, vm, vb]));
                        stair.insert(vm, vf, found.len() - 1, found);
                    }
                }
            }
        }
        out.clear();
        out.extend(found.iter().filter(|x| x.alive).map(|x| x.item));
        scratch.give_back();
    }

    /// Scans back `b`'s 56 splits against `bounds` into `out` (see
    /// [`Scan`]).
    #[inline(always)]
    fn scan(&self, b: usize, bounds: ScanBounds, out: &mut Scan) {
        if !self.scan_avx2(b, bounds, out) {
            self.scan_scalar(b, bounds, out);
        }
    }

    /// [`HandSubsets::scan`] with AVX2; false without it.
    #[inline(always)]
    fn scan_avx2(&self, b: usize, bounds: ScanBounds, out: &mut Scan) -> bool {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        {
            let Some(splits) = TABLES
                .splits
                .get(b * SPLITS_PER_BACK..(b + 1) * SPLITS_PER_BACK)
                .and_then(|s| s.try_into().ok())
            else {
                return false;
            };
            avx2::scan_splits(&self.five, &self.three, splits, bounds, out)
        }
        #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
        {
            let _ = (b, bounds, out);
            false
        }
    }

    /// [`HandSubsets::scan`] by a scalar loop. Branch-free: the filter's
    /// outcome is unpredictable, so every split is written and only passing
    /// ones advance the count.
    #[inline(always)]
    fn scan_scalar(&self, b: usize, bounds: ScanBounds, out: &mut Scan) {
        let splits = &TABLES.splits[b * SPLITS_PER_BACK..(b + 1) * SPLITS_PER_BACK];
        let (mut n, mut top_m, mut top_f) = (0, 0, 0);
        for (i, &[m, f]) in splits.iter().enumerate() {
            let vm = self.five[m as usize & (FIVE_PAD - 1)];
            let vf = self.three[f as usize & (THREE_PAD - 1)];
            let pass = (vm <= bounds.back)
                & (vf <= vm)
                & (vf >= bounds.above)
                & (vf <= bounds.front_cap)
                & (vm > bounds.mid_floor);
            out.cand[n & 63] = i as u8;
            out.values[i & 63] = [vm, vf];
            n += usize::from(pass);
            top_m = top_m.max(vm * u32::from(pass));
            top_f = top_f.max(vf * u32::from(pass));
        }
        (out.n, out.top) = (n, [top_m, top_f]);
    }

    /// An upper bound on the middle of every ordered setting (`middle <=
    /// back`), from the subsets bucket by bucket, strongest bucket first
    /// (buckets as in [`Buckets`]: the category and first rank nibble), in
    /// no order within a bucket: the strongest subset of the first bucket
    /// that has one disjoint from a subset of that bucket or a stronger
    /// one. (A subset of an ordered setting's middle has the back as such
    /// a partner, so the bound holds. Within a bucket the partner may be a
    /// little weaker than the subset, which loosens the bound by less than
    /// a bucket's span; ordering the bucket to avoid that cost more than
    /// it saved: solves were 3-5 % faster at the median, 1-2 % on average.)
    /// Once more than [`MIDDLE_SCANS`] subsets are met, the strongest of the
    /// last bucket is the bound (every stronger bucket failed).
    ///
    /// Only backs of value at most `cap` count (subsets above it are passed
    /// over), and the answer comes with the value of the partner found:
    /// `(middle bound, back)`. Once every back to come is weaker than that
    /// back the bound may fall, and the sweep asks again. When the scans run
    /// out the back is the bound itself.
    fn best_ordered_middle(&self, order: &mut Buckets<FIVE_PAD>, cap: u32) -> (u32, u32) {
        let t = &*TABLES;
        let (mut masks, mut values) = ([0u16; MIDDLE_SCANS], [0u32; MIDDLE_SCANS]);
        let mut scans = 0;
        // The positions every subset met so far holds.
        let mut core = ALL_POSITIONS;
        let mut next = Some(bucket_of(cap.min(VALUE_MASK)));
        while let Some(bucket) = next {
            next = order.next_below(bucket);
            let members = order.members(bucket, &self.five[..FIVE_SUBSETS]);
            if members.is_empty() {
                continue;
            }
            // This bucket's subsets up to the cap join those met; `top` is
            // the strongest.
            let first = scans;
            let mut top = 0;
            for &x in members {
                let x = x as usize % FIVE_SUBSETS;
                let vx = self.five[x];
                if vx > cap {
                    continue;
                }
                top = top.max(vx);
                if scans < MIDDLE_SCANS {
                    if let (Some(m), Some(v), Some(&mx)) =
                        (masks.get_mut(scans), values.get_mut(scans), t.mask5.get(x))
                    {
                        (*m, *v) = (mx, vx);
                        core &= mx;
                    }
                }
                scans += 1;
            }
            if scans > MIDDLE_SCANS {
                return (top, top);
            }
            if core != 0 {
                // Every subset met holds the cards of `core` (a pair of
                // aces, say, as the whole bucket of pairs of aces does): no
                // two are disjoint.
                continue;
            }
            // The strongest of them with a partner among all those met
            // (never itself: a mask meets itself), and that partner.
            let mut best: Option<(u32, u32)> = None;
            for k in first..scans {
                let (mx, vx) = (masks[k % MIDDLE_SCANS], values[k % MIDDLE_SCANS]);
                if best.is_some_and(|b| b.0 >= vx) {
                    continue;
                }
                if let Some(j) = last_disjoint(&masks, scans, mx) {
                    best = Some((vx, values[j % MIDDLE_SCANS]));
                }
            }
            if let Some(b) = best {
                return b;
            }
        }
        (0, 0)
    }

    /// True when front `f` (value `vf`) provably has no ordered setting. It
    /// must hold a pair or trips of some rank `r`, and the other ten cards no
    /// five of a suit and no five ranks in a row. Then a middle or back at
    /// least as strong as the front needs, from ranks of its own, a pair of
    /// rank `r` or above, or two pairs, or trips: two "units" where a pair
    /// below `r` is one. Ten cards that cannot give both rows two units
    /// (counting each rank at its best: a pair 1 or 2, trips 2, four of a
    /// kind split into two pairs 2 or 4) leave one row below the front.
    /// A few dozen operations (from the hand's [`Shape`]) instead of 126
    /// halvings: straight-line code for the pair's rank and the odd card's,
    /// the units first and the suits only when the hand has five of one
    /// (1.5-2 % faster solves than a loop over the front's ranks).
    fn front_is_dead(&self, shape: &Shape, f: usize, vf: u32) -> bool {
        if category_of(vf) < Category::Pair as u8 {
            return false;
        }
        let Some(&front) = TABLES.mask3.get(f) else {
            return false;
        };
        let mut m = front;
        let cards: [Card; 3] = std::array::from_fn(|_| {
            let p = m.trailing_zeros() as usize % HAND_SIZE;
            m &= m.wrapping_sub(1);
            self.hand[p]
        });
        let [a, b, c] = cards.map(|x| rank(x) as usize % 13);
        // The pair's rank and the odd card's (the pair's again for trips).
        let (pair, odd) = if a == b {
            (a, c)
        } else if a == c {
            (a, b)
        } else {
            (b, a)
        };
        // The ten other cards' units and ranks: only the front's ranks
        // change (`shape.units[pair]` holds each rank's term, so taking one
        // off cannot underflow).
        let units_of =
            |n: u8, high: bool| u32::from(UNITS[usize::from(n.min(4))][usize::from(high)]);
        let (np, no) = (shape.ranks[pair], shape.ranks[odd]);
        let mut present = shape.present;
        let units = if odd == pair {
            if np <= 3 {
                present &= !(1 << pair);
            }
            shape.units[pair] - units_of(np, true) + units_of(np.saturating_sub(3), true)
        } else {
            if np <= 2 {
                present &= !(1 << pair);
            }
            if no <= 1 {
                present &= !(1 << odd);
            }
            let high = odd >= pair;
            shape.units[pair] - units_of(np, true) + units_of(np.saturating_sub(2), true)
                - units_of(no, high)
                + units_of(no.saturating_sub(1), high)
        };
        if units >= 4 {
            return false;
        }
        // Ranks as bits 1..=13 (deuce to ace), the ace also as bit 0.
        let bits = present << 1 | present >> 12;
        if bits & bits >> 1 & bits >> 2 & bits >> 3 & bits >> 4 != 0 {
            return false;
        }
        if shape.suits.iter().all(|&n| n < 5) {
            return true;
        }
        let mut suits = shape.suits;
        for x in cards {
            suits[suit(x) as usize % 4] = suits[suit(x) as usize % 4].saturating_sub(1);
        }
        suits.iter().all(|&n| n < 5)
    }

    /// The strongest middle of an ordered setting (`front <= middle <=
    /// back`) with front `f`, or a value below the front's when there is none:
    /// the best of min(X, Y) over the 126 ways to halve the other 10 cards.
    fn best_middle(&self, f: usize) -> u32 {
        self.best_middle_avx2(f)
            .unwrap_or_else(|| self.best_middle_scalar(f))
    }

    /// [`HandSubsets::best_middle`] with AVX2, or None without it.
    #[inline]
    fn best_middle_avx2(&self, f: usize) -> Option<u32> {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        {
            let halves = TABLES.halves[f * HALVES..(f + 1) * HALVES]
                .try_into()
                .ok()?;
            avx2::best_middle(&self.five, halves)
        }
        #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
        {
            let _ = f;
            None
        }
    }

    /// The strongest back beside middle `middle` among the halvings of
    /// front `f`'s other ten cards (0 if no halving has that middle): with
    /// `middle` the front's [`HandSubsets::best_middle`], the best setting
    /// that maximises the middle behind front `f`. Once a sweep, so a
    /// scalar loop.
    fn best_back(&self, f: usize, middle: u32) -> u32 {
        let t = &*TABLES;
        let mut best = 0;
        for &[x, y] in t.halves.get(f * HALVES..(f + 1) * HALVES).unwrap_or(&[]) {
            let vx = self.five[x as usize & (FIVE_PAD - 1)];
            let vy = self.five[y as usize & (FIVE_PAD - 1)];
            if vx.min(vy) == middle {
                best = best.max(vx.max(vy));
            }
        }
        best
    }

    /// [`HandSubsets::best_middle`] by a scalar loop.
    fn best_middle_scalar(&self, f: usize) -> u32 {
        let t = &*TABLES;
        let mut best = 0;
        for &[x, y] in &t.halves[f * HALVES..(f + 1) * HALVES] {
            let vx = self.five[x as usize & (FIVE_PAD - 1)];
            let vy = self.five[y as usize & (FIVE_PAD - 1)];
            best = best.max(vx.min(vy));
        }
        best
    }
}

/// The values of the five-card subsets of `hand` into `five`, in subset
/// order, by the AVX2 path; false (nothing written) without AVX2.
#[inline(always)]
fn five_values_avx2(hand: &[Card; HAND_SIZE], ev: &Evaluator, five: &mut [u32; FIVE_PAD]) -> bool {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        avx2::five_values(hand, ev, &mut five[..FIVE_SUBSETS]).is_some()
    }
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    {
        let _ = (hand, ev, five);
        false
    }
}

/// The values of the five-card subsets of `hand` into `five` by nested
/// loops over positions: they share partial key sums, so a subset costs one
/// addition and one look-up. The highest position is the outermost loop:
/// that enumerates subsets in increasing mask order (colexicographic), the
/// order of the index tables. Out of line: AVX2 is the usual path.
#[inline(never)]
fn five_values_scalar(hand: &[Card; HAND_SIZE], ev: &Evaluator, five: &mut [u32; FIVE_PAD]) {
    let key: [u32; HAND_SIZE] = std::array::from_fn(|i| CARD_KEY[hand[i] as usize]);
    let mut n = 0;
    for e in 4..HAND_SIZE {
        for d in 3..e {
            let kde = key[e] + key[d];
            for c in 2..d {
                let kcde = kde + key[c];
                for b in 1..c {
                    let kbcde = kcde + key[b];
                    for &ka in &key[..b] {
                        five[n & (FIVE_PAD - 1)] = ev.value_of_key(kbcde + ka);
                        n += 1;
                    }
                }
            }
        }
    }
}

/// The values of the 286 three-card subsets of `hand`, in subset order.
#[inline(always)]
fn three_values(hand: &[Card; HAND_SIZE], ev: &Evaluator) -> [u32; THREE_PAD] {
    let mut three = [0; THREE_PAD];
    let mut n = 0;
    for c in 2..HAND_SIZE {
        for b in 1..c {
            for &a in &hand[..b] {
                three[n & (THREE_PAD - 1)] = ev.value3([a, hand[b], hand[c]]);
                n += 1;
            }
        }
    }
    three
}

/// The index of the last of `masks[..n]` that shares no position with
/// `mask` (for [`HandSubsets::best_ordered_middle`]): with AVX2 sixteen
/// masks at a time, otherwise [`last_disjoint_scalar`].
#[inline(always)]
fn last_disjoint(masks: &[u16; MIDDLE_SCANS], n: usize, mask: u16) -> Option<usize> {
    last_disjoint_avx2(masks, n, mask).unwrap_or_else(|| last_disjoint_scalar(masks, n, mask))
}

/// [`last_disjoint`] with AVX2, or the outer None without it.
#[inline(always)]
fn last_disjoint_avx2(masks: &[u16; MIDDLE_SCANS], n: usize, mask: u16) -> Option<Option<usize>> {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        avx2::last_disjoint(masks, n, mask)
    }
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    {
        let _ = (masks, n, mask);
        None
    }
}

/// [`last_disjoint`] by a scalar loop.
#[inline(always)]
fn last_disjoint_scalar(masks: &[u16; MIDDLE_SCANS], n: usize, mask: u16) -> Option<usize> {
    masks[..n.min(MIDDLE_SCANS)]
        .iter()
        .rposition(|&m| m & mask == 0)
}

/// The bounds of a split scan ([`HandSubsets::scan`]): a split `[m, f]`
/// passes when `five[m] <= back`, `three[f] <= five[m]`, `above <= three[f]
/// <= front_cap` and `five[m] > mid_floor`.
#[derive(Clone, Copy, Debug)]
struct ScanBounds {
    back: u32,
    above: u32,
    front_cap: u32,
    mid_floor: u32,
}

/// What a scan of a back's splits gives: the passing splits' positions and
/// the values of every split (so that the passing ones are read back
/// without a second look-up through the split table).
struct Scan {
    /// `cand[..n]`: the positions (0..56) of the splits that pass, in order.
    cand: [u8; 64],
    n: usize,
    /// Per position, the split's (middle, front) values.
    values: [[u32; 2]; 64],
    /// The strongest middle and the strongest front among the passing
    /// splits (0 when none passes).
    top: [u32; 2],
}

impl Scan {
    const EMPTY: Scan = Scan {
        cand: [0; 64],
        n: 0,
        values: [[0; 2]; 64],
        top: [0; 2],
    };

    /// The passing splits as (middle, front, position).
    fn passing(&self) -> impl Iterator<Item = (u32, u32, u8)> + '_ {
        self.cand[..self.n.min(64)].iter().map(|&i| {
            let [vm, vf] = self.values[i as usize & 63];
            (vm, vf, i)
        })
    }
}

/// Units of a rank towards a row at least as strong as a pair front (see
/// [`HandSubsets::front_is_dead`]), by the rank's count (0 to 4) and whether
/// it is at least the front's rank.
const UNITS: [[u8; 2]; 5] = [[0, 0], [0, 0], [1, 2], [2, 2], [2, 4]];

/// Rank and suit counts of a whole hand, for [`HandSubsets::front_is_dead`].
struct Shape {
    ranks: [u8; 13],
    suits: [u8; 4],
    /// Ranks held, as bits.
    present: u16,
    /// `units[r]`: the hand's units against a front of rank `r`.
    units: [u32; 13],
}

impl Shape {
    fn new(hand: &[Card; HAND_SIZE]) -> Shape {
        let (mut ranks, mut suits, mut present) = ([0u8; 13], [0u8; 4], 0u16);
        for &c in hand {
            let r = rank(c) as usize % 13;
            ranks[r] += 1;
            suits[suit(c) as usize % 4] += 1;
            present |= 1 << r;
        }
        // units[p] = sum over ranks r of UNITS[count][r >= p]: every rank
        // counts high against a front of the lowest rank, and each step up
        // turns the rank below it low.
        let of = |r: usize, high: usize| u32::from(UNITS[usize::from(ranks[r].min(4))][high]);
        let mut units = [0u32; 13];
        units[0] = (0..13).map(|r| of(r, 1)).sum();
        for p in 1..13 {
            units[p] = units[p - 1] - of(p - 1, 1) + of(p - 1, 0);
        }
        Shape {
            ranks,
            suits,
            present,
            units,
        }
    }
}

/// Fronts strongest first, with the best middle each allows, for the stop
/// rule of the ordered sweep (see [`HandSubsets::sweep`]).
struct FrontCursor {
    order: Buckets<THREE_PAD>,
    bucket: usize,
    pos: usize,
    /// The front at the current position passed [`HandSubsets::front_is_dead`].
    live: bool,
    shape: Shape,
    /// Examined fronts not yet beaten, strongest first, as (value, best
    /// ordered middle); the best middles rise along the list, because a
    /// front weaker than an earlier one in both is capped by it while it is
    /// open and beaten when it is.
    open: Vec<(u32, u32)>,
    /// The best middle of every front examined so far that has one.
    best_seen: u32,
    /// What [`FrontCursor::peek`] returns until the cursor moves on.
    peeked: Option<Option<(usize, u32)>>,
}

impl FrontCursor {
    /// A cursor before the strongest front of `h`, keeping its open fronts
    /// in `open` (emptied).
    fn new(h: &HandSubsets, mut open: Vec<(u32, u32)>) -> FrontCursor {
        open.clear();
        FrontCursor {
            order: Buckets::new(&h.three[..THREE_SUBSETS], THREE_FIRST),
            bucket: BUCKETS,
            pos: 0,
            live: false,
            shape: Shape::new(&h.hand),
            open,
            best_seen: 0,
            peeked: None,
        }
    }

    /// The next front strongest first and its value, or `None` after the
    /// last, passing over fronts that provably have no setting (about half
    /// of the fronts the stop rule used to examine in vain).
    fn peek(&mut self, h: &HandSubsets) -> Option<(usize, u32)> {
        // The sweep asks two or three times per back; the answer only
        // changes when a front is examined.
        if let Some(p) = self.peeked {
            return p;
        }
        let p = self.seek(h);
        self.peeked = Some(p);
        p
    }

    /// [`FrontCursor::peek`] without the memo.
    fn seek(&mut self, h: &HandSubsets) -> Option<(usize, u32)> {
        loop {
            let (f, vf) = self.at_position(h)?;
            if self.live || !h.front_is_dead(&self.shape, f, vf) {
                self.live = true;
                return Some((f, vf));
            }
            self.pos += 1;
        }
    }

    /// The front at the current position (moving to the next bucket when
    /// this one is done).
    fn at_position(&mut self, h: &HandSubsets) -> Option<(usize, u32)> {
        while self.bucket > 0 {
            let at = self
                .order
                .get(self.bucket - 1, self.pos, &h.three[..THREE_SUBSETS]);
            if let Some(f) = at {
                let f = f as usize % THREE_SUBSETS;
                return Some((f, h.three[f]));
            }
            // On to the next bucket that holds a front.
            self.bucket = self.order.next_below(self.bucket - 1).map_or(0, |b| b + 1);
            self.pos = 0;
            self.live = false;
        }
        None
    }

    /// The value of the strongest front not examined yet, when such fronts
    /// may still hold a setting: not below `above` (`stair.best_front` of the
    /// middle cap, which beats every weaker front for good).
    fn rest(&mut self, h: &HandSubsets, above: u32) -> Option<u32> {
        self.peek(h).map(|x| x.1).filter(|&v| v >= above)
    }

    /// True while a front of value `vf` whose best ordered middle is `bm`
    /// may still give a setting the staircase does not beat, with every
    /// middle to come at most `mid_cap` (which only falls).
    fn alive(stair: &Staircase, vf: u32, bm: u32, mid_cap: u32) -> bool {
        let m = bm.min(mid_cap);
        m >= vf && stair.best_front(m) <= vf
    }

    /// Drops the open fronts that can no longer give a setting.
    fn prune(&mut self, stair: &Staircase, mid_cap: u32) {
        self.open
            .retain(|&(vf, bm)| Self::alive(stair, vf, bm, mid_cap));
    }

    /// Examines the strongest front not examined yet (one pass over its 126
    /// halvings) and keeps it open if it may still give a setting and is not
    /// capped by an earlier one. Returns the front, its value and its best
    /// ordered middle ([`HandSubsets::best_middle`]), or None when every
    /// front is examined.
    fn examine(
        &mut self,
        h: &HandSubsets,
        stair: &Staircase,
        mid_cap: u32,
    ) -> Option<(usize, u32, u32)> {
        let (f, vf) = self.peek(h)?;
        self.pos += 1;
        self.live = false;
        self.peeked = None;
        let bm = h.best_middle(f);
        // An earlier front (value >= vf) with a best middle >= bm caps this
        // one while open and, once beaten, beats it too.
        if bm >= vf && bm > self.best_seen {
            self.best_seen = bm;
            if Self::alive(stair, vf, bm, mid_cap) {
                self.open.push((vf, bm));
            }
        }
        Some((f, vf, bm))
    }
}

/// The caps [`SweepControl::stop`] gets on the settings still to come: each
/// is beaten row by row by `(c[0], c[1], vb)` for some corner `c` of
/// `examined` or `rest` (front value, middle value).
#[derive(Clone, Copy, Debug)]
pub struct Corners<'a> {
    /// One corner per examined front still open: its value and the best
    /// middle it allows (both at most the middle cap), strongest front first.
    pub examined: &'a [[u32; 2]],
    /// The corner of the fronts not examined yet (the strongest one's value
    /// and the middle cap), if any may still give a setting.
    pub rest: Option<[u32; 2]>,
}

impl Corners<'_> {
    /// The strongest front among the corners (0 when there is none).
    pub fn front_cap(&self) -> u32 {
        self.examined
            .iter()
            .chain(self.rest.as_ref())
            .map(|c| c[0])
            .max()
            .unwrap_or(0)
    }
}

/// What [`SweepControl::stop`] tells the sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on.
    Continue,
    /// End the sweep.
    Stop,
    /// Only the `rest` corner keeps the sweep going: examine one more front
    /// and ask again (the sweep goes on instead when no front is left or its
    /// examination budget is spent).
    Refine,
}

/// Hooks of the ordered sweep ([`HandSubsets::sweep`]).
pub trait SweepControl {
    /// Called before the first back of each new (strictly lower) back value
    /// `vb`. Every frontier setting still to come has back `<= vb` and is
    /// beaten row by row by one of the `corners` (with back `vb`); `fresh`
    /// lists the frontier settings found since the previous call (final:
    /// only settings of the same back value can beat a found one). After
    /// [`Verdict::Refine`] the sweep may call again with the same `vb`, an
    /// empty `fresh` and finer corners.
    fn stop(&mut self, vb: u32, corners: &Corners, fresh: &[(SettingIdx, [u32; 3])]) -> Verdict;

    /// Called once per back that has candidates the staircase does not beat:
    /// all of them have back value `vb`, middle `<= top_middle` and front `<=
    /// top_front`. Returning true drops them (see [`HandSubsets::sweep`]).
    fn skip_back(&mut self, _vb: u32, _top_middle: u32, _top_front: u32) -> bool {
        false
    }

    /// Called at most once, before the first back, with the row values `[front,
    /// middle, back]` of a legal setting (one not necessarily on the
    /// frontier, whose points a frontier setting beating it row by row
    /// matches with monotone points): a lower bound on the best, which can
    /// make the early backs skippable.
    fn known(&mut self, _values: [u32; 3]) {}
}

/// Bits that hold a hand value (below `0xA0 << 16`), for packed sort keys.
const VALUE_MASK: u32 = 0x03FF_FFFF;
/// Buckets of the value's top bits (category and first key nibble).
const BUCKETS: usize = 160;
/// Interleaved counters per bucket in [`Buckets::new`].
const WAYS: usize = 4;
/// At most this many fronts are examined, strongest first, for the setting
/// a sweep reports to [`SweepControl::known`] (the first with an ordered
/// setting; the strongest fronts often have none).
const SEED_FRONTS: usize = 64;
/// Fronts the stop rule may examine (126 halvings each, about the cost of
/// scanning a back) before the first back, and per back visited (those
/// examined for the known setting count against it). By
/// in-process A/B over 4,000 hands: one per back (rather than two) is 3 %
/// faster at the median and no slower on average; none is 8 % slower on
/// average; starting from 2 or 8 instead of 4 changes little.
const FRONT_BUDGET_START: u32 = 4;
const FRONT_BUDGET_PER_BACK: u32 = 1;
/// Subsets [`HandSubsets::best_ordered_middle`] may meet (by A/B, 48 and 128
/// are slower, 72 about the same).
const MIDDLE_SCANS: usize = 96;
/// Entries of a bucket [`Buckets::get`] orders at least at a time.
const SORT_STEP: usize = 16;
/// Buckets up to this size are sorted through a stack buffer (see [`sort_packed`]).
const SMALL_BUCKET: usize = 128;
/// Indices of the strongest five-card (three-card) subsets that
/// [`Buckets::new`] scatters at once; deeper reads scatter more (see
/// [`fill`]). The sweep reads a median 48 (20) of the 1,287 (286), and the
/// fill takes whole buckets, well past the count; with these about one
/// solve in five scatters again, and callgrind over 2,000 solves counts
/// fewer instructions than with 128 (64), 48 (16) or 32 (32).
const FIVE_FIRST: usize = 64;
const THREE_FIRST: usize = 32;

#[inline(always)]
fn bucket_of(value: u32) -> usize {
    // Values are below 0xA0 << 16; `min` proves the bound without a division.
    ((value >> 16) as usize).min(BUCKETS - 1)
}

/// Subset indices ordered by value descending, built lazily: a counting sort
/// on the top bits of the value whose scatter reaches only the strongest
/// slots at first (see [`fill`]), then each bucket sorted on first
/// use. The sweep usually stops within the first few buckets, so most are
/// never scattered, let alone sorted.
struct Buckets<const N: usize> {
    /// Indices, bucket by bucket from the strongest bucket down; only the
    /// slots below `filled` hold theirs.
    order: [u16; N],
    /// `start[b]..start[b + 1]` of the strongest-first layout holds bucket
    /// `BUCKETS - 1 - b`.
    start: [u16; BUCKETS + 1],
    /// How many entries at the head of each slot are in their final order.
    done: [u16; BUCKETS],
    /// Slots below this one are scattered into `order`; the rest wait for a
    /// read (the sweep usually reads a few dozen of the 1,287 five-card
    /// subsets).
    filled: usize,
}

impl<const N: usize> Buckets<N> {
    /// Counts every value's slot, then scatters the strongest slots until
    /// they hold at least `first` indices (all of them when fewer).
    fn new(values: &[u32], first: usize) -> Self {
        // Four interleaved counters per slot: runs of values in one bucket
        // are common, and with one counter each increment waits on the
        // previous one's store.
        let mut count = [[0u16; BUCKETS]; WAYS];
        let mut quads = values.chunks_exact(WAYS);
        for quad in quads.by_ref() {
            for (c, &v) in count.iter_mut().zip(quad) {
                c[slot_of(v)] += 1;
            }
        }
        for (c, &v) in count.iter_mut().zip(quads.remainder()) {
            c[slot_of(v)] += 1;
        }
        // The ways' sum slot by slot (vector adds), then the running sum.
        let [mut total, rest @ ..] = count;
        for c in &rest {
            for (t, &n) in total.iter_mut().zip(c) {
                *t += n;
            }
        }
        let mut start = [0u16; BUCKETS + 1];
        let mut sum = 0;
        for (s, &n) in start[1..].iter_mut().zip(&total) {
            sum += n;
            *s = sum;
        }
        // Scattered before the struct is built: filling it in place and
        // returning it cost a copy of `order`.
        let mut order = [0u16; N];
        let filled = fill(&start, &mut order, 0, 0, first, values);
        Buckets {
            order,
            start,
            done: [0; BUCKETS],
            filled,
        }
    }

    /// The index at position `pos` of `bucket` in the order of
    /// [`Buckets::sorted`], ordering only as much of the bucket as that
    /// needs: the next [`SORT_STEP`] or more entries are selected and
    /// sorted at a time (a bucket may hold a hundred subsets, of which the
    /// sweep takes a few). Inlined: the sweep asks once per back, and out
    /// of line (as the compiler left it once it held the call of [`fill`])
    /// the call cost more than the rest of it.
    #[inline(always)]
    fn get(&mut self, bucket: usize, pos: usize, values: &[u32]) -> Option<u16> {
        let slot = BUCKETS - 1 - bucket % BUCKETS;
        let (lo, hi) = (self.start[slot] as usize, self.start[slot + 1] as usize);
        if pos >= hi - lo {
            return None;
        }
        if slot >= self.filled {
            self.filled = fill(&self.start, &mut self.order, self.filled, slot, 0, values);
        }
        let done = self.done[slot] as usize;
        if pos >= done {
            let rest = &mut self.order[lo + done..hi];
            // At least as many again as are done, so a bucket taken whole
            // costs a few selections more than one sort; all when that
            // leaves few.
            let mut want = (pos + 1 - done).max(SORT_STEP).max(done);
            if rest.len() <= 2 * want {
                want = rest.len();
            }
            if rest.len() > 1 {
                sort_packed(rest, want, values);
            }
            self.done[slot] = (done + want) as u16;
        }
        self.order.get(lo + pos).copied()
    }

    /// The strongest bucket below `bucket` that holds an index, if any:
    /// one look at the next slot, then a bisection of the slot ends. Most
    /// buckets are empty (three-card values can fill 39 of the 160), and
    /// stepping through them one by one cost 3-4 % of a solve.
    #[inline(always)]
    fn next_below(&self, bucket: usize) -> Option<usize> {
        let slot = BUCKETS - bucket.min(BUCKETS);
        let before = *self.start.get(slot)?;
        let ends = self.start.get(slot + 1..).unwrap_or(&[]);
        let skip = match ends.first() {
            Some(&e) if e > before => 0,
            _ => ends.partition_point(|&e| e <= before),
        };
        let s = slot + skip;
        (s < BUCKETS).then(|| BUCKETS - 1 - s)
    }

    /// The indices of `bucket` in no particular order (as far as they are
    /// sorted, and scattered first if need be).
    fn members(&mut self, bucket: usize, values: &[u32]) -> &[u16] {
        let slot = BUCKETS - 1 - bucket % BUCKETS;
        let (lo, hi) = (self.start[slot] as usize, self.start[slot + 1] as usize);
        if slot >= self.filled && hi > lo {
            self.filled = fill(&self.start, &mut self.order, self.filled, slot, 0, values);
        }
        self.order.get(lo..hi).unwrap_or(&[])
    }

    /// The indices of `bucket`, sorted by value descending then index.
    fn sorted(&mut self, bucket: usize, values: &[u32]) -> &[u16] {
        let slot = BUCKETS - 1 - bucket % BUCKETS;
        let (lo, hi) = (self.start[slot] as usize, self.start[slot + 1] as usize);
        // (An empty bucket needs nothing scattered.)
        if slot >= self.filled && hi > lo {
            self.filled = fill(&self.start, &mut self.order, self.filled, slot, 0, values);
        }
        let done = self.done[slot] as usize;
        // The head (if any) is final and before the rest: sort the rest.
        let rest = &mut self.order[lo + done..hi];
        if rest.len() > 1 {
            sort_packed(rest, rest.len(), values);
        }
        self.done[slot] = (hi - lo) as u16;
        &self.order[lo..hi]
    }
}

/// Scatters the slots of a [`Buckets`] from `from` (its `filled`) on,
/// through `slot` at least and then until the filled slots hold `want`
/// indices and at least twice those filled before (or all slots are
/// filled), so that a deep read costs a few passes; returns the new
/// `filled`. One pass over the values keeps those whose slot is in the run,
/// a value range since slots are, and scatters them in index order (which
/// does not matter: each slot is sorted before use). Out of line: most
/// reads need none.
#[inline(never)]
fn fill<const N: usize>(
    start: &[u16; BUCKETS + 1],
    order: &mut [u16; N],
    from: usize,
    slot: usize,
    want: usize,
    values: &[u32],
) -> usize {
    let had = start.get(from).map_or(0, |&n| usize::from(n));
    let want = want.max(2 * had);
    // The first slot past the run: `start` rises, so a binary search.
    let to = start
        .partition_point(|&n| usize::from(n) < want)
        .max(slot.max(from) + 1)
        .min(BUCKETS);
    // Slot s > 0 holds the values in [(159 - s) << 16, (160 - s) << 16),
    // slot 0 all from 159 << 16 up: the run [from, to) is the values from
    // `lo` to `lo + span` inclusive.
    let lo = if to < BUCKETS {
        ((BUCKETS - to) as u32) << 16
    } else {
        0
    };
    let hi = if from == 0 {
        u32::MAX
    } else {
        (((BUCKETS - from) as u32) << 16) - 1
    };
    let mut at = *start;
    scatter_range(values, lo, hi - lo, order, &mut at);
    to
}

/// The slot of a value in [`Buckets`]' strongest-first layout.
#[inline(always)]
fn slot_of(value: u32) -> usize {
    BUCKETS - 1 - bucket_of(value)
}

/// Scatters the index of every value in `lo..=lo + span` to `order`, at the
/// cursor `at` of its slot (which then advances), in index order: with AVX2
/// 16 values a step, otherwise (and for the last few) by
/// [`scatter_range_scalar`].
#[inline(always)]
fn scatter_range<const N: usize>(
    values: &[u32],
    lo: u32,
    span: u32,
    order: &mut [u16; N],
    at: &mut [u16; BUCKETS + 1],
) {
    let first = scatter_range_avx2(values, lo, span, order, at).unwrap_or(0);
    scatter_range_scalar(values, first, lo, span, order, at);
}

/// [`scatter_range`] with AVX2 for the leading multiple of 16 values, whose
/// number it returns, or None without AVX2.
#[inline(always)]
fn scatter_range_avx2<const N: usize>(
    values: &[u32],
    lo: u32,
    span: u32,
    order: &mut [u16; N],
    at: &mut [u16; BUCKETS + 1],
) -> Option<usize> {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        avx2::scatter_range(values, lo, span, order, at)
    }
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    {
        let _ = (values, lo, span, order, at);
        None
    }
}

/// [`scatter_range`] by a scalar loop, for the values from `first` on.
#[inline(always)]
fn scatter_range_scalar<const N: usize>(
    values: &[u32],
    first: usize,
    lo: u32,
    span: u32,
    order: &mut [u16; N],
    at: &mut [u16; BUCKETS + 1],
) {
    for (i, &v) in values.iter().enumerate().skip(first) {
        if v.wrapping_sub(lo) <= span {
            let c = &mut at[slot_of(v)];
            order[usize::from(*c) & (N - 1)] = i as u16;
            *c += 1;
        }
    }
}

/// The sort key of subset `i` in a bucket: its complemented value above the
/// index, so one integer compare orders by value descending then index.
fn packed_key(values: &[u32], i: u16) -> u64 {
    u64::from(!values.get(i as usize).copied().unwrap_or(0)) << 16 | u64::from(i)
}

/// Puts the first `want` of a bucket's indices in order, sorted, at its head
/// (the rest after them in no order; all of them sorted when `want` is the
/// length), through a buffer of packed keys: on the stack for the usual
/// small bucket, on the heap for a large one (high cards of a hand with many
/// distinct ranks). Out of line, so the buffer is only set up for buckets
/// that need it.
#[inline(never)]
fn sort_packed(part: &mut [u16], want: usize, values: &[u32]) {
    let mut stack = [0u64; SMALL_BUCKET];
    let mut heap = Vec::new();
    let keys: &mut [u64] = if part.len() <= SMALL_BUCKET {
        &mut stack[..part.len()]
    } else {
        heap.resize(part.len(), 0);
        &mut heap
    };
    for (k, &i) in keys.iter_mut().zip(part.iter()) {
        *k = packed_key(values, i);
    }
    let head = want.min(keys.len());
    if head > 0 && head < keys.len() {
        keys.select_nth_unstable(head - 1);
    }
    keys[..head].sort_unstable();
    for (i, &k) in part.iter_mut().zip(keys.iter()) {
        *i = k as u16;
    }
}

/// A setting accepted by the sweep; `alive` turns false when a later setting
/// with the same back value beats it.
#[derive(Clone, Debug, PartialEq)]
struct Found {
    /// The setting and its row values, in the layout the sweep reports (so
    /// that reporting copies it whole rather than field by field).
    item: (SettingIdx, [u32; 3]),
    alive: bool,
}

impl Found {
    fn new(front: u16, middle: u16, back: usize, values: [u32; 3]) -> Found {
        let setting = SettingIdx {
            front,
            middle,
            back: back as u16,
        };
        Found {
            item: (setting, values),
            alive: true,
        }
    }
}

/// Staircases up to this many steps are searched by counting (see
/// [`count_while`]), longer ones by bisection.
const COUNTED_STEPS: usize = 64;

/// How many of `xs` satisfy `pred`, which must hold on a prefix of `xs`
/// and nowhere after it (a partition point). Short slices are counted
/// branch-free, which vectorises and has no chain of dependent loads (each
/// step of a bisection waits on the previous one's load): ~1 % faster
/// solves by in-process A/B. Long ones (frontiers of the unordered sweep)
/// are bisected.
#[inline(always)]
fn count_while(xs: &[u32], pred: impl Fn(u32) -> bool) -> usize {
    if xs.len() <= COUNTED_STEPS {
        xs.iter().map(|&x| u32::from(pred(x))).sum::<u32>() as usize
    } else {
        xs.partition_point(|&x| pred(x))
    }
}

/// The growable lists of a sweep, kept per thread from one sweep to the
/// next so that a solve allocates none of them (they cost ten allocations
/// a solve).
#[derive(Default)]
struct SweepScratch {
    stair: Staircase,
    found: Vec<Found>,
    fresh: Vec<(SettingIdx, [u32; 3])>,
    corners: Vec<[u32; 2]>,
    open: Vec<(u32, u32)>,
}

thread_local! {
    /// This thread's [`SweepScratch`] while no sweep holds it.
    static SWEEP_SCRATCH: std::cell::RefCell<Option<SweepScratch>> =
        const { std::cell::RefCell::new(None) };
}

impl SweepScratch {
    /// This thread's lists, emptied (new ones if a sweep on this thread
    /// holds them: a sweep control may sweep again).
    fn take() -> SweepScratch {
        let mut s = SWEEP_SCRATCH
            .with(|c| c.borrow_mut().take())
            .unwrap_or_default();
        s.stair.middles.clear();
        s.stair.fronts.clear();
        s.stair.found.clear();
        s.found.clear();
        s.fresh.clear();
        s.corners.clear();
        // (`open` is emptied by `FrontCursor::new`, which takes it.)
        s
    }

    /// Hands the lists back to this thread.
    fn give_back(self) {
        SWEEP_SCRATCH.with(|c| *c.borrow_mut() = Some(self));
    }
}

/// The (middle, front) pairs not beaten by another pair, middle ascending and
/// therefore front descending, with the index of their `Found`: three
/// parallel lists, so that a search reads only the row it compares.
#[derive(Default)]
struct Staircase {
    middles: Vec<u32>,
    fronts: Vec<u32>,
    found: Vec<usize>,
    /// Spare lists for [`Staircase::merge`].
    spare: (Vec<u32>, Vec<u32>, Vec<usize>),
}

impl Staircase {
    /// 1 + the best front among steps with middle >= `middle`, 0 if none: a
    /// pair (middle, f) is weakly beaten exactly when this exceeds `f`.
    #[inline(always)]
    fn best_front(&self, middle: u32) -> u32 {
        let i = count_while(&self.middles, |m| m < middle);
        self.fronts.get(i).map_or(0, |f| f + 1)
    }

    /// The best middle among steps with front >= `front` (0 if none): a pair
    /// (m, f) with f <= `front` is weakly beaten when m is not above it.
    #[inline(always)]
    fn best_middle(&self, front: u32) -> u32 {
        // Fronts descend along the steps, so those >= `front` are a prefix.
        let i = count_while(&self.fronts, |f| f >= front);
        match i.checked_sub(1) {
            Some(j) => self.middles.get(j).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// Merges `found[first..]` into the staircase: pairs that `best_front`
    /// says are not weakly beaten, middles strictly descending (so fronts
    /// strictly ascending), all of one back value. The steps they beat
    /// weakly go; a dropped step with the same back value is beaten in all
    /// three rows, so its setting leaves the frontier. One pass over the
    /// steps into the spare lists, which then swap in.
    fn merge(&mut self, first: usize, found: &mut [Found]) {
        let Some(back) = found.get(first).map(|x| x.item.1[2]) else {
            return;
        };
        let (mut ms, mut fs, mut xs) = std::mem::take(&mut self.spare);
        ms.clear();
        fs.clear();
        xs.clear();
        // New pairs still to place: found[first..j], middles ascending from j - 1 down.
        let mut j = found.len();
        for k in 0..self.middles.len() {
            let (m, f, x) = (self.middles[k], self.fronts[k], self.found[k]);
            while j > first {
                let [nf, nm, _] = found[j - 1].item.1;
                if nm >= m {
                    break;
                }
                ms.push(nm);
                fs.push(nf);
                xs.push(j - 1);
                j -= 1;
            }
            // The first new pair with middle >= m has the best front of those.
            if j > first && found[j - 1].item.1[0] >= f {
                if let Some(old) = found.get_mut(x).filter(|o| o.item.1[2] == back) {
                    old.alive = false;
                }
            } else {
                ms.push(m);
                fs.push(f);
                xs.push(x);
            }
        }
        while j > first {
            let [nf, nm, _] = found[j - 1].item.1;
            ms.push(nm);
            fs.push(nf);
            xs.push(j - 1);
            j -= 1;
        }
        let old = (
            std::mem::replace(&mut self.middles, ms),
            std::mem::replace(&mut self.fronts, fs),
            std::mem::replace(&mut self.found, xs),
        );
        self.spare = old;
    }

    /// Inserts a pair that `best_front` says is not weakly beaten, dropping the
    /// steps it beats; a dropped step with the same back value is beaten in all
    /// three rows, so its setting leaves the frontier.
    fn insert(&mut self, middle: u32, front: u32, idx: usize, found: &mut [Found]) {
        let end = count_while(&self.middles, |m| m <= middle);
        let start = count_while(self.fronts.get(..end).unwrap_or(&[]), |f| f > front);
        let back = found.get(idx).map_or(u32::MAX, |x| x.item.1[2]);
        for &s in self.found.get(start..end).unwrap_or(&[]) {
            if let Some(x) = found.get_mut(s).filter(|x| x.item.1[2] == back) {
                x.alive = false;
            }
        }
        if start == end {
            self.middles.insert(start, middle);
            self.fronts.insert(start, front);
            self.found.insert(start, idx);
        } else if let (Some(m), Some(f), Some(x)) = (
            self.middles.get_mut(start),
            self.fronts.get_mut(start),
            self.found.get_mut(start),
        ) {
            // The first beaten step takes the new one's place; the others go.
            (*m, *f, *x) = (middle, front, idx);
            self.middles.drain(start + 1..end);
            self.fronts.drain(start + 1..end);
            self.found.drain(start + 1..end);
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

/// Calls `f(setting, front, middle, back)` for every setting of `hand`; see
/// [`HandSubsets::for_each_setting`].
///
/// ```
/// # use chinese_poker_core::search::for_each_setting;
/// # use chinese_poker_core::eval::Wheel;
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// let mut n = 0;
/// for_each_setting(&hand, Wheel::Lowest, |_, _, _, _| n += 1);
/// assert_eq!(n, 72_072);
/// ```
pub fn for_each_setting(
    hand: &[Card; HAND_SIZE],
    wheel: Wheel,
    f: impl FnMut(SettingIdx, u32, u32, u32),
) {
    HandSubsets::new(hand, wheel).for_each_setting(f);
}

/// Every legal setting as 13 codes (front 3, middle 5, back 5), in walk order.
///
/// ```
/// # use chinese_poker_core::search::all_settings;
/// # use chinese_poker_core::eval::Wheel;
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// assert_eq!(all_settings(&hand, Wheel::Lowest, |_, _, _| true).len(), 72_072);
/// ```
pub fn all_settings(
    hand: &[Card; HAND_SIZE],
    wheel: Wheel,
    legal: impl Legality,
) -> Vec<[Card; HAND_SIZE]> {
    let mut out = Vec::new();
    for_each_setting(hand, wheel, |s, f, m, b| {
        if legal.is_legal(f, m, b) {
            out.push(s.cards(hand));
        }
    });
    out
}

/// The Pareto frontier of the legal settings as 13 codes (front, middle,
/// back) with their `[front, middle, back]` values; see [`HandSubsets::pareto`].
///
/// ```
/// # use chinese_poker_core::search::{pareto_settings, VALUE_ORDER};
/// # use chinese_poker_core::eval::Wheel;
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8);
/// assert!(!pareto_settings(&hand, Wheel::Lowest, VALUE_ORDER).is_empty());
/// ```
pub fn pareto_settings(
    hand: &[Card; HAND_SIZE],
    wheel: Wheel,
    legal: impl Legality,
) -> Vec<([Card; HAND_SIZE], [u32; 3])> {
    HandSubsets::new(hand, wheel)
        .pareto(&legal)
        .into_iter()
        .map(|(s, v)| (s.cards(hand), v))
        .collect()
}

/// The greedy setting of RULES §3.4 as 13 codes; see [`HandSubsets::greedy`].
///
/// ```
/// # use chinese_poker_core::search::greedy_setting;
/// # use chinese_poker_core::eval::Wheel;
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8); // 2c..Ac
/// let s = greedy_setting(&hand, Wheel::Lowest);
/// assert_eq!(&s[8..], &[32, 36, 40, 44, 48]); // T-J-Q-K-A straight flush in back
/// ```
pub fn greedy_setting(hand: &[Card; HAND_SIZE], wheel: Wheel) -> [Card; HAND_SIZE] {
    HandSubsets::new(hand, wheel).greedy().cards(hand)
}

/// [`pareto_settings`] for unchecked codes (13 distinct codes 0..51).
///
/// ```
/// # use chinese_poker_core::search::{checked_pareto_settings, VALUE_ORDER};
/// # use chinese_poker_core::eval::Wheel;
/// assert!(checked_pareto_settings(&[60; 13], Wheel::Lowest, VALUE_ORDER).is_err());
/// ```
pub fn checked_pareto_settings(
    codes: &[i64],
    wheel: Wheel,
    legal: impl Legality,
) -> Result<Vec<([Card; HAND_SIZE], [u32; 3])>> {
    Ok(pareto_settings(&hand13(codes)?, wheel, legal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// xorshift64*: deterministic hands without the rand crate.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn hand(&mut self) -> [Card; 13] {
            let mut deck: Vec<Card> = (0..52).collect();
            for i in 0..13 {
                let j = i + (self.next() % (52 - i as u64)) as usize;
                deck.swap(i, j);
            }
            std::array::from_fn(|i| deck[i])
        }

        /// A random hand's subsets, under the low wheel for even `n` and the
        /// second-highest wheel for odd `n`.
        fn subsets(&mut self, n: usize) -> ([Card; 13], HandSubsets) {
            let hand = self.hand();
            let wheel = [Wheel::Lowest, Wheel::SecondHighest][n % 2];
            (hand, HandSubsets::new(&hand, wheel))
        }

        /// A random 5-subset index.
        fn five(&mut self) -> usize {
            (self.next() % FIVE_SUBSETS as u64) as usize
        }
    }

    /// Subset indices strongest first (value descending, then index): the
    /// order the sweep and the middle cap walk, by a plain sort.
    fn strongest_first(values: &[u32]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(values[i]), i));
        order
    }

    fn default_rule(f: u32, m: u32, b: u32) -> bool {
        f <= m && m <= b
    }

    /// Direct evaluation of a 13-code setting.
    fn direct(s: &[Card; 13], ev: &Evaluator) -> [u32; 3] {
        [
            ev.value3([s[0], s[1], s[2]]),
            ev.value5([s[3], s[4], s[5], s[6], s[7]]),
            ev.value5([s[8], s[9], s[10], s[11], s[12]]),
        ]
    }

    /// Every setting by nested loops over positions and direct evaluation:
    /// shares nothing with the index tables.
    fn brute_settings(hand: &[Card; 13], ev: &Evaluator) -> Vec<([Card; 13], [u32; 3])> {
        let mut out = Vec::with_capacity(SETTINGS);
        for back in 0..1u16 << 13 {
            if back.count_ones() != 5 {
                continue;
            }
            for middle in 0..1u16 << 13 {
                if middle.count_ones() != 5 || middle & back != 0 {
                    continue;
                }
                let front = 0x1FFF ^ back ^ middle;
                let mut s = [0; 13];
                let mut n = 0;
                for mask in [front, middle, back] {
                    for (i, &c) in hand.iter().enumerate() {
                        if mask >> i & 1 == 1 {
                            s[n] = c;
                            n += 1;
                        }
                    }
                }
                out.push((s, direct(&s, ev)));
            }
        }
        out
    }

    /// O(n^2) Pareto over the distinct legal triples.
    fn brute_pareto(all: &[([Card; 13], [u32; 3])], legal: impl Legality) -> HashSet<[u32; 3]> {
        let mut triples: Vec<[u32; 3]> = all
            .iter()
            .filter(|(_, v)| legal.is_legal(v[0], v[1], v[2]))
            .map(|x| x.1)
            .collect();
        // Strongest first, so a beaten triple usually meets its beater early.
        triples.sort_unstable_by(|a, b| b.cmp(a));
        triples.dedup();
        let beats =
            |a: &[u32; 3], b: &[u32; 3]| a[0] >= b[0] && a[1] >= b[1] && a[2] >= b[2] && a != b;
        triples
            .iter()
            .filter(|t| !triples.iter().any(|o| beats(o, t)))
            .copied()
            .collect()
    }

    #[test]
    fn merging_a_batch_equals_inserting_it_pair_by_pair() {
        // Small values, so that equal middles, fronts and backs are common.
        let mut rng = Rng(0x5EED_57A1);
        let mut small = |n: u64| (rng.next() % n) as u32;
        for _ in 0..3000 {
            let (mut one, mut merged) = (Staircase::default(), Staircase::default());
            let mut found = Vec::new();
            let mut back = 40;
            for _ in 0..small(6) {
                back -= small(3);
                for _ in 0..small(12) {
                    let (m, f) = (small(24), small(24));
                    if one.best_front(m) <= f {
                        found.push(Found::new(0, 0, 0, [f, m, back]));
                        one.insert(m, f, found.len() - 1, &mut found);
                        merged.insert(m, f, found.len() - 1, &mut found);
                    }
                }
            }
            // A batch as the sweep builds one: not weakly beaten by a step,
            // middles strictly descending, fronts strictly ascending.
            back -= small(2);
            let mut batch: Vec<(u32, u32)> =
                (0..small(10)).map(|_| (small(24), small(24))).collect();
            batch.sort_unstable_by(|x, y| y.cmp(x));
            let first = found.len();
            let mut best_front = None;
            for (m, f) in batch {
                if one.best_front(m) <= f && best_front.is_none_or(|b| b < f) {
                    best_front = Some(f);
                    found.push(Found::new(0, 0, 0, [f, m, back]));
                }
            }
            let mut found_one = found.clone();
            for i in first..found.len() {
                let [f, m, _] = found_one[i].item.1;
                one.insert(m, f, i, &mut found_one);
            }
            merged.merge(first, &mut found);
            assert_eq!(merged.middles, one.middles);
            assert_eq!(merged.fronts, one.fronts);
            assert_eq!(merged.found, one.found);
            assert_eq!(found, found_one);
            // Steps stay strictly ascending in middle, descending in front.
            assert!(merged.middles.windows(2).all(|w| w[0] < w[1]));
            assert!(merged.fronts.windows(2).all(|w| w[0] > w[1]));
        }
    }

    #[test]
    fn tables_have_the_right_shape() {
        let t = &*TABLES;
        assert_eq!(t.mask5.len(), FIVE_SUBSETS);
        assert_eq!(t.mask3.len(), THREE_SUBSETS);
        assert_eq!(t.splits.len(), SETTINGS);
        assert_eq!(t.halves.len(), THREE_SUBSETS * HALVES);
        assert_eq!(SETTINGS, 72_072);
    }

    #[test]
    fn subset_values_follow_the_mask_tables() {
        // The nested loops of `with_evaluator` must produce subsets in the
        // order of `mask5` / `mask3`.
        let t = &*TABLES;
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let ev = evaluator(wheel);
            for _ in 0..20 {
                let hand = rng.hand();
                let subsets = HandSubsets::with_evaluator_scalar(&hand, ev);
                let pick = |mask: u16| -> Vec<Card> {
                    (0..13)
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| hand[i])
                        .collect()
                };
                for (i, &m) in t.mask5.iter().enumerate() {
                    let c = pick(m);
                    assert_eq!(
                        subsets.value5(i as u16),
                        ev.value5([c[0], c[1], c[2], c[3], c[4]])
                    );
                }
                for (i, &m) in t.mask3.iter().enumerate() {
                    let c = pick(m);
                    assert_eq!(subsets.value3(i as u16), ev.value3([c[0], c[1], c[2]]));
                }
            }
        }
    }

    /// Random hands under both wheels, then a few where flushes abound.
    fn simd_test_hands() -> Vec<([Card; 13], Wheel)> {
        let mut rng = Rng(0x0DDB_A11C_0FFE_E123);
        let mut hands: Vec<([Card; 13], Wheel)> = (0..1500)
            .map(|n| (rng.hand(), [Wheel::Lowest, Wheel::SecondHighest][n % 2]))
            .collect();
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            // 13 clubs; then 2-A of clubs and diamonds alternately
            hands.push((std::array::from_fn(|i| 4 * i as u8), wheel));
            hands.push((std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 2)), wheel));
        }
        hands
    }

    #[test]
    fn subset_values_avx2_match_scalar() {
        for (hand, wheel) in simd_test_hands() {
            let ev = evaluator(wheel);
            let scalar = HandSubsets::with_evaluator_scalar(&hand, ev);
            let Some(simd) = HandSubsets::with_evaluator_avx2(&hand, ev) else {
                return; // no AVX2 here: nothing to compare
            };
            assert_eq!(simd.five, scalar.five, "{hand:?}");
            assert_eq!(simd.three, scalar.three, "{hand:?}");
            let chosen = HandSubsets::with_evaluator(&hand, ev);
            assert_eq!(chosen.five, scalar.five, "{hand:?}");
        }
    }

    #[test]
    fn best_middle_avx2_matches_scalar() {
        for (hand, wheel) in simd_test_hands().into_iter().step_by(3) {
            let h = HandSubsets::new(&hand, wheel);
            for f in 0..THREE_SUBSETS {
                let Some(simd) = h.best_middle_avx2(f) else {
                    return; // no AVX2 here: nothing to compare
                };
                assert_eq!(simd, h.best_middle_scalar(f), "{hand:?} front {f}");
            }
        }
    }

    #[test]
    fn scan_avx2_matches_scalar() {
        let mut rng = Rng(0x5CA7_7E12_3456_789B);
        let mut some = [0usize; 2];
        for (hand, wheel) in simd_test_hands().into_iter().step_by(5) {
            let h = HandSubsets::new(&hand, wheel);
            // Bounds drawn from the hand's own values (so that they split
            // its splits), now and then the extremes.
            let mut pick = || match rng.next() % 16 {
                0 => 0,
                1 => u32::MAX,
                k if k < 9 => h.five[rng.five()],
                _ => h.three[(rng.next() % THREE_SUBSETS as u64) as usize],
            };
            for b in 0..FIVE_SUBSETS {
                let bounds = ScanBounds {
                    back: if b % 3 == 0 { pick() } else { h.five[b] },
                    above: pick(),
                    front_cap: pick(),
                    mid_floor: pick(),
                };
                let (mut simd, mut scalar) = (Scan::EMPTY, Scan::EMPTY);
                if !h.scan_avx2(b, bounds, &mut simd) {
                    return; // no AVX2 here: nothing to compare
                }
                h.scan_scalar(b, bounds, &mut scalar);
                let n = simd.n;
                assert_eq!(
                    (n, &simd.cand[..n], simd.top),
                    (scalar.n, &scalar.cand[..scalar.n], scalar.top),
                    "{hand:?} back {b} {bounds:?}"
                );
                assert_eq!(
                    simd.values[..SPLITS_PER_BACK],
                    scalar.values[..SPLITS_PER_BACK]
                );
                // The values are the splits' own, and the top their maxima.
                let splits = &TABLES.splits[b * SPLITS_PER_BACK..(b + 1) * SPLITS_PER_BACK];
                for (&[m, f], v) in splits.iter().zip(&scalar.values) {
                    assert_eq!(*v, [h.five[m as usize], h.three[f as usize]]);
                }
                let top = scalar
                    .passing()
                    .fold([0, 0], |t, (vm, vf, _)| [t[0].max(vm), t[1].max(vf)]);
                assert_eq!(scalar.top, top);
                some[usize::from(n > 0 && n < SPLITS_PER_BACK)] += 1;
            }
        }
        // The bounds must leave scans that pass some splits but not all.
        assert!(some[1] > some[0] / 20, "{some:?}");
    }

    #[test]
    fn last_disjoint_avx2_matches_scalar() {
        // The masks of a real scan: random 5-subsets, every prefix length,
        // queried with random 5-subsets (about one in five is disjoint).
        let t = &*TABLES;
        let mut rng = Rng(0xD15_0147_A11C_E5ED);
        let mut hits = 0;
        for _ in 0..300 {
            let masks: [u16; MIDDLE_SCANS] = std::array::from_fn(|_| t.mask5[rng.five()]);
            for n in 0..=MIDDLE_SCANS + 1 {
                let mask = t.mask5[rng.five()];
                let Some(simd) = last_disjoint_avx2(&masks, n, mask) else {
                    return; // no AVX2 here: nothing to compare
                };
                let scalar = last_disjoint_scalar(&masks, n, mask);
                assert_eq!(simd, scalar, "{masks:?} {n} {mask:#x}");
                hits += usize::from(scalar.is_some());
            }
        }
        assert!(hits > 1000, "{hits}");
    }

    /// `n` values on and beside the bucket edges (which hand values may
    /// never be) and above the last bucket, with ties.
    fn edge_values(rng: &mut Rng, n: usize) -> Vec<u32> {
        (0..n)
            .map(|_| {
                let edge = ((rng.next() % (BUCKETS as u64 + 8)) as u32) << 16;
                edge.wrapping_add((rng.next() % 3) as u32).wrapping_sub(1)
            })
            .collect()
    }

    #[test]
    fn buckets_list_every_index_by_value_then_index() {
        let mut rng = Rng(0xB0C4_E75D_EE9F_0123);
        let mut deferred = 0;
        for (hand, wheel) in simd_test_hands().into_iter().step_by(50) {
            let h = HandSubsets::new(&hand, wheel);
            let edges = edge_values(&mut rng, 300);
            // the 5- and 3-card values, prefixes of other lengths mod 4 and
            // mod 16 (the AVX2 scatter's step), and the edges
            for values in [
                &h.five[..FIVE_SUBSETS],
                &h.three[..THREE_SUBSETS],
                &h.five[..1283],
                &h.five[..7],
                &edges[..],
            ] {
                let want: Vec<u16> = strongest_first(values).iter().map(|&i| i as u16).collect();
                let of_bucket = |k: usize| -> Vec<u16> {
                    let in_k = |&&i: &&u16| bucket_of(values[usize::from(i)]) == k;
                    want.iter().filter(in_k).copied().collect()
                };
                // Scattered at first: nothing, one, a few buckets' worth,
                // the solver's counts, everything.
                // The next bucket that holds an index, from every bucket.
                let b = Buckets::<FIVE_PAD>::new(values, 0);
                for k in 0..=BUCKETS {
                    let below = (0..k.min(BUCKETS))
                        .rev()
                        .find(|&j| !of_bucket(j).is_empty());
                    assert_eq!(b.next_below(k), below, "{hand:?} {k}");
                }
                for first in [0, 1, 17, THREE_FIRST, FIVE_FIRST, values.len()] {
                    let mut fresh = || {
                        let b = Buckets::<FIVE_PAD>::new(values, first);
                        let held = usize::from(b.start[b.filled]);
                        assert!(held >= first.min(values.len()), "{hand:?} {first}");
                        deferred += usize::from(b.filled < BUCKETS);
                        b
                    };
                    // Each fill scatters at least twice what was there (or
                    // the rest), so that a deep read costs a few passes.
                    let grown = |b: &Buckets<FIVE_PAD>, before: usize| {
                        let (old, new) = (usize::from(b.start[before]), b.start[b.filled]);
                        assert!(
                            b.filled == before
                                || b.filled == BUCKETS
                                || usize::from(new) >= 2 * old,
                            "{hand:?} {first} {before} {}",
                            b.filled
                        );
                    };
                    let mut b = fresh();
                    let got: Vec<u16> = (0..BUCKETS)
                        .rev()
                        .flat_map(|k| b.sorted(k, values).to_vec())
                        .collect();
                    assert_eq!(got, want, "{hand:?} {first}");
                    // Taken lazily: each bucket to some depth by `get`
                    // (ordering a part at a time), then whole by `sorted`, and
                    // both by `get`.
                    for depth in [1, 3, 17, 40, 1000] {
                        let mut b = fresh();
                        let mut got = Vec::new();
                        for k in (0..BUCKETS).rev() {
                            let before = b.filled;
                            let head: Vec<u16> =
                                (0..depth).map_while(|pos| b.get(k, pos, values)).collect();
                            grown(&b, before);
                            let whole = b.sorted(k, values).to_vec();
                            assert!(whole.starts_with(&head), "{hand:?} {first} {depth}");
                            let again: Vec<u16> =
                                (0..).map_while(|pos| b.get(k, pos, values)).collect();
                            assert_eq!(again, whole, "{hand:?} {first} {depth}");
                            got.extend(whole);
                        }
                        assert_eq!(got, want, "{hand:?} {first} {depth}");
                    }
                    // Out of order, as `best_ordered_middle` skips to a lower
                    // bucket and the sweep comes back: buckets drawn at
                    // random (mostly of some value, so not empty), read to a
                    // random depth by `get` or whole by `sorted`.
                    let mut b = fresh();
                    for _ in 0..60 {
                        let k = match rng.next() % 8 {
                            0 => (rng.next() % BUCKETS as u64) as usize,
                            _ => bucket_of(values[(rng.next() % values.len() as u64) as usize]),
                        };
                        let before = b.filled;
                        let all = of_bucket(k);
                        if rng.next() % 4 == 0 {
                            assert_eq!(b.sorted(k, values), all, "{hand:?} {first} {k}");
                        } else {
                            let depth = (rng.next() % (all.len() as u64 + 2)) as usize;
                            for pos in 0..depth {
                                let at = b.get(k, pos, values);
                                assert_eq!(at, all.get(pos).copied(), "{hand:?} {first} {k}");
                            }
                        }
                        grown(&b, before);
                    }
                }
            }
        }
        // The partial scatter must have been exercised.
        assert!(deferred > 100, "{deferred}");
    }

    #[test]
    fn scatter_range_avx2_matches_scalar() {
        let mut rng = Rng(0x5CA7_7E25_C0DE_F00D);
        let mut kept = [0usize; 2];
        for (hand, wheel) in simd_test_hands().into_iter().step_by(7) {
            let h = HandSubsets::new(&hand, wheel);
            let edges = edge_values(&mut rng, 200);
            for values in [
                &h.five[..FIVE_SUBSETS],
                &h.three[..THREE_SUBSETS],
                &h.five[..40],
                &h.five[..1280],
                &edges[..],
            ] {
                // Ranges of whole slots as `fill` asks, and ranges between
                // the values themselves (and the extremes).
                let pick = |rng: &mut Rng| match rng.next() % 8 {
                    0 => 0,
                    1 => u32::MAX,
                    2..=4 => ((rng.next() % BUCKETS as u64) as u32) << 16,
                    _ => values[(rng.next() % values.len() as u64) as usize],
                };
                for _ in 0..20 {
                    let (x, y) = (pick(&mut rng), pick(&mut rng));
                    let (lo, span) = (x.min(y), x.max(y) - x.min(y));
                    let (mut simd, mut scalar) = (
                        ([0u16; FIVE_PAD], [0u16; BUCKETS + 1]),
                        ([0u16; FIVE_PAD], [0u16; BUCKETS + 1]),
                    );
                    let start = Buckets::<FIVE_PAD>::new(values, values.len()).start;
                    (simd.1, scalar.1) = (start, start);
                    let Some(first) =
                        scatter_range_avx2(values, lo, span, &mut simd.0, &mut simd.1)
                    else {
                        return; // no AVX2 here: nothing to compare
                    };
                    assert_eq!(first, values.len() / 16 * 16);
                    scatter_range_scalar(values, first, lo, span, &mut simd.0, &mut simd.1);
                    scatter_range_scalar(values, 0, lo, span, &mut scalar.0, &mut scalar.1);
                    assert_eq!(simd, scalar, "{hand:?} {lo:#x} {span:#x}");
                    let n = values
                        .iter()
                        .filter(|&&v| v.wrapping_sub(lo) <= span)
                        .count();
                    kept[usize::from(n > 0 && n < values.len())] += 1;
                }
            }
        }
        // The ranges must keep some values but not all, mostly.
        assert!(kept[1] > kept[0], "{kept:?}");
    }

    #[test]
    fn walk_counts_partitions_and_values() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let ev = evaluator(wheel);
            for _ in 0..3 {
                let hand = rng.hand();
                let subsets = HandSubsets::new(&hand, wheel);
                let mut seen = HashSet::new();
                let mut n = 0;
                subsets.for_each_setting(|s, f, m, b| {
                    n += 1;
                    let [fm, mm, bm] = s.masks();
                    assert_eq!(fm | mm | bm, 0x1FFF);
                    assert_eq!(fm.count_ones() + mm.count_ones() + bm.count_ones(), 13);
                    assert!(seen.insert((fm, mm)));
                    let cards = s.cards(&hand);
                    let mut sorted = cards;
                    sorted.sort_unstable();
                    let mut h = hand;
                    h.sort_unstable();
                    assert_eq!(sorted, h);
                    assert_eq!(direct(&cards, ev), [f, m, b]);
                    assert_eq!(subsets.values(s), [f, m, b]);
                });
                assert_eq!(n, 72_072);
            }
        }
    }

    #[test]
    fn all_settings_filters_by_legality() {
        let hand = Rng(7).hand();
        let ev = evaluator(Wheel::Lowest);
        let all = all_settings(&hand, Wheel::Lowest, |_, _, _| true);
        assert_eq!(all.len(), 72_072);
        let distinct: HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 72_072);
        let legal = all_settings(&hand, Wheel::Lowest, default_rule);
        let expect = all
            .iter()
            .filter(|s| {
                let [f, m, b] = direct(s, ev);
                default_rule(f, m, b)
            })
            .count();
        assert_eq!(legal.len(), expect);
        assert_eq!(
            all_settings(&hand, Wheel::Lowest, VALUE_ORDER).len(),
            expect
        );
    }

    /// A setting as 13 codes with its values.
    type Scored = ([Card; 13], [u32; 3]);

    fn check_pareto(hand: &[Card; 13], wheel: Wheel, all: &[([Card; 13], [u32; 3])]) {
        let ev = evaluator(wheel);
        let strict = |f: u32, m: u32, b: u32| f < m && m < b;
        let odd = |f: u32, m: u32, b: u32| (f ^ m ^ b) % 3 > 0;
        let cases: Vec<(Vec<Scored>, HashSet<[u32; 3]>)> = vec![
            (
                pareto_settings(hand, wheel, VALUE_ORDER),
                brute_pareto(all, default_rule),
            ),
            (
                pareto_settings(hand, wheel, default_rule),
                brute_pareto(all, default_rule),
            ),
            (
                pareto_settings(hand, wheel, ValueOrder(strict)),
                brute_pareto(all, strict),
            ),
            (pareto_settings(hand, wheel, odd), brute_pareto(all, odd)),
            // An extra condition under the order promise: a beaten candidate
            // may be the legal one, so legality must come before dominance.
            (
                pareto_settings(hand, wheel, ValueOrder(odd)),
                brute_pareto(all, |f: u32, m: u32, b: u32| {
                    default_rule(f, m, b) && odd(f, m, b)
                }),
            ),
        ];
        for (got, expect) in cases {
            let triples: Vec<[u32; 3]> = got.iter().map(|x| x.1).collect();
            let set: HashSet<[u32; 3]> = triples.iter().copied().collect();
            assert_eq!(set.len(), triples.len(), "one setting per triple");
            assert_eq!(set, expect);
            let mut sorted = triples.clone();
            sorted.sort_unstable_by_key(|v| std::cmp::Reverse((v[2], v[1], v[0])));
            assert_eq!(sorted, triples);
            for (cards, v) in &got {
                assert_eq!(&direct(cards, ev), v);
                let mut a = *cards;
                a.sort_unstable();
                let mut h = *hand;
                h.sort_unstable();
                assert_eq!(a, h);
            }
        }
    }

    #[test]
    fn pareto_matches_brute_force() {
        let mut rng = Rng(0xDEAD_BEEF_1234_5678);
        for i in 0..30 {
            let wheel = if i % 3 == 0 {
                Wheel::SecondHighest
            } else {
                Wheel::Lowest
            };
            let hand = rng.hand();
            let all = brute_settings(&hand, evaluator(wheel));
            check_pareto(&hand, wheel, &all);
        }
    }

    #[test]
    fn a_dead_front_has_no_ordered_setting() {
        // Whenever the cheap test calls a front dead, its 126 halvings find
        // no middle at least as strong as it; and the test must fire often
        // enough to matter (it is the point of it).
        let mut rng = Rng(0xDEAD);
        let (mut dead, mut empty) = (0, 0);
        for n in 0..600 {
            let (hand, h) = rng.subsets(n);
            let shape = Shape::new(&hand);
            for f in 0..THREE_SUBSETS {
                let vf = h.three[f];
                let no_setting = h.best_middle(f) < vf;
                empty += usize::from(no_setting);
                if h.front_is_dead(&shape, f, vf) {
                    dead += 1;
                    assert!(no_setting, "{hand:?} front {f}");
                }
            }
        }
        assert!(
            dead * 4 > empty,
            "dead {dead} of {empty} fronts without a setting"
        );
    }

    #[test]
    fn the_known_setting_is_the_strongest_fronts_best() {
        // The sweep reports, at most once, the values of an ordered setting:
        // the strongest front value that has one, the best middle behind one
        // front of that value, and the best back beside that middle. (Not
        // when more than SEED_FRONTS fronts come first that have none, as
        // beside trips of aces.)
        struct Known(Vec<[u32; 3]>);
        impl SweepControl for Known {
            fn stop(&mut self, _: u32, _: &Corners, _: &[(SettingIdx, [u32; 3])]) -> Verdict {
                Verdict::Stop
            }
            fn known(&mut self, values: [u32; 3]) {
                self.0.push(values);
            }
        }
        let mut rng = Rng(0x5EED5);
        let mut silent = 0;
        for n in 0..300 {
            let (_, h) = rng.subsets(n);
            let mut ctl = Known(Vec::new());
            h.sweep(&VALUE_ORDER, &mut ctl);
            assert!(ctl.0.len() <= 1);
            let Some(&[vf, vm, vb]) = ctl.0.first() else {
                silent += 1;
                continue;
            };
            // Per front subset: its value and its best (middle, back).
            let mut best = [(0, (0, 0)); THREE_SUBSETS];
            h.for_each_setting(|s, f, m, b| {
                if f <= m && m <= b {
                    let x = &mut best[s.front as usize];
                    x.0 = f;
                    x.1 = x.1.max((m, b));
                }
            });
            let top = best.iter().map(|x| x.0).max().unwrap();
            assert_eq!(vf, top, "{n}");
            assert!(best.contains(&(vf, (vm, vb))), "{n}: {:?}", [vf, vm, vb]);
        }
        assert!(silent < 15, "{silent} of 300 hands without a known setting");
    }

    #[test]
    fn count_while_is_the_partition_point() {
        // Counted (short) and bisected (long) lists, with runs of equal
        // values, against the standard partition point.
        let mut rng = Rng(0x5EA7);
        for len in 0..200 {
            let mut xs: Vec<u32> = (0..len).map(|_| (rng.next() % 50) as u32).collect();
            xs.sort_unstable();
            for x in 0..52 {
                assert_eq!(
                    count_while(&xs, |v| v < x),
                    xs.partition_point(|&v| v < x),
                    "{len} {x}"
                );
            }
        }
    }

    #[test]
    fn best_ordered_middle_matches_brute_force() {
        // Brute force over the subsets at most the cap, bucket by bucket
        // strongest first: once more than MIDDLE_SCANS are met, the
        // strongest of the last bucket; otherwise the first bucket with a
        // subset disjoint from one of that bucket or a stronger gives the
        // strongest such subset, with one of its partners as the back. The
        // bound is never below the true best ordered middle.
        let t = &*TABLES;
        let mut rng = Rng(0xCAB5);
        let (mut found, mut capped, mut none) = (0, 0, 0);
        for n in 0..400 {
            let (hand, h) = rng.subsets(n);
            let order = strongest_first(&h.five[..FIVE_SUBSETS]);
            for cap in [
                u32::MAX,
                h.five[rng.five()],
                h.five[order[(rng.next() % 40) as usize]],
            ] {
                let below: Vec<usize> = order
                    .iter()
                    .copied()
                    .filter(|&i| h.five[i] <= cap)
                    .collect();
                let disjoint = |x: usize, y: usize| t.mask5[x] & t.mask5[y] == 0;
                let truth = below
                    .iter()
                    .flat_map(|&x| below.iter().map(move |&y| (x, y)))
                    .filter(|&(x, y)| disjoint(x, y) && h.five[y] <= h.five[x])
                    .map(|(_, y)| h.five[y])
                    .max()
                    .unwrap_or(0);
                let mut backs = Buckets::<FIVE_PAD>::new(&h.five[..FIVE_SUBSETS], FIVE_FIRST);
                let (bound, back) = h.best_ordered_middle(&mut backs, cap);
                assert!(bound >= truth && back <= cap, "{hand:?} {cap}");
                // `below` is strongest first, so buckets are runs of it.
                let mut met = 0;
                let mut want = None;
                while met < below.len() {
                    let bucket = bucket_of(h.five[below[met]]);
                    let end = met
                        + below[met..]
                            .iter()
                            .take_while(|&&x| bucket_of(h.five[x]) == bucket)
                            .count();
                    if end > MIDDLE_SCANS {
                        want = Some(h.five[below[met]]);
                        capped += 1;
                        assert_eq!((bound, back), (h.five[below[met]], h.five[below[met]]));
                        break;
                    }
                    let best = below[met..end]
                        .iter()
                        .filter(|&&x| below[..end].iter().any(|&y| disjoint(x, y)))
                        .map(|&x| h.five[x])
                        .max();
                    if let Some(b) = best {
                        want = Some(b);
                        found += 1;
                        let partner = below[met..end].iter().any(|&x| {
                            h.five[x] == b
                                && below[..end]
                                    .iter()
                                    .any(|&y| disjoint(x, y) && h.five[y] == back)
                        });
                        assert!(partner, "{hand:?} {cap}: back {back} is no partner");
                        break;
                    }
                    met = end;
                }
                if want.is_none() {
                    none += 1;
                }
                assert_eq!(bound, want.unwrap_or(0), "{hand:?} {cap}");
            }
        }
        assert!(
            found > 600 && capped > 0 && none > 0,
            "{found} found, {capped} capped, {none} none"
        );
    }

    #[test]
    fn pareto_on_special_hands() {
        // No pair at all (the search cannot stop early), a hand of quads and
        // trips, and one full of equal-valued subsets (four suits of few ranks).
        let hands: [[Card; 13]; 3] = [
            [0, 5, 10, 15, 16, 21, 26, 31, 32, 37, 42, 47, 48],
            [0, 1, 2, 3, 4, 5, 6, 8, 9, 12, 20, 28, 51],
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        ];
        for hand in hands {
            let all = brute_settings(&hand, evaluator(Wheel::Lowest));
            check_pareto(&hand, Wheel::Lowest, &all);
        }
    }

    #[test]
    fn greedy_is_legal_and_greedy() {
        let mut rng = Rng(42);
        for i in 0..2000 {
            let wheel = if i % 2 == 0 {
                Wheel::Lowest
            } else {
                Wheel::SecondHighest
            };
            let ev = evaluator(wheel);
            let hand = rng.hand();
            let s = greedy_setting(&hand, wheel);
            let [f, m, b] = direct(&s, ev);
            assert!(default_rule(f, m, b), "greedy fouls on {hand:?}");
            let subsets = HandSubsets::new(&hand, wheel);
            let best = (0..FIVE_SUBSETS as u16).map(|i| subsets.value5(i)).max();
            assert_eq!(Some(b), best);
        }
    }

    #[test]
    fn results_are_deterministic() {
        let mut rng = Rng(99);
        for _ in 0..5 {
            let hand = rng.hand();
            let a = pareto_settings(&hand, Wheel::Lowest, VALUE_ORDER);
            let b = pareto_settings(&hand, Wheel::Lowest, VALUE_ORDER);
            assert_eq!(a, b);
            assert_eq!(
                greedy_setting(&hand, Wheel::Lowest),
                greedy_setting(&hand, Wheel::Lowest)
            );
            let subsets = HandSubsets::new(&hand, Wheel::Lowest);
            assert_eq!(
                subsets.pareto(&VALUE_ORDER),
                subsets.clone().pareto(&VALUE_ORDER)
            );
        }
    }

    #[test]
    fn checked_entry_points() {
        let codes: Vec<i64> = (0..13).map(|i| 4 * i).collect();
        let ok = checked_pareto_settings(&codes, Wheel::Lowest, VALUE_ORDER);
        assert!(ok.is_ok());
        assert!(matches!(
            hand13(&codes[..12]),
            Err(Error::HandSize { got: 12, .. })
        ));
        let mut dup = codes.clone();
        dup[5] = dup[0];
        assert!(matches!(
            HandSubsets::from_codes(&dup, Wheel::Lowest),
            Err(Error::DuplicateCard { position: 5, .. })
        ));
        let mut bad = codes.clone();
        bad[3] = 52;
        assert!(matches!(
            hand13(&bad),
            Err(Error::CardCode {
                code: 52,
                position: 3
            })
        ));
    }
}
