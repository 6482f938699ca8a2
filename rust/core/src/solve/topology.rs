//! Tables that do not settle every pair on the rules' method (RULES §4.9,
//! §4.10): the banker's table, where a player settles with the banker alone
//! and ties may go to the bank; the Philippine 2-of-3 bet against a banker;
//! and the two pot games, where a row's pot goes to the best row at the
//! table, or one pot to the player who beats everybody on two rows. Each is
//! priced from the same row chances as a pairwise table, so the solver sets
//! hands for what the table actually pays.
//!
//! Opponents are independent given our rows (their cards come from the same
//! deck, which the row model leaves out); the chance that an opponent fouls
//! or declares a natural counts as it does in pairwise pricing.

use super::pricing::{RowStat, Solver};
use crate::rules::{Rules, Topology};

/// How the solver's hand settles with the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Settle {
    /// With every opponent, on the rules' method (peer tables, and a banker
    /// or player under the banker topology).
    Pairwise,
    /// The 2-of-3 bet from the player's side, against the banker.
    BetPlayer,
    /// The 2-of-3 bet from the banker's side, against every player.
    BetBanker,
    /// A pot per row for the best row at the table.
    PotPerRow,
    /// One pot for the player who beats every other on two rows.
    PotOnlyWinner,
}

impl Settle {
    /// How a hand settles under `rules`, held by the banker or not (read only
    /// under the banker topology).
    pub(super) fn of(rules: &Rules, banker: bool) -> Settle {
        match rules.topology {
            Topology::Peer => Settle::Pairwise,
            Topology::Banker if rules.pusoy_payoff && banker => Settle::BetBanker,
            Topology::Banker if rules.pusoy_payoff => Settle::BetPlayer,
            Topology::Banker => Settle::Pairwise,
            Topology::PotPerRow => Settle::PotPerRow,
            Topology::PotOnlyWinner => Settle::PotOnlyWinner,
        }
    }

    /// Opponents this hand settles with, out of `opponents` at the table: a
    /// player under the banker topology settles with the banker only.
    pub(super) fn settled(rules: &Rules, banker: bool, opponents: usize) -> usize {
        if rules.topology == Topology::Banker && !banker {
            1
        } else {
            opponents
        }
    }

    /// Does the expected points' joint-law term carry a scoop (so that the
    /// bound needs the model's monotonicity slack)? The weight of one unit
    /// of scoop probability, per opponent.
    pub(super) fn scoop_weight(self) -> Option<f64> {
        match self {
            Settle::Pairwise => None,
            Settle::BetPlayer | Settle::BetBanker => Some(1.0),
            Settle::PotPerRow | Settle::PotOnlyWinner => Some(0.0),
        }
    }
}

/// Who takes a tied row: split (nobody) at most tables; under the banker
/// topology with `tie.banker_wins_ties`, the banker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ties {
    /// A tied row is nobody's.
    Split,
    /// Ties are ours (we hold the bank).
    Ours,
    /// Ties are the opponent's (the banker's, against our player's hand).
    Theirs,
}

impl Ties {
    /// Who takes our tied rows under `rules`, held by the banker or not.
    pub(super) fn of(rules: &Rules, banker: bool) -> Ties {
        match (
            rules.topology == Topology::Banker && rules.banker_wins_ties,
            banker,
        ) {
            (false, _) => Ties::Split,
            (true, true) => Ties::Ours,
            (true, false) => Ties::Theirs,
        }
    }

    /// A row's (win, not-lose) chances once ties are given to their taker.
    #[inline(always)]
    pub(super) fn resolve(self, w: f64, a: f64) -> (f64, f64) {
        match self {
            Ties::Split => (w, a),
            Ties::Ours => (a, a),
            Ties::Theirs => (w, w),
        }
    }
}

/// P(at least two of three independent events).
#[inline(always)]
pub(super) fn at_least_two(p: [f64; 3]) -> f64 {
    p[0] * p[1] + p[0] * p[2] + p[1] * p[2] - 2.0 * p[0] * p[1] * p[2]
}

/// P(at least two of three independent events), P(at least one).
fn counts(p: [f64; 3]) -> (f64, f64) {
    let one = 1.0 - (1.0 - p[0]) * (1.0 - p[1]) * (1.0 - p[2]);
    (at_least_two(p), one)
}

