//! Tests of the open-face engine, Fantasyland and the agents.
#![allow(clippy::unwrap_used)]

use super::fantasyland::solve;
use super::*;
use crate::cards::deck::SplitMix64;
use crate::cards::Card;
use crate::notation::{parse_cards, Notation};
use crate::setting::{Row, Setting};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text, Notation::Intl).unwrap()
}

fn setting(text: &str) -> Setting {
    Setting::parse(text, Notation::Intl).unwrap()
}

const OFC_PRESETS: [&str; 6] = [
    "ofc_ru_main",
    "ofc_ru_alt1",
    "ofc_ru_alt2",
    "ofc_us",
    "ofc_pineapple",
    "ofc_pineapple_progressive",
];

/// Plays a deal to the end with the heuristic agent.
fn self_play(game: &mut OfcGame) {
    while let Some(seat) = game.to_act() {
        let mv = heuristic_move(game).unwrap();
        game.play(seat, &mv).unwrap();
    }
}

/// Deals a stacked deck so that each seat receives the cards of a given board,
/// then places them there: two players, button 1, seat 0 acts first.
pub(super) fn stacked_game(preset: &str, a: &Setting, b: &Setting) -> OfcGame {
    let order = |s: &Setting| -> Vec<(Card, Row)> {
        Row::ALL
            .iter()
            .flat_map(|&r| s.row(r).iter().map(move |&c| (c, r)))
            .collect()
    };
    let (pa, pb) = (order(a), order(b));
    let mut deck: Vec<Card> = Vec::new();
    deck.extend(pa[..5].iter().map(|p| p.0));
    deck.extend(pb[..5].iter().map(|p| p.0));
    for i in 5..13 {
        deck.push(pa[i].0);
        deck.push(pb[i].0);
    }
    let mut g = OfcGame::with_deck(OfcRules::preset(preset).unwrap(), 2, 1, &deck, None).unwrap();
    g.place(0, &pa[..5], None).unwrap();
    g.place(1, &pb[..5], None).unwrap();
    for i in 5..13 {
        g.place(0, &pa[i..=i], None).unwrap();
        g.place(1, &pb[i..=i], None).unwrap();
    }
    assert!(g.is_finished());
    g
}

#[test]
fn seed_example_royalties_48() {
    let rules = OfcRules::preset("ofc_ru_main").unwrap();
    let s = setting("5c 5d 5s / 4h 4c 4d 4s 2c / 6h 7h 8h 9h Th");
    assert_eq!(s.royalties(&rules.rules), [13, 20, 15]);
    // The Fantasyland solver finds the same arrangement from the 13 cards.
    let sol = best_fantasyland_setting(s.cards(), &rules, 0.0).unwrap();
    assert_eq!(sol.royalty, 48);
    assert_eq!(sol.score, 48.0);
}

#[test]
fn seed_example_scoop_with_quads_vs_flush_pays_12() {
    let a = setting("5c 5d 2h / 9c 9d Kh Qs 3c / 8c 8d 8h 8s 4d");
    let b = setting("4c 4h 3d / 7c 7d Ks Qh 2c / 2s 6s 9s Js Ts");
    let g = stacked_game("ofc_ru_main", &a, &b);
    assert_eq!(g.board(0).to_setting().unwrap(), a);
    let r = g.settle().unwrap();
    assert_eq!(r.totals, vec![12, -12]);
    assert_eq!(r.players[0].royalties, [0, 0, 10]);
    assert_eq!(r.players[1].royalties, [0, 0, 4]);
}

