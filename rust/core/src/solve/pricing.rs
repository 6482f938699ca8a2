//! Pricing: a [`Solver`] turns the three row values of a setting into
//! expected points, from the model's row tables and joint law under the
//! rules' method, royalties and foul penalty. The solver's state lives
//! here too, since every other part of it reads the pricing.

use super::model::{class_list, classes, Cell, ClassList, Model, RowTable};
use super::naturals::opponent_naturals;
use super::topology::{at_least_two, Settle, Ties};
use crate::error::{Error, Result};
use crate::eval::Wheel;
use crate::royalty::row_royalty;
use crate::rules::{FoulPenalty, RoyaltyMode, Rules, ScoreMethod, TableBestRowPayer, Topology};
use crate::setting::Row;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::LazyLock;

/// Ids of [`Solver`]s, for [`StatCache`](super::stat_cache::StatCache).
pub(super) static SOLVER_IDS: AtomicU64 = AtomicU64::new(0);

/// Ordinal ranges of hand classes that one royalty entry prices alike: the
/// front by category and pair/trips rank, middle and back by category.
pub(super) struct Segments {
    /// Per class ordinal, its segment.
    pub(super) of: Vec<u8>,
    /// Per segment, the ordinal one past its end.
    pub(super) end: Vec<usize>,
}

