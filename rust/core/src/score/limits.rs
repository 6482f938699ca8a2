//! The limits of a deal: how many players sit at the table, the largest
//! per-pair stake and the largest carried pot. The player count has one
//! check, [`check_players`], so its bounds and its wording are written once.

use crate::error::{Error, Result};

/// The fewest players of a deal.
pub const MIN_PLAYERS: usize = 2;

/// The most players of a deal (one pack of 52 cards deals four hands of 13).
pub const MAX_PLAYERS: usize = 4;

/// Refuses a player count outside [`MIN_PLAYERS`]..=[`MAX_PLAYERS`].
///
/// ```
/// use chinese_poker_core::score::check_players;
/// assert!(check_players(4).is_ok());
/// assert!(check_players(5).is_err());
/// ```
#[inline]
pub fn check_players(n: usize) -> Result<()> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        Ok(())
    } else {
        Err(Error::InvalidSetting(format!(
            "a deal has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n}"
        )))
    }
}

/// The largest stake of a pair. With the option limits of `rules`
/// ([`MAX_POINTS`](crate::rules::MAX_POINTS), [`MAX_MULTIPLIER`](crate::rules::MAX_MULTIPLIER))
/// a pair settles to at most about 10^16 units, far inside `i64`.
pub const MAX_STAKE: i64 = 1_000_000;

/// The largest pot carried into a deal, in units.
pub const MAX_POT: i64 = 1_000_000_000_000;
