//! The solver itself: the frontier of a hand ranked by expected points,
//! with the branch and bound when the points are monotone, and the
//! natural's declaration.

use super::bound::{Bound, Priced};
use super::model::Model;
use super::pricing::Solver;
use super::stat_cache::StatCache;
use crate::cards::{check_hand, Card};
use crate::error::{Error, Result};
use crate::natural::{find_natural_unchecked, Natural};
use crate::rules::{NaturalDeclare, Rules};
use crate::search::{self, HandSubsets, SettingIdx};

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

impl Solver<'_> {
    /// The Pareto frontier of the legal settings under the rules.
    pub fn frontier(&self, subsets: &HandSubsets) -> Vec<(SettingIdx, [u32; 3])> {
        search::frontier_of(subsets, self.rules)
    }

    /// The top `k` frontier settings by expected points, best
    /// first; equal expectations keep the frontier's order (stronger back
    /// first), so the answer is deterministic.
    pub(super) fn ranked(&self, subsets: &HandSubsets, bound: bool, k: usize) -> Vec<Priced> {
        self.ranked_with(subsets, bound, k, 0.0)
    }

    /// [`Solver::ranked`] with the floor of the branch and bound raised by
    /// `floor_margin` (tests force the fallback with it).
    pub(super) fn ranked_with(
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
    pub(super) fn best_k(
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
        if bound && search::keeps_value_order(rules) && self.monotone {
            // Branch and bound on the ordered sweep (see [`Bound`]).
            search::sweep_under(subsets, rules, &mut ctl, &mut part);
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
    /// use chinese_poker_core::{rules::Rules, solve::{Model, Solver}};
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
    pub(super) fn solve_with(&self, hand: &[Card; 13], bound: bool, k: usize) -> Result<Solution> {
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
            let value = self.table_natural_points(nat.value);
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
pub(crate) fn check_cards(hand: &[Card; 13]) -> Result<()> {
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
/// use chinese_poker_core::{rules::Rules, solve::{solve, Model}};
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
