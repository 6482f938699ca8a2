//! The fast solver per 13-card hand (`solver::Solver::solve`) under
//! `cp_pro_1_6` against three opponents, and the pieces it is made of.
//!
//! Criterion reports the mean over a pool of random hands; the per-hand
//! distribution (median, p90, p99) is printed after it, because the floor
//! (BENCHMARKS.md: ≤ 20 µs median per hand, one thread) is a median. The
//! greedy setting is timed in the same run as a fixed reference.

use chinese_poker_core::model::Model;
use chinese_poker_core::rules::Rules;
use chinese_poker_core::search::HandSubsets;
use chinese_poker_core::solver::{deal_cards, Solver};
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
    g.finish();
}

/// Times each hand alone and prints percentiles in microseconds.
fn per_hand_distribution() {
    let hands = pool(5_000, 0x5EED_0002);
    let rules = Rules::preset("cp_pro_1_6").expect("preset");
    let model = Model::embedded().expect("embedded model");
    let solver = Solver::new(&rules, 3, model).expect("solver");
    let report = |name: &str, f: &dyn Fn(&[u8; 13]) -> f64| {
        let mut times: Vec<f64> = hands
            .iter()
            .map(|h| {
                let t = Instant::now();
                black_box(f(h));
                t.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let q = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
        println!(
            "{name:<20} per hand ({} hands): median {:.2} us, p90 {:.2}, p99 {:.2}",
            times.len(),
            q(0.5),
            q(0.9),
            q(0.99)
        );
    };
    report("solve", &|h| solver.solve(h).map(|s| s.ev).unwrap_or(0.0));
    report("greedy_reference", &|h| {
        HandSubsets::new(h, rules.wheel).greedy().back as f64
    });
}

criterion_group!(benches, bench_solver);

fn main() {
    benches();
    per_hand_distribution();
    Criterion::default().configure_from_args().final_summary();
}
