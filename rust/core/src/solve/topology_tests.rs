use super::*;
use crate::cards::deck::{new_deck, SplitMix64};
use crate::cards::Card;
use crate::score::{score, PlayerHand};
use crate::setting::Setting;
use crate::solve::Model;

#[test]
fn the_pot_share_matches_every_outcome_of_the_opponents() {
    // Brute force over the 3^n outcomes (above, tied, below) of n opponents.
    for n in 1..=3usize {
        for (below, tied) in [(0.5, 0.2), (0.9, 0.05), (0.0, 1.0), (0.3, 0.0)] {
            let above: f64 = 1.0 - below - tied;
            let mut expected = 0.0;
            for code in 0..3usize.pow(n as u32) {
                let outcome: Vec<usize> = (0..n).map(|i| code / 3usize.pow(i as u32) % 3).collect();
                let p: f64 = outcome.iter().map(|&o| [above, tied, below][o]).product();
                if outcome.contains(&0) {
                    continue;
                }
                let ties = outcome.iter().filter(|&&o| o == 1).count();
                expected += p / (1 + ties) as f64;
            }
            let got = best_share(n, below, tied);
            assert!(
                (got - expected).abs() < 1e-12,
                "n {n}: {got} against {expected}"
            );
        }
    }
}

/// Self-play of `deals` deals: every seat set by the fast solver for its own
/// seat; per seat, the mean predicted points and the mean points the scorer
/// paid, with the standard error of the difference.
fn self_play(rules: &Rules, players: usize, deals: usize) -> Vec<(f64, f64, f64)> {
    let model = Model::for_rules(rules, players).unwrap();
    let solvers: Vec<Solver> = (0..players)
        .map(|seat| {
            let banker = rules.topology == Topology::Banker && seat == rules.banker;
            Solver::for_seat(rules, players - 1, model, banker).unwrap()
        })
        .collect();
    let mut rng = SplitMix64::new(5);
    let mut deck = new_deck();
    let mut sums = vec![(0.0, 0.0, 0.0); players];
    for _ in 0..deals {
        rng.shuffle_prefix(&mut deck, 13 * players);
        let mut hands = Vec::new();
        let mut predicted = Vec::new();
        for (seat, solver) in solvers.iter().enumerate() {
            let hand: [Card; 13] = std::array::from_fn(|i| deck[13 * seat + i]);
            let s = solver.solve(&hand).unwrap();
            let setting = Setting::from_cards(&s.setting).unwrap();
            hands.push(if s.natural.is_some() {
                PlayerHand::Natural(setting)
            } else {
                PlayerHand::Setting(setting)
            });
            predicted.push(s.ev);
        }
        let result = score(&hands, rules, None).unwrap();
        for seat in 0..players {
            let real = result.totals[seat] as f64 / result.denominator as f64;
            let d = predicted[seat] - real;
            sums[seat].0 += predicted[seat];
            sums[seat].1 += real;
            sums[seat].2 += d * d;
        }
    }
    let m = deals as f64;
    sums.iter()
        .map(|&(p, r, dd)| {
            let (p, r) = (p / m, r / m);
            let var = dd / m - (p - r) * (p - r);
            (p, r, (var / m).sqrt())
        })
        .collect()
}

fn rules(preset: &str, pairs: &[(&str, &str)]) -> Rules {
    Rules::preset(preset).unwrap().with_pairs(pairs).unwrap()
}

#[test]
fn predicted_points_follow_what_the_table_pays() {
    // The scorer's points are the independent fact: per seat, the mean
    // prediction must be within 0.15 a hand of what was paid, give or take
    // two standard errors (the bank and the players priced apart under the
    // banker topology). Left out, because the shipped models were trained
    // under pairwise settlement and their row odds are off there: per-row pots
    // with three or more players, a pot without carry-over with four (over by
    // 0.15 to 0.35), and the Pusoy bank against three players (over by 0.2:
    // the bank's rows meet three hands set for pairwise play; docs/results.md).
    let cases = [
        (rules("pusoy_ph_banker", &[]), 2),
        (rules("hk_13zhang_banker", &[]), 2),
        (rules("hk_13zhang_banker", &[]), 4),
        (
            rules("hk_13zhang_banker", &[("tie.banker_wins_ties", "false")]),
            4,
        ),
        (
            rules(
                "hk_13zhang_banker",
                &[("tie.banker_wins_ties", "false"), ("natural.enabled", "")],
            ),
            4,
        ),
        (rules("pusoy_ph_pot", &[]), 3),
        (rules("pusoy_ph_pot", &[("pot.carry_over", "false")]), 2),
        (rules("plain", &[("table.topology", "pot_per_row")]), 2),
    ];
    for (r, players) in &cases {
        for (seat, (p, real, se)) in self_play(r, *players, 6000).into_iter().enumerate() {
            assert!(
                (p - real).abs() < 0.15 + 2.0 * se,
                "{players} players, seat {seat}: predicted {p:+.3}, paid {real:+.3} (± {se:.3})\n{r:?}",
            );
        }
    }
}
