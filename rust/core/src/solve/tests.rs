use super::bound::*;
use super::model::*;
use super::monotone::DEFECT_FLOOR;
use super::pricing::*;
use super::solver::*;
use super::stat_cache::*;
use super::*;
use crate::cards::deck::deal_cards;
use crate::cards::Card;
use crate::error::Error;
use crate::eval::evaluator;
use crate::eval::Wheel;
use crate::natural::NaturalKind;
use crate::parallel::Threads;
use crate::rules::Rules;
use crate::search::{HandSubsets, SettingIdx};
use crate::setting::order_check;

/// `n` seeded 13-card hands (the play tests draw theirs here too).
pub(crate) fn hands(n: usize, seed: u64) -> Vec<[Card; 13]> {
    (0..n)
        .map(|i| deal_cards(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
        .collect()
}

/// A setting's row values under `wheel`.
pub(crate) fn values(s: &[Card; 13], wheel: Wheel) -> [u32; 3] {
    let e = evaluator(wheel);
    [
        e.value3([s[0], s[1], s[2]]),
        e.value5([s[3], s[4], s[5], s[6], s[7]]),
        e.value5([s[8], s[9], s[10], s[11], s[12]]),
    ]
}

fn same_cards(a: &[Card; 13], b: &[Card; 13]) -> bool {
    let (mut x, mut y) = (*a, *b);
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

#[test]
fn never_fouls_and_stays_on_the_frontier() {
    let model = Model::embedded().unwrap();
    for preset in ["cp_pro_1_6", "wiki_2_4", "pagat_classic"] {
        let mut rules = Rules::preset(preset).unwrap();
        // Naturals off, so every answer is a played setting to check.
        rules.naturals.clear();
        let solver = Solver::new(&rules, 3, model).unwrap();
        for hand in hands(200, 0xF00D) {
            let s = solver.solve(&hand).unwrap();
            assert!(same_cards(&s.setting, &hand));
            let subsets = HandSubsets::new(&hand, rules.wheel);
            let frontier = solver.frontier(&subsets);
            if s.fouled {
                assert!(frontier.is_empty(), "{preset}: fouled with a legal setting");
                continue;
            }
            let v = values(&s.setting, rules.wheel);
            assert_eq!(order_check(v, &rules), None, "{preset} {hand:?}");
            assert!(
                frontier.iter().any(|(_, fv)| *fv == v),
                "{preset} off frontier"
            );
            let best = frontier
                .iter()
                .map(|(_, fv)| solver.expected_points(*fv))
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(s.ev, best);
            assert!(s.candidates.windows(2).all(|w| w[0].1 >= w[1].1));
        }
    }
}

#[test]
fn branch_and_bound_equals_the_full_frontier() {
    let model = Model::embedded().unwrap();
    let independent = model.with_independent_rows();
    let presets = [
        "cp_pro_1_6",
        "cp_pro_2_4",
        "wiki_2_4",
        "pagat_classic",
        "mau_binh_modern",
        "ofc_ru_main",
    ];
    for (p, preset) in presets.into_iter().enumerate() {
        let rules = Rules::preset(preset).unwrap();
        for (opponents, m) in [(3, model), (1, model), (2, &independent)] {
            let solver = Solver::new(&rules, opponents, m).unwrap();
            assert!(solver.monotone, "{preset}: no branch and bound");
            let n = if opponents == 3 { 2000 } else { 300 };
            for hand in hands(n, 0xB0B + p as u64 + 10 * opponents as u64) {
                let full = solver.solve_with(&hand, false, TOP_CANDIDATES).unwrap();
                let fast = solver.solve_with(&hand, true, TOP_CANDIDATES).unwrap();
                assert_eq!(fast, full, "{preset} {opponents} {hand:?}");
                // The best alone, with the search stopping sooner.
                let one = solver.solve_with(&hand, true, 1).unwrap();
                assert_eq!(
                    one.candidates[..],
                    full.candidates[..1],
                    "{preset} {hand:?}"
                );
                assert_eq!((one.setting, one.ev), (full.setting, full.ev));
            }
        }
    }
}

#[test]
fn the_known_floor_is_exact_and_so_is_its_fallback() {
    let model = Model::embedded().unwrap();
    let mut known = 0;
    for (p, preset) in ["cp_pro_1_6", "wiki_2_4"].into_iter().enumerate() {
        let rules = Rules::preset(preset).unwrap();
        for opponents in [1, 3] {
            let solver = Solver::new(&rules, opponents, model).unwrap();
            for hand in hands(300, 0xF1008 + p as u64 + 10 * opponents as u64) {
                let subsets = HandSubsets::new(&hand, rules.wheel);
                let full = solver.ranked(&subsets, false, 1);
                // The sweep reports a setting (almost always), which no
                // frontier setting falls below here (no fallback needed).
                let (best, floor) = solver.best_k(&subsets, true, 1, Some(0.0));
                known += usize::from(floor.is_finite());
                assert!(floor <= full[0].2, "{preset} {hand:?}");
                assert!(best.iter().any(|x| x.2 >= floor));
                // A floor above every setting is caught and the sweep
                // redone without it; one far below changes nothing.
                for margin in [1e3, 0.0, -1e3] {
                    let got = solver.ranked_with(&subsets, true, 1, margin);
                    assert_eq!(got, full, "{preset} {margin} {hand:?}");
                }
                // Several candidates take no floor.
                assert_eq!(
                    solver.best_k(&subsets, true, 2, Some(0.0)).1,
                    f64::NEG_INFINITY
                );
            }
        }
    }
    assert!(known > 1140, "{known} of 1,200 hands with a floor");
}

/// A scan of a model's joint law 4 times finer along each axis than
/// [`Model::monotone_defect`]'s (513 points) and as fine across (33).
pub(crate) fn fine_defect(m: &Model) -> f64 {
    m.scan_defect(32, 512)
}

#[test]
fn scoop_terms_are_nearly_monotone() {
    // The branch and bound needs P(we win all rows) to rise and P(the
    // opponent wins all rows) to fall as any row's chances rise, up to the
    // model's defect along each axis (the interpolated grid is not an exact
    // distribution function). The generic model keeps well inside the floor
    // its answers were checked with.
    let m = Model::embedded().unwrap();
    let worst = fine_defect(m);
    println!("copula monotonicity defect along an axis: {worst:.2e}");
    assert!(worst <= DEFECT_FLOOR / 2.0, "{worst}");
    assert_eq!(m.monotone_defect(), DEFECT_FLOOR);
    assert_eq!(m.with_independent_rows().scan_defect(4, 4), 0.0);
}

#[test]
fn strict_order_without_a_legal_setting_is_reported() {
    // Four of each of 2, 3, 4 and an ace: under strict order the rows
    // cannot all differ... unless they can; check against the frontier.
    let rules = Rules::preset("pagat_classic").unwrap();
    let solver = Solver::new(&rules, 1, Model::embedded().unwrap()).unwrap();
    let hand: [Card; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 48];
    let s = solver.solve(&hand).unwrap();
    let frontier = solver.frontier(&HandSubsets::new(&hand, rules.wheel));
    assert_eq!(s.fouled, frontier.is_empty() && s.natural.is_none());
}

#[test]
fn batch_equals_single_and_threads_agree() {
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    let model = Model::embedded().unwrap();
    let solver = Solver::new(&rules, 3, model).unwrap();
    let pool = hands(300, 77);
    let flat: Vec<u8> = pool.iter().flatten().copied().collect();
    let mut runs = Vec::new();
    for t in [Threads::Count(1), Threads::Count(2)] {
        let mut settings = vec![0u8; flat.len()];
        let mut ev = vec![0f64; pool.len()];
        solve_rows(&flat, &solver, t, &mut settings, &mut ev).unwrap();
        runs.push((settings, ev));
    }
    assert_eq!(runs[0], runs[1]);
    for (i, hand) in pool.iter().enumerate() {
        let s = solve(hand, &rules, 3, model).unwrap();
        assert_eq!(&runs[0].0[13 * i..13 * i + 13], &s.setting);
        assert_eq!(runs[0].1[i], s.ev);
    }
    let mut bad = flat.clone();
    bad[13 * 5 + 2] = bad[13 * 5];
    let mut settings = vec![0u8; flat.len()];
    let mut ev = vec![0f64; pool.len()];
    let err = solve_rows(&bad, &solver, Threads::Count(2), &mut settings, &mut ev);
    assert!(matches!(err, Err(Error::BatchRow { row: 5, .. })));
    assert!(matches!(
        solve_rows(&flat[..20], &solver, Threads::Auto, &mut settings, &mut ev),
        Err(Error::Array(_))
    ));
}

#[test]
fn naturals_are_declared_when_worth_it() {
    let model = Model::embedded().unwrap();
    let dragon: [Card; 13] = std::array::from_fn(|r| 4 * r as Card + (r as Card % 2));
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    let s = solve(&dragon, &rules, 3, model).unwrap();
    assert_eq!(
        s.natural.as_ref().map(|n| n.kind),
        Some(NaturalKind::Dragon)
    );
    assert_eq!(s.ev, 39.0);
    assert!(same_cards(&s.setting, &dragon));
    let mut plain = rules.clone();
    plain.naturals.clear();
    let s = solve(&dragon, &plain, 3, model).unwrap();
    assert!(s.natural.is_none() && !s.fouled);
    assert!(s.ev < 39.0);
    // Mandatory declaration (wiki presets) claims even a cheap natural.
    let wiki = Rules::preset("wiki_2_4").unwrap();
    let pairs: [Card; 13] = [0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 50];
    let s = solve(&pairs, &wiki, 1, model).unwrap();
    assert_eq!(s.natural.map(|n| n.kind), Some(NaturalKind::SixPairs));
}

#[test]
fn the_top_k_kept_is_the_sorted_head() {
    // Bound::offer against sorting everything: equal points (ties go
    // to the stronger key) and every K from 1 to past the count.
    let model = Model::embedded().unwrap();
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    let solver = Solver::new(&rules, 3, model).unwrap();
    let mut state = 0x0FFE_u64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as u32
    };
    for round in 0..200 {
        let n = (round % 40) as usize;
        let all: Vec<Priced> = (0..n)
            .map(|i| {
                let s = SettingIdx {
                    front: i as u16,
                    middle: 0,
                    back: 0,
                };
                (
                    s,
                    (next() % 7, next() % 7, i as u32),
                    f64::from(next() % 5) - 2.0,
                )
            })
            .collect();
        let mut sorted = all.clone();
        sorted.sort_by(ranking);
        // The ranking itself, spelled out: more points first, then the
        // stronger key (back, middle, front).
        for w in sorted.windows(2) {
            assert!(w[0].2 > w[1].2 || (w[0].2 == w[1].2 && w[0].1 > w[1].1));
        }
        for k in 1..n + 2 {
            let mut ctl = Bound {
                solver: &solver,
                stats: StatCache::take(&solver),
                k,
                best: Vec::new(),
                announced: u32::MAX,
                groups: 0,
                last_kth: f64::NEG_INFINITY,
                corners: Vec::new(),
                open_corner: None,
                floor: f64::NEG_INFINITY,
                floor_margin: None,
            };
            for &p in &all {
                ctl.offer(p);
            }
            assert_eq!(ctl.best, sorted[..k.min(n)], "{round} {k}");
            let kth = if k <= n {
                sorted[k - 1].2
            } else {
                f64::NEG_INFINITY
            };
            assert_eq!(ctl.kth(), kth);
            ctl.stats.give_back();
        }
    }
}

#[test]
fn solutions_are_deterministic() {
    let rules = Rules::preset("wiki_2_4").unwrap();
    let model = Model::embedded().unwrap();
    for hand in hands(20, 9) {
        assert_eq!(
            solve(&hand, &rules, 2, model).unwrap(),
            solve(&hand, &rules, 2, model).unwrap()
        );
    }
    assert!(solve(&[0; 13], &rules, 2, model).is_err());
    assert!(Solver::new(&rules, 4, model).is_err());
}

#[test]
fn solvers_sharing_a_thread_do_not_share_row_stats() {
    // Each thread keeps one row-stat cache for every solver it runs:
    // interleaving solvers of different rules (royalties, methods, table
    // sizes) must give what each gives alone on a fresh thread.
    let model = Model::embedded().unwrap();
    let presets = ["cp_pro_1_6", "wiki_2_4", "capsa_susun_online"];
    let rules: Vec<Rules> = presets.iter().map(|p| Rules::preset(p).unwrap()).collect();
    let hs = hands(40, 31);
    let alone: Vec<Vec<Solution>> = std::thread::scope(|sc| {
        let runs: Vec<_> = rules
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let hs = &hs;
                sc.spawn(move || {
                    let solver = Solver::new(r, 1 + i, model).unwrap();
                    hs.iter().map(|h| solver.solve(h).unwrap()).collect()
                })
            })
            .collect();
        runs.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let solvers: Vec<Solver> = rules
        .iter()
        .enumerate()
        .map(|(i, r)| Solver::new(r, 1 + i, model).unwrap())
        .collect();
    for (j, h) in hs.iter().enumerate() {
        for (i, solver) in solvers.iter().enumerate() {
            assert_eq!(
                solver.solve(h).unwrap(),
                alone[i][j],
                "{} hand {j}",
                presets[i]
            );
        }
    }
    // Slots keep the low 16 bits of a solver's id: a solver whose id
    // shares them with another's must not read its entries.
    let mut twin = Solver::new(&rules[1], 2, model).unwrap();
    twin.id = solvers[0].id + (1 << 16);
    for (j, h) in hs.iter().enumerate() {
        assert_eq!(solvers[0].solve(h).unwrap(), alone[0][j], "hand {j}");
        assert_eq!(twin.solve(h).unwrap(), alone[1][j], "twin, hand {j}");
    }
}

#[test]
fn embedded_model_is_sane() {
    let m = Model::embedded().unwrap();
    assert!(m.samples > 10_000);
    assert!(m.scoop_rate > 0.01 && m.scoop_rate < 0.5);
    for k in 0..3 {
        let r = m.row(k);
        assert!((0..r.len()).all(|o| r.below(o) <= r.upto(o)));
        assert!((r.upto(r.len() - 1) - 1.0).abs() < 1e-9);
    }
    // Monotone in every argument, a probability, and positively
    // correlated rows (a strong hand tends to be strong in every row).
    let g = |i: usize| i as f64 / 8.0;
    for i in 0..8 {
        for j in 0..8 {
            for k in 0..8 {
                let c = m.joint(g(i), g(j), g(k));
                assert!((0.0..=1.0 + 1e-6).contains(&c));
                assert!(m.joint(g(i + 1), g(j), g(k)) >= c - 1e-9);
                assert!(m.joint(g(i), g(j + 1), g(k)) >= c - 1e-9);
                assert!(m.joint(g(i), g(j), g(k + 1)) >= c - 1e-9);
            }
        }
    }
    println!(
        "copula C(.5,.5,.5) = {:.4}, C(.9,.9,.9) = {:.4} (independent: .125, .729)",
        m.joint(0.5, 0.5, 0.5),
        m.joint(0.9, 0.9, 0.9)
    );
}
