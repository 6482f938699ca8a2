//! AVX2 versions of the search's hot loops, chosen at run time like the
//! evaluator's kernel (`eval/avx2.rs`): each public function asks
//! `is_x86_feature_detected!` (std caches the answer) and returns None
//! without AVX2, and the caller then runs its scalar loop. Both give the
//! same results, bit for bit.
//!
//! Subset values: the codes of all 1,287 five-card subsets are written out
//! as rows, one byte shuffle per 32 bytes of a static table of positions
//! (the hand fits a 16-byte register), and go through the evaluator's own
//! eight-at-a-time kernel (`Evaluator::value_rows`).
//!
//! Best middle of a front: the 126 halvings `[x, y]` of the other ten
//! cards, eight a step (two gathers of subset values, a min, a running
//! max); the 126 = 15 x 8 + 6 halvings end with a step over the last eight,
//! which repeats two (harmless under a max) instead of reading past them.
//!
//! Split scan of a back: its 56 splits `[middle, front]`, eight a step (two
//! gathers), the five bounds as unsigned compares, a movemask, and the
//! positions of the passing splits written in order from a table of the
//! set bits of every byte (eight positions, of which the first `popcnt`
//! count).
//!
//! Disjoint partner in `best_ordered_middle`: the last of the masks met so
//! far that shares no position with a subset's, sixteen masks a step from
//! the top (an and, a compare with zero, a movemask, the highest set bit).
//!
//! Partial scatter of `Buckets`: the values in a range, eight a group (a
//! subtraction of the range's low end, an unsigned compare with its span,
//! a movemask), their indices written in order to a list from the table of
//! set bits (as in the split scan), then a loop over the list that
//! scatters only those (the first pass keeps about a tenth of the
//! five-card values).
//!
//! Safety: every `unsafe` here is a load, a shuffle or a store on a slice of
//! known length, or the call of an `avx2` function, made only after
//! `is_x86_feature_detected!`. Shuffle indices are positions below 13, read
//! from a static table, so they only pick bytes of the hand's register.
//! Gather indices are masked to the value arrays' lengths (`FIVE_PAD`,
//! `THREE_PAD`, powers of two), so no table entry, right or wrong, can lead
//! a read out of bounds.
#![allow(unsafe_code)]

#[cfg(target_arch = "x86")]
use std::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

use super::{
    slot_of, Scan, ScanBounds, BUCKETS, FIVE_PAD, FIVE_SUBSETS, HALVES, HAND_SIZE, MIDDLE_SCANS,
    SPLITS_PER_BACK, THREE_PAD,
};
use crate::cards::Card;
use crate::eval::Evaluator;
use std::mem::MaybeUninit;

/// Bytes of the subset rows, five per subset, rounded up to whole 32-byte
/// shuffles.
const ROWS5_LEN: usize = (5 * FIVE_SUBSETS).div_ceil(32) * 32;

/// The positions of every 5-subset in increasing mask order (the order of
/// `Tables::mask5`), five bytes a subset, lowest position first; zeros after
/// the last.
static ROWS5: [u8; ROWS5_LEN] = {
    let mut t = [0u8; ROWS5_LEN];
    let (mut m, mut n) = (0u32, 0);
    while m < 1 << HAND_SIZE {
        if m.count_ones() == 5 {
            let mut p = 0;
            while p < HAND_SIZE {
                if m >> p & 1 == 1 {
                    t[n] = p as u8;
                    n += 1;
                }
                p += 1;
            }
        }
        m += 1;
    }
    t
};

/// Whether this CPU has AVX2 (std caches the answer after the first call).
#[inline]
fn available() -> bool {
    is_x86_feature_detected!("avx2")
}

/// The values of the 1,287 five-card subsets of `hand` into `five[..1287]`
/// in subset order, or None (and `five` untouched) without AVX2.
#[inline]
pub(super) fn five_values(
    hand: &[Card; HAND_SIZE],
    ev: &Evaluator,
    five: &mut [u32],
) -> Option<()> {
    if !available() {
        return None;
    }
    // Not zeroed first: every byte is written below (6 KB less to clear).
    let mut rows = MaybeUninit::<[u8; ROWS5_LEN]>::uninit();
    // SAFETY: the CPU has AVX2 (checked just above); `subset_rows` writes
    // all ROWS5_LEN bytes (whole 32-byte chunks of a multiple of 32), so the
    // array is initialised afterwards.
    // (A reference, not a move: that would copy the 6 KB.)
    let rows = unsafe {
        subset_rows(hand, rows.as_mut_ptr().cast());
        rows.assume_init_ref()
    };
    ev.value_rows::<5>(&rows[..5 * FIVE_SUBSETS], five);
    Some(())
}

