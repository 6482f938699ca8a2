//! Tests of the settlement: the worked vectors of RULES, every method and
//! topology, and the batch scorer against the full one.

// Tests start from a preset or the defaults and change one option at a time.
#![allow(clippy::field_reassign_with_default)]

use super::*;
use crate::cards::{format_card, Card, Style};
use crate::error::Error;
use crate::eval::evaluator;
use crate::natural::{find_natural_unchecked, NaturalKind};
use crate::notation::Notation;
use crate::rules::{
    NaturalDeclare, OverallPointRule, Rules, ScoreMethod, SurrenderCost, TableBestRowPayer,
    Topology, VsNatural,
};
use crate::setting::Setting;

fn set(s: &str) -> Setting {
    Setting::parse(s, Notation::Intl).unwrap()
}
fn play(s: &str) -> PlayerHand {
    PlayerHand::Setting(set(s))
}
fn preset(name: &str) -> Rules {
    Rules::preset(name).unwrap()
}
fn per_row() -> Rules {
    let mut r = Rules::plain();
    r.method = ScoreMethod::PerRow;
    r
}

// RULES §11 vector 5 (repaired): B wins front and middle, A wins back.
const V5_A: &str = "As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc";
const V5_B: &str = "Ac Ah Ts / Qc Qs Jc Jh 3d / 2s 3s 4h 5c 6h";

#[test]
fn vector_5_pair_example_russian_table_2_4_1_6() {
    let hands = [play(V5_A), play(V5_B)];
    let r = score(&hands, &preset("russian_13_table"), None).unwrap();
    // A earns 1 (table-best back), B 2 + 2 = 4: B +3.
    assert_eq!(r.totals, vec![-3, 3]);
    assert_eq!(r.pairs[0].rows, [-1, -1, 1]);
    assert_eq!(r.pairs[0].table_best, -1);
    assert_eq!(
        score(&hands, &preset("cp_pro_2_4"), None).unwrap().totals,
        vec![-2, 2]
    );
    assert_eq!(
        score(&hands, &Rules::plain(), None).unwrap().totals,
        vec![-1, 1]
    );
    // $10 a point: ±$30 (per-pair stake).
    let mut stakes = [[1i64; 4]; 4];
    stakes[0][1] = 10;
    stakes[1][0] = 10;
    let r = score(&hands, &preset("russian_13_table"), Some(&stakes)).unwrap();
    assert_eq!(r.totals, vec![-30, 30]);
}

#[test]
fn vector_6_ofc_royalties_extra_always_r_ofc_3() {
    let a = play("5s 5d 2c / Ks Kd Kh 3c 7c / 9s 9d 9h 9c 2d");
    let b = play("4s 4c 3d / Qs Qd Jc Jd 6c / 2h 6h 8h Th Qh");
    let r = score(&[a, b], &preset("ofc_ru_main"), None).unwrap();
    // scoop 6 + quads 10 − B's flush 4 = 12
    assert_eq!(r.totals, vec![12, -12]);
    assert_eq!(r.players[1].royalties, [0, 0, 4]);
    assert_eq!(r.pairs[0].royalty, 6);
}

// §4.2 worked example, row winners per pairing as in RULES §4.2.
fn four_players() -> [PlayerHand; 4] {
    [
        play("Qs Qd 2d / 3s 3d 3h 4c 6s / 4h 5h 8h 9h Jh"), // N
        play("Js Jd 2h / 4d 4s 5d 5s 7s / 8c 9s Td Jc Qc"), // E
        play("Ks Kd 2c / 5c 6c 7d 8d 9c / 6h 7h 8s 9d Tc"), // S
        play("7c 6d 3c / Kh Kc Ts Th Qh / As Ad Ah Ac 2s"), // W
    ]
}

#[test]
fn vector_7_four_players_per_row_r_score_2() {
    let r = score(&four_players(), &per_row(), None).unwrap();
    assert_eq!(r.totals, vec![3, -5, 3, -1]);
    let rows: Vec<(usize, usize, [i8; 3])> = r.pairs.iter().map(|p| (p.a, p.b, p.rows)).collect();
    assert_eq!(
        rows,
        vec![
            (0, 1, [1, 1, 1]),
            (0, 2, [-1, -1, 1]),
            (0, 3, [1, 1, -1]),
            (1, 2, [-1, -1, 1]),
            (1, 3, [1, -1, -1]),
            (2, 3, [1, 1, -1]),
        ]
    );
}

#[test]
fn vector_8_methods_r_score_3() {
    // A wins back and front, loses middle.
    let a = play("Ks Kd 2c / Kh Kc 3d 3c 4s / 2h 5h 7h 9h Jh");
    let b = play("Qd Qc 2d / 6s 6d 6c 8c 9c / 8s 9d Tc Jd Qs");
    let hands = [a, b];
    for (m, want) in [
        ("per_row", 1),
        ("1-4", 1),
        ("1-6", 1),
        ("2-4", 2),
        ("2-6", 2),
        ("russian_match", 1),
    ] {
        let mut r = Rules::plain();
        r.set("score.method", m).unwrap();
        assert_eq!(score(&hands, &r, None).unwrap().totals[0], want, "{m}");
    }
    // Scoops: 1-4 → 4, 1-6 → 6, 2-4 → 4, 2-6 → 6 (N over E in the four-player deal).
    let hands = four_players();
    for (m, want) in [
        ("per_row", 3),
        ("1-4", 4),
        ("1-6", 6),
        ("2-4", 4),
        ("2-6", 6),
    ] {
        let mut r = Rules::plain();
        r.set("score.method", m).unwrap();
        let res = score(&hands[..2], &r, None).unwrap();
        assert_eq!(res.totals[0], want, "{m}");
    }
}

