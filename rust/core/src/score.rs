//! Settlement of a deal (RULES §4, §5.1, §6.4): 2–4 players, each a setting,
//! a surrender or a declared natural; every method of §4.3, fouls, surrender,
//! naturals, royalties, banker and pot topologies, per-pair stakes.
//!
//! Amounts are integers in units of `1 / denominator`. The denominator is 1
//! except where a split needs fractions: `pot_per_row` (a row pot split
//! between tied best rows) and `russian_table` with
//! `score.table_best_row_payer = split_one_unit` and three or four players;
//! those use 12 (divisible by 2, 3 and 4).

use crate::cards::{format_card, Card, Style};
use crate::error::{Error, Result};
use crate::eval::is_bad_cards;
use crate::natural::{compare_naturals, find_natural_unchecked, Natural};
use crate::royalty::{dealt_royalty, row_royalty};
use crate::rules::{
    FoulPenalty, NaturalDeclare, OverallPointRule, Rules, ScoopScope, ScoreMethod, SurrenderCost,
    TableBestRowPayer, Topology, VsNatural,
};
use crate::setting::{compare_rows, order_check, FoulReason, Row, Setting};
use std::cmp::Ordering;

/// What a player brings to the settlement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerHand {
    /// A set hand, revealed and compared (under `natural.declare = auto` or
    /// `mandatory` a natural in it is claimed automatically).
    Setting(Setting),
    /// A surrender (fold) before the reveal (RULES §4.8).
    Surrender,
    /// A declared natural, with the cards as the player set them (the setting
    /// must be legal when `natural.require_legal_setting` is on).
    Natural(Setting),
    /// A setting whose royalties the player announced before the reveal
    /// (RULES §4.0 step 5). Under `royalty.declare_required = true` only
    /// announced royalties are paid; otherwise it is the same as `Setting`.
    Announced(Setting),
}

/// How a player's hand was judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A legal setting that was compared.
    Played,
    /// A fouled setting (RULES R-FOUL-4).
    Fouled(FoulReason),
    /// Surrendered (RULES §4.8).
    Surrendered,
    /// Paid as a natural (RULES §6).
    Natural(Natural),
}

/// One player's side of the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerResult {
    /// How the hand was judged.
    pub status: Status,
    /// Row values `[front, middle, back]` of a setting (None after a surrender).
    pub values: Option<[u32; 3]>,
    /// Royalty of each row (0 unless `Played`).
    pub royalties: [i64; 3],
    /// Royalty for broken-up dealt quads / straight flush (`royalty.from_dealt_cards`).
    pub dealt_royalty: i64,
    /// Net result in units of `1 / denominator` (after stakes).
    pub total: i64,
}

/// How a pair was settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairKind {
    /// Both played: rows compared.
    Rows,
    /// One side fouled and pays the other (the index is the fouled player).
    Foul(usize),
    /// Both fouled, or fouled against surrendered: nothing changes hands (R-SCORE-5).
    NoContest,
    /// The indexed player surrendered and pays the other.
    Surrender(usize),
    /// One or both held a natural (R-NAT-1, §6.4).
    Natural,
}

/// The settlement of one pair `(a, b)`, amounts from `a`'s side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairResult {
    /// First player (lower seat).
    pub a: usize,
    /// Second player.
    pub b: usize,
    /// How the pair was settled.
    pub kind: PairKind,
    /// Row results from `a`'s side: +1 won, 0 tied, −1 lost (0 when rows were not compared).
    pub rows: [i8; 3],
    /// Who scooped whom, if anyone (the scooper's index).
    pub scoop: Option<usize>,
    /// Multiplier applied for a scoop (`score.scoop_multiplier[_all]`), 1 otherwise.
    pub multiplier: i64,
    /// Row units plus method bonuses (scoop, overall point, match points) to `a`, before stakes.
    pub base: i64,
    /// Royalties to `a` (net, after the mode and multiplier scope), before stakes.
    pub royalty: i64,
    /// Table-best row bonuses to `a` under `russian_table`, before stakes.
    pub table_best: i64,
    /// Natural or surrender payment to `a`, before stakes.
    pub special: i64,
    /// The pair's stake multiplier.
    pub stake: i64,
    /// Net to `a` after stakes, in units of `1 / denominator`.
    pub points: i64,
    /// A one-line English explanation.
    pub explanation: String,
}

