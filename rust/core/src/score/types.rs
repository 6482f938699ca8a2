//! The deal's input and result types: what each player brings, how each hand
//! and each pair was judged, and the totals and payment matrix of the deal.

use crate::natural::Natural;
use crate::setting::{FoulReason, Setting};

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
    pub(super) fn from_matrix(
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