// A wins the back; front and middle tie.
const TIE_A: &str = "2c 3d 5h / 7s 8d 9c Jc Kd / As Ad Qc Jh 9h";
const TIE_B: &str = "2d 3c 5c / 7h 8c 9d Jd Kh / Ah Ac Qd Js 8h";

#[test]
fn overall_point_rule_with_ties_rules_4_3() {
    // W = 1, L = 0, two tied rows: only net_positive pays the overall point.
    let (a, b) = (play(TIE_A), play(TIE_B));
    let mut r = Rules::plain();
    r.method = ScoreMethod::TwoFour;
    assert_eq!(
        score(&[a.clone(), b.clone()], &r, None).unwrap().totals[0],
        1
    );
    r.overall_point_rule = OverallPointRule::NetPositive;
    assert_eq!(score(&[a, b], &r, None).unwrap().totals[0], 2);
}

#[test]
fn unannounced_royalties_are_forfeited_when_required_rules_4_0() {
    // B wins every row with a middle full house (table G: 2) and back quads (4).
    let a = play("2c 3d 5h / 7s 8d Tc Jc Kd / Ah Ac Qd Js 8h");
    let quads = set("Qc Qh 2d / 6s 6d 6c 4c 4d / 9s 9d 9h 9c 3s");
    let mut rules = preset("cp_pro_1_3");
    let plain = score(&[a.clone(), PlayerHand::Setting(quads)], &rules, None).unwrap();
    rules.royalty_declare_required = true;
    let forfeited = score(&[a.clone(), PlayerHand::Setting(quads)], &rules, None).unwrap();
    let announced = score(&[a, PlayerHand::Announced(quads)], &rules, None).unwrap();
    assert_eq!(plain.totals, announced.totals);
    assert_eq!(plain.totals[1], 1 + 2 + 4);
    assert_eq!(forfeited.totals[1], 3, "unannounced: one unit per row won");
    assert_eq!(forfeited.players[1].royalties, [0, 0, 0]);
}

#[test]
fn vector_10_foul_r_score_4_5() {
    let fouled_a = play("As Ad Kc / Kh Qd Js 9c 8d / 2h 2s 3c 4h 5s");
    let legal_b = play("2c 3d 5h / 7s 7d 7h 4c 4d / 9s 9d 9h 6c 6d");
    let fouled_c = play("Qs Qh Jd / Ts 8s 7c 6s 3h / Th Tc 5d 5c 2d");
    let rules = preset("cp_pro_1_6");
    let r = score(&[fouled_a.clone(), legal_b.clone()], &rules, None).unwrap();
    // 1 + 2 (middle full house) + 1 + scoop 3 = 7
    assert_eq!(r.totals, vec![-7, 7]);
    assert_eq!(r.pairs[0].kind, PairKind::Foul(0));
    let r = score(&[fouled_a.clone(), legal_b, fouled_c.clone()], &rules, None).unwrap();
    assert_eq!(r.totals, vec![-7, 14, -7]);
    assert_eq!(r.matrix[0][2], 0);
    let r = score(&[fouled_a, fouled_c], &rules, None).unwrap();
    assert_eq!(r.totals, vec![0, 0]);
    assert_eq!(r.pairs[0].kind, PairKind::NoContest);
}

#[test]
fn foul_fixed_penalty_plus_royalties_r_ofc_4() {
    let fouled = play("As Ad Kc / Kh Qd Js 9c 8d / 2h 2s 3c 4h 5s");
    let legal = play("2c 3d 5h / 7s 7d 7h 4c 4d / 9s 9d 9h 6c 6d");
    // ofc_ru_main: 6 + middle FH 12 + back FH 6 = 24
    let r = score(&[legal, fouled], &preset("ofc_ru_main"), None).unwrap();
    assert_eq!(r.totals, vec![24, -24]);
}

#[test]
fn surrender_costs_r_score_6_r_nat_3() {
    let a = play(V5_A);
    let s = PlayerHand::Surrender;
    let cost = |name: &str| {
        score(&[a.clone(), s.clone()], &preset(name), None)
            .unwrap()
            .totals[0]
    };
    assert_eq!(cost("cp_pro_1_6"), 3);
    assert_eq!(cost("cp_pro_2_4"), 2);
    assert_eq!(cost("hawaiian_gardens"), 3);
    let mut r = per_row();
    r.surrender_cost = SurrenderCost::AsLostTwoRows;
    assert_eq!(
        score(&[a.clone(), s.clone()], &r, None).unwrap().totals[0],
        1
    );
    r.method = ScoreMethod::TwoFour;
    assert_eq!(
        score(&[a.clone(), s.clone()], &r, None).unwrap().totals[0],
        2
    );
    // Two surrendered players exchange nothing; a fouled one pays nobody who surrendered.
    let fouled = play("As Ad Kc / Kh Qd Js 9c 8d / 2h 2s 3c 4h 5s");
    let r = score(&[s.clone(), s.clone(), fouled], &preset("cp_pro_1_6"), None).unwrap();
    assert_eq!(r.totals, vec![0, 0, 0]);
    // A natural is still collected from a surrenderer, at its value (R-NAT-3).
    let dragon = PlayerHand::Natural(set("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ac"));
    let r = score(&[dragon, s.clone()], &preset("cp_pro_1_6"), None).unwrap();
    assert_eq!(r.totals, vec![13, -13]);
    // Forbidden surrender is an error naming the option.
    let e = score(&[a, s], &preset("pusoy_ph_banker"), None).unwrap_err();
    assert!(matches!(e, Error::Rules { option, .. } if option == "surrender.allowed"));
}

