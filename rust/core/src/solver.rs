//! The fast expected-value solver (GitHub issue 4): sets a 13-card hand to
//! maximise the expected score against opponents who play the same way.
//!
//! Candidates are the Pareto frontier of the legal settings
//! ([`HandSubsets::pareto`]); a row that is stronger never wins less often, so
//! the best setting under any sensible objective lies on it. Each candidate
//! is priced by the [`Model`]: per row the chance to win, tie or lose against
//! an opponent's row (read off the opponent's learned row distribution), the
//! royalties in the rules' payment mode, and the joint law of the opponent's
//! three rows for what needs all rows at once (scoop, the 2-4 overall point).
//! The rules' method turns those into points; a declared natural competes
//! with the best setting on its value. When the expected points cannot fall
//! as a row gets stronger (royalties rising with strength, not Russian table
//! scoring, a joint law of known monotonicity), the frontier sweep stops as
//! soon as a bound on every setting still to come falls below the k-th best
//! found (k candidates asked for, [`TOP_CANDIDATES`] by default; a back whose
//! own bound falls below it is skipped): the answer and the candidates are
//! those of the whole frontier (checked against it in the tests). When only
//! the best is asked for, the points of one good legal setting, priced
//! before the first back, stand in for the best found until a frontier
//! setting beats them, so that early backs can be skipped already.
//!
//! Also here: the royalty-maximising baseline and a duplicate heads-up match
//! between strategies, scored exactly by [`crate::score::score`].

use crate::batch::{for_chunks_sized, Threads};
use crate::cards::deck::mix_seed;
use crate::cards::{check_hand, Card};
use crate::error::{Error, Result};
use crate::eval::Wheel;
use crate::model::{class_list, classes, Cell, ClassList, Model, RowTable};
use crate::natural::{find_natural_unchecked, Natural};
use crate::royalty::row_royalty;
use crate::rules::{
    FoulPenalty, NaturalDeclare, RoyaltyMode, Rules, ScoreMethod, TableBestRowPayer,
};
use crate::score::{score, PlayerHand};
use crate::search::{
    Corners, HandSubsets, SettingIdx, SweepControl, ValueOrder, Verdict, FIVE_SUBSETS,
    THREE_SUBSETS,
};
use crate::setting::{order_check, value_order_decides, Row, Setting};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::LazyLock;

/// How far the embedded model's interpolated joint law strays from monotone:
/// along any one axis, P(scoop) may fall and P(scooped) rise by up to this
/// much (about 2.6 times the worst, 7.7e-4, seen on a fine scan in
/// `scoop_terms_are_nearly_monotone`, which fails if a new model strays further).
/// The branch and bound of [`Solver::solve`] widens its bound by it.
const COPULA_DEFECT: f64 = 2e-3;

/// Hands per unit of parallel work in [`solve_rows`].
const SOLVE_UNIT: usize = 64;

/// How many candidates a [`Solution`] lists.
pub const TOP_CANDIDATES: usize = 5;

/// The solver's answer for one hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The 13 cards as set: front 3, middle 5, back 5.
    pub setting: [Card; 13],
    /// Expected points against all the opponents together under the rules
    /// (the natural's value times the opponents when one is declared).
    pub ev: f64,
    /// The natural declared, if any (then `setting` is the arrangement shown).
    pub natural: Option<Natural>,
    /// The best few frontier settings with their expected points, best first.
    pub candidates: Vec<([Card; 13], f64)>,
    /// True when no legal setting exists (strict order): `setting` is the
    /// greedy one and fouls.
    pub fouled: bool,
}

/// Ordinal ranges of hand classes that one royalty entry prices alike: the
/// front by category and pair/trips rank, middle and back by category.
struct Segments {
    /// Per class ordinal, its segment.
    of: Vec<u8>,
    /// Per segment, the ordinal one past its end.
    end: Vec<usize>,
}

fn segments(list: &[u32], three: bool) -> Segments {
    // Values are `category << 20 | nibbles`: the front's royalty depends on
    // the category and the first nibble, a 5-card row's on the category.
    let key = |v: u32| if three { v >> 16 } else { v >> 20 };
    let mut of = Vec::with_capacity(list.len());
    let mut end = Vec::new();
    for (i, &v) in list.iter().enumerate() {
        if i > 0 && key(v) != key(list[i - 1]) {
            end.push(i);
        }
        of.push(end.len() as u8);
    }
    end.push(list.len());
    Segments { of, end }
}

/// Segments of the front and of the 5-card rows, per wheel position.
static SEGMENTS: LazyLock<[[Segments; 2]; 2]> = LazyLock::new(|| {
    [Wheel::Lowest, Wheel::SecondHighest].map(|w| {
        [
            segments(classes(w, 3), true),
            segments(classes(w, 5), false),
        ]
    })
});

fn wheel_index(w: Wheel) -> usize {
    match w {
        Wheel::Lowest => 0,
        Wheel::SecondHighest => 1,
    }
}

/// One row priced under the rules: class ordinals, our royalty per segment,
/// and what the opponent's row costs us through royalties.
struct RowPrice {
    classes: &'static ClassList,
    seg: &'static Segments,
    /// Our royalty in each segment.
    royalty: Vec<f64>,
    /// Extra we pay (beyond the row unit) when an opponent row of the segment beats us.
    pay: Vec<f64>,
    /// `suffix[s]` = Σ over segments above `s` of mass × pay.
    suffix: Vec<f64>,
    /// Expected extra paid to an opponent who wins the row whatever ours is
    /// (what a fouled hand pays).
    pay_all: f64,
    /// Expected royalty of the opponent's row (`extra_always`).
    expected: f64,
}

impl RowPrice {
    fn new(rules: &Rules, row: Row, table: &RowTable) -> RowPrice {
        let w = wheel_index(rules.wheel);
        let three = row == Row::Front;
        let classes = class_list(rules.wheel, if three { 3 } else { 5 });
        let seg = &SEGMENTS[w][usize::from(!three)];
        let mut royalty = Vec::with_capacity(seg.end.len());
        let mut pay = Vec::with_capacity(seg.end.len());
        let mut masses = Vec::with_capacity(seg.end.len());
        let mut start = 0;
        for &end in &seg.end {
            let r = row_royalty(rules, row, classes.values()[start]) as f64;
            royalty.push(r);
            pay.push(match rules.royalty_mode {
                // the royalty replaces the unit already counted
                RoyaltyMode::ReplaceIfWon if r > 0.0 => r - 1.0,
                RoyaltyMode::ReplaceIfWon => 0.0,
                RoyaltyMode::ExtraIfWon => r,
                RoyaltyMode::ExtraAlways => 0.0,
            });
            masses.push(table.mass_between(start, end));
            start = end;
        }
        let mut suffix = vec![0.0; pay.len()];
        for s in (0..pay.len().saturating_sub(1)).rev() {
            suffix[s] = suffix[s + 1] + masses[s + 1] * pay[s + 1];
        }
        let pay_all: f64 = masses
            .iter()
            .zip(&royalty)
            .map(|(m, &r)| {
                m * match rules.royalty_mode {
                    RoyaltyMode::ReplaceIfWon => (r - 1.0).max(0.0),
                    _ => r,
                }
            })
            .sum();
        let expected = masses.iter().zip(&royalty).map(|(m, r)| m * r).sum();
        RowPrice {
            classes,
            seg,
            royalty,
            pay,
            suffix,
            pay_all,
            expected,
        }
    }
}

