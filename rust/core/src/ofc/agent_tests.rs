//! Tests of the default agent and of the clairvoyant completion.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::eval::category_of;
use crate::ofc::complete::{cards_to_come, complete_clairvoyant, complete_sampled};
use crate::ofc::heuristic::heuristic_move;
use crate::ofc::simulate::{simulate_ofc, OfcStrategy};
use crate::ofc::OfcRules;
use crate::parallel::Threads;
use crate::royalty::row_royalty;
use crate::setting::Row;

/// A cheap default agent, so that whole deals run in a test.
const QUICK: AgentConfig = AgentConfig {
    samples: 8,
    ..AgentConfig::with_samples(8)
};

#[test]
fn every_suggested_move_is_legal() {
    for (preset, players) in [("ofc_pineapple", 3), ("ofc_us", 2), ("ofc_ru_main", 3)] {
        let rules = OfcRules::preset(preset).unwrap();
        for seed in 0..3u64 {
            let mut g = OfcGame::new(rules.clone(), players, 0, seed, None).unwrap();
            let mut k = 0;
            while let Some(seat) = g.to_act() {
                let ranked = suggest_with(&g, seat, &QUICK, k, None).unwrap();
                assert!(!ranked.is_empty());
                for (m, v) in &ranked {
                    assert!(g.check_move(seat, m).is_ok(), "{preset}: {}", m.to_text());
                    assert!(v.is_finite());
                }
                g.play(seat, &ranked[0].0).unwrap();
                k += 1;
            }
        }
    }
}

/// The exact worth of `mv` for the last player to act: the settlement plus
/// the Fantasyland value if the board enters.
fn exact_value(g: &OfcGame, seat: usize, mv: &Move) -> f64 {
    let mut h = g.clone();
    h.play(seat, mv).unwrap();
    assert!(h.is_finished());
    let res = h.settle().unwrap();
    let x = res.totals[seat] as f64 / res.denominator as f64;
    x + QUICK.fantasyland_value(g.rules(), g.players(), h.next_fantasyland().unwrap()[seat])
}

#[test]
fn the_last_decision_is_the_brute_force_best() {
    let mut checked = 0;
    for (preset, players) in [("ofc_pineapple", 3), ("ofc_pineapple", 2), ("ofc_us", 2)] {
        let rules = OfcRules::preset(preset).unwrap();
        for seed in 0..12u64 {
            let mut g = OfcGame::new(rules.clone(), players, 0, 40 + seed, None).unwrap();
            // Heuristic play up to the deal's last decision.
            loop {
                let seat = g.to_act().unwrap();
                let mv = heuristic_move(&g).unwrap();
                let mut h = g.clone();
                h.play(seat, &mv).unwrap();
                if h.is_finished() {
                    break;
                }
                g = h;
            }
            let seat = g.to_act().unwrap();
            let best = g
                .legal_moves()
                .iter()
                .map(|m| exact_value(&g, seat, m))
                .fold(f64::NEG_INFINITY, f64::max);
            let ranked = suggest_with(&g, seat, &QUICK, seed, None).unwrap();
            let chosen = exact_value(&g, seat, &ranked[0].0);
            assert!(
                (chosen - best).abs() < 1e-9,
                "{preset} seed {seed}: {chosen} vs {best}"
            );
            assert!((ranked[0].1 - best).abs() < 1e-9);
            checked += 1;
        }
    }
    assert_eq!(checked, 36);
}

#[test]
fn self_play_does_not_depend_on_threads() {
    let rules = OfcRules::preset("ofc_pineapple").unwrap();
    let seats = [OfcStrategy::Rollout(4); 3];
    let one = simulate_ofc(0, 40, &rules, &seats, 7, Threads::Count(1)).unwrap();
    let two = simulate_ofc(0, 40, &rules, &seats, 7, Threads::Count(2)).unwrap();
    assert_eq!(one, two);
    let again = simulate_ofc(0, 40, &rules, &seats, 7, Threads::Count(2)).unwrap();
    assert_eq!(one, again);
}

/// The completion's objective of a full board (`None` if it fouls).
fn objective(board: &Board, rules: &OfcRules, worth: &FlWorth) -> Option<f64> {
    let s = board.to_setting()?;
    let values = s.values(&rules.rules);
    if crate::setting::order_check(values, &rules.rules).is_some() {
        return None;
    }
    let mut total = 0.0;
    for (i, &row) in Row::ALL.iter().enumerate() {
        let top = ((values[i] >> 16) & 15) as f64;
        total += row_royalty(&rules.rules, row, values[i]) as f64
            + 0.4 * (category_of(values[i]) as f64 + top / 13.0);
    }
    total += worth.of(rules
        .fantasyland
        .next_cards_for_values(values, &rules.rules, false));
    Some(total)
}