#[test]
fn illegal_moves_leave_state_unchanged() {
    let mut g = OfcGame::new(OfcRules::preset("ofc_ru_main").unwrap(), 3, 0, 11, None).unwrap();
    let seat = g.to_act().unwrap();
    assert_eq!(seat, 1);
    let hand = g.hand(seat).to_vec();
    let other = (0..52u8).find(|c| !hand.contains(c)).unwrap();
    let before = g.clone();
    let all_front: Vec<(Card, Row)> = hand.iter().map(|&c| (c, Row::Front)).collect();
    let ok: Vec<(Card, Row)> = hand
        .iter()
        .zip([Row::Back, Row::Back, Row::Middle, Row::Middle, Row::Front])
        .map(|(&c, r)| (c, r))
        .collect();
    let mut not_held = ok.clone();
    not_held[0].0 = other;
    let mut twice = ok.clone();
    twice[1].0 = twice[0].0;
    let mut bad_code = ok.clone();
    bad_code[0].0 = 60;
    let cases: Vec<(usize, Vec<(Card, Row)>, Option<Card>, &str)> = vec![
        (0, ok.clone(), None, "turn"),
        (
            1,
            all_front,
            None,
            "the front has room for 3 more card(s) of its 3, not 5",
        ),
        (1, ok[..4].to_vec(), None, "must place"),
        (1, ok.clone(), Some(hand[0]), "discard"),
        (1, not_held, None, "does not hold"),
        (1, twice, None, "twice"),
        (1, bad_code, None, "not a card"),
    ];
    for (s, p, d, word) in cases {
        let e = g.place(s, &p, d).unwrap_err();
        assert!(e.to_string().contains(word), "{word}: {e}");
        assert_eq!(g, before, "state changed after: {e}");
    }
    g.place(1, &ok, None).unwrap();
    // Moving a placed card is refused on the next turns too.
    let seat = g.to_act().unwrap();
    assert_eq!(seat, 2);
    let before = g.clone();
    let mut moved: Vec<(Card, Row)> = g.hand(seat).iter().map(|&c| (c, Row::Back)).collect();
    moved[4] = (ok[0].0, Row::Front);
    let e = g.place(seat, &moved, None).unwrap_err();
    assert!(e.to_string().contains("already placed"), "{e}");
    assert_eq!(g, before);
    // "full" only of a row with no room left: the front took three cards on the first street.
    let mut h = OfcGame::new(OfcRules::preset("ofc_ru_main").unwrap(), 2, 0, 11, None).unwrap();
    let first = h.hand(1).to_vec();
    let rows = [Row::Front, Row::Front, Row::Front, Row::Back, Row::Back];
    let three_front: Vec<(Card, Row)> = first.iter().copied().zip(rows).collect();
    h.place(1, &three_front, None).unwrap();
    while h.to_act() != Some(1) {
        let seat = h.to_act().unwrap();
        let mv = heuristic_move(&h).unwrap();
        h.play(seat, &mv).unwrap();
    }
    let card = h.hand(1)[0];
    let e = h.place(1, &[(card, Row::Front)], None).unwrap_err();
    assert!(e.to_string().contains("the front is full (3 cards)"), "{e}");
    self_play(&mut g);
    let before = g.clone();
    assert!(g.place(0, &[], None).is_err());
    assert_eq!(g, before);
}

#[test]
fn pineapple_moves_discard_one_hidden() {
    let mut g = OfcGame::new(OfcRules::preset("ofc_pineapple").unwrap(), 3, 2, 5, None).unwrap();
    assert!(OfcGame::new(OfcRules::preset("ofc_pineapple").unwrap(), 4, 0, 5, None).is_err());
    for _ in 0..3 {
        let seat = g.to_act().unwrap();
        let mv = heuristic_move(&g).unwrap();
        g.play(seat, &mv).unwrap();
    }
    let seat = g.to_act().unwrap();
    assert_eq!(g.hand(seat).len(), 3);
    assert_eq!(g.move_shape(), Some((2, 1)));
    let moves = g.legal_moves();
    assert!(
        !moves.is_empty()
            && moves
                .iter()
                .all(|m| m.discards.len() == 1 && m.placements.len() == 2)
    );
    let h = g.hand(seat).to_vec();
    let before = g.clone();
    assert!(g
        .place(seat, &[(h[0], Row::Back), (h[1], Row::Back)], None)
        .is_err());
    assert_eq!(g, before);
    g.place(seat, &[(h[0], Row::Back), (h[1], Row::Middle)], Some(h[2]))
        .unwrap();
    let spectator = g.view(None);
    assert_eq!(spectator.discard_counts[seat], 1);
    assert!(spectator.hand.is_empty() && spectator.discards.is_empty());
    assert!(!spectator
        .to_json()
        .contains(&format!("\"discards\":[{}]", h[2])));
    assert_eq!(g.view(Some(seat)).discards, vec![h[2]]);
    self_play(&mut g);
    assert!(g.boards().iter().all(|b| b.is_full()));
    assert!(g.discards(0).len() == 4);
    assert_eq!(g.settle().unwrap().totals.iter().sum::<i64>(), 0);
}

