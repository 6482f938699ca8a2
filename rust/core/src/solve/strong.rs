//! The strong solver: races the fast solver's best candidates by Monte
//! Carlo. Each sample deals the opponents from the unseen cards (so our
//! cards' removal is exact), sets their hands with the fast solver, and
//! scores every candidate still in the race exactly under the rules against
//! the same opponents (common random numbers), so the differences between
//! candidates are measured with far less noise than their values.
//!
//! The race runs in rounds of doubling size. After each round a candidate
//! whose paired difference to the current leader is clearly negative (its
//! upper bound, [`DROP_Z`] standard errors up, below [`INDIFFERENCE`])
//! leaves the race; the fast
//! solver's choice, the incumbent, always stays. The race ends when only the
//! incumbent is left (the usual case: most hands have one clear setting), at
//! the sample limit, or at the time budget. A challenger replaces the
//! incumbent only when its paired lead over it exceeds `margin` standard
//! errors: with many challengers the best-looking one is flattered by its
//! noise, and a wrong switch costs more than a missed one gains.

use super::model::Model;
use super::pricing::Solver;
use super::seats::TableSolvers;
use crate::cards::deck::SplitMix64;
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::natural::Natural;
use crate::parallel::{for_chunks_sized, Threads};
use crate::rules::Rules;
use crate::score::{Judged, PlayerHand, Table};
use crate::setting::Setting;
use std::time::{Duration, Instant};

/// How hard the strong solver works, and how sure it must be to overrule
/// the fast solver.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effort {
    /// Most opponent deals sampled (the race may end sooner, when every
    /// challenger is clearly behind, and a time budget may stop it earlier).
    pub samples: usize,
    /// Stop after this long (checked between blocks of samples).
    pub time_budget: Option<Duration>,
    /// Seed of the opponent deals.
    pub seed: u64,
    /// How many of the fast solver's best settings enter the race.
    pub candidates: usize,
    /// Standard errors by which a challenger's paired lead over the fast
    /// solver's choice must exceed zero to replace it (0 picks the best mean).
    pub margin: f64,
}

impl Default for Effort {
    fn default() -> Self {
        Effort {
            samples: 1024,
            time_budget: None,
            seed: 0,
            candidates: 24,
            margin: 2.0,
        }
    }
}

/// One candidate of the race, as the strong solver measured it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The setting (front 3, middle 5, back 5).
    pub setting: [Card; 13],
    /// Mean points against the sampled opponents (all of them together).
    pub ev: f64,
    /// Standard error of `ev`.
    pub se: f64,
    /// The fast solver's expected points for it.
    pub model_ev: f64,
    /// Mean paired difference to the fast solver's choice on the same samples.
    pub lead: f64,
    /// Standard error of `lead` (0 for the fast solver's choice itself).
    pub lead_se: f64,
    /// Samples it was scored on (fewer when it left the race early).
    pub samples: usize,
}

/// The strong solver's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct StrongSolution {
    /// The chosen setting (front 3, middle 5, back 5).
    pub setting: [Card; 13],
    /// Mean points of the choice against the sampled opponents (the fast
    /// solver's expectation when nothing was sampled).
    pub ev: f64,
    /// Standard error of `ev`.
    pub se: f64,
    /// The natural declared, if the fast solver declares one.
    pub natural: Option<Natural>,
    /// The race: the choice first, then the others by `ev`, best first.
    pub candidates: Vec<Candidate>,
    /// Samples dealt.
    pub samples: usize,
}

/// Samples per block: the time budget is checked between blocks, and each
/// block's samples are spread over the threads.
const BLOCK: usize = 32;

/// Samples of the first round; each later round doubles the total.
const FIRST_ROUND: usize = 64;

/// A challenger leaves the race when its paired difference to the leader,
/// plus this many standard errors, stays below [`INDIFFERENCE`].
pub const DROP_Z: f64 = 3.0;

/// Points per hand a challenger must still be able to gain over the leader
/// to stay in the race: settings that play alike on every sample (dead
/// cards swapped) or differ by less than this are not worth the samples.
pub const INDIFFERENCE: f64 = 0.01;

