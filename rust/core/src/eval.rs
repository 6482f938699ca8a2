//! Hand evaluation by lookup tables, 5-card and 3-card hands on one scale
//! (RULES §2–§3).
//!
//! A value is `category << 20 | five 4-bit nibbles`, the nibbles holding the
//! comparison key high to low as `rank + 1` (0 = absent). A front (3 cards)
//! therefore compares with a middle exactly as RULES R-FOUL-3 says: same
//! category, key compared on the front's length, and a prefix-equal front is
//! *lower* (its missing kickers are zeros), so "not stronger" is `front <= middle`.
//! Straights store `(ordinal, top rank + 1)`: the ordinal orders them under the
//! chosen wheel position, the top rank lets a value describe itself.
//!
//! Tables are generated on first use from a direct classifier (`classify`) and
//! checked against an independent brute force in the tests.

#[cfg(test)]
use crate::cards::rank;
use crate::cards::{Card, RANK_CHARS, RANK_NAMES};
use crate::error::{Error, Result};
use std::sync::LazyLock;

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2;

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

/// Per-rank keys whose sums over any 5-card rank multiset (at most four of a
/// rank) are all distinct (found greedily; checked by `all_five_card_hands`).
const RANK_KEYS: [u32; 13] = [
    0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415,
];

/// Bit where the four 3-bit suit counters start in a card key: below it the
/// rank-key sum, which needs 19 bits (the largest is 4 × 79415 + 43258 =
/// 360,918 < 2^19), so a whole key fits in a `u32`.
const SUIT_SHIFT: u32 = 19;
/// A suit counter holds 0 to 5, and 5 = 0b101 is the only such count with
/// both bit 0 and bit 2 set: `key & (key >> 2) & FLUSH_BITS != 0` is a flush.
const FLUSH_BITS: u32 = 0b001_001_001_001 << SUIT_SHIFT;

/// Whether a sum of five card keys is a flush (one suit counter at 5).
#[inline(always)]
fn is_flush(key: u32) -> bool {
    key & (key >> 2) & FLUSH_BITS != 0
}

/// Key of a card code: the rank key in the low 19 bits plus a count of one in
/// its suit's counter. Summing five keys gives the rank multiset (low bits)
/// and whether the hand is a flush, without carries between the fields.
/// Codes 52..255 map to 0 so that an unchecked look-up stays in bounds.
pub static CARD_KEY: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = RANK_KEYS[c >> 2] | 1 << (SUIT_SHIFT as usize + 3 * (c & 3));
        c += 1;
    }
    t
};

/// One bit per card for the validity checks; an invalid code has no bit.
static CARD_BIT: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 1u64 << c;
        c += 1;
    }
    t
};

/// True unless the codes (a hand, or a whole deal) are distinct and all
/// below 52 (branch-free): a sum of single bits has as many bits set as terms
/// only when no two terms share a bit (a repeated card carries into fewer
/// bits), and an invalid code adds no bit at all. The sum cannot wrap: every
/// bit is below 52 and a carry only moves a bit up by merging two.
#[inline(always)]
pub fn is_bad_cards(c: &[u8]) -> bool {
    let mut sum = 0u64;
    for &x in c {
        sum = sum.wrapping_add(CARD_BIT[x as usize]);
    }
    sum.count_ones() as usize != c.len()
}

/// Whether every row of `N` codes (`rows` row-major, N = 3 or 5) is a
/// valid hand: all codes below 52, no card twice in a row. On x86 with
/// SSSE3 (the wheels' x86-64-v2 baseline) by [`rows_valid_simd`], elsewhere
/// by [`rows_valid_scalar`]; both give the same answer on any input.
#[inline]
pub fn rows_valid<const N: usize>(rows: &[u8]) -> bool {
    #[cfg(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "ssse3"
    ))]
    {
        rows_valid_simd::<N>(rows)
    }
    #[cfg(not(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "ssse3"
    )))]
    {
        rows_valid_scalar::<N>(rows)
    }
}

/// [`rows_valid`] by `is_bad_cards` on each row (table look-ups of single
/// bits), the portable path.
pub fn rows_valid_scalar<const N: usize>(rows: &[u8]) -> bool {
    let mut bad = false;
    for r in rows.chunks_exact(N) {
        bad |= is_bad_cards(r);
    }
    !bad
}

/// Shuffle control that rotates each group of `n` bytes among the first 15
/// by `k` places (lane `i` takes the byte `k` places further on, wrapping
/// within its group) and zeroes lane 15.
#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "ssse3"
))]
const fn rotate_within(n: usize, k: usize) -> [u8; 16] {
    let mut t = [0x80u8; 16];
    let mut i = 0;
    while i < 15 {
        t[i] = (i / n * n + (i % n + k) % n) as u8;
        i += 1;
    }
    t
}

