//! One pair's settlement: its row results, the method's points, royalties,
//! and what a foul, a surrender or a natural pays (RULES §4.3–§4.8, §5.1, §6.4).

use super::judge::Side;
use super::types::{PairKind, PairResult};
use crate::natural::{compare_naturals, Natural};
use crate::rules::{
    FoulPenalty, OverallPointRule, Rules, ScoopScope, ScoreMethod, SurrenderCost, VsNatural,
};
use crate::setting::{compare_rows, Row};
use std::cmp::Ordering;

/// Row results of `a` against `b` (+1/0/−1), ties to the banker when the rules say so.
#[inline]
pub(super) fn row_results(
    a: &Side,
    b: &Side,
    a_banker: bool,
    b_banker: bool,
    rules: &Rules,
) -> [i8; 3] {
    let (
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
    ) = (a, b)
    else {
        return [0; 3];
    };
    let mut r = [0i8; 3];
    for row in Row::ALL {
        let k = row as usize;
        r[k] = match compare_rows(sa.row(row), va[k], sb.row(row), vb[k], rules) {
            Ordering::Greater => 1,
            Ordering::Less => -1,
            Ordering::Equal if rules.banker_wins_ties && a_banker => 1,
            Ordering::Equal if rules.banker_wins_ties && b_banker => -1,
            Ordering::Equal => 0,
        };
    }
    r
}

/// The rows won and lost in row results `r`.
#[inline]
fn wins_losses(r: [i8; 3]) -> (i64, i64) {
    let w = r.iter().filter(|&&x| x > 0).count() as i64;
    let l = r.iter().filter(|&&x| x < 0).count() as i64;
    (w, l)
}

/// Row units plus the method's bonuses (RULES §4.3) for row results `r`.
#[inline]
pub(super) fn method_points(rules: &Rules, r: [i8; 3]) -> i64 {
    let (w, l) = wins_losses(r);
    let sum = w - l;
    let scoop = i64::from(w == 3) - i64::from(l == 3);
    let overall = match rules.overall_point_rule {
        OverallPointRule::WinsAtLeastTwo => i64::from(w >= 2) - i64::from(l >= 2),
        OverallPointRule::NetPositive => sum.signum(),
    };
    sum + match rules.method {
        ScoreMethod::PerRow => 0,
        ScoreMethod::OneFour => scoop,
        ScoreMethod::OneSix => 3 * scoop,
        ScoreMethod::TwoFour => overall,
        ScoreMethod::TwoSix => overall + 2 * scoop,
        ScoreMethod::RussianMatch if rules.russian_match_points == 1 => 3 * scoop,
        ScoreMethod::RussianMatch => overall + 2 * scoop,
        // russian_table pays match points, not row units (see `russian_match_points`).
        ScoreMethod::RussianTable => {
            let pts = |won: i64| match won {
                3 => rules.russian_table_scoop,
                2 => 2,
                _ => 0,
            };
            return pts(w) - pts(l);
        }
    }
}

/// Royalties to `a` for row results `r` under `royalty.mode` (RULES §5.1).
fn royalty_points(rules: &Rules, r: [i8; 3], ra: [i64; 3], rb: [i64; 3]) -> i64 {
    use crate::rules::RoyaltyMode::*;
    if ra == [0; 3] && rb == [0; 3] {
        // most pairs: every mode pays nothing
        return 0;
    }
    let mut total = 0;
    for k in 0..3 {
        if rules.royalty_cancel_when_both_qualify && ra[k] > 0 && rb[k] > 0 {
            continue;
        }
        total += match (rules.royalty_mode, r[k]) {
            // the row unit is already counted: the royalty replaces it
            (ReplaceIfWon, 1) if ra[k] > 0 => ra[k] - 1,
            (ReplaceIfWon, -1) if rb[k] > 0 => -(rb[k] - 1),
            (ExtraIfWon, 1) => ra[k],
            (ExtraIfWon, -1) => -rb[k],
            (ExtraAlways, _) => ra[k] - rb[k],
            _ => 0,
        };
    }
    total
}

/// What a surrender pays each opponent in play (RULES §4.8, R-SCORE-6).
fn surrender_cost(rules: &Rules) -> i64 {
    match rules.surrender_cost {
        SurrenderCost::Fixed(n) => n,
        SurrenderCost::MethodBased => {
            let one_six = rules.method == ScoreMethod::OneSix
                || (rules.method == ScoreMethod::RussianMatch && rules.russian_match_points == 1);
            if one_six {
                3
            } else {
                2
            }
        }
        SurrenderCost::AsLostTwoRows if rules.pusoy_payoff => 1,
        SurrenderCost::AsLostTwoRows => -method_points(rules, [1, -1, -1]),
    }
}