/// Pot results for `pot_per_row` and `pot_only_winner`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PotResult {
    /// `pot_per_row`: the winners of each row pot (several = split; none = refunded).
    pub row_winners: Vec<Vec<usize>>,
    /// `pot_only_winner`: the player who took the pot.
    pub winner: Option<usize>,
    /// The pot carried into this deal (`pot_only_winner`), in units.
    pub pot_in: i64,
    /// The pot left for the next deal, in units.
    pub pot_out: i64,
}

/// The settlement of a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreResult {
    /// Amounts are in units of `1 / denominator` (1, or 12 for split pots and split table-best bonuses).
    pub denominator: i64,
    /// Net per player. Zero-sum, except that under `pot_only_winner` the sum
    /// plus `pot_out − pot_in` is zero.
    pub totals: Vec<i64>,
    /// `matrix[i][j]` = what `i` receives from `j`; antisymmetric. Row sums are the
    /// totals, except for the carried pot under `pot_only_winner`.
    pub matrix: Vec<Vec<i64>>,
    /// Per player.
    pub players: Vec<PlayerResult>,
    /// Per settled pair (peer: every pair; banker: banker with each player; pots: none).
    pub pairs: Vec<PairResult>,
    /// Pot details under the pot topologies.
    pub pot: Option<PotResult>,
}

impl ScoreResult {
    /// The result of `n` players from their payment matrix: totals are its
    /// row sums; the players' entries are filled in by the caller.
    fn from_matrix(
        matrix: &[[i64; 4]; 4],
        n: usize,
        denominator: i64,
        pairs: Vec<PairResult>,
        pot: Option<PotResult>,
    ) -> ScoreResult {
        let rows = &matrix[..n];
        ScoreResult {
            denominator,
            totals: rows.iter().map(|row| row[..n].iter().sum()).collect(),
            matrix: rows.iter().map(|row| row[..n].to_vec()).collect(),
            players: Vec::new(),
            pairs,
            pot,
        }
    }
}

/// A player's state inside the settlement.
enum Side {
    Played {
        setting: Setting,
        values: [u32; 3],
        royalties: [i64; 3],
        dealt: i64,
    },
    Fouled(FoulReason),
    Surrendered,
    Natural(Natural),
}

/// The largest stake of a pair. With the option limits of `rules`
/// ([`MAX_POINTS`](crate::rules::MAX_POINTS), [`MAX_MULTIPLIER`](crate::rules::MAX_MULTIPLIER))
/// a pair settles to at most about 10^16 units, far inside `i64`.
pub const MAX_STAKE: i64 = 1_000_000;

/// The largest pot carried into a deal, in units.
pub const MAX_POT: i64 = 1_000_000_000_000;

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

fn invalid(msg: String) -> Error {
    Error::InvalidSetting(msg)
}

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
    rules.validate()?;
    let n = players.len();
    if !(2..=4).contains(&n) {
        return Err(invalid(format!("a deal has 2 to 4 players, got {n}")));
    }
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

/// Settles deals of set hands given as card codes, for batches: the totals
/// of [`score`] without its explanations, and without allocating unless a
/// natural is found. The rules are checked once, when the scorer is made.
///
/// ```
/// use chinese_poker_core::{rules::Rules, score::DealScorer, setting::Setting, notation::Notation};
/// let codes = |s: &str| *Setting::parse(s, Notation::Intl).unwrap().cards();
/// let mut deal = codes("As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc").to_vec();
/// deal.extend(codes("Ac Ah Ts / Qc Qs Jc Jh 3d / 2s 3s 4h 5c 6h"));
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let mut totals = [0i64; 2];
/// let denominator = DealScorer::new(&rules).unwrap().totals(&deal, &mut totals).unwrap();
/// assert_eq!((totals, denominator), ([-1, 1], 1));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DealScorer<'r> {
    rules: &'r Rules,
}

