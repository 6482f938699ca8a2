//! Open-face: the exact 14-card Fantasyland setting and one placement
//! suggestion at default effort.
//!
//! Criterion reports the mean over a pool of random inputs; the per-input
//! distribution (median, p90, max) is printed after it, because the floors
//! (≤ 5 ms for 14 Fantasyland cards, ≤ 50 ms per suggestion) are medians.

use chinese_poker_core::cards::deck::SplitMix64;
use chinese_poker_core::ofc::{
    best_fantasyland_setting, heuristic_move, suggest, OfcGame, OfcRules, DEFAULT_SAMPLES,
};
use criterion::{black_box, criterion_group, Criterion};
use std::time::{Duration, Instant};

fn hands(n: usize, size: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let mut deck: Vec<u8> = (0..52).collect();
            rng.shuffle(&mut deck);
            deck.truncate(size);
            deck
        })
        .collect()
}

/// Games at the start of a street: street 0 (five cards) and a few later ones.
fn positions(preset: &str, street_moves: usize, n: usize) -> Vec<OfcGame> {
    let rules = OfcRules::preset(preset).expect("preset");
    (0..n as u64)
        .map(|seed| {
            let mut g = OfcGame::new(rules.clone(), 2, 0, seed, None).expect("game");
            for _ in 0..street_moves {
                let seat = g.to_act().expect("turn");
                let mv = heuristic_move(&g).expect("move");
                g.play(seat, &mv).expect("legal");
            }
            g
        })
        .collect()
}

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort_unstable();
    let q = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    println!(
        "{name}: n={} median {:.3} ms, p90 {:.3} ms, max {:.3} ms",
        times.len(),
        q(0.5).as_secs_f64() * 1e3,
        q(0.9).as_secs_f64() * 1e3,
        q(1.0).as_secs_f64() * 1e3
    );
}

fn bench_ofc(c: &mut Criterion) {
    let mut g = c.benchmark_group("ofc");
    g.sample_size(20);
    let us = OfcRules::preset("ofc_us").expect("preset");
    for size in [13usize, 14, 17] {
        let pool = hands(200, size, 0xF1F1 + size as u64);
        let mut i = 0;
        g.bench_function(format!("fantasyland_{size}"), |b| {
            b.iter(|| {
                i = (i + 1) % pool.len();
                black_box(best_fantasyland_setting(&pool[i], &us, 8.0).expect("solve"))
            })
        });
        let times = pool
            .iter()
            .map(|h| {
                let t = Instant::now();
                black_box(best_fantasyland_setting(h, &us, 8.0).expect("solve"));
                t.elapsed()
            })
            .collect();
        report(&format!("fantasyland_{size} per hand"), times);
    }
    for (preset, moves, label) in [
        ("ofc_ru_main", 0usize, "suggest_classic_street0"),
        ("ofc_ru_main", 8, "suggest_classic_street4"),
        ("ofc_pineapple", 0, "suggest_pineapple_street0"),
        ("ofc_pineapple", 4, "suggest_pineapple_street2"),
    ] {
        let pool = positions(preset, moves, 20);
        let mut i = 0;
        g.bench_function(label, |b| {
            b.iter(|| {
                i = (i + 1) % pool.len();
                let game = &pool[i];
                let seat = game.to_act().expect("turn");
                black_box(suggest(game, seat, DEFAULT_SAMPLES, 1).expect("suggest"))
            })
        });
        let times = pool
            .iter()
            .map(|game| {
                let seat = game.to_act().expect("turn");
                let t = Instant::now();
                black_box(suggest(game, seat, DEFAULT_SAMPLES, 1).expect("suggest"));
                t.elapsed()
            })
            .collect();
        report(&format!("{label} per position"), times);
    }
    g.finish();
}

criterion_group!(benches, bench_ofc);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