/// Writes the codes of `ROWS5`'s positions in `hand` to the `ROWS5_LEN`
/// bytes at `rows`.
///
/// # Safety
/// The CPU must have AVX2, and `rows` must be valid for `ROWS5_LEN` bytes of
/// writes.
#[target_feature(enable = "avx2")]
unsafe fn subset_rows(hand: &[Card; HAND_SIZE], rows: *mut u8) {
    const _: () = assert!(ROWS5_LEN % 32 == 0);
    let mut padded = [0u8; 16];
    padded[..HAND_SIZE].copy_from_slice(hand);
    // SAFETY: padded is 16 bytes.
    let h = _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(padded.as_ptr().cast()) });
    for (k, src) in ROWS5.chunks_exact(32).enumerate() {
        // SAFETY: src is 32 bytes; the store covers bytes 32k..32k + 32 of
        // `rows`, below ROWS5_LEN (the caller's promise). Positions are
        // below 16, so the shuffle reads the hand's bytes (in both lanes).
        unsafe {
            let p = _mm256_loadu_si256(src.as_ptr().cast());
            _mm256_storeu_si256(rows.add(32 * k).cast(), _mm256_shuffle_epi8(h, p));
        }
    }
}

/// `min(five[x], five[y])` maximised over the halvings `[x, y]`, or None
/// without AVX2.
#[inline]
pub(super) fn best_middle(five: &[u32; FIVE_PAD], halves: &[[u16; 2]; HALVES]) -> Option<u32> {
    if !available() {
        return None;
    }
    // SAFETY: the CPU has AVX2 (checked just above).
    Some(unsafe { best_middle_avx2(five, halves) })
}

/// See [`best_middle`].
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn best_middle_avx2(five: &[u32; FIVE_PAD], halves: &[[u16; 2]; HALVES]) -> u32 {
    const _: () = assert!(HALVES >= 8 && FIVE_PAD.is_power_of_two() && FIVE_PAD <= 1 << 16);
    let low = _mm256_set1_epi32(FIVE_PAD as i32 - 1);
    let base = five.as_ptr().cast::<i32>();
    let mut best = _mm256_setzero_si256();
    let mut at = 0;
    loop {
        let start = at.min(HALVES - 8);
        // SAFETY: entries start..start + 8 of `halves` (start <= HALVES - 8)
        // are 32 bytes, one [x, y] pair of u16s per 32-bit lane.
        let pairs = unsafe { _mm256_loadu_si256(halves.as_ptr().add(start).cast()) };
        let x = _mm256_and_si256(pairs, low);
        let y = _mm256_srli_epi32::<16>(pairs);
        // SAFETY: x and y are masked below FIVE_PAD, the length of `five`.
        let (vx, vy) = unsafe {
            (
                _mm256_i32gather_epi32::<4>(base, x),
                _mm256_i32gather_epi32::<4>(base, _mm256_and_si256(y, low)),
            )
        };
        best = _mm256_max_epu32(best, _mm256_min_epu32(vx, vy));
        if start == HALVES - 8 {
            break;
        }
        at += 8;
    }
    let half = _mm_max_epu32(
        _mm256_castsi256_si128(best),
        _mm256_extracti128_si256::<1>(best),
    );
    let half = _mm_max_epu32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let half = _mm_max_epu32(half, _mm_shuffle_epi32::<0b10_11_00_01>(half));
    _mm_cvtsi128_si32(half) as u32
}

/// For each byte value, the positions of its set bits low to high, one a
/// byte, in a u64 (the bytes past the count are 0).
static SET_BITS: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if m >> bit & 1 == 1 {
                t[m] |= (bit as u64) << (8 * k);
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

/// Writes the positions (0..56) of the passing splits, in order, to the
/// start of `cand` and returns how many, or None without AVX2 (the bytes of
/// `cand` after the count are unspecified).
#[inline]
pub(super) fn scan_splits(
    five: &[u32; FIVE_PAD],
    three: &[u32; THREE_PAD],
    splits: &[[u16; 2]; SPLITS_PER_BACK],
    bounds: ScanBounds,
    out: &mut Scan,
) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: the CPU has AVX2 (checked just above).
    unsafe { scan_splits_avx2(five, three, splits, bounds, out) };
    true
}

