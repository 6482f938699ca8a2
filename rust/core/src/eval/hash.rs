//! The perfect hash from a 5-card key to its slot in the value table:
//! a multiplicative bucket hash and a displacement per bucket.

use super::keys::SUIT_SHIFT;

/// Bits of a bucket index: 2,048 buckets for 6,175 keys.
pub(super) const BUCKET_BITS: u32 = 11;
/// Number of buckets, one displacement each.
pub(super) const BUCKETS: usize = 1 << BUCKET_BITS;
/// 6,175 rank multisets in 8,192 slots: the smallest power of two that holds
/// them, 32 KB of `u32` per value table.
pub(super) const SLOT_BITS: u32 = 13;
/// Number of slots of a value table.
pub(super) const SLOTS: usize = 1 << SLOT_BITS;
/// The slot bits of a key.
pub(super) const SLOT_MASK: u32 = (SLOTS - 1) as u32;
/// The bucket hash's multiplier, shifted left by `32 - SUIT_SHIFT`: the low
/// 32 bits of `key × MULT` then depend on the rank-key sum alone (the suit
/// counters are multiplied out of the word), so a whole key hashes like its
/// rank multiset without first being masked. A constant, so that it is an
/// immediate operand; the displacement search succeeds with it for the
/// shipped keys (`Evaluator::build` would panic otherwise, and every test
/// builds the tables).
pub(super) const MULT: u32 = 0x9E37_79B1 << (32 - SUIT_SHIFT);

/// Bucket of a key.
#[inline(always)]
pub(super) fn bucket(key: u32) -> usize {
    (key.wrapping_mul(MULT) >> (32 - BUCKET_BITS)) as usize
}

/// Hash-and-displace: `slot = (sum ^ disp[bucket(sum)]) & SLOT_MASK`, found
/// with the largest buckets placed first. Items of one bucket must differ in
/// their low bits, otherwise no displacement separates them and `None` is
/// returned.
pub(super) fn build_perfect_hash(sums: &[u32]) -> Option<[u16; BUCKETS]> {
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); BUCKETS];
    for &s in sums {
        buckets[bucket(s)].push(s & SLOT_MASK);
    }
    let mut order: Vec<usize> = (0..buckets.len()).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
    let mut used = vec![false; SLOTS];
    let mut disp = [0u16; BUCKETS];
    for b in order {
        let items = &buckets[b];
        if items.is_empty() {
            break;
        }
        let d = (0..SLOTS as u32).find(|&d| {
            let slots: Vec<usize> = items.iter().map(|&h| (h ^ d) as usize).collect();
            slots
                .iter()
                .enumerate()
                .all(|(i, s)| !used[*s] && !slots[..i].contains(s))
        })?;
        for &h in items {
            used[(h ^ d) as usize] = true;
        }
        disp[b] = d as u16;
    }
    Some(disp)
}
