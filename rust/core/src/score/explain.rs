//! The one-line English explanation of a settled pair.

use super::judge::Side;
use super::types::{PairKind, PairResult};
use crate::rules::{Rules, Topology};
use crate::setting::Row;

/// A player's name in the explanations: `P0` to `P3`.
pub(super) fn name(i: usize) -> String {
    format!("P{i}")
}

/// The one-line explanation of a settled pair; `ta`, `tb` are the
/// table-best rows of its players (0 unless both are in play under
/// russian_table).
pub(super) fn explain_pair(
    p: &PairResult,
    sides: &[Side],
    rules: &Rules,
    ta: i64,
    tb: i64,
    denominator: i64,
) -> String {
    let (a, b) = (p.a, p.b);
    let (na, nb) = (name(a), name(b));
    let mut text = match p.kind {
        PairKind::Natural => match (&sides[a], &sides[b]) {
            (Side::Natural(x), Side::Natural(y)) => format!(
                "{na} {} against {nb} {} ({})",
                x.kind.as_str(),
                y.kind.as_str(),
                rules.vs_natural.as_str()
            ),
            (Side::Natural(x), _) => {
                format!("{na} natural {} collects {}", x.kind.as_str(), x.value)
            }
            (_, Side::Natural(y)) => {
                format!("{nb} natural {} collects {}", y.kind.as_str(), y.value)
            }
            _ => String::new(),
        },
        PairKind::Surrender(s) if s == a => format!("{na} surrendered, pays {}", -p.special),
        PairKind::Surrender(_) => format!("{nb} surrendered, pays {}", p.special),
        PairKind::Foul(f) if f == b => format!(
            "{nb} fouled: {na} wins every row, {} plus royalties {}",
            p.base, p.royalty
        ),
        PairKind::Foul(_) => format!(
            "{na} fouled: {nb} wins every row, {} plus royalties {}",
            -p.base, -p.royalty
        ),
        PairKind::NoContest => format!("{na} and {nb}: no contest (fouled or surrendered)"),
        PairKind::Rows => {
            let mut text = Row::ALL
                .iter()
                .map(|&row| {
                    let who = match p.rows[row as usize] {
                        1 => na.as_str(),
                        -1 => nb.as_str(),
                        _ => "tie",
                    };
                    format!("{} {who}", row.name())
                })
                .collect::<Vec<_>>()
                .join(", ");
            if rules.pusoy_payoff {
                let banker = (rules.topology == Topology::Banker).then_some(rules.banker);
                let bet = if banker == Some(a) { -p.base } else { p.base };
                text.push_str(&format!("; pusoy bet {bet:+} to the player"));
            } else {
                if let Some(s) = p.scoop {
                    text.push_str(&format!("; scoop {}", name(s)));
                    if p.multiplier > 1 {
                        text.push_str(&format!(" ×{}", p.multiplier));
                    }
                }
                if p.royalty != 0 {
                    text.push_str(&format!("; royalties {:+} to {na}", p.royalty));
                }
            }
            text
        }
    };
    if ta + tb > 0 {
        text.push_str(&format!("; table-best rows {na} {ta}, {nb} {tb}"));
    }
    text.push_str(&format!("; {na} {:+}", p.points));
    if denominator > 1 {
        text.push_str(&format!("/{denominator}"));
    }
    text
}
