//! Playing a hand with a [`Strategy`] and the duplicate heads-up match
//! between two strategies.

use super::baseline::{greedy_setting, royalty_max_setting};
use super::strategy::Strategy;
use crate::cards::deck::{deal_cards, mix_seed};
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::natural::find_natural_unchecked;
use crate::parallel::{filled, for_chunks_sized, with_capacity, Threads};
use crate::rules::{NaturalDeclare, Rules};
use crate::score::{score, PlayerHand};
use crate::setting::Setting;
use crate::solve::{Model, Solver};

/// Plays one hand with a strategy: a setting, or a declared natural.
fn play(
    strategy: Strategy,
    hand: &[Card; 13],
    rules: &Rules,
    fast: &Solver,
    independent: &Solver,
) -> Result<PlayerHand> {
    let (cards, natural) = match strategy {
        Strategy::Fast | Strategy::FastIndependent => {
            let solver = if strategy == Strategy::Fast {
                fast
            } else {
                independent
            };
            let s = solver.solve_top(hand, 1)?;
            (s.setting, s.natural.is_some())
        }
        Strategy::Strong => return Err(Strategy::unknown(strategy.name(), &Strategy::MATCH)),
        Strategy::Greedy | Strategy::RoyaltyMax => {
            let (cards, fouled) = if strategy == Strategy::Greedy {
                greedy_setting(hand, rules)
            } else {
                royalty_max_setting(hand, rules)?
            };
            // The baselines always claim a natural, in its own arrangement
            // when it has one.
            match find_natural_unchecked(hand, rules) {
                Some(n) if n.setting.is_some() || !fouled => {
                    (n.setting.map_or(cards, |s| *s.cards()), true)
                }
                _ => (cards, false),
            }
        }
    };
    played(&cards, natural, rules)
}

/// A hand as played: its setting, declared as a natural when the player
/// claims one and the rules leave the claim to him (under `auto` and
/// `mandatory` the settlement claims naturals by itself).
pub(super) fn played(cards: &[Card; 13], natural: bool, rules: &Rules) -> Result<PlayerHand> {
    let setting = Setting::from_cards(cards)?;
    Ok(
        if natural && rules.natural_declare == NaturalDeclare::Optional {
            PlayerHand::Natural(setting)
        } else {
            PlayerHand::Setting(setting)
        },
    )
}

/// `each(deal)` for deals `0..deals` over the fork-safe pools (not rayon's
/// global one), in deal order; a result that depends only on the deal's
/// index does not depend on the thread count.
pub(super) fn per_deal<T: Clone + Send>(
    deals: usize,
    threads: Threads,
    zero: T,
    each: impl Fn(u64) -> Result<T> + Sync,
) -> Result<Vec<T>> {
    let too_many = |_| Error::InvalidSetting(format!("{deals} deals are too many for one match"));
    let mut idx = with_capacity(deals, "deals").map_err(too_many)?;
    idx.extend(0..deals as u64);
    let mut out = filled(deals, zero, "deals").map_err(too_many)?;
    for_chunks_sized(&idx, 1, &mut out, 1, threads, 16, |_, ids, out| {
        for (&d, o) in ids.iter().zip(out.iter_mut()) {
            *o = each(d)?;
        }
        Ok(())
    })?;
    Ok(out)
}

/// The mean of `xs` and its standard error.
pub(super) fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// A duplicate heads-up match: every deal is played twice with the two 13-card
/// hands exchanged, scored exactly by [`score`]. The fast strategies price
/// with the model for heads-up play under the rules ([`Model::for_rules`]).
/// Returns A's mean edge in
/// points per hand and its standard error (over deals). Deals come from
/// `(seed, deal index)`, so the result does not depend on the thread count.
///
/// ```
/// use chinese_poker_core::{rules::Rules, play::{duplicate_match, Strategy}};
/// let rules = Rules::preset("cp_pro_2_4").unwrap();
/// let (edge, se) = duplicate_match(Strategy::Greedy, Strategy::Greedy, 20, &rules, 1).unwrap();
/// assert_eq!((edge, se), (0.0, 0.0));
/// ```
pub fn duplicate_match(
    a: Strategy,
    b: Strategy,
    deals: usize,
    rules: &Rules,
    seed: u64,
) -> Result<(f64, f64)> {
    for s in [a, b] {
        if !Strategy::MATCH.contains(&s) {
            return Err(Strategy::unknown(s.name(), &Strategy::MATCH));
        }
    }
    let model = Model::for_rules(rules, 2)?;
    let independent_model = model.with_independent_rows();
    let fast = Solver::new(rules, 1, model)?;
    let independent = Solver::new(rules, 1, &independent_model)?;
    let edges = per_deal(deals, Threads::Auto, 0.0f64, |d| {
        let cards: [Card; 26] = deal_cards(mix_seed(seed, d));
        let mut h1 = [0; 13];
        let mut h2 = [0; 13];
        h1.copy_from_slice(&cards[..13]);
        h2.copy_from_slice(&cards[13..]);
        let mut total = 0.0;
        for (ha, hb) in [(&h1, &h2), (&h2, &h1)] {
            let pa = play(a, ha, rules, &fast, &independent)?;
            let pb = play(b, hb, rules, &fast, &independent)?;
            let r = score(&[pa, pb], rules, None)?;
            total += r.totals[0] as f64 / r.denominator as f64;
        }
        Ok(total / 2.0)
    })?;
    Ok(mean_se(&edges))
}
