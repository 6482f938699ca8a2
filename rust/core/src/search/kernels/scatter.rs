//! The partial scatter of [`Buckets`](crate::search::buckets::Buckets):
//! the indices of the values in a range, to their slots.
//!
//! Partial scatter of `Buckets`: the values in a range, eight a group (a
//! subtraction of the range's low end, an unsigned compare with its span,
//! a movemask), their indices written in order to a list from the table of
//! set bits (as in the split scan), then a loop over the list that
//! scatters only those (the first pass keeps about a tenth of the
//! five-card values).

/// Buckets of the value's top bits (category and first key nibble).
pub(in crate::search) const BUCKETS: usize = 160;

/// The bucket of a value: its top bits.
#[inline(always)]
pub(in crate::search) fn bucket_of(value: u32) -> usize {
    // Values are below 0xA0 << 16; `min` proves the bound without a division.
    ((value >> 16) as usize).min(BUCKETS - 1)
}

/// The slot of a value in the strongest-first layout of
/// [`Buckets`](crate::search::buckets::Buckets).
#[inline(always)]
pub(in crate::search) fn slot_of(value: u32) -> usize {
    BUCKETS - 1 - bucket_of(value)
}

/// Scatters the index of every value in `lo..=lo + span` to `order`, at the
/// cursor `at` of its slot (which then advances), in index order: with AVX2
/// 16 values a step, otherwise (and for the last few) by
/// [`scatter_range_scalar`].
#[inline(always)]
pub(in crate::search) fn scatter_range<const N: usize>(
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
pub(in crate::search) fn scatter_range_avx2<const N: usize>(
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
pub(in crate::search) fn scatter_range_scalar<const N: usize>(
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

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2 {
    #![allow(unsafe_code)]

    #[cfg(target_arch = "x86")]
    use std::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use std::arch::x86_64::*;

    use super::*;
    use crate::search::kernels::{available, SET_BITS};
    use crate::search::tables::FIVE_PAD;
    use std::mem::MaybeUninit;

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
    /// (A loop over each step's set bits would mispredict its exit about
    /// once a step.)
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
}
