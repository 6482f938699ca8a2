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
//! | `scoop_plain` | 1-4 or 1-6 (or the Russian match system scored so), no royalties | plain, russian_13 |
//! | `overall_royalties` | 2-4 or 2-6, a royalty table | wiki_2_4, cp_pro_2_4, capsa_susun_online |
//! | `overall_plain` | 2-4 or 2-6, no royalties | (plain with `score.method = 2-4`) |
//! | `per_row` | per row, scoops not multiplied | pagat_classic, pagat_classic_nonstrict, cp_pro_1_3, malay_banker, vietnamese_pagat, singapore, hawaiian_gardens, hk_13zhang_banker |
//! | `doubled_scoop` | per row, a scoop multiplier above 1 | mau_binh_modern, shisanshui_fujian, shisanshui_fujian_wheel_lowest |
//! | `pusoy_bet` | per row, paid as the pusoy 2-of-3 bet | pusoy_ph_banker |
//! | `only_winner_pot` | one pot, taken only by a player who beats everyone on two rows | pusoy_ph_pot |
//! | `russian` | the Russian table system | russian_13_table |
//! | `open_face` | open-face games (the 13-card model is not used) | ofc_ru_main, ofc_ru_alt1, ofc_ru_alt2, ofc_us, ofc_legacy_gem, ofc_pineapple, ofc_pineapple_progressive |
//!
//! A family gets a shipped model at a table size only where that model
//! beat the generic one (`data/model.bin`, trained under `cp_pro_1_6`
//! four-handed by plain self-play) by more than two standard errors in a
//! duplicate match of at least 20,000 deals under the family's rules
//! (`model_match`; the figures are in `docs/results.md`); everywhere else
//! [`Model::for_rules`] gives the generic model. A file serves the family it
//! was trained under, and a family listed after it that measured better with
//! it too. Three players take the four-player model (two or three opponents
//! face a multiway table), falling back to the two-player one.
//!
//! | file | families | players | trained by (from the repository root) |
//! |---|---|---|---|
//! | `data/models/plain24_2p.bin` | `overall_plain`, `pusoy_bet` | 2 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset plain --option score.method=2-4 --players 2 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/plain24_2p.bin` |
//! | `data/models/royal24_2p.bin` | `overall_royalties` | 2 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset cp_pro_2_4 --players 2 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/royal24_2p.bin` |
//! | `data/models/perrow_2p.bin` | `per_row` | 2 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset cp_pro_1_3 --players 2 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/perrow_2p.bin` |
//! | `data/models/shisanshui_2p.bin` | `doubled_scoop` | 2 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset shisanshui_fujian --players 2 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/shisanshui_2p.bin` |
//! | `data/models/plain16_2p.bin` | `scoop_plain` | 2 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset plain --players 2 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/plain16_2p.bin` |
//! | `data/models/royal16_2p.bin` | `scoop_royalties` | 2 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset cp_pro_1_6 --players 2 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/royal16_2p.bin` |
//! | `data/models/russtable_2p.bin` | `russian` | 2 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset russian_13_table --players 2 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/russtable_2p.bin` |
//! | `data/models/plain24_4p.bin` | `overall_plain`, `pusoy_bet` | 4 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset plain --option score.method=2-4 --players 4 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/plain24_4p.bin` |
//! | `data/models/royal24_4p.bin` | `overall_royalties` | 4 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset cp_pro_2_4 --players 4 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/royal24_4p.bin` |
//! | `data/models/perrow_4p.bin` | `per_row` | 4 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset cp_pro_1_3 --players 4 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/perrow_4p.bin` |
//! | `data/models/shisanshui_4p.bin` | `doubled_scoop` | 4 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset shisanshui_fujian --players 4 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/shisanshui_4p.bin` |
//! | `data/models/plain16_4p.bin` | `scoop_plain` | 4 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset plain --players 4 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/plain16_4p.bin` |
//! | `data/models/royal16_4p.bin` | `scoop_royalties` | 4 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset cp_pro_1_6 --players 4 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/royal16_4p.bin` |
//! | `data/models/russtable_4p.bin` | `russian` | 4 | `cargo run --release -p chinese-poker-core --bin train_model -- --preset russian_13_table --players 4 --iterations 12 --average true --deals 50000 --seed 1 --out rust/core/data/models/russtable_4p.bin` |
//!
//! The files hold 1,137,080 bytes in all. Training is deterministic whatever the
//! thread count: re-running a command writes the same bytes.

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
    /// 1-4 or 1-6 (the Russian match system included) without royalties.
    ScoopPlain,
    /// 2-4 or 2-6 (an overall point) with a royalty table.
    OverallRoyalties,
    /// 2-4 or 2-6 without royalties.
    OverallPlain,
    /// One unit a row, scoops not multiplied.
    PerRow,
    /// Per row with a scoop multiplier above 1 (shisanshui, Mậu Binh).
    DoubledScoop,
    /// Per row, paid as the pusoy 2-of-3 bet.
    PusoyBet,
    /// One pot, taken only by a player who beats everyone on two rows.
    OnlyWinnerPot,
    /// The Russian table system (scored against the whole table).
    Russian,
    /// Open-face games, whose solver does not use the 13-card model.
    OpenFace,
}

