//! The fast placement heuristic: a board's worth at a glance (royalties made
//! or promised, row strength, Fantasyland, out-of-order rows), the move it
//! rates best, and the greedy street-by-street completion the rollouts of
//! [`super::agent`] use as a policy.

use super::fantasyland::best_fantasyland_setting;
use super::state::{Board, Move, OfcGame};
use super::OfcRules;
use crate::cards::{rank, suit, Card};
use crate::error::{Error, Result};
use crate::eval::{category_of, evaluator, Category, Evaluator};
use crate::royalty::row_royalty;
use crate::setting::{order_check, Row};

/// Value the heuristic and the baseline agent give to staying in or
/// entering Fantasyland, in points.
pub const FANTASYLAND_VALUE: f64 = 8.0;

/// A row's strength on one scale for all rows: category + top rank / 13.
/// Partial rows count only made pairs, trips and quads.
fn strength(cards: &[Card], full: bool, e: &Evaluator, row: Row) -> (f64, u8) {
    if full {
        let v = match row {
            Row::Front => e.value3([cards[0], cards[1], cards[2]]),
            _ => e.value5([cards[0], cards[1], cards[2], cards[3], cards[4]]),
        };
        let top = ((v >> 16) & 15).saturating_sub(1) as f64;
        return (category_of(v) as f64 + top / 13.0, category_of(v));
    }
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[rank(c) as usize] += 1;
    }
    let (mut best, mut best_rank, mut pairs, mut high) = (0u8, 0usize, 0, 0usize);
    for (r, &n) in counts.iter().enumerate() {
        if n > 0 {
            high = r;
        }
        if n >= 2 {
            pairs += 1;
        }
        if n >= best && n > 0 {
            best = n;
            best_rank = r;
        }
    }
    let cat = match (best, pairs) {
        (4, _) => Category::Quads,
        (3, _) => Category::Trips,
        (2, p) if p >= 2 => Category::TwoPair,
        (2, _) => Category::Pair,
        _ => Category::HighCard,
    } as u8;
    let top = if best >= 2 { best_rank } else { high };
    (cat as f64 + top as f64 / 13.0, cat)
}

/// How much a 5-card row's suits and ranks promise (flush and straight draws).
fn draw_bonus(cards: &[Card], rules: &OfcRules, row: Row) -> f64 {
    let n = cards.len();
    if !(2..5).contains(&n) || row == Row::Front {
        return 0.0;
    }
    let table = match row {
        Row::Middle => &rules.rules.royalty_table.middle,
        _ => &rules.rules.royalty_table.back,
    };
    // A draw is also worth something for winning the row, hence the + 1.
    let fl = (table[Category::Flush as usize] as f64 + 1.0).max(1.0);
    let st = (table[Category::Straight as usize] as f64 + 1.0).max(1.0);
    let mut bonus = 0.0;
    if cards.iter().all(|&c| suit(c) == suit(cards[0])) {
        bonus += fl * [0.0, 0.0, 0.12, 0.25, 0.45][n];
    }
    let mut bits = 0u16;
    for &c in cards {
        bits |= 1 << rank(c);
    }
    if bits.count_ones() as usize == n {
        // Ranks shifted up one so the ace can also sit below the deuce.
        let high = bits << 1;
        let low = if bits >> 12 & 1 == 1 {
            ((bits & 0x0FFF) << 1) | 1
        } else {
            high
        };
        let spans = (0..10).any(|lo| {
            let window = 0b11111u16 << lo;
            high & !window == 0 || low & !window == 0
        });
        if spans {
            bonus += st * [0.0, 0.0, 0.1, 0.2, 0.35][n];
        }
    }
    bonus
}

