//! Clairvoyant completion of a board for rollouts: the board is given every
//! card it would still receive in the deal and places the best of them in
//! its free slots at once (royalties, Fantasyland and row strength, never
//! fouling when a legal completion exists).
//!
//! Knowing the future overestimates a board a little, but far less than a
//! greedy street-by-street policy underestimates the aggressive ones (a
//! queen pair in front, a flush draw in the middle) by fouling them. In
//! Pineapple the search keeps exactly two cards of each street's three
//! (the cards come street by street, three at a time, after the first five).

use super::fl_table::FlWorth;
use super::state::Board;
use super::OfcRules;
use crate::cards::Card;
use crate::eval::{category_of, evaluator, Evaluator, CARD_KEY};
use crate::royalty::row_royalty;
use crate::setting::{order_check, value_order_decides, Row};

/// Weight of a finished row's strength (category + top rank / 13) next to
/// its royalty: what makes the search prefer rows that win against others.
const STRENGTH_WEIGHT: f64 = 0.4;

/// Combinations of (back, middle) rows examined before the search settles
/// for the best found: bounds the rare boards where nearly everything fouls.
const SEARCH_LIMIT: usize = 60_000;

/// Cards a normal player's board still receives in the deal: one per free
/// slot, or three per remaining Pineapple street (two kept), 17 in all
/// from an empty Pineapple board.
pub(super) fn cards_to_come(board: &Board, rules: &OfcRules) -> usize {
    to_come(board.count(), rules)
}

/// [`cards_to_come`] for a board with `placed` cards.
fn to_come(placed: usize, rules: &OfcRules) -> usize {
    let free = 13 - placed;
    if !rules.pineapple {
        free
    } else if placed == 0 {
        17
    } else {
        3 * free.div_ceil(2)
    }
}

/// One way to fill a row: which of the dealt cards (a mask), the row's
/// value and its score.
struct RowOption {
    mask: u32,
    value: u32,
    score: f64,
}

/// A row's score in the search: its royalty, its strength and, for a
/// front that enters Fantasyland, the worth of the cards it earns.
fn row_score(row: Row, value: u32, rules: &OfcRules, worth: &FlWorth) -> f64 {
    let top = ((value >> 16) & 15) as f64;
    let mut score = row_royalty(&rules.rules, row, value) as f64
        + STRENGTH_WEIGHT * (category_of(value) as f64 + top / 13.0);
    if row == Row::Front && rules.fantasyland.enabled {
        if let Some(cards) = rules.fantasyland.entry_cards([value, 0, 0]) {
            score += worth.of(cards);
        }
    }
    score
}

/// Best score first; among equal scores the masks in increasing order, the
/// order they are generated in (so that ties are broken alike however the
/// options were made).
fn sort_options(options: &mut [RowOption]) {
    options.sort_unstable_by(|a, b| b.score.total_cmp(&a.score).then(a.mask.cmp(&b.mask)));
}

/// Every way to fill the free slots of `row` from `cards`, best score first.
fn row_options(
    board: &Board,
    row: Row,
    cards: &[Card],
    rules: &OfcRules,
    e: &Evaluator,
    worth: &FlWorth,
) -> Vec<RowOption> {
    let base = board.row(row);
    let free = board.free(row);
    let n = cards.len();
    let mut out = Vec::new();
    // A 5-card row's value is a look-up of the sum of its cards' keys: the
    // placed cards' sum once, then only the chosen cards' keys per mask.
    let base_key: u32 = base.iter().map(|&c| CARD_KEY[c as usize]).sum();
    let value_of = |mask: u32| -> u32 {
        if row == Row::Front {
            let mut buf = [0 as Card; 3];
            buf[..base.len()].copy_from_slice(base);
            let (mut k, mut m) = (base.len(), mask);
            while m != 0 {
                buf[k] = cards[m.trailing_zeros() as usize];
                k += 1;
                m &= m - 1;
            }
            e.value3(buf)
        } else {
            let (mut key, mut m) = (base_key, mask);
            while m != 0 {
                key += CARD_KEY[cards[m.trailing_zeros() as usize] as usize];
                m &= m - 1;
            }
            e.value_of_key(key)
        }
    };
    let mut push = |mask: u32| {
        let value = value_of(mask);
        let score = row_score(row, value, rules, worth);
        out.push(RowOption { mask, value, score });
    };
    if free == 0 {
        push(0);
    } else if free <= n {
        // Gosper's hack: every n-bit mask with `free` bits set, in order.
        let mut m: u32 = (1 << free) - 1;
        while m < (1 << n) {
            push(m);
            let c = m & m.wrapping_neg();
            let r = m + c;
            m = (((r ^ m) >> 2) / c) | r;
        }
    }
    sort_options(&mut out);
    out
}

/// The options of an empty row from those of another empty 5-card row:
/// the same cards make the same values, only the scores differ.
fn rescored(options: &[RowOption], row: Row, rules: &OfcRules, worth: &FlWorth) -> Vec<RowOption> {
    let mut out: Vec<RowOption> = options
        .iter()
        .map(|o| RowOption {
            mask: o.mask,
            value: o.value,
            score: row_score(row, o.value, rules, worth),
        })
        .collect();
    sort_options(&mut out);
    out
}