pub(super) fn segments(list: &[u32], three: bool) -> Segments {
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
pub(super) static SEGMENTS: LazyLock<[[Segments; 2]; 2]> = LazyLock::new(|| {
    [Wheel::Lowest, Wheel::SecondHighest].map(|w| {
        [
            segments(classes(w, 3), true),
            segments(classes(w, 5), false),
        ]
    })
});

pub(super) fn wheel_index(w: Wheel) -> usize {
    match w {
        Wheel::Lowest => 0,
        Wheel::SecondHighest => 1,
    }
}

/// One row priced under the rules: class ordinals, our royalty per segment,
/// and what the opponent's row costs us through royalties.
pub(super) struct RowPrice {
    pub(super) classes: &'static ClassList,
    pub(super) seg: &'static Segments,
    /// Our royalty in each segment.
    pub(super) royalty: Vec<f64>,
    /// Extra we pay (beyond the row unit) when an opponent row of the segment beats us.
    pub(super) pay: Vec<f64>,
    /// `suffix[s]` = Σ over segments above `s` of mass × pay.
    pub(super) suffix: Vec<f64>,
    /// Expected extra paid to an opponent who wins the row whatever ours is
    /// (what a fouled hand pays).
    pub(super) pay_all: f64,
    /// Expected royalty of the opponent's row (`extra_always`).
    pub(super) expected: f64,
}

impl RowPrice {
    pub(super) fn new(rules: &Rules, row: Row, table: &RowTable) -> RowPrice {
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

/// One row's own contribution (see [`Solver::row_stat`]), which is also
/// a [`StatCache`](super::stat_cache::StatCache) slot: with its value and the low bits of its solver's id
/// it fills one cache line, so a look-up that misses the cache costs one
/// line, not two. (The row's expected units, `w - (1 - a)`, are left to
/// [`Solver::combine`] to make room.)
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
pub(super) struct RowStat {
    /// P(our row wins).
    pub(super) w: f64,
    /// P(our row does not lose).
    pub(super) a: f64,
    /// The position of `w` and `a` in their cells of the joint law's grid.
    pub(super) w_t: f64,
    pub(super) a_t: f64,
    /// Expected royalty points of the row.
    pub(super) royalty: f64,
    /// Our royalty if the opponent fouls (we win every row).
    pub(super) won_all: f64,
    /// P(opponent's row <= ours) on the copula's scale.
    pub(super) single: f64,
    /// The row value (the cache's key).
    pub(super) value: u32,
    /// The low 16 bits of the id of the solver that priced it (see
    /// [`StatCache::take`](super::stat_cache::StatCache::take)).
    pub(super) id_low: u16,
    /// The grid cells of `w` and `a`.
    pub(super) cells: [u8; 2],
}

const _: () = assert!(std::mem::size_of::<RowStat>() == 64);

impl RowStat {
    /// `w` with its grid cell.
    #[inline(always)]
    pub(super) fn w_cell(&self) -> Cell {
        Cell::from_parts(self.w, self.cells[0], self.w_t)
    }

    /// `a` with its grid cell.
    #[inline(always)]
    pub(super) fn a_cell(&self) -> Cell {
        Cell::from_parts(self.a, self.cells[1], self.a_t)
    }
}

/// A solver prepared for one set of rules, table size and model; cheap to
/// build, shareable between threads.
pub struct Solver<'a> {
    pub(super) rules: &'a Rules,
    pub(super) model: &'a Model,
    pub(super) opponents: usize,
    pub(super) rows: [RowPrice; 3],
    /// Method points of a scoop before multipliers.
    pub(super) scoop_points: f64,
    /// [`Solver::ev_monotone`], once.
    pub(super) monotone: bool,
    /// [`Solver::bound_slack`], once.
    pub(super) slack: f64,
    /// Tells this solver's entries of a [`StatCache`](super::stat_cache::StatCache) from other solvers'.
    pub(super) id: u64,
    /// The chance that an opponent plays its rows: 1 less the chance of a
    /// natural ([`opponent_naturals`]).
    pub(super) rows_played: f64,
    /// What an opponent's natural costs us per opponent, chance times value.
    pub(super) natural_cost: f64,
    /// How the hand settles with the table ([`Settle`]).
    pub(super) settle: Settle,
    /// Who takes a tied row ([`Ties`]).
    pub(super) ties: Ties,
}

/// Row units plus bonuses for winning all three rows, before multipliers
/// (the `method_points([1, 1, 1])` of RULES §4.3).
pub(super) fn scoop_points(rules: &Rules) -> f64 {
    match rules.method {
        ScoreMethod::PerRow => 3.0,
        ScoreMethod::OneFour | ScoreMethod::TwoFour => 4.0,
        ScoreMethod::OneSix | ScoreMethod::TwoSix | ScoreMethod::RussianMatch => 6.0,
        ScoreMethod::RussianTable => rules.russian_table_scoop as f64,
    }
}

impl<'a> Solver<'a> {
    /// Prepares the pricing of rows under `rules` against `opponents` (1 to 3),
    /// for a hand that does not hold the bank (see [`Solver::for_seat`]).
    ///
    /// ```
    /// use chinese_poker_core::{rules::Rules, solve::{Model, Solver}};
    /// let rules = Rules::preset("cp_pro_1_6").unwrap();
    /// let solver = Solver::new(&rules, 3, Model::embedded().unwrap()).unwrap();
    /// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 3));
    /// assert!(!solver.solve(&hand).unwrap().fouled);
    /// ```
    pub fn new(rules: &'a Rules, opponents: usize, model: &'a Model) -> Result<Solver<'a>> {
        Solver::for_seat(rules, opponents, model, false)
    }

    /// [`Solver::new`] for a hand that holds the bank (`banker`) or not.
    /// Only the banker topology reads it: there a player's hand settles with
    /// the banker alone (whatever `opponents` says), the banker's with every
    /// player, and `tie.banker_wins_ties` gives the bank the tied rows.
    ///
    /// ```
    /// use chinese_poker_core::{rules::Rules, solve::{Model, Solver}};
    /// let rules = Rules::preset("pusoy_ph_banker").unwrap();
    /// let model = Model::for_rules(&rules, 4).unwrap();
    /// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 3));
    /// let bank = Solver::for_seat(&rules, 3, model, true).unwrap().solve(&hand).unwrap();
    /// let player = Solver::for_seat(&rules, 3, model, false).unwrap().solve(&hand).unwrap();
    /// // The bet pays at most 2 a player: the bank settles with three, a player with one.
    /// assert!(player.ev.abs() <= 2.0 && bank.ev.abs() <= 6.0);
    /// ```
    pub fn for_seat(
        rules: &'a Rules,
        opponents: usize,
        model: &'a Model,
        banker: bool,
    ) -> Result<Solver<'a>> {
        if !(1..=3).contains(&opponents) {
            return Err(Error::InvalidSetting(format!(
                "a deal has 1 to 3 opponents, got {opponents}"
            )));
        }
        if banker && rules.topology != Topology::Banker {
            return Err(Error::Rules {
                option: "table.topology".into(),
                reason: format!(
                    "a hand can hold the bank only under table.topology = banker; these rules \
                     have table.topology = {}",
                    rules.topology.as_str()
                ),
            });
        }
        let opponents = Settle::settled(rules, banker, opponents);
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
            rows_played: 1.0,
            natural_cost: 0.0,
            settle: Settle::of(rules, banker),
            ties: Ties::of(rules, banker),
        };
        let naturals = opponent_naturals(rules);
        solver.rows_played = 1.0 - naturals.rate;
        solver.natural_cost = naturals.rate * naturals.value;
        solver.monotone = solver.ev_monotone();
        solver.slack = solver.bound_slack();
        Ok(solver)
    }

    /// What one row of value `value` brings on its own (row `k`: 0 front,
    /// 1 middle, 2 back): win and not-lose chances and royalty terms.
    #[inline]
    pub(super) fn row_stat(&self, k: usize, value: u32) -> RowStat {
        let p = &self.rows[k];
        let t = self.model.row(k);
        let o = p.classes.ordinal(value);
        let (w, a) = self.ties.resolve(t.below(o), t.upto(o));
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
    pub(super) fn combine(&self, st: [&RowStat; 3]) -> f64 {
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
        if self.settle != Settle::Pairwise {
            return self.table_points(st, scoop, scooped);
        }
        let net_scoop = scoop - scooped;
        // The 2-of-3 point from independent rows: in duplicate matches the
        // copula's version of it plays worse than independence, while its
        // scoop terms play better. (The opponent's rows trade strength
        // against each other, and two-row events are where the coarse grid
        // errs most.)
        // (Only for the methods that pay it: computed in their arms.)
        let twos = || {
            let l = [1.0 - a[0], 1.0 - a[1], 1.0 - a[2]];
            (at_least_two(w), at_least_two(l))
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
        n * (self.rows_played * ((1.0 - pf) * played + pf * foul_gain) - self.natural_cost)
    }

    /// Expected points of a fouled hand (it pays every opponent as scooped,
    /// plus their royalties as if they had won every row).
    pub(super) fn fouled_points(&self) -> f64 {
        if self.settle != Settle::Pairwise {
            return self.table_fouled_points();
        }
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
        let lost = self.rows_played * (1.0 - self.model.foul_rate) * (base + royalties);
        -(self.opponents as f64) * (lost + self.natural_cost)
    }

    /// True when the expected points never drop as one row's value rises
    /// (the others fixed), so that a bound at the strongest conceivable rows
    /// caps every weaker setting: every row's royalties are non-negative and
    /// non-decreasing in strength, scoop multipliers at least 1, and the
    /// method is not Russian table scoring (whose exactly-two-rows term is
    /// not monotone). The row chances are cumulative tables and the joint
    /// law's scoop terms are monotone up to the model's
    /// [`Model::monotone_defect`], which [`Solver::bound_slack`] covers.
    pub(super) fn ev_monotone(&self) -> bool {
        if self.settle != Settle::Pairwise {
            // Pots and the bet pay nothing for royalties, and every chance
            // they read rises with the rows (the bet's scoop terms up to the
            // slack).
            return true;
        }
        let rules = self.rules;
        let royalties_rise = self
            .rows
            .iter()
            .all(|p| p.royalty.iter().all(|&r| r >= 0.0) && p.royalty.is_sorted());
        royalties_rise && rules.scoop_multiplier >= 1 && rules.method != ScoreMethod::RussianTable
    }

    /// How much the expected points can exceed those of a setting that beats
    /// it row by row: the joint law's monotonicity defect (up to
    /// [`Model::monotone_defect`] per row for P(scoop) and for P(scooped)) times the
    /// most points a unit of scoop probability is worth.
    pub(super) fn bound_slack(&self) -> f64 {
        let rules = self.rules;
        if self.model.independent {
            return 0.0;
        }
        let n = self.opponents as f64;
        if let Some(weight) = self.settle.scoop_weight() {
            return n * weight * 2.0 * 3.0 * self.model.monotone_defect();
        }
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
        n * per_scoop * 2.0 * 3.0 * self.model.monotone_defect()
    }
}
