//! Tests of the open-face simulation.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::notation::Notation;
use crate::setting::Setting;

fn pineapple() -> OfcRules {
    OfcRules::preset("ofc_pineapple").unwrap()
}

const H: OfcStrategy = OfcStrategy::Heuristic;

/// A finished two-player deal of `preset` in which seat 0 holds board `a`
/// and seat 1 board `b` (the open-face tests' stacked deck).
fn stacked(preset: &str, a: &str, b: &str) -> OfcGame {
    let parse = |text: &str| Setting::parse(text, Notation::Intl).unwrap();
    crate::ofc::tests::stacked_game(preset, &parse(a), &parse(b))
}

#[test]
fn a_qualifying_board_is_one_entry_and_a_foul_is_one_foul() {
    // Seat 0: QQ in front on a legal board (entry, RULES §7.5). Seat 1: a
    // pair of kings in front above a high-card middle (a foul).
    let g = stacked(
        "ofc_us",
        "Qc Qd 2s / Ac Ad 3c 4d 5h / 7s 7h 7d 9c 9h",
        "Kc Kd 3s / 6c 8d Js 2c 4h / Ts Th Td Jc Jh",
    );
    let mut s = OfcSimStats::new(2);
    s.add_deal(&g).unwrap();
    assert_eq!(s.hands, 1);
    assert_eq!(s.fl_entries, vec![1, 0]);
    assert_eq!(s.fl_hands, vec![0, 0]);
    assert_eq!(s.fl_stays, vec![0, 0]);
    assert_eq!(s.fouls, vec![0, 1]);
    // ofc_us pays QQ in front 7 and a full house in the back 6 (its royalty table).
    assert_eq!(s.royalties, vec![13, 0]);
    assert_eq!(s.points[0], -s.points[1]);
    assert!(s.points[0] > 0);
}

#[test]
fn jacks_in_front_do_not_enter() {
    let g = stacked(
        "ofc_us",
        "Jc Jd 2s / Ac Ad 3c 4d 5h / 7s 7h 7d 9c 9h",
        "4c 5d 3s / 6c 6d Qs 2c 4h / Ts Th Td Kc Kh",
    );
    let mut s = OfcSimStats::new(2);
    s.add_deal(&g).unwrap();
    assert_eq!(s.fl_entries, vec![0, 0]);
    assert_eq!(s.fouls, vec![0, 0]);
}

#[test]
fn strategies_parse_and_unknown_names_are_refused() {
    assert_eq!(OfcStrategy::parse("heuristic").unwrap(), H);
    assert_eq!(
        OfcStrategy::parse("baseline").unwrap(),
        OfcStrategy::Baseline(96)
    );
    assert_eq!(
        OfcStrategy::parse("strong").unwrap(),
        OfcStrategy::Rollout(288)
    );
    let e = OfcStrategy::parse("bogus").unwrap_err().to_string();
    assert!(e.contains("bogus") && e.contains("heuristic"), "{e}");
}

#[test]
fn results_do_not_depend_on_threads_or_on_the_split() {
    let r = pineapple();
    let seats = [H; 3];
    let one = simulate_ofc(0, 50, &r, &seats, 7, Threads::Count(1)).unwrap();
    let two = simulate_ofc(0, 50, &r, &seats, 7, Threads::Count(2)).unwrap();
    assert_eq!(one, two);
    let mut split = simulate_ofc(0, 40, &r, &seats, 7, Threads::Count(2)).unwrap();
    split
        .merge(&simulate_ofc(40, 10, &r, &seats, 7, Threads::Count(1)).unwrap())
        .unwrap();
    assert_eq!(one, split);
    assert_eq!(one.hands, 50);
    let other = simulate_ofc(0, 50, &r, &seats, 8, Threads::Count(1)).unwrap();
    assert_ne!(one.points, other.points, "the seed must change the deals");
}

#[test]
fn points_are_zero_sum_and_rates_are_counts() {
    // Every OFC preset settles pairwise, so each deal's totals sum to zero;
    // Fantasyland is a right to the next deal, never a payment.
    for preset in ["ofc_us", "ofc_pineapple", "ofc_pineapple_progressive"] {
        let r = OfcRules::preset(preset).unwrap();
        let seats = [H; 3];
        let s = simulate_ofc(0, 60, &r, &seats, 3, Threads::Count(2)).unwrap();
        assert_eq!(s.points.iter().sum::<i128>(), 0, "{preset}");
        assert_eq!(s.hands, 60);
        for seat in 0..3 {
            assert!(s.fouls[seat] <= s.hands);
            assert!(s.fl_entries[seat] + s.fl_hands[seat] <= s.hands);
            assert!(s.fl_stays[seat] <= s.fl_hands[seat]);
            assert!(s.royalties[seat] >= 0);
        }
    }
}

#[test]
fn fantasyland_is_carried_within_a_table_and_not_across() {
    let r = pineapple();
    let seats = [H; 3];
    let s = simulate_ofc(0, 200, &r, &seats, 11, Threads::Count(2)).unwrap();
    let entries: u64 = s.fl_entries.iter().sum();
    let fl: u64 = s.fl_hands.iter().sum();
    let stays: u64 = s.fl_stays.iter().sum();
    assert!(entries > 0, "the heuristic enters Fantasyland now and then");
    // Each Fantasyland hand follows an entry or a stay of the same table;
    // those made on a table's last hand are not played.
    let last_hands = 200 / TABLE_HANDS;
    assert!(fl <= entries + stays);
    assert!(
        fl + 3 * last_hands >= entries + stays,
        "{fl} {entries} {stays}"
    );
}

#[test]
fn rollout_seats_play_and_are_deterministic() {
    let r = OfcRules::preset("ofc_ru_main").unwrap();
    let seats = [OfcStrategy::Rollout(2), H];
    let a = simulate_ofc(0, 2, &r, &seats, 5, Threads::Count(1)).unwrap();
    let b = simulate_ofc(0, 2, &r, &seats, 5, Threads::Count(2)).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.points[0], -a.points[1]);
    // Nine streets per normal player, one setting for a Fantasyland player.
    assert!(a.decisions >= 2 * (9 + 1));
}

#[test]
fn bad_tables_are_refused() {
    let r = pineapple();
    for n in [0usize, 1, 4] {
        let seats = vec![H; n];
        assert!(
            simulate_ofc(0, 1, &r, &seats, 0, Threads::Count(1)).is_err(),
            "{n}"
        );
    }
    assert!(simulate_ofc(
        0,
        1,
        &OfcRules::preset("ofc_us").unwrap(),
        &[H; 4],
        0,
        Threads::Count(1)
    )
    .is_ok());
    let e = simulate_ofc(3, 1, &r, &[H; 2], 0, Threads::Count(1)).unwrap_err();
    assert!(e.to_string().contains("table"), "{e}");
    let empty = simulate_ofc(0, 0, &r, &[H; 2], 0, Threads::Count(1)).unwrap();
    assert_eq!(empty, OfcSimStats::new(2));
    assert!(OfcSimStats::new(2).merge(&OfcSimStats::new(3)).is_err());
}