impl Solver<'_> {
    /// Expected points of a legal setting (its rows' stats) under a table
    /// that is not settled pairwise on the method.
    pub(super) fn table_points(&self, st: [&RowStat; 3], scoop: f64, scooped: f64) -> f64 {
        let n = self.opponents as f64;
        let pf = self.model.foul_rate;
        let keep = self.rows_played;
        let ante = self.rules.pot_ante as f64;
        let w = [0, 1, 2].map(|k| st[k].w);
        let a = [0, 1, 2].map(|k| st[k].a);
        match self.settle {
            Settle::Pairwise => unreachable!("pairwise tables are priced by the method"),
            Settle::BetPlayer | Settle::BetBanker => {
                // The bet pays −2, −1, +1, +2 for 0 to 3 rows won by the
                // player: −2 + P(≥1) + 2 P(≥2) + P(3). A fouled opponent
                // pays 2 (RULES §4.9); a natural is settled on its value.
                let bet = if self.settle == Settle::BetPlayer {
                    let (two, one) = counts(w);
                    -2.0 + one + 2.0 * two + scoop
                } else {
                    let (two, one) = counts([0, 1, 2].map(|k| 1.0 - a[k]));
                    2.0 - one - 2.0 * two - scooped
                };
                n * (keep * ((1.0 - pf) * bet + pf * 2.0) - self.natural_cost)
            }
            Settle::PotPerRow => {
                // Per row: every opponent below us, or tied (a tied best row
                // splits the pot); a fouled opponent is below, a natural above.
                let mut points = 0.0;
                for k in 0..3 {
                    let above = keep * (1.0 - pf) * (1.0 - a[k]) + (1.0 - keep);
                    let tied = keep * (1.0 - pf) * (a[k] - w[k]);
                    let below = (1.0 - above - tied).max(0.0);
                    points += ante * ((n + 1.0) * best_share(self.opponents, below, tied) - 1.0);
                }
                points
            }
            Settle::PotOnlyWinner => {
                // We take the pot when we beat each opponent on two rows: a
                // fouled one always, a natural never (the carried-in pot,
                // unknown here, is left out).
                let (two, _) = counts(w);
                let beat = keep * (pf + (1.0 - pf) * two);
                let win = beat.powi(self.opponents as i32);
                if self.rules.pot_carry_over {
                    // Unless we win, our ante goes to the winner or the pot.
                    return ante * ((n + 1.0) * win - 1.0);
                }
                // Refunded when nobody wins: we pay only an opponent who
                // beats us on two rows and, by symmetry, each other
                // opponent half the time.
                let (lose_two, _) = counts([0, 1, 2].map(|k| 1.0 - a[k]));
                let beaten = keep * (1.0 - pf) * lose_two + (1.0 - keep);
                ante * (n * win - n * beaten * 0.5f64.powi(self.opponents as i32 - 1))
            }
        }
    }

    /// Expected points of a fouled hand at such a table: it never takes a
    /// pot and loses the bet as a hand with no row won.
    pub(super) fn table_fouled_points(&self) -> f64 {
        let n = self.opponents as f64;
        let ante = self.rules.pot_ante as f64;
        match self.settle {
            Settle::Pairwise => unreachable!("pairwise tables are priced by the method"),
            Settle::BetPlayer | Settle::BetBanker => -2.0 * n,
            Settle::PotPerRow => -3.0 * ante,
            Settle::PotOnlyWinner => -ante,
        }
    }

    /// What a declared natural earns at such a table (our natural ranks above
    /// every setting: it takes the pots, and is settled on its value in the
    /// bet).
    pub(super) fn table_natural_points(&self, value: i64) -> f64 {
        let n = self.opponents as f64;
        let ante = self.rules.pot_ante as f64;
        match self.settle {
            Settle::Pairwise | Settle::BetPlayer | Settle::BetBanker => value as f64 * n,
            Settle::PotPerRow => 3.0 * ante * n,
            Settle::PotOnlyWinner => ante * n,
        }
    }
}

/// Our expected share of a pot among `n` independent opponents, each below
/// our row with chance `below` and tied with it with chance `tied`: nothing
/// when one is above, else one part in 1 + (the number tied).
fn best_share(n: usize, below: f64, tied: f64) -> f64 {
    let mut share = 0.0;
    let mut ways = 1.0;
    for t in 0..=n {
        share += ways * tied.powi(t as i32) * below.powi((n - t) as i32) / (t + 1) as f64;
        ways = ways * (n - t) as f64 / (t + 1) as f64;
    }
    share
}

#[cfg(test)]
#[path = "topology_tests.rs"]
mod tests;