/// Every completion of `board` from `cards` (each card to a row or, in
/// Pineapple, discarded, one per street of three), by brute force: the
/// best objective, or `None` when all foul.
fn brute_force(board: &Board, cards: &[Card], rules: &OfcRules, worth: &FlWorth) -> Option<f64> {
    let n = cards.len();
    let mut best: Option<f64> = None;
    for code in 0..4usize.pow(n as u32) {
        let mut x = code;
        let mut b = *board;
        let mut ok = true;
        let mut kept = vec![0; n.div_ceil(3)];
        for (i, &c) in cards.iter().enumerate() {
            let k = x % 4;
            x /= 4;
            if k == 3 {
                continue;
            }
            kept[i / 3] += 1;
            if !b.push(Row::ALL[k], c) {
                ok = false;
                break;
            }
        }
        let streets_ok = !rules.pineapple || kept.iter().all(|&k| k == 2);
        if !ok || !b.is_full() || !streets_ok {
            continue;
        }
        if let Some(v) = objective(&b, rules, worth) {
            best = Some(best.map_or(v, |w: f64| w.max(v)));
        }
    }
    best
}

/// A shuffled deck's first cards placed at random rows until `placed` are
/// on the board (a row that is full takes none), and the rest of the deck
/// in order.
fn random_board(rng: &mut SplitMix64, placed: usize) -> (Board, Vec<Card>) {
    let mut deck: Vec<Card> = (0..DECK_SIZE as Card).collect();
    rng.shuffle(&mut deck);
    let mut board = Board::new();
    let mut it = deck.iter();
    while board.count() < placed {
        let &c = it.next().unwrap();
        let row = Row::ALL[(rng.next_u64() % 3) as usize];
        board.push(row, c);
    }
    (board, it.copied().collect())
}

#[test]
fn clairvoyant_completion_is_the_best_legal_one() {
    let mut rng = SplitMix64::new(99);
    // Progressive entry with a worth rising by card count: the front the
    // completion aims for must be priced by the cards it earns.
    for preset in ["ofc_pineapple", "ofc_us", "ofc_pineapple_progressive"] {
        let rules = OfcRules::preset(preset).unwrap();
        let worth = if rules.fantasyland.progressive {
            FlWorth::from_fn(|cards| 4.0 * f64::from(cards - 12))
        } else {
            FlWorth::from_fn(|_| 10.0)
        };
        let mut fouled = 0;
        for round in 0..400 {
            // A random partial board with 7 or 9 cards placed (up to 6
            // cards to come, few enough for brute force).
            let placed = if round % 2 == 0 { 9 } else { 7 };
            let (board, rest) = random_board(&mut rng, placed);
            let it = rest.iter();
            let take = cards_to_come(&board, &rules).min(6);
            if !rules.pineapple && take != 13 - placed {
                continue;
            }
            let cards: Vec<Card> = it.take(take).copied().collect();
            if rules.pineapple && take < cards_to_come(&board, &rules) {
                continue;
            }
            let mut done = board;
            complete_clairvoyant(&mut done, &cards, &rules, &worth);
            assert!(done.is_full());
            for r in Row::ALL {
                assert!(board.row(r).iter().all(|c| done.row(r).contains(c)));
            }
            let got = objective(&done, &rules, &worth);
            let want = brute_force(&board, &cards, &rules, &worth);
            match (got, want) {
                (Some(g), Some(w)) => assert!((g - w).abs() < 1e-9, "{preset}: {g} vs {w}"),
                (None, None) => fouled += 1,
                (g, w) => panic!("{preset}: completion {g:?}, brute force {w:?}"),
            }
        }
        assert!(fouled < 300);
    }
}

#[test]
fn a_qualifying_board_counts_the_cards_its_front_earns() {
    use crate::notation::Notation;
    use crate::setting::Setting;
    let rules = OfcRules::preset("ofc_pineapple_progressive").unwrap();
    let cfg = AgentConfig::with_samples(8);
    let worth = FlWorth::from_fn(|cards| cfg.fantasyland_value(&rules, 2, cards));
    let board = |text: &str| Board::from_setting(&Setting::parse(text, Notation::Intl).unwrap());
    let other = board("2c 3d 4h / 5s 6d 8h 8s Tc / 9c 9d Js Jh 4s");
    let added = |text: &str| {
        let boards = [board(text), other];
        let with = rollout_result(&boards, 0, &rules, &worth, 0.0).unwrap();
        let without = rollout_result(&boards, 0, &rules, &FlWorth::default(), 0.0).unwrap();
        with - without
    };
    let qq = added("Qc Qd 2s / Kc Kd 5c 5d 3h / 7s 7h 7d 6c 6h");
    let aa = added("Ac Ad 2s / Kc Kd 5c 5d 3h / 7s 7h 7d 6c 6h");
    // Heads-up, the table's value per opponent times the agent's factor.
    let table = FlTable::builtin();
    let close = |x: f64, y: f64| (x - y).abs() < 1e-9;
    assert!(close(qq, FL_SCALE * table.per_opponent(&rules, 14)), "{qq}");
    assert!(close(aa, FL_SCALE * table.per_opponent(&rules, 16)), "{aa}");
    let gap = fantasyland_value(&rules, 2, 16) - fantasyland_value(&rules, 2, 14);
    assert!(close(aa - qq, FL_SCALE * gap));
    assert!(qq > 0.0 && aa > qq);
}

