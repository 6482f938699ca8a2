//! The ordered sweep that finds the Pareto frontier: backs strongest first,
//! each back's splits scanned against the best settings found so far, with
//! the hooks ([`SweepControl`]) that let the solver stop early.

use super::buckets::{Buckets, BUCKETS, FIVE_FIRST, VALUE_MASK};
use super::fronts::FrontCursor;
use super::kernels::scan::{Scan, ScanBounds};
use super::legality::Legality;
use super::staircase::{Found, Staircase};
use super::subsets::HandSubsets;
use super::tables::{SettingIdx, FIVE_PAD, FIVE_SUBSETS, SPLITS_PER_BACK, TABLES, THREE_PAD};

/// At most this many fronts are examined, strongest first, for the setting
/// a sweep reports to [`SweepControl::known`] (the first with an ordered
/// setting; the strongest fronts often have none).
pub(super) const SEED_FRONTS: usize = 64;
/// Fronts the stop rule may examine (126 halvings each, about the cost of
/// scanning a back) before the first back, and per back visited (those
/// examined for the known setting count against it): enough to tighten the
/// stop rule's corners while keeping that work in step with the scan.
pub(super) const FRONT_BUDGET_START: u32 = 4;
pub(super) const FRONT_BUDGET_PER_BACK: u32 = 1;

impl HandSubsets {
    /// The Pareto frontier of the legal settings: every legal setting whose
    /// `[front, middle, back]` values no other legal setting weakly beats in
    /// all three rows (≥ everywhere, > somewhere). One setting per distinct
    /// triple (the first met in back-value order, then subset order), sorted by
    /// back, middle, front value, all descending.
    ///
    /// Backs are visited strongest first while a staircase holds the best
    /// (middle, front) pairs seen so far; a setting is kept when no earlier
    /// one is at least as good in middle and front. With a legality that
    /// implies value order, fronts are also retired strongest first: a front
    /// whose best ordered middle (the best min of the two halves of the other
    /// 10 cards, capped at the current back) the staircase already beats can
    /// never add a setting again. The sweep stops once every front is
    /// retired. Fronts are examined lazily, strongest first, when a
    /// [`SweepControl`] asks for finer [`Corners`] (a few before the first
    /// back and per back visited, so that work stays in step with scanning).
    /// Splits whose front is retired, or whose middle the staircase
    /// beats at that front, are filtered in the same pass, and a back whose
    /// best remaining corner is covered is skipped after that one pass over
    /// its 56 splits. Any other legality visits all 72,072 settings (several
    /// times slower).
    ///
    /// ```
    /// # use chinese_poker_core::search::{HandSubsets, VALUE_ORDER};
    /// # use chinese_poker_core::eval::Wheel;
    /// let hand: [u8; 13] = std::array::from_fn(|i| (4 * i as u8 + i as u8 % 4) % 52);
    /// let front = HandSubsets::new(&hand, Wheel::Lowest).pareto(&VALUE_ORDER);
    /// assert!(front.iter().all(|(_, [f, m, b])| f <= m && m <= b));
    /// ```
    pub fn pareto<L: Legality + ?Sized>(&self, legal: &L) -> Vec<(SettingIdx, [u32; 3])> {
        self.pareto_until(legal, |_, _, _| false)
    }