#[test]
fn naturals_r_nat_1_and_vs_natural_rules_6_4() {
    let dragon = PlayerHand::Natural(set("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ac"));
    let pairs = PlayerHand::Natural(set("2h 2s 7s / 3h 3s 4c 4d 5c / 5d 6h 6s Qc Qs"));
    let plain = play("Jc Js 8c / 9c 9h 9d 3c 2d / Ad Ah As 5h 8d");
    let r = score(
        &[dragon.clone(), pairs.clone(), plain.clone()],
        &preset("pagat_classic"),
        None,
    )
    .unwrap();
    // Dragon 13 from each; six pairs (3) collects from the plain hand only.
    assert_eq!(r.totals, vec![26, -13 + 3, -13 - 3]);
    let mut rules = preset("pagat_classic");
    rules.vs_natural = VsNatural::WinnerTakesDifference;
    let r = score(&[dragon.clone(), pairs.clone()], &rules, None).unwrap();
    assert_eq!(r.totals, vec![10, -10]);
    rules.vs_natural = VsNatural::Push;
    assert_eq!(
        score(&[dragon.clone(), pairs.clone()], &rules, None)
            .unwrap()
            .totals,
        vec![0, 0]
    );
    // Declaring a natural one does not hold is refused.
    let e = score(
        &[PlayerHand::Natural(set(V5_A)), play(V5_B)],
        &preset("pagat_classic"),
        None,
    );
    assert!(matches!(e, Err(Error::InvalidSetting(_))));
    // Under auto, the engine claims the natural of a plain setting.
    let mut auto = preset("pagat_classic");
    auto.natural_declare = NaturalDeclare::Auto;
    let d = play("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ac");
    let r = score(&[d, plain], &auto, None).unwrap();
    assert!(matches!(&r.players[0].status, Status::Natural(n) if n.kind == NaturalKind::Dragon));
    assert_eq!(r.totals, vec![13, -13]);
}

#[test]
fn natural_with_illegal_setting_is_a_foul_cp_pro() {
    // Six pairs set with the front above the middle: a foul under cp_pro (RULES §4.7).
    let pairs = PlayerHand::Natural(set("Qc Qs 2h / 3h 3s 4c 4d 5c / 5d 6h 6s 2s 7s"));
    let plain = play("Jc Js 8c / 9c 9h 9d 3c 2d / Ad Ah As 5h 8d");
    let r = score(&[pairs, plain], &preset("cp_pro_1_6"), None).unwrap();
    assert!(matches!(r.players[0].status, Status::Fouled(_)));
    assert!(r.totals[0] < 0);
}

#[test]
fn banker_topology_ties_and_natural_rules_4_9() {
    // Three players against the bank (seat 0); ties to the bank.
    let (bank, tie) = (play(TIE_A), play(TIE_B));
    let rules = preset("malay_banker");
    let r = score(&[bank.clone(), tie.clone()], &rules, None).unwrap();
    // front tied → bank, middle tied → bank, back bank: scoop per_row 3
    assert_eq!(r.pairs[0].rows, [1, 1, 1]);
    assert_eq!(r.totals, vec![3, -3]);
    let hands = four_players();
    let r = score(&hands, &rules, None).unwrap();
    assert_eq!(r.pairs.len(), 3);
    assert!(r.pairs.iter().all(|p| p.a == 0));
    // HK: both naturals → the banker pays the player's value.
    let hk = preset("hk_13zhang_banker");
    let dragon = PlayerHand::Natural(set("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ac"));
    let pairs = PlayerHand::Natural(set("2h 2s 7s / 3h 3s 4c 4d 5c / 5d 6h 6s Qc Qs"));
    let r = score(&[dragon, pairs], &hk, None).unwrap();
    assert_eq!(r.totals, vec![-3, 3]);
}

#[test]
fn pusoy_banker_bet_rules_4_9() {
    let rules = preset("pusoy_ph_banker");
    // Player (seat 1) wins front and middle, loses back: +1 bet.
    let r = score(&[play(V5_A), play(V5_B)], &rules, None).unwrap();
    assert_eq!(r.totals, vec![-1, 1]);
    let mut two = rules.clone();
    two.banker = 1;
    let r = score(&[play(V5_A), play(V5_B)], &two, None).unwrap();
    // Player seat 0 wins one row: −1.
    assert_eq!(r.totals, vec![-1, 1]);
    let hands = four_players();
    let r = score(&hands[..2], &rules, None).unwrap();
    // The bank (N) scoops E: the player loses double.
    assert_eq!(r.totals, vec![2, -2]);
}

#[test]
fn scoop_multipliers_rules_4_4() {
    let mut r = per_row();
    r.scoop_multiplier = 2;
    r.scoop_multiplier_all = 2;
    let hands = four_players();
    // N scoops E only: 3 × 2.
    let res = score(&hands[..2], &r, None).unwrap();
    assert_eq!(res.totals, vec![6, -6]);
    // Home run: one player scoops two opponents (N over E and a fouled third).
    let fouled = play("As Ad Kc / Kh Qh 9c 8d 7d / 2s 2c 3c 6c 5c");
    let [n, e, ..] = four_players();
    let res = score(&[n, e, fouled], &r, None).unwrap();
    assert_eq!(res.pairs[0].multiplier, 4);
    assert_eq!(res.matrix[0][1], 12);
    assert_eq!(res.matrix[0][2], 12);
}

