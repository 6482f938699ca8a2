//! Settlement throughput: `batch::score_deals` (what `score_batch` runs) on
//! four-player deals of greedy-set hands, one thread, beside the explaining
//! `score::score` per deal as the reference.
//!
//! Criterion's throughput line reads in deals/s (one element = one deal of
//! four players). The target is 2 M four-player deals/s on one
//! thread under `cp_pro_1_6`; `pagat_classic` and `shisanshui_fujian` show
//! the cost of naturals (declared never, claimed automatically).

use chinese_poker_core::batch::score_deals;
use chinese_poker_core::cards::deck::deal_cards;
use chinese_poker_core::parallel::Threads;
use chinese_poker_core::rules::Rules;
use chinese_poker_core::score::{score, PlayerHand};
use chinese_poker_core::search::greedy_setting;
use chinese_poker_core::setting::Setting;
use criterion::{black_box, criterion_group, Criterion, Throughput};

const PLAYERS: usize = 4;
const SEED: u64 = 0x5C0E_0003;

/// `n` deals of four greedy-set hands, flat (deal, player, 13 codes).
fn greedy_deals(n: usize, seed: u64, rules: &Rules) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * PLAYERS * 13);
    for i in 0..n {
        let deck: [u8; 52] = deal_cards(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for hand in deck.chunks_exact(13) {
            let mut h = [0u8; 13];
            h.copy_from_slice(hand);
            out.extend_from_slice(&greedy_setting(&h, rules.wheel()));
        }
    }
    out
}

fn bench_score(c: &mut Criterion) {
    const DEALS: usize = 4096;
    let mut g = c.benchmark_group("score");
    g.throughput(Throughput::Elements(DEALS as u64));
    for preset in ["cp_pro_1_6", "pagat_classic", "shisanshui_fujian"] {
        let rules = Rules::preset(preset).expect("preset");
        let deals = greedy_deals(DEALS, SEED, &rules);
        g.bench_function(format!("score_deals_{preset}_4p_1thread"), |b| {
            b.iter(|| {
                score_deals(black_box(&deals), PLAYERS, &rules, Threads::Count(1))
                    .map(|(t, d)| t[0] + d)
                    .unwrap_or(0)
            })
        });
    }
    // The explaining settlement of the same deals, a few hundred of them.
    let rules = Rules::preset("cp_pro_1_6").expect("preset");
    let deals = greedy_deals(256, SEED, &rules);
    let hands: Vec<Vec<PlayerHand>> = deals
        .chunks_exact(PLAYERS * 13)
        .map(|d| {
            d.chunks_exact(13)
                .filter_map(|s| Setting::from_cards(s).ok().map(PlayerHand::Setting))
                .collect()
        })
        .collect();
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("score_explained_cp_pro_1_6_4p", |b| {
        b.iter(|| {
            hands
                .iter()
                .filter_map(|h| score(black_box(h), &rules, None).ok())
                .map(|r| r.totals[0])
                .sum::<i64>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_score);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