#[test]
fn the_completion_prices_a_front_by_the_cards_it_earns() {
    use crate::notation::{parse_cards, Notation};
    let rules = OfcRules::preset("ofc_pineapple_progressive").unwrap();
    let cards = |t: &str| parse_cards(t, Notation::Intl).unwrap();
    let mut board = Board::new();
    for (row, text) in [
        (Row::Front, "Qc Ac"),
        (Row::Middle, "Kc Kd 5c 5d 3h"),
        (Row::Back, "7s 7h 7d 6c"),
    ] {
        for c in cards(text) {
            board.push(row, c);
        }
    }
    // The last street: queens in front earn 14 cards, aces 16.
    let street = cards("Qd Ad 2h");
    for (aim, worth) in [
        (14u8, FlWorth::from_fn(|c| if c == 14 { 30.0 } else { 1.0 })),
        (16, FlWorth::from_fn(|c| if c == 16 { 30.0 } else { 1.0 })),
    ] {
        let mut done = board;
        complete_clairvoyant(&mut done, &street, &rules, &worth);
        let s = done.to_setting().unwrap();
        assert_eq!(rules.fantasyland.next_cards(&s, &rules.rules, false), aim);
    }
}

#[test]
fn the_sampled_completion_plays_each_street_legally_and_never_beats_clairvoyance() {
    let mut rng = SplitMix64::new(7);
    let worth = FlWorth::from_fn(|_| 10.0);
    for preset in ["ofc_pineapple", "ofc_us"] {
        let rules = OfcRules::preset(preset).unwrap();
        let (mut sampled_fouls, mut clairvoyant_fouls) = (0, 0);
        for round in 0..300 {
            // A board after its first street or later (5 to 11 cards placed).
            let (board, rest) = random_board(&mut rng, 5 + (round % 4) * 2);
            let take = cards_to_come(&board, &rules);
            let (own, others) = rest.split_at(take);
            let mut done = board;
            complete_sampled(
                &mut done,
                own,
                others,
                &rules,
                &worth,
                1 + round % 3,
                &mut rng,
            );
            assert!(done.is_full(), "{preset}: {}", done.to_text());
            for r in Row::ALL {
                assert!(board.row(r).iter().all(|c| done.row(r).contains(c)));
            }
            let added: Vec<Card> = done
                .cards()
                .into_iter()
                .filter(|c| !board.contains(*c))
                .collect();
            assert!(
                added.iter().all(|c| own.contains(c)),
                "{preset}: a card it never received"
            );
            if rules.pineapple {
                // Exactly two of every street's three are kept.
                for street in own.chunks(3) {
                    let kept = street.iter().filter(|c| done.contains(**c)).count();
                    assert_eq!(kept, 2, "{preset}: {street:?} in {}", done.to_text());
                }
            } else {
                assert_eq!(added.len(), own.len());
            }
            let mut best = board;
            complete_clairvoyant(&mut best, own, &rules, &worth);
            let (got, want) = (
                objective(&done, &rules, &worth),
                objective(&best, &rules, &worth),
            );
            match (got, want) {
                // Knowing the cards can only help.
                (Some(g), Some(w)) => assert!(g <= w + 1e-9, "{preset}: {g} above {w}"),
                // With no legal completion of these cards, no policy avoids fouling.
                (Some(_), None) => panic!("{preset}: legal where clairvoyance fouls"),
                (None, w) => {
                    sampled_fouls += 1;
                    clairvoyant_fouls += usize::from(w.is_none());
                }
            }
            // One street to come: nothing to guess, the clairvoyant choice.
            if take == (if rules.pineapple { 3 } else { 1 }) {
                assert_eq!(got, want, "{preset}: the last street");
            }
        }
        // The sampled policy fouls some boards that clairvoyance completes.
        assert!(
            sampled_fouls > clairvoyant_fouls,
            "{preset}: {sampled_fouls} v {clairvoyant_fouls}"
        );
    }
}

#[test]
fn later_streets_take_the_scaled_rollouts() {
    // K times the rollouts after the first street is the agent at K times
    // the samples there (the same rollouts, by seed), and the first street
    // is untouched.
    let rules = OfcRules::preset("ofc_pineapple").unwrap();
    let scaled = AgentConfig {
        late_sample_scale: 3,
        ..QUICK
    };
    let tripled = AgentConfig {
        samples: 3 * QUICK.samples,
        ..QUICK
    };
    let mut g = OfcGame::new(rules, 2, 0, 9, None).unwrap();
    let mut later = 0;
    while let Some(seat) = g.to_act() {
        let got = suggest_with(&g, seat, &scaled, 4, None).unwrap();
        let want = if g.board(seat).count() == 0 {
            suggest_with(&g, seat, &QUICK, 4, None).unwrap()
        } else {
            later += 1;
            suggest_with(&g, seat, &tripled, 4, None).unwrap()
        };
        assert_eq!(got, want);
        g.play(seat, &got[0].0).unwrap();
    }
    assert!(later >= 8);
}
