//! Criterion benchmarks of evaluation: random batches (5- and 3-card),
//! the 5-card batch kernels side by side (scalar, AVX2 where the CPU has
//! it), per-hand random access and sequential enumeration of all 2,598,960
//! hands.

use chinese_poker_core::batch::evaluate_rows;
use chinese_poker_core::eval::{evaluator, rows_valid, Wheel};
use chinese_poker_core::parallel::Threads;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// Deterministic random hands (xorshift; no dependency).
fn random_hands(n: usize, size: usize) -> Vec<u8> {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::with_capacity(n * size);
    let mut deck: Vec<u8> = (0..52).collect();
    for _ in 0..n {
        for i in 0..size {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let j = i + (s % (52 - i as u64)) as usize;
            deck.swap(i, j);
        }
        out.extend_from_slice(&deck[..size]);
    }
    out
}

fn bench(c: &mut Criterion) {
    let n = 1 << 20;
    let five = random_hands(n, 5);
    let three = random_hands(n, 3);
    let mut out = vec![0u32; n];
    let mut g = c.benchmark_group("evaluate");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("batch5_random_1thread", |b| {
        b.iter(|| evaluate_rows::<5>(&five, &mut out, Wheel::Lowest, Threads::Count(1)))
    });
    g.bench_function("batch3_random_1thread", |b| {
        b.iter(|| evaluate_rows::<3>(&three, &mut out, Wheel::Lowest, Threads::Count(1)))
    });
    g.bench_function("batch5_random_all_threads", |b| {
        b.iter(|| evaluate_rows::<5>(&five, &mut out, Wheel::Lowest, Threads::Auto))
    });
    let e = evaluator(Wheel::Lowest);
    g.bench_function("value5_unchecked_random", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for h in five.chunks_exact(5) {
                acc = acc.wrapping_add(e.value5([h[0], h[1], h[2], h[3], h[4]]));
            }
            black_box(acc)
        })
    });
    g.finish();
    // The kernels on one chunk of evaluate_rows (16,384 rows, in cache),
    // unchecked and checked as evaluate_rows checks them.
    let rows = 1 << 14;
    let chunk = &five[..5 * rows];
    let out = &mut out[..rows];
    let mut g = c.benchmark_group("kernel5");
    g.throughput(Throughput::Elements(rows as u64));
    g.bench_function("scalar", |b| {
        b.iter(|| e.value_rows_scalar::<5>(black_box(chunk), out))
    });
    g.bench_function("scalar_then_rows_valid", |b| {
        b.iter(|| {
            e.value_rows_scalar::<5>(black_box(chunk), out);
            rows_valid::<5>(chunk)
        })
    });
    if e.value_rows_avx2(chunk, out).is_some() {
        g.bench_function("avx2", |b| {
            b.iter(|| e.value_rows::<5>(black_box(chunk), out))
        });
        g.bench_function("avx2_checked", |b| {
            b.iter(|| e.value_rows_avx2(black_box(chunk), out))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("enumerate");
    g.throughput(Throughput::Elements(2_598_960));
    g.sample_size(20);
    g.bench_function("all_5card_hands_sequential", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            e.for_each_hand5(|_, v| acc += v as u64);
            black_box(acc)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
