//! The batch kernels: values of many rows at once, with the scalar kernel,
//! the AVX2 one (`avx2.rs`) and the run-time dispatch between them side by
//! side.

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
use super::avx2;
use super::hash::SLOTS;
use super::keys::{is_flush, CARD_KEY};
use super::tables::Evaluator;
use super::valid::{rows_valid, rows_valid_scalar};

impl Evaluator {
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
}
