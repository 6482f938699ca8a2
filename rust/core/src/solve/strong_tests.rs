//! Tests of `strong.rs`.

use super::*;
use crate::cards::deck::{deal_deck, splitmix64};
use crate::score::score;

fn hand(seed: u64, index: u64) -> [Card; 13] {
    let deck = deal_deck(seed, index);
    std::array::from_fn(|i| deck[i])
}

fn plain_2_4() -> Rules {
    Rules::preset("plain")
        .and_then(|r| r.with("score.method", "2-4"))
        .unwrap()
}

#[test]
fn strong_is_deterministic_whatever_the_thread_count() {
    let rules = plain_2_4();
    let model = Model::embedded().unwrap();
    let effort = Effort {
        samples: 256,
        seed: 7,
        ..Effort::default()
    };
    let mut raced = 0;
    for i in 0..6 {
        let h = hand(11, i);
        let a = solve_strong(&h, &rules, 1, model, effort, Threads::Count(1)).unwrap();
        for t in [2, 3] {
            let b = solve_strong(&h, &rules, 1, model, effort, Threads::Count(t)).unwrap();
            assert_eq!(a, b, "hand {i}, {t} threads");
        }
        raced += usize::from(a.samples > FIRST_ROUND);
    }
    // more than one round was run, so the drops between rounds were exercised
    assert!(raced > 0);
}

#[test]
fn time_budget_stops_the_race_after_one_block() {
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    let model = Model::embedded().unwrap();
    let effort = Effort {
        samples: 1_000_000,
        time_budget: Some(Duration::from_nanos(1)),
        ..Effort::default()
    };
    let s = solve_strong(&hand(3, 0), &rules, 3, model, effort, Threads::Count(1)).unwrap();
    assert_eq!(s.samples, BLOCK);
    assert!(s.candidates.iter().all(|c| c.samples == BLOCK));
}

#[test]
fn candidates_are_the_choice_then_the_rest_best_first() {
    let rules = plain_2_4();
    let model = Model::embedded().unwrap();
    let effort = Effort {
        samples: 256,
        candidates: 12,
        ..Effort::default()
    };
    let solver = Solver::new(&rules, 1, model).unwrap();
    for i in 0..8 {
        let h = hand(5, i);
        let s = solve_strong(&h, &rules, 1, model, effort, Threads::Count(1)).unwrap();
        let fast = solver.solve_top(&h, effort.candidates).unwrap();
        let c = &s.candidates;
        assert_eq!(c.len(), fast.candidates.len(), "hand {i}");
        assert_eq!((c[0].setting, c[0].ev, c[0].se), (s.setting, s.ev, s.se));
        assert!(c[1..].windows(2).all(|w| w[0].ev >= w[1].ev), "hand {i}");
        // the same settings as the fast solver's, each once, with its model points
        for (setting, ev) in &fast.candidates {
            let mine: Vec<&Candidate> = c.iter().filter(|x| x.setting == *setting).collect();
            assert_eq!(mine.len(), 1, "hand {i}");
            assert_eq!(mine[0].model_ev, *ev);
        }
        let incumbent = c.iter().find(|x| x.setting == fast.setting).unwrap();
        assert_eq!((incumbent.lead, incumbent.lead_se), (0.0, 0.0));
        assert_eq!(
            incumbent.samples, s.samples,
            "the incumbent never leaves the race"
        );
    }
}

#[test]
fn strong_never_fouls_when_a_legal_setting_exists() {
    let model = Model::embedded().unwrap();
    let effort = Effort {
        samples: 64,
        ..Effort::default()
    };
    for (preset, opponents) in [("plain", 1), ("cp_pro_1_6", 3), ("wiki_2_4", 2)] {
        let rules = Rules::preset(preset).unwrap();
        for i in 0..12 {
            let h = hand(17, i);
            let s = solve_strong(&h, &rules, opponents, model, effort, Threads::Count(1)).unwrap();
            if s.natural.is_none() {
                let setting = Setting::from_cards(&s.setting).unwrap();
                assert!(!setting.is_foul(&rules), "{preset} hand {i}");
                assert!(s
                    .candidates
                    .iter()
                    .all(|c| !Setting::from_cards(&c.setting).unwrap().is_foul(&rules)));
            }
        }
    }
}

