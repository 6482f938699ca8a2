use super::simulate::*;
use super::*;
use crate::cards::deck::{deal_cards, deal_deck};
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::parallel::Threads;
use crate::royalty::row_royalty;
use crate::rules::Rules;
use crate::search::HandSubsets;
use crate::setting::{order_check, Row};
use crate::solve::tests::{hands, values};
use std::collections::HashSet;

fn greedy(_seat: usize, hand: &[Card; 13]) -> Result<([Card; 13], bool)> {
    let s = HandSubsets::new(hand, crate::eval::Wheel::Lowest);
    Ok((s.greedy().cards(hand), false))
}

#[test]
fn decks_are_permutations_and_keyed_by_index() {
    let a = deal_deck(7, 3);
    let mut sorted = a;
    sorted.sort_unstable();
    assert_eq!(sorted, std::array::from_fn(|i| i as Card));
    assert_ne!(deal_deck(7, 3), deal_deck(7, 4));
    assert_eq!(deal_deck(7, 3), a);
}

#[test]
fn split_runs_merge_to_the_whole_run_and_are_zero_sum() {
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    let whole = simulate_range(
        0,
        600,
        4,
        &rules,
        11,
        true,
        true,
        &greedy,
        Threads::Count(1),
    )
    .unwrap();
    let mut parts = simulate_range(
        0,
        250,
        4,
        &rules,
        11,
        true,
        true,
        &greedy,
        Threads::Count(2),
    )
    .unwrap();
    parts
        .merge(
            &simulate_range(250, 350, 4, &rules, 11, true, true, &greedy, Threads::Auto).unwrap(),
        )
        .unwrap();
    assert_eq!(whole, parts);
    assert_eq!(whole.deals, 600);
    assert_eq!(whole.points.iter().sum::<i128>(), 0);
    assert_eq!(whole.fouls, 0, "greedy never fouls (RULES §3.4)");
    assert_eq!(whole.hands, 2400);
    assert_eq!(whole.deal_totals.len(), 2400);
    assert_eq!(whole.deal_totals.iter().sum::<i64>(), 0);
}

#[test]
fn windows_do_not_change_the_result() {
    let rules = Rules::preset("wiki_2_4").unwrap();
    let run = |window| {
        simulate_windows(
            5,
            1100,
            3,
            &rules,
            9,
            (true, true),
            &greedy,
            Threads::Count(2),
            window,
        )
        .and_then(SimRun::finished)
        .unwrap()
    };
    let whole = run(WINDOW_DEALS);
    assert_eq!(whole.deals, 1100);
    for window in [1, 300, 512] {
        assert_eq!(run(window), whole, "window {window}");
    }
}

#[test]
fn a_range_past_the_last_index_is_refused() {
    let rules = Rules::plain();
    let r = simulate_range(
        u64::MAX - 3,
        10,
        2,
        &rules,
        0,
        false,
        false,
        &greedy,
        Threads::Count(1),
    );
    assert!(matches!(r, Err(Error::InvalidSetting(_))), "{r:?}");
}

/// A range whose `first + count` passes 2^64 is refused rather than
/// overflowing (a huge count within range runs in windows, in constant memory).
#[test]
fn ranges_past_the_last_index_are_refused() {
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    let run = |first: u64, count: u64| {
        simulate_range(
            first,
            count,
            2,
            &rules,
            0,
            false,
            false,
            &greedy,
            Threads::Count(1),
        )
    };
    assert!(matches!(run(u64::MAX, 2), Err(Error::InvalidSetting(_))));
    assert_eq!(run(u64::MAX - 1, 1).unwrap().deals, 1);
}

/// Under rules with every amount near its limit, the sum of squared results
/// would outgrow u64 within tens of thousands of deals.
#[test]
fn sums_of_large_results_do_not_overflow() {
    let t: i64 = 100_000_000_000; // a seat's result far beyond any real deal
    let mut st = SimStats::new(2);
    let big = SimStats {
        deals: 1,
        points: vec![i128::from(t), -i128::from(t)],
        points_sq: vec![u128::from(t.unsigned_abs()).pow(2); 2],
        ..SimStats::new(2)
    };
    for _ in 0..1000 {
        st.merge(&big).unwrap();
    }
    assert_eq!(st.points[1], -1000 * i128::from(t));
    assert_eq!(st.points_sq[0], 1000 * u128::from(t.unsigned_abs()).pow(2));
}