impl Family {
    /// Every family, in the order of the module's table.
    pub const ALL: [Family; 10] = [
        Family::ScoopRoyalties,
        Family::ScoopPlain,
        Family::OverallRoyalties,
        Family::OverallPlain,
        Family::PerRow,
        Family::DoubledScoop,
        Family::PusoyBet,
        Family::OnlyWinnerPot,
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
            Family::PusoyBet => "pusoy_bet",
            Family::OnlyWinnerPot => "only_winner_pot",
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
        if rules.topology() == Topology::PotOnlyWinner {
            return Family::OnlyWinnerPot;
        }
        if rules.pusoy_payoff() {
            return Family::PusoyBet;
        }
        let royalties = !rules.royalty_table().is_empty();
        // The Russian match system pays as 1-6, or as 2-6 with two points a
        // match (RULES §4.5), so it plays as those methods do.
        let method = match rules.method() {
            ScoreMethod::RussianMatch if rules.russian_match_points() == 2 => ScoreMethod::TwoSix,
            ScoreMethod::RussianMatch => ScoreMethod::OneSix,
            m => m,
        };
        match method {
            ScoreMethod::RussianTable => Family::Russian,
            ScoreMethod::RussianMatch => Family::ScoopPlain, // mapped above
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

/// A model file shipped for one table size.
pub struct ShippedModel {
    /// The families it serves, the one it was trained under first.
    pub families: &'static [Family],
    /// The table size it was trained at.
    pub players: usize,
    /// Its path under `rust/core/`.
    pub file: &'static str,
    /// Its bytes, embedded.
    pub bytes: &'static [u8],
}

/// Every shipped family model (the module's second table).
pub static SHIPPED: &[ShippedModel] = &[
    ShippedModel {
        families: &[Family::OverallPlain, Family::PusoyBet],
        players: 2,
        file: "data/models/plain24_2p.bin",
        bytes: include_bytes!("../../data/models/plain24_2p.bin"),
    },
    ShippedModel {
        families: &[Family::OverallRoyalties],
        players: 2,
        file: "data/models/royal24_2p.bin",
        bytes: include_bytes!("../../data/models/royal24_2p.bin"),
    },
    ShippedModel {
        families: &[Family::PerRow],
        players: 2,
        file: "data/models/perrow_2p.bin",
        bytes: include_bytes!("../../data/models/perrow_2p.bin"),
    },
    ShippedModel {
        families: &[Family::DoubledScoop],
        players: 2,
        file: "data/models/shisanshui_2p.bin",
        bytes: include_bytes!("../../data/models/shisanshui_2p.bin"),
    },
    ShippedModel {
        families: &[Family::ScoopPlain],
        players: 2,
        file: "data/models/plain16_2p.bin",
        bytes: include_bytes!("../../data/models/plain16_2p.bin"),
    },
    ShippedModel {
        families: &[Family::ScoopRoyalties],
        players: 2,
        file: "data/models/royal16_2p.bin",
        bytes: include_bytes!("../../data/models/royal16_2p.bin"),
    },
    ShippedModel {
        families: &[Family::Russian],
        players: 2,
        file: "data/models/russtable_2p.bin",
        bytes: include_bytes!("../../data/models/russtable_2p.bin"),
    },
    ShippedModel {
        families: &[Family::OverallPlain, Family::PusoyBet],
        players: 4,
        file: "data/models/plain24_4p.bin",
        bytes: include_bytes!("../../data/models/plain24_4p.bin"),
    },
    ShippedModel {
        families: &[Family::OverallRoyalties],
        players: 4,
        file: "data/models/royal24_4p.bin",
        bytes: include_bytes!("../../data/models/royal24_4p.bin"),
    },
    ShippedModel {
        families: &[Family::PerRow],
        players: 4,
        file: "data/models/perrow_4p.bin",
        bytes: include_bytes!("../../data/models/perrow_4p.bin"),
    },
    ShippedModel {
        families: &[Family::DoubledScoop],
        players: 4,
        file: "data/models/shisanshui_4p.bin",
        bytes: include_bytes!("../../data/models/shisanshui_4p.bin"),
    },
    ShippedModel {
        families: &[Family::ScoopPlain],
        players: 4,
        file: "data/models/plain16_4p.bin",
        bytes: include_bytes!("../../data/models/plain16_4p.bin"),
    },
    ShippedModel {
        families: &[Family::ScoopRoyalties],
        players: 4,
        file: "data/models/royal16_4p.bin",
        bytes: include_bytes!("../../data/models/royal16_4p.bin"),
    },
    ShippedModel {
        families: &[Family::Russian],
        players: 4,
        file: "data/models/russtable_4p.bin",
        bytes: include_bytes!("../../data/models/russtable_4p.bin"),
    },
];

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
            .find(|s| s.players == n && s.families.contains(&family))
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
    /// assert!(!std::ptr::eq(m, Model::embedded().unwrap()));
    /// assert!(Model::for_rules(&rules, 5).is_err());
    /// // No model of its own: the only-winner pot keeps the generic one.
    /// let pot = Rules::preset("pusoy_ph_pot").unwrap();
    /// assert!(std::ptr::eq(Model::for_rules(&pot, 2).unwrap(), Model::embedded().unwrap()));
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