/// See [`scan_splits`].
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn scan_splits_avx2(
    five: &[u32; FIVE_PAD],
    three: &[u32; THREE_PAD],
    splits: &[[u16; 2]; SPLITS_PER_BACK],
    bounds: ScanBounds,
    out: &mut Scan,
) {
    const _: () = assert!(SPLITS_PER_BACK % 8 == 0 && SPLITS_PER_BACK + 8 <= 64);
    const _: () = assert!(FIVE_PAD.is_power_of_two() && THREE_PAD.is_power_of_two());
    let five_low = _mm256_set1_epi32(FIVE_PAD as i32 - 1);
    let three_low = _mm256_set1_epi32(THREE_PAD as i32 - 1);
    let b = |x: u32| _mm256_set1_epi32(x as i32);
    let (back, above, front_cap, mid_floor) = (
        b(bounds.back),
        b(bounds.above),
        b(bounds.front_cap),
        b(bounds.mid_floor),
    );
    // Unsigned x <= y as a lane mask: min(x, y) == x.
    macro_rules! le {
        ($x:expr, $y:expr) => {
            _mm256_cmpeq_epi32(_mm256_min_epu32($x, $y), $x)
        };
    }
    let (mut top_m, mut top_f) = (_mm256_setzero_si256(), _mm256_setzero_si256());
    let mut n = 0;
    for (k, group) in splits.chunks_exact(8).enumerate() {
        // SAFETY: group is eight [m, f] pairs of u16s, 32 bytes.
        let pairs = unsafe { _mm256_loadu_si256(group.as_ptr().cast()) };
        let m = _mm256_and_si256(pairs, five_low);
        let f = _mm256_and_si256(_mm256_srli_epi32::<16>(pairs), three_low);
        // SAFETY: m < FIVE_PAD and f < THREE_PAD (masked), the lengths of
        // `five` and `three`.
        let (vm, vf) = unsafe {
            (
                _mm256_i32gather_epi32::<4>(five.as_ptr().cast(), m),
                _mm256_i32gather_epi32::<4>(three.as_ptr().cast(), f),
            )
        };
        let pass = _mm256_and_si256(
            _mm256_and_si256(le!(vm, back), le!(vf, vm)),
            _mm256_and_si256(le!(above, vf), le!(vf, front_cap)),
        );
        let pass = _mm256_andnot_si256(le!(vm, mid_floor), pass);
        top_m = _mm256_max_epu32(top_m, _mm256_and_si256(vm, pass));
        top_f = _mm256_max_epu32(top_f, _mm256_and_si256(vf, pass));
        // The values as (middle, front) pairs, positions 8k to 8k + 7.
        if let Some(dst) = out.values.get_mut(8 * k..8 * k + 8) {
            let (lo, hi) = (_mm256_unpacklo_epi32(vm, vf), _mm256_unpackhi_epi32(vm, vf));
            // SAFETY: dst is eight [u32; 2], 64 bytes; lanes 0-1 of lo and
            // hi hold pairs 0-3, lanes 2-3 pairs 4-7.
            unsafe {
                let p = dst.as_mut_ptr().cast::<__m256i>();
                _mm256_storeu_si256(p, _mm256_permute2x128_si256::<0x20>(lo, hi));
                _mm256_storeu_si256(p.add(1), _mm256_permute2x128_si256::<0x31>(lo, hi));
            }
        }
        let bits = _mm256_movemask_ps(_mm256_castsi256_ps(pass)) as usize & 0xFF;
        // Positions 8k + bit; the bytes past the count are overwritten by
        // the next step or ignored.
        let at = SET_BITS[bits] + (8 * k as u64) * 0x0101_0101_0101_0101;
        if let Some(dst) = out.cand.get_mut(n..n + 8) {
            dst.copy_from_slice(&at.to_le_bytes());
        }
        n += bits.count_ones() as usize;
    }
    out.n = n;
    out.top = [hmax(top_m), hmax(top_f)];
}

/// The largest lane (unsigned) of `x`.
#[target_feature(enable = "avx2")]
fn hmax(x: __m256i) -> u32 {
    let half = _mm_max_epu32(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
    let half = _mm_max_epu32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let half = _mm_max_epu32(half, _mm_shuffle_epi32::<0b10_11_00_01>(half));
    _mm_cvtsi128_si32(half) as u32
}

/// The index of the last of `masks[..n]` that shares no bit with `mask`
/// (None if none does), or the outer None without AVX2. `n` above the length
/// counts as the length.
#[inline]
pub(super) fn last_disjoint(
    masks: &[u16; MIDDLE_SCANS],
    n: usize,
    mask: u16,
) -> Option<Option<usize>> {
    if !available() {
        return None;
    }
    // SAFETY: the CPU has AVX2 (checked just above).
    Some(unsafe { last_disjoint_avx2(masks, n.min(MIDDLE_SCANS), mask) })
}

/// See [`last_disjoint`]; `n <= MIDDLE_SCANS`.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn last_disjoint_avx2(masks: &[u16; MIDDLE_SCANS], n: usize, mask: u16) -> Option<usize> {
    const _: () = assert!(MIDDLE_SCANS % 16 == 0);
    let m = _mm256_set1_epi16(mask as i16);
    let zero = _mm256_setzero_si256();
    for (k, group) in masks[..n.div_ceil(16) * 16]
        .chunks_exact(16)
        .enumerate()
        .rev()
    {
        // SAFETY: group is sixteen u16s, 32 bytes.
        let v = unsafe { _mm256_loadu_si256(group.as_ptr().cast()) };
        let hit = _mm256_cmpeq_epi16(_mm256_and_si256(v, m), zero);
        // Two bits per mask; only those of masks below n count.
        let valid = (n - 16 * k).min(16);
        let bits = _mm256_movemask_epi8(hit) as u32 as u64 & ((1u64 << (2 * valid)) - 1);
        if bits != 0 {
            return Some(16 * k + (63 - bits.leading_zeros() as usize) / 2);
        }
    }
    None
}

