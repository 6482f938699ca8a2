//! The 5-card batch kernel with AVX2, eight rows per step, chosen at run
//! time (the wheels target x86-64-v2, which has no AVX2): `value_rows`
//! asks `is_x86_feature_detected!` (std caches the answer) and falls back
//! to the scalar kernel, which also does the rows after the last eight.
//!
//! The scalar kernel spends about twelve loads on a hand (five codes, five
//! `CARD_KEY`s, a displacement, a value), so it waits on the load ports.
//! Here a rank key is computed, not loaded: two in-register tables of
//! eight (`vpermd` reads only the low three bits of each index, so the code
//! need not be isolated first), one for ranks 0-7 and one for 8-12, each
//! indexed so that the other ranks find a 0 in it. The suit counters of
//! `CARD_KEY` are left out of the key: they take no part in the hash (see
//! `MULT`, `SLOT_MASK`), and the flush they would show is read off the
//! codes (all five share their low two bits). A flush reads the table's
//! flush half by an added offset, without a branch. Eight hands cost four
//! 16-byte loads, three shuffles and two gathers (displacement, value).
//! With `CHECK` the same pass checks the rows from the codes already in
//! registers, rather than reading them again in a second `rows_valid` pass.
//!
//! Safety: every `unsafe` here is a load, a gather or a store, or the call
//! of the `avx2` function, made only after `is_x86_feature_detected!`.
//! Loads and the store stay inside a 40-byte block and an 8-value block of
//! the caller's slices. Gather indices are bounded by construction, not by
//! the data: a bucket is the top 11 bits of a product (< 2^11, and the
//! displacement table has two entries of padding for the 32-bit read of the
//! last one), a value index is a slot masked to 13 bits plus 0 or 2^13
//! (< 2^14, the value table's length). Invalid codes (52 and up) only give
//! other keys, hence unspecified values, never other addresses.
#![allow(unsafe_code)]

#[cfg(target_arch = "x86")]
use std::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

use super::hash::{BUCKET_BITS, MULT, SLOTS, SLOT_MASK};
use super::keys::RANK_KEYS;
use super::tables::Evaluator;

// The bounds argument above, checked at compile time.
const _: () = assert!(BUCKET_BITS == 11 && SLOTS == 1 << 13 && SLOT_MASK as usize == SLOTS - 1);
// The blend-free rank look-up below relies on it.
const _: () = assert!(RANK_KEYS[0] == 0);

/// Whether this CPU has AVX2 (std caches the answer after the first call).
#[inline]
pub(super) fn available() -> bool {
    is_x86_feature_detected!("avx2")
}

/// Evaluates the rows of five codes in whole steps of eight, `min(rows/5,
/// out.len())` rounded down to a multiple of 8, and returns how many rows
/// it did and, with `CHECK`, whether they were all valid hands (codes below
/// 52, no card twice: `rows_valid`), or None without AVX2. The caller does
/// the rest with the scalar kernel.
#[inline]
pub(super) fn value_rows5<const CHECK: bool>(
    e: &Evaluator,
    rows: &[u8],
    out: &mut [u32],
) -> Option<(usize, bool)> {
    if !available() {
        return None;
    }
    // SAFETY: the CPU has AVX2 (checked just above).
    Some(unsafe { value_rows5_avx2::<CHECK>(e, rows, out) })
}

/// The bits of a `u32` constant as the `i32` the intrinsics take.
const fn bits(x: u32) -> i32 {
    x as i32
}

/// Shuffle controls on the two loads of a half-block of four rows, one from
/// its byte 0 (`A`) and one from its byte 4 (`B`): `FIRST_A | FIRST_B` puts
/// cards 0-3 of row k into dword k (row 3's are bytes 15-18, only in `B`),
/// `FIFTH` puts card 4 of row k (byte 5k + 4, so 5k of `B`) into every byte
/// of dword k. The same in both 128-bit lanes; -128 makes a zero byte.
const FIRST_A: [i8; 32] = shuffle(0);
const FIRST_B: [i8; 32] = shuffle(1);
const FIFTH: [i8; 32] = shuffle(2);

/// Byte `b` of dword `k` of a lane, for the control `which` (as above).
const fn shuffle(which: u8) -> [i8; 32] {
    let mut t = [-128i8; 32];
    let mut n = 0;
    while n < 32 {
        let (k, b) = ((n % 16 / 4) as i8, (n % 4) as i8);
        t[n] = match which {
            0 if k < 3 => 5 * k + b,
            1 if k == 3 => 11 + b,
            2 => 5 * k,
            _ => -128,
        };
        n += 1;
    }
    t
}

