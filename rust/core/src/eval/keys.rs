//! Per-card keys of the look-ups: the 5-card key (rank keys plus suit
//! counters, summed over the hand) and the 3-card offsets (a rank index).

/// Per-rank keys whose sums over any 5-card rank multiset (at most four of a
/// rank) are all distinct (found greedily; checked by `all_five_card_hands`).
pub(super) const RANK_KEYS: [u32; 13] = [
    0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415,
];

/// Bit where the four 3-bit suit counters start in a card key: below it the
/// rank-key sum, which needs 19 bits (the largest is 4 × 79415 + 43258 =
/// 360,918 < 2^19), so a whole key fits in a `u32`.
pub(super) const SUIT_SHIFT: u32 = 19;
/// A suit counter holds 0 to 5, and 5 = 0b101 is the only such count with
/// both bit 0 and bit 2 set: `key & (key >> 2) & FLUSH_BITS != 0` is a flush.
const FLUSH_BITS: u32 = 0b001_001_001_001 << SUIT_SHIFT;

/// Whether a sum of five card keys is a flush (one suit counter at 5).
#[inline(always)]
pub(super) fn is_flush(key: u32) -> bool {
    key & (key >> 2) & FLUSH_BITS != 0
}

/// Key of a card code: the rank key in the low 19 bits plus a count of one in
/// its suit's counter. Summing five keys gives the rank multiset (low bits)
/// and whether the hand is a flush, without carries between the fields.
/// Codes 52..255 map to 0 so that an unchecked look-up stays in bounds.
pub static CARD_KEY: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = RANK_KEYS[c >> 2] | 1 << (SUIT_SHIFT as usize + 3 * (c & 3));
        c += 1;
    }
    t
};

/// Offsets for the 3-card table, indexed by card code: `169 × rank` for the
/// first card, `13 × rank` for the second, `rank` for the third.
pub(super) static R169: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 169 * (c as u16 >> 2);
        c += 1;
    }
    t
};
pub(super) static R13: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 13 * (c as u16 >> 2);
        c += 1;
    }
    t
};
pub(super) static R1: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = c as u16 >> 2;
        c += 1;
    }
    t
};

/// Size of the 3-card table: 13³ = 2,197 entries rounded up to a power of
/// two, so `value3` indexes it masked, without a bounds check (the three
/// offsets are table look-ups whose bound the compiler cannot see).
pub(super) const THREE_SPAN: usize = 4096;