/// The best score of a row's options at most a value: the options by
/// value with the running maximum of their scores.
struct ScoreCap {
    values: Vec<u32>,
    best: Vec<f64>,
}

impl ScoreCap {
    fn new(options: &[RowOption]) -> ScoreCap {
        let mut by_value: Vec<(u32, f64)> = options.iter().map(|o| (o.value, o.score)).collect();
        by_value.sort_unstable_by_key(|&(v, _)| v);
        let mut top = f64::NEG_INFINITY;
        let best = by_value
            .iter()
            .map(|&(_, sc)| {
                top = top.max(sc);
                top
            })
            .collect();
        ScoreCap {
            values: by_value.into_iter().map(|(v, _)| v).collect(),
            best,
        }
    }

    /// The best score among options of value at most `value` (−∞ if none).
    fn at_most(&self, value: u32) -> f64 {
        match self.values.partition_point(|&v| v <= value) {
            0 => f64::NEG_INFINITY,
            i => self.best[i - 1],
        }
    }
}

/// Fills the board from `cards` (at most 17, at least its free slots) the
/// best way: the legal completion of highest total score, Fantasyland
/// entry counted at the `worth` of the cards its front earns. A board that
/// cannot avoid fouling is filled
/// with the first cards in order.
pub(super) fn complete_clairvoyant(
    board: &mut Board,
    cards: &[Card],
    rules: &OfcRules,
    worth: &FlWorth,
) {
    let e = evaluator(rules.rules.wheel);
    let r = &rules.rules;
    let front = row_options(board, Row::Front, cards, rules, e, worth);
    let back = row_options(board, Row::Back, cards, rules, e, worth);
    let middle = if board.row(Row::Middle).is_empty() && board.row(Row::Back).is_empty() {
        rescored(&back, Row::Middle, rules, worth)
    } else {
        row_options(board, Row::Middle, cards, rules, e, worth)
    };
    // Pineapple: the cards after the first five come in threes, of which
    // exactly two are kept; `over` tells a mask keeping all three of one.
    let lead = if rules.pineapple && board.count() == 0 {
        5
    } else {
        0
    };
    let streets: Vec<u32> = if rules.pineapple {
        (lead..cards.len())
            .step_by(3)
            .map(|i| 0b111u32 << i)
            .collect()
    } else {
        Vec::new()
    };
    let over = |mask: u32| streets.iter().any(|s| (mask & s).count_ones() == 3);
    // Where the order is the order of values, a row must be at most the one
    // behind it: the best front (middle) at most a value bounds what a middle
    // (back) can still reach, and prunes far more than the best row overall
    // (a Fantasyland front is only reachable behind a strong middle).
    // (Not worth building for a few options: late streets search a handful.)
    let (front_cap, middle_cap) = if value_order_decides(r) && middle.len() * back.len() > 1024 {
        (Some(ScoreCap::new(&front)), Some(ScoreCap::new(&middle)))
    } else {
        (None, None)
    };
    let mut best = f64::NEG_INFINITY;
    let mut pick: Option<[u32; 3]> = None;
    if let (Some(f0), Some(m0)) = (front.first(), middle.first()) {
        let (max_f, max_m) = (f0.score, m0.score);
        let mut examined = 0usize;
        'search: for b in &back {
            if b.score + max_m + max_f <= best {
                break;
            }
            // The best front this back leaves possible (a front is at most
            // the middle, so at most the back).
            let mut front_below = max_f;
            if let (Some(fc), Some(mc)) = (&front_cap, &middle_cap) {
                front_below = fc.at_most(b.value);
                if b.score + mc.at_most(b.value) + front_below <= best {
                    continue;
                }
            }
            for m in &middle {
                if b.score + m.score + front_below <= best {
                    break;
                }
                examined += 1;
                if examined > SEARCH_LIMIT && pick.is_some() {
                    break 'search;
                }
                if let Some(fc) = &front_cap {
                    if m.value > b.value || b.score + m.score + fc.at_most(m.value) <= best {
                        continue;
                    }
                }
                // The lowest front value cannot be above any middle, so
                // this checks the middle against the back alone.
                if m.mask & b.mask != 0
                    || over(m.mask | b.mask)
                    || order_check([0, m.value, b.value], r).is_some()
                {
                    continue;
                }
                let used = m.mask | b.mask;
                for f in &front {
                    let total = b.score + m.score + f.score;
                    if total <= best {
                        break;
                    }
                    if f.mask & used != 0
                        || over(f.mask | used)
                        || order_check([f.value, m.value, b.value], r).is_some()
                    {
                        continue;
                    }
                    best = total;
                    pick = Some([f.mask, m.mask, b.mask]);
                    break;
                }
            }
        }
    }
    match pick {
        Some(masks) => {
            for (row, mask) in Row::ALL.into_iter().zip(masks) {
                for (i, &c) in cards.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        board.push(row, c);
                    }
                }
            }
        }
        None => {
            let mut it = cards.iter();
            for row in Row::ALL {
                while board.free(row) > 0 {
                    match it.next() {
                        Some(&c) => {
                            board.push(row, c);
                        }
                        None => return,
                    }
                }
            }
        }
    }
}

