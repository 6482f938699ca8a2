//! The scan of a back's 56 (middle, front) splits against the sweep's
//! bounds.
//!
//! With AVX2: its 56 splits `[middle, front]`, eight a step (two
//! gathers), the five bounds as unsigned compares, a movemask, and the
//! positions of the passing splits written in order from a table of the
//! set bits of every byte (eight positions, of which the first `popcnt`
//! count).

use crate::search::subsets::HandSubsets;
use crate::search::tables::{FIVE_PAD, SPLITS_PER_BACK, TABLES, THREE_PAD};

/// The bounds of a split scan ([`HandSubsets::scan`]): a split `[m, f]`
/// passes when `five[m] <= back`, `three[f] <= five[m]`, `above <= three[f]
/// <= front_cap` and `five[m] > mid_floor`.
#[derive(Clone, Copy, Debug)]
pub(in crate::search) struct ScanBounds {
    pub(in crate::search) back: u32,
    pub(in crate::search) above: u32,
    pub(in crate::search) front_cap: u32,
    pub(in crate::search) mid_floor: u32,
}

/// What a scan of a back's splits gives: the passing splits' positions and
/// the values of every split (so that the passing ones are read back
/// without a second look-up through the split table).
pub(in crate::search) struct Scan {
    /// `cand[..n]`: the positions (0..56) of the splits that pass, in order.
    pub(in crate::search) cand: [u8; 64],
    pub(in crate::search) n: usize,
    /// Per position, the split's (middle, front) values.
    pub(in crate::search) values: [[u32; 2]; 64],
    /// The strongest middle and the strongest front among the passing
    /// splits (0 when none passes).
    pub(in crate::search) top: [u32; 2],
}

impl Scan {
    pub(in crate::search) const EMPTY: Scan = Scan {
        cand: [0; 64],
        n: 0,
        values: [[0; 2]; 64],
        top: [0; 2],
    };

    /// The passing splits as (middle, front, position).
    pub(in crate::search) fn passing(&self) -> impl Iterator<Item = (u32, u32, u8)> + '_ {
        self.cand[..self.n.min(64)].iter().map(|&i| {
            let [vm, vf] = self.values[i as usize & 63];
            (vm, vf, i)
        })
    }
}

impl HandSubsets {
    /// Scans back `b`'s 56 splits against `bounds` into `out` (see
    /// [`Scan`]).
    #[inline(always)]
    pub(in crate::search) fn scan(&self, b: usize, bounds: ScanBounds, out: &mut Scan) {
        if !self.scan_avx2(b, bounds, out) {
            self.scan_scalar(b, bounds, out);
        }
    }

    /// [`HandSubsets::scan`] with AVX2; false without it.
    #[inline(always)]
    pub(in crate::search) fn scan_avx2(
        &self,
        b: usize,
        bounds: ScanBounds,
        out: &mut Scan,
    ) -> bool {
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
    pub(in crate::search) fn scan_scalar(&self, b: usize, bounds: ScanBounds, out: &mut Scan) {
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
}