/// What `a`'s natural collects from `b`'s natural under `natural.vs_natural` (RULES §6.4).
fn natural_vs_natural(
    rules: &Rules,
    na: &Natural,
    nb: &Natural,
    a_banker: bool,
    b_banker: bool,
) -> i64 {
    let ord = compare_naturals(na, nb);
    match rules.vs_natural {
        VsNatural::Push => 0,
        VsNatural::BankerPaysPlayer if a_banker => -nb.value,
        VsNatural::BankerPaysPlayer if b_banker => na.value,
        VsNatural::WinnerTakesDifference => match ord {
            Ordering::Greater => (na.value - nb.value).max(0),
            Ordering::Less => -(nb.value - na.value).max(0),
            Ordering::Equal => 0,
        },
        _ => match ord {
            Ordering::Greater => na.value,
            Ordering::Less => -nb.value,
            Ordering::Equal => 0,
        },
    }
}

/// Fills the kind, rows, scoop and base/royalty/special fields of one pair
/// (before stakes and denominator).
pub(super) fn settle_pair(
    p: &mut PairResult,
    sides: &[Side],
    rules: &Rules,
    rows: &[[[i8; 3]; 4]; 4],
    scooped_all: &[bool; 4],
    banker: Option<usize>,
) {
    let (a, b) = (p.a, p.b);
    let russian_table = rules.method == ScoreMethod::RussianTable;
    // Multiplier for a scoop by `w` (RULES §4.4).
    let mult = |w: usize| {
        rules.scoop_multiplier
            * if scooped_all[w] {
                rules.scoop_multiplier_all
            } else {
                1
            }
    };
    // What a legal `w` collects from a fouled opponent (R-SCORE-4, R-OFC-4).
    let foul_gain = |w: usize| -> (i64, i64, i64) {
        let (roy, dealt) = match &sides[w] {
            Side::Played {
                royalties, dealt, ..
            } => (*royalties, *dealt),
            _ => ([0; 3], 0),
        };
        let royalty = royalty_points(rules, [1, 1, 1], roy, [0; 3]);
        if rules.pusoy_payoff {
            return (2, 0, 1);
        }
        match rules.foul_penalty {
            FoulPenalty::Fixed(n) => (n, royalty + dealt, 1),
            FoulPenalty::ScoopEquivalent if russian_table => {
                (rules.russian_table_scoop, royalty + dealt, 1)
            }
            FoulPenalty::ScoopEquivalent => {
                let m = mult(w);
                let scoped = if rules.scoop_multiplier_scope == ScoopScope::RowsAndRoyalties {
                    royalty * m
                } else {
                    royalty
                };
                (method_points(rules, [1, 1, 1]) * m, scoped + dealt, m)
            }
        }
    };
    match (&sides[a], &sides[b]) {
        (Side::Natural(x), Side::Natural(y)) => {
            p.kind = PairKind::Natural;
            p.special = natural_vs_natural(rules, x, y, banker == Some(a), banker == Some(b));
        }
        (Side::Natural(x), _) => {
            p.kind = PairKind::Natural;
            p.special = x.value;
        }
        (_, Side::Natural(y)) => {
            p.kind = PairKind::Natural;
            p.special = -y.value;
        }
        (Side::Surrendered, Side::Played { .. }) => {
            p.kind = PairKind::Surrender(a);
            p.special = -surrender_cost(rules);
        }
        (Side::Played { .. }, Side::Surrendered) => {
            p.kind = PairKind::Surrender(b);
            p.special = surrender_cost(rules);
        }
        (Side::Played { .. }, Side::Fouled(_)) => {
            let (base, royalty, m) = foul_gain(a);
            p.kind = PairKind::Foul(b);
            p.rows = [1, 1, 1];
            p.scoop = Some(a);
            (p.base, p.royalty, p.multiplier) = (base, royalty, m);
        }
        (Side::Fouled(_), Side::Played { .. }) => {
            let (base, royalty, m) = foul_gain(b);
            p.kind = PairKind::Foul(a);
            p.rows = [-1, -1, -1];
            p.scoop = Some(b);
            (p.base, p.royalty, p.multiplier) = (-base, -royalty, m);
        }
        (
            Side::Played {
                royalties: ra,
                dealt: da,
                ..
            },
            Side::Played {
                royalties: rb,
                dealt: db,
                ..
            },
        ) => {
            let r = rows[a][b];
            p.rows = r;
            let (w, l) = wins_losses(r);
            if rules.pusoy_payoff {
                // Bet from the player's side (RULES §4.9): 3 rows +2, 2 rows +1, 1 row −1, none −2.
                let player_wins = if banker == Some(a) { l } else { w };
                let bet = [-2, -1, 1, 2][player_wins as usize];
                p.base = if banker == Some(a) { -bet } else { bet };
                return;
            }
            let m = if w == 3 {
                p.scoop = Some(a);
                mult(a)
            } else if l == 3 {
                p.scoop = Some(b);
                mult(b)
            } else {
                1
            };
            p.multiplier = m;
            let royalty = royalty_points(rules, r, *ra, *rb);
            let royalty = if rules.scoop_multiplier_scope == ScoopScope::RowsAndRoyalties {
                royalty * m
            } else {
                royalty
            };
            p.base = method_points(rules, r) * m;
            p.royalty = royalty + da - db;
        }
        _ => p.kind = PairKind::NoContest,
    }
}