    /// [`HandSubsets::pareto`] with a way to end the sweep early. With a
    /// legality that implies value order, before the first back of each new
    /// (strictly lower) back value `vb` the sweep calls `stop(vb, front_cap,
    /// fresh)`: `fresh` lists the frontier settings found since the previous
    /// call (final: only settings of the same back value can beat a found
    /// one, and all later backs are weaker), and every frontier setting still
    /// to come has back `<= vb`, middle `<= vb` and front `<= front_cap`.
    /// When `stop` returns true the sweep ends and the result is the part of
    /// the frontier with back above `vb` (same settings, same order as in the
    /// full frontier). Any other legality never calls `stop`.
    ///
    /// ```
    /// # use chinese_poker_core::search::{HandSubsets, VALUE_ORDER};
    /// # use chinese_poker_core::eval::Wheel;
    /// let hand: [u8; 13] = std::array::from_fn(|i| (4 * i as u8 + i as u8 % 4) % 52);
    /// let h = HandSubsets::new(&hand, Wheel::Lowest);
    /// let all = h.pareto(&VALUE_ORDER);
    /// let mut seen = Vec::new();
    /// let part = h.pareto_until(&VALUE_ORDER, |_, _, fresh| {
    ///     seen.extend_from_slice(fresh);
    ///     !seen.is_empty()
    /// });
    /// assert!(!part.is_empty() && all.starts_with(&part));
    /// ```
    pub fn pareto_until<L, S>(&self, legal: &L, stop: S) -> Vec<(SettingIdx, [u32; 3])>
    where
        L: Legality + ?Sized,
        S: FnMut(u32, u32, &[(SettingIdx, [u32; 3])]) -> bool,
    {
        /// The plain stop rule as a [`SweepControl`].
        struct Until<S>(S);
        impl<S: FnMut(u32, u32, &[(SettingIdx, [u32; 3])]) -> bool> SweepControl for Until<S> {
            fn stop(
                &mut self,
                vb: u32,
                corners: &Corners,
                fresh: &[(SettingIdx, [u32; 3])],
            ) -> Verdict {
                if (self.0)(vb, corners.front_cap(), fresh) {
                    Verdict::Stop
                } else {
                    Verdict::Continue
                }
            }
        }
        self.sweep(legal, &mut Until(stop))
    }

    /// The sweep of [`HandSubsets::pareto`] under a [`SweepControl`]: its
    /// `stop` may end the sweep early as in [`HandSubsets::pareto_until`], and its
    /// `skip_back` may drop one back's settings. After a dropped back the
    /// result is the frontier only above the dropped settings: a setting that
    /// one of them beats may be reported. Callers that only want the best
    /// settings under an objective that cannot rise as a row weakens drop a
    /// back whose corner cannot compete, and lose nothing they want.
    ///
    /// ```
    /// # use chinese_poker_core::search::{
    /// #     Corners, HandSubsets, SettingIdx, SweepControl, Verdict, VALUE_ORDER,
    /// # };
    /// # use chinese_poker_core::eval::Wheel;
    /// struct Count(usize);
    /// impl SweepControl for Count {
    ///     fn stop(&mut self, _: u32, _: &Corners, _: &[(SettingIdx, [u32; 3])]) -> Verdict {
    ///         Verdict::Continue
    ///     }
    ///     fn skip_back(&mut self, _: u32, _: u32, _: u32) -> bool {
    ///         self.0 += 1;
    ///         self.0 > 1 // keep only the first back that has candidates
    ///     }
    /// }
    /// let hand: [u8; 13] = std::array::from_fn(|i| (4 * i as u8 + i as u8 % 4) % 52);
    /// let h = HandSubsets::new(&hand, Wheel::Lowest);
    /// let part = h.sweep(&VALUE_ORDER, &mut Count(0));
    /// let back = part[0].1[2];
    /// assert!(part.iter().all(|(_, v)| v[2] == back));
    /// ```
    pub fn sweep<L, C>(&self, legal: &L, ctl: &mut C) -> Vec<(SettingIdx, [u32; 3])>
    where
        L: Legality + ?Sized,
        C: SweepControl + ?Sized,
    {
        let mut out = self.sweep_unordered(legal, ctl);
        out.sort_unstable_by(|x, y| {
            let key = |v: &[u32; 3]| (v[2], v[1], v[0]);
            key(&y.1).cmp(&key(&x.1))
        });
        out
    }

    /// [`HandSubsets::sweep`] without the final sort (for callers that rank
    /// the settings their own way).
    pub(crate) fn sweep_unordered<L, C>(
        &self,
        legal: &L,
        ctl: &mut C,
    ) -> Vec<(SettingIdx, [u32; 3])>
    where
        L: Legality + ?Sized,
        C: SweepControl + ?Sized,
    {
        let mut out = Vec::new();
        self.sweep_into(legal, ctl, &mut out);
        out
    }

