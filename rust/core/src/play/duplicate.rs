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
    let setting = Setting::from_cards(&cards)?;
    // Under `auto`/`mandatory` the settlement claims naturals by itself.
    Ok(
        if natural && rules.natural_declare == NaturalDeclare::Optional {
            PlayerHand::Natural(setting)
        } else {
            PlayerHand::Setting(setting)
        },
    )
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
    // The batch module's fork-safe pools, not rayon's global one; each deal's
    // edge depends only on (seed, deal index), so threads do not change it.
    let too_many = |_| Error::InvalidSetting(format!("{deals} deals are too many for one match"));
    let mut idx = with_capacity(deals, "deals").map_err(too_many)?;
    idx.extend(0..deals as u64);
    let mut edges = filled(deals, 0.0f64, "deals").map_err(too_many)?;
    for_chunks_sized(&idx, 1, &mut edges, 1, Threads::Auto, 16, |_, ids, out| {
        for (&d, e) in ids.iter().zip(out.iter_mut()) {
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
            *e = total / 2.0;
        }
        Ok(())
    })?;
    let n = edges.len().max(1) as f64;
    let mean = edges.iter().sum::<f64>() / n;
    let var = edges.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    Ok((mean, (var / n).sqrt()))
}