/// [`rows_valid`] with SSE2/SSSE3 on 16-byte blocks, without a table: a
/// block at every 15th byte holds 3 rows of five (or 5 rows of three) and one
/// byte of the next row, which is ignored. Within each row, comparing the
/// bytes with the same bytes rotated by one place (`pshufb`) compares codes
/// 0-1, 1-2, 2-3, 3-4, 4-0, and rotated by two places 0-2, 1-3, 2-4, 3-0,
/// 4-1: all ten pairs of five (for three, one rotation covers all three
/// pairs). A code of 52 or more leaves something after a saturating
/// subtraction of 51. Everything is ORed into one register and looked at
/// once at the end, so the loop has no branch on the data; the rows after
/// the last whole block go through [`rows_valid_scalar`].
#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "ssse3"
))]
pub fn rows_valid_simd<const N: usize>(rows: &[u8]) -> bool {
    use safe_arch::{
        bitor_m128i, cmp_eq_mask_i8_m128i, load_unaligned_m128i, m128i, move_mask_i8_m128i,
        shuffle_av_i8z_all_m128i, sub_saturating_u8_m128i,
    };
    let by_one = m128i::from(rotate_within(N, 1));
    let by_two = m128i::from(rotate_within(N, 2));
    let limit = m128i::from([51u8; 16]);
    let mut acc = m128i::from([0u8; 16]);
    let mut done = 0;
    for block in rows.windows(16).step_by(15) {
        let Some(block) = block.first_chunk::<16>() else {
            break;
        };
        let v = load_unaligned_m128i(block);
        let mut hit = sub_saturating_u8_m128i(v, limit);
        hit = bitor_m128i(
            hit,
            cmp_eq_mask_i8_m128i(v, shuffle_av_i8z_all_m128i(v, by_one)),
        );
        if N == 5 {
            hit = bitor_m128i(
                hit,
                cmp_eq_mask_i8_m128i(v, shuffle_av_i8z_all_m128i(v, by_two)),
            );
        }
        acc = bitor_m128i(acc, hit);
        done += 15;
    }
    // one bit per lane that stayed zero; lane 15 (the next row's byte) is ignored
    let zero = move_mask_i8_m128i(cmp_eq_mask_i8_m128i(acc, m128i::from([0u8; 16])));
    zero & 0x7FFF == 0x7FFF && rows_valid_scalar::<N>(&rows[done..])
}

/// Offsets for the 3-card table, indexed by card code.
static R169: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 169 * (c as u16 >> 2);
        c += 1;
    }
    t
};
static R13: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 13 * (c as u16 >> 2);
        c += 1;
    }
    t
};
static R1: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = c as u16 >> 2;
        c += 1;
    }
    t
};

/// Size of the 3-card table: 13³ = 2,197 entries rounded up to a power of
/// two, so `value3` indexes it masked, without a bounds check (the three
/// offsets are table look-ups whose bound the compiler cannot see).
const THREE_SPAN: usize = 4096;

const BUCKET_BITS: u32 = 11;
const BUCKETS: usize = 1 << BUCKET_BITS;
/// 6,175 rank multisets in 8,192 slots: the smallest power of two that holds
/// them, 32 KB of `u32` per value table.
const SLOT_BITS: u32 = 13;
const SLOTS: usize = 1 << SLOT_BITS;
const SLOT_MASK: u32 = (SLOTS - 1) as u32;
/// The bucket hash's multiplier, shifted left by `32 - SUIT_SHIFT`: the low
/// 32 bits of `key × MULT` then depend on the rank-key sum alone (the suit
/// counters are multiplied out of the word), so a whole key hashes like its
/// rank multiset without first being masked. A constant, so that it is an
/// immediate operand; the displacement search succeeds with it for the
/// shipped keys (`Evaluator::build` would panic otherwise, and every test
/// builds the tables).
const MULT: u32 = 0x9E37_79B1 << (32 - SUIT_SHIFT);

/// Bucket of a key.
#[inline(always)]
fn bucket(key: u32) -> usize {
    (key.wrapping_mul(MULT) >> (32 - BUCKET_BITS)) as usize
}

/// Hash-and-displace: `slot = (sum ^ disp[bucket(sum)]) & SLOT_MASK`, found
/// with the largest buckets placed first. Items of one bucket must differ in
/// their low bits, otherwise no displacement separates them and `None` is
/// returned.
fn build_perfect_hash(sums: &[u32]) -> Option<[u16; BUCKETS]> {
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); BUCKETS];
    for &s in sums {
        buckets[bucket(s)].push(s & SLOT_MASK);
    }
    let mut order: Vec<usize> = (0..buckets.len()).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
    let mut used = vec![false; SLOTS];
    let mut disp = [0u16; BUCKETS];
    for b in order {
        let items = &buckets[b];
        if items.is_empty() {
            break;
        }
        let d = (0..SLOTS as u32).find(|&d| {
            let slots: Vec<usize> = items.iter().map(|&h| (h ^ d) as usize).collect();
            slots
                .iter()
                .enumerate()
                .all(|(i, s)| !used[*s] && !slots[..i].contains(s))
        })?;
        for &h in items {
            used[(h ^ d) as usize] = true;
        }
        disp[b] = d as u16;
    }
    Some(disp)
}

/// Tables for one wheel position, in one block (one base register for all
/// of them). Fixed-size arrays: the 5-card indices are masked to the table's
/// size, so those look-ups need no bounds checks.
pub struct Evaluator {
    wheel: Wheel,
    /// The displacements, then two entries of padding (0) that no hash
    /// reaches: the AVX2 kernel gathers each displacement as 32 bits, which
    /// reads the next one too, so the last must have a neighbour in bounds.
    disp: [u16; BUCKETS + 2],
    /// Per slot, the value of a hand that is not a flush, then (from `SLOTS`
    /// on) its value as a flush (0 where the ranks repeat). One hand in 500 is
    /// a flush, so the second half stays out of the cache and the common
    /// look-up touches 32 KB, not 64 as interleaved pairs would.
    values: [u32; 2 * SLOTS],
    /// The value of three ranks at `169 a + 13 b + c`; the tail past 13³ is
    /// padding (0) so that a masked index is in bounds (see `THREE_SPAN`).
    three: [u32; THREE_SPAN],
}