/// A fast estimate of a board's worth to its owner: royalties made (or
/// promised by draws), a small term for row strength, Fantasyland, and a
/// penalty for rows that are out of order — the larger the fewer slots are
/// left to repair them.
pub fn board_heuristic(board: &Board, rules: &OfcRules, in_fantasyland: bool) -> f64 {
    let e = evaluator(rules.rules.wheel);
    let r = &rules.rules;
    if board.is_full() {
        // Straight from the row values: this runs for every final placement
        // of every rollout, so it avoids building a checked `Setting`.
        let f = board.row(Row::Front);
        let m = board.row(Row::Middle);
        let b = board.row(Row::Back);
        let values = [
            e.value3([f[0], f[1], f[2]]),
            e.value5([m[0], m[1], m[2], m[3], m[4]]),
            e.value5([b[0], b[1], b[2], b[3], b[4]]),
        ];
        if order_check(values, r).is_some() {
            return -30.0;
        }
        let mut total = 0.0;
        for (i, &row) in Row::ALL.iter().enumerate() {
            let top = ((values[i] >> 16) & 15) as f64;
            total += row_royalty(r, row, values[i]) as f64
                + 0.4 * (category_of(values[i]) as f64 + top / 13.0);
        }
        if rules
            .fantasyland
            .next_cards_for_values(values, r, in_fantasyland)
            > 0
        {
            total += FANTASYLAND_VALUE;
        }
        return total;
    }
    let mut s = [(0.0, 0u8); 3];
    let mut total = 0.0;
    for (i, &row) in Row::ALL.iter().enumerate() {
        let cards = board.row(row);
        let full = board.free(row) == 0;
        s[i] = strength(cards, full, e, row);
        total += 0.4 * s[i].0;
        if full {
            let v = e.value(cards).unwrap_or(0);
            total += row_royalty(r, row, v) as f64;
        } else {
            total += draw_bonus(cards, rules, row);
            // Made pairs/trips in a partial row earn their royalty with some risk.
            let cat = s[i].1 as usize;
            let made = match row {
                Row::Front => {
                    let top = (s[i].0.fract() * 13.0).round() as usize;
                    match cat {
                        1 => r.royalty_table.front_pair[top.min(12)],
                        3 => r.royalty_table.front_trips[top.min(12)],
                        _ => 0,
                    }
                }
                Row::Middle => r.royalty_table.middle[cat],
                Row::Back => r.royalty_table.back[cat],
            };
            total += 0.7 * made as f64;
            if row == Row::Front && rules.fantasyland.enabled && !in_fantasyland {
                let top = (s[i].0.fract() * 13.0).round() as usize;
                if (cat == 1 && top >= 10) || cat == 3 {
                    total += 0.6 * FANTASYLAND_VALUE;
                }
            }
        }
    }
    // Out-of-order rows: front above middle, middle above back.
    for (lo, hi) in [(0usize, 1usize), (1, 2)] {
        let deficit = s[lo].0 - s[hi].0;
        if deficit > 0.0 {
            let free_hi = board.free(Row::ALL[hi]) as f64;
            let filled = 5.0 - free_hi;
            total -= if free_hi == 0.0 {
                12.0 + 3.0 * deficit
            } else {
                deficit * (1.0 + filled * filled * 0.6)
            };
        }
    }
    // High cards early in the front make the middle's job harder.
    if board.free(Row::Front) > 0 {
        for &c in board.row(Row::Front) {
            total -= 0.05 * rank(c) as f64 * (board.free(Row::Middle) as f64 / 5.0);
        }
    }
    total
}

/// The best assignment (by [`board_heuristic`]) of `cards` to the board,
/// discarding exactly `discards` of them: `(placements, discards, value)`.
fn best_assignment(
    board: &Board,
    cards: &[Card],
    discards: usize,
    rules: &OfcRules,
    in_fl: bool,
) -> (Vec<(Card, Row)>, Vec<Card>, f64) {
    let n = cards.len();
    let mut best: (Vec<(Card, Row)>, Vec<Card>, f64) = (Vec::new(), Vec::new(), f64::NEG_INFINITY);
    // Each card: 0..3 a row, 3 = discard.
    let choices = if discards > 0 { 4usize } else { 3 };
    let total = choices.pow(n as u32);
    for code in 0..total {
        let mut x = code;
        let mut b = *board;
        let mut d = 0;
        let mut ok = true;
        for &c in cards {
            let k = x % choices;
            x /= choices;
            if k == 3 {
                d += 1;
            } else if !b.push(Row::ALL[k], c) {
                ok = false;
                break;
            }
        }
        if !ok || d != discards {
            continue;
        }
        let h = board_heuristic(&b, rules, in_fl);
        if h > best.2 {
            let mut x = code;
            let (mut p, mut dd) = (Vec::new(), Vec::new());
            for &c in cards {
                let k = x % choices;
                x /= choices;
                if k == 3 {
                    dd.push(c);
                } else {
                    p.push((c, Row::ALL[k]));
                }
            }
            best = (p, dd, h);
        }
    }
    best
}

