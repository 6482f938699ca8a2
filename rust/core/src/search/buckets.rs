//! [`Buckets`]: subset indices ordered by value descending, built lazily by
//! a counting sort on the value's top bits, so the sweep sorts only the
//! few buckets it reads.

use super::kernels::scatter::scatter_range;
pub(super) use super::kernels::scatter::{bucket_of, slot_of, BUCKETS};

/// Bits that hold a hand value (below `0xA0 << 16`), for packed sort keys.
pub(super) const VALUE_MASK: u32 = 0x03FF_FFFF;
/// Interleaved counters per bucket in [`Buckets::new`].
pub(super) const WAYS: usize = 4;
/// Entries of a bucket [`Buckets::get`] orders at least at a time.
pub(super) const SORT_STEP: usize = 16;
/// Buckets up to this size are sorted through a stack buffer (see [`sort_packed`]).
pub(super) const SMALL_BUCKET: usize = 128;
/// Indices of the strongest five-card (three-card) subsets that
/// [`Buckets::new`] scatters at once; deeper reads scatter more (see
/// [`fill`]). The sweep reads a median 48 (20) of the 1,287 (286), and the
/// fill takes whole buckets, well past the count; with these about one
/// solve in five scatters again, which balances the first scatter's cost
/// against the second's.
pub(super) const FIVE_FIRST: usize = 64;
pub(super) const THREE_FIRST: usize = 32;

/// Subset indices ordered by value descending, built lazily: a counting sort
/// on the top bits of the value whose scatter reaches only the strongest
/// slots at first (see [`fill`]), then each bucket sorted on first
/// use. The sweep usually stops within the first few buckets, so most are
/// never scattered, let alone sorted.
pub(super) struct Buckets<const N: usize> {
    /// Indices, bucket by bucket from the strongest bucket down; only the
    /// slots below `filled` hold theirs.
    pub(super) order: [u16; N],
    /// `start[b]..start[b + 1]` of the strongest-first layout holds bucket
    /// `BUCKETS - 1 - b`.
    pub(super) start: [u16; BUCKETS + 1],
    /// How many entries at the head of each slot are in their final order.
    pub(super) done: [u16; BUCKETS],
    /// Slots below this one are scattered into `order`; the rest wait for a
    /// read (the sweep usually reads a few dozen of the 1,287 five-card
    /// subsets).
    pub(super) filled: usize,
}

impl<const N: usize> Buckets<N> {
    /// Counts every value's slot, then scatters the strongest slots until
    /// they hold at least `first` indices (all of them when fewer).
    pub(super) fn new(values: &[u32], first: usize) -> Self {
        // Four interleaved counters per slot: runs of values in one bucket
        // are common, and with one counter each increment waits on the
        // previous one's store.
        let mut count = [[0u16; BUCKETS]; WAYS];
        let mut quads = values.chunks_exact(WAYS);
        for quad in quads.by_ref() {
            for (c, &v) in count.iter_mut().zip(quad) {
                c[slot_of(v)] += 1;
            }
        }
        for (c, &v) in count.iter_mut().zip(quads.remainder()) {
            c[slot_of(v)] += 1;
        }
        // The ways' sum slot by slot (vector adds), then the running sum.
        let [mut total, rest @ ..] = count;
        for c in &rest {
            for (t, &n) in total.iter_mut().zip(c) {
                *t += n;
            }
        }
        let mut start = [0u16; BUCKETS + 1];
        let mut sum = 0;
        for (s, &n) in start[1..].iter_mut().zip(&total) {
            sum += n;
            *s = sum;
        }
        // Scattered before the struct is built: filling it in place and
        // returning it cost a copy of `order`.
        let mut order = [0u16; N];
        let filled = fill(&start, &mut order, 0, 0, first, values);
        Buckets {
            order,
            start,
            done: [0; BUCKETS],
            filled,
        }
    }

    /// The index at position `pos` of `bucket` in the order of
    /// [`Buckets::sorted`], ordering only as much of the bucket as that
    /// needs: the next [`SORT_STEP`] or more entries are selected and
    /// sorted at a time (a bucket may hold a hundred subsets, of which the
    /// sweep takes a few). Inlined: the sweep asks once per back, and out
    /// of line (as the compiler left it once it held the call of [`fill`])
    /// the call cost more than the rest of it.
    #[inline(always)]
    pub(super) fn get(&mut self, bucket: usize, pos: usize, values: &[u32]) -> Option<u16> {
        let slot = BUCKETS - 1 - bucket % BUCKETS;
        let (lo, hi) = (self.start[slot] as usize, self.start[slot + 1] as usize);
        if pos >= hi - lo {
            return None;
        }
        if slot >= self.filled {
            self.filled = fill(&self.start, &mut self.order, self.filled, slot, 0, values);
        }
        let done = self.done[slot] as usize;
        if pos >= done {
            let rest = &mut self.order[lo + done..hi];
            // At least as many again as are done, so a bucket taken whole
            // costs a few selections more than one sort; all when that
            // leaves few.
            let mut want = (pos + 1 - done).max(SORT_STEP).max(done);
            if rest.len() <= 2 * want {
                want = rest.len();
            }
            if rest.len() > 1 {
                sort_packed(rest, want, values);
            }
            self.done[slot] = (done + want) as u16;
        }
        self.order.get(lo + pos).copied()
    }

