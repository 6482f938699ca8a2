//! Fronts strongest first for the stop rule of the sweep: the bound on the
//! middle of any ordered setting, the test that a front has none, and the
//! cursor over the fronts still open.

use super::buckets::{bucket_of, Buckets, BUCKETS, THREE_FIRST, VALUE_MASK};
use super::kernels::last_disjoint::{last_disjoint, MIDDLE_SCANS};
use super::staircase::Staircase;
use super::subsets::HandSubsets;
use super::tables::{
    ALL_POSITIONS, FIVE_PAD, FIVE_SUBSETS, HALVES, HAND_SIZE, TABLES, THREE_PAD, THREE_SUBSETS,
};
use crate::cards::{rank, suit, Card};
use crate::eval::{category_of, Category};

impl HandSubsets {
    /// An upper bound on the middle of every ordered setting (`middle <=
    /// back`), from the subsets bucket by bucket, strongest bucket first
    /// (buckets as in [`Buckets`]: the category and first rank nibble), in
    /// no order within a bucket: the strongest subset of the first bucket
    /// that has one disjoint from a subset of that bucket or a stronger
    /// one. (A subset of an ordered setting's middle has the back as such
    /// a partner, so the bound holds. Within a bucket the partner may be a
    /// little weaker than the subset, which loosens the bound by less than
    /// a bucket's span; ordering the bucket to avoid that costs more than
    /// the tighter bound saves.)
    /// Once more than [`MIDDLE_SCANS`] subsets are met, the strongest of the
    /// last bucket is the bound (every stronger bucket failed).
    ///
    /// Only backs of value at most `cap` count (subsets above it are passed
    /// over), and the answer comes with the value of the partner found:
    /// `(middle bound, back)`. Once every back to come is weaker than that
    /// back the bound may fall, and the sweep asks again. When the scans run
    /// out the back is the bound itself.
    pub(super) fn best_ordered_middle(
        &self,
        order: &mut Buckets<FIVE_PAD>,
        cap: u32,
    ) -> (u32, u32) {
        let t = &*TABLES;
        let (mut masks, mut values) = ([0u16; MIDDLE_SCANS], [0u32; MIDDLE_SCANS]);
        let mut scans = 0;
        // The positions every subset met so far holds.
        let mut core = ALL_POSITIONS;
        let mut next = Some(bucket_of(cap.min(VALUE_MASK)));
        while let Some(bucket) = next {
            next = order.next_below(bucket);
            let members = order.members(bucket, &self.five[..FIVE_SUBSETS]);
            if members.is_empty() {
                continue;
            }
            // This bucket's subsets up to the cap join those met; `top` is
            // the strongest.
            let first = scans;
            let mut top = 0;
            for &x in members {
                let x = x as usize % FIVE_SUBSETS;
                let vx = self.five[x];
                if vx > cap {
                    continue;
                }
                top = top.max(vx);
                if scans < MIDDLE_SCANS {
                    if let (Some(m), Some(v), Some(&mx)) =
                        (masks.get_mut(scans), values.get_mut(scans), t.mask5.get(x))
                    {
                        (*m, *v) = (mx, vx);
                        core &= mx;
                    }
                }
                scans += 1;
            }
            if scans > MIDDLE_SCANS {
                return (top, top);
            }
            if core != 0 {
                // Every subset met holds the cards of `core` (a pair of
                // aces, say, as the whole bucket of pairs of aces does): no
                // two are disjoint.
                continue;
            }
            // The strongest of them with a partner among all those met
            // (never itself: a mask meets itself), and that partner.
            let mut best: Option<(u32, u32)> = None;
            for k in first..scans {
                let (mx, vx) = (masks[k % MIDDLE_SCANS], values[k % MIDDLE_SCANS]);
                if best.is_some_and(|b| b.0 >= vx) {
                    continue;
                }
                if let Some(j) = last_disjoint(&masks, scans, mx) {
                    best = Some((vx, values[j % MIDDLE_SCANS]));
                }
            }
            if let Some(b) = best {
                return b;
            }
        }
        (0, 0)
    }