#[test]
fn json_round_trip_and_replay() {
    for (i, preset) in OFC_PRESETS.iter().enumerate() {
        let rules = OfcRules::preset(preset).unwrap();
        let players = 2 + i % 2;
        let mut g =
            OfcGame::new(rules.clone(), players, i % players, 1000 + i as u64, None).unwrap();
        for step in 0.. {
            let text = g.to_json();
            let back = OfcGame::from_json(&text).unwrap();
            assert_eq!(back, g, "{preset} step {step}");
            assert_eq!(back.to_json(), text);
            let replayed = OfcGame::replay(
                rules.clone(),
                players,
                g.button(),
                g.seed(),
                None,
                g.moves(),
            )
            .unwrap();
            assert_eq!(replayed, g);
            let Some(seat) = g.to_act() else { break };
            let mv = heuristic_move(&g).unwrap();
            g.play(seat, &mv).unwrap();
        }
    }
    // Changed options and stacked decks survive the trip too.
    let mut r = crate::rules::Rules::preset("ofc_us").unwrap();
    r.set("score.method", "2-4").unwrap();
    let rules = OfcRules::with_rules("ofc_us", r).unwrap();
    let deck: Vec<Card> = (0..52).rev().collect();
    let mut g = OfcGame::with_deck(rules, 2, 0, &deck, Some(&[14, 0])).unwrap();
    self_play(&mut g);
    let text = g.to_json();
    assert!(text.contains("\"deck\"") && text.contains("2-4"));
    assert_eq!(OfcGame::from_json(&text).unwrap(), g);
    assert!(OfcGame::from_json("{\"preset\":\"ofc_us\"").is_err());
    assert!(OfcGame::from_json(&text.replace("\"moves\":[[1", "\"moves\":[[0")).is_err());
}

#[test]
fn self_play_is_zero_sum_and_deterministic() {
    for (i, preset) in OFC_PRESETS.iter().enumerate() {
        let rules = OfcRules::preset(preset).unwrap();
        for players in 2..=rules.max_players() {
            let mut g = OfcGame::new(rules.clone(), players, 0, 77 + i as u64, None).unwrap();
            for deal in 0..4u64 {
                let mut copy = g.clone();
                self_play(&mut g);
                self_play(&mut copy);
                assert_eq!(g, copy);
                let r = g.settle().unwrap();
                assert_eq!(r.totals.iter().sum::<i64>(), 0, "{preset} {players}");
                for b in g.boards() {
                    assert!(b.is_full());
                }
                g = g.next_deal(deal * 31 + 5).unwrap();
            }
        }
    }
}

#[test]
fn fantasyland_entry_and_stay() {
    let us = OfcRules::preset("ofc_us").unwrap();
    let prog = OfcRules::preset("ofc_pineapple_progressive").unwrap();
    let pine = OfcRules::preset("ofc_pineapple").unwrap();
    let ru = OfcRules::preset("ofc_ru_main").unwrap();
    let qq = setting("Qc Qd 2s / Ac Ad 3c 4d 5h / 7s 7h 7d 9c 9h");
    let jj = setting("Jc Jd 2s / Ac Ad 3c 4d 5h / 7s 7h 7d 9c 9h");
    let foul = setting("Qc Qd 2s / 6c 6d 3c 4d 5h / 7s 7h 7d 9c 9h");
    let trips = setting("2c 2d 2s / Ac Ad Ah 4d 5h / 7s 7h 7d 9c 9h");
    let mid_fh = setting("Qc Qd 2s / 8c 8d 8h 4d 4h / 7s 7h 7d 7c 9h");
    let mid_fh_only = setting("3c 4d 2s / 8c 8d 8h 4c 4h / 9s 9d 9h Tc Th");
    let rr =
        |f: &FantasylandRules, s: &Setting, r: &OfcRules, infl| f.next_cards(s, &r.rules, infl);
    assert_eq!(rr(&us.fantasyland, &qq, &us, false), 14);
    assert_eq!(rr(&us.fantasyland, &jj, &us, false), 0);
    assert_eq!(rr(&us.fantasyland, &foul, &us, false), 0);
    assert_eq!(rr(&ru.fantasyland, &qq, &ru, false), 0);
    assert_eq!(rr(&prog.fantasyland, &qq, &prog, false), 14);
    assert_eq!(rr(&prog.fantasyland, &trips, &prog, false), 17);
    // Staying: QQ alone is not enough; trips, quads back, (classic) FH middle.
    assert_eq!(rr(&us.fantasyland, &qq, &us, true), 0);
    assert_eq!(rr(&us.fantasyland, &trips, &us, true), 14);
    assert_eq!(rr(&prog.fantasyland, &trips, &prog, true), 14);
    assert_eq!(rr(&us.fantasyland, &mid_fh_only, &us, true), 14);
    assert_eq!(rr(&pine.fantasyland, &mid_fh_only, &pine, true), 0);
    assert_eq!(rr(&pine.fantasyland, &mid_fh, &pine, true), 14);
}

