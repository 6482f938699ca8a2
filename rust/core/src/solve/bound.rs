//! The branch and bound of the solver as hooks of the ordered sweep: the
//! best settings priced so far, and the corners that prove the rest cannot
//! beat them.

use super::pricing::Solver;
use super::stat_cache::StatCache;
use crate::search::{Corners, SettingIdx, SweepControl, Verdict};

/// A priced frontier setting: the setting, its frontier key (back, middle,
/// front values) and its expected points.
pub(super) type Priced = (SettingIdx, (u32, u32, u32), f64);

/// Best first: more points, then the stronger rows (frontier keys are
/// distinct, so the order is total and the top K the same however found).
pub(super) fn ranking(x: &Priced, y: &Priced) -> std::cmp::Ordering {
    y.2.total_cmp(&x.2).then(y.1.cmp(&x.1))
}

/// The branch and bound of [`Solver::ranked`] as hooks of the ordered sweep.
///
/// The frontier arrives back value by back value, strongest first, and every
/// setting still to come is beaten row by row by one of the corners (front,
/// middle, back) the sweep announces: one per examined front still open
/// (its value and the best middle it allows) and one for the fronts not
/// examined yet. With monotone expected points a setting scores at most its
/// corner's. Once the K-th best found beats every corner, no setting to come
/// can enter the top K (ties rank it later: its back is weaker), and the
/// ranking is the full frontier's; when only the unexamined fronts' corner
/// stands in the way, the sweep is asked to examine another front (an open
/// front's corner is far lower than that corner for most hands: its middle
/// must leave its cards out). A back whose own corner (its best candidate
/// middle and front) cannot beat the K-th best is dropped the same way.
pub(super) struct Bound<'s, 'a> {
    pub(super) solver: &'s Solver<'a>,
    pub(super) stats: StatCache,
    /// K (at least 1).
    pub(super) k: usize,
    /// The K best settings priced so far, best first ([`ranking`]).
    pub(super) best: Vec<Priced>,
    /// The back value last announced: settings found after it come back
    /// only in the sweep's result (the sweep may end without a call).
    pub(super) announced: u32,
    pub(super) groups: u32,
    pub(super) last_kth: f64,
    /// The corners priced for the current back value and their points
    /// (backs of one value often share their corner).
    pub(super) corners: Vec<([u32; 3], f64)>,
    /// The examined front's corner (front, middle) that last kept the sweep
    /// going.
    pub(super) open_corner: Option<[u32; 2]>,
    /// With K = 1, the points of the legal setting the sweep reported
    /// ([`SweepControl::known`]) plus `floor_margin` (0 but in tests), taken
    /// as the K-th best until a frontier setting beats it. Without slack: a
    /// frontier setting beating that setting row by row scores at least as
    /// much unless the joint law's monotonicity defect says otherwise, which
    /// [`Solver::ranked_with`] detects (the best found scores less) and
    /// answers with a sweep without floor.
    pub(super) floor: f64,
    /// None: no floor.
    pub(super) floor_margin: Option<f64>,
}

impl Bound<'_, '_> {
    pub(super) fn expected(&mut self, v: [u32; 3]) -> f64 {
        self.stats.expected(self.solver, v)
    }

    /// The points to beat: the K-th best's (minus infinity while fewer are
    /// priced) or the floor.
    pub(super) fn kth(&self) -> f64 {
        let kth = match self.best.get(self.k - 1) {
            Some(p) => p.2,
            None => f64::NEG_INFINITY,
        };
        kth.max(self.floor)
    }

    /// True when `points` (or a bound on them) cannot enter the top K: the
    /// K-th best beats them by more than the joint law's slack and a margin
    /// far above rounding error.
    pub(super) fn beaten(&self, points: f64) -> bool {
        let kth = self.kth();
        kth > points + self.solver.slack + 1e-9 * (1.0 + points.abs())
    }

    /// Prices a frontier setting and keeps the top K up to date.
    pub(super) fn price(&mut self, s: SettingIdx, v: [u32; 3]) {
        let ev = self.expected(v);
        self.offer((s, (v[2], v[1], v[0]), ev));
    }

    /// Keeps `p` if it is among the K best so far.
    pub(super) fn offer(&mut self, p: Priced) {
        if self.best.len() >= self.k {
            match self.best.last() {
                Some(last) if ranking(&p, last).is_lt() => {
                    self.best.pop();
                }
                _ => return,
            }
        }
        let at = self.best.partition_point(|x| ranking(x, &p).is_lt());
        self.best.insert(at, p);
    }

    /// True when a setting beaten row by row by `corner` cannot enter the
    /// top K.
    pub(super) fn hopeless(&mut self, corner: [u32; 3]) -> bool {
        if self.kth() == f64::NEG_INFINITY {
            return false;
        }
        if let Some(&(_, cap)) = self.corners.iter().find(|c| c.0 == corner) {
            return self.beaten(cap);
        }
        let cap = self.expected(corner);
        self.corners.push((corner, cap));
        self.beaten(cap)
    }
}

impl SweepControl for Bound<'_, '_> {
    fn stop(&mut self, vb: u32, corners: &Corners, fresh: &[(SettingIdx, [u32; 3])]) -> Verdict {
        let first = vb != self.announced;
        self.announced = vb;
        if first {
            self.corners.clear();
        }
        for &(s, v) in fresh {
            self.price(s, v);
        }
        let kth = self.kth();
        if first {
            // The corners cost combines: try them when the K-th best has
            // risen, else on every other back value (a later stop only
            // costs time).
            self.groups += 1;
            if kth == self.last_kth && self.groups % 2 != 0 {
                return Verdict::Continue;
            }
            self.last_kth = kth;
        }
        // The corner that kept the sweep going last time most often does
        // again: try it first.
        if let Some(c) = self.open_corner.filter(|c| corners.examined.contains(c)) {
            if !self.hopeless([c[0], c[1], vb]) {
                return Verdict::Continue;
            }
        }
        for &c in corners.examined {
            if !self.hopeless([c[0], c[1], vb]) {
                self.open_corner = Some(c);
                return Verdict::Continue;
            }
        }
        match corners.rest {
            Some(c) if !self.hopeless([c[0], c[1], vb]) => Verdict::Refine,
            _ => Verdict::Stop,
        }
    }

    fn skip_back(&mut self, vb: u32, top_middle: u32, top_front: u32) -> bool {
        self.hopeless([top_front, top_middle, vb])
    }

    fn known(&mut self, values: [u32; 3]) {
        if let Some(margin) = self.floor_margin.filter(|_| self.k == 1) {
            self.floor = self.floor.max(self.expected(values) + margin);
        }
    }
}
