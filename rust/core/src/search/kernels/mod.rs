//! The hot loops of the search, one file per kernel family, each holding
//! its scalar loop, its AVX2 version and the dispatch between them:
//!
//! - `five_values.rs`: the values of every five- and three-card subset.
//! - `best_middle.rs`: the best middle an ordered setting allows a front.
//! - `scan.rs`: the scan of a back's 56 splits against the sweep's bounds.
//! - `last_disjoint.rs`: the last subset met that shares no card with one.
//! - `scatter.rs`: the partial scatter of [`Buckets`](super::buckets::Buckets).
//!
//! The AVX2 versions are chosen at run time like the evaluator's kernel
//! (`eval/avx2.rs`): each asks `is_x86_feature_detected!` (std caches the
//! answer) and returns None without AVX2, and the dispatch then runs the
//! scalar loop. Both give the same results, bit for bit.
//!
//! Safety: every `unsafe` here is a load, a shuffle or a store on a slice of
//! known length, or the call of an `avx2` function, made only after
//! `is_x86_feature_detected!`. Shuffle indices are positions below 13, read
//! from a static table, so they only pick bytes of the hand's register.
//! Gather indices are masked to the value arrays' lengths (`FIVE_PAD`,
//! `THREE_PAD`, powers of two), so no table entry, right or wrong, can lead
//! a read out of bounds.

pub(in crate::search) mod best_middle;
pub(in crate::search) mod five_values;
pub(in crate::search) mod last_disjoint;
pub(in crate::search) mod scan;
pub(in crate::search) mod scatter;

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
/// Whether this CPU has AVX2 (std caches the answer after the first call).
#[inline]
pub(in crate::search) fn available() -> bool {
    is_x86_feature_detected!("avx2")
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
/// For each byte value, the positions of its set bits low to high, one a
/// byte, in a u64 (the bytes past the count are 0).
pub(in crate::search) static SET_BITS: [u64; 256] = {
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