/// Races the fast solver's best candidates by Monte Carlo (see module doc).
/// Deterministic for a seed and an effort, whatever the thread count, as
/// long as the time budget does not stop the race.
///
/// ```
/// use chinese_poker_core::{parallel::Threads, rules::Rules, solve::{solve_strong, Effort, Model}};
/// let rules = Rules::preset("cp_pro_2_4").unwrap();
/// let hand: [u8; 13] = [0, 1, 5, 9, 14, 18, 22, 27, 31, 35, 40, 44, 51];
/// let effort = Effort { samples: 128, ..Effort::default() };
/// let s = solve_strong(&hand, &rules, 1, Model::embedded().unwrap(), effort, Threads::Count(1)).unwrap();
/// assert_eq!(s.candidates[0].setting, s.setting);
/// ```
pub fn solve_strong(
    hand: &[Card; 13],
    rules: &Rules,
    opponents: usize,
    model: &Model,
    effort: Effort,
    threads: Threads,
) -> Result<StrongSolution> {
    solve_strong_seat(hand, rules, opponents, model, effort, threads, false)
}

/// [`solve_strong`] for a hand that holds the bank (`banker`) or not (see
/// [`Solver::for_seat`]): under the banker topology a player's race deals the
/// banker's hand alone, the bank's every player's.
pub fn solve_strong_seat(
    hand: &[Card; 13],
    rules: &Rules,
    opponents: usize,
    model: &Model,
    effort: Effort,
    threads: Threads,
    banker: bool,
) -> Result<StrongSolution> {
    if effort.samples == 0 || effort.candidates == 0 {
        return Err(Error::InvalidSetting(
            "effort needs at least one sample and one candidate".into(),
        ));
    }
    if !(effort.margin.is_finite() && effort.margin >= 0.0) {
        return Err(Error::InvalidSetting(format!(
            "effort margin is {}; it must be a finite number of standard errors, 0 or more",
            effort.margin
        )));
    }
    let solver = Solver::for_seat(rules, opponents, model, banker)?;
    let fast = solver.solve_top(hand, effort.candidates)?;
    if fast.natural.is_some() || fast.fouled || fast.candidates.len() == 1 {
        // Nothing to race: a natural, no legal setting, or one setting only.
        return Ok(StrongSolution {
            setting: fast.setting,
            ev: fast.ev,
            se: 0.0,
            natural: fast.natural,
            candidates: vec![Candidate {
                setting: fast.setting,
                ev: fast.ev,
                se: 0.0,
                model_ev: fast.ev,
                lead: 0.0,
                lead_se: 0.0,
                samples: 0,
            }],
            samples: 0,
        });
    }
    let judged: Vec<Judged> = fast
        .candidates
        .iter()
        .map(|(s, _)| Judged::new(0, &PlayerHand::Setting(Setting::from_cards(s)?), rules))
        .collect::<Result<_>>()?;
    let mut held = [false; 52];
    for &c in hand {
        held[c as usize] = true;
    }
    let unseen: Vec<Card> = (0..52u8).filter(|&c| !held[c as usize]).collect();
    let k = judged.len();
    let seats = Seats::new(rules, opponents, model, banker)?;
    let ctx = Context {
        unseen: &unseen,
        judged: &judged,
        seats: &seats,
        rules,
        seed: effort.seed,
    };
    let race = run_race(k, effort, threads, |s, alive, out| {
        sample(&ctx, s, alive, out)
    })?;
    let model_ev: Vec<f64> = fast.candidates.iter().map(|c| c.1).collect();
    let mut candidates: Vec<Candidate> = (0..k)
        .map(|j| race.candidate(j, fast.candidates[j].0, model_ev[j]))
        .collect();
    let choice = choose(&candidates, race.done, effort.margin);
    let chosen = candidates.remove(choice);
    // By mean, best first; equal means keep the fast solver's order.
    candidates.sort_by(|a, b| b.ev.total_cmp(&a.ev));
    candidates.insert(0, chosen);
    let first = &candidates[0];
    Ok(StrongSolution {
        setting: first.setting,
        ev: first.ev,
        se: first.se,
        natural: None,
        candidates,
        samples: race.done,
    })
}

