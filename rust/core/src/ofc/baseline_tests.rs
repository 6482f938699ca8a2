//! Pins the moves and estimates of the baseline agent, recorded from the
//! agent as it stood before the current default was introduced: `baseline`
//! must keep playing exactly these.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::ofc::simulate::{simulate_ofc, OfcStrategy};
use crate::ofc::OfcRules;
use crate::parallel::Threads;

/// Plays deal `seed` of `preset` with the baseline agent at 24 rollouts;
/// one line per decision: the chosen move and its estimate (6 decimals).
fn baseline_transcript(preset: &str, players: usize, seed: u64) -> Vec<String> {
    let rules = OfcRules::preset(preset).unwrap();
    let mut g = OfcGame::new(rules, players, 0, seed, None).unwrap();
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(seat) = g.to_act() {
        let ranked = suggest_baseline(&g, seat, 24, seed * 100 + k).unwrap();
        out.push(format!("{} {:.6}", ranked[0].0.to_text(), ranked[0].1));
        g.play(seat, &ranked[0].0).unwrap();
        k += 1;
    }
    out
}

const PINEAPPLE_3P_SEED_11: [&str; 15] = [
    "Qh>front 5c>back Qc>front Kc>middle As>back -3.208333",
    "4c>back 2h>middle Td>middle 9c>back 7s>front 8.625000",
    "2c>front Th>back 2d>middle 6d>middle Tc>back 4.750000",
    "5s>back Ks>middle x2s 12.458333",
    "4s>back Kd>middle x6s -0.416667",
    "Qs>middle Jh>back x7c -8.125000",
    "8s>middle 9h>front x9d 21.916667",
    "6h>front Ah>middle x7h -5.708333",
    "3d>front 8h>middle xKh -6.958333",
    "Ac>back Ad>back x7d 33.250000",
    "4d>back Jd>front xJs -12.000000",
    "Jc>back 4h>front x3h -18.625000",
    "5h>middle Ts>middle xQd 34.958333",
    "8d>back 3s>middle x3c -16.541667",
    "8c>middle 5d>back x9s -20.000000",
];

const US_2P_SEED_12: [&str; 18] = [
    "6d>middle Jc>middle 5s>front Ah>back 2s>back 1.958333",
    "Ac>back 2d>middle Qd>middle 2c>back 3s>front 3.708333",
    "3c>back 1.416667",
    "7c>back 0.583333",
    "9c>middle 1.166667",
    "8h>middle 0.750000",
    "Jh>front -0.291667",
    "7s>middle 1.708333",
    "Jd>back -0.750000",
    "Ts>front 0.333333",
    "5h>middle -1.416667",
    "3d>back -0.333333",
    "9s>front 0.125000",
    "4c>front -0.958333",
    "Qs>middle 3.458333",
    "Ad>back 0.000000",
    "5c>back 0.000000",
    "4h>middle -1.000000",
];

#[test]
fn baseline_moves_are_unchanged() {
    assert_eq!(
        baseline_transcript("ofc_pineapple", 3, 11),
        PINEAPPLE_3P_SEED_11
    );
    assert_eq!(baseline_transcript("ofc_us", 2, 12), US_2P_SEED_12);
}

#[test]
fn baseline_strategy_is_unchanged() {
    let rules = OfcRules::preset("ofc_pineapple").unwrap();
    let b = OfcStrategy::parse("baseline").unwrap();
    let s = simulate_ofc(0, 3, &rules, &[b; 3], 5, Threads::Count(1)).unwrap();
    assert_eq!(s.decisions, 45);
    assert_eq!(s.points, vec![132, -528, 396]);
    assert_eq!(s.points_sq, vec![36144, 103680, 60336]);
    assert_eq!(s.fouls, vec![0, 1, 0]);
    assert_eq!(s.royalties, vec![11, 0, 16]);
    assert_eq!(s.fl_entries, vec![1, 0, 0]);
}