#[test]
fn royalty_max_takes_the_royalties() {
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    let mut pool = hands(20, 31);
    // Trips of deuces, a straight 3-7 and a heart flush are all available.
    pool.push([0, 1, 2, 4, 9, 14, 19, 24, 30, 38, 42, 46, 50]);
    let mut most = 0;
    for hand in pool {
        let (s, fouled) = royalty_max_setting(&hand, &rules).unwrap();
        assert!(!fouled);
        let v = values(&s, rules.wheel);
        assert_eq!(order_check(v, &rules), None);
        let roy: i64 = Row::ALL
            .iter()
            .map(|&r| row_royalty(&rules, r, v[r as usize]))
            .sum();
        let mut best = 0;
        HandSubsets::new(&hand, rules.wheel).for_each_setting(|_, f, m, b| {
            if order_check([f, m, b], &rules).is_none() {
                let r = row_royalty(&rules, Row::Front, f)
                    + row_royalty(&rules, Row::Middle, m)
                    + row_royalty(&rules, Row::Back, b);
                best = best.max(r);
            }
        });
        assert_eq!(roy, best);
        most = most.max(roy);
    }
    assert!(most >= 3);
}

#[test]
fn fast_beats_greedy_heads_up() {
    let rules = Rules::preset("cp_pro_2_4").unwrap();
    let (edge, se) = duplicate_match(Strategy::Fast, Strategy::Greedy, 2000, &rules, 3).unwrap();
    assert!(edge > 0.5 && edge > 5.0 * se, "edge {edge} ± {se}");
    let seen: HashSet<u64> = (0..100).map(|d| deal_cards::<1>(d)[0] as u64).collect();
    assert!(seen.len() > 20);
}

/// A deal count beyond memory is an error, not an abort.
#[test]
fn a_match_beyond_memory_is_refused() {
    let rules = Rules::preset("cp_pro_2_4").unwrap();
    let r = duplicate_match(Strategy::Greedy, Strategy::Greedy, 1 << 60, &rules, 0);
    assert!(matches!(r, Err(Error::InvalidSetting(_))), "{r:?}");
}

#[test]
fn a_cancelled_run_keeps_a_prefix_of_its_deals() {
    use crate::cancel::{self, Cancel};
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    let rules = Rules::preset("wiki_2_4").unwrap();
    for threads in [1, 2] {
        let token = Cancel::new();
        let hands = AtomicU64::new(0);
        let last_of_first_chunk_seen = AtomicBool::new(false);
        // The last hand set in the first chunk (deals 7..263, 256 a chunk):
        // once it is being set that chunk has passed its last Ctrl-C check
        // and will finish, so a kept prefix is certain whatever the threads'
        // timing (with two threads the other one may race far ahead).
        let deck = deal_deck(3, 7 + 255);
        let last: [Card; 13] = std::array::from_fn(|i| deck[13 * 3 + i]);
        // Cancels once 3,000 hands (750 deals) are set and the first chunk
        // is sure to finish: part-way through a later chunk.
        let set = |seat: usize, h: &[Card; 13]| {
            if seat == 3 && *h == last {
                last_of_first_chunk_seen.store(true, Ordering::SeqCst);
            }
            let n = hands.fetch_add(1, Ordering::SeqCst);
            if n >= 3000 && last_of_first_chunk_seen.load(Ordering::SeqCst) {
                token.cancel();
            }
            greedy(seat, h)
        };
        let run = cancel::scope(&token, || {
            simulate_range_run(
                7,
                5000,
                4,
                &rules,
                3,
                true,
                true,
                &set,
                Threads::Count(threads),
            )
        })
        .unwrap();
        assert!(run.cancelled, "threads {threads}");
        let kept = run.stats.deals;
        assert!(kept > 0 && kept < 5000, "threads {threads}: kept {kept}");
        // the deals kept are exactly the first `kept` of the range, as an uncancelled run plays them
        let prefix = simulate_range(
            7,
            kept,
            4,
            &rules,
            3,
            true,
            true,
            &greedy,
            Threads::Count(1),
        )
        .unwrap();
        assert_eq!(run.stats, prefix, "threads {threads}");
        assert!(matches!(run.finished(), Err(Error::Cancelled)));
    }
}
