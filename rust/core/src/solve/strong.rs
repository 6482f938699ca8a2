//! The strong solver: refines the fast solver's best candidates by Monte
//! Carlo. Each sample deals the opponents from the unseen cards, sets their
//! hands with the fast solver, and scores every candidate exactly under the
//! rules against the same opponents (common random numbers), so differences
//! between candidates are measured with little noise.

use super::model::Model;
use super::pricing::Solver;
use crate::cards::deck::SplitMix64;
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::natural::Natural;
use crate::parallel::{for_chunks_sized, Threads};
use crate::rules::Rules;
use crate::score::{score, PlayerHand};
use crate::setting::Setting;
use std::time::{Duration, Instant};

/// How hard the strong solver works.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effort {
    /// Opponent deals sampled (the most; a time budget may stop earlier).
    pub samples: usize,
    /// Stop after this long (checked between blocks of samples).
    pub time_budget: Option<Duration>,
    /// Seed of the opponent deals.
    pub seed: u64,
    /// How many of the fast solver's candidates are refined.
    pub candidates: usize,
}

impl Default for Effort {
    fn default() -> Self {
        Effort {
            samples: 400,
            time_budget: None,
            seed: 0,
            candidates: 5,
        }
    }
}

/// The strong solver's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct StrongSolution {
    /// The chosen setting (front 3, middle 5, back 5).
    pub setting: [Card; 13],
    /// Mean points against the sampled opponents (all of them together).
    pub ev: f64,
    /// Standard error of `ev`.
    pub se: f64,
    /// The natural declared, if the fast solver declares one.
    pub natural: Option<Natural>,
    /// Refined candidates: setting, mean, standard error, best first.
    pub candidates: Vec<([Card; 13], f64, f64)>,
    /// Samples actually used.
    pub samples: usize,
}

/// Samples per block: the time budget is checked between blocks, and each
/// block's samples are spread over the threads.
const BLOCK: usize = 32;

/// Refines the fast solver's best candidates by Monte Carlo (see module doc).
/// Deterministic for a seed and sample count, whatever the thread count.
pub fn solve_strong(
    hand: &[Card; 13],
    rules: &Rules,
    opponents: usize,
    model: &Model,
    effort: Effort,
    threads: Threads,
) -> Result<StrongSolution> {
    if effort.samples == 0 || effort.candidates == 0 {
        return Err(Error::InvalidSetting(
            "effort needs at least one sample and one candidate".into(),
        ));
    }
    let solver = Solver::new(rules, opponents, model)?;
    let fast = solver.solve_top(hand, effort.candidates)?;
    if fast.natural.is_some() || fast.fouled {
        return Ok(StrongSolution {
            setting: fast.setting,
            ev: fast.ev,
            se: 0.0,
            natural: fast.natural,
            candidates: vec![(fast.setting, fast.ev, 0.0)],
            samples: 0,
        });
    }
    let cands: Vec<Setting> = fast
        .candidates
        .iter()
        .take(effort.candidates)
        .map(|(s, _)| Setting::from_cards(s))
        .collect::<Result<_>>()?;
    let mut held = [false; 52];
    for &c in hand {
        held[c as usize] = true;
    }
    let unseen: Vec<Card> = (0..52u8).filter(|&c| !held[c as usize]).collect();
    let k = cands.len();
    let mut sum = vec![0.0f64; k];
    let mut sum_sq = vec![0.0f64; k];
    let start = Instant::now();
    let mut done = 0usize;
    while done < effort.samples {
        let n = BLOCK.min(effort.samples - done);
        let idx: Vec<u64> = (done as u64..(done + n) as u64).collect();
        let mut results = vec![0.0f64; n * k];
        for_chunks_sized(&idx, 1, &mut results, k, threads, 4, |_, ids, out| {
            for (&s, row) in ids.iter().zip(out.chunks_exact_mut(k)) {
                sample(
                    s,
                    &unseen,
                    &cands,
                    &solver,
                    rules,
                    opponents,
                    effort.seed,
                    row,
                )?;
            }
            Ok(())
        })?;
        for row in results.chunks_exact(k) {
            for (j, &x) in row.iter().enumerate() {
                sum[j] += x;
                sum_sq[j] += x * x;
            }
        }
        done += n;
        if effort.time_budget.is_some_and(|b| start.elapsed() >= b) {
            break;
        }
    }
    let m = done as f64;
    let mut refined: Vec<([Card; 13], f64, f64)> = (0..k)
        .map(|j| {
            let mean = sum[j] / m;
            let var = if done > 1 {
                ((sum_sq[j] - m * mean * mean) / (m - 1.0)).max(0.0)
            } else {
                0.0
            };
            (*cands[j].cards(), mean, (var / m).sqrt())
        })
        .collect();
    // best mean first; ties keep the fast solver's order (stable sort)
    refined.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (setting, ev, se) = refined[0];
    Ok(StrongSolution {
        setting,
        ev,
        se,
        natural: None,
        candidates: refined,
        samples: done,
    })
}

/// One sample: deal the opponents from the unseen cards (keyed by the sample
/// index), set them with the fast solver, and score every candidate.
#[allow(clippy::too_many_arguments)]
fn sample(
    s: u64,
    unseen: &[Card],
    cands: &[Setting],
    solver: &Solver<'_>,
    rules: &Rules,
    opponents: usize,
    seed: u64,
    out: &mut [f64],
) -> Result<()> {
    let mut deck = unseen.to_vec();
    SplitMix64::new(seed ^ s.wrapping_mul(0xA24B_AED4_963E_E407))
        .shuffle_prefix(&mut deck, 13 * opponents);
    let mut players = Vec::with_capacity(opponents + 1);
    players.push(PlayerHand::Surrender); // replaced per candidate below
    for o in 0..opponents {
        let hand: [Card; 13] = std::array::from_fn(|i| deck[13 * o + i]);
        let sol = solver.solve_top(&hand, 1)?;
        let setting = Setting::from_cards(&sol.setting)?;
        players.push(if sol.natural.is_some() {
            PlayerHand::Natural(setting)
        } else {
            PlayerHand::Setting(setting)
        });
    }
    for (c, slot) in cands.iter().zip(out.iter_mut()) {
        players[0] = PlayerHand::Setting(*c);
        let r = score(&players, rules, None)?;
        *slot = r.totals[0] as f64 / r.denominator as f64;
    }
    Ok(())
}

#[cfg(test)]
#[path = "strong_tests.rs"]
mod tests;
