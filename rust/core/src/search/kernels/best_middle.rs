//! The strongest middle of an ordered setting behind a front: the best of
//! min(X, Y) over the 126 halvings of the other ten cards.
//!
//! With AVX2: the 126 halvings `[x, y]` of the other ten
//! cards, eight a step (two gathers of subset values, a min, a running
//! max); the 126 = 15 x 8 + 6 halvings end with a step over the last eight,
//! which repeats two (harmless under a max) instead of reading past them.

use crate::search::subsets::HandSubsets;
use crate::search::tables::{FIVE_PAD, HALVES, TABLES};

impl HandSubsets {
    /// The strongest middle of an ordered setting (`front <= middle <=
    /// back`) with front `f`, or a value below the front's when there is none:
    /// the best of min(X, Y) over the 126 ways to halve the other 10 cards.
    pub(in crate::search) fn best_middle(&self, f: usize) -> u32 {
        self.best_middle_avx2(f)
            .unwrap_or_else(|| self.best_middle_scalar(f))
    }

    /// [`HandSubsets::best_middle`] with AVX2, or None without it.
    #[inline]
    pub(in crate::search) fn best_middle_avx2(&self, f: usize) -> Option<u32> {
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

    /// [`HandSubsets::best_middle`] by a scalar loop.
    pub(in crate::search) fn best_middle_scalar(&self, f: usize) -> u32 {
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

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2 {
    #![allow(unsafe_code)]

    #[cfg(target_arch = "x86")]
    use std::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use std::arch::x86_64::*;

    use super::*;
    use crate::search::kernels::available;

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
}
