//! Arrangement search per 13-card hand: subset evaluation, the full walk over
//! 72,072 settings, the Pareto frontier and the greedy baseline.
//!
//! Criterion reports the time per hand averaged over a fixed pool of random
//! hands; the per-hand distribution (median, p90, p99, max) is printed after
//! it, because the solver's floor is a median per hand.

use chinese_poker_core::eval::Wheel;
use chinese_poker_core::search::{HandSubsets, VALUE_ORDER};
use criterion::{black_box, criterion_group, Criterion};
use std::time::Instant;

/// xorshift64*: reproducible hands without the rand crate.
fn hands(n: usize, mut seed: u64) -> Vec<[u8; 13]> {
    let mut next = move || {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        seed.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    (0..n)
        .map(|_| {
            let mut deck: Vec<u8> = (0..52).collect();
            for i in 0..13 {
                let j = i + (next() % (52 - i as u64)) as usize;
                deck.swap(i, j);
            }
            std::array::from_fn(|i| deck[i])
        })
        .collect()
}

fn bench_search(c: &mut Criterion) {
    let pool = hands(1024, 0x5EED_1234_ABCD_0001);
    let wheel = Wheel::Lowest;
    let subsets: Vec<HandSubsets> = pool.iter().map(|h| HandSubsets::new(h, wheel)).collect();
    let mut g = c.benchmark_group("search");

    let mut i = 0;
    g.bench_function("subsets", |b| {
        b.iter(|| {
            i = (i + 1) % pool.len();
            black_box(HandSubsets::new(black_box(&pool[i]), wheel))
        })
    });
    let ev = chinese_poker_core::eval::evaluator(wheel);
    g.bench_function("subsets_scalar", |b| {
        b.iter(|| {
            i = (i + 1) % pool.len();
            black_box(HandSubsets::with_evaluator_scalar(black_box(&pool[i]), ev))
        })
    });
    if HandSubsets::with_evaluator_avx2(&pool[0], ev).is_some() {
        g.bench_function("subsets_avx2", |b| {
            b.iter(|| {
                i = (i + 1) % pool.len();
                black_box(HandSubsets::with_evaluator_avx2(black_box(&pool[i]), ev))
            })
        });
    }
    g.bench_function("walk_72072", |b| {
        b.iter(|| {
            i = (i + 1) % pool.len();
            let mut legal = 0u32;
            subsets[i].for_each_setting(|_, f, m, b| legal += u32::from(f <= m && m <= b));
            black_box(legal)
        })
    });
    g.bench_function("pareto_value_order", |b| {
        b.iter(|| {
            i = (i + 1) % pool.len();
            black_box(subsets[i].pareto(&VALUE_ORDER))
        })
    });
    g.bench_function("subsets_plus_pareto", |b| {
        b.iter(|| {
            i = (i + 1) % pool.len();
            black_box(HandSubsets::new(&pool[i], wheel).pareto(&VALUE_ORDER))
        })
    });
    g.bench_function("pareto_generic_closure", |b| {
        b.iter(|| {
            i = (i + 1) % pool.len();
            black_box(subsets[i].pareto(&|f: u32, m: u32, b: u32| f <= m && m <= b))
        })
    });
    g.bench_function("greedy", |b| {
        b.iter(|| {
            i = (i + 1) % pool.len();
            black_box(HandSubsets::new(&pool[i], wheel).greedy())
        })
    });
    g.finish();
}

/// Times each hand alone and prints percentiles in microseconds: robust on a
/// shared machine, where a preempted sample spoils a mean but not a median.
fn per_hand_distribution() {
    let pool = hands(20_000, 0x5EED_1234_ABCD_0002);
    let wheel = Wheel::Lowest;
    let subsets: Vec<HandSubsets> = pool.iter().map(|h| HandSubsets::new(h, wheel)).collect();
    let report = |name: &str, f: &mut dyn FnMut(usize) -> usize| {
        let mut times = Vec::with_capacity(pool.len());
        let mut sizes = Vec::with_capacity(pool.len());
        for i in 0..pool.len() {
            let t = Instant::now();
            let n = f(i);
            times.push(t.elapsed().as_secs_f64() * 1e6);
            sizes.push(black_box(n));
        }
        times.sort_by(f64::total_cmp);
        sizes.sort_unstable();
        let q = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
        println!(
            "{name:<22} per hand ({} hands): median {:.2} us, p90 {:.2}, p99 {:.2}, max {:.1}; \
             output size median {}, max {}",
            pool.len(),
            q(0.5),
            q(0.9),
            q(0.99),
            times[times.len() - 1],
            sizes[sizes.len() / 2],
            sizes[sizes.len() - 1],
        );
    };
    report("subsets", &mut |i| {
        black_box(HandSubsets::new(black_box(&pool[i]), wheel))
            .hand()
            .len()
    });
    report("walk_72072", &mut |i| {
        let mut legal = 0usize;
        subsets[i].for_each_setting(|_, f, m, b| legal += usize::from(f <= m && m <= b));
        legal
    });
    report("pareto_value_order", &mut |i| {
        black_box(subsets[i].pareto(&VALUE_ORDER)).len()
    });
    report("subsets_plus_pareto", &mut |i| {
        black_box(HandSubsets::new(black_box(&pool[i]), wheel).pareto(&VALUE_ORDER)).len()
    });
    report("greedy_incl_subsets", &mut |i| {
        black_box(HandSubsets::new(black_box(&pool[i]), wheel).greedy()).back as usize
    });
}

criterion_group!(benches, bench_search);

fn main() {
    benches();
    per_hand_distribution();
    Criterion::default().configure_from_args().final_summary();
}