/// Row stats by value, direct-mapped per row and kept per thread from hand
/// to hand: the frontier repeats row values often, a batch of hands prices
/// the same values over and over, and a row stat costs a search and the
/// joint law. Entries carry their solver's id (its low bits, see
/// [`StatCache::take`]), so solvers never share one. Stats are read in
/// place: copying three of them out per setting cost more than the joint
/// terms.
///
/// About 390 KB per thread: 3 rows of [`STAT_SLOTS`] slots of one cache line
/// each (at 96 bytes a slot, two lines, look-ups missed the processor's
/// caches 8 % more often by cachegrind). At 512 slots and a shift-and-xor
/// hash, 256 settings priced over and over still missed 43 % of their
/// look-ups; now 3 % (13 % on a stream of random hands). 4,096 slots a row
/// save 1 % of the instructions and 0.5 % of the time by in-process A/B, not
/// worth the doubled footprint.
struct StatCache {
    slots: Box<[RowStat]>,
    /// Lists a solve needs, kept from one solve to the next so that it
    /// allocates none of them: [`Bound::corners`] and the sweep's settings.
    corners: Vec<([u32; 3], f64)>,
    part: Vec<(SettingIdx, [u32; 3])>,
    /// The solver ids whose entries the slots hold, less their low 16 bits
    /// (a slot keeps those).
    id_high: u64,
}

