//! Open-face Chinese poker (RULES §7): the game engine ([`OfcGame`]),
//! Fantasyland (§7.5) with an exact setting solver, a Monte-Carlo
//! placement agent, and simulation of tables of agents ([`simulate`]).
//!
//! Settlement is not re-implemented here: a finished deal is scored by
//! [`crate::score::score`] under the preset's [`Rules`], and legality and
//! royalties come from [`crate::setting::order_check`] and
//! [`crate::royalty::row_royalty`], so every rule lives once.
//!
//! ```
//! use chinese_poker_core::ofc::{OfcGame, OfcRules};
//! let rules = OfcRules::preset("ofc_ru_main").unwrap();
//! let mut game = OfcGame::new(rules, 2, 0, 42, None).unwrap();
//! while !game.is_finished() {
//!     let mv = chinese_poker_core::ofc::heuristic_move(&game).unwrap();
//!     let seat = game.to_act().unwrap();
//!     game.play(seat, &mv).unwrap();
//! }
//! let result = game.settle().unwrap();
//! assert_eq!(result.totals.iter().sum::<i64>(), 0);
//! ```

pub mod agent;
mod board;
mod complete;
pub mod fantasyland;
pub mod fl_table;
pub mod heuristic;
mod json;
pub mod simulate;
pub mod state;
mod view;

pub use agent::{
    fantasyland_value, suggest, suggest_baseline, suggest_with, suggest_within, AgentConfig,
    Completion, DEFAULT_SAMPLES, FL_SCALE,
};
pub use fantasyland::{best_fantasyland_setting, FantasylandRules, FantasylandSolution};
pub use heuristic::heuristic_move;
pub use json::MAX_DOCUMENT_BYTES;
pub use state::{Board, Move, OfcGame, View};

use crate::error::{Error, Result};
use crate::rules::{Game, Rules};

/// Everything an open-face deal needs: the settlement rules, the dealing
/// variant and the Fantasyland options.
#[derive(Clone, Debug, PartialEq)]
pub struct OfcRules {
    /// The preset these rules came from (kept so a saved game can name it).
    pub preset: String,
    /// Settlement rules (royalties, fouls, scoring method) passed to `score`.
    pub rules: Rules,
    /// Pineapple dealing: three cards per street after the first, one discarded.
    pub pineapple: bool,
    /// Fantasyland entry, card counts and staying conditions.
    pub fantasyland: FantasylandRules,
}

impl OfcRules {
    /// The rules of an open-face preset (`ofc_ru_main`, `ofc_us`, `ofc_pineapple`, …).
    ///
    /// ```
    /// use chinese_poker_core::ofc::OfcRules;
    /// assert!(OfcRules::preset("ofc_pineapple").unwrap().pineapple);
    /// assert!(OfcRules::preset("cp_pro_1_6").is_err()); // a closed-game preset
    /// ```
    pub fn preset(name: &str) -> Result<OfcRules> {
        let rules = Rules::preset(name)?;
        OfcRules::with_rules(name, rules)
    }

    /// Rules derived from a preset and then changed by the caller; the
    /// dealing variant follows the `game` option and Fantasyland the `fl.*`
    /// options, so a change of either is honoured whatever the preset's name.
    pub fn with_rules(preset: &str, rules: Rules) -> Result<OfcRules> {
        if rules.game() == Game::Closed {
            return Err(Error::Rules {
                option: "game".into(),
                reason: format!("{preset:?} is not an open-face preset (game = closed)"),
            });
        }
        Ok(OfcRules {
            preset: preset.to_string(),
            pineapple: rules.game() == Game::OfcPineapple,
            fantasyland: FantasylandRules::from_rules(&rules),
            rules,
        })
    }

    /// Most players at a table: 4, or 3 in Pineapple (17 cards each).
    pub fn max_players(&self) -> usize {
        if self.pineapple {
            3
        } else {
            4
        }
    }

    /// Refuses a table of `players` these rules cannot seat (2 to
    /// [`OfcRules::max_players`]), in the words of a bad setting.
    ///
    /// ```
    /// use chinese_poker_core::ofc::OfcRules;
    /// let r = OfcRules::preset("ofc_pineapple").unwrap();
    /// assert!(r.check_players(3).is_ok());
    /// assert!(r.check_players(4).is_err()); // 17 cards each do not fit a pack four times
    /// ```
    pub fn check_players(&self, players: usize) -> Result<()> {
        if (2..=self.max_players()).contains(&players) {
            return Ok(());
        }
        Err(Error::InvalidSetting(format!(
            "{} takes 2 to {} players, got {players}",
            if self.pineapple {
                "Pineapple"
            } else {
                "open-face Chinese poker"
            },
            self.max_players()
        )))
    }

    /// Number of streets of a normal (non-Fantasyland) player: 9 or 5.
    pub fn streets(&self) -> usize {
        if self.pineapple {
            5
        } else {
            9
        }
    }

    /// Cards dealt to a normal player on a street: 5 first, then 1 (3 in Pineapple).
    pub fn cards_on_street(&self, street: usize) -> usize {
        match (street, self.pineapple) {
            (0, _) => 5,
            (_, true) => 3,
            (_, false) => 1,
        }
    }

    /// Cards a normal player is dealt over the deal: 13, or 17 in Pineapple.
    pub fn cards_per_player(&self) -> usize {
        if self.pineapple {
            17
        } else {
            13
        }
    }
}

#[cfg(test)]
mod tests;
