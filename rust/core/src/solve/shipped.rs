//! The opponent models shipped for particular rules, and
//! [`Model::for_rules`], which picks the one that fits a deal's rules and
//! table size.
//!
//! The fast solver's model says how strong an opponent's rows are. How an
//! opponent sets them depends on what the rules pay for, so the presets fall
//! into families by the properties that change play ([`Family::of`]), never
//! by preset name: custom rules map the same way.
//!
//! | family | rules (properties) | presets |
//! |---|---|---|
//! | `scoop_royalties` | 1-4 or 1-6, a royalty table | cp_pro_1_4, cp_pro_1_6, wiki_1_6 |
//! | `scoop_plain` | 1-4 or 1-6, no royalties | plain |
//! | `overall_royalties` | 2-4 or 2-6, a royalty table | wiki_2_4, cp_pro_2_4, capsa_susun_online |
//! | `overall_plain` | 2-4 or 2-6, no royalties | (plain with `score.method = 2-4`) |
//! | `per_row` | per row, scoops not multiplied | pagat_classic, pagat_classic_nonstrict, cp_pro_1_3, malay_banker, vietnamese_pagat, singapore, hawaiian_gardens, hk_13zhang_banker |
//! | `doubled_scoop` | per row, a scoop multiplier above 1 | mau_binh_modern, shisanshui_fujian, shisanshui_fujian_wheel_lowest |
//! | `two_rows` | paid for two rows of three (the pusoy 2-of-3 bet, the only-winner pot) | pusoy_ph_banker, pusoy_ph_pot |
//! | `russian` | a Russian scoring system | russian_13, russian_13_table |
//! | `open_face` | open-face games (the 13-card model is not used) | ofc_ru_main, ofc_ru_alt1, ofc_ru_alt2, ofc_us, ofc_legacy_gem, ofc_pineapple, ofc_pineapple_progressive |
//!
//! A family has a model of its own at a table size only where one measured
//! better than the generic model (`data/model.bin`, trained under
//! `cp_pro_1_6` four-handed) in a duplicate match under the family's rules
//! (`docs/results.md`); everywhere else [`Model::for_rules`] gives the
//! generic model. Three players take the four-player model (two or three
//! opponents face a multiway table), falling back to the two-player one.
//!
//! | file | family | players | trained by (from the repository root) |
//! |---|---|---|---|
//! | `data/models/plain24_2p.bin` | `overall_plain` | 2 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset plain --option score.method=2-4 --players 2 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/plain24_2p.bin` |
//!
//! Training is deterministic whatever the thread count: re-running a command
//! writes the same bytes.

use super::model::Model;
use crate::error::{Error, Result};
use crate::rules::{Game, Rules, ScoreMethod, Topology};
use std::sync::LazyLock;

/// A group of rules under which opponents set their rows alike (see the
/// module documentation for the table of what maps where).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// 1-4 or 1-6 with a royalty table: the generic model's own rules.
    ScoopRoyalties,
    /// 1-4 or 1-6 without royalties.
    ScoopPlain,
    /// 2-4 or 2-6 (an overall point) with a royalty table.
    OverallRoyalties,
    /// 2-4 or 2-6 without royalties.
    OverallPlain,
    /// One unit a row, scoops not multiplied.
    PerRow,
    /// Per row with a scoop multiplier above 1 (shisanshui, Mậu Binh).
    DoubledScoop,
    /// Paid for winning two rows of three (pusoy's bet and only-winner pot).
    TwoRows,
    /// The Russian scoring systems.
    Russian,
    /// Open-face games, whose solver does not use the 13-card model.
    OpenFace,
}

impl Family {
    /// Every family, in the order of the module's table.
    pub const ALL: [Family; 9] = [
        Family::ScoopRoyalties,
        Family::ScoopPlain,
        Family::OverallRoyalties,
        Family::OverallPlain,
        Family::PerRow,
        Family::DoubledScoop,
        Family::TwoRows,
        Family::Russian,
        Family::OpenFace,
    ];