/// The index of the choice among the candidates (the fast solver's order):
/// of the challengers still in the race after `done` samples, the one with
/// the largest paired lead over the incumbent (index 0) among those leading
/// by more than `margin` standard errors; else the incumbent.
fn choose(candidates: &[Candidate], done: usize, margin: f64) -> usize {
    let mut best = 0;
    let mut best_lead = 0.0;
    for (j, c) in candidates.iter().enumerate().skip(1) {
        let raced = c.samples == done && done > 1;
        if raced && c.lead > margin * c.lead_se && c.lead > best_lead {
            best = j;
            best_lead = c.lead;
        }
    }
    best
}

/// What every sample needs.
struct Context<'a> {
    unseen: &'a [Card],
    judged: &'a [Judged],
    seats: &'a Seats<'a>,
    rules: &'a Rules,
    seed: u64,
}

/// Where we sit in a sample and who else is dealt, with the fast solver
/// that sets each opponent.
struct Seats<'a> {
    /// The table's size.
    size: usize,
    /// Our seat (the bank's under the banker topology when we hold it).
    me: usize,
    /// The opponents dealt, by seat: a player facing a bank deals the bank alone.
    others: Vec<usize>,
    /// The fast solver of every seat.
    solvers: TableSolvers<'a>,
}

impl<'a> Seats<'a> {
    fn new(
        rules: &'a Rules,
        opponents: usize,
        model: &'a Model,
        banker: bool,
    ) -> Result<Seats<'a>> {
        let size = opponents + 1;
        let solvers = TableSolvers::new(rules, opponents, model)?;
        let Some(b) = solvers.bank_seat() else {
            return Ok(Seats {
                size,
                me: 0,
                others: (1..size).collect(),
                solvers,
            });
        };
        let me = if banker { b } else { usize::from(b == 0) };
        let others = if banker {
            (0..size).filter(|&s| s != me).collect()
        } else {
            vec![b]
        };
        Ok(Seats {
            size,
            me,
            others,
            solvers,
        })
    }

    /// The fast solver that sets the hand at `seat`.
    fn solver(&self, seat: usize) -> &Solver<'a> {
        self.solvers.seat(seat)
    }
}

/// The scores of the race so far: `scores[s * k + j]` is candidate `j`'s
/// points on sample `s` (NaN once it left the race).
struct Race {
    k: usize,
    scores: Vec<f64>,
    /// When each candidate left the race (samples scored), or `None`.
    left: Vec<Option<usize>>,
    done: usize,
}

impl Race {
    /// The samples candidate `j` was scored on.
    fn count(&self, j: usize) -> usize {
        self.left[j].unwrap_or(self.done)
    }

    /// Mean and standard error of `f(sample)` over the first `n` samples.
    fn stats(&self, n: usize, f: impl Fn(&[f64]) -> f64) -> (f64, f64) {
        if n == 0 {
            return (0.0, 0.0);
        }
        let (mut sum, mut sum_sq) = (0.0, 0.0);
        for row in self.scores.chunks_exact(self.k).take(n) {
            let x = f(row);
            sum += x;
            sum_sq += x * x;
        }
        let m = n as f64;
        let mean = sum / m;
        let var = if n > 1 {
            ((sum_sq - m * mean * mean) / (m - 1.0)).max(0.0)
        } else {
            0.0
        };
        (mean, (var / m).sqrt())
    }

    /// Candidate `j`'s figures (its setting and model points given).
    fn candidate(&self, j: usize, setting: [Card; 13], model_ev: f64) -> Candidate {
        let n = self.count(j);
        let (ev, se) = self.stats(n, |r| r[j]);
        let (lead, lead_se) = if j == 0 {
            (0.0, 0.0)
        } else {
            self.stats(n, |r| r[j] - r[0])
        };
        Candidate {
            setting,
            ev,
            se,
            model_ev,
            lead,
            lead_se,
            samples: n,
        }
    }