/// Fills the board street by street from `own` (the cards it receives, in
/// the order they come) as a player who does not know them would: each
/// street's cards are placed (in Pineapple, two of three kept) where the
/// clairvoyant search puts them against futures drawn afresh from the
/// cards the player has not seen by then (the rest of `own` and
/// `others`); with several `futures` the placement most of them choose
/// (the first one's on a tie). Unlike [`complete_clairvoyant`] it fouls
/// about as often as play does, so a risky board is not priced as if the
/// cards were known.
pub(super) fn complete_sampled(
    board: &mut Board,
    own: &[Card],
    others: &[Card],
    rules: &OfcRules,
    worth: &FlWorth,
    futures: usize,
    rng: &mut crate::cards::deck::SplitMix64,
) {
    let mut pos = 0;
    let mut pool: Vec<Card> = Vec::with_capacity(own.len() + others.len());
    let mut cards: Vec<Card> = Vec::with_capacity(17);
    // Each proposed placement of a street (a row index per dealt card, 3 =
    // discarded) and how many futures chose it.
    let mut votes: Vec<([u8; 5], usize)> = Vec::with_capacity(futures.max(1));
    while !board.is_full() && pos < own.len() {
        let street = if board.count() == 0 {
            5
        } else if rules.pineapple {
            3
        } else {
            1
        };
        let keep = if board.count() == 0 || !rules.pineapple {
            street
        } else {
            2
        };
        let end = (pos + street).min(own.len());
        let dealt = &own[pos..end];
        // What is still to come after this street, drawn from what the
        // player has not seen: the rest of its own cards and the others'.
        pool.clear();
        pool.extend_from_slice(&own[end..]);
        pool.extend_from_slice(others);
        // (`keep` is at least one, so the board is never empty after it.)
        let later = to_come(board.count() + keep, rules).min(pool.len());
        votes.clear();
        for _ in 0..futures.max(1) {
            rng.shuffle_prefix(&mut pool, later);
            cards.clear();
            cards.extend_from_slice(dealt);
            cards.extend_from_slice(&pool[..later]);
            let mut trial = *board;
            complete_clairvoyant(&mut trial, &cards, rules, worth);
            let mut rows = [3u8; 5];
            for (i, &c) in dealt.iter().enumerate() {
                if let Some(r) = (0..3).find(|&r| trial.row(Row::ALL[r]).contains(&c)) {
                    rows[i] = r as u8;
                }
            }
            match votes.iter_mut().find(|v| v.0 == rows) {
                Some(v) => v.1 += 1,
                None => votes.push((rows, 1)),
            }
        }
        let mut rows = votes[0].0;
        let mut most = votes[0].1;
        for v in &votes[1..] {
            if v.1 > most {
                (rows, most) = *v;
            }
        }
        let mut placed = 0;
        for (i, &c) in dealt.iter().enumerate() {
            if placed < keep && rows[i] < 3 && board.push(Row::ALL[rows[i] as usize], c) {
                placed += 1;
            }
        }
        // A board that fouls whatever it does keeps the first cards in order.
        for &c in dealt {
            if placed == keep {
                break;
            }
            if board.contains(c) {
                continue;
            }
            if let Some(row) = Row::ALL.into_iter().find(|&r| board.free(r) > 0) {
                board.push(row, c);
                placed += 1;
            }
        }
        pos = end;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::cards::deck::SplitMix64;
    use crate::cards::DECK_SIZE;

    /// The middle's options taken from the back's when both are empty are
    /// the ones enumerated for the middle itself, in the same order; and a
    /// row's value from its key sum is the value of its five cards.
    #[test]
    fn rows_share_values_and_keys_sum_to_the_values() {
        let rules = OfcRules::preset("ofc_pineapple").unwrap();
        let e = evaluator(rules.rules.wheel);
        let worth = FlWorth::from_fn(|_| 9.0);
        let mut rng = SplitMix64::new(3);
        for round in 0..20 {
            let mut deck: Vec<Card> = (0..DECK_SIZE as Card).collect();
            rng.shuffle(&mut deck);
            let mut board = Board::new();
            for &c in &deck[..round % 4] {
                board.push(Row::Front, c);
            }
            let cards = &deck[4..4 + 10 + round % 8];
            let back = row_options(&board, Row::Back, cards, &rules, e, &worth);
            let shared = rescored(&back, Row::Middle, &rules, &worth);
            let own = row_options(&board, Row::Middle, cards, &rules, e, &worth);
            assert_eq!(shared.len(), own.len());
            for (a, b) in shared.iter().zip(&own) {
                assert_eq!((a.mask, a.value, a.score), (b.mask, b.value, b.score));
            }
            for o in back.iter().take(50) {
                let picked: Vec<Card> = (0..cards.len())
                    .filter(|&i| o.mask >> i & 1 == 1)
                    .map(|i| cards[i])
                    .collect();
                assert_eq!(o.value, e.value5(picked.try_into().unwrap()));
            }
        }
    }
}