/// Places cards one at a time, each where the heuristic likes it best; the
/// fallback for hands too large to enumerate (a simulated Fantasyland board).
fn place_sequential(board: &mut Board, cards: &[Card], rules: &OfcRules, in_fl: bool) {
    for &c in cards {
        place_one_as(board, c, rules, in_fl);
    }
}

/// Places one card in its best row (by the heuristic of a normal player);
/// the heuristic value of the resulting board.
fn place_one(board: &mut Board, card: Card, rules: &OfcRules) -> f64 {
    place_one_as(board, card, rules, false)
}

fn place_one_as(board: &mut Board, card: Card, rules: &OfcRules, in_fl: bool) -> f64 {
    let mut pick = None;
    let mut best = f64::NEG_INFINITY;
    for row in Row::ALL {
        let mut b = *board;
        if b.push(row, card) {
            let h = board_heuristic(&b, rules, in_fl);
            if h > best {
                best = h;
                pick = Some(b);
            }
        }
    }
    if let Some(b) = pick {
        *board = b;
    }
    best
}

/// The heuristic agent's move for the player to act: the legal move whose
/// board scores best by [`board_heuristic`]; a Fantasyland player gets the
/// exact best setting.
pub fn heuristic_move(game: &OfcGame) -> Result<Move> {
    let seat = game
        .to_act()
        .ok_or_else(|| Error::InvalidSetting("the deal is finished".into()))?;
    let rules = game.rules();
    let hand = game.hand(seat);
    if game.in_fantasyland(seat) {
        let sol = best_fantasyland_setting(hand, rules, FANTASYLAND_VALUE)?;
        return Ok(Move::from_setting(&sol.setting, sol.discards));
    }
    let (_, n_discard) = game.move_shape().unwrap_or((0, 0));
    let (p, d, _) = best_assignment(game.board(seat), hand, n_discard, rules, false);
    Ok(Move::new(p, d))
}

/// Completes a board from a stream of cards the way the rollout policy
/// would play it: the remaining streets of a normal player.
pub(super) fn complete(board: &mut Board, deck: &[Card], pos: &mut usize, rules: &OfcRules) {
    while !board.is_full() {
        let placed = board.count();
        let take = if placed == 0 {
            5
        } else if rules.pineapple {
            3
        } else {
            1
        };
        let discards = if placed > 0 && rules.pineapple { 1 } else { 0 };
        let end = (*pos + take).min(deck.len());
        let cards = &deck[*pos..end];
        *pos = end;
        if cards.len() < take {
            // The pack ran out (cannot happen in a legal deal); fill what fits.
            place_sequential(board, cards, rules, false);
            return;
        }
        if discards == 1 {
            // Pineapple street: for each discard, place the other two one at
            // a time (18 evaluations instead of the 27 of the full product;
            // rollouts run this on every street of every sample).
            let mut best = (f64::NEG_INFINITY, *board);
            for d in 0..cards.len() {
                let mut b = *board;
                let kept = cards.iter().enumerate().filter(|&(i, _)| i != d);
                let h = kept.fold(f64::NEG_INFINITY, |_, (_, &c)| place_one(&mut b, c, rules));
                if h > best.0 {
                    best = (h, b);
                }
            }
            *board = best.1;
        } else if placed == 0 {
            let (p, _, _) = best_assignment(board, cards, 0, rules, false);
            for (c, r) in p {
                board.push(r, c);
            }
        } else {
            place_sequential(board, cards, rules, false);
        }
    }
}
