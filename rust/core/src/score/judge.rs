//! Judging each hand before any pair is settled: a surrender, a natural
//! (declared or claimed), a foul, or a played setting with its royalties.

use super::types::{PlayerHand, PlayerResult, Status};
use crate::error::{Error, Result};
use crate::natural::{find_natural_unchecked, Natural};
use crate::royalty::{dealt_royalty, row_royalty};
use crate::rules::{NaturalDeclare, Rules};
use crate::setting::{order_check, FoulReason, Row, Setting};

/// A player's state inside the settlement.
#[derive(Clone)]
pub(super) enum Side {
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

/// Decides the side of one player: natural claimed, foul, surrender or played.
pub(super) fn judge(i: usize, p: &PlayerHand, rules: &Rules) -> Result<(Side, PlayerResult)> {
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
pub(super) fn judge_setting(
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
                return Err(Error::InvalidSetting(format!(
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
