//! The fast solvers of a whole table: one for the players and, under the
//! banker topology, one for the seat that holds the bank. Everything that
//! plays a table with the fast solver (simulation, training, matches, the
//! strong solver's samples) chooses a seat's solver here, so the bank is
//! priced as the bank everywhere.

use super::{Model, Solver};
use crate::error::Result;
use crate::rules::{Rules, Topology};

/// The fast solver of every seat of a table.
pub struct TableSolvers<'a> {
    /// The solver of a hand that does not hold the bank.
    player: Solver<'a>,
    /// The bank's seat and solver under the banker topology.
    bank: Option<(usize, Solver<'a>)>,
}

impl<'a> TableSolvers<'a> {
    /// The solvers of a table where every hand faces `opponents` (1 to 3).
    ///
    /// ```
    /// use chinese_poker_core::{rules::Rules, solve::{Model, TableSolvers}};
    /// let rules = Rules::preset("pusoy_ph_banker").unwrap();
    /// let table = TableSolvers::new(&rules, 3, Model::for_rules(&rules, 4).unwrap()).unwrap();
    /// let hand: [u8; 13] = std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 3));
    /// let bank = table.seat(rules.banker()).solve(&hand).unwrap();
    /// let player = table.seat(rules.banker() + 1).solve(&hand).unwrap();
    /// // The bank settles with three players, a player with the bank alone.
    /// assert!(player.ev.abs() <= 2.0 && bank.ev.abs() <= 6.0);
    /// ```
    pub fn new(rules: &'a Rules, opponents: usize, model: &'a Model) -> Result<TableSolvers<'a>> {
        let player = Solver::for_seat(rules, opponents, model, false)?;
        let bank = if rules.topology() == Topology::Banker {
            Some((
                rules.banker(),
                Solver::for_seat(rules, opponents, model, true)?,
            ))
        } else {
            None
        };
        Ok(TableSolvers { player, bank })
    }

    /// The solver that sets the hand at `seat`.
    pub fn seat(&self, seat: usize) -> &Solver<'a> {
        match &self.bank {
            Some((b, s)) if *b == seat => s,
            _ => &self.player,
        }
    }

    /// The bank's seat under the banker topology.
    pub fn bank_seat(&self) -> Option<usize> {
        self.bank.as_ref().map(|(b, _)| *b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deck::{deal_cards, mix_seed};
    use crate::cards::Card;

    #[test]
    fn the_bank_seat_is_priced_as_the_bank_and_every_other_as_a_player() {
        let rules = Rules::preset("pusoy_ph_banker").unwrap();
        let model = Model::for_rules(&rules, 4).unwrap();
        let table = TableSolvers::new(&rules, 3, model).unwrap();
        let bank = Solver::for_seat(&rules, 3, model, true).unwrap();
        let player = Solver::new(&rules, 3, model).unwrap();
        assert_eq!(table.bank_seat(), Some(rules.banker()));
        let mut differ = 0;
        for d in 0..200 {
            let cards: [Card; 52] = deal_cards(mix_seed(11, d));
            let hand: [Card; 13] = std::array::from_fn(|i| cards[i]);
            let (b, p) = (bank.solve(&hand).unwrap(), player.solve(&hand).unwrap());
            differ += usize::from(b.setting != p.setting);
            for seat in 0..4 {
                let want = if seat == rules.banker() { &b } else { &p };
                assert_eq!(table.seat(seat).solve(&hand).unwrap(), *want, "seat {seat}");
            }
        }
        // The two pricings must disagree somewhere, or this test shows nothing.
        assert!(differ > 0);
    }

    #[test]
    fn without_a_bank_every_seat_is_a_player() {
        let rules = Rules::preset("cp_pro_1_6").unwrap();
        let model = Model::for_rules(&rules, 2).unwrap();
        let table = TableSolvers::new(&rules, 1, model).unwrap();
        assert_eq!(table.bank_seat(), None);
        let hand: [Card; 13] = std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 4));
        let want = Solver::new(&rules, 1, model).unwrap().solve(&hand).unwrap();
        for seat in 0..2 {
            assert_eq!(table.seat(seat).solve(&hand).unwrap(), want);
        }
    }
}
