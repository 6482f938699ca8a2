//! Settlement of a deal (RULES §4, §5.1, §6.4): 2–4 players, each a setting,
//! a surrender or a declared natural; every method of §4.3, fouls, surrender,
//! naturals, royalties, banker and pot topologies, per-pair stakes.
//!
//! Amounts are integers in units of `1 / denominator`. The denominator is 1
//! except where a split needs fractions: `pot_per_row` (a row pot split
//! between tied best rows) and `russian_table` with
//! `score.table_best_row_payer = split_one_unit` and three or four players;
//! those use 12 (divisible by 2, 3 and 4).
//!
//! Files:
//! - `types.rs`: the input and result types ([`PlayerHand`], [`ScoreResult`], …);
//! - `limits.rs`: the player count, stake and pot limits, [`check_players`];
//! - `settle.rs`: [`score`] and [`score_with_pot`], the checked entry points;
//! - `deal_scorer.rs`: [`DealScorer`], the totals of card-code deals for batches;
//! - `judge.rs`: each hand judged alone (surrender, natural, foul, played);
//! - `pair.rs`: one pair's settlement (rows, method points, royalties, specials);
//! - `pairwise.rs`: the peer and banker topologies over the table;
//! - `pot.rs`: the pot topologies;
//! - `seated.rs`: `Table`, one table settled again and again with one seat's hand swapped;
//! - `explain.rs`: the one-line explanation of a pair.

mod deal_scorer;
mod explain;
mod judge;
mod limits;
mod pair;
mod pairwise;
mod pot;
mod seated;
mod settle;
mod types;

pub use self::deal_scorer::DealScorer;
pub use self::limits::{check_players, MAX_PLAYERS, MAX_POT, MAX_STAKE, MIN_PLAYERS};
pub(crate) use self::seated::{Judged, Table};
pub use self::settle::{score, score_with_pot};
pub use self::types::{
    PairKind, PairResult, PlayerHand, PlayerResult, PotResult, ScoreResult, Status,
};

#[cfg(test)]
mod tests;