impl Evaluator {
    fn build(wheel: Wheel) -> Box<Evaluator> {
        // Every rank multiset of five cards, at most four of a rank:
        // (rank-key sum, non-flush value, flush value if the ranks are distinct).
        let mut entries: Vec<(u32, u32, u32)> = Vec::with_capacity(6175);
        let mut ranks = [0u8; 5];
        fn rec(
            pos: usize,
            min: u8,
            ranks: &mut [u8; 5],
            wheel: Wheel,
            out: &mut Vec<(u32, u32, u32)>,
        ) {
            if pos == 5 {
                if (0..5).any(|i| ranks.iter().filter(|&&r| r == ranks[i]).count() > 4) {
                    return;
                }
                let sum: u32 = ranks.iter().map(|&r| RANK_KEYS[r as usize]).sum();
                let distinct = (1..5).all(|i| ranks[i] != ranks[i - 1]);
                let flush = if distinct {
                    classify(ranks, true, wheel)
                } else {
                    0
                };
                out.push((sum, classify(ranks, false, wheel), flush));
                return;
            }
            for r in min..13 {
                ranks[pos] = r;
                rec(pos + 1, r, ranks, wheel, out);
            }
        }
        rec(0, 0, &mut ranks, wheel, &mut entries);
        let sums: Vec<u32> = entries.iter().map(|e| e.0).collect();
        let hash =
            build_perfect_hash(&sums).expect("MULT hashes the 6175 rank multisets into 2^13 slots");
        let mut disp = [0u16; BUCKETS + 2];
        disp[..BUCKETS].copy_from_slice(&hash);
        let mut ev = Box::new(Evaluator {
            wheel,
            disp,
            values: [0; 2 * SLOTS],
            three: [0; THREE_SPAN],
        });
        for &(sum, plain, flush) in &entries {
            let slot = ev.slot(sum);
            ev.values[slot] = plain;
            ev.values[SLOTS + slot] = flush;
        }
        for a in 0..13u8 {
            for b in 0..13u8 {
                for c in 0..13u8 {
                    ev.three[a as usize * 169 + b as usize * 13 + c as usize] =
                        classify(&[a, b, c], false, wheel);
                }
            }
        }
        ev
    }

    /// The wheel position of these tables.
    pub fn wheel(&self) -> Wheel {
        self.wheel
    }

    /// Slot of a key: the suit counters sit above `SLOT_MASK` and the
    /// displacements below it, so they need no masking of their own.
    #[inline(always)]
    fn slot(&self, key: u32) -> usize {
        ((key ^ self.disp[bucket(key)] as u32) & SLOT_MASK) as usize
    }

    /// Value of a hand from the sum of its five `CARD_KEY`s.
    #[inline(always)]
    pub fn value_of_key(&self, key: u32) -> u32 {
        self.values[self.slot(key) | (is_flush(key) as usize) << SLOT_BITS]
    }

    /// Value of five valid, distinct card codes (unchecked: codes ≥ 52 give
    /// an unspecified value but never read out of bounds).
    #[inline(always)]
    pub fn value5(&self, c: [Card; 5]) -> u32 {
        let [a, b, d, e, f] = c.map(|x| CARD_KEY[x as usize]);
        self.value_of_key(a + b + d + e + f)
    }

    /// Value of three cards (unchecked like `value5`).
    #[inline(always)]
    pub fn value3(&self, c: [Card; 3]) -> u32 {
        let i = R169[c[0] as usize] + R13[c[1] as usize] + R1[c[2] as usize];
        self.three[i as usize & (THREE_SPAN - 1)]
    }

    /// The value of five card codes, or None unless they are distinct and
    /// all below 52 (one 64-bit mask, [`is_bad_cards`]). Cannot panic: every
    /// table index is a `u8` into a 256-entry table, a shifted hash or a
    /// masked slot, so no bounds check is left on the path (the per-hand
    /// Python call relies on it to skip the panic guard).
    #[inline]
    pub fn value5_checked(&self, c: [Card; 5]) -> Option<u32> {
        (!is_bad_cards(&c)).then(|| self.value5(c))
    }

    /// `value5_checked` for three cards (the index into the 3-card table is
    /// masked to its size).
    #[inline]
    pub fn value3_checked(&self, c: [Card; 3]) -> Option<u32> {
        (!is_bad_cards(&c)).then(|| self.value3(c))
    }

    /// Value of a key, with the flush case out of line: in a batch of
    /// random hands one in 500 is a flush, so the branch is all but always
    /// predicted, and the common path has one test instead of the
    /// index arithmetic of `value_of_key`.
    #[inline(always)]
    fn value_of_key_rarely_flush(&self, key: u32) -> u32 {
        let slot = self.slot(key);
        if is_flush(key) {
            self.flush_value(slot)
        } else {
            self.values[slot]
        }
    }

    #[cold]
    #[inline(never)]
    fn flush_value(&self, slot: usize) -> u32 {
        self.values[SLOTS + slot]
    }

    /// Evaluates rows of `N` codes (N = 3 or 5; `rows` row-major, one value
    /// per row into `out`, `min(rows.len() / N, out.len())` rows) without
    /// checking them: invalid rows get an unspecified value, never an
    /// out-of-bounds read. Five-card rows go eight at a time through the
    /// AVX2 kernel when the CPU has it (`eval/avx2.rs`), the rest through
    /// [`Self::value_rows_scalar`]; both give the same values for valid rows.
    /// [`Self::value_rows_checked`] checks the rows as well.
    #[inline]
    pub fn value_rows<const N: usize>(&self, rows: &[u8], out: &mut [u32]) {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if N == 5 {
            if let Some((done, _)) = avx2::value_rows5::<false>(self, rows, out) {
                self.value_rows_scalar::<5>(&rows[5 * done..], &mut out[done..]);
                return;
            }
        }
        self.value_rows_scalar::<N>(rows, out);
    }