    /// [`HandSubsets::sweep_unordered`] into `out` (emptied first), so that
    /// a caller solving hand after hand reuses one list.
    pub(crate) fn sweep_into<L, C>(
        &self,
        legal: &L,
        ctl: &mut C,
        out: &mut Vec<(SettingIdx, [u32; 3])>,
    ) where
        L: Legality + ?Sized,
        C: SweepControl + ?Sized,
    {
        let t = &*TABLES;
        let mut backs = Buckets::<FIVE_PAD>::new(&self.five[..FIVE_SUBSETS], FIVE_FIRST);
        // The growable lists come from this thread's last sweep, emptied.
        let mut scratch = SweepScratch::take();
        let SweepScratch {
            ref mut stair,
            ref mut found,
            ref mut fresh,
            ref mut corners,
            ref mut open,
        } = scratch;
        if legal.implies_value_order() {
            let mut fronts = FrontCursor::new(self, std::mem::take(open));
            // Fronts the sweep may still examine for the stop rule: a few to
            // start with and a few per back visited, so that work stays in
            // step with scanning.
            let mut budget: u32 = FRONT_BUDGET_START;
            let (mut mid_star, mut star_back) = self.best_ordered_middle(&mut backs, u32::MAX);
            // A legal setting for the control's floor: the strongest front
            // that has an ordered setting, the best middle it allows and the
            // best back beside that middle. (Fronts are examined strongest
            // first, as the stop rule would examine them; before the first
            // back the middle cap is `mid_star`.)
            for _ in 0..SEED_FRONTS {
                let Some((f, vf, bm)) = fronts.examine(self, stair, mid_star) else {
                    break;
                };
                budget = budget.saturating_sub(1);
                if bm >= vf {
                    let bb = self.best_back(f, bm);
                    if legal.is_legal(vf, bm, bb) {
                        ctl.known([vf, bm, bb]);
                    }
                    break;
                }
            }
            // The splits of a back that pass the cheap filters.
            let mut scan = Scan::EMPTY;
            // For `stop`: the last back value announced, the settings reported.
            let (mut last_vb, mut reported) = (u32::MAX, 0);
            let (mut bucket, mut pos) = (BUCKETS, 0);
            'sweep: loop {
                // The next back, strongest first.
                let b = loop {
                    if bucket == 0 {
                        break 'sweep;
                    }
                    if let Some(b) = backs.get(bucket - 1, pos, &self.five[..FIVE_SUBSETS]) {
                        pos += 1;
                        break b as usize % FIVE_SUBSETS;
                    }
                    // On to the next bucket that holds a back.
                    bucket = backs.next_below(bucket - 1).map_or(0, |b| b + 1);
                    pos = 0;
                };
                let vb = self.five[b];
                if vb < star_back {
                    // The backs that gave `mid_star` are behind: bound the
                    // middles of the backs to come (never above the old bound).
                    let (bound, back) = self.best_ordered_middle(&mut backs, vb);
                    (mid_star, star_back) = (mid_star.min(bound), back);
                }
                // Later backs are weaker, so their middles are <= vb; no
                // middle of an ordered setting to come beats `mid_star`. A front
                // that cannot beat the staircase even with the best middle it
                // allows is done for good; once no front is left, nothing new
                // can come.
                let mid_cap = vb.min(mid_star);
                let above = stair.best_front(mid_cap);
                budget += FRONT_BUDGET_PER_BACK;
                fronts.prune(stair, mid_cap);
                // Keep the strongest front still to come examined (within the
                // budget): the front cap and the end of the sweep follow it.
                while fronts.open.is_empty()
                    && budget > 0
                    && fronts.rest(self, above).is_some()
                    && fronts.examine(self, stair, mid_cap).is_some()
                {
                    budget -= 1;
                }
                let rest = fronts.rest(self, above);
                let front_cap = match (fronts.open.first(), rest) {
                    (Some(&(vf, _)), Some(r)) => vf.max(r),
                    (Some(&(vf, _)), None) => vf,
                    (None, Some(r)) => r,
                    (None, None) => break 'sweep,
                };
                let front_cap = front_cap.min(mid_cap);
                if vb < last_vb {
                    fresh.clear();
                    fresh.extend(found[reported..].iter().filter(|x| x.alive).map(|x| x.item));
                    reported = found.len();
                    last_vb = vb;
                    loop {
                        corners.clear();
                        corners.extend(fronts.open.iter().map(|&(vf, bm)| [vf, bm.min(mid_cap)]));
                        let rest = fronts.rest(self, above).map(|r| [r.min(mid_cap), mid_cap]);
                        let caps = Corners {
                            examined: corners,
                            rest,
                        };
                        match ctl.stop(vb, &caps, fresh) {
                            Verdict::Stop => break 'sweep,
                            Verdict::Continue => break,
                            Verdict::Refine => {
                                if budget == 0 || fronts.examine(self, stair, mid_cap).is_none() {
                                    break;
                                }
                                budget -= 1;
                                fresh.clear();
                            }
                        }
                    }
                }
                // best_front(vm) >= above for every vm <= mid_cap, so a front
                // below `above` is already beaten; every front is <= the
                // cap, so a middle not above `mid_floor` is beaten too.
                let mid_floor = stair.best_middle(front_cap);
                // The back's splits, and those that pass the cheap filters.
                let splits = &t.splits[b * SPLITS_PER_BACK..(b + 1) * SPLITS_PER_BACK];
                let bounds = ScanBounds {
                    back: vb,
                    above,
                    front_cap,
                    mid_floor,
                };
                self.scan(b, bounds, &mut scan);
                // The back's best conceivable (middle, front) corner.
                let [top_m, top_f] = scan.top;
                if scan.n == 0 || stair.best_front(top_m) > top_f || ctl.skip_back(vb, top_m, top_f)
                {
                    continue;
                }
                // The legal candidates the staircase does not beat (about
                // two in five: sorting only those is the cheaper order),
                // then Pareto among them: sorted by middle then front, both
                // descending (then split order, so that of equal pairs the
                // first is kept), a candidate is beaten by an earlier one
                // exactly when some earlier front is at least as strong. (A
                // candidate beaten by one the staircase beats is beaten by
                // the staircase too, so filtering first loses nothing.)
                let mut keys = [0u64; 64];
                let mut k = 0;
                for (vm, vf, i) in scan.passing() {
                    // Legality first: a beaten candidate may be the legal one.
                    // Branch-free: the staircase's verdict is unpredictable.
                    let keep = legal.is_legal(vf, vm, vb) & (stair.best_front(vm) <= vf);
                    keys[k & 63] =
                        u64::from(!vm) << 32 | u64::from(!vf & VALUE_MASK) << 6 | u64::from(i);
                    k += usize::from(keep);
                }
                let keys = &mut keys[..k.min(64)];
                keys.sort_unstable();
                let first_new = found.len();
                let mut best_front = None;
                for &key in keys.iter() {
                    let (vm, vf) = (!(key >> 32) as u32, !(key >> 6) as u32 & VALUE_MASK);
                    if best_front.is_some_and(|f| f >= vf) {
                        continue;
                    }
                    best_front = Some(vf);
                    let [m, fr] = splits.get((key & 63) as usize).copied().unwrap_or_default();
                    found.push(Found::new(fr, m, b, [vf, vm, vb]));
                }
                // Merged after the scan so the queries above only see
                // stronger backs (and equal backs met earlier). One pass
                // over the staircase instead of an insertion per setting
                // (three vector insertions each), which moves each step once.
                stair.merge(first_new, found);
            }
            *open = fronts.open;
        } else {
            for bucket in (0..BUCKETS).rev() {
                for &b in backs.sorted(bucket, &self.five[..FIVE_SUBSETS]) {
                    let b = b as usize % FIVE_SUBSETS;
                    let vb = self.five[b];
                    for &[m, fr] in &t.splits[b * SPLITS_PER_BACK..(b + 1) * SPLITS_PER_BACK] {
                        let vm = self.five[m as usize & (FIVE_PAD - 1)];
                        let vf = self.three[fr as usize & (THREE_PAD - 1)];
                        if stair.best_front(vm) > vf || !legal.is_legal(vf, vm, vb) {
                            continue;
                        }
                        found.push(Found::new(fr, m, b, [vf, vm, vb]));
                        stair.insert(vm, vf, found.len() - 1, found);
                    }
                }
            }
        }
        out.clear();
        out.extend(found.iter().filter(|x| x.alive).map(|x| x.item));
        scratch.give_back();
    }
}

