//! The batch scorer: the totals of a deal of set hands given as card codes,
//! without explanations and without allocating on the usual path.

use super::judge::{judge_setting, Side};
use super::limits::check_players;
use super::pairwise::settle_pairs;
use super::pot::{pot_only_winner_amounts, pot_per_row_amounts};
use super::settle::score;
use super::types::PlayerHand;
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::eval::is_bad_cards;
use crate::rules::{Rules, Topology};
use crate::setting::Setting;

/// Settles deals of set hands given as card codes, for batches: the totals
/// of [`score`] without its explanations, and without allocating unless a
/// natural is found. The rules are checked once, when the scorer is made.
///
/// ```
/// use chinese_poker_core::{rules::Rules, score::DealScorer, setting::Setting, notation::Notation};
/// let codes = |s: &str| *Setting::parse(s, Notation::Intl).unwrap().cards();
/// let mut deal = codes("As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc").to_vec();
/// deal.extend(codes("Ac Ah Ts / Qc Qs Jc Jh 3d / 2s 3s 4h 5c 6h"));
/// let rules = Rules::preset("cp_pro_1_6").unwrap();
/// let mut totals = [0i64; 2];
/// let denominator = DealScorer::new(&rules).unwrap().totals(&deal, &mut totals).unwrap();
/// assert_eq!((totals, denominator), ([-1, 1], 1));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DealScorer<'r> {
    rules: &'r Rules,
}

impl<'r> DealScorer<'r> {
    /// A scorer for these rules (valid by construction).
    pub fn new(rules: &'r Rules) -> Result<DealScorer<'r>> {
        Ok(DealScorer { rules })
    }

    /// Settles one deal: `cards` holds 13 codes per player (front 3, middle
    /// 5, back 5), 2 to 4 players, and `totals` one slot per player. Writes
    /// the totals in units of `1 / denominator` and returns the denominator.
    /// The totals and errors are those of [`score`] on the same settings.
    pub fn totals(&self, cards: &[u8], totals: &mut [i64]) -> Result<i64> {
        self.totals_declaring(cards, 0, totals)
    }

    /// [`DealScorer::totals`] with naturals declared: bit `i` of `declared`
    /// set declares player `i`'s 13 cards a natural, as
    /// [`PlayerHand::Natural`] does for [`score`] (an error if they hold none).
    pub fn totals_declaring(&self, cards: &[u8], declared: u8, totals: &mut [i64]) -> Result<i64> {
        let rules = self.rules;
        let n = cards.len() / 13;
        let usual = cards.len() % 13 == 0
            && check_players(n).is_ok()
            && totals.len() == n
            && !is_bad_cards(cards)
            && !(rules.topology == Topology::Banker && rules.banker >= n);
        if !usual {
            // Rare (an invalid deal): the full path finds the error and words it.
            return self.explained(cards, declared, totals);
        }
        let mut sides = [
            Side::Surrendered,
            Side::Surrendered,
            Side::Surrendered,
            Side::Surrendered,
        ];
        for (i, (side, row)) in sides.iter_mut().zip(cards.chunks_exact(13)).enumerate() {
            let mut codes = [0 as Card; 13];
            codes.copy_from_slice(row);
            let setting = Setting::from_array_unchecked(codes);
            let natural = declared >> i & 1 == 1;
            *side = judge_setting(i, &setting, setting.values(rules), natural, false, rules)?;
        }
        let sides = &sides[..n];
        let mut matrix = [[0i64; 4]; 4];
        let denominator = match rules.topology {
            Topology::PotPerRow => pot_per_row_amounts(sides, rules, &mut matrix).0,
            Topology::PotOnlyWinner => {
                pot_only_winner_amounts(sides, rules, 0, &mut matrix, totals);
                return Ok(1);
            }
            Topology::Peer | Topology::Banker => {
                settle_pairs(sides, rules, None, &mut matrix, |_, _, _| {})
            }
        };
        for (t, row) in totals.iter_mut().zip(&matrix) {
            *t = row[..n].iter().sum();
        }
        Ok(denominator)
    }

    /// The deal through [`score`]: its error, or (never expected) its totals.
    fn explained(&self, cards: &[u8], declared: u8, totals: &mut [i64]) -> Result<i64> {
        let hands = cards
            .chunks(13)
            .enumerate()
            .map(|(i, s)| {
                let natural = i < 8 && declared >> i & 1 == 1;
                Setting::from_cards(s).map(if natural {
                    PlayerHand::Natural
                } else {
                    PlayerHand::Setting
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let result = score(&hands, self.rules, None)?;
        if totals.len() != result.totals.len() {
            return Err(Error::Array(format!(
                "{} totals for {} players",
                totals.len(),
                result.totals.len()
            )));
        }
        totals.copy_from_slice(&result.totals);
        Ok(result.denominator)
    }
}