    /// The family's name in the module's table.
    pub fn name(self) -> &'static str {
        match self {
            Family::ScoopRoyalties => "scoop_royalties",
            Family::ScoopPlain => "scoop_plain",
            Family::OverallRoyalties => "overall_royalties",
            Family::OverallPlain => "overall_plain",
            Family::PerRow => "per_row",
            Family::DoubledScoop => "doubled_scoop",
            Family::TwoRows => "two_rows",
            Family::Russian => "russian",
            Family::OpenFace => "open_face",
        }
    }

    /// The family of a set of rules, from what they pay for.
    ///
    /// ```
    /// use chinese_poker_core::{rules::Rules, solve::shipped::Family};
    /// let plain24 = Rules::plain().with("score.method", "2-4").unwrap();
    /// assert_eq!(Family::of(&plain24), Family::OverallPlain);
    /// assert_eq!(Family::of(&Rules::preset("cp_pro_1_6").unwrap()), Family::ScoopRoyalties);
    /// ```
    pub fn of(rules: &Rules) -> Family {
        if rules.game() != Game::Closed {
            return Family::OpenFace;
        }
        if rules.pusoy_payoff() || rules.topology() == Topology::PotOnlyWinner {
            return Family::TwoRows;
        }
        let royalties = !rules.royalty_table().is_empty();
        match rules.method() {
            ScoreMethod::RussianMatch | ScoreMethod::RussianTable => Family::Russian,
            ScoreMethod::PerRow
                if rules.scoop_multiplier() > 1 || rules.scoop_multiplier_all() > 1 =>
            {
                Family::DoubledScoop
            }
            ScoreMethod::PerRow => Family::PerRow,
            ScoreMethod::OneFour | ScoreMethod::OneSix if royalties => Family::ScoopRoyalties,
            ScoreMethod::OneFour | ScoreMethod::OneSix => Family::ScoopPlain,
            ScoreMethod::TwoFour | ScoreMethod::TwoSix if royalties => Family::OverallRoyalties,
            ScoreMethod::TwoFour | ScoreMethod::TwoSix => Family::OverallPlain,
        }
    }
}

/// A model file shipped for one family at one table size.
pub struct ShippedModel {
    /// The rules it was trained under.
    pub family: Family,
    /// The table size it was trained at.
    pub players: usize,
    /// Its path under `rust/core/`.
    pub file: &'static str,
    /// Its bytes, embedded.
    pub bytes: &'static [u8],
}

/// Every shipped family model (the module's second table).
pub const SHIPPED: &[ShippedModel] = &[ShippedModel {
    family: Family::OverallPlain,
    players: 2,
    file: "data/models/plain24_2p.bin",
    bytes: include_bytes!("../../data/models/plain24_2p.bin"),
}];

/// The shipped models, parsed once, in [`SHIPPED`] order.
static PARSED: LazyLock<Vec<Result<Model>>> = LazyLock::new(|| {
    SHIPPED
        .iter()
        .map(|s| {
            Model::from_bytes(s.bytes).map_err(|e| Error::Internal(format!("{}: {e}", s.file)))
        })
        .collect()
});

/// The entry of [`SHIPPED`] that serves `family` at `players`, if any:
/// the file trained at that size, or for three players the four-player one
/// and then the two-player one.
pub fn shipped_for(family: Family, players: usize) -> Option<&'static ShippedModel> {
    let find = |n: usize| {
        SHIPPED
            .iter()
            .find(|s| s.family == family && s.players == n)
    };
    match players {
        3 => find(4).or_else(|| find(2)),
        n => find(n),
    }
}

impl Model {
    /// The opponent model for a table of `players` (2 to 4) under `rules`:
    /// the shipped model of the rules' [`Family`] at that size when there is
    /// one, else the generic embedded model ([`Model::embedded`]). See the
    /// `shipped` module for the table.
    ///
    /// ```
    /// use chinese_poker_core::{rules::Rules, solve::Model};
    /// let rules = Rules::preset("cp_pro_1_6").unwrap();
    /// let m = Model::for_rules(&rules, 4).unwrap();
    /// assert!(std::ptr::eq(m, Model::embedded().unwrap()));
    /// assert!(Model::for_rules(&rules, 5).is_err());
    /// ```
    pub fn for_rules(rules: &Rules, players: usize) -> Result<&'static Model> {
        crate::score::check_players(players)?;
        let Some(entry) = shipped_for(Family::of(rules), players) else {
            return Model::embedded();
        };
        let at = SHIPPED
            .iter()
            .position(|s| std::ptr::eq(s, entry))
            .ok_or_else(|| Error::Internal("shipped model not in its table".into()))?;
        PARSED[at].as_ref().map_err(Clone::clone)
    }
}

#[cfg(test)]
#[path = "shipped_tests.rs"]
mod tests;