    /// True when front `f` (value `vf`) provably has no ordered setting. It
    /// must hold a pair or trips of some rank `r`, and the other ten cards no
    /// five of a suit and no five ranks in a row. Then a middle or back at
    /// least as strong as the front needs, from ranks of its own, a pair of
    /// rank `r` or above, or two pairs, or trips: two "units" where a pair
    /// below `r` is one. Ten cards that cannot give both rows two units
    /// (counting each rank at its best: a pair 1 or 2, trips 2, four of a
    /// kind split into two pairs 2 or 4) leave one row below the front.
    /// A few dozen operations (from the hand's [`Shape`]) instead of 126
    /// halvings: straight-line code for the pair's rank and the odd card's,
    /// the units first and the suits only when the hand has five of one,
    /// since the test runs for every front examined.
    pub(super) fn front_is_dead(&self, shape: &Shape, f: usize, vf: u32) -> bool {
        if category_of(vf) < Category::Pair as u8 {
            return false;
        }
        let Some(&front) = TABLES.mask3.get(f) else {
            return false;
        };
        let mut m = front;
        let cards: [Card; 3] = std::array::from_fn(|_| {
            let p = m.trailing_zeros() as usize % HAND_SIZE;
            m &= m.wrapping_sub(1);
            self.hand[p]
        });
        let [a, b, c] = cards.map(|x| rank(x) as usize % 13);
        // The pair's rank and the odd card's (the pair's again for trips).
        let (pair, odd) = if a == b {
            (a, c)
        } else if a == c {
            (a, b)
        } else {
            (b, a)
        };
        // The ten other cards' units and ranks: only the front's ranks
        // change (`shape.units[pair]` holds each rank's term, so taking one
        // off cannot underflow).
        let units_of =
            |n: u8, high: bool| u32::from(UNITS[usize::from(n.min(4))][usize::from(high)]);
        let (np, no) = (shape.ranks[pair], shape.ranks[odd]);
        let mut present = shape.present;
        let units = if odd == pair {
            if np <= 3 {
                present &= !(1 << pair);
            }
            shape.units[pair] - units_of(np, true) + units_of(np.saturating_sub(3), true)
        } else {
            if np <= 2 {
                present &= !(1 << pair);
            }
            if no <= 1 {
                present &= !(1 << odd);
            }
            let high = odd >= pair;
            shape.units[pair] - units_of(np, true) + units_of(np.saturating_sub(2), true)
                - units_of(no, high)
                + units_of(no.saturating_sub(1), high)
        };
        if units >= 4 {
            return false;
        }
        // Ranks as bits 1..=13 (deuce to ace), the ace also as bit 0.
        let bits = present << 1 | present >> 12;
        if bits & bits >> 1 & bits >> 2 & bits >> 3 & bits >> 4 != 0 {
            return false;
        }
        if shape.suits.iter().all(|&n| n < 5) {
            return true;
        }
        let mut suits = shape.suits;
        for x in cards {
            suits[suit(x) as usize % 4] = suits[suit(x) as usize % 4].saturating_sub(1);
        }
        suits.iter().all(|&n| n < 5)
    }

    /// The strongest back beside middle `middle` among the halvings of
    /// front `f`'s other ten cards (0 if no halving has that middle): with
    /// `middle` the front's [`HandSubsets::best_middle`], the best setting
    /// that maximises the middle behind front `f`. Once a sweep, so a
    /// scalar loop.
    pub(super) fn best_back(&self, f: usize, middle: u32) -> u32 {
        let t = &*TABLES;
        let mut best = 0;
        for &[x, y] in t.halves.get(f * HALVES..(f + 1) * HALVES).unwrap_or(&[]) {
            let vx = self.five[x as usize & (FIVE_PAD - 1)];
            let vy = self.five[y as usize & (FIVE_PAD - 1)];
            if vx.min(vy) == middle {
                best = best.max(vx.max(vy));
            }
        }
        best
    }
}

/// Units of a rank towards a row at least as strong as a pair front (see
/// [`HandSubsets::front_is_dead`]), by the rank's count (0 to 4) and whether
/// it is at least the front's rank.
pub(super) const UNITS: [[u8; 2]; 5] = [[0, 0], [0, 0], [1, 2], [2, 2], [2, 4]];

/// Rank and suit counts of a whole hand, for [`HandSubsets::front_is_dead`].
pub(super) struct Shape {
    pub(super) ranks: [u8; 13],
    pub(super) suits: [u8; 4],
    /// Ranks held, as bits.
    pub(super) present: u16,
    /// `units[r]`: the hand's units against a front of rank `r`.
    pub(super) units: [u32; 13],
}

impl Shape {
    pub(super) fn new(hand: &[Card; HAND_SIZE]) -> Shape {
        let (mut ranks, mut suits, mut present) = ([0u8; 13], [0u8; 4], 0u16);
        for &c in hand {
            let r = rank(c) as usize % 13;
            ranks[r] += 1;
            suits[suit(c) as usize % 4] += 1;
            present |= 1 << r;
        }
        // units[p] = sum over ranks r of UNITS[count][r >= p]: every rank
        // counts high against a front of the lowest rank, and each step up
        // turns the rank below it low.
        let of = |r: usize, high: usize| u32::from(UNITS[usize::from(ranks[r].min(4))][high]);
        let mut units = [0u32; 13];
        units[0] = (0..13).map(|r| of(r, 1)).sum();
        for p in 1..13 {
            units[p] = units[p - 1] - of(p - 1, 1) + of(p - 1, 0);
        }
        Shape {
            ranks,
            suits,
            present,
            units,
        }
    }
}