#[test]
fn royalty_modes_rules_5_1() {
    // A: front trips (wins), B: middle full house (wins middle).
    let a = play("5c 5d 5s / 6c 7d 8h 9s Th / Ac Kc Qc Jc 9c");
    let b = play("2h 3d 7h / 8c 8d 8s Tc Td / Ad Ah As Ks Kd");
    let mut r = preset("cp_pro_1_3");
    // replace_if_won: A front 3, B middle 2, B back 1 → A 3 − 3 = 0
    assert_eq!(
        score(&[a.clone(), b.clone()], &r, None).unwrap().totals[0],
        0
    );
    r.royalty_mode = crate::rules::RoyaltyMode::ExtraIfWon;
    // rows −1, royalties +3 − 2 = +1 → 0
    assert_eq!(
        score(&[a.clone(), b.clone()], &r, None).unwrap().totals[0],
        0
    );
    r.royalty_mode = crate::rules::RoyaltyMode::ExtraAlways;
    assert_eq!(
        score(&[a.clone(), b.clone()], &r, None).unwrap().totals[0],
        0
    );
    // cancel_when_both_qualify: both middles are full houses (2 each).
    let c = play("5c 5d 5s / 9c 9d 9h 2c 2d / Qh Qd Qc 3c 3s");
    let mut r = preset("cp_pro_1_3");
    assert_eq!(
        score(&[c.clone(), b.clone()], &r, None).unwrap().pairs[0].rows,
        [1, 1, -1]
    );
    assert_eq!(
        score(&[c.clone(), b.clone()], &r, None).unwrap().totals[0],
        3 + 2 - 1
    );
    r.royalty_cancel_when_both_qualify = true;
    assert_eq!(score(&[c, b], &r, None).unwrap().totals[0], 3 + 1 - 1);
}

#[test]
fn russian_table_three_players_split_and_each_rules_4_5() {
    let hands = four_players();
    let mut r = preset("russian_13_table");
    let each = score(&hands[..3], &r, None).unwrap();
    assert_eq!(each.denominator, 1);
    assert_eq!(each.totals.iter().sum::<i64>(), 0);
    r.table_best_row_payer = TableBestRowPayer::SplitOneUnit;
    let split = score(&hands[..3], &r, None).unwrap();
    assert_eq!(split.denominator, 12);
    assert_eq!(split.totals.iter().sum::<i64>(), 0);
    // N, E, S: N scoops E (6), S beats N and E on two rows (2 each);
    // table-best: front and middle S, back N.
    assert_eq!(
        each.totals,
        vec![6 - 2 + 2 - 2, -6 - 2 - 1 - 2, 2 + 2 + 4 - 1]
    );
    // split_one_unit: each table-best row is worth 1/2 from each of the two payers.
    assert_eq!(split.totals, vec![48, -114, 66]);
}

#[test]
fn pots_rules_4_10() {
    let hands = four_players();
    let r = preset("pusoy_ph_pot");
    // S beats N (2 rows), E (2 rows), W (2 rows): S takes the pot.
    let res = score_with_pot(&hands, &r, None, 5).unwrap();
    let pot = res.pot.clone().unwrap();
    assert_eq!(pot.winner, Some(2));
    assert_eq!(res.totals, vec![-1, -1, 3 + 5, -1]);
    assert_eq!(res.totals.iter().sum::<i64>() + pot.pot_out - pot.pot_in, 0);
    // One row won, two tied: nobody beats the other on two rows, carried over.
    let res = score_with_pot(&[play(TIE_A), play(TIE_B)], &r, None, 5).unwrap();
    let pot = res.pot.clone().unwrap();
    assert_eq!(pot.winner, None);
    assert_eq!(pot.pot_out, 7);
    assert_eq!(res.totals, vec![-1, -1]);
    // pot_per_row: S wins front and middle pots, W the back pot.
    let mut r = per_row();
    r.topology = Topology::PotPerRow;
    let res = score(&hands, &r, None).unwrap();
    assert_eq!(res.denominator, 12);
    assert_eq!(
        res.pot.unwrap().row_winners,
        vec![vec![2], vec![2], vec![3]]
    );
    assert_eq!(res.totals, vec![-36, -36, 60, 12]);
}

#[test]
fn invalid_inputs() {
    let a = play(V5_A);
    assert!(score(std::slice::from_ref(&a), &Rules::plain(), None).is_err());
    assert!(matches!(
        score(&[a.clone(), a.clone()], &Rules::plain(), None),
        Err(Error::InvalidSetting(_))
    ));
    let mut stakes = [[1i64; 4]; 4];
    stakes[0][1] = 2;
    assert!(score(&[a, play(V5_B)], &Rules::plain(), Some(&stakes)).is_err());
}