impl<'r> DealScorer<'r> {
    /// A scorer for these rules, once they pass [`Rules::validate`].
    pub fn new(rules: &'r Rules) -> Result<DealScorer<'r>> {
        rules.validate()?;
        Ok(DealScorer { rules })
    }

    /// Settles one deal: `cards` holds 13 codes per player (front 3, middle
    /// 5, back 5), 2 to 4 players, and `totals` one slot per player. Writes
    /// the totals in units of `1 / denominator` and returns the denominator.
    /// The totals and errors are those of [`score`] on the same settings.
    pub fn totals(&self, cards: &[u8], totals: &mut [i64]) -> Result<i64> {
        let rules = self.rules;
        let n = cards.len() / 13;
        let usual = cards.len() % 13 == 0
            && (2..=4).contains(&n)
            && totals.len() == n
            && !is_bad_cards(cards)
            && !(rules.topology == Topology::Banker && rules.banker >= n);
        if !usual {
            // Rare (an invalid deal): the full path finds the error and words it.
            return self.explained(cards, totals);
        }
        let mut sides = [
            Side::Surrendered,
            Side::Surrendered,
            Side::Surrendered,
            Side::Surrendered,
        ];
        for (i, (side, row)) in sides.iter_mut().zip(cards.chunks_exact(13)).enumerate() {
            let mut codes = [0 as Card; 13];
            codes.copy_from_slice(row);
            let setting = Setting::from_array_unchecked(codes);
            *side = judge_setting(i, &setting, setting.values(rules), false, false, rules)?;
        }
        let sides = &sides[..n];
        let mut matrix = [[0i64; 4]; 4];
        let denominator = match rules.topology {
            Topology::PotPerRow => pot_per_row_amounts(sides, rules, &mut matrix).0,
            Topology::PotOnlyWinner => {
                pot_only_winner_amounts(sides, rules, 0, &mut matrix, totals);
                return Ok(1);
            }
            Topology::Peer | Topology::Banker => {
                settle_pairs(sides, rules, None, &mut matrix, |_, _, _| {})
            }
        };
        for (t, row) in totals.iter_mut().zip(&matrix) {
            *t = row[..n].iter().sum();
        }
        Ok(denominator)
    }

    /// The deal through [`score`]: its error, or (never expected) its totals.
    fn explained(&self, cards: &[u8], totals: &mut [i64]) -> Result<i64> {
        let hands = cards
            .chunks(13)
            .map(|s| Setting::from_cards(s).map(PlayerHand::Setting))
            .collect::<Result<Vec<_>>>()?;
        let result = score(&hands, self.rules, None)?;
        if totals.len() != result.totals.len() {
            return Err(Error::Array(format!(
                "{} totals for {} players",
                totals.len(),
                result.totals.len()
            )));
        }
        totals.copy_from_slice(&result.totals);
        Ok(result.denominator)
    }
}

/// Decides the side of one player: natural claimed, foul, surrender or played.
fn judge(i: usize, p: &PlayerHand, rules: &Rules) -> Result<(Side, PlayerResult)> {
    let (setting, declared, announced) = match p {
        PlayerHand::Surrender => {
            if !rules.surrender_allowed {
                return Err(Error::Rules {
                    option: "surrender.allowed".into(),
                    reason: format!("player {i} surrendered but these rules forbid it"),
                });
            }
            let result = PlayerResult {
                status: Status::Surrendered,
                values: None,
                royalties: [0; 3],
                dealt_royalty: 0,
                total: 0,
            };
            return Ok((Side::Surrendered, result));
        }
        PlayerHand::Setting(s) => (s, false, false),
        PlayerHand::Natural(s) => (s, true, false),
        PlayerHand::Announced(s) => (s, false, true),
    };
    let values = setting.values(rules);
    let side = judge_setting(i, setting, values, declared, announced, rules)?;
    let (status, royalties, dealt_royalty) = match &side {
        Side::Played {
            royalties, dealt, ..
        } => (Status::Played, *royalties, *dealt),
        Side::Fouled(reason) => (Status::Fouled(*reason), [0; 3], 0),
        Side::Natural(nat) => (Status::Natural(nat.clone()), [0; 3], 0),
        Side::Surrendered => (Status::Surrendered, [0; 3], 0),
    };
    let result = PlayerResult {
        status,
        values: Some(values),
        royalties,
        dealt_royalty,
        total: 0,
    };
    Ok((side, result))
}

/// The side of player `i`'s set hand with row values `values`: a natural
/// (declared, or claimed under `natural.declare = auto | mandatory`), a foul,
/// or played with its royalties.
fn judge_setting(
    i: usize,
    setting: &Setting,
    values: [u32; 3],
    declared: bool,
    announced: bool,
    rules: &Rules,
) -> Result<Side> {
    let foul = order_check(values, rules);
    if declared || rules.natural_declare != NaturalDeclare::Optional {
        match find_natural_unchecked(setting.cards(), rules) {
            Some(nat) => {
                // An illegal arrangement of a declared natural is a foul (RULES §4.7).
                if let (true, Some(reason)) = (rules.natural_require_legal_setting, foul) {
                    return Ok(Side::Fouled(reason));
                }
                return Ok(Side::Natural(nat));
            }
            None if declared => {
                return Err(invalid(format!(
                    "player {i} declared a natural but {} holds none of the enabled naturals",
                    setting.to_text()
                )))
            }
            None => {}
        }
    }
    if let Some(reason) = foul {
        return Ok(Side::Fouled(reason));
    }
    // An unannounced royalty is forfeited where announcing is required (RULES §4.0 step 5).
    let (royalties, dealt) = if rules.royalty_declare_required && !announced {
        ([0; 3], 0)
    } else {
        (
            Row::ALL.map(|row| row_royalty(rules, row, values[row as usize])),
            dealt_royalty(rules, setting.cards(), values),
        )
    };
    Ok(Side::Played {
        setting: *setting,
        values,
        royalties,
        dealt,
    })
}

/// Row results of `a` against `b` (+1/0/−1), ties to the banker when the rules say so.
fn row_results(a: &Side, b: &Side, a_banker: bool, b_banker: bool, rules: &Rules) -> [i8; 3] {
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

fn wins_losses(r: [i8; 3]) -> (i64, i64) {
    let w = r.iter().filter(|&&x| x > 0).count() as i64;
    let l = r.iter().filter(|&&x| x < 0).count() as i64;
    (w, l)
}

/// Row units plus the method's bonuses (RULES §4.3) for row results `r`.
fn method_points(rules: &Rules, r: [i8; 3]) -> i64 {
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

fn name(i: usize) -> String {
    format!("P{i}")
}

/// Peer and banker settlement, with an explanation per pair.
fn pairwise(sides: &[Side], rules: &Rules, stakes: Option<&[[i64; 4]; 4]>) -> ScoreResult {
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
fn settle_pairs(
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

/// Fills the kind, rows, scoop and base/royalty/special fields of one pair
/// (before stakes and denominator).
fn settle_pair(
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

/// The one-line explanation of a settled pair; `ta`, `tb` are the
/// table-best rows of its players (0 unless both are in play under
/// russian_table).
fn explain_pair(
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

fn can_win(s: &Side) -> bool {
    matches!(s, Side::Played { .. } | Side::Natural(_))
}

/// `pot_per_row` (RULES §4.10): each player antes `pot.ante` per row; the best
/// row takes that row's pot, tied best rows split it, a pot nobody can win
/// (everyone fouled or surrendered) is refunded.
fn pot_per_row(sides: &[Side], rules: &Rules) -> ScoreResult {
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
fn pot_per_row_amounts(
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
fn pot_only_winner(sides: &[Side], rules: &Rules, pot_in: i64) -> ScoreResult {
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
fn pot_only_winner_amounts(
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

#[cfg(test)]
// Tests start from a preset or the defaults and change one option at a time.
#[allow(clippy::field_reassign_with_default)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::eval::evaluator;
    use crate::natural::NaturalKind;
    use crate::notation::Notation;

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
        let mut r = Rules::default();
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
            score(&hands, &Rules::default(), None).unwrap().totals,
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
        let rows: Vec<(usize, usize, [i8; 3])> =
            r.pairs.iter().map(|p| (p.a, p.b, p.rows)).collect();
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
            let mut r = Rules::default();
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
            let mut r = Rules::default();
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
        let mut r = Rules::default();
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
        assert!(
            matches!(&r.players[0].status, Status::Natural(n) if n.kind == NaturalKind::Dragon)
        );
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
        assert!(score(std::slice::from_ref(&a), &Rules::default(), None).is_err());
        assert!(matches!(
            score(&[a.clone(), a.clone()], &Rules::default(), None),
            Err(Error::InvalidSetting(_))
        ));
        let mut stakes = [[1i64; 4]; 4];
        stakes[0][1] = 2;
        assert!(score(&[a, play(V5_B)], &Rules::default(), Some(&stakes)).is_err());
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
        let mut bad = Rules::default();
        bad.scoop_multiplier = 0;
        assert!(DealScorer::new(&bad).is_err());
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
        let mut r = Rules::default();
        r.royalty_table.back[7] = 10_001;
        assert!(
            matches!(r.validate(), Err(Error::Rules { option, .. }) if option == "royalty.table")
        );
        let hands = [play(V5_A), play(V5_B)];
        let mut stakes = [[1i64; 4]; 4];
        stakes[0][1] = MAX_STAKE + 1;
        stakes[1][0] = MAX_STAKE + 1;
        assert!(score(&hands, &Rules::default(), Some(&stakes)).is_err());
        assert!(score_with_pot(&hands, &Rules::default(), None, MAX_POT + 1).is_err());
        assert!(score_with_pot(&hands, &Rules::default(), None, MAX_POT).is_ok());
    }
}