#[test]
fn fantasyland_deal_flow() {
    let rules = OfcRules::preset("ofc_pineapple_progressive").unwrap();
    let mut g = OfcGame::new(rules, 3, 0, 3, Some(&[0, 16, 0])).unwrap();
    // Seat 1 (left of the button) is in Fantasyland and holds 16 cards.
    assert_eq!(g.to_act(), Some(1));
    assert_eq!(g.hand(1).len(), 16);
    assert!(g.legal_moves().is_empty());
    let ranked = suggest(&g, 1, 4, 0).unwrap();
    assert_eq!(ranked.len(), 1);
    let mv = ranked[0].0.clone();
    assert_eq!(mv.discards.len(), 3);
    g.play(1, &mv).unwrap();
    // Hidden from the others until the deal is over.
    assert!(g.view(Some(2)).boards[1].is_none());
    assert!(g.view(Some(1)).boards[1].is_some());
    // The Fantasyland player does not act again.
    self_play(&mut g);
    assert_eq!(g.moves().iter().filter(|(s, _)| *s == 1).count(), 1);
    assert!(g.view(None).boards[1].is_some());
    assert_eq!(g.settle().unwrap().totals.iter().sum::<i64>(), 0);
    // Too many cards for the pack.
    let us = OfcRules::preset("ofc_us").unwrap();
    assert!(OfcGame::new(us.clone(), 4, 0, 1, Some(&[14, 0, 0, 0])).is_err());
    assert!(OfcGame::new(us.clone(), 4, 0, 1, Some(&[13, 0, 0, 0])).is_ok());
    // More than the rules deal (ofc_us deals 14 on entry and on a stay).
    let err = OfcGame::new(us, 2, 0, 1, Some(&[15, 0])).unwrap_err();
    assert!(err.to_string().contains("deals 13 to 14"), "{err}");
}

/// Exhaustive reference: every (front, middle, back) of every 13-card subset.
fn brute_force(cards: &[Card], rules: &OfcRules, stay_value: f64) -> f64 {
    let n = cards.len();
    let mut best = f64::NEG_INFINITY;
    let idx: Vec<usize> = (0..n).collect();
    let combos = |pool: &[usize], k: usize| -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let m = pool.len();
        for mask in 0u32..1 << m {
            if mask.count_ones() as usize == k {
                out.push(
                    (0..m)
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| pool[i])
                        .collect(),
                );
            }
        }
        out
    };
    for back in combos(&idx, 5) {
        let rest: Vec<usize> = idx.iter().copied().filter(|i| !back.contains(i)).collect();
        for middle in combos(&rest, 5) {
            let rest2: Vec<usize> = rest
                .iter()
                .copied()
                .filter(|i| !middle.contains(i))
                .collect();
            for front in combos(&rest2, 3) {
                let all: Vec<Card> = front
                    .iter()
                    .chain(&middle)
                    .chain(&back)
                    .map(|&i| cards[i])
                    .collect();
                let s = Setting::from_cards(&all).unwrap();
                if s.is_foul(&rules.rules) {
                    continue;
                }
                let roy: i64 = s.royalties(&rules.rules).iter().sum();
                let stays = rules.fantasyland.stays(s.values(&rules.rules));
                best = best.max(roy as f64 + if stays { stay_value } else { 0.0 });
            }
        }
    }
    best
}

fn random_cards(rng: &mut SplitMix64, n: usize) -> Vec<Card> {
    let mut deck: Vec<Card> = (0..52).collect();
    rng.shuffle(&mut deck);
    deck.truncate(n);
    deck
}