/// xorshift64: deterministic deals without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A legal setting by the greedy construction of RULES §3.4 (best back, best middle).
fn greedy(cards: &[Card], rules: &Rules) -> Setting {
    let e = evaluator(rules.wheel);
    let best5 = |pool: &[Card]| -> Vec<Card> {
        let mut best: (u32, Vec<Card>) = (0, Vec::new());
        let n = pool.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for f in d + 1..n {
                            let h = [pool[a], pool[b], pool[c], pool[d], pool[f]];
                            let v = e.value5(h);
                            if v > best.0 {
                                best = (v, h.to_vec());
                            }
                        }
                    }
                }
            }
        }
        best.1
    };
    let back = best5(cards);
    let rest: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|c| !back.contains(c))
        .collect();
    let middle = best5(&rest);
    let front: Vec<Card> = rest
        .iter()
        .copied()
        .filter(|c| !middle.contains(c))
        .collect();
    let all: Vec<Card> = front.iter().chain(&middle).chain(&back).copied().collect();
    Setting::from_cards(&all).unwrap()
}

#[test]
fn zero_sum_for_every_preset_and_fouls_never_collect_r_score_1() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for name in Rules::preset_names() {
        let rules = preset(name);
        for deal in 0..12 {
            let n = 2 + deal % 3;
            let mut deck: Vec<Card> = (0..52).collect();
            for i in 0..52 {
                let j = i + rng.below(52 - i);
                deck.swap(i, j);
            }
            let mut hands = Vec::new();
            for p in 0..n {
                let cards = &deck[13 * p..13 * p + 13];
                let hand = match rng.below(6) {
                    // random split: usually a foul
                    0 | 1 => PlayerHand::Setting(Setting::from_cards(cards).unwrap()),
                    2 if rules.surrender_allowed => PlayerHand::Surrender,
                    _ => {
                        let s = greedy(cards, &rules);
                        match find_natural_unchecked(s.cards(), &rules) {
                            Some(_) if rng.below(2) == 0 => PlayerHand::Natural(s),
                            _ => PlayerHand::Setting(s),
                        }
                    }
                };
                hands.push(hand);
            }
            let mut stakes = [[1i64; 4]; 4];
            for (i, j) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
                let s = 1 + rng.below(3) as i64;
                stakes[i][j] = s;
                stakes[j][i] = s;
            }
            let res = score_with_pot(&hands, &rules, Some(&stakes), 2).unwrap();
            let pot_change = res.pot.as_ref().map_or(0, |p| p.pot_out - p.pot_in);
            assert_eq!(
                res.totals.iter().sum::<i64>() + pot_change * res.denominator,
                0,
                "{name}"
            );
            for i in 0..n {
                for j in 0..n {
                    assert_eq!(res.matrix[i][j], -res.matrix[j][i], "{name}");
                    // R-FOUL-4: a fouled hand never receives anything from a legal one.
                    if matches!(res.players[i].status, Status::Fouled(_))
                        && matches!(res.players[j].status, Status::Played)
                    {
                        assert!(res.matrix[i][j] <= 0, "{name}: {i} fouled, {j} played");
                    }
                }
                if rules.topology != Topology::PotOnlyWinner {
                    assert_eq!(res.matrix[i].iter().sum::<i64>(), res.totals[i], "{name}");
                }
            }
        }
    }
}

/// The codes of a deal of set hands, player after player.
fn codes(hands: &[PlayerHand]) -> Vec<u8> {
    hands
        .iter()
        .flat_map(|h| match h {
            PlayerHand::Setting(s) => s.cards().to_vec(),
            _ => Vec::new(),
        })
        .collect()
}

#[test]
fn deal_scorer_on_the_worked_four_player_deal_rules_4_2() {
    let deal = codes(&four_players());
    let mut totals = [0i64; 4];
    let rules = per_row();
    let scorer = DealScorer::new(&rules).unwrap();
    assert_eq!(scorer.totals(&deal, &mut totals), Ok(1));
    assert_eq!(totals, [3, -5, 3, -1]);
    // cp_pro_1_6: N scoops E (+6), S beats N and E on two rows (+1 each);
    // W's back quads (table G: 4) replace the row unit against the other three.
    let rules = preset("cp_pro_1_6");
    let scorer = DealScorer::new(&rules).unwrap();
    assert_eq!(scorer.totals(&deal, &mut totals), Ok(1));
    assert_eq!(totals, [6 - 1 - 2, -6 - 1 - 4, 1 + 1 - 2, 2 + 4 + 2]);
}

#[test]
fn deal_scorer_errors_name_the_card() {
    let rules = preset("cp_pro_1_6");
    let scorer = DealScorer::new(&rules).unwrap();
    let good = codes(&four_players());
    let mut totals = [0i64; 4];
    let mut deal = good.clone();
    deal[1] = deal[0];
    assert!(matches!(
        scorer.totals(&deal, &mut totals),
        Err(Error::DuplicateCard {
            position: 1,
            first: 0,
            ..
        })
    ));
    let mut deal = good.clone();
    deal[13] = deal[0];
    let e = scorer.totals(&deal, &mut totals).unwrap_err();
    assert_eq!(
        e,
        Error::InvalidSetting(format!(
            "{} is held by players 0 and 1",
            format_card(deal[0], Style::Ascii)
        ))
    );
    let mut deal = good;
    deal[20] = 52;
    assert!(matches!(
        scorer.totals(&deal, &mut totals),
        Err(Error::CardCode {
            code: 52,
            position: 7
        })
    ));
    // A banker seat the deal does not have.
    let mut bank = preset("malay_banker");
    bank.banker = 3;
    let scorer = DealScorer::new(&bank).unwrap();
    let e = scorer.totals(&deal[..26], &mut totals[..2]);
    assert!(
        matches!(e, Err(Error::CardCode { .. })),
        "cards first, as score_batch did"
    );
    let two = codes(&four_players()[..2]);
    let e = scorer.totals(&two, &mut totals[..2]).unwrap_err();
    assert!(matches!(e, Error::Rules { option, .. } if option == "table.banker"));
    // Rules are valid by construction: a multiplier of 0 never reaches a scorer.
    assert!(Rules::plain().with("score.scoop_multiplier", "0").is_err());
}

