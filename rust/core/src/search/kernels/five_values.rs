//! The values of every five-card subset of a hand (scalar nested loops, or
//! AVX2 through the evaluator's eight-at-a-time kernel) and of every
//! three-card subset.
//!
//! With AVX2: the codes of all 1,287 five-card subsets are written out
//! as rows, one byte shuffle per 32 bytes of a static table of positions
//! (the hand fits a 16-byte register), and go through the evaluator's own
//! eight-at-a-time kernel (`Evaluator::value_rows`).

use crate::cards::Card;
use crate::eval::{Evaluator, CARD_KEY};
use crate::search::tables::{FIVE_PAD, FIVE_SUBSETS, HAND_SIZE, THREE_PAD};

/// The values of the five-card subsets of `hand` into `five`, in subset
/// order, by the AVX2 path; false (nothing written) without AVX2.
#[inline(always)]
pub(in crate::search) fn five_values_avx2(
    hand: &[Card; HAND_SIZE],
    ev: &Evaluator,
    five: &mut [u32; FIVE_PAD],
) -> bool {
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
pub(in crate::search) fn five_values_scalar(
    hand: &[Card; HAND_SIZE],
    ev: &Evaluator,
    five: &mut [u32; FIVE_PAD],
) {
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
pub(in crate::search) fn three_values(
    hand: &[Card; HAND_SIZE],
    ev: &Evaluator,
) -> [u32; THREE_PAD] {
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

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2 {
    #![allow(unsafe_code)]

    #[cfg(target_arch = "x86")]
    use std::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use std::arch::x86_64::*;

    use super::*;
    use crate::search::kernels::available;
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
}