#[test]
fn fantasyland_solver_matches_brute_force() {
    let mut rng = SplitMix64::new(2024);
    let presets = ["ofc_us", "ofc_ru_alt2", "ofc_pineapple"];
    for case in 0..24 {
        let rules = OfcRules::preset(presets[case % 3]).unwrap();
        let stay = [0.0, 10.0, 3.5][case % 3];
        // Skew some hands towards strong ones so royalties and stays occur.
        let hand = if case % 4 == 0 {
            let mut h = cards("Qs Qh Qd 9s 8s 7s");
            let mut extra: Vec<Card> = random_cards(&mut rng, 52)
                .into_iter()
                .filter(|c| !h.contains(c))
                .take(7)
                .collect();
            h.append(&mut extra);
            h
        } else {
            random_cards(&mut rng, 13)
        };
        let sol = solve(&hand, &rules.rules, &rules.fantasyland, stay).unwrap();
        let expect = brute_force(&hand, &rules, stay);
        assert_eq!(
            sol.score,
            expect,
            "case {case}: {:?}",
            sol.setting.to_text()
        );
        assert!(!sol.fouled && !sol.setting.is_foul(&rules.rules));
        let roy: i64 = sol.setting.royalties(&rules.rules).iter().sum();
        assert_eq!(sol.royalty, roy);
        assert_eq!(sol.score, roy as f64 + if sol.stays { stay } else { 0.0 });
    }
    // A couple of 14-card hands (1,009,008 settings each).
    for case in 0..2 {
        let rules = OfcRules::preset("ofc_pineapple").unwrap();
        let hand = random_cards(&mut rng, 14);
        let sol = best_fantasyland_setting(&hand, &rules, 6.0).unwrap();
        assert_eq!(
            sol.score,
            brute_force(&hand, &rules, 6.0),
            "14-card case {case}"
        );
        assert_eq!(sol.discards.len(), 1);
        let mut used: Vec<Card> = sol.setting.cards().to_vec();
        used.extend(&sol.discards);
        used.sort_unstable();
        let mut h = hand.clone();
        h.sort_unstable();
        assert_eq!(used, h);
    }
}

#[test]
fn fantasyland_solver_rejects_bad_input() {
    let rules = OfcRules::preset("ofc_us").unwrap();
    assert!(best_fantasyland_setting(&cards("As Ks Qs"), &rules, 0.0).is_err());
    let mut dup = cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc");
    dup.push(dup[0]);
    assert!(best_fantasyland_setting(&dup, &rules, 0.0).is_err());
    let ok = cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac");
    assert!(best_fantasyland_setting(&ok, &rules, f64::NAN).is_err());
    let sol = best_fantasyland_setting(&ok, &rules, 0.0).unwrap();
    assert!(!sol.fouled);
}

#[test]
fn suggest_is_ranked_and_deterministic() {
    for preset in ["ofc_ru_main", "ofc_pineapple"] {
        let mut g = OfcGame::new(OfcRules::preset(preset).unwrap(), 2, 0, 9, None).unwrap();
        for _ in 0..5 {
            let seat = g.to_act().unwrap();
            let a = suggest(&g, seat, 24, 3).unwrap();
            let b = suggest(&g, seat, 24, 3).unwrap();
            assert_eq!(a, b);
            assert!(a.windows(2).all(|w| w[0].1 >= w[1].1));
            for (m, _) in &a {
                assert!(g.check_move(seat, m).is_ok());
            }
            g.play(seat, &a[0].0).unwrap();
        }
        let seat = g.to_act().unwrap();
        assert!(suggest(&g, 1 - seat, 8, 0).is_err());
    }
}

#[test]
fn monte_carlo_agent_is_not_worse_than_heuristic() {
    // A small match: seat 0 uses `suggest`, seat 1 the heuristic; the MC
    // agent should at least not lose badly (a smoke test, not a strength test).
    let rules = OfcRules::preset("ofc_ru_main").unwrap();
    let mut total = 0i64;
    for deal in 0..6u64 {
        let mut g = OfcGame::new(rules.clone(), 2, (deal % 2) as usize, 500 + deal, None).unwrap();
        while let Some(seat) = g.to_act() {
            let mv = if seat == 0 {
                suggest(&g, seat, 32, deal).unwrap()[0].0.clone()
            } else {
                heuristic_move(&g).unwrap()
            };
            g.play(seat, &mv).unwrap();
        }
        total += g.settle().unwrap().totals[0];
    }
    assert!(total > -60, "MC agent lost {total} over 6 deals");
}