fn shuffle(deck: &mut [Card], rng: &mut Rng) {
    for i in 0..deck.len() {
        let j = i + rng.below(deck.len() - i);
        deck.swap(i, j);
    }
}

/// A deal made to settle in every way: random splits (mostly fouls),
/// greedy sets (royalties), hands played against their copy with clubs
/// and diamonds, hearts and spades swapped (tied rows), one card of each
/// rank copied into every suit (dragons against dragons), decks ordered
/// by rank or by suit with a few cards swapped (quads, full houses,
/// flushes, naturals).
fn test_deal(rng: &mut Rng, n: usize, rules: &Rules) -> Vec<u8> {
    let set = |rng: &mut Rng, hand: &[Card]| -> [Card; 13] {
        let mut h = [0 as Card; 13];
        h.copy_from_slice(hand);
        if rng.below(4) == 0 {
            h
        } else {
            crate::search::greedy_setting(&h, rules.wheel)
        }
    };
    let mut deck: Vec<Card> = (0..52).collect();
    shuffle(&mut deck, rng);
    let kind = rng.below(6);
    if kind == 2 {
        // Players 0 and 2 take one card of each pair {4r, 4r + 1} or
        // {4r + 2, 4r + 3} they are given; players 1 and 3 hold the
        // copies of their settings with the suit's low bit flipped.
        let mut pairs: Vec<Card> = (0..26).collect();
        shuffle(&mut pairs, rng);
        let mut out = Vec::new();
        for half in pairs.chunks_exact(13).take(n.div_ceil(2)) {
            let hand: Vec<Card> = half.iter().map(|&p| 2 * p + rng.below(2) as u8).collect();
            let first = set(rng, &hand);
            out.extend(first);
            out.extend(first.map(|c| c ^ 1));
        }
        out.truncate(13 * n);
        return out;
    }
    if kind == 3 {
        // Player p holds player 0's setting of one card per rank with every suit moved up by p.
        let mut ranks: Vec<Card> = (0..13u8).map(|r| 4 * r + rng.below(4) as u8).collect();
        shuffle(&mut ranks, rng);
        let first = set(rng, &ranks);
        return (0..n as u8)
            .flat_map(|p| first.map(|c| 4 * (c / 4) + (c % 4 + p) % 4))
            .collect();
    }
    if kind >= 4 {
        // Ordered by a random rank order (kind 4) or by suit (kind 5), then a few swaps.
        let mut order: Vec<u8> = (0..13).collect();
        shuffle(&mut order, rng);
        let key = |c: Card| {
            if kind == 4 {
                order[(c / 4) as usize]
            } else {
                c % 4
            }
        };
        deck.sort_by_key(|&c| (key(c), c));
        for _ in 0..rng.below(6) {
            let (i, j) = (rng.below(52), rng.below(52));
            deck.swap(i, j);
        }
    }
    (0..n)
        .flat_map(|p| set(rng, &deck[13 * p..13 * p + 13]))
        .collect()
}

/// Rules to compare under: every preset, and presets with a few options
/// changed at random (only valid combinations).
fn rule_sets(rng: &mut Rng) -> Vec<Rules> {
    const CHANGES: &[(&str, &[&str])] = &[
        (
            "score.method",
            &[
                "per_row",
                "1-4",
                "1-6",
                "2-4",
                "2-6",
                "russian_match",
                "russian_table",
            ],
        ),
        (
            "score.overall_point_rule",
            &["wins_at_least_two", "net_positive"],
        ),
        ("score.scoop_multiplier", &["1", "2", "3"]),
        ("score.scoop_multiplier_all", &["1", "2"]),
        (
            "score.scoop_multiplier_scope",
            &["rows_only", "rows_and_royalties"],
        ),
        (
            "score.table_best_row_payer",
            &["each_opponent", "split_one_unit"],
        ),
        ("score.russian_table.scoop", &["6", "4"]),
        ("score.russian_match.points", &["1", "2"]),
        (
            "foul.penalty",
            &["scoop_equivalent", "fixed(6)", "fixed(0)"],
        ),
        (
            "table.topology",
            &["peer", "banker", "pot_per_row", "pot_only_winner"],
        ),
        ("table.banker", &["0", "1", "2", "3"]),
        ("banker.pusoy_payoff", &["true", "false"]),
        ("tie.banker_wins_ties", &["true", "false"]),
        ("pot.ante", &["1", "2"]),
        ("pot.carry_over", &["true", "false"]),
        (
            "royalty.table",
            &[
                "none",
                "A",
                "B",
                "G",
                "F",
                "ofc_main",
                "front.pair=1,back.flush=2",
            ],
        ),
        (
            "royalty.mode",
            &["replace_if_won", "extra_if_won", "extra_always"],
        ),
        ("royalty.cancel_when_both_qualify", &["true", "false"]),
        ("royalty.one_per_row", &["true", "false"]),
        ("royalty.from_dealt_cards", &["true", "false"]),
        ("royalty.declare_required", &["true", "false"]),
        ("royalty.middle_premium", &["0", "2"]),
        ("natural.declare", &["optional", "auto", "mandatory"]),
        (
            "natural.vs_natural",
            &[
                "winner_takes_own_value",
                "winner_takes_difference",
                "banker_pays_player",
                "push",
            ],
        ),
        ("natural.require_legal_setting", &["true", "false"]),
        (
            "natural.enabled",
            &[
                "none",
                "DRAGON,SIX_PAIRS,THREE_FLUSHES",
                "THREE_QUADS,FOUR_TRIPS,ALL_ONE_COLOUR,DRAGON_FLUSH,THREE_STRAIGHTS",
            ],
        ),
        ("tie.suit_order", &["none", "SHCD", "DCHS"]),
        ("tie.flush_suit_first", &["true", "false"]),
        ("tie.compare_depth", &["full", "top_card_only"]),
        ("order.mode", &["non_strict", "strict", "strict_front_only"]),
        ("order.cross_size_prefix", &["equal", "five_card_higher"]),
        ("order.same_category_ok", &["true", "false"]),
        ("rank.wheel", &["lowest", "second_highest"]),
    ];
    let names = Rules::preset_names();
    let mut out: Vec<Rules> = names.iter().map(|n| preset(n)).collect();
    // A banker seat that a two- or three-player deal does not have, so the
    // refusal is compared too whatever the random sets below draw.
    out.push(preset("malay_banker").with("table.banker", "3").unwrap());
    while out.len() < names.len() + 400 {
        let mut r = preset(names[rng.below(names.len())]);
        for _ in 0..1 + rng.below(4) {
            let (option, values) = CHANGES[rng.below(CHANGES.len())];
            r.set(option, values[rng.below(values.len())]).unwrap();
        }
        if r.validate().is_ok() {
            out.push(r);
        }
    }
    out
}