/// A slot that holds no stat ([`u32::MAX`] is no hand value).
const EMPTY_SLOT: RowStat = RowStat {
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
const STAT_SLOTS: usize = 2048;

/// A value's slot in a [`StatCache`] row: Fibonacci hashing, whose top bits
/// depend on every bit of the value (row values differ in scattered rank
/// nibbles, which a shift-and-xor fold maps onto few slots).
#[inline(always)]
fn slot_of(value: u32) -> usize {
    (value.wrapping_mul(0x9E37_79B1) >> (32 - STAT_SLOTS.trailing_zeros())) as usize
}

thread_local! {
    /// This thread's [`StatCache`] while no solve holds it.
    static STAT_CACHE: RefCell<Option<StatCache>> = const { RefCell::new(None) };
}

/// Ids of [`Solver`]s, for [`StatCache`].
static SOLVER_IDS: AtomicU64 = AtomicU64::new(0);

impl StatCache {
    /// This thread's cache for `solver` (a fresh one if a solve on this
    /// thread holds it or has not returned it). Slots keep the low 16 bits
    /// of their solver's id: a solver whose higher bits differ from the
    /// cache's (every 65,536 solvers) empties it first.
    fn take(solver: &Solver) -> StatCache {
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
    fn give_back(self) {
        STAT_CACHE.with(|c| *c.borrow_mut() = Some(self));
    }

    /// The slot holding the stat of row `k` at `value`, filled on a miss.
    #[inline]
    fn fill(&mut self, solver: &Solver, k: usize, value: u32) -> usize {
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
    fn expected(&mut self, solver: &Solver, v: [u32; 3]) -> f64 {
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

/// A priced frontier setting: the setting, its frontier key (back, middle,
/// front values) and its expected points.
type Priced = (SettingIdx, (u32, u32, u32), f64);

/// Best first: more points, then the stronger rows (frontier keys are
/// distinct, so the order is total and the top K the same however found).
fn ranking(x: &Priced, y: &Priced) -> std::cmp::Ordering {
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
struct Bound<'s, 'a> {
    solver: &'s Solver<'a>,
    stats: StatCache,
    /// K (at least 1).
    k: usize,
    /// The K best settings priced so far, best first ([`ranking`]).
    best: Vec<Priced>,
    /// The back value last announced: settings found after it come back
    /// only in the sweep's result (the sweep may end without a call).
    announced: u32,
    groups: u32,
    last_kth: f64,
    /// The corners priced for the current back value and their points
    /// (backs of one value often share their corner).
    corners: Vec<([u32; 3], f64)>,
    /// The examined front's corner (front, middle) that last kept the sweep
    /// going.
    open_corner: Option<[u32; 2]>,
    /// With K = 1, the points of the legal setting the sweep reported
    /// ([`SweepControl::known`]) plus `floor_margin` (0 but in tests), taken
    /// as the K-th best until a frontier setting beats it. Without slack: a
    /// frontier setting beating that setting row by row scores at least as
    /// much unless the joint law's monotonicity defect says otherwise, which
    /// [`Solver::ranked_with`] detects (the best found scores less) and
    /// answers with a sweep without floor.
    floor: f64,
    /// None: no floor.
    floor_margin: Option<f64>,
}

impl Bound<'_, '_> {
    fn expected(&mut self, v: [u32; 3]) -> f64 {
        self.stats.expected(self.solver, v)
    }

    /// The points to beat: the K-th best's (minus infinity while fewer are
    /// priced) or the floor.
    fn kth(&self) -> f64 {
        let kth = match self.best.get(self.k - 1) {
            Some(p) => p.2,
            None => f64::NEG_INFINITY,
        };
        kth.max(self.floor)
    }

    /// True when `points` (or a bound on them) cannot enter the top K: the
    /// K-th best beats them by more than the joint law's slack and a margin
    /// far above rounding error.
    fn beaten(&self, points: f64) -> bool {
        let kth = self.kth();
        kth > points + self.solver.slack + 1e-9 * (1.0 + points.abs())
    }

    /// Prices a frontier setting and keeps the top K up to date.
    fn price(&mut self, s: SettingIdx, v: [u32; 3]) {
        let ev = self.expected(v);
        self.offer((s, (v[2], v[1], v[0]), ev));
    }

    /// Keeps `p` if it is among the K best so far.
    fn offer(&mut self, p: Priced) {
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
    fn hopeless(&mut self, corner: [u32; 3]) -> bool {
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

/// One row's own contribution (see [`Solver::row_stat`]), which is also
/// a [`StatCache`] slot: with its value and the low bits of its solver's id
/// it fills one cache line, so a look-up that misses the cache costs one
/// line, not two. (The row's expected units, `w - (1 - a)`, are left to
/// [`Solver::combine`] to make room.)
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct RowStat {
    /// P(our row wins).
    w: f64,
    /// P(our row does not lose).
    a: f64,
    /// The position of `w` and `a` in their cells of the joint law's grid.
    w_t: f64,
    a_t: f64,
    /// Expected royalty points of the row.
    royalty: f64,
    /// Our royalty if the opponent fouls (we win every row).
    won_all: f64,
    /// P(opponent's row <= ours) on the copula's scale.
    single: f64,
    /// The row value (the cache's key).
    value: u32,
    /// The low 16 bits of the id of the solver that priced it (see
    /// [`StatCache::take`]).
    id_low: u16,
    /// The grid cells of `w` and `a`.
    cells: [u8; 2],
}

const _: () = assert!(std::mem::size_of::<RowStat>() == 64);

impl RowStat {
    /// `w` with its grid cell.
    #[inline(always)]
    fn w_cell(&self) -> Cell {
        Cell::from_parts(self.w, self.cells[0], self.w_t)
    }

    /// `a` with its grid cell.
    #[inline(always)]
    fn a_cell(&self) -> Cell {
        Cell::from_parts(self.a, self.cells[1], self.a_t)
    }
}

/// A solver prepared for one set of rules, table size and model; cheap to
/// build, shareable between threads.
pub struct Solver<'a> {
    rules: &'a Rules,
    model: &'a Model,
    opponents: usize,
    rows: [RowPrice; 3],
    /// Method points of a scoop before multipliers.
    scoop_points: f64,
    /// [`Solver::ev_monotone`], once.
    monotone: bool,
    /// [`Solver::bound_slack`], once.
    slack: f64,
    /// Tells this solver's entries of a [`StatCache`] from other solvers'.
    id: u64,
}

/// Row units plus bonuses for winning all three rows, before multipliers
/// (the `method_points([1, 1, 1])` of RULES §4.3).
fn scoop_points(rules: &Rules) -> f64 {
    match rules.method {
        ScoreMethod::PerRow => 3.0,
        ScoreMethod::OneFour | ScoreMethod::TwoFour => 4.0,
        ScoreMethod::OneSix | ScoreMethod::TwoSix | ScoreMethod::RussianMatch => 6.0,
        ScoreMethod::RussianTable => rules.russian_table_scoop as f64,
    }
}

impl<'a> Solver<'a> {
    /// Prepares the pricing of rows under `rules` against `opponents` (1 to 3).
    ///
    /// ```
    /// use chinese_poker_core::{model::Model, rules::Rules, solver::Solver};
    /// let rules = Rules::preset("cp_pro_1_6").unwrap();
    /// let solver = Solver::new(&rules, 3, Model::embedded().unwrap()).unwrap();
    /// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 3));
    /// assert!(!solver.solve(&hand).unwrap().fouled);
    /// ```
    pub fn new(rules: &'a Rules, opponents: usize, model: &'a Model) -> Result<Solver<'a>> {
        rules.validate()?;
        if !(1..=3).contains(&opponents) {
            return Err(Error::InvalidSetting(format!(
                "a deal has 1 to 3 opponents, got {opponents}"
            )));
        }
        let rows = [Row::Front, Row::Middle, Row::Back]
            .map(|r| RowPrice::new(rules, r, model.row(r as usize)));
        let mut solver = Solver {
            rules,
            model,
            opponents,
            rows,
            scoop_points: scoop_points(rules),
            monotone: false,
            slack: 0.0,
            id: SOLVER_IDS.fetch_add(1, Ordering::Relaxed),
        };
        solver.monotone = solver.ev_monotone();
        solver.slack = solver.bound_slack();
        Ok(solver)
    }

    /// What one row of value `value` brings on its own (row `k`: 0 front,
    /// 1 middle, 2 back): win and not-lose chances and royalty terms.
    #[inline]
    fn row_stat(&self, k: usize, value: u32) -> RowStat {
        let p = &self.rows[k];
        let t = self.model.row(k);
        let o = p.classes.ordinal(value);
        let (w, a) = (t.below(o), t.upto(o));
        let s = p.seg.of[o] as usize;
        let own = p.royalty[s];
        // Opponent rows above ours in our segment, then every segment above.
        let lose_extra = p.suffix[s] + p.pay[s] * (t.below(p.seg.end[s]) - a).max(0.0);
        let (royalty, won_all) = match self.rules.royalty_mode {
            RoyaltyMode::ReplaceIfWon => {
                let gain = (own - 1.0).max(0.0);
                (gain * w - lose_extra, gain)
            }
            RoyaltyMode::ExtraIfWon => (own * w - lose_extra, own),
            RoyaltyMode::ExtraAlways => (own - p.expected, own),
        };
        let a_cell = Cell::new(a);
        let (wc, ac) = (Cell::new(w).parts(), a_cell.parts());
        RowStat {
            w,
            a,
            w_t: wc.2,
            a_t: ac.2,
            royalty,
            won_all,
            single: self.model.joint_edge(a_cell, k),
            value,
            id_low: self.id as u16,
            cells: [wc.1, ac.1],
        }
    }

    /// Expected points of a legal setting with row values `[front, middle,
    /// back]` against all opponents.
    pub fn expected_points(&self, values: [u32; 3]) -> f64 {
        let stats = [0, 1, 2].map(|k| self.row_stat(k, values[k]));
        self.combine([&stats[0], &stats[1], &stats[2]])
    }

    /// Expected points from the three rows' stats: the joint terms and the method.
    fn combine(&self, st: [&RowStat; 3]) -> f64 {
        let rules = self.rules;
        let n = self.opponents as f64;
        let w = [0, 1, 2].map(|k| st[k].w);
        let a = [0, 1, 2].map(|k| st[k].a);
        let units: f64 = st.iter().map(|s| s.w - (1.0 - s.a)).sum();
        let royalty: f64 = st.iter().map(|s| s.royalty).sum();
        let won_all: f64 = st.iter().map(|s| s.won_all).sum();
        // Scoops from the joint law of the opponent's rows (one distribution,
        // so the inclusion-exclusion below stays a probability).
        let j = |x: Cell, y: Cell, z: Cell| self.model.joint_at(x, y, z);
        let scoop = j(st[0].w_cell(), st[1].w_cell(), st[2].w_cell());
        let single = [st[0].single, st[1].single, st[2].single];
        let ca = [st[0].a_cell(), st[1].a_cell(), st[2].a_cell()];
        let pair = [
            self.model.joint_face(ca[0], ca[1], 2),
            self.model.joint_face(ca[0], ca[2], 1),
            self.model.joint_face(ca[1], ca[2], 0),
        ];
        let scooped = (1.0 - single.iter().sum::<f64>() + pair.iter().sum::<f64>()
            - j(ca[0], ca[1], ca[2]))
        .max(0.0);
        let net_scoop = scoop - scooped;
        // The 2-of-3 point from independent rows: measured over 20,000
        // duplicate deals under 2-4, the copula's version of it lost 0.010 ±
        // 0.002 points a hand to independence, while its scoop terms win
        // 0.013 ± 0.003 under 1-6. (The opponent's rows trade strength against
        // each other, and two-row events are where the coarse grid errs most.)
        // (Only for the methods that pay it: computed in their arms.)
        let twos = || {
            let l = [1.0 - a[0], 1.0 - a[1], 1.0 - a[2]];
            let two =
                |p: [f64; 3]| p[0] * p[1] + p[0] * p[2] + p[1] * p[2] - 2.0 * p[0] * p[1] * p[2];
            (two(w), two(l))
        };
        let overall = || {
            let (wins2, loses2) = twos();
            wins2 - loses2
        };
        let mut base = match rules.method {
            ScoreMethod::PerRow => units,
            ScoreMethod::OneFour => units + net_scoop,
            ScoreMethod::OneSix => units + 3.0 * net_scoop,
            ScoreMethod::TwoFour => units + overall(),
            ScoreMethod::TwoSix => units + overall() + 2.0 * net_scoop,
            ScoreMethod::RussianMatch if rules.russian_match_points == 1 => units + 3.0 * net_scoop,
            ScoreMethod::RussianMatch => units + overall() + 2.0 * net_scoop,
            ScoreMethod::RussianTable => {
                let (wins2, loses2) = twos();
                let s = rules.russian_table_scoop as f64;
                // Table-best rows: we beat all n opponents; one given opponent
                // beats us and the others with chance (1 - a^n) / n.
                let unit = match rules.table_best_row_payer {
                    TableBestRowPayer::EachOpponent => 1.0,
                    TableBestRowPayer::SplitOneUnit => 1.0 / n,
                };
                let best: f64 = (0..3)
                    .map(|k| w[k].powf(n) - (1.0 - a[k].powf(n)) / n)
                    .sum();
                2.0 * ((wins2 - scoop) - (loses2 - scooped)) + s * net_scoop + unit * best
            }
        };
        let m = rules.scoop_multiplier as f64;
        base += (m - 1.0) * self.scoop_points * net_scoop;
        if self.opponents >= 2 && rules.scoop_multiplier_all > 1 {
            // Scooping everyone: our n scoops, or one opponent's scoop of us
            // and of the other n - 1 players.
            let extra = self.scoop_points * m * (rules.scoop_multiplier_all - 1) as f64;
            base += extra
                * (scoop.powf(n) - scooped * self.model.scoop_rate.powi(self.opponents as i32 - 1));
        }
        let played = base + royalty;
        let foul_gain = match rules.foul_penalty {
            FoulPenalty::Fixed(k) => k as f64,
            FoulPenalty::ScoopEquivalent => self.scoop_points * m,
        } + won_all;
        let pf = self.model.foul_rate;
        n * ((1.0 - pf) * played + pf * foul_gain)
    }

    /// Expected points of a fouled hand (it pays every opponent as scooped,
    /// plus their royalties as if they had won every row).
    fn fouled_points(&self) -> f64 {
        let rules = self.rules;
        let base = match rules.foul_penalty {
            FoulPenalty::Fixed(k) => k as f64,
            FoulPenalty::ScoopEquivalent => self.scoop_points * rules.scoop_multiplier as f64,
        };
        let royalties: f64 = self
            .rows
            .iter()
            .map(|p| match rules.royalty_mode {
                RoyaltyMode::ExtraAlways => p.expected,
                _ => p.pay_all,
            })
            .sum();
        -(self.opponents as f64) * (1.0 - self.model.foul_rate) * (base + royalties)
    }

    /// The Pareto frontier of the legal settings under the rules.
    pub fn frontier(&self, subsets: &HandSubsets) -> Vec<(SettingIdx, [u32; 3])> {
        let rules = self.rules;
        let legal = |f: u32, m: u32, b: u32| order_check([f, m, b], rules).is_none();
        if rules.same_category_ok {
            // Equal categories may stand in any order: value order is no promise.
            subsets.pareto(&legal)
        } else if value_order_decides(rules) {
            subsets.pareto(&ValueOrder(|_: u32, _: u32, _: u32| true))
        } else {
            subsets.pareto(&ValueOrder(legal))
        }
    }

    /// True when the expected points never drop as one row's value rises
    /// (the others fixed), so that a bound at the strongest conceivable rows
    /// caps every weaker setting: every row's royalties are non-negative and
    /// non-decreasing in strength, scoop multipliers at least 1, and the
    /// method is not Russian table scoring (whose exactly-two-rows term is
    /// not monotone). The row chances are cumulative tables and the joint
    /// law's scoop terms are monotone (`embedded_model_is_sane`,
    /// `scoop_terms_are_nearly_monotone`: the embedded model's joint law up to
    /// [`COPULA_DEFECT`], covered by [`Solver::bound_slack`]; other fitted
    /// models are not checked, so they take the full frontier).
    fn ev_monotone(&self) -> bool {
        let rules = self.rules;
        // Only joint laws whose monotonicity defect is measured: the
        // embedded model's (COPULA_DEFECT) and independent rows (none).
        let known =
            self.model.independent || Model::embedded().is_ok_and(|m| std::ptr::eq(m, self.model));
        let royalties_rise = self
            .rows
            .iter()
            .all(|p| p.royalty.iter().all(|&r| r >= 0.0) && p.royalty.is_sorted());
        known
            && royalties_rise
            && rules.scoop_multiplier >= 1
            && rules.method != ScoreMethod::RussianTable
    }

    /// How much the expected points can exceed those of a setting that beats
    /// it row by row: the joint law's monotonicity defect (up to
    /// [`COPULA_DEFECT`] per row for P(scoop) and for P(scooped)) times the
    /// most points a unit of scoop probability is worth.
    fn bound_slack(&self) -> f64 {
        let rules = self.rules;
        if self.model.independent {
            return 0.0;
        }
        let n = self.opponents as f64;
        let method = match rules.method {
            ScoreMethod::OneFour => 1.0,
            ScoreMethod::TwoSix => 2.0,
            ScoreMethod::OneSix | ScoreMethod::RussianMatch => 3.0,
            _ => 0.0,
        };
        let m = rules.scoop_multiplier as f64;
        let mut per_scoop = method + (m - 1.0).abs() * self.scoop_points;
        if self.opponents >= 2 && rules.scoop_multiplier_all > 1 {
            // d(scoop^n) <= n d(scoop); the scooped term carries a rate <= 1.
            per_scoop +=
                self.scoop_points * m * (rules.scoop_multiplier_all - 1) as f64 * (n + 1.0);
        }
        n * per_scoop * 2.0 * 3.0 * COPULA_DEFECT
    }

    /// The top `k` frontier settings by expected points, best
    /// first; equal expectations keep the frontier's order (stronger back
    /// first), so the answer is deterministic.
    fn ranked(&self, subsets: &HandSubsets, bound: bool, k: usize) -> Vec<Priced> {
        self.ranked_with(subsets, bound, k, 0.0)
    }

    /// [`Solver::ranked`] with the floor of the branch and bound raised by
    /// `floor_margin` (tests force the fallback with it).
    fn ranked_with(
        &self,
        subsets: &HandSubsets,
        bound: bool,
        k: usize,
        floor_margin: f64,
    ) -> Vec<Priced> {
        let k = k.max(1);
        let (mut best, floor) = self.best_k(subsets, bound, k, Some(floor_margin));
        if floor > f64::NEG_INFINITY && best.iter().all(|x| x.2 < floor) {
            // The floor stood above every frontier setting (the joint law's
            // defect): settings skipped below it may be the best.
            best = self.best_k(subsets, bound, k, None).0;
        }
        best
    }

    /// The `k` best frontier settings, best first, and the floor the branch
    /// and bound took from the sweep's known setting (see [`Bound::floor`];
    /// minus infinity without `floor_margin`).
    fn best_k(
        &self,
        subsets: &HandSubsets,
        bound: bool,
        k: usize,
        floor_margin: Option<f64>,
    ) -> (Vec<Priced>, f64) {
        let rules = self.rules;
        let mut stats = StatCache::take(self);
        let mut corners = std::mem::take(&mut stats.corners);
        corners.clear();
        let mut part = std::mem::take(&mut stats.part);
        let mut ctl = Bound {
            solver: self,
            stats,
            k,
            best: Vec::with_capacity(k + 1),
            announced: u32::MAX,
            groups: 0,
            last_kth: f64::NEG_INFINITY,
            corners,
            open_corner: None,
            floor: f64::NEG_INFINITY,
            floor_margin,
        };
        if bound && !rules.same_category_ok && self.monotone {
            // Branch and bound on the ordered sweep (see [`Bound`]).
            if value_order_decides(rules) {
                // The sweep keeps to value order, which is then the whole check.
                let legal = ValueOrder(|_: u32, _: u32, _: u32| true);
                subsets.sweep_into(&legal, &mut ctl, &mut part);
            } else {
                let legal = |f: u32, m: u32, b: u32| order_check([f, m, b], rules).is_none();
                subsets.sweep_into(&ValueOrder(legal), &mut ctl, &mut part);
            }
            let announced = ctl.announced;
            for &(s, v) in part.iter().filter(|x| x.1[2] <= announced) {
                ctl.price(s, v);
            }
        } else {
            for (s, v) in self.frontier(subsets) {
                let ev = ctl.expected(v);
                ctl.offer((s, (v[2], v[1], v[0]), ev));
            }
        }
        ctl.stats.corners = ctl.corners;
        ctl.stats.part = part;
        ctl.stats.give_back();
        (ctl.best, ctl.floor)
    }

    /// Solves one hand (13 distinct codes below 52).
    pub fn solve(&self, hand: &[Card; 13]) -> Result<Solution> {
        self.solve_top(hand, TOP_CANDIDATES)
    }

    /// [`Solver::solve`] listing the best `k` settings (at least one) as
    /// candidates. The fewer candidates, the sooner the search can stop:
    /// batch solving and simulation ask for one.
    ///
    /// ```
    /// use chinese_poker_core::{model::Model, rules::Rules, solver::Solver};
    /// let rules = Rules::preset("cp_pro_1_6").unwrap();
    /// let solver = Solver::new(&rules, 3, Model::embedded().unwrap()).unwrap();
    /// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 3));
    /// let (one, five) = (solver.solve_top(&hand, 1).unwrap(), solver.solve(&hand).unwrap());
    /// assert_eq!(one.candidates.len(), 1);
    /// assert_eq!((one.setting, one.ev), (five.setting, five.ev));
    /// ```
    pub fn solve_top(&self, hand: &[Card; 13], k: usize) -> Result<Solution> {
        self.solve_with(hand, true, k)
    }

    /// [`Solver::solve`], ranking the whole frontier when `bound` is false
    /// (the reference the branch and bound is checked against).
    fn solve_with(&self, hand: &[Card; 13], bound: bool, k: usize) -> Result<Solution> {
        check_cards(hand)?;
        let subsets = HandSubsets::new(hand, self.rules.wheel);
        let candidates: Vec<([Card; 13], f64)> = self
            .ranked(&subsets, bound, k)
            .into_iter()
            .map(|(s, _, ev)| (s.cards(hand), ev))
            .collect();
        let (setting, ev, fouled) = match candidates.first() {
            Some(&(s, ev)) => (s, ev, false),
            None => (subsets.greedy().cards(hand), self.fouled_points(), true),
        };
        let mut solution = Solution {
            setting,
            ev,
            natural: None,
            candidates,
            fouled,
        };
        if let Some(nat) = find_natural_unchecked(hand, self.rules) {
            let value = nat.value as f64 * self.opponents as f64;
            // A declared natural shows its own arrangement when it has one;
            // otherwise the best setting, which must be legal if the rules say so.
            let shown = nat.setting.map(|s| *s.cards());
            let shown_fouls = shown.is_none() && fouled && self.rules.natural_require_legal_setting;
            let declare = match self.rules.natural_declare {
                NaturalDeclare::Mandatory => true,
                NaturalDeclare::Auto | NaturalDeclare::Optional => value > ev || fouled,
            };
            if declare && !shown_fouls {
                solution.setting = shown.unwrap_or(setting);
                solution.ev = value;
                solution.fouled = false;
                solution.natural = Some(nat);
            }
        }
        Ok(solution)
    }
}

/// Checks 13 codes (below 52, distinct) without allocating on the good path.
fn check_cards(hand: &[Card; 13]) -> Result<()> {
    let mut seen = 0u64;
    for &c in hand {
        if c >= 52 || seen >> c & 1 == 1 {
            let codes: Vec<i64> = hand.iter().map(|&c| i64::from(c)).collect();
            check_hand(&codes, &[13])?;
            return Err(Error::Internal(
                "hand check disagrees with check_hand".into(),
            ));
        }
        seen |= 1 << c;
    }
    Ok(())
}

/// Sets `hand` for the best expected score against `opponents` opponents
/// (1 to 3) who play like the model says; see [`Solver`].
///
/// ```
/// use chinese_poker_core::{model::Model, rules::Rules, solver::solve};
/// let rules = Rules::preset("wiki_2_4").unwrap();
/// let hand: [u8; 13] = [0, 1, 5, 9, 14, 18, 22, 27, 31, 35, 40, 44, 51];
/// let s = solve(&hand, &rules, 3, Model::embedded().unwrap()).unwrap();
/// assert_eq!(s.candidates[0].0, s.setting);
/// ```
pub fn solve(
    hand: &[Card; 13],
    rules: &Rules,
    opponents: usize,
    model: &Model,
) -> Result<Solution> {
    Solver::new(rules, opponents, model)?.solve(hand)
}

/// Solves many hands: `hands` holds N rows of 13 codes; writes each chosen
/// setting (13 codes, front/middle/back) to `out_settings` and its expected
/// points to `out_ev`. A bad row fails the call with [`Error::BatchRow`];
/// results do not depend on `threads`.
pub fn solve_rows(
    hands: &[u8],
    rules: &Rules,
    opponents: usize,
    model: &Model,
    threads: Threads,
    out_settings: &mut [u8],
    out_ev: &mut [f64],
) -> Result<()> {
    let n = out_ev.len();
    if hands.len() != n * 13 || out_settings.len() != n * 13 {
        return Err(Error::Array(format!(
            "hands ({} codes) and settings ({} codes) must both hold {n} rows of 13",
            hands.len(),
            out_settings.len()
        )));
    }
    let solver = Solver::new(rules, opponents, model)?;
    let mut out = crate::batch::filled(n, ([0u8; 13], 0.0f64), "the solutions")?;
    // A solve costs tens of microseconds: small units keep every thread busy.
    for_chunks_sized(
        hands,
        13,
        &mut out,
        1,
        threads,
        SOLVE_UNIT,
        |base, inp, o| {
            for (i, (row, slot)) in inp.chunks_exact(13).zip(o.iter_mut()).enumerate() {
                let mut hand = [0u8; 13];
                hand.copy_from_slice(row);
                let s = solver.solve_top(&hand, 1).map_err(|e| Error::BatchRow {
                    row: base + i,
                    error: Box::new(e),
                })?;
                *slot = (s.setting, s.ev);
            }
            Ok(())
        },
    )?;
    for ((s, e), (setting, ev)) in out_settings
        .chunks_exact_mut(13)
        .zip(out_ev.iter_mut())
        .zip(out)
    {
        s.copy_from_slice(&setting);
        *e = ev;
    }
    Ok(())
}

/// The royalty-maximising baseline: the legal setting with the most
/// royalties under the rules, ties to the strongest back, then middle, then
/// front. Returns the setting and whether it fouls (no legal setting: then
/// the greedy setting).
///
/// ```
/// use chinese_poker_core::{rules::Rules, solver::royalty_max_setting};
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 3));
/// let (setting, fouled) = royalty_max_setting(&hand, &rules).unwrap();
/// assert!(!fouled && setting.len() == 13);
/// ```
pub fn royalty_max_setting(hand: &[Card; 13], rules: &Rules) -> Result<([Card; 13], bool)> {
    check_cards(hand)?;
    let subsets = HandSubsets::new(hand, rules.wheel);
    // Royalties per subset once, so the walk over 72,072 settings only adds.
    let middle: Vec<i64> = (0..FIVE_SUBSETS as u16)
        .map(|i| row_royalty(rules, Row::Middle, subsets.value5(i)))
        .collect();
    let back: Vec<i64> = (0..FIVE_SUBSETS as u16)
        .map(|i| row_royalty(rules, Row::Back, subsets.value5(i)))
        .collect();
    let front: Vec<i64> = (0..THREE_SUBSETS as u16)
        .map(|i| row_royalty(rules, Row::Front, subsets.value3(i)))
        .collect();
    let mut best: Option<((i64, u32, u32, u32), SettingIdx)> = None;
    subsets.for_each_setting(|s, f, m, b| {
        if order_check([f, m, b], rules).is_some() {
            return;
        }
        let roy = front[s.front as usize % THREE_SUBSETS]
            + middle[s.middle as usize % FIVE_SUBSETS]
            + back[s.back as usize % FIVE_SUBSETS];
        let key = (roy, b, m, f);
        if best.as_ref().is_none_or(|(k, _)| key > *k) {
            best = Some((key, s));
        }
    });
    Ok(match best {
        Some((_, s)) => (s.cards(hand), false),
        None => (subsets.greedy().cards(hand), true),
    })
}

/// A way of setting hands, for [`duplicate_match`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The fast solver with the embedded model.
    Fast,
    /// The fast solver with the rows treated as independent (no copula).
    FastIndependent,
    /// Best 5 in back, best 5 of the rest in middle ([`HandSubsets::greedy`]).
    Greedy,
    /// [`royalty_max_setting`].
    RoyaltyMax,
}

/// The deck's generator step and partial deal, at the paths callers have used.
pub use crate::cards::deck::{deal_cards, splitmix64};

/// Plays one hand with a strategy: a setting, or a declared natural.
fn play(
    strategy: Strategy,
    hand: &[Card; 13],
    rules: &Rules,
    fast: &Solver,
    independent: &Solver,
) -> Result<PlayerHand> {
    let (cards, natural) = match strategy {
        Strategy::Fast | Strategy::FastIndependent => {
            let solver = if strategy == Strategy::Fast {
                fast
            } else {
                independent
            };
            let s = solver.solve_top(hand, 1)?;
            (s.setting, s.natural.is_some())
        }
        Strategy::Greedy | Strategy::RoyaltyMax => {
            let (cards, fouled) = if strategy == Strategy::Greedy {
                let subsets = HandSubsets::new(hand, rules.wheel);
                let s = subsets.greedy();
                let v = subsets.values(s);
                (s.cards(hand), order_check(v, rules).is_some())
            } else {
                royalty_max_setting(hand, rules)?
            };
            // The baselines always claim a natural, in its own arrangement
            // when it has one.
            match find_natural_unchecked(hand, rules) {
                Some(n) if n.setting.is_some() || !fouled => {
                    (n.setting.map_or(cards, |s| *s.cards()), true)
                }
                _ => (cards, false),
            }
        }
    };
    let setting = Setting::from_cards(&cards)?;
    // Under `auto`/`mandatory` the settlement claims naturals by itself.
    Ok(
        if natural && rules.natural_declare == NaturalDeclare::Optional {
            PlayerHand::Natural(setting)
        } else {
            PlayerHand::Setting(setting)
        },
    )
}

/// A duplicate heads-up match: every deal is played twice with the two 13-card
/// hands exchanged, scored exactly by [`score`]. Returns A's mean edge in
/// points per hand and its standard error (over deals). Deals come from
/// `(seed, deal index)`, so the result does not depend on the thread count.
///
/// ```
/// use chinese_poker_core::{rules::Rules, solver::{duplicate_match, Strategy}};
/// let rules = Rules::preset("cp_pro_2_4").unwrap();
/// let (edge, se) = duplicate_match(Strategy::Greedy, Strategy::Greedy, 20, &rules, 1).unwrap();
/// assert_eq!((edge, se), (0.0, 0.0));
/// ```
pub fn duplicate_match(
    a: Strategy,
    b: Strategy,
    deals: usize,
    rules: &Rules,
    seed: u64,
) -> Result<(f64, f64)> {
    let model = Model::embedded()?;
    let independent_model = model.with_independent_rows();
    let fast = Solver::new(rules, 1, model)?;
    let independent = Solver::new(rules, 1, &independent_model)?;
    // The batch module's fork-safe pools, not rayon's global one; each deal's
    // edge depends only on (seed, deal index), so threads do not change it.
    let too_many = |_| Error::InvalidSetting(format!("{deals} deals are too many for one match"));
    let mut idx = crate::batch::with_capacity(deals, "deals").map_err(too_many)?;
    idx.extend(0..deals as u64);
    let mut edges = crate::batch::filled(deals, 0.0f64, "deals").map_err(too_many)?;
    crate::batch::for_chunks_sized(&idx, 1, &mut edges, 1, Threads::Auto, 16, |_, ids, out| {
        for (&d, e) in ids.iter().zip(out.iter_mut()) {
            let cards: [Card; 26] = deal_cards(mix_seed(seed, d));
            let mut h1 = [0; 13];
            let mut h2 = [0; 13];
            h1.copy_from_slice(&cards[..13]);
            h2.copy_from_slice(&cards[13..]);
            let mut total = 0.0;
            for (ha, hb) in [(&h1, &h2), (&h2, &h1)] {
                let pa = play(a, ha, rules, &fast, &independent)?;
                let pb = play(b, hb, rules, &fast, &independent)?;
                let r = score(&[pa, pb], rules, None)?;
                total += r.totals[0] as f64 / r.denominator as f64;
            }
            *e = total / 2.0;
        }
        Ok(())
    })?;
    let n = edges.len().max(1) as f64;
    let mean = edges.iter().sum::<f64>() / n;
    let var = edges.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    Ok((mean, (var / n).sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluator;
    use crate::natural::NaturalKind;
    use std::collections::HashSet;

    fn hands(n: usize, seed: u64) -> Vec<[Card; 13]> {
        (0..n)
            .map(|i| deal_cards(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
            .collect()
    }

    fn values(s: &[Card; 13], wheel: Wheel) -> [u32; 3] {
        let e = evaluator(wheel);
        [
            e.value3([s[0], s[1], s[2]]),
            e.value5([s[3], s[4], s[5], s[6], s[7]]),
            e.value5([s[8], s[9], s[10], s[11], s[12]]),
        ]
    }

    fn same_cards(a: &[Card; 13], b: &[Card; 13]) -> bool {
        let (mut x, mut y) = (*a, *b);
        x.sort_unstable();
        y.sort_unstable();
        x == y
    }

    #[test]
    fn never_fouls_and_stays_on_the_frontier() {
        let model = Model::embedded().unwrap();
        for preset in ["cp_pro_1_6", "wiki_2_4", "pagat_classic"] {
            let mut rules = Rules::preset(preset).unwrap();
            // Naturals off, so every answer is a played setting to check.
            rules.naturals.clear();
            let solver = Solver::new(&rules, 3, model).unwrap();
            for hand in hands(200, 0xF00D) {
                let s = solver.solve(&hand).unwrap();
                assert!(same_cards(&s.setting, &hand));
                let subsets = HandSubsets::new(&hand, rules.wheel);
                let frontier = solver.frontier(&subsets);
                if s.fouled {
                    assert!(frontier.is_empty(), "{preset}: fouled with a legal setting");
                    continue;
                }
                let v = values(&s.setting, rules.wheel);
                assert_eq!(order_check(v, &rules), None, "{preset} {hand:?}");
                assert!(
                    frontier.iter().any(|(_, fv)| *fv == v),
                    "{preset} off frontier"
                );
                let best = frontier
                    .iter()
                    .map(|(_, fv)| solver.expected_points(*fv))
                    .fold(f64::NEG_INFINITY, f64::max);
                assert_eq!(s.ev, best);
                assert!(s.candidates.windows(2).all(|w| w[0].1 >= w[1].1));
            }
        }
    }

    #[test]
    fn branch_and_bound_equals_the_full_frontier() {
        let model = Model::embedded().unwrap();
        let independent = model.with_independent_rows();
        let presets = [
            "cp_pro_1_6",
            "cp_pro_2_4",
            "wiki_2_4",
            "pagat_classic",
            "mau_binh_modern",
            "ofc_ru_main",
        ];
        for (p, preset) in presets.into_iter().enumerate() {
            let rules = Rules::preset(preset).unwrap();
            for (opponents, m) in [(3, model), (1, model), (2, &independent)] {
                let solver = Solver::new(&rules, opponents, m).unwrap();
                assert!(solver.monotone, "{preset}: no branch and bound");
                let n = if opponents == 3 { 2000 } else { 300 };
                for hand in hands(n, 0xB0B + p as u64 + 10 * opponents as u64) {
                    let full = solver.solve_with(&hand, false, TOP_CANDIDATES).unwrap();
                    let fast = solver.solve_with(&hand, true, TOP_CANDIDATES).unwrap();
                    assert_eq!(fast, full, "{preset} {opponents} {hand:?}");
                    // The best alone, with the search stopping sooner.
                    let one = solver.solve_with(&hand, true, 1).unwrap();
                    assert_eq!(
                        one.candidates[..],
                        full.candidates[..1],
                        "{preset} {hand:?}"
                    );
                    assert_eq!((one.setting, one.ev), (full.setting, full.ev));
                }
            }
        }
    }

    #[test]
    fn the_known_floor_is_exact_and_so_is_its_fallback() {
        let model = Model::embedded().unwrap();
        let mut known = 0;
        for (p, preset) in ["cp_pro_1_6", "wiki_2_4"].into_iter().enumerate() {
            let rules = Rules::preset(preset).unwrap();
            for opponents in [1, 3] {
                let solver = Solver::new(&rules, opponents, model).unwrap();
                for hand in hands(300, 0xF1008 + p as u64 + 10 * opponents as u64) {
                    let subsets = HandSubsets::new(&hand, rules.wheel);
                    let full = solver.ranked(&subsets, false, 1);
                    // The sweep reports a setting (almost always), which no
                    // frontier setting falls below here (no fallback needed).
                    let (best, floor) = solver.best_k(&subsets, true, 1, Some(0.0));
                    known += usize::from(floor.is_finite());
                    assert!(floor <= full[0].2, "{preset} {hand:?}");
                    assert!(best.iter().any(|x| x.2 >= floor));
                    // A floor above every setting is caught and the sweep
                    // redone without it; one far below changes nothing.
                    for margin in [1e3, 0.0, -1e3] {
                        let got = solver.ranked_with(&subsets, true, 1, margin);
                        assert_eq!(got, full, "{preset} {margin} {hand:?}");
                    }
                    // Several candidates take no floor.
                    assert_eq!(
                        solver.best_k(&subsets, true, 2, Some(0.0)).1,
                        f64::NEG_INFINITY
                    );
                }
            }
        }
        assert!(known > 1140, "{known} of 1,200 hands with a floor");
    }

    #[test]
    fn scoop_terms_are_nearly_monotone() {
        // The branch and bound needs P(we win all rows) to rise and P(the
        // opponent wins all rows) to fall as any row's chances rise, up to
        // COPULA_DEFECT along each axis (the interpolated grid is not an exact
        // distribution function). Scan lines along each axis finely.
        let m = Model::embedded().unwrap();
        let j = |a: [f64; 3]| m.joint(a[0], a[1], a[2]);
        let scooped = |a: [f64; 3]| {
            1.0 - j([a[0], 1.0, 1.0]) - j([1.0, a[1], 1.0]) - j([1.0, 1.0, a[2]])
                + j([a[0], a[1], 1.0])
                + j([a[0], 1.0, a[2]])
                + j([1.0, a[1], a[2]])
                - j(a)
        };
        let (coarse, fine) = (32, 512);
        let mut worst = 0.0f64;
        for k in 0..3 {
            for x in 0..=coarse {
                for y in 0..=coarse {
                    let (mut hi_j, mut lo_s) = (f64::NEG_INFINITY, f64::INFINITY);
                    for t in 0..=fine {
                        let mut rest = [x, y].map(|v| v as f64 / coarse as f64).into_iter();
                        let a: [f64; 3] = std::array::from_fn(|i| {
                            if i == k {
                                t as f64 / fine as f64
                            } else {
                                rest.next().unwrap_or(0.0)
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
        println!("copula monotonicity defect along an axis: {worst:.2e}");
        assert!(worst <= COPULA_DEFECT / 2.0, "{worst}");
    }

    #[test]
    fn strict_order_without_a_legal_setting_is_reported() {
        // Four of each of 2, 3, 4 and an ace: under strict order the rows
        // cannot all differ... unless they can; check against the frontier.
        let rules = Rules::preset("pagat_classic").unwrap();
        let solver = Solver::new(&rules, 1, Model::embedded().unwrap()).unwrap();
        let hand: [Card; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 48];
        let s = solver.solve(&hand).unwrap();
        let frontier = solver.frontier(&HandSubsets::new(&hand, rules.wheel));
        assert_eq!(s.fouled, frontier.is_empty() && s.natural.is_none());
    }

    #[test]
    fn batch_equals_single_and_threads_agree() {
        let rules = Rules::preset("cp_pro_1_6").unwrap();
        let model = Model::embedded().unwrap();
        let pool = hands(300, 77);
        let flat: Vec<u8> = pool.iter().flatten().copied().collect();
        let mut runs = Vec::new();
        for t in [Threads::Count(1), Threads::Count(2)] {
            let mut settings = vec![0u8; flat.len()];
            let mut ev = vec![0f64; pool.len()];
            solve_rows(&flat, &rules, 3, model, t, &mut settings, &mut ev).unwrap();
            runs.push((settings, ev));
        }
        assert_eq!(runs[0], runs[1]);
        for (i, hand) in pool.iter().enumerate() {
            let s = solve(hand, &rules, 3, model).unwrap();
            assert_eq!(&runs[0].0[13 * i..13 * i + 13], &s.setting);
            assert_eq!(runs[0].1[i], s.ev);
        }
        let mut bad = flat.clone();
        bad[13 * 5 + 2] = bad[13 * 5];
        let mut settings = vec![0u8; flat.len()];
        let mut ev = vec![0f64; pool.len()];
        let err = solve_rows(
            &bad,
            &rules,
            3,
            model,
            Threads::Count(2),
            &mut settings,
            &mut ev,
        );
        assert!(matches!(err, Err(Error::BatchRow { row: 5, .. })));
        assert!(matches!(
            solve_rows(
                &flat[..20],
                &rules,
                3,
                model,
                Threads::Auto,
                &mut settings,
                &mut ev
            ),
            Err(Error::Array(_))
        ));
    }

    #[test]
    fn naturals_are_declared_when_worth_it() {
        let model = Model::embedded().unwrap();
        let dragon: [Card; 13] = std::array::from_fn(|r| 4 * r as Card + (r as Card % 2));
        let rules = Rules::preset("cp_pro_1_6").unwrap();
        let s = solve(&dragon, &rules, 3, model).unwrap();
        assert_eq!(
            s.natural.as_ref().map(|n| n.kind),
            Some(NaturalKind::Dragon)
        );
        assert_eq!(s.ev, 39.0);
        assert!(same_cards(&s.setting, &dragon));
        let mut plain = rules.clone();
        plain.naturals.clear();
        let s = solve(&dragon, &plain, 3, model).unwrap();
        assert!(s.natural.is_none() && !s.fouled);
        assert!(s.ev < 39.0);
        // Mandatory declaration (wiki presets) claims even a cheap natural.
        let wiki = Rules::preset("wiki_2_4").unwrap();
        let pairs: [Card; 13] = [0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 50];
        let s = solve(&pairs, &wiki, 1, model).unwrap();
        assert_eq!(s.natural.map(|n| n.kind), Some(NaturalKind::SixPairs));
    }

    #[test]
    fn the_top_k_kept_is_the_sorted_head() {
        // Bound::offer against sorting everything: equal points (ties go
        // to the stronger key) and every K from 1 to past the count.
        let model = Model::embedded().unwrap();
        let rules = Rules::preset("cp_pro_1_6").unwrap();
        let solver = Solver::new(&rules, 3, model).unwrap();
        let mut state = 0x0FFE_u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        for round in 0..200 {
            let n = (round % 40) as usize;
            let all: Vec<Priced> = (0..n)
                .map(|i| {
                    let s = SettingIdx {
                        front: i as u16,
                        middle: 0,
                        back: 0,
                    };
                    (
                        s,
                        (next() % 7, next() % 7, i as u32),
                        f64::from(next() % 5) - 2.0,
                    )
                })
                .collect();
            let mut sorted = all.clone();
            sorted.sort_by(ranking);
            // The ranking itself, spelled out: more points first, then the
            // stronger key (back, middle, front).
            for w in sorted.windows(2) {
                assert!(w[0].2 > w[1].2 || (w[0].2 == w[1].2 && w[0].1 > w[1].1));
            }
            for k in 1..n + 2 {
                let mut ctl = Bound {
                    solver: &solver,
                    stats: StatCache::take(&solver),
                    k,
                    best: Vec::new(),
                    announced: u32::MAX,
                    groups: 0,
                    last_kth: f64::NEG_INFINITY,
                    corners: Vec::new(),
                    open_corner: None,
                    floor: f64::NEG_INFINITY,
                    floor_margin: None,
                };
                for &p in &all {
                    ctl.offer(p);
                }
                assert_eq!(ctl.best, sorted[..k.min(n)], "{round} {k}");
                let kth = if k <= n {
                    sorted[k - 1].2
                } else {
                    f64::NEG_INFINITY
                };
                assert_eq!(ctl.kth(), kth);
                ctl.stats.give_back();
            }
        }
    }

    #[test]
    fn solutions_are_deterministic() {
        let rules = Rules::preset("wiki_2_4").unwrap();
        let model = Model::embedded().unwrap();
        for hand in hands(20, 9) {
            assert_eq!(
                solve(&hand, &rules, 2, model).unwrap(),
                solve(&hand, &rules, 2, model).unwrap()
            );
        }
        assert!(solve(&[0; 13], &rules, 2, model).is_err());
        assert!(Solver::new(&rules, 4, model).is_err());
    }

    #[test]
    fn solvers_sharing_a_thread_do_not_share_row_stats() {
        // Each thread keeps one row-stat cache for every solver it runs:
        // interleaving solvers of different rules (royalties, methods, table
        // sizes) must give what each gives alone on a fresh thread.
        let model = Model::embedded().unwrap();
        let presets = ["cp_pro_1_6", "wiki_2_4", "capsa_susun_online"];
        let rules: Vec<Rules> = presets.iter().map(|p| Rules::preset(p).unwrap()).collect();
        let hs = hands(40, 31);
        let alone: Vec<Vec<Solution>> = std::thread::scope(|sc| {
            let runs: Vec<_> = rules
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let hs = &hs;
                    sc.spawn(move || {
                        let solver = Solver::new(r, 1 + i, model).unwrap();
                        hs.iter().map(|h| solver.solve(h).unwrap()).collect()
                    })
                })
                .collect();
            runs.into_iter().map(|t| t.join().unwrap()).collect()
        });
        let solvers: Vec<Solver> = rules
            .iter()
            .enumerate()
            .map(|(i, r)| Solver::new(r, 1 + i, model).unwrap())
            .collect();
        for (j, h) in hs.iter().enumerate() {
            for (i, solver) in solvers.iter().enumerate() {
                assert_eq!(
                    solver.solve(h).unwrap(),
                    alone[i][j],
                    "{} hand {j}",
                    presets[i]
                );
            }
        }
        // Slots keep the low 16 bits of a solver's id: a solver whose id
        // shares them with another's must not read its entries.
        let mut twin = Solver::new(&rules[1], 2, model).unwrap();
        twin.id = solvers[0].id + (1 << 16);
        for (j, h) in hs.iter().enumerate() {
            assert_eq!(solvers[0].solve(h).unwrap(), alone[0][j], "hand {j}");
            assert_eq!(twin.solve(h).unwrap(), alone[1][j], "twin, hand {j}");
        }
    }

    #[test]
    fn embedded_model_is_sane() {
        let m = Model::embedded().unwrap();
        assert!(m.samples > 10_000);
        assert!(m.scoop_rate > 0.01 && m.scoop_rate < 0.5);
        for k in 0..3 {
            let r = m.row(k);
            assert!((0..r.len()).all(|o| r.below(o) <= r.upto(o)));
            assert!((r.upto(r.len() - 1) - 1.0).abs() < 1e-9);
        }
        // Monotone in every argument, a probability, and positively
        // correlated rows (a strong hand tends to be strong in every row).
        let g = |i: usize| i as f64 / 8.0;
        for i in 0..8 {
            for j in 0..8 {
                for k in 0..8 {
                    let c = m.joint(g(i), g(j), g(k));
                    assert!((0.0..=1.0 + 1e-6).contains(&c));
                    assert!(m.joint(g(i + 1), g(j), g(k)) >= c - 1e-9);
                    assert!(m.joint(g(i), g(j + 1), g(k)) >= c - 1e-9);
                    assert!(m.joint(g(i), g(j), g(k + 1)) >= c - 1e-9);
                }
            }
        }
        println!(
            "copula C(.5,.5,.5) = {:.4}, C(.9,.9,.9) = {:.4} (independent: .125, .729)",
            m.joint(0.5, 0.5, 0.5),
            m.joint(0.9, 0.9, 0.9)
        );
    }

    #[test]
    fn royalty_max_takes_the_royalties() {
        let rules = Rules::preset("cp_pro_1_6").unwrap();
        let mut pool = hands(20, 31);
        // Trips of deuces, a straight 3-7 and a heart flush are all available.
        pool.push([0, 1, 2, 4, 9, 14, 19, 24, 30, 38, 42, 46, 50]);
        let mut most = 0;
        for hand in pool {
            let (s, fouled) = royalty_max_setting(&hand, &rules).unwrap();
            assert!(!fouled);
            let v = values(&s, rules.wheel);
            assert_eq!(order_check(v, &rules), None);
            let roy: i64 = Row::ALL
                .iter()
                .map(|&r| row_royalty(&rules, r, v[r as usize]))
                .sum();
            let mut best = 0;
            HandSubsets::new(&hand, rules.wheel).for_each_setting(|_, f, m, b| {
                if order_check([f, m, b], &rules).is_none() {
                    let r = row_royalty(&rules, Row::Front, f)
                        + row_royalty(&rules, Row::Middle, m)
                        + row_royalty(&rules, Row::Back, b);
                    best = best.max(r);
                }
            });
            assert_eq!(roy, best);
            most = most.max(roy);
        }
        assert!(most >= 3);
    }

    #[test]
    fn fast_beats_greedy_heads_up() {
        let rules = Rules::preset("cp_pro_2_4").unwrap();
        let (edge, se) =
            duplicate_match(Strategy::Fast, Strategy::Greedy, 2000, &rules, 3).unwrap();
        assert!(edge > 0.5 && edge > 5.0 * se, "edge {edge} ± {se}");
        let seen: HashSet<u64> = (0..100).map(|d| deal_cards::<1>(d)[0] as u64).collect();
        assert!(seen.len() > 20);
    }

    /// Found through the Python API: a deal count beyond memory aborted the
    /// process; it is an error now.
    #[test]
    fn a_match_beyond_memory_is_refused() {
        let rules = Rules::preset("cp_pro_2_4").unwrap();
        let r = duplicate_match(Strategy::Greedy, Strategy::Greedy, 1 << 60, &rules, 0);
        assert!(matches!(r, Err(Error::InvalidSetting(_))), "{r:?}");
    }
}
