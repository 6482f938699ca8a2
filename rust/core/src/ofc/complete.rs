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
use crate::eval::{category_of, evaluator, Evaluator};
use crate::royalty::row_royalty;
use crate::setting::{order_check, Row};

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
    let placed = board.count();
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
    let mut buf = [0 as Card; 5];
    buf[..base.len()].copy_from_slice(base);
    let mut push = |mask: u32, buf: &mut [Card; 5]| {
        let mut k = base.len();
        for (i, &c) in cards.iter().enumerate() {
            if mask >> i & 1 == 1 {
                buf[k] = c;
                k += 1;
            }
        }
        let value = match row {
            Row::Front => e.value3([buf[0], buf[1], buf[2]]),
            _ => e.value5([buf[0], buf[1], buf[2], buf[3], buf[4]]),
        };
        let top = ((value >> 16) & 15) as f64;
        let mut score = row_royalty(&rules.rules, row, value) as f64
            + STRENGTH_WEIGHT * (category_of(value) as f64 + top / 13.0);
        if row == Row::Front && rules.fantasyland.enabled {
            if let Some(cards) = rules.fantasyland.entry_cards([value, 0, 0]) {
                score += worth.of(cards);
            }
        }
        out.push(RowOption { mask, value, score });
    };
    if free == 0 {
        push(0, &mut buf);
    } else if free <= n {
        // Gosper's hack: every n-bit mask with `free` bits set, in order.
        let mut m: u32 = (1 << free) - 1;
        while m < (1 << n) {
            push(m, &mut buf);
            let c = m & m.wrapping_neg();
            let r = m + c;
            m = (((r ^ m) >> 2) / c) | r;
        }
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out
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
    let middle = row_options(board, Row::Middle, cards, rules, e, worth);
    let back = row_options(board, Row::Back, cards, rules, e, worth);
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
    let mut best = f64::NEG_INFINITY;
    let mut pick: Option<[u32; 3]> = None;
    if let (Some(f0), Some(m0)) = (front.first(), middle.first()) {
        let (max_f, max_m) = (f0.score, m0.score);
        let mut examined = 0usize;
        'search: for b in &back {
            if b.score + max_m + max_f <= best {
                break;
            }
            for m in &middle {
                if b.score + m.score + max_f <= best {
                    break;
                }
                examined += 1;
                if examined > SEARCH_LIMIT && pick.is_some() {
                    break 'search;
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
        let later = cards_to_come_after(board, rules, keep).min(pool.len());
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

/// Cards still to come after this street, once `keep` of its cards are placed.
fn cards_to_come_after(board: &Board, rules: &OfcRules, keep: usize) -> usize {
    let free = 13 - board.count() - keep;
    if rules.pineapple {
        3 * free.div_ceil(2)
    } else {
        free
    }
}