/// Scatters the index of every value in `lo..=lo + span` among the leading
/// multiple of 16 of `values` (at most `FIVE_PAD`) to `order`, at the cursor
/// `at` of its slot (which then advances), in index order, and returns how
/// many values it looked at; or None without AVX2.
#[inline]
pub(super) fn scatter_range<const N: usize>(
    values: &[u32],
    lo: u32,
    span: u32,
    order: &mut [u16; N],
    at: &mut [u16; BUCKETS + 1],
) -> Option<usize> {
    if !available() {
        return None;
    }
    // SAFETY: the CPU has AVX2 (checked just above).
    Some(unsafe { scatter_range_avx2(values, lo, span, order, at) })
}

/// See [`scatter_range`]. Two loops: the first writes the indices in range
/// to a list without a branch on the data, the second scatters the list.
/// (A loop over each step's set bits instead mispredicted its exit about
/// once a step: fewer instructions, more time.)
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn scatter_range_avx2<const N: usize>(
    values: &[u32],
    lo: u32,
    span: u32,
    order: &mut [u16; N],
    at: &mut [u16; BUCKETS + 1],
) -> usize {
    const { assert!(N.is_power_of_two() && N <= 1 << 16) };
    let (low, top) = (_mm256_set1_epi32(lo as i32), _mm256_set1_epi32(span as i32));
    // The indices in range, in order. Not zeroed first (4 KB less to clear):
    // read only below `n`, which every entry there was written.
    let mut kept = MaybeUninit::<[u16; FIVE_PAD]>::uninit();
    let kept_at = kept.as_mut_ptr().cast::<u16>();
    let mut n = 0;
    let looked = values.len().min(FIVE_PAD) / 16 * 16;
    // The index of each lane's value, eight lanes a group; two groups a
    // step (one loop branch for 16 values).
    let mut base = _mm_setzero_si128();
    let step = _mm_set1_epi16(8);
    for pair in values[..looked].chunks_exact(16) {
        for group in pair.chunks_exact(8) {
            // SAFETY: group is 8 u32s, 32 bytes.
            let v = unsafe { _mm256_loadu_si256(group.as_ptr().cast()) };
            // In range when v - lo <= span, unsigned: min(d, span) == d.
            let d = _mm256_sub_epi32(v, low);
            let pass = _mm256_cmpeq_epi32(_mm256_min_epu32(d, top), d);
            let bits = _mm256_movemask_ps(_mm256_castsi256_ps(pass)) as usize & 0xFF;
            // The lanes in range first (then zeros), plus their base: eight
            // indices, of which the popcount count.
            let lanes = _mm_cvtepu8_epi16(_mm_cvtsi64_si128(SET_BITS[bits] as i64));
            // SAFETY: n is at most 8 per group before this one, so entries
            // n..n + 8 are below `looked` <= FIVE_PAD, inside `kept`.
            unsafe { _mm_storeu_si128(kept_at.add(n).cast(), _mm_add_epi16(lanes, base)) };
            n += bits.count_ones() as usize;
            base = _mm_add_epi16(base, step);
        }
    }
    // SAFETY: n <= looked <= FIVE_PAD, and each entry below n was written:
    // a group writes 8 from the n of its time and keeps its popcount of
    // them, and the next group writes from there on.
    let kept = unsafe { std::slice::from_raw_parts(kept_at, n) };
    for &i in kept {
        // SAFETY: a kept index is a lane's, below `looked` <= the length.
        let v = unsafe { *values.get_unchecked(usize::from(i)) };
        let c = &mut at[slot_of(v)];
        order[usize::from(*c) & (N - 1)] = i;
        *c += 1;
    }
    looked
}