/// The caps [`SweepControl::stop`] gets on the settings still to come: each
/// is beaten row by row by `(c[0], c[1], vb)` for some corner `c` of
/// `examined` or `rest` (front value, middle value).
#[derive(Clone, Copy, Debug)]
pub struct Corners<'a> {
    /// One corner per examined front still open: its value and the best
    /// middle it allows (both at most the middle cap), strongest front first.
    pub examined: &'a [[u32; 2]],
    /// The corner of the fronts not examined yet (the strongest one's value
    /// and the middle cap), if any may still give a setting.
    pub rest: Option<[u32; 2]>,
}

impl Corners<'_> {
    /// The strongest front among the corners (0 when there is none).
    pub fn front_cap(&self) -> u32 {
        self.examined
            .iter()
            .chain(self.rest.as_ref())
            .map(|c| c[0])
            .max()
            .unwrap_or(0)
    }
}

/// What [`SweepControl::stop`] tells the sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on.
    Continue,
    /// End the sweep.
    Stop,
    /// Only the `rest` corner keeps the sweep going: examine one more front
    /// and ask again (the sweep goes on instead when no front is left or its
    /// examination budget is spent).
    Refine,
}

/// Hooks of the ordered sweep ([`HandSubsets::sweep`]).
pub trait SweepControl {
    /// Called before the first back of each new (strictly lower) back value
    /// `vb`. Every frontier setting still to come has back `<= vb` and is
    /// beaten row by row by one of the `corners` (with back `vb`); `fresh`
    /// lists the frontier settings found since the previous call (final:
    /// only settings of the same back value can beat a found one). After
    /// [`Verdict::Refine`] the sweep may call again with the same `vb`, an
    /// empty `fresh` and finer corners.
    fn stop(&mut self, vb: u32, corners: &Corners, fresh: &[(SettingIdx, [u32; 3])]) -> Verdict;