#[test]
fn deal_scorer_equals_score_for_every_preset_and_option() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let rule_sets = rule_sets(&mut rng);
    // How often each situation came up, so the comparison covers them.
    let (mut fouls, mut naturals, mut royalties, mut ties, mut errors) = (0, 0, 0, 0, 0);
    for (k, rules) in rule_sets.iter().enumerate() {
        let scorer = DealScorer::new(rules).unwrap();
        let deals = if k < Rules::preset_names().len() {
            300
        } else {
            40
        };
        for _ in 0..deals {
            let n = 2 + rng.below(3);
            let deal = test_deal(&mut rng, n, rules);
            let hands: Vec<PlayerHand> = deal
                .chunks(13)
                .map(|s| PlayerHand::Setting(Setting::from_cards(s).unwrap()))
                .collect();
            let mut totals = [0i64; 4];
            let fast = scorer.totals(&deal, &mut totals[..n]);
            let full = score(&hands, rules, None);
            let Ok(full) = full else {
                errors += 1;
                assert_eq!(fast, full.map(|r| r.denominator), "{rules:?}");
                continue;
            };
            assert_eq!(fast, Ok(full.denominator), "{rules:?}\n{deal:?}");
            assert_eq!(totals[..n], full.totals[..], "{rules:?}\n{deal:?}");
            // RULES §4: money only changes hands, except for a pot carried over.
            let sum: i64 = totals.iter().sum();
            if rules.topology == Topology::PotOnlyWinner {
                assert!(sum == 0 || sum == -rules.pot_ante * n as i64, "{sum}");
            } else {
                assert_eq!(sum, 0, "{rules:?}\n{deal:?}");
            }
            for p in &full.players {
                fouls += usize::from(matches!(p.status, Status::Fouled(_)));
                naturals += usize::from(matches!(p.status, Status::Natural(_)));
                royalties += usize::from(p.royalties.iter().any(|&r| r > 0));
            }
            ties += full.pairs.iter().filter(|p| p.rows.contains(&0)).count();
        }
    }
    // (the errors: a banker seat the deal does not have)
    let seen = [fouls, naturals, royalties, ties, errors];
    assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
}

