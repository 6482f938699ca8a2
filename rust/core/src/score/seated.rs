//! Settling one table many times with one seat's hand swapped: each hand is
//! judged once (natural, foul, royalties), so a simulation that tries many
//! settings of the same cards against the same opponents pays only for the
//! pairs. The totals are those of [`score`](super::score) on the same hands.

use super::judge::{judge, Side};
use super::limits::check_players;
use super::pairwise::settle_pairs;
use super::pot::{pot_only_winner_amounts, pot_per_row_amounts};
use super::types::PlayerHand;
use crate::error::{Error, Result};
use crate::rules::{Rules, Topology};

/// A hand judged under the rules, ready to be seated at a [`Table`].
#[derive(Clone)]
pub(crate) struct Judged(Side);

impl Judged {
    /// Judges `hand` as the hand of `seat` (the seat only names the player
    /// in an error).
    pub(crate) fn new(seat: usize, hand: &PlayerHand, rules: &Rules) -> Result<Judged> {
        Ok(Judged(judge(seat, hand, rules)?.0))
    }
}

/// A table of judged hands (2 to 4) holding distinct cards: the caller deals
/// them from one pack, which is not checked again here.
pub(crate) struct Table<'r> {
    sides: Vec<Side>,
    rules: &'r Rules,
}

impl<'r> Table<'r> {
    /// A table of `players` seats, each a surrender until [`Table::seat`] fills it.
    pub(crate) fn new(players: usize, rules: &'r Rules) -> Result<Table<'r>> {
        check_players(players)?;
        if rules.topology == Topology::Banker && rules.banker >= players {
            return Err(Error::Rules {
                option: "table.banker".into(),
                reason: format!(
                    "seat {} does not exist with {players} players",
                    rules.banker
                ),
            });
        }
        Ok(Table {
            sides: vec![Side::Surrendered; players],
            rules,
        })
    }

    /// Seats `hand` at `seat` (below the table size).
    pub(crate) fn seat(&mut self, seat: usize, hand: &Judged) {
        self.sides[seat].clone_from(&hand.0);
    }

    /// The total of `seat` in units of the returned denominator,
    /// `(total, denominator)`, as [`score`](super::score) gives them with no
    /// stakes and no carried pot.
    pub(crate) fn total(&self, seat: usize) -> (i64, i64) {
        let (sides, rules) = (&self.sides[..], self.rules);
        let mut matrix = [[0i64; 4]; 4];
        let denominator = match rules.topology {
            Topology::PotPerRow => pot_per_row_amounts(sides, rules, &mut matrix).0,
            Topology::PotOnlyWinner => {
                let mut totals = [0i64; 4];
                pot_only_winner_amounts(sides, rules, 0, &mut matrix, &mut totals[..sides.len()]);
                return (totals[seat], 1);
            }
            Topology::Peer | Topology::Banker => {
                settle_pairs(sides, rules, None, &mut matrix, |_, _, _| {})
            }
        };
        (matrix[seat][..sides.len()].iter().sum(), denominator)
    }
}