    /// The strongest bucket below `bucket` that holds an index, if any:
    /// one look at the next slot, then a bisection of the slot ends. Most
    /// buckets are empty (three-card values can fill 39 of the 160), and
    /// stepping through them one by one would cost a visible share of a solve.
    #[inline(always)]
    pub(super) fn next_below(&self, bucket: usize) -> Option<usize> {
        let slot = BUCKETS - bucket.min(BUCKETS);
        let before = *self.start.get(slot)?;
        let ends = self.start.get(slot + 1..).unwrap_or(&[]);
        let skip = match ends.first() {
            Some(&e) if e > before => 0,
            _ => ends.partition_point(|&e| e <= before),
        };
        let s = slot + skip;
        (s < BUCKETS).then(|| BUCKETS - 1 - s)
    }

    /// The indices of `bucket` in no particular order (as far as they are
    /// sorted, and scattered first if need be).
    pub(super) fn members(&mut self, bucket: usize, values: &[u32]) -> &[u16] {
        let slot = BUCKETS - 1 - bucket % BUCKETS;
        let (lo, hi) = (self.start[slot] as usize, self.start[slot + 1] as usize);
        if slot >= self.filled && hi > lo {
            self.filled = fill(&self.start, &mut self.order, self.filled, slot, 0, values);
        }
        self.order.get(lo..hi).unwrap_or(&[])
    }

    /// The indices of `bucket`, sorted by value descending then index.
    pub(super) fn sorted(&mut self, bucket: usize, values: &[u32]) -> &[u16] {
        let slot = BUCKETS - 1 - bucket % BUCKETS;
        let (lo, hi) = (self.start[slot] as usize, self.start[slot + 1] as usize);
        // (An empty bucket needs nothing scattered.)
        if slot >= self.filled && hi > lo {
            self.filled = fill(&self.start, &mut self.order, self.filled, slot, 0, values);
        }
        let done = self.done[slot] as usize;
        // The head (if any) is final and before the rest: sort the rest.
        let rest = &mut self.order[lo + done..hi];
        if rest.len() > 1 {
            sort_packed(rest, rest.len(), values);
        }
        self.done[slot] = (hi - lo) as u16;
        &self.order[lo..hi]
    }
}

/// Scatters the slots of a [`Buckets`] from `from` (its `filled`) on,
/// through `slot` at least and then until the filled slots hold `want`
/// indices and at least twice those filled before (or all slots are
/// filled), so that a deep read costs a few passes; returns the new
/// `filled`. One pass over the values keeps those whose slot is in the run,
/// a value range since slots are, and scatters them in index order (which
/// does not matter: each slot is sorted before use). Out of line: most
/// reads need none.
#[inline(never)]
pub(super) fn fill<const N: usize>(
    start: &[u16; BUCKETS + 1],
    order: &mut [u16; N],
    from: usize,
    slot: usize,
    want: usize,
    values: &[u32],
) -> usize {
    let had = start.get(from).map_or(0, |&n| usize::from(n));
    let want = want.max(2 * had);
    // The first slot past the run: `start` rises, so a binary search.
    let to = start
        .partition_point(|&n| usize::from(n) < want)
        .max(slot.max(from) + 1)
        .min(BUCKETS);
    // Slot s > 0 holds the values in [(159 - s) << 16, (160 - s) << 16),
    // slot 0 all from 159 << 16 up: the run [from, to) is the values from
    // `lo` to `lo + span` inclusive.
    let lo = if to < BUCKETS {
        ((BUCKETS - to) as u32) << 16
    } else {
        0
    };
    let hi = if from == 0 {
        u32::MAX
    } else {
        (((BUCKETS - from) as u32) << 16) - 1
    };
    let mut at = *start;
    scatter_range(values, lo, hi - lo, order, &mut at);
    to
}

/// The sort key of subset `i` in a bucket: its complemented value above the
/// index, so one integer compare orders by value descending then index.
pub(super) fn packed_key(values: &[u32], i: u16) -> u64 {
    u64::from(!values.get(i as usize).copied().unwrap_or(0)) << 16 | u64::from(i)
}

/// Puts the first `want` of a bucket's indices in order, sorted, at its head
/// (the rest after them in no order; all of them sorted when `want` is the
/// length), through a buffer of packed keys: on the stack for the usual
/// small bucket, on the heap for a large one (high cards of a hand with many
/// distinct ranks). Out of line, so the buffer is only set up for buckets
/// that need it.
#[inline(never)]
pub(super) fn sort_packed(part: &mut [u16], want: usize, values: &[u32]) {
    let mut stack = [0u64; SMALL_BUCKET];
    let mut heap = Vec::new();
    let keys: &mut [u64] = if part.len() <= SMALL_BUCKET {
        &mut stack[..part.len()]
    } else {
        heap.resize(part.len(), 0);
        &mut heap
    };
    for (k, &i) in keys.iter_mut().zip(part.iter()) {
        *k = packed_key(values, i);
    }
    let head = want.min(keys.len());
    if head > 0 && head < keys.len() {
        keys.select_nth_unstable(head - 1);
    }
    keys[..head].sort_unstable();
    for (i, &k) in part.iter_mut().zip(keys.iter()) {
        *i = k as u16;
    }
}
