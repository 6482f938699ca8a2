//! The peer and banker topologies (RULES §4.5, §4.9): which pairs settle,
//! the home-run multiplier, the table-best rows of `russian_table`, and the
//! payment matrix. The banker is the peer table with only the banker's pairs.

use super::explain::explain_pair;
use super::judge::Side;
use super::pair::{row_results, settle_pair};
use super::types::{PairKind, PairResult, ScoreResult};
use crate::rules::{Rules, ScoreMethod, TableBestRowPayer, Topology};

/// Peer and banker settlement, with an explanation per pair.
pub(super) fn pairwise(
    sides: &[Side],
    rules: &Rules,
    stakes: Option<&[[i64; 4]; 4]>,
) -> ScoreResult {
    let n = sides.len();
    let mut matrix = [[0i64; 4]; 4];
    let mut settled = Vec::new();
    let denominator = settle_pairs(sides, rules, stakes, &mut matrix, |p, ta, tb| {
        settled.push((p.clone(), ta, tb));
    });
    let pairs = settled
        .into_iter()
        .map(|(mut p, ta, tb)| {
            p.explanation = explain_pair(&p, sides, rules, ta, tb, denominator);
            p
        })
        .collect();
    ScoreResult::from_matrix(&matrix, n, denominator, pairs, None)
}

/// Peer and banker settlement without text (RULES §4.3–§4.5, §4.9): adds
/// each settled pair's points to `matrix` (`matrix[i][j]` = what `i`
/// receives from `j`), hands the pair with its players' table-best row
/// counts to `each_pair`, and returns the denominator.
pub(super) fn settle_pairs(
    sides: &[Side],
    rules: &Rules,
    stakes: Option<&[[i64; 4]; 4]>,
    matrix: &mut [[i64; 4]; 4],
    mut each_pair: impl FnMut(&PairResult, i64, i64),
) -> i64 {
    let n = sides.len();
    let banker = (rules.topology == Topology::Banker).then_some(rules.banker);
    let settles = |i: usize, j: usize| banker.is_none_or(|b| i == b || j == b);
    let in_play = |s: &Side| matches!(s, Side::Played { .. } | Side::Fouled(_));
    // rows[i][j]: row results of i against j, for the pairs that settle
    // (the only ones russian_table compares too: it needs the peer topology).
    // A row comparison is antisymmetric, ties to the banker included, so
    // each pair is compared once.
    let mut rows = [[[0i8; 3]; 4]; 4];
    for i in 0..n {
        for j in i + 1..n {
            if settles(i, j) {
                let r = row_results(
                    &sides[i],
                    &sides[j],
                    banker == Some(i),
                    banker == Some(j),
                    rules,
                );
                rows[i][j] = r;
                rows[j][i] = r.map(|x| -x);
            }
        }
    }
    let scoops = |i: usize, j: usize| match (&sides[i], &sides[j]) {
        (Side::Played { .. }, Side::Played { .. }) => rows[i][j] == [1, 1, 1],
        (Side::Played { .. }, Side::Fouled(_)) => true,
        _ => false,
    };
    // "Home run" / "sập làng": scooping every opponent, at least two of them
    // (only looked at when it multiplies).
    let mut scooped_all = [false; 4];
    let home_run = rules.scoop_multiplier_all != 1;
    for (i, all) in scooped_all
        .iter_mut()
        .enumerate()
        .take(n)
        .filter(|_| home_run)
    {
        let mut opponents = 0;
        *all = true;
        for j in (0..n).filter(|&j| j != i && settles(i, j)) {
            opponents += 1;
            *all &= in_play(&sides[j]) && scoops(i, j);
        }
        *all &= opponents >= 2;
    }
    // Table-best rows (russian_table): every other in-play player beaten on that row.
    let russian_table = rules.method == ScoreMethod::RussianTable;
    let in_play_count = sides.iter().filter(|s| in_play(s)).count();
    let split = russian_table
        && rules.table_best_row_payer == TableBestRowPayer::SplitOneUnit
        && in_play_count > 2;
    let denominator: i64 = if split { 12 } else { 1 };
    let mut table_best = [0i64; 4];
    if russian_table && in_play_count >= 2 {
        for i in 0..n {
            if !matches!(sides[i], Side::Played { .. }) {
                continue;
            }
            table_best[i] = (0..3)
                .filter(|&k| {
                    (0..n)
                        .filter(|&j| j != i && in_play(&sides[j]))
                        .all(|j| matches!(sides[j], Side::Fouled(_)) || rows[i][j][k] == 1)
                })
                .count() as i64;
        }
    }
    let best_unit = if split {
        denominator / (in_play_count as i64 - 1)
    } else {
        1
    };
    for a in 0..n {
        for b in a + 1..n {
            if !settles(a, b) {
                continue;
            }
            let stake = stakes.map_or(1, |s| s[a][b]);
            let mut p = PairResult {
                a,
                b,
                kind: PairKind::Rows,
                rows: [0; 3],
                scoop: None,
                multiplier: 1,
                base: 0,
                royalty: 0,
                table_best: 0,
                special: 0,
                stake,
                points: 0,
                explanation: String::new(),
            };
            settle_pair(&mut p, sides, rules, &rows, &scooped_all, banker);
            let (mut ta, mut tb) = (0, 0);
            if russian_table && in_play(&sides[a]) && in_play(&sides[b]) {
                (ta, tb) = (table_best[a], table_best[b]);
                p.table_best = (ta - tb) * best_unit;
            }
            let units = (p.base + p.royalty + p.special) * denominator + p.table_best;
            p.points = units * stake;
            matrix[a][b] += p.points;
            matrix[b][a] -= p.points;
            each_pair(&p, ta, tb);
        }
    }
    denominator
}
