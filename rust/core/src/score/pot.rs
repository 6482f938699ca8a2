//! The pot topologies (RULES §4.10): `pot_per_row`, a pot per row for the
//! best row, and `pot_only_winner`, one pot for the player who beats every
//! other on two rows, carried over when nobody does.

use super::judge::Side;
use super::types::{PotResult, ScoreResult};
use crate::natural::compare_naturals;
use crate::rules::Rules;
use crate::setting::{compare_rows, Row};
use std::cmp::Ordering;

/// Is `a` ranked strictly above `b` for a pot? Naturals above settings (by
/// precedence and key); settings by row; fouled and surrendered hands never win.
fn pot_row_cmp(a: &Side, b: &Side, k: usize, rules: &Rules) -> Option<Ordering> {
    match (a, b) {
        (Side::Natural(x), Side::Natural(y)) => Some(compare_naturals(x, y)),
        (Side::Natural(_), _) => Some(Ordering::Greater),
        (_, Side::Natural(_)) => Some(Ordering::Less),
        (
            Side::Played {
                setting: sa,
                values: va,
                ..
            },
            Side::Played {
                setting: sb,
                values: vb,
                ..
            },
        ) => {
            let row = Row::ALL[k];
            Some(compare_rows(sa.row(row), va[k], sb.row(row), vb[k], rules))
        }
        _ => None,
    }
}

/// Can this hand take a pot (a played setting or a natural)?
#[inline]
fn can_win(s: &Side) -> bool {
    matches!(s, Side::Played { .. } | Side::Natural(_))
}

/// `pot_per_row` (RULES §4.10): each player antes `pot.ante` per row; the best
/// row takes that row's pot, tied best rows split it, a pot nobody can win
/// (everyone fouled or surrendered) is refunded.
pub(super) fn pot_per_row(sides: &[Side], rules: &Rules) -> ScoreResult {
    let n = sides.len();
    let mut matrix = [[0i64; 4]; 4];
    let (denominator, winners) = pot_per_row_amounts(sides, rules, &mut matrix);
    let row_winners = winners
        .iter()
        .map(|&w| (0..n).filter(|&i| w >> i & 1 == 1).collect())
        .collect();
    ScoreResult::from_matrix(
        &matrix,
        n,
        denominator,
        Vec::new(),
        Some(PotResult {
            row_winners,
            winner: None,
            pot_in: 0,
            pot_out: 0,
        }),
    )
}

/// The amounts of `pot_per_row` added to `matrix`; returns the denominator
/// and the winners of each row pot as a bit per seat.
pub(super) fn pot_per_row_amounts(
    sides: &[Side],
    rules: &Rules,
    matrix: &mut [[i64; 4]; 4],
) -> (i64, [u8; 3]) {
    let n = sides.len();
    let denominator = 12;
    let mut row_winners = [0u8; 3];
    for (k, winners) in row_winners.iter_mut().enumerate() {
        for i in 0..n {
            let best = can_win(&sides[i])
                && (0..n).all(|j| {
                    j == i
                        || !can_win(&sides[j])
                        || pot_row_cmp(&sides[i], &sides[j], k, rules) != Some(Ordering::Less)
                });
            *winners |= u8::from(best) << i;
        }
        if *winners != 0 {
            let share = rules.pot_ante * denominator / i64::from(winners.count_ones());
            // Every other player's ante goes to the winners in equal shares.
            for w in (0..n).filter(|&w| *winners >> w & 1 == 1) {
                for j in (0..n).filter(|&j| j != w) {
                    matrix[w][j] += share;
                    matrix[j][w] -= share;
                }
            }
        }
    }
    (denominator, row_winners)
}

/// Does `i` beat `j` on at least two rows (a natural beats any setting)?
fn beats_two(sides: &[Side], i: usize, j: usize, rules: &Rules) -> bool {
    match (&sides[i], &sides[j]) {
        (Side::Natural(x), Side::Natural(y)) => compare_naturals(x, y) == Ordering::Greater,
        (Side::Natural(_), _) => true,
        (Side::Played { .. }, Side::Played { .. }) => {
            (0..3)
                .filter(|&k| pot_row_cmp(&sides[i], &sides[j], k, rules) == Some(Ordering::Greater))
                .count()
                >= 2
        }
        (Side::Played { .. }, Side::Fouled(_) | Side::Surrendered) => true,
        _ => false,
    }
}

/// `pot_only_winner` (RULES §4.10): everybody antes `pot.ante`; the pot goes
/// to the player who beats every other player on two rows; otherwise it is
/// carried over (or refunded when `pot.carry_over = false`).
pub(super) fn pot_only_winner(sides: &[Side], rules: &Rules, pot_in: i64) -> ScoreResult {
    let n = sides.len();
    let mut matrix = [[0i64; 4]; 4];
    let mut totals = vec![0i64; n];
    let (winner, pot_out) = pot_only_winner_amounts(sides, rules, pot_in, &mut matrix, &mut totals);
    let pot = PotResult {
        row_winners: Vec::new(),
        winner,
        pot_in,
        pot_out,
    };
    // The totals carry the pot, so they are not the matrix's row sums.
    ScoreResult {
        totals,
        ..ScoreResult::from_matrix(&matrix, n, 1, Vec::new(), Some(pot))
    }
}

/// The amounts of `pot_only_winner`: the antes paid to the winner in
/// `matrix`, the net per player (the carried pot included) in `totals`;
/// returns the winner and the pot left for the next deal.
pub(super) fn pot_only_winner_amounts(
    sides: &[Side],
    rules: &Rules,
    pot_in: i64,
    matrix: &mut [[i64; 4]; 4],
    totals: &mut [i64],
) -> (Option<usize>, i64) {
    let n = sides.len();
    let ante = rules.pot_ante;
    let winner = (0..n).find(|&i| (0..n).all(|j| j == i || beats_two(sides, i, j, rules)));
    totals.iter_mut().for_each(|t| *t = 0);
    let pot_out;
    match winner {
        Some(w) => {
            for j in 0..n {
                if j != w {
                    matrix[w][j] = ante;
                    matrix[j][w] = -ante;
                    totals[j] = -ante;
                }
            }
            totals[w] = ante * (n as i64 - 1) + pot_in;
            pot_out = 0;
        }
        None if rules.pot_carry_over => {
            totals.iter_mut().for_each(|t| *t = -ante);
            pot_out = pot_in + ante * n as i64;
        }
        None => pot_out = pot_in,
    }
    (winner, pot_out)
}
