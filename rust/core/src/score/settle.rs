//! The entry points of a full settlement: check the deal (players, stakes,
//! pot, one pack), judge each hand, then settle by the rules' topology.

use super::judge::judge;
use super::limits::{check_players, MAX_POT, MAX_STAKE};
use super::pairwise::pairwise;
use super::pot::{pot_only_winner, pot_per_row};
use super::types::{PlayerHand, ScoreResult};
use crate::cards::{format_card, Style};
use crate::error::{Error, Result};
use crate::rules::{Rules, Topology};

/// Settles a deal with no carried pot. See [`score_with_pot`].
///
/// ```
/// use chinese_poker_core::{notation::Notation, rules::Rules, score::{score, PlayerHand}, setting::Setting};
/// let p = |s: &str| PlayerHand::Setting(Setting::parse(s, Notation::Intl).unwrap());
/// let a = p("As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc");
/// let b = p("Ac Ah Ts / Qc Qs Jc Jh 3d / 2s 3s 4h 5c 6h");
/// let r = score(&[a, b], &Rules::preset("cp_pro_1_6").unwrap(), None).unwrap();
/// assert_eq!(r.totals, vec![-1, 1]);
/// ```
pub fn score(
    players: &[PlayerHand],
    rules: &Rules,
    stakes: Option<&[[i64; 4]; 4]>,
) -> Result<ScoreResult> {
    score_with_pot(players, rules, stakes, 0)
}

/// A deal the rules cannot score.
fn invalid(msg: String) -> Error {
    Error::InvalidSetting(msg)
}

/// The banker's seat is not at this table.
fn banker_seat_error(rules: &Rules, n: usize) -> Error {
    Error::Rules {
        option: "table.banker".into(),
        reason: format!("seat {} does not exist with {n} players", rules.banker),
    }
}

/// Settles a deal. `stakes[i][j]` (symmetric, 0 to [`MAX_STAKE`]) multiplies the pair
/// `(i, j)`; `None` = 1 everywhere (stakes do not apply to the pot
/// topologies). `pot_in` is the pot carried from earlier deals under
/// `pot_only_winner` (ignored otherwise).
pub fn score_with_pot(
    players: &[PlayerHand],
    rules: &Rules,
    stakes: Option<&[[i64; 4]; 4]>,
    pot_in: i64,
) -> Result<ScoreResult> {
    let n = players.len();
    check_players(n)?;
    if rules.topology == Topology::Banker && rules.banker >= n {
        return Err(banker_seat_error(rules, n));
    }
    if !(0..=MAX_POT).contains(&pot_in) {
        return Err(invalid(format!(
            "the carried pot is {pot_in}; it must be 0 to {MAX_POT} units"
        )));
    }
    if let Some(st) = stakes {
        // Only the seats in play matter; a pair settles at one stake.
        let bad = (0..n)
            .flat_map(|i| (0..n).map(move |j| (i, j)))
            .find(|&(i, j)| !(0..=MAX_STAKE).contains(&st[i][j]) || st[i][j] != st[j][i]);
        if let Some((i, j)) = bad {
            return Err(invalid(format!(
                "stakes must be symmetric, from 0 to {MAX_STAKE} (stakes[{i}][{j}] = {}, stakes[{j}][{i}] = {})",
                st[i][j], st[j][i]
            )));
        }
    }
    // One pack: no card may be held twice across the table.
    let mut owner = [usize::MAX; 52];
    for (i, p) in players.iter().enumerate() {
        if let PlayerHand::Setting(s) | PlayerHand::Natural(s) | PlayerHand::Announced(s) = p {
            for &c in s.cards() {
                let slot = &mut owner[c as usize];
                if *slot != usize::MAX {
                    return Err(invalid(format!(
                        "{} is held by players {} and {i}",
                        format_card(c, Style::Ascii),
                        *slot
                    )));
                }
                *slot = i;
            }
        }
    }
    let mut sides = Vec::with_capacity(n);
    let mut results = Vec::with_capacity(n);
    for (i, p) in players.iter().enumerate() {
        let (side, result) = judge(i, p, rules)?;
        sides.push(side);
        results.push(result);
    }
    let mut out = match rules.topology {
        Topology::PotPerRow => pot_per_row(&sides, rules),
        Topology::PotOnlyWinner => pot_only_winner(&sides, rules, pot_in),
        Topology::Peer | Topology::Banker => pairwise(&sides, rules, stakes),
    };
    for (i, r) in results.iter_mut().enumerate() {
        r.total = out.totals[i];
    }
    out.players = results;
    Ok(out)
}
