//! The fast solver per 13-card hand under `cp_pro_1_6` against three
//! opponents: `solve_best` (`Solver::solve_top(hand, 1)`, the best setting
//! only: what `solve_batch` and simulation run) and `solve` (five ranked
//! candidates, as `chinese_poker.solve` returns them).
//!
//! Criterion reports the mean over a pool of random hands; the per-hand
//! distribution (median, p90, p99) is printed after it, because the floor
//! (BENCHMARKS.md: ≤ 20 µs median per hand, one thread) is a median. The
//! greedy setting is timed in the same run as a fixed reference.
//!
//! With `CP_HANDS_FILE` set (one hand a line, 13 card codes `4 * rank +
//! suit` separated by blanks), only the best setting is timed, hand by hand
//! over that file's hands, under the preset `CP_PRESET` (default
//! `cp_pro_1_6`), and one line `solve_best (PRESET) median X us mean Y us
//! hands N` is printed: the form `benches/bench_peer.py` reads, so that a peer
//! solver can be timed on the same hands in the same run.

use chinese_poker_core::cards::deck::deal_cards;
use chinese_poker_core::rules::Rules;
use chinese_poker_core::search::{hand13, HandSubsets};
use chinese_poker_core::solve::Model;
use chinese_poker_core::solve::Solver;
use criterion::{black_box, criterion_group, Criterion};
use std::time::Instant;

fn pool(n: usize, seed: u64) -> Vec<[u8; 13]> {
    (0..n)
        .map(|i| deal_cards(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
        .collect()
}

fn bench_solver(c: &mut Criterion) {
    let hands = pool(1024, 0x5EED);
    let rules = Rules::preset("cp_pro_1_6").expect("preset");
    let model = Model::embedded().expect("embedded model");
    let solver = Solver::new(&rules, 3, model).expect("solver");
    let mut g = c.benchmark_group("solver");
    let mut i = 0;
    g.bench_function("solve_cp_pro_1_6", |b| {
        b.iter(|| {
            i = (i + 1) % hands.len();
            black_box(
                solver
                    .solve(black_box(&hands[i]))
                    .map(|s| s.ev)
                    .unwrap_or(0.0),
            )
        })
    });
    g.bench_function("solve_best_cp_pro_1_6", |b| {
        b.iter(|| {
            i = (i + 1) % hands.len();
            black_box(
                solver
                    .solve_top(black_box(&hands[i]), 1)
                    .map(|s| s.ev)
                    .unwrap_or(0.0),
            )
        })
    });
    g.finish();
}

/// Times each hand alone and prints percentiles in microseconds. The
/// strategies are timed hand by hand in turn, so a machine whose load drifts
/// slows them alike; then the best setting alone, hand after hand.
fn per_hand_distribution() {
    let hands = pool(5_000, 0x5EED_0002);
    let rules = Rules::preset("cp_pro_1_6").expect("preset");
    let model = Model::embedded().expect("embedded model");
    let solver = Solver::new(&rules, 3, model).expect("solver");
    // A copy of the embedded model is not the embedded model, so this solver
    // ranks the whole frontier (no branch and bound): same answers, the
    // reference for the speed-up.
    let copy = model.clone();
    let full = Solver::new(&rules, 3, &copy).expect("solver");
    type Timed<'a> = (&'a str, Box<dyn Fn(&[u8; 13]) -> f64 + 'a>);
    let runs: Vec<Timed> = vec![
        (
            "solve_best",
            Box::new(|h| solver.solve_top(h, 1).map(|s| s.ev).unwrap_or(0.0)),
        ),
        (
            "solve",
            Box::new(|h| solver.solve(h).map(|s| s.ev).unwrap_or(0.0)),
        ),
        (
            "solve_full_frontier",
            Box::new(|h| full.solve(h).map(|s| s.ev).unwrap_or(0.0)),
        ),
        (
            "greedy_reference",
            Box::new(|h| HandSubsets::new(h, rules.wheel()).greedy().back as f64),
        ),
    ];
    let mut times = vec![Vec::with_capacity(hands.len()); runs.len()];
    for h in &hands {
        for (t, (_, f)) in times.iter_mut().zip(&runs) {
            let start = Instant::now();
            black_box(f(black_box(h)));
            t.push(start.elapsed().as_secs_f64() * 1e6);
        }
    }
    // The best setting alone, hand after hand with nothing in between (as a
    // batch runs): the figure the floor is about. The interleaved runs above
    // leave each strategy the caches of the one before it.
    times.push(best_alone(&solver, &hands[..500], &hands));
    let names = runs.iter().map(|r| r.0).chain(["solve_best, alone"]);
    for (t, name) in times.iter_mut().zip(names) {
        t.sort_by(f64::total_cmp);
        let q = |p: f64| t[((t.len() - 1) as f64 * p) as usize];
        println!(
            "{name:<20} per hand ({} hands): median {:.2} us, p90 {:.2}, p99 {:.2}",
            t.len(),
            q(0.5),
            q(0.9),
            q(0.99)
        );
    }
}

/// The best setting of each of `hands` timed alone, hand after hand (µs),
/// after solving `warm` untimed.
fn best_alone(solver: &Solver, warm: &[[u8; 13]], hands: &[[u8; 13]]) -> Vec<f64> {
    for h in warm {
        black_box(solver.solve_top(h, 1).map(|s| s.ev).unwrap_or(0.0));
    }
    let mut t = Vec::with_capacity(hands.len());
    for h in hands {
        let start = Instant::now();
        black_box(
            solver
                .solve_top(black_box(h), 1)
                .map(|s| s.ev)
                .unwrap_or(0.0),
        );
        t.push(start.elapsed().as_secs_f64() * 1e6);
    }
    t
}

/// The hands of a file: one a line, 13 codes separated by blanks, checked
/// by the core's [`hand13`] (13 distinct codes below 52).
fn read_hands(path: &str) -> Vec<[u8; 13]> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let codes: Vec<i64> = l
                .split_whitespace()
                .map(|x| {
                    x.parse()
                        .unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1))
                })
                .collect();
            hand13(&codes).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1))
        })
        .collect()
}

/// `CP_HANDS_FILE` mode (see the module notes): 500 other hands to warm up,
/// then each of the file's hands timed alone.
fn time_file(path: &str) {
    let hands = read_hands(path);
    assert!(!hands.is_empty(), "{path}: no hands");
    let preset = std::env::var("CP_PRESET").unwrap_or_else(|_| "cp_pro_1_6".into());
    let rules = Rules::preset(&preset).expect("preset");
    let model = Model::embedded().expect("embedded model");
    let solver = Solver::new(&rules, 3, model).expect("solver");
    let mut t = best_alone(&solver, &pool(500, 0x3A3A), &hands);
    let mean = t.iter().sum::<f64>() / t.len() as f64;
    t.sort_by(f64::total_cmp);
    println!(
        "solve_best ({preset}) median {:.2} us mean {:.2} us hands {}",
        t[t.len() / 2],
        mean,
        t.len()
    );
}

criterion_group!(benches, bench_solver);

fn main() {
    if let Ok(path) = std::env::var("CP_HANDS_FILE") {
        time_file(&path);
        return;
    }
    benches();
    per_hand_distribution();
    Criterion::default().configure_from_args().final_summary();
}