    /// Called once per back that has candidates the staircase does not beat:
    /// all of them have back value `vb`, middle `<= top_middle` and front `<=
    /// top_front`. Returning true drops them (see [`HandSubsets::sweep`]).
    fn skip_back(&mut self, _vb: u32, _top_middle: u32, _top_front: u32) -> bool {
        false
    }

    /// Called at most once, before the first back, with the row values `[front,
    /// middle, back]` of a legal setting (one not necessarily on the
    /// frontier, whose points a frontier setting beating it row by row
    /// matches with monotone points): a lower bound on the best, which can
    /// make the early backs skippable.
    fn known(&mut self, _values: [u32; 3]) {}
}

/// The growable lists of a sweep, kept per thread from one sweep to the
/// next so that a solve allocates none of them (they cost ten allocations
/// a solve).
#[derive(Default)]
pub(super) struct SweepScratch {
    pub(super) stair: Staircase,
    pub(super) found: Vec<Found>,
    pub(super) fresh: Vec<(SettingIdx, [u32; 3])>,
    pub(super) corners: Vec<[u32; 2]>,
    pub(super) open: Vec<(u32, u32)>,
}

thread_local! {
    /// This thread's [`SweepScratch`] while no sweep holds it.
    static SWEEP_SCRATCH: std::cell::RefCell<Option<SweepScratch>> =
        const { std::cell::RefCell::new(None) };
}

impl SweepScratch {
    /// This thread's lists, emptied (new ones if a sweep on this thread
    /// holds them: a sweep control may sweep again).
    pub(super) fn take() -> SweepScratch {
        let mut s = SWEEP_SCRATCH
            .with(|c| c.borrow_mut().take())
            .unwrap_or_default();
        s.stair.middles.clear();
        s.stair.fronts.clear();
        s.stair.found.clear();
        s.found.clear();
        s.fresh.clear();
        s.corners.clear();
        // (`open` is emptied by `FrontCursor::new`, which takes it.)
        s
    }

    /// Hands the lists back to this thread.
    pub(super) fn give_back(self) {
        SWEEP_SCRATCH.with(|c| *c.borrow_mut() = Some(self));
    }
}