/// The kernel (see the module documentation): eight rows a step, `n` rows
/// in all, and whether those were all valid when `CHECK`.
///
/// # Safety
/// The CPU must have AVX2; everything else is checked or bounded here.
#[target_feature(enable = "avx2")]
unsafe fn value_rows5_avx2<const CHECK: bool>(
    e: &Evaluator,
    rows: &[u8],
    out: &mut [u32],
) -> (usize, bool) {
    let n = (rows.len() / 5).min(out.len()) / 8 * 8;
    let rk = |k: usize| bits(RANK_KEYS[k]);
    let rank_lo = _mm256_setr_epi32(rk(0), rk(1), rk(2), rk(3), rk(4), rk(5), rk(6), rk(7));
    let rank_hi = _mm256_setr_epi32(0, rk(8), rk(9), rk(10), rk(11), rk(12), 0, 0);
    // SAFETY: each control is 32 bytes.
    let (first_a, first_b, fifth) = unsafe {
        (
            _mm256_loadu_si256(FIRST_A.as_ptr().cast()),
            _mm256_loadu_si256(FIRST_B.as_ptr().cast()),
            _mm256_loadu_si256(FIFTH.as_ptr().cast()),
        )
    };
    // code 32 is the first card of rank 8, code 28 the first of rank 7
    let first_of_8 = _mm256_set1_epi8(32);
    let first_of_7 = _mm256_set1_epi8(28);
    let mult = _mm256_set1_epi32(bits(MULT));
    let slot_mask = _mm256_set1_epi32(bits(SLOT_MASK));
    let suits = _mm256_set1_epi32(0x0303_0303);
    let flush_half = _mm256_set1_epi32(SLOTS as i32);
    let zero = _mm256_setzero_si256();
    let highest = _mm256_set1_epi8(51);
    let bit6 = _mm256_set1_epi8(0x40);
    let mut bad = zero;
    let disp = e.disp.as_ptr().cast::<i32>();
    let values = e.values.as_ptr().cast::<i32>();
    // Rank keys of the card whose code is in bits s..s + 8 of each dword,
    // from `low` = min(code, 32) and `high` = code - 28 saturated at 0, so
    // that rank >> 3 chooses between them without a blend: ranks 8-12 give
    // `low` rank 8, whose low three bits pick RANK_KEYS[0] = 0, and ranks
    // 0-7 give `high` rank 0, the high table's 0; vpermd reads only an
    // index's low three bits, so the other bytes need no masking.
    macro_rules! rank_key {
        ($low:expr, $high:expr, $s:literal) => {
            _mm256_add_epi32(
                _mm256_permutevar8x32_epi32(rank_lo, _mm256_srli_epi32::<{ $s + 2 }>($low)),
                _mm256_permutevar8x32_epi32(rank_hi, _mm256_srli_epi32::<{ $s + 2 }>($high)),
            )
        };
    }
    for (block, dst) in rows[..5 * n]
        .chunks_exact(40)
        .zip(out[..n].chunks_exact_mut(8))
    {
        let p = block.as_ptr();
        // Rows 0-3 of the block in the low lane, rows 4-7 in the high lane.
        // SAFETY: block is 40 bytes; these read [0, 16), [20, 36), [4, 20)
        // and [24, 40).
        let (a, b) = unsafe {
            (
                _mm256_loadu2_m128i(p.add(20).cast(), p.cast::<__m128i>()),
                _mm256_loadu2_m128i(p.add(24).cast(), p.add(4).cast::<__m128i>()),
            )
        };
        let first = _mm256_or_si256(
            _mm256_shuffle_epi8(a, first_a),
            _mm256_shuffle_epi8(b, first_b),
        );
        let fifth = _mm256_shuffle_epi8(b, fifth);
        // The sum of rank keys identifies the rank multiset; the suits only
        // decide the flush, which the codes show directly: all five share
        // their low two bits.
        let (low, high) = (
            _mm256_min_epu8(first, first_of_8),
            _mm256_subs_epu8(first, first_of_7),
        );
        let (low5, high5) = (
            _mm256_min_epu8(fifth, first_of_8),
            _mm256_subs_epu8(fifth, first_of_7),
        );
        let key = _mm256_add_epi32(
            _mm256_add_epi32(rank_key!(low, high, 0), rank_key!(low, high, 8)),
            _mm256_add_epi32(
                _mm256_add_epi32(rank_key!(low, high, 16), rank_key!(low, high, 24)),
                rank_key!(low5, high5, 0),
            ),
        );
        if CHECK {
            // Anything left after a saturating subtraction of 51 is a code
            // of 52 or more. Cards 0-3 are compared with card 4, and with
            // themselves shifted down by one, two and three bytes (all six
            // pairs) after setting bit 6 of every code, which no valid code
            // has, so that the zero bytes shifted in match nothing.
            let mut hit = _mm256_subs_epu8(_mm256_max_epu8(first, fifth), highest);
            hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(first, fifth));
            let marked = _mm256_or_si256(first, bit6);
            let pairs = _mm256_or_si256(
                _mm256_cmpeq_epi8(marked, _mm256_srli_epi32::<8>(marked)),
                _mm256_or_si256(
                    _mm256_cmpeq_epi8(marked, _mm256_srli_epi32::<16>(marked)),
                    _mm256_cmpeq_epi8(marked, _mm256_srli_epi32::<24>(marked)),
                ),
            );
            bad = _mm256_or_si256(bad, _mm256_or_si256(hit, pairs));
        }
        let off_suit = _mm256_and_si256(_mm256_xor_si256(first, fifth), suits);
        let offset = _mm256_and_si256(_mm256_cmpeq_epi32(off_suit, zero), flush_half);
        let bucket =
            _mm256_srli_epi32::<{ 32 - BUCKET_BITS as i32 }>(_mm256_mullo_epi32(key, mult));
        // SAFETY: bucket < 2^11 = BUCKETS; the 4 bytes at 2 * bucket end by
        // byte 2 * BUCKETS + 2, inside disp's BUCKETS + 2 entries.
        let d = unsafe { _mm256_i32gather_epi32::<2>(disp, bucket) };
        let slot = _mm256_and_si256(_mm256_xor_si256(key, d), slot_mask);
        // SAFETY: slot < SLOTS and offset is 0 or SLOTS: below 2 * SLOTS,
        // the length of values.
        let v = unsafe { _mm256_i32gather_epi32::<4>(values, _mm256_or_si256(slot, offset)) };
        // SAFETY: dst is 8 u32s, 32 bytes.
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), v) };
    }
    (n, _mm256_testz_si256(bad, bad) == 1)
}
