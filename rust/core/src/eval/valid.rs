//! Card validity checks (codes below 52, no card twice): one hand or deal by
//! a bit sum, and rows in bulk, with the scalar and SSSE3 kernels and the
//! compile-time dispatch between them side by side.

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
/// SSSE3 (the wheels' x86-64-v2 baseline) by `rows_valid_simd`, elsewhere
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