/// Every amount at its limit, every multiplier and stake at its limit:
/// each topology and method settles without overflow and stays zero-sum
/// (a fuzzer found `i64` overflows here before the limits existed).
#[test]
fn amounts_at_their_limits_settle_without_overflow() {
    use crate::rules::{
        FoulPenalty, RoyaltyMode, ScoopScope, SurrenderCost, MAX_MULTIPLIER, MAX_POINTS,
    };
    let dragon = set("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ac");
    let hands = [
        PlayerHand::Natural(dragon),
        play("Kh Kd Kc / 2d 3h 4s 5c 7s / Ah Ad Qs Jh 9d"), // fouled
        play("2h 3s 4c / 6d 6h 6s 8c 8d / Th Td Ts Jc Js"),
        PlayerHand::Announced(set("5d 5h 2s / 7c 7h 8s 9c 9h / Qc Qd As 3c 4d")),
    ];
    let surrender = [hands[2].clone(), hands[3].clone(), PlayerHand::Surrender];
    // One player scoops two fouled ones: both scoop multipliers apply.
    let scoop_all = [
        hands[2].clone(),
        hands[1].clone(),
        play("Ac Ks Qh / 2c 3d 4h 5s 7d / 6c 8h 9s Tc Jd"),
    ];
    let mut settled = 0;
    let stakes = [[MAX_STAKE; 4]; 4];
    for method in ScoreMethod::ALL {
        for topology in [
            Topology::Peer,
            Topology::Banker,
            Topology::PotPerRow,
            Topology::PotOnlyWinner,
        ] {
            for (foul, surrender_cost) in [
                (FoulPenalty::ScoopEquivalent, SurrenderCost::AsLostTwoRows),
                (
                    FoulPenalty::Fixed(MAX_POINTS),
                    SurrenderCost::Fixed(MAX_POINTS),
                ),
            ] {
                let mut r = preset("cp_pro_1_6");
                r.method = *method;
                r.topology = topology;
                r.foul_penalty = foul;
                r.surrender_cost = surrender_cost;
                r.scoop_multiplier = MAX_MULTIPLIER;
                r.scoop_multiplier_all = MAX_MULTIPLIER;
                r.scoop_multiplier_scope = ScoopScope::RowsAndRoyalties;
                r.russian_table_scoop = MAX_POINTS;
                r.royalty_mode = RoyaltyMode::ExtraAlways;
                r.royalty_one_per_row = false;
                r.royalty_from_dealt_cards = true;
                r.royalty_middle_premium = MAX_POINTS;
                r.royalty_table.front_pair = [MAX_POINTS; 13];
                r.royalty_table.front_trips = [MAX_POINTS; 13];
                r.royalty_table.middle = [MAX_POINTS; 10];
                r.royalty_table.back = [MAX_POINTS; 10];
                r.pot_ante = MAX_POINTS;
                r.table_best_row_payer = TableBestRowPayer::SplitOneUnit;
                for entry in &mut r.naturals {
                    entry.1 = MAX_POINTS;
                }
                if r.validate().is_err() {
                    continue; // a contradictory combination (e.g. russian_table with a banker)
                }
                let what = format!("{method:?} {topology:?} {foul:?}");
                for table in [&hands[..], &surrender[..], &scoop_all[..]] {
                    settled += 1;
                    let res = score_with_pot(table, &r, Some(&stakes), MAX_POT).unwrap();
                    let pot = res.pot.as_ref().map_or(0, |p| p.pot_out - p.pot_in);
                    assert_eq!(
                        res.totals.iter().sum::<i64>() + pot * res.denominator,
                        0,
                        "{what}"
                    );
                }
            }
        }
    }
    assert!(settled >= 60, "only {settled} tables settled");
}

#[test]
fn amounts_beyond_their_limits_are_refused() {
    for (option, value) in [
        ("score.scoop_multiplier", "101"),
        ("score.scoop_multiplier_all", "9223372036854775807"),
        ("score.russian_table.scoop", "10001"),
        ("foul.penalty", "fixed(10001)"),
        ("surrender.cost", "10001"),
        ("royalty.middle_premium", "10001"),
        ("pot.ante", "10001"),
        ("natural.enabled", "DRAGON:9223372036854775807"),
    ] {
        let err = Rules::from_pairs(&[(option, value)]).unwrap_err();
        assert!(
            matches!(&err, Error::Rules { option: o, .. } if o == option),
            "{option}={value}: {err}"
        );
    }
    let mut r = Rules::plain();
    r.royalty_table.back[7] = 10_001;
    assert!(matches!(r.validate(), Err(Error::Rules { option, .. }) if option == "royalty.table"));
    let hands = [play(V5_A), play(V5_B)];
    let mut stakes = [[1i64; 4]; 4];
    stakes[0][1] = MAX_STAKE + 1;
    stakes[1][0] = MAX_STAKE + 1;
    assert!(score(&hands, &Rules::plain(), Some(&stakes)).is_err());
    assert!(score_with_pot(&hands, &Rules::plain(), None, MAX_POT + 1).is_err());
    assert!(score_with_pot(&hands, &Rules::plain(), None, MAX_POT).is_ok());
}

#[test]
fn seated_table_equals_score_for_every_preset_and_option() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let rule_sets = rule_sets(&mut rng);
    let (mut checked, mut naturals, mut fouls) = (0, 0, 0);
    for rules in &rule_sets {
        for _ in 0..20 {
            let n = 2 + rng.below(3);
            let deal = test_deal(&mut rng, n, rules);
            // Some players declare the natural they hold, as a solver would.
            let hands: Vec<PlayerHand> = deal
                .chunks(13)
                .map(|s| {
                    let setting = Setting::from_cards(s).unwrap();
                    let natural = find_natural_unchecked(setting.cards(), rules).is_some();
                    if natural && rng.below(2) == 0 {
                        PlayerHand::Natural(setting)
                    } else {
                        PlayerHand::Setting(setting)
                    }
                })
                .collect();
            let Ok(full) = score(&hands, rules, None) else {
                let judged: Result<Vec<Judged>, _> = (hands.iter().enumerate())
                    .map(|(i, h)| Judged::new(i, h, rules))
                    .collect();
                assert!(
                    Table::new(n, rules).is_err() || judged.is_err(),
                    "{rules:?}"
                );
                continue;
            };
            let mut table = Table::new(n, rules).unwrap();
            for (i, h) in hands.iter().enumerate() {
                table.seat(i, &Judged::new(i, h, rules).unwrap());
            }
            for seat in 0..n {
                let (total, denominator) = table.total(seat);
                assert_eq!(
                    (total, denominator),
                    (full.totals[seat], full.denominator),
                    "{rules:?}\n{deal:?}"
                );
            }
            checked += 1;
            for p in &full.players {
                fouls += usize::from(matches!(p.status, Status::Fouled(_)));
                naturals += usize::from(matches!(p.status, Status::Natural(_)));
            }
        }
    }
    assert!(
        checked > 1000 && fouls > 20 && naturals > 20,
        "{checked} {fouls} {naturals}"
    );
}