    /// After a round: drops the challengers clearly behind the leader.
    /// Returns how many candidates are still in the race.
    fn prune(&mut self) -> usize {
        let n = self.done;
        let alive: Vec<usize> = (0..self.k).filter(|&j| self.left[j].is_none()).collect();
        let mean = |j: usize| self.stats(n, |r| r[j]).0;
        let mut leader = alive[0];
        let mut lead_mean = mean(leader);
        for &j in &alive[1..] {
            let m = mean(j);
            if m > lead_mean {
                (leader, lead_mean) = (j, m);
            }
        }
        let mut out = Vec::new();
        for &j in alive.iter().filter(|&&j| j != 0 && j != leader) {
            let (d, se) = self.stats(n, |r| r[j] - r[leader]);
            if d + DROP_Z * se < INDIFFERENCE {
                out.push(j);
            }
        }
        for j in out {
            self.left[j] = Some(n);
        }
        self.left.iter().filter(|l| l.is_none()).count()
    }
}

/// Runs the race of the module doc among `k` candidates: `sample(s, alive,
/// row)` writes the points of every candidate still in the race (`alive`)
/// on sample `s` into `row`.
fn run_race(
    k: usize,
    effort: Effort,
    threads: Threads,
    sample: impl Fn(u64, &[bool], &mut [f64]) -> Result<()> + Sync,
) -> Result<Race> {
    let mut race = Race {
        k,
        scores: Vec::with_capacity(k * effort.samples.min(4096)),
        left: vec![None; k],
        done: 0,
    };
    let start = Instant::now();
    let mut round_end = FIRST_ROUND.min(effort.samples);
    'race: loop {
        while race.done < round_end {
            let n = BLOCK.min(round_end - race.done);
            let idx: Vec<u64> = (race.done as u64..(race.done + n) as u64).collect();
            let alive: Vec<bool> = race.left.iter().map(Option::is_none).collect();
            let mut block = vec![f64::NAN; n * k];
            for_chunks_sized(&idx, 1, &mut block, k, threads, 4, |_, ids, out| {
                for (&s, row) in ids.iter().zip(out.chunks_exact_mut(k)) {
                    sample(s, &alive, row)?;
                }
                Ok(())
            })?;
            race.scores.extend_from_slice(&block);
            race.done += n;
            if effort.time_budget.is_some_and(|b| start.elapsed() >= b) {
                break 'race;
            }
        }
        if race.done >= effort.samples || race.prune() == 1 {
            break;
        }
        round_end = (2 * round_end).min(effort.samples);
    }
    Ok(race)
}

/// One sample: deal the opponents from the unseen cards (keyed by the sample
/// index), set them with the fast solver, and score every candidate still
/// in the race (`alive`) against them.
fn sample(ctx: &Context<'_>, s: u64, alive: &[bool], out: &mut [f64]) -> Result<()> {
    let seats = ctx.seats;
    let mut deck = ctx.unseen.to_vec();
    SplitMix64::new(ctx.seed ^ s.wrapping_mul(0xA24B_AED4_963E_E407))
        .shuffle_prefix(&mut deck, 13 * seats.others.len());
    let mut table = Table::new(seats.size, ctx.rules)?;
    for (o, &seat) in seats.others.iter().enumerate() {
        let hand: [Card; 13] = std::array::from_fn(|i| deck[13 * o + i]);
        let sol = seats.solver(seat).solve_top(&hand, 1)?;
        let setting = Setting::from_cards(&sol.setting)?;
        let played = if sol.natural.is_some() {
            PlayerHand::Natural(setting)
        } else {
            PlayerHand::Setting(setting)
        };
        table.seat(seat, &Judged::new(seat, &played, ctx.rules)?);
    }
    for ((c, slot), _) in ctx
        .judged
        .iter()
        .zip(out.iter_mut())
        .zip(alive)
        .filter(|(_, &a)| a)
    {
        table.seat(seats.me, c);
        let (total, denominator) = table.total(seats.me);
        *slot = total as f64 / denominator as f64;
    }
    Ok(())
}

#[cfg(test)]
#[path = "strong_tests.rs"]
mod tests;
