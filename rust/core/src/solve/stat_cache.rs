//! The row-stat cache: per thread, the stats of the row values a solve
//! prices over and over, so that a setting costs three look-ups.

use super::pricing::{RowStat, Solver};
use crate::search::SettingIdx;
use std::cell::RefCell;

/// Row stats by value, direct-mapped per row and kept per thread from hand
/// to hand: the frontier repeats row values often, a batch of hands prices
/// the same values over and over, and a row stat costs a search and the
/// joint law. Entries carry their solver's id (its low bits, see
/// [`StatCache::take`]), so solvers never share one. Stats are read in
/// place: copying three of them out per setting cost more than the joint
/// terms.
///
/// About 390 KB per thread: 3 rows of [`STAT_SLOTS`] slots of one cache line
/// each, so a look-up touches one line. The rows are large enough that the
/// settings of one solve rarely evict each other, and small enough to stay
/// in the processor's caches.
pub(super) struct StatCache {
    pub(super) slots: Box<[RowStat]>,
    /// Lists a solve needs, kept from one solve to the next so that it
    /// allocates none of them: [`Bound::corners`](super::bound::Bound::corners) and the sweep's settings.
    pub(super) corners: Vec<([u32; 3], f64)>,
    pub(super) part: Vec<(SettingIdx, [u32; 3])>,
    /// The solver ids whose entries the slots hold, less their low 16 bits
    /// (a slot keeps those).
    pub(super) id_high: u64,
}

/// A slot that holds no stat ([`u32::MAX`] is no hand value).
pub(super) const EMPTY_SLOT: RowStat = RowStat {
    w: 0.0,
    a: 0.0,
    w_t: 0.0,
    a_t: 0.0,
    royalty: 0.0,
    won_all: 0.0,
    single: 0.0,
    value: u32::MAX,
    id_low: u16::MAX,
    cells: [0; 2],
};

/// Slots per row of a [`StatCache`] (a power of two).
pub(super) const STAT_SLOTS: usize = 2048;

/// A value's slot in a [`StatCache`] row: Fibonacci hashing, whose top bits
/// depend on every bit of the value (row values differ in scattered rank
/// nibbles, which a shift-and-xor fold maps onto few slots).
#[inline(always)]
pub(super) fn slot_of(value: u32) -> usize {
    (value.wrapping_mul(0x9E37_79B1) >> (32 - STAT_SLOTS.trailing_zeros())) as usize
}

thread_local! {
    /// This thread's [`StatCache`] while no solve holds it.
    static STAT_CACHE: RefCell<Option<StatCache>> = const { RefCell::new(None) };
}

impl StatCache {
    /// This thread's cache for `solver` (a fresh one if a solve on this
    /// thread holds it or has not returned it). Slots keep the low 16 bits
    /// of their solver's id: a solver whose higher bits differ from the
    /// cache's (every 65,536 solvers) empties it first.
    pub(super) fn take(solver: &Solver) -> StatCache {
        let high = solver.id >> 16;
        let mut cache = STAT_CACHE
            .with(|c| c.borrow_mut().take())
            .unwrap_or_else(|| StatCache {
                slots: vec![EMPTY_SLOT; 3 * STAT_SLOTS].into_boxed_slice(),
                corners: Vec::with_capacity(16),
                part: Vec::new(),
                id_high: high,
            });
        if cache.id_high != high {
            cache.slots.fill(EMPTY_SLOT);
            cache.id_high = high;
        }
        cache
    }

    /// Hands the cache back to this thread.
    pub(super) fn give_back(self) {
        STAT_CACHE.with(|c| *c.borrow_mut() = Some(self));
    }

    /// The slot holding the stat of row `k` at `value`, filled on a miss.
    #[inline]
    pub(super) fn fill(&mut self, solver: &Solver, k: usize, value: u32) -> usize {
        let i = (k % 3) * STAT_SLOTS + slot_of(value);
        let id_low = solver.id as u16;
        if let Some(slot) = self.slots.get_mut(i) {
            if slot.value != value || slot.id_low != id_low {
                *slot = solver.row_stat(k, value);
            }
        }
        i
    }

    /// Expected points of a setting with row values `v` (stats read in
    /// place, not copied out).
    #[inline]
    pub(super) fn expected(&mut self, solver: &Solver, v: [u32; 3]) -> f64 {
        let i = [0, 1, 2].map(|k| self.fill(solver, k, v[k]));
        match (
            self.slots.get(i[0]),
            self.slots.get(i[1]),
            self.slots.get(i[2]),
        ) {
            (Some(a), Some(b), Some(c)) => solver.combine([a, b, c]),
            _ => solver.expected_points(v), // slots are in range (unreachable)
        }
    }
}