    /// [`Self::value_rows`], returning whether every row (of the whole
    /// `rows`, as [`rows_valid`] says) is a valid hand. The AVX2 kernel
    /// checks the rows in the same pass, from the codes it has in registers
    /// anyway; otherwise [`rows_valid`] reads them again (still in cache).
    #[inline]
    pub fn value_rows_checked<const N: usize>(&self, rows: &[u8], out: &mut [u32]) -> bool {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if N == 5 {
            if let Some(valid) = self.value_rows_avx2(rows, out) {
                return valid;
            }
        }
        self.value_rows_scalar::<N>(rows, out);
        rows_valid::<N>(rows)
    }

    /// [`Self::value_rows`] by the scalar kernel alone, table look-ups per
    /// card (the portable path, and the tail of the AVX2 one).
    #[inline]
    pub fn value_rows_scalar<const N: usize>(&self, rows: &[u8], out: &mut [u32]) {
        if N == 5 {
            for (r, v) in rows.chunks_exact(5).zip(out.iter_mut()) {
                let k = |i: usize| CARD_KEY[r[i] as usize];
                *v = self.value_of_key_rarely_flush(k(0) + k(1) + k(2) + k(3) + k(4));
            }
        } else {
            for (r, v) in rows.chunks_exact(N).zip(out.iter_mut()) {
                *v = self.value3([r[0], r[1], r[N - 1]]);
            }
        }
    }

    /// [`Self::value_rows_checked`] for five-card rows with the AVX2 kernel
    /// (and the scalar one for the rows after the last whole eight), or
    /// None, with `out` untouched, where the CPU has no AVX2: lets tests and
    /// benchmarks run both kernels explicitly.
    pub fn value_rows_avx2(&self, rows: &[u8], out: &mut [u32]) -> Option<bool> {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if let Some((done, valid)) = avx2::value_rows5::<true>(self, rows, out) {
            self.value_rows_scalar::<5>(&rows[5 * done..], &mut out[done..]);
            return Some(valid && rows_valid_scalar::<5>(&rows[5 * done..]));
        }
        let _ = (rows, out);
        None
    }

    /// Value of a checked hand of 3 or 5 cards.
    pub fn value(&self, cards: &[Card]) -> Result<u32> {
        match *cards {
            [a, b, c] => Ok(self.value3([a, b, c])),
            [a, b, c, d, e] => Ok(self.value5([a, b, c, d, e])),
            _ => Err(Error::HandSize {
                expected: "3 or 5".into(),
                got: cards.len(),
            }),
        }
    }

