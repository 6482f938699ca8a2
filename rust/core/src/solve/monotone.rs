//! How far a model's interpolated joint law strays from monotone, which the
//! fast solver's branch and bound must allow for: measured once per model
//! and kept beside its tables.

use super::model::{Model, GRID};
use std::sync::OnceLock;

/// A cache of a value derived from the tables: it never makes two models
/// unequal (the tables decide), and a clone keeps it (same tables).
#[derive(Clone, Debug, Default)]
pub(super) struct Defect(OnceLock<f64>);

impl PartialEq for Defect {
    fn eq(&self, _: &Defect) -> bool {
        true
    }
}

/// Steps of the scan of [`Model::scan_defect`] across the two other axes
/// and along the scanned one: two steps per grid cell across (the grid's
/// points and one between each two), eight per cell along.
const SCAN_ACROSS: usize = 2 * GRID;
const SCAN_ALONG: usize = 8 * GRID;
/// How much the scan's worst drop is widened to bound the law's: the scan
/// sees points, not the whole law. On the shipped models a scan four times
/// finer along the axis finds at most 1.01 times the coarser one's worst
/// (`each_shipped_law_is_searched_within_a_defect_that_bounds_a_finer_scan`
/// checks that the widened figure covers it).
const DEFECT_WIDENING: f64 = 2.5;
/// The least defect a model is granted: the generic model's measured
/// allowance, so that its search is the one its answers were checked with.
pub(crate) const DEFECT_FLOOR: f64 = 2e-3;

impl Model {
    /// How far the interpolated joint law strays from monotone: the most
    /// that P(the opponent's rows all stay below ours) may fall, or P(they
    /// all beat ours) rise, as one of our rows' chances rises along one
    /// axis, the others fixed. The branch and bound of the fast solver
    /// widens its bound by this much, so a model of any origin can be
    /// searched rather than priced over its whole frontier. Measured once,
    /// on a scan of the grid (`Model::scan_defect`, crate-private) widened by
    /// `DEFECT_WIDENING`, and never below `DEFECT_FLOOR`.
    pub fn monotone_defect(&self) -> f64 {
        *self.defect.0.get_or_init(|| {
            (DEFECT_WIDENING * self.scan_defect(SCAN_ACROSS, SCAN_ALONG)).max(DEFECT_FLOOR)
        })
    }

    /// The worst drop of P(all our rows win) or rise of P(all theirs win)
    /// along one axis, scanned at `across + 1` points on each of the two
    /// other axes and `along + 1` points on the scanned one.
    pub(crate) fn scan_defect(&self, across: usize, along: usize) -> f64 {
        if self.independent {
            return 0.0;
        }
        let j = |a: [f64; 3]| self.joint(a[0], a[1], a[2]);
        // Inclusion and exclusion: the chance that every opponent row is
        // at or above ours, from the joint law's lower orthants.
        let scooped = |a: [f64; 3]| {
            1.0 - j([a[0], 1.0, 1.0]) - j([1.0, a[1], 1.0]) - j([1.0, 1.0, a[2]])
                + j([a[0], a[1], 1.0])
                + j([a[0], 1.0, a[2]])
                + j([1.0, a[1], a[2]])
                - j(a)
        };
        let mut worst = 0.0f64;
        for k in 0..3 {
            for x in 0..=across {
                for y in 0..=across {
                    let (mut hi_j, mut lo_s) = (f64::NEG_INFINITY, f64::INFINITY);
                    let rest = [x, y].map(|v| v as f64 / across as f64);
                    for t in 0..=along {
                        let mut r = rest.into_iter();
                        let a: [f64; 3] = std::array::from_fn(|i| {
                            if i == k {
                                t as f64 / along as f64
                            } else {
                                r.next().unwrap_or(0.0)
                            }
                        });
                        let (c, s) = (j(a), scooped(a));
                        hi_j = hi_j.max(c);
                        lo_s = lo_s.min(s);
                        worst = worst.max(hi_j - c).max(s - lo_s);
                    }
                }
            }
        }
        worst
    }
}
