//! Trains the fast solver's opponent model by self-play and writes
//! `rust/core/data/model.bin` (embedded by the crate; see `model.rs`).
//!
//! Command (from the repository root):
//!
//! ```text
//! cargo run --release -p chinese-poker-core --bin train_model -- \
//!     --seed 1 --iterations 4 --deals 50000 --out rust/core/data/model.bin
//! ```
//!
//! Options: `--preset NAME` (default `cp_pro_1_6`) and `--option KEY=VALUE`
//! (repeatable, applied after the preset) set the rules of self-play;
//! `--players N` (2 to 4, default 4) the table size, so each solved hand
//! faces `N - 1` opponents; `--average true` fits each iteration to the rows
//! of every solved iteration so far (fictitious play) instead of the last
//! one alone.
//!
//! Iteration 0 plays every hand greedily; each later iteration deals fresh
//! `N`-player deals, solves every hand with the model of the previous
//! iteration under the rules, and refits the model to the rows that were
//! compared (naturals take no part, R-NAT-1). The model's tables hold no
//! payout or royalty, so a file trained under one preset can be used under
//! any other; how well it fits is a question of the rules it was trained
//! under. Each deal's cards come from `(seed, iteration, deal)`, and the fit
//! uses counts only, so the file is identical whatever the thread count.

use chinese_poker_core::cards::deck::{deal_cards, splitmix64};
use chinese_poker_core::cards::Card;
use chinese_poker_core::eval::{evaluator, Wheel};
use chinese_poker_core::rules::Rules;
use chinese_poker_core::search::HandSubsets;
use chinese_poker_core::solve::model::{classes, ordinal, Model, Tally};
use chinese_poker_core::solve::Solver;
use rayon::prelude::*;
use std::time::Instant;

struct Args {
    seed: u64,
    iterations: usize,
    deals: usize,
    out: String,
    preset: String,
    options: Vec<(String, String)>,
    players: usize,
    average: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        seed: 1,
        iterations: 4,
        deals: 50_000,
        out: "rust/core/data/model.bin".into(),
        preset: "cp_pro_1_6".into(),
        options: Vec::new(),
        players: 4,
        average: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let num = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--seed" => a.seed = num(&value)?,
            "--iterations" => a.iterations = num(&value)? as usize,
            "--deals" => a.deals = num(&value)? as usize,
            "--out" => a.out = value,
            "--preset" => a.preset = value,
            "--option" => {
                let (k, v) = value
                    .split_once('=')
                    .ok_or(format!("--option {value}: expected KEY=VALUE"))?;
                a.options.push((k.trim().into(), v.trim().into()));
            }
            "--players" => {
                a.players = num(&value)? as usize;
                if !(2..=4).contains(&a.players) {
                    return Err(format!("--players {value}: a table has 2 to 4 players"));
                }
            }
            "--average" => {
                a.average = value
                    .parse::<bool>()
                    .map_err(|e| format!("--average {value}: {e}"))?
            }
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(a)
}

/// Plays one deal of `players` hands and tallies the compared rows, fouls,
/// naturals and scoops. `solver` is `None` in iteration 0 (greedy play);
/// rows are valued with `wheel`, the rules' wheel.
fn play_deal(
    solver: Option<&Solver>,
    wheel: Wheel,
    players: usize,
    seed: u64,
    iteration: usize,
    deal: usize,
) -> Tally {
    let mut state = seed
        ^ (iteration as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407)
        ^ (deal as u64).wrapping_mul(0x9FB2_1C65_1E98_DF25);
    let cards: [Card; 52] = deal_cards(splitmix64(&mut state));
    let e = evaluator(wheel);
    let (c3, c5) = (classes(wheel, 3), classes(wheel, 5));
    let mut t = Tally {
        hands: players as u64,
        ..Tally::default()
    };
    let mut played: Vec<[u32; 3]> = Vec::with_capacity(players);
    for p in 0..players {
        let mut hand = [0; 13];
        hand.copy_from_slice(&cards[13 * p..13 * p + 13]);
        let setting = match solver {
            None => HandSubsets::new(&hand, wheel).greedy().cards(&hand),
            Some(s) => match s.solve(&hand) {
                Ok(sol) if sol.natural.is_some() => {
                    t.naturals += 1;
                    continue;
                }
                Ok(sol) if sol.fouled => {
                    t.fouls += 1;
                    continue;
                }
                Ok(sol) => sol.setting,
                Err(_) => continue, // cannot happen for a dealt hand
            },
        };
        let s = setting;
        played.push([
            e.value3([s[0], s[1], s[2]]),
            e.value5([s[3], s[4], s[5], s[6], s[7]]),
            e.value5([s[8], s[9], s[10], s[11], s[12]]),
        ]);
    }
    for (i, v) in played.iter().enumerate() {
        t.rows.push([
            ordinal(c3, v[0]) as u16,
            ordinal(c5, v[1]) as u16,
            ordinal(c5, v[2]) as u16,
        ]);
        for (j, u) in played.iter().enumerate() {
            if i != j {
                t.pairs += 1;
                t.scoops += u64::from(v[0] > u[0] && v[1] > u[1] && v[2] > u[2]);
            }
        }
    }
    t
}

/// Mean absolute change of the three rows' cumulative tables.
fn drift(a: &Model, b: &Model) -> f64 {
    let mut total = 0.0;
    let mut n = 0.0;
    for k in 0..3 {
        let (ra, rb) = (a.row(k), b.row(k));
        for o in 0..ra.len() {
            total += (ra.below(o) - rb.below(o)).abs();
            n += 1.0;
        }
    }
    total / n
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = parse_args()?;
    let rules = Rules::preset(&args.preset)?.with_pairs(&args.options)?;
    println!(
        "rules {} {:?}, {} players, averaged {}",
        args.preset, args.options, args.players, args.average
    );
    let start = Instant::now();
    let mut model: Option<Model> = None;
    // The rows of every solved iteration so far, when averaging.
    let mut history = Tally::default();
    for iteration in 0..=args.iterations {
        let t0 = Instant::now();
        let solver = match &model {
            Some(m) => Some(Solver::new(&rules, args.players - 1, m)?),
            None => None,
        };
        // Per-deal tallies in deal order; merged counts do not depend on it.
        let tallies: Vec<Tally> = (0..args.deals)
            .into_par_iter()
            .map(|d| {
                let (w, p) = (rules.wheel(), args.players);
                play_deal(solver.as_ref(), w, p, args.seed, iteration, d)
            })
            .collect();
        let mut tally = Tally::default();
        for t in tallies {
            tally.merge(t);
        }
        // Iteration 0's greedy rows are a starting point, not a strategy to
        // average in.
        let fitted = if args.average && iteration > 0 {
            history.merge(tally.clone());
            Model::fit(&history)
        } else {
            Model::fit(&tally)
        };
        println!(
            "iteration {iteration}: {} deals, {} rows, fouls {}, naturals {}, scoop rate {:.4}, \
             drift {:.5}, {:.1} s",
            args.deals,
            tally.rows.len(),
            tally.fouls,
            tally.naturals,
            fitted.scoop_rate,
            model.as_ref().map_or(f64::NAN, |m| drift(m, &fitted)),
            t0.elapsed().as_secs_f64()
        );
        model = Some(fitted);
    }
    let model = model.ok_or("no iteration ran")?;
    std::fs::write(&args.out, model.to_bytes())?;
    println!(
        "wrote {} ({} samples) in {:.1} s",
        args.out,
        model.samples,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