#[test]
fn each_sample_is_scored_as_the_rules_score_the_deal() {
    // The race's fast settlement against an independent one: deal the
    // sample's opponents again and settle every candidate with `score`.
    for (preset, opponents) in [("plain", 1), ("cp_pro_1_6", 3), ("cp_pro_2_4", 2)] {
        let rules = Rules::preset(preset).unwrap();
        let model = Model::embedded().unwrap();
        let solver = Solver::new(&rules, opponents, model).unwrap();
        let h = hand(23, opponents as u64);
        let fast = solver.solve_top(&h, 8).unwrap();
        let cands: Vec<Setting> = fast
            .candidates
            .iter()
            .map(|c| Setting::from_cards(&c.0).unwrap())
            .collect();
        let judged: Vec<Judged> = cands
            .iter()
            .map(|s| Judged::new(0, &PlayerHand::Setting(*s), &rules).unwrap())
            .collect();
        let unseen: Vec<Card> = (0..52u8).filter(|c| !h.contains(c)).collect();
        let seats = Seats::new(&rules, opponents, model, false).unwrap();
        let ctx = Context {
            unseen: &unseen,
            judged: &judged,
            seats: &seats,
            rules: &rules,
            seed: 99,
        };
        let alive = vec![true; cands.len()];
        for s in 0..40u64 {
            let mut row = vec![f64::NAN; cands.len()];
            sample(&ctx, s, &alive, &mut row).unwrap();
            let mut deck = unseen.clone();
            SplitMix64::new(99 ^ s.wrapping_mul(0xA24B_AED4_963E_E407))
                .shuffle_prefix(&mut deck, 13 * opponents);
            let mut players = vec![PlayerHand::Surrender];
            for o in 0..opponents {
                let oh: [Card; 13] = std::array::from_fn(|i| deck[13 * o + i]);
                assert!(
                    oh.iter().all(|c| !h.contains(c)),
                    "dealt from the unseen cards"
                );
                let sol = solver.solve_top(&oh, 1).unwrap();
                let set = Setting::from_cards(&sol.setting).unwrap();
                players.push(if sol.natural.is_some() {
                    PlayerHand::Natural(set)
                } else {
                    PlayerHand::Setting(set)
                });
            }
            for (c, &x) in cands.iter().zip(&row) {
                players[0] = PlayerHand::Setting(*c);
                let r = score(&players, &rules, None).unwrap();
                assert_eq!(
                    x,
                    r.totals[0] as f64 / r.denominator as f64,
                    "{preset} sample {s}"
                );
            }
        }
    }
}

/// A tiny game whose expectations are known exactly: sample `s` meets one
/// of the population's opponents (chosen by a hash of `s`), and candidate
/// `j` scores `points[o][j]` against opponent `o`.
fn tiny_race(points: &[[f64; 4]], effort: Effort) -> (Vec<Candidate>, usize) {
    let race = run_race(4, effort, Threads::Count(2), |s, alive, out| {
        let mut state = s;
        let o = (splitmix64(&mut state) % points.len() as u64) as usize;
        for j in (0..4).filter(|&j| alive[j]) {
            out[j] = points[o][j];
        }
        Ok(())
    })
    .unwrap();
    let cands = (0..4)
        .map(|j| race.candidate(j, [j as u8; 13], 0.0))
        .collect();
    (cands, race.done)
}

#[test]
fn the_race_picks_the_exact_best_of_a_tiny_game() {
    // Columns: incumbent, a better challenger, the best one, a poor one.
    let points = [
        [1.0, 2.0, 2.0, -3.0],
        [-1.0, -1.0, 0.0, -2.0],
        [0.0, 1.0, 1.0, 0.0],
        [2.0, 1.0, 3.0, -1.0],
        [-2.0, -1.0, -2.0, -4.0],
        [0.0, 0.0, 1.0, 1.0],
        [3.0, 3.0, 3.0, -1.0],
    ];
    // The exact expectations, over the whole population.
    let exact: Vec<f64> = (0..4)
        .map(|j| points.iter().map(|p| p[j]).sum::<f64>() / points.len() as f64)
        .collect();
    let best = (0..4)
        .max_by(|&a, &b| exact[a].total_cmp(&exact[b]))
        .unwrap();
    assert_eq!(best, 2);
    let effort = Effort {
        samples: 4096,
        ..Effort::default()
    };
    let (cands, done) = tiny_race(&points, effort);
    assert_eq!(choose(&cands, done, effort.margin), best);
    assert!(cands[3].samples < done, "the poor one left the race");
    assert!(cands[1].samples < done, "the second best left too");
    for (c, e) in cands.iter().zip(&exact) {
        assert!((c.ev - e).abs() < 4.0 * c.se + 1e-12, "{} vs {e}", c.ev);
    }
}

#[test]
fn the_incumbent_stays_without_evidence() {
    // Challengers no better than the incumbent: equal on average (one
    // exactly, one by noise on every sample), or slightly worse.
    let points = [
        [1.0, 1.0, 2.0, 0.5],
        [-1.0, -1.0, -2.0, -1.0],
        [0.0, 0.0, 1.0, 0.0],
        [2.0, 2.0, 1.0, 2.0],
    ];
    let effort = Effort {
        samples: 2048,
        ..Effort::default()
    };
    let (cands, done) = tiny_race(&points, effort);
    assert_eq!(choose(&cands, done, effort.margin), 0);
    // A challenger that is better, on the other hand, is taken.
    let better: Vec<[f64; 4]> = points
        .iter()
        .map(|p| [p[0], p[1], p[2], p[3] + 0.5])
        .collect();
    let (cands, done) = tiny_race(&better, effort);
    assert_eq!(choose(&cands, done, effort.margin), 3);
}

#[test]
fn a_bad_effort_is_refused_with_its_reason() {
    let rules = plain_2_4();
    let model = Model::embedded().unwrap();
    let h = hand(1, 0);
    for (effort, word) in [
        (
            Effort {
                samples: 0,
                ..Effort::default()
            },
            "sample",
        ),
        (
            Effort {
                candidates: 0,
                ..Effort::default()
            },
            "candidate",
        ),
        (
            Effort {
                margin: f64::NAN,
                ..Effort::default()
            },
            "margin",
        ),
        (
            Effort {
                margin: -1.0,
                ..Effort::default()
            },
            "margin",
        ),
    ] {
        let e = solve_strong(&h, &rules, 1, model, effort, Threads::Count(1)).unwrap_err();
        assert!(e.to_string().contains(word), "{e}");
    }
}
