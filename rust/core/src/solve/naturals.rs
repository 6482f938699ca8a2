//! Opponents' naturals, which the row model leaves out: a natural is settled
//! before any row is compared, so against an opponent who declares one our
//! rows earn nothing and we pay its value. The chance and the mean value are
//! measured once per set of rules by dealing random hands from a fixed seed
//! (answers stay deterministic) and kept for the life of the process.
//!
//! Two simplifications, both small next to the effect they price: the hands
//! are dealt from a full deck (our own cards are not removed), and every
//! natural is assumed declared (an optional natural is worth far more than a
//! played hand in every preset).

use crate::cards::deck::{new_deck, SplitMix64};
use crate::cards::Card;
use crate::natural::find_natural_unchecked;
use crate::rules::Rules;
use std::sync::Mutex;

/// Hands dealt per set of rules: about 500 naturals at the common 3 % rate,
/// so the expected cost is known to a few hundredths of a point.
pub(super) const SAMPLES: usize = 1 << 14;

/// Seed of those deals.
const SEED: u64 = 0x6E61_7475_7261_6C73;

/// Rules kept at once; beyond that the oldest entry is measured again when
/// it comes back (a process rarely plays more than a few rule sets).
const KEPT: usize = 32;

/// What one opponent's naturals cost us.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpponentNaturals {
    /// The chance that a random hand is a natural under the rules.
    pub rate: f64,
    /// The mean value per opponent of those naturals (points we pay).
    pub value: f64,
}

impl OpponentNaturals {
    /// No naturals: rules that enable none.
    pub const NONE: OpponentNaturals = OpponentNaturals {
        rate: 0.0,
        value: 0.0,
    };
}

static MEASURED: Mutex<Vec<(Rules, OpponentNaturals)>> = Mutex::new(Vec::new());

/// The chance and mean value of an opponent's natural under `rules`,
/// measured on first use (about 10 ms) and remembered.
pub fn opponent_naturals(rules: &Rules) -> OpponentNaturals {
    if rules.naturals.is_empty() {
        return OpponentNaturals::NONE;
    }
    // A poisoned lock only means another thread panicked while holding it;
    // the list itself is always whole, so carry on with it.
    let lookup = |list: &Vec<(Rules, OpponentNaturals)>| {
        list.iter().find(|(r, _)| r == rules).map(|&(_, n)| n)
    };
    if let Some(n) = lookup(&MEASURED.lock().unwrap_or_else(|e| e.into_inner())) {
        return n;
    }
    let measured = measure(rules, SAMPLES, SEED);
    let mut list = MEASURED.lock().unwrap_or_else(|e| e.into_inner());
    if lookup(&list).is_none() {
        if list.len() >= KEPT {
            list.remove(0);
        }
        list.push((rules.clone(), measured));
    }
    measured
}

/// Deals `samples` random hands from `seed` and tallies their naturals.
pub(super) fn measure(rules: &Rules, samples: usize, seed: u64) -> OpponentNaturals {
    let mut rng = SplitMix64::new(seed);
    let mut deck = new_deck();
    let (mut count, mut total) = (0usize, 0i64);
    for _ in 0..samples {
        rng.shuffle_prefix(&mut deck, 13);
        let hand: [Card; 13] = std::array::from_fn(|i| deck[i]);
        if let Some(nat) = find_natural_unchecked(&hand, rules) {
            count += 1;
            total += nat.value;
        }
    }
    if count == 0 {
        return OpponentNaturals::NONE;
    }
    OpponentNaturals {
        rate: count as f64 / samples as f64,
        value: total as f64 / count as f64,
    }
}

#[cfg(test)]
#[path = "naturals_tests.rs"]
mod tests;