    /// Calls `f(cards, value)` for all 2,598,960 five-card hands, in
    /// lexicographic order of codes. Walks a table of rank-multiset states so
    /// that the innermost loop costs one look-up per hand (see `RankWalk`).
    #[inline]
    pub fn for_each_hand5(&self, mut f: impl FnMut([Card; 5], u32)) {
        let w = rank_walk(self.wheel);
        for a in 0..48u8 {
            let s1 = w.next(0, a);
            for b in a + 1..49 {
                let s2 = w.next(s1, b);
                for c in b + 1..50 {
                    let s3 = w.next(s2, c);
                    for d in c + 1..51 {
                        let last = w.last(w.next(s3, d));
                        if ((a ^ b) | (a ^ c) | (a ^ d)) & 3 != 0 {
                            for e in d + 1..52 {
                                f([a, b, c, d, e], last[(e >> 2) as usize]);
                            }
                        } else {
                            // four suited cards: the fifth of that suit makes a flush
                            for e in d + 1..52 {
                                let v = if (a ^ e) & 3 == 0 {
                                    self.value5([a, b, c, d, e])
                                } else {
                                    last[(e >> 2) as usize]
                                };
                                f([a, b, c, d, e], v);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Rank-multiset states for sequential enumeration: `next` moves from the
/// state of k cards to the state of k + 1 cards by the new card's rank, and
/// `last` gives, for a 4-card state, the non-flush value of each fifth rank.
pub struct RankWalk {
    next: Vec<u16>,
    last: Vec<[u32; 13]>,
}

impl RankWalk {
    fn build(e: &Evaluator) -> RankWalk {
        use std::collections::HashMap;
        // states: multisets of at most 4 ranks, id 0 = empty; level-4 states
        // are numbered first among themselves in `last`.
        let mut ids: HashMap<Vec<u8>, u16> = HashMap::new();
        let mut order: Vec<Vec<u8>> = vec![vec![]];
        ids.insert(vec![], 0);
        let mut i = 0;
        while i < order.len() {
            let ms = order[i].clone();
            if ms.len() < 4 {
                for r in 0..13u8 {
                    let mut m = ms.clone();
                    m.push(r);
                    m.sort_unstable();
                    if !ids.contains_key(&m) {
                        ids.insert(m.clone(), order.len() as u16);
                        order.push(m);
                    }
                }
            }
            i += 1;
        }
        let mut next = vec![0u16; order.len() * 13];
        let mut last = vec![[0u32; 13]; order.len()];
        for (id, ms) in order.iter().enumerate() {
            for r in 0..13u8 {
                let mut m = ms.clone();
                m.push(r);
                if ms.len() < 4 {
                    m.sort_unstable();
                    next[id * 13 + r as usize] = ids[&m];
                } else if m.iter().filter(|&&x| x == r).count() <= 4 {
                    // any suits that are not all equal: clubs for the first card, diamonds after
                    let key: u32 = m
                        .iter()
                        .enumerate()
                        .map(|(j, &x)| CARD_KEY[(4 * x + u8::from(j > 0)) as usize])
                        .sum();
                    last[id][r as usize] = e.value_of_key(key);
                }
            }
        }
        RankWalk { next, last }
    }

    #[inline(always)]
    fn next(&self, state: usize, card: Card) -> usize {
        self.next[state * 13 + (card >> 2) as usize] as usize
    }

    #[inline(always)]
    fn last(&self, state: usize) -> &[u32; 13] {
        &self.last[state]
    }
}

fn rank_walk(wheel: Wheel) -> &'static RankWalk {
    static LOWEST_WALK: LazyLock<RankWalk> =
        LazyLock::new(|| RankWalk::build(evaluator(Wheel::Lowest)));
    static SECOND_WALK: LazyLock<RankWalk> =
        LazyLock::new(|| RankWalk::build(evaluator(Wheel::SecondHighest)));
    match wheel {
        Wheel::Lowest => &LOWEST_WALK,
        Wheel::SecondHighest => &SECOND_WALK,
    }
}

static LOWEST: LazyLock<Box<Evaluator>> = LazyLock::new(|| Evaluator::build(Wheel::Lowest));
static SECOND_HIGHEST: LazyLock<Box<Evaluator>> =
    LazyLock::new(|| Evaluator::build(Wheel::SecondHighest));

/// The shared tables for a wheel position (built on first use, ~ms).
pub fn evaluator(wheel: Wheel) -> &'static Evaluator {
    match wheel {
        Wheel::Lowest => &LOWEST,
        Wheel::SecondHighest => &SECOND_HIGHEST,
    }
}

/// Checks and evaluates 3 or 5 card codes.
pub fn evaluate(codes: &[i64], wheel: Wheel) -> Result<u32> {
    // Fast path without allocation: range and distinctness by a bit mask.
    if let 3 | 5 = codes.len() {
        let mut seen = 0u64;
        let mut c = [0u8; 5];
        let mut ok = true;
        for (slot, &x) in c.iter_mut().zip(codes) {
            if !(0..52).contains(&x) || seen >> x & 1 == 1 {
                ok = false;
                break;
            }
            seen |= 1 << x;
            *slot = x as u8;
        }
        if ok {
            let e = evaluator(wheel);
            return Ok(if codes.len() == 5 {
                e.value5(c)
            } else {
                e.value3([c[0], c[1], c[2]])
            });
        }
    }
    // Slow path: the same checks, with an error that names the problem.
    let cards = crate::cards::check_hand(codes, &[3, 5])?;
    evaluator(wheel).value(&cards)
}

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

/// Is this the value of some 3- or 5-card hand under either wheel position?
pub fn is_valid_value(value: u32) -> bool {
    static VALID: LazyLock<std::collections::HashSet<u32>> = LazyLock::new(|| {
        let mut set = std::collections::HashSet::new();
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            // empty entries (and the 3-card table's padding) hold 0, which is
            // no hand's value (a real value has nibbles set)
            set.extend(e.three.iter().copied().filter(|&v| v != 0));
            set.extend(e.values.iter().copied().filter(|&v| v != 0));
        }
        set
    });
    VALID.contains(&value)
}

fn rank_char(nibble: u8) -> char {
    RANK_CHARS[(nibble.saturating_sub(1) as usize).min(12)]
}

fn name(nibble: u8, plural: bool) -> &'static str {
    let (s, p) = RANK_NAMES[(nibble.saturating_sub(1) as usize).min(12)];
    if plural {
        p
    } else {
        s
    }
}

fn run(ns: &[u8]) -> String {
    ns.iter()
        .filter(|&&n| n != 0)
        .map(|&n| rank_char(n).to_string())
        .collect::<Vec<_>>()
        .join("-")
}

fn kickers(ns: &[u8]) -> String {
    let ks: Vec<u8> = ns.iter().copied().filter(|&n| n != 0).collect();
    match ks.len() {
        0 => String::new(),
        1 => format!(", {} kicker", rank_char(ks[0])),
        _ => format!(", {} kickers", run(&ks)),
    }
}

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

/// Ranks of the hand, for tests: a generic brute-force comparator key that
/// shares nothing with the tables (used by the unit tests below).
#[cfg(test)]
fn brute_key(cards: &[Card], wheel: Wheel) -> (u8, Vec<i32>) {
    let mut rs: Vec<i32> = cards.iter().map(|&c| rank(c) as i32).collect();
    rs.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.len() == 5 && cards.iter().all(|&c| c & 3 == cards[0] & 3);
    let mut distinct = rs.clone();
    distinct.dedup();
    let straight = if cards.len() == 5 && distinct.len() == 5 {
        if rs[0] - rs[4] == 4 {
            Some(rs[0])
        } else if rs == [12, 3, 2, 1, 0] {
            Some(match wheel {
                Wheel::Lowest => 3,
                Wheel::SecondHighest => 11, // between K-high (11) and A-high (12)
            })
        } else {
            None
        }
    } else {
        None
    };
    // group by count
    let mut groups: Vec<(usize, i32)> = distinct
        .iter()
        .map(|&r| (rs.iter().filter(|&&x| x == r).count(), r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    let key: Vec<i32> = groups.iter().map(|g| g.1).collect();
    let counts: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let straight_key = |t: i32| {
        // K-high = 11 vs the second-highest wheel = 11: break with a half step
        vec![2 * t + i32::from(rs == [12, 3, 2, 1, 0] && wheel == Wheel::SecondHighest)]
    };
    match (straight, flush, counts.as_slice()) {
        (Some(12), true, _) if rs[4] == 8 => (9, vec![]),
        (Some(t), true, _) => (8, straight_key(t)),
        (_, _, [4, 1]) => (7, key),
        (_, _, [3, 2]) => (6, key),
        (_, true, _) => (5, key),
        (Some(t), _, _) => (4, straight_key(t)),
        (_, _, [3, ..]) => (3, key),
        (_, _, [2, 2, 1]) => (2, key),
        (_, _, [2, ..]) => (1, key),
        _ => (0, key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn all_five_card_hands() {
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            let mut counts = [0usize; 10];
            let mut distinct = HashSet::new();
            let mut n = 0usize;
            e.for_each_hand5(|c, v| {
                counts[category_of(v) as usize] += 1;
                distinct.insert(v);
                n += 1;
                debug_assert_eq!(v, e.value5(c));
            });
            assert_eq!(n, 2_598_960);
            assert_eq!(distinct.len(), 7462);
            assert_eq!(
                counts,
                [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]
            );
        }
    }

    #[test]
    fn three_card_values() {
        let e = evaluator(Wheel::Lowest);
        let mut distinct = HashSet::new();
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    distinct.insert(e.value3([a, b, c]));
                    assert_eq!(e.value3([a, b, c]), e.value3([c, a, b]));
                }
            }
        }
        assert_eq!(distinct.len(), 455);
    }

    #[test]
    fn checked_values_agree_and_refuse_bad_cards() {
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            e.for_each_hand5(|c, v| {
                assert_eq!(e.value5_checked(c), Some(v));
                assert_eq!(e.value5_checked([c[4], c[2], c[0], c[3], c[1]]), Some(v));
            });
            for a in 0..52u8 {
                for b in a + 1..52 {
                    for c in b + 1..52 {
                        assert_eq!(e.value3_checked([a, b, c]), Some(e.value3([a, b, c])));
                    }
                }
            }
            for bad in [52u8, 63, 64, 200, 255] {
                assert_eq!(e.value5_checked([0, 1, 2, 3, bad]), None);
                assert_eq!(e.value5_checked([bad, 1, 2, 3, 4]), None);
                assert_eq!(e.value3_checked([0, bad, 2]), None);
            }
            assert_eq!(e.value5_checked([0, 1, 2, 3, 0]), None);
            assert_eq!(e.value5_checked([51, 51, 2, 3, 4]), None);
            assert_eq!(e.value3_checked([7, 8, 7]), None);
            assert_eq!(e.value3_checked([9, 9, 9]), None);
        }
    }

    #[test]
    fn ordering_matches_brute_force_on_a_sample() {
        // deterministic pseudo-random sample (xorshift), no dependency
        let mut s = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            let hands: Vec<Vec<Card>> = (0..4000)
                .map(|_| {
                    let mut deck: Vec<Card> = (0..52).collect();
                    for i in 0..5 {
                        let j = i + (next() % (52 - i as u64)) as usize;
                        deck.swap(i, j);
                    }
                    deck[..5].to_vec()
                })
                .collect();
            for w in hands.windows(2) {
                let (a, b) = (&w[0], &w[1]);
                let va = e.value(a).unwrap();
                let vb = e.value(b).unwrap();
                assert_eq!(
                    va.cmp(&vb),
                    brute_key(a, wheel).cmp(&brute_key(b, wheel)),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn wheel_positions() {
        let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
        let v = |s: &str, w| evaluator(w).value(&p(s)).unwrap();
        for w in [Wheel::Lowest, Wheel::SecondHighest] {
            assert!(v("Ac 2d 3h 4s 5c", w) < v("Ac Kd Qh Js Tc", w));
        }
        assert!(v("Ac 2d 3h 4s 5c", Wheel::Lowest) < v("2c 3d 4h 5s 6c", Wheel::Lowest));
        assert!(
            v("Ac 2d 3h 4s 5c", Wheel::SecondHighest) > v("9c Kd Qh Js Tc", Wheel::SecondHighest)
        );
        assert!(
            v("Ac 2c 3c 4c 5c", Wheel::SecondHighest) > v("9c Kc Qc Jc Tc", Wheel::SecondHighest)
        );
        assert!(v("Ac 2c 3c 4c 5c", Wheel::Lowest) < v("2c 3c 4c 5c 6c", Wheel::Lowest));
        assert_eq!(
            describe(v("Ac 2d 3h 4s 5c", Wheel::SecondHighest)),
            "Straight, 5-4-3-2-A"
        );
    }

    #[test]
    fn descriptions() {
        let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
        let d = |s: &str| describe(evaluator(Wheel::Lowest).value(&p(s)).unwrap());
        assert_eq!(d("Kh Qh 8h 6h 3h"), "Flush, K-Q-8-6-3");
        assert_eq!(d("Qh Qs 5d"), "Pair of Queens, 5 kicker");
        assert_eq!(d("Ah Kh Qh Jh Th"), "Royal flush");
        assert_eq!(d("7h 7s 7d 7c Kd"), "Four of a kind, Sevens, K kicker");
        assert_eq!(d("Qh Qs Qd 5c 5d"), "Full house, Queens full of Fives");
        assert_eq!(d("9h 9s 4d 4c 2d"), "Two pair, Nines and Fours, 2 kicker");
        assert_eq!(
            size_of(evaluator(Wheel::Lowest).value(&p("2h 3s 4d")).unwrap()),
            3
        );
    }

    #[test]
    fn cross_size_examples_rules_3_2() {
        let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
        let v = |s: &str| evaluator(Wheel::Lowest).value(&p(s)).unwrap();
        assert!(v("Ks Kd Ac") > v("Kh Kc Qd Js 9h"));
        assert!(v("Ks Kd 5c") <= v("Kh Kc 5d 4s 3h"));
        assert!(v("As Kd Qc") <= v("Ah Kc Qd 7s 5h"));
        assert!(v("Qs Qd Qc") > v("9h 9c 4d 4s 2h"));
        assert!(v("As Ad 2c") <= v("3h 3c 4d 4s 5h"));
        assert!(v("7s 6d 5c") <= v("2h 2c 4d 8s 9h"));
    }

    /// Deterministic pseudo-random rows of `n` distinct valid codes.
    fn random_rows(rows: usize, n: usize, seed: u64) -> Vec<u8> {
        let mut s = seed | 1;
        let mut deck: Vec<u8> = (0..52).collect();
        let mut out = Vec::with_capacity(rows * n);
        for _ in 0..rows {
            for i in 0..n {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                deck.swap(i, i + (s % (52 - i as u64)) as usize);
            }
            out.extend_from_slice(&deck[..n]);
        }
        out
    }

    /// Every kind of bad row of `n` codes made from `row`: each position
    /// holding 52, 63, 64 (an alias of 0 in six bits), 128 and 255, and every
    /// pair of positions holding the same card (the first's card, and code 0
    /// as well, which an ignored zero lane must not hide).
    fn bad_variants(row: &[u8]) -> Vec<Vec<u8>> {
        let n = row.len();
        let mut out = Vec::new();
        for i in 0..n {
            for bad in [52u8, 63, 64, 128, 255] {
                let mut r = row.to_vec();
                r[i] = bad;
                out.push(r);
            }
            for j in i + 1..n {
                let mut r = row.to_vec();
                r[j] = r[i];
                out.push(r);
                let mut r = row.to_vec();
                (r[i], r[j]) = (0, 0);
                out.push(r);
            }
        }
        out
    }

    /// The validators against `check_hand` and each other: valid batches of
    /// every length around the 16-byte blocks, and each bad-row kind at every
    /// row of such batches (first, middle and last row of a block, the rows
    /// after the last block).
    fn check_row_validators<const N: usize>() {
        let valid = |rows: &[u8]| {
            rows.chunks_exact(N).all(|r| {
                crate::cards::check_hand(&r.iter().map(|&c| c as i64).collect::<Vec<_>>(), &[N])
                    .is_ok()
            })
        };
        let agree = |rows: &[u8], expect: bool| {
            assert_eq!(valid(rows), expect, "{rows:?}");
            assert_eq!(rows_valid_scalar::<N>(rows), expect, "{rows:?}");
            #[cfg(all(
                any(target_arch = "x86", target_arch = "x86_64"),
                target_feature = "ssse3"
            ))]
            assert_eq!(rows_valid_simd::<N>(rows), expect, "{rows:?}");
            assert_eq!(rows_valid::<N>(rows), expect, "{rows:?}");
            let e = evaluator(Wheel::Lowest);
            let mut out = vec![0u32; rows.len() / N];
            assert_eq!(
                e.value_rows_checked::<N>(rows, &mut out),
                expect,
                "{rows:?}"
            );
            if N == 5 {
                let avx2 = e.value_rows_avx2(rows, &mut out);
                assert_eq!(avx2.is_some(), avx2_expected());
                assert!(avx2.is_none_or(|valid| valid == expect), "{rows:?}");
            }
        };
        for len in 0..40 {
            // rows that start with 0 or 51 put those codes in the ignored 16th lane
            let mut rows = random_rows(len, N, 7 + len as u64);
            for (i, r) in rows.chunks_exact_mut(N).enumerate() {
                if i % 3 == 1 {
                    r.sort_unstable();
                } else if i % 3 == 2 {
                    r.sort_unstable_by(|a, b| b.cmp(a));
                }
            }
            agree(&rows, true);
        }
        for len in [1, 2, 3, 4, 5, 6, 7, 11, 16, 17] {
            let rows = random_rows(len, N, 99 + len as u64);
            for at in 0..len {
                for bad in bad_variants(&rows[at * N..(at + 1) * N]) {
                    let mut r = rows.clone();
                    r[at * N..(at + 1) * N].copy_from_slice(&bad);
                    agree(&r, false);
                }
            }
        }
    }

    #[test]
    fn row_validators_five() {
        check_row_validators::<5>();
    }

    #[test]
    fn row_validators_three() {
        check_row_validators::<3>();
    }

    #[test]
    fn value_rows_on_short_and_ragged_batches() {
        // Every length from 0 to 9 rows, with a ragged tail of codes that
        // makes no row, gives every whole row.
        let e = evaluator(Wheel::Lowest);
        let hands: Vec<[u8; 5]> = (0..9u8)
            .map(|i| [i, 13 + i, 26 + i, 39 + i, 51 - i])
            .collect();
        for n in 0..=hands.len() {
            for extra in 0..5 {
                let mut rows: Vec<u8> = hands[..n].concat();
                rows.extend(std::iter::repeat_n(7u8, extra));
                let mut out = vec![0u32; n];
                e.value_rows::<5>(&rows, &mut out);
                let expect: Vec<u32> = hands[..n].iter().map(|h| e.value5(*h)).collect();
                assert_eq!(out, expect, "{n} rows, {extra} extra codes");
            }
        }
    }

    /// Whether `value_rows_avx2` should run here (it says false only
    /// without AVX2).
    fn avx2_expected() -> bool {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        return is_x86_feature_detected!("avx2");
        #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
        false
    }

    /// Both 5-card kernels on `rows` (and the dispatching `value_rows`),
    /// each into an output prefilled with a marker; the AVX2 one only where
    /// the CPU has it, and then it must run.
    fn both_kernels(e: &Evaluator, rows: &[u8], n: usize) -> [Vec<u32>; 3] {
        let mut scalar = vec![u32::MAX; n];
        e.value_rows_scalar::<5>(rows, &mut scalar);
        let mut avx2 = vec![u32::MAX; n];
        assert_eq!(
            e.value_rows_avx2(rows, &mut avx2).is_some(),
            avx2_expected()
        );
        if !avx2_expected() {
            avx2.clone_from(&scalar);
        }
        let mut dispatched = vec![u32::MAX; n];
        e.value_rows::<5>(rows, &mut dispatched);
        [scalar, avx2, dispatched]
    }

    #[test]
    fn five_card_kernels_agree_on_every_hand() {
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            let mut rows = Vec::with_capacity(5 * 2_598_960);
            let mut expect = Vec::with_capacity(2_598_960);
            let mut i = 0usize;
            e.for_each_hand5(|mut c, v| {
                // every card in every position of a row (the kernel reads
                // the fifth card apart from the first four)
                c.rotate_left(i % 5);
                if i % 7 == 0 {
                    c.reverse();
                }
                i += 1;
                rows.extend_from_slice(&c);
                expect.push(e.value5(c));
                assert_eq!(e.value5(c), v);
            });
            for out in both_kernels(e, &rows, expect.len()) {
                assert!(out == expect, "{wheel:?}");
            }
        }
    }

    #[test]
    fn five_card_kernels_agree_on_ragged_batches() {
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            for len in 0..40 {
                for extra in 0..5 {
                    let mut rows = random_rows(len, 5, 31 * len as u64 + extra as u64);
                    rows.extend(std::iter::repeat_n(9u8, extra));
                    let expect: Vec<u32> = rows
                        .chunks_exact(5)
                        .map(|r| e.value5([r[0], r[1], r[2], r[3], r[4]]))
                        .collect();
                    for out in both_kernels(e, &rows, len) {
                        assert_eq!(out, expect, "{len} rows, {extra} extra codes");
                    }
                    // a longer output than there are rows: its tail untouched
                    let mut out = vec![u32::MAX; len + 9];
                    if e.value_rows_avx2(&rows, &mut out).is_some() {
                        assert_eq!(&out[..len], &expect[..]);
                        assert!(out[len..].iter().all(|&v| v == u32::MAX));
                    }
                }
            }
        }
    }

    #[test]
    fn five_card_kernels_survive_invalid_codes() {
        // Invalid rows get unspecified values, but the valid rows around
        // them are still right and nothing reads out of bounds.
        let e = evaluator(Wheel::Lowest);
        let base = random_rows(40, 5, 5);
        let mut bad_rows = bad_variants(&base[..5]);
        bad_rows.extend([[255u8; 5].to_vec(), [52, 53, 54, 55, 56].to_vec()]);
        bad_rows.extend((0..=255u8).map(|c| vec![c; 5]));
        bad_rows.extend((0..=255u8).map(|c| vec![c, c ^ 0x80, 255 - c, c ^ 0x3F, c ^ 0xC0]));
        for (k, bad) in bad_rows.iter().enumerate() {
            let mut rows = base.clone();
            let at = k % 40;
            rows[5 * at..5 * at + 5].copy_from_slice(bad);
            let [scalar, avx2, dispatched] = both_kernels(e, &rows, 40);
            for out in [&scalar, &avx2, &dispatched] {
                for (i, r) in rows.chunks_exact(5).enumerate() {
                    if i != at {
                        assert_eq!(out[i], e.value5([r[0], r[1], r[2], r[3], r[4]]));
                    }
                }
            }
        }
    }

    #[test]
    fn value_rows_equals_value5_and_value3() {
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            let mut rows = Vec::new();
            let mut expect = Vec::new();
            e.for_each_hand5(|c, v| {
                rows.extend_from_slice(&c);
                expect.push(v);
            });
            let mut out = vec![0u32; expect.len()];
            e.value_rows::<5>(&rows, &mut out);
            assert!(out == expect);
            assert!(rows_valid::<5>(&rows));
            let mut rows = Vec::new();
            let mut expect = Vec::new();
            for a in 0..52u8 {
                for b in (0..52u8).filter(|&b| b != a) {
                    for c in (0..52u8).filter(|&c| c != a && c != b) {
                        rows.extend_from_slice(&[a, b, c]);
                        expect.push(e.value3([a, b, c]));
                    }
                }
            }
            let mut out = vec![0u32; expect.len()];
            e.value_rows::<3>(&rows, &mut out);
            assert!(out == expect);
            assert!(rows_valid::<3>(&rows));
        }
    }
}
