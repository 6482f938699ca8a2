//! The last of the subsets met so far that shares no position with a
//! given one (the partner search of the middle bound).
//!
//! With AVX2 sixteen masks a step from the top (an and, a compare with
//! zero, a movemask, the highest set bit).

/// Subsets [`HandSubsets::best_ordered_middle`](crate::search::HandSubsets::best_ordered_middle) may meet: enough that the
/// bound is usually found, few enough that a failed search stays cheap.
pub(in crate::search) const MIDDLE_SCANS: usize = 96;

/// The index of the last of `masks[..n]` that shares no position with
/// `mask` (for [`HandSubsets::best_ordered_middle`](crate::search::HandSubsets::best_ordered_middle)): with AVX2 sixteen
/// masks at a time, otherwise [`last_disjoint_scalar`].
#[inline(always)]
pub(in crate::search) fn last_disjoint(
    masks: &[u16; MIDDLE_SCANS],
    n: usize,
    mask: u16,
) -> Option<usize> {
    last_disjoint_avx2(masks, n, mask).unwrap_or_else(|| last_disjoint_scalar(masks, n, mask))
}

/// [`last_disjoint`] with AVX2, or the outer None without it.
#[inline(always)]
pub(in crate::search) fn last_disjoint_avx2(
    masks: &[u16; MIDDLE_SCANS],
    n: usize,
    mask: u16,
) -> Option<Option<usize>> {
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
pub(in crate::search) fn last_disjoint_scalar(
    masks: &[u16; MIDDLE_SCANS],
    n: usize,
    mask: u16,
) -> Option<usize> {
    masks[..n.min(MIDDLE_SCANS)]
        .iter()
        .rposition(|&m| m & mask == 0)
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
    unsafe fn last_disjoint_avx2(
        masks: &[u16; MIDDLE_SCANS],
        n: usize,
        mask: u16,
    ) -> Option<usize> {
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
}
