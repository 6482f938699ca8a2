//! The duplicate match between two opponent models: the fast solver priced
//! with model A against the fast solver priced with model B, at a table of
//! 2 to 4 players under any rules.
//!
//! Every deal is first played with B at every seat (the reference). Then for
//! each seat `i` the hand at seat `i` is played with A instead, everyone else
//! keeping B's settings, and A's gain at seat `i` is what seat `i` receives
//! minus what it received in the reference. The cards are the same in both
//! games, so their luck cancels; the deal's edge is the mean gain over the
//! seats. Heads-up this is exactly the match with the seats swapped: the two
//! games (A, B) and (B, A) against the zero-sum reference (B, B).

use super::duplicate::{mean_se, per_deal, played};
use crate::cards::deck::{deal_cards, mix_seed};
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::parallel::Threads;
use crate::rules::Rules;
use crate::score::{check_players, score, PlayerHand};
use crate::solve::{Model, Solver, TableSolvers};

/// The outcome of [`model_match`].
#[derive(Clone, Debug, PartialEq)]
pub struct ModelMatch {
    /// Deals played.
    pub deals: usize,
    /// Players at the table.
    pub players: usize,
    /// A's mean gain over B in points per hand (one seat of one deal).
    pub edge: f64,
    /// Standard error of `edge`, over deals.
    pub se: f64,
    /// Share of hands that A and B set identically (and declare alike).
    pub same_setting_rate: f64,
}

/// A hand as the fast solver sets it: a setting, or a declared natural.
fn fast_hand(solver: &Solver, hand: &[Card; 13], rules: &Rules) -> Result<PlayerHand> {
    let s = solver.solve_top(hand, 1)?;
    played(&s.setting, s.natural.is_some(), rules)
}

fn play_deal(
    cards: &[Card; 52],
    players: usize,
    rules: &Rules,
    a: &TableSolvers,
    b: &TableSolvers,
) -> Result<(f64, usize)> {
    let hands: Vec<[Card; 13]> = (0..players)
        .map(|p| std::array::from_fn(|i| cards[13 * p + i]))
        .collect();
    let with_b = hands
        .iter()
        .enumerate()
        .map(|(seat, h)| fast_hand(b.seat(seat), h, rules))
        .collect::<Result<Vec<_>>>()?;
    let reference = score(&with_b, rules, None)?;
    let mut gain = 0.0;
    let mut same = 0;
    for (seat, hand) in hands.iter().enumerate() {
        let mine = fast_hand(a.seat(seat), hand, rules)?;
        if mine == with_b[seat] {
            // The same game as the reference: a gain of exactly zero.
            same += 1;
            continue;
        }
        let mut table = with_b.clone();
        table[seat] = mine;
        let r = score(&table, rules, None)?;
        gain += r.totals[seat] as f64 / r.denominator as f64
            - reference.totals[seat] as f64 / reference.denominator as f64;
    }
    Ok((gain / players as f64, same))
}

/// Plays `deals` duplicate deals of `players` (2 to 4) between the fast
/// solver with model `a` and the fast solver with model `b` under `rules`
/// (see the module documentation). Each solver is told it faces
/// `players - 1` opponents, and under the banker topology the bank's seat
/// is priced as the bank ([`TableSolvers`]). Deal `d`'s cards come from `(seed, d)` and each
/// deal is scored on its own, so the result does not depend on `threads`.
///
/// ```
/// use chinese_poker_core::{parallel::Threads, play::model_match, rules::Rules, solve::Model};
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let m = Model::embedded().unwrap();
/// let r = model_match(m, m, &rules, 3, 10, 1, Threads::Count(1)).unwrap();
/// assert_eq!((r.edge, r.se, r.same_setting_rate), (0.0, 0.0, 1.0));
/// ```
pub fn model_match(
    a: &Model,
    b: &Model,
    rules: &Rules,
    players: usize,
    deals: usize,
    seed: u64,
    threads: Threads,
) -> Result<ModelMatch> {
    check_players(players)?;
    if deals == 0 {
        return Err(Error::InvalidSetting(
            "a model match needs at least one deal".into(),
        ));
    }
    let sa = TableSolvers::new(rules, players - 1, a)?;
    let sb = TableSolvers::new(rules, players - 1, b)?;
    let out = per_deal(deals, threads, (0.0f64, 0usize), |d| {
        let cards: [Card; 52] = deal_cards(mix_seed(seed, d));
        play_deal(&cards, players, rules, &sa, &sb)
    })?;
    let gains: Vec<f64> = out.iter().map(|o| o.0).collect();
    let (edge, se) = mean_se(&gains);
    let same = out.iter().map(|o| o.1).sum::<usize>();
    Ok(ModelMatch {
        deals,
        players,
        edge,
        se,
        same_setting_rate: same as f64 / (deals * players) as f64,
    })
}

#[cfg(test)]
#[path = "model_match_tests.rs"]
mod tests;