/// Fronts strongest first, with the best middle each allows, for the stop
/// rule of the ordered sweep (see [`HandSubsets::sweep`]).
pub(super) struct FrontCursor {
    pub(super) order: Buckets<THREE_PAD>,
    pub(super) bucket: usize,
    pub(super) pos: usize,
    /// The front at the current position passed [`HandSubsets::front_is_dead`].
    pub(super) live: bool,
    pub(super) shape: Shape,
    /// Examined fronts not yet beaten, strongest first, as (value, best
    /// ordered middle); the best middles rise along the list, because a
    /// front weaker than an earlier one in both is capped by it while it is
    /// open and beaten when it is.
    pub(super) open: Vec<(u32, u32)>,
    /// The best middle of every front examined so far that has one.
    pub(super) best_seen: u32,
    /// What [`FrontCursor::peek`] returns until the cursor moves on.
    pub(super) peeked: Option<Option<(usize, u32)>>,
}

impl FrontCursor {
    /// A cursor before the strongest front of `h`, keeping its open fronts
    /// in `open` (emptied).
    pub(super) fn new(h: &HandSubsets, mut open: Vec<(u32, u32)>) -> FrontCursor {
        open.clear();
        FrontCursor {
            order: Buckets::new(&h.three[..THREE_SUBSETS], THREE_FIRST),
            bucket: BUCKETS,
            pos: 0,
            live: false,
            shape: Shape::new(&h.hand),
            open,
            best_seen: 0,
            peeked: None,
        }
    }

    /// The next front strongest first and its value, or `None` after the
    /// last, passing over fronts that provably have no setting (many of the
    /// fronts the stop rule would otherwise examine in vain).
    pub(super) fn peek(&mut self, h: &HandSubsets) -> Option<(usize, u32)> {
        // The sweep asks two or three times per back; the answer only
        // changes when a front is examined.
        if let Some(p) = self.peeked {
            return p;
        }
        let p = self.seek(h);
        self.peeked = Some(p);
        p
    }

    /// [`FrontCursor::peek`] without the memo.
    pub(super) fn seek(&mut self, h: &HandSubsets) -> Option<(usize, u32)> {
        loop {
            let (f, vf) = self.at_position(h)?;
            if self.live || !h.front_is_dead(&self.shape, f, vf) {
                self.live = true;
                return Some((f, vf));
            }
            self.pos += 1;
        }
    }

    /// The front at the current position (moving to the next bucket when
    /// this one is done).
    pub(super) fn at_position(&mut self, h: &HandSubsets) -> Option<(usize, u32)> {
        while self.bucket > 0 {
            let at = self
                .order
                .get(self.bucket - 1, self.pos, &h.three[..THREE_SUBSETS]);
            if let Some(f) = at {
                let f = f as usize % THREE_SUBSETS;
                return Some((f, h.three[f]));
            }
            // On to the next bucket that holds a front.
            self.bucket = self.order.next_below(self.bucket - 1).map_or(0, |b| b + 1);
            self.pos = 0;
            self.live = false;
        }
        None
    }

    /// The value of the strongest front not examined yet, when such fronts
    /// may still hold a setting: not below `above` (`stair.best_front` of the
    /// middle cap, which beats every weaker front for good).
    pub(super) fn rest(&mut self, h: &HandSubsets, above: u32) -> Option<u32> {
        self.peek(h).map(|x| x.1).filter(|&v| v >= above)
    }

    /// True while a front of value `vf` whose best ordered middle is `bm`
    /// may still give a setting the staircase does not beat, with every
    /// middle to come at most `mid_cap` (which only falls).
    pub(super) fn alive(stair: &Staircase, vf: u32, bm: u32, mid_cap: u32) -> bool {
        let m = bm.min(mid_cap);
        m >= vf && stair.best_front(m) <= vf
    }

    /// Drops the open fronts that can no longer give a setting.
    pub(super) fn prune(&mut self, stair: &Staircase, mid_cap: u32) {
        self.open
            .retain(|&(vf, bm)| Self::alive(stair, vf, bm, mid_cap));
    }

    /// Examines the strongest front not examined yet (one pass over its 126
    /// halvings) and keeps it open if it may still give a setting and is not
    /// capped by an earlier one. Returns the front, its value and its best
    /// ordered middle ([`HandSubsets::best_middle`]), or None when every
    /// front is examined.
    pub(super) fn examine(
        &mut self,
        h: &HandSubsets,
        stair: &Staircase,
        mid_cap: u32,
    ) -> Option<(usize, u32, u32)> {
        let (f, vf) = self.peek(h)?;
        self.pos += 1;
        self.live = false;
        self.peeked = None;
        let bm = h.best_middle(f);
        // An earlier front (value >= vf) with a best middle >= bm caps this
        // one while open and, once beaten, beats it too.
        if bm >= vf && bm > self.best_seen {
            self.best_seen = bm;
            if Self::alive(stair, vf, bm, mid_cap) {
                self.open.push((vf, bm));
            }
        }
        Some((f, vf, bm))
    }
}
