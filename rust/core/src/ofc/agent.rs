//! Placement agents: a fast heuristic (used alone for self-play, to keep
//! candidate moves, and as the greedy rollout policy) and a Monte-Carlo
//! agent that completes every board from the unseen cards and scores the
//! result exactly with [`crate::score::score`]. The default agent
//! ([`suggest`]) completes boards clairvoyantly (blended with the greedy
//! policy for its own board) and counts Fantasyland at its measured worth;
//! the earlier agent stays available as [`suggest_baseline`].

use super::complete::{cards_to_come, complete_clairvoyant};
use super::fantasyland::best_fantasyland_setting;
use super::state::{Board, Move, OfcGame};
use super::OfcRules;
use crate::cards::deck::{mix_seed, SplitMix64};
use crate::cards::{rank, suit, Card, DECK_SIZE};
use crate::error::{Error, Result};
use crate::eval::{category_of, evaluator, Category, Evaluator};
use crate::royalty::row_royalty;
use crate::score::{score, PlayerHand, Status};
use crate::setting::{order_check, Row};
use std::time::{Duration, Instant};

/// Rollouts per finalist move at default effort.
pub const DEFAULT_SAMPLES: usize = 96;
/// Candidates kept (by heuristic) for the baseline's rollouts: 232
/// placements of five cards are too many to simulate each within the time floor.
pub const FIRST_STREET_CANDIDATES: usize = 16;
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
fn complete(board: &mut Board, deck: &[Card], pos: &mut usize, rules: &OfcRules) {
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

/// The agent as it played before clairvoyant rollouts and a Fantasyland
/// value in the estimates (the strategy `baseline`): candidate moves ranked
/// by estimated EV (points for `seat`, averaged over `samples` rollouts).
/// Each rollout deals the unseen cards at random, completes every board
/// with the greedy heuristic policy and settles the deal with
/// [`crate::score::score`] under the preset; every candidate sees the same
/// rollouts (common random numbers), and the result is fixed by `seed`.
/// At most [`FIRST_STREET_CANDIDATES`] moves, the heuristic's best, are
/// simulated. A hidden Fantasyland board is simulated as a normal one built
/// from random cards. A Fantasyland player gets the one exact best setting,
/// with its royalties + [`FANTASYLAND_VALUE`] if it stays as the estimate.
pub fn suggest_baseline(
    game: &OfcGame,
    seat: usize,
    samples: usize,
    seed: u64,
) -> Result<Vec<(Move, f64)>> {
    suggest_with(game, seat, &AgentConfig::baseline(samples), seed, None)
}

/// Refuses a suggestion for a seat that is not to act.
fn check_turn(game: &OfcGame, seat: usize) -> Result<()> {
    let to_act = game
        .to_act()
        .ok_or_else(|| Error::InvalidSetting("the deal is finished".into()))?;
    if seat != to_act {
        return Err(Error::InvalidSetting(format!(
            "it is seat {to_act}'s turn, not seat {seat}'s"
        )));
    }
    Ok(())
}

/// `board` with the placements of `m`.
fn board_after(board: &Board, m: &Move) -> Board {
    let mut b = *board;
    for &(c, r) in &m.placements {
        b.push(r, c);
    }
    b
}

/// The `keep` moves whose boards [`board_heuristic`] rates best, best first
/// (a stable sort, so ties keep the order of the legal moves).
fn best_by_heuristic(game: &OfcGame, seat: usize, moves: Vec<Move>, keep: usize) -> Vec<Move> {
    let board = game.board(seat);
    let rules = game.rules();
    let mut scored: Vec<(f64, Move)> = moves
        .into_iter()
        .map(|m| (board_heuristic(&board_after(board, &m), rules, false), m))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(keep).map(|(_, m)| m).collect()
}

/// The cards a seat has not seen: not on a visible board, not in its hand,
/// not among its own discards.
fn unseen_cards(view: &super::state::View) -> Vec<Card> {
    let mut seen = [false; DECK_SIZE];
    for b in view.boards.iter().flatten() {
        for c in b.cards() {
            seen[c as usize] = true;
        }
    }
    for &c in view.hand.iter().chain(&view.discards) {
        seen[c as usize] = true;
    }
    (0..DECK_SIZE as Card)
        .filter(|&c| !seen[c as usize])
        .collect()
}

/// How a rollout completes a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Street by street with the heuristic, as the baseline agent does.
    Greedy,
    /// All the cards to come at once, placed the best way
    /// (an exhaustive search over the free slots).
    Clairvoyant,
    /// The mean of the greedy and the clairvoyant results (own board only;
    /// opponents take the clairvoyant completion): the one underestimates
    /// a board about as much as the other overestimates it.
    Blend,
}

/// Effort and policy of the Monte-Carlo agent ([`suggest_with`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentConfig {
    /// Rollouts per finalist move.
    pub samples: usize,
    /// Moves kept by the heuristic before any rollout in Pineapple (the
    /// first street has about 230 placements, a later street up to 27).
    pub candidates: usize,
    /// The same with one card a street: only the first street has more
    /// than three moves, and its rollouts are cheap (eight cards to place,
    /// none to discard), so every placement can be simulated.
    pub classic_candidates: usize,
    /// Rollouts per finalist with one card a street are `samples` times
    /// this: such decisions are about ten times cheaper than Pineapple's
    /// (at most three moves after the first street), and more rollouts
    /// measurably help there within the same time.
    pub classic_sample_scale: usize,
    /// Moves kept after a first quarter of the rollouts for the rest.
    pub finalists: usize,
    /// Completion of the agent's own board.
    pub own: Completion,
    /// Completion of the other boards.
    pub opponents: Completion,
    /// Count [`fantasyland_value`] in the estimates and completions.
    pub fantasyland: bool,
    /// A Fantasyland value per opponent to use instead of the preset's.
    pub fl_per_opponent: Option<f64>,
    /// Points taken from a rollout whose own board fouls, on top of the
    /// settlement: rollouts see cards a real player does not, so they foul
    /// less than play does, and this makes up for part of it.
    pub foul_penalty: f64,
}

impl AgentConfig {
    /// The agent as it played before clairvoyant rollouts ([`suggest_baseline`]):
    /// greedy completions, no Fantasyland value in the estimates, the
    /// heuristic's [`FIRST_STREET_CANDIDATES`] best moves all simulated to the end.
    pub const fn baseline(samples: usize) -> AgentConfig {
        AgentConfig {
            samples,
            candidates: FIRST_STREET_CANDIDATES,
            classic_candidates: FIRST_STREET_CANDIDATES,
            classic_sample_scale: 1,
            finalists: usize::MAX,
            own: Completion::Greedy,
            opponents: Completion::Greedy,
            fantasyland: false,
            fl_per_opponent: None,
            foul_penalty: 0.0,
        }
    }

    /// The default agent at `samples` rollouts per finalist.
    pub const fn with_samples(samples: usize) -> AgentConfig {
        AgentConfig {
            samples,
            candidates: 24,
            classic_candidates: 256,
            classic_sample_scale: 3,
            finalists: 8,
            own: Completion::Blend,
            opponents: Completion::Clairvoyant,
            fantasyland: true,
            fl_per_opponent: None,
            foul_penalty: 0.0,
        }
    }
}

/// Points a deal in Fantasyland is worth over a normal deal, per opponent,
/// with the chance of staying included; measured by playing Fantasyland
/// deals (the exact solver) against the default agent (`ofc_match
/// --fl-value`).
fn fantasyland_value_per_opponent(rules: &OfcRules) -> f64 {
    if !rules.fantasyland.enabled {
        0.0
    } else if rules.pineapple {
        9.0
    } else {
        7.0
    }
}

/// What entering (or staying in) Fantasyland is worth, in points, at a
/// table of `players`: each opponent pays the Fantasyland player's edge.
pub fn fantasyland_value(rules: &OfcRules, players: usize) -> f64 {
    fantasyland_value_per_opponent(rules) * players.saturating_sub(1) as f64
}

/// Completes a board from the cards at `deck[*pos..]` with the given policy.
fn complete_with(
    board: &mut Board,
    deck: &[Card],
    pos: &mut usize,
    rules: &OfcRules,
    how: Completion,
    fl_value: f64,
) {
    match how {
        Completion::Greedy => complete(board, deck, pos, rules),
        Completion::Clairvoyant | Completion::Blend => {
            let end = (*pos + cards_to_come(board, rules)).min(deck.len());
            complete_clairvoyant(board, &deck[*pos..end], rules, fl_value);
            *pos = end;
        }
    }
}

/// The settled result of a rollout for `seat`, plus `fl_value` if its
/// board enters Fantasyland.
fn rollout_result(
    boards: &[Board],
    seat: usize,
    rules: &OfcRules,
    fl_value: f64,
    foul_penalty: f64,
) -> Result<f64> {
    let mut hands: Vec<PlayerHand> = Vec::with_capacity(boards.len());
    for b in boards {
        match b.to_setting() {
            Some(s) => hands.push(PlayerHand::Setting(s)),
            None => return Err(Error::Internal("a rollout left a board incomplete".into())),
        }
    }
    let res = score(&hands, &rules.rules, None)?;
    let mut x = res.totals[seat] as f64 / res.denominator as f64;
    if matches!(res.players[seat].status, Status::Fouled(_)) {
        x -= foul_penalty;
    }
    if fl_value != 0.0 {
        if let PlayerHand::Setting(s) = &hands[seat] {
            if rules.fantasyland.next_cards(s, &rules.rules, false) > 0 {
                x += fl_value;
            }
        }
    }
    Ok(x)
}

/// Candidate moves ranked by estimated EV for `seat` at `samples`
/// rollouts per finalist in Pineapple, three times as many with one card a
/// street (the default agent, [`AgentConfig::with_samples`]); see
/// [`suggest_with`].
///
/// ```
/// use chinese_poker_core::ofc::{suggest, OfcGame, OfcRules};
/// let g = OfcGame::new(OfcRules::preset("ofc_ru_main").unwrap(), 2, 0, 5, None).unwrap();
/// let ranked = suggest(&g, 1, 16, 1).unwrap();
/// assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1));
/// ```
pub fn suggest(game: &OfcGame, seat: usize, samples: usize, seed: u64) -> Result<Vec<(Move, f64)>> {
    suggest_within(game, seat, samples, seed, None)
}

/// [`suggest`] stopping after `time_budget` (checked after every rollout,
/// at least one rollout done): the estimates average the rollouts done. It
/// honours the [`crate::cancel`] token of the caller between rollouts.
///
/// ```
/// use chinese_poker_core::ofc::{suggest_within, OfcGame, OfcRules};
/// use std::time::Duration;
/// let g = OfcGame::new(OfcRules::preset("ofc_ru_main").unwrap(), 2, 0, 5, None).unwrap();
/// let ranked = suggest_within(&g, 1, 1_000_000, 1, Some(Duration::from_millis(50))).unwrap();
/// assert!(!ranked.is_empty());
/// ```
pub fn suggest_within(
    game: &OfcGame,
    seat: usize,
    samples: usize,
    seed: u64,
    time_budget: Option<Duration>,
) -> Result<Vec<(Move, f64)>> {
    suggest_with(
        game,
        seat,
        &AgentConfig::with_samples(samples),
        seed,
        time_budget,
    )
}

/// Candidate moves ranked by estimated EV (points for `seat`, plus
/// [`fantasyland_value`] when the completed board enters Fantasyland).
/// The heuristic keeps `cfg.candidates` moves; each rollout deals the
/// unseen cards at random, completes every board (`cfg.own`,
/// `cfg.opponents`) and settles the deal with [`crate::score::score`];
/// every candidate sees the same rollouts (common random numbers). After a
/// quarter of the rollouts only the `cfg.finalists` best moves go on, and
/// only they are returned, best first. The result is fixed by `seed`. A hidden Fantasyland board is
/// simulated as a normal one built from random cards. A Fantasyland player
/// gets the one exact best setting, with its royalties + the stay value.
pub fn suggest_with(
    game: &OfcGame,
    seat: usize,
    cfg: &AgentConfig,
    seed: u64,
    time_budget: Option<Duration>,
) -> Result<Vec<(Move, f64)>> {
    let start = Instant::now();
    check_turn(game, seat)?;
    let rules = game.rules();
    let n = game.players();
    let fl_value = if cfg.fantasyland {
        match cfg.fl_per_opponent {
            Some(v) => v * n.saturating_sub(1) as f64,
            None => fantasyland_value(rules, n),
        }
    } else {
        0.0
    };
    if game.in_fantasyland(seat) {
        let stay = if cfg.fantasyland {
            fl_value
        } else {
            FANTASYLAND_VALUE
        };
        let sol = best_fantasyland_setting(game.hand(seat), rules, stay)?;
        return Ok(vec![(
            Move::from_setting(&sol.setting, sol.discards),
            sol.score,
        )]);
    }
    let samples = if rules.pineapple {
        cfg.samples
    } else {
        cfg.samples.saturating_mul(cfg.classic_sample_scale)
    }
    .max(1);
    let view = game.view(Some(seat));
    let mut candidates = game.legal_moves();
    let keep = if rules.pineapple {
        cfg.candidates
    } else {
        cfg.classic_candidates
    }
    .max(1);
    if candidates.len() > keep {
        candidates = best_by_heuristic(game, seat, candidates, keep);
    }
    let unseen = unseen_cards(&view);
    let after: Vec<Board> = candidates
        .iter()
        .map(|m| board_after(game.board(seat), m))
        .collect();
    let mut sums = vec![0.0f64; candidates.len()];
    let mut counts = vec![0usize; candidates.len()];
    let mut active: Vec<usize> = (0..candidates.len()).collect();
    let first_stage = if candidates.len() > cfg.finalists.max(1) {
        (samples / 4).max(1)
    } else {
        samples
    };
    let mut deck = unseen.clone();
    for s in 0..samples {
        if s > 0 && time_budget.is_some_and(|b| start.elapsed() >= b) {
            break;
        }
        if s == first_stage && active.len() > cfg.finalists.max(1) {
            active.sort_by(|&a, &b| {
                (sums[b] / counts[b] as f64).total_cmp(&(sums[a] / counts[a] as f64))
            });
            active.truncate(cfg.finalists.max(1));
        }
        crate::cancel::check()?;
        deck.copy_from_slice(&unseen);
        SplitMix64::new(mix_seed(seed, s as u64)).shuffle(&mut deck);
        // Opponents first: their completions do not depend on our move.
        let mut pos = 0;
        let mut boards: Vec<Board> = Vec::with_capacity(n);
        for p in 0..n {
            if p == seat {
                boards.push(Board::new());
                continue;
            }
            let mut b = view.boards[p].unwrap_or_default();
            complete_with(&mut b, &deck, &mut pos, rules, cfg.opponents, fl_value);
            boards.push(b);
        }
        let own_start = pos;
        for &k in &active {
            let ways: &[Completion] = match cfg.own {
                Completion::Blend => &[Completion::Greedy, Completion::Clairvoyant],
                Completion::Greedy => &[Completion::Greedy],
                Completion::Clairvoyant => &[Completion::Clairvoyant],
            };
            let mut x = 0.0;
            for &how in ways {
                let mut b = after[k];
                let mut pos = own_start;
                complete_with(&mut b, &deck, &mut pos, rules, how, fl_value);
                boards[seat] = b;
                x += rollout_result(&boards, seat, rules, fl_value, cfg.foul_penalty)?;
            }
            x /= ways.len() as f64;
            sums[k] += x;
            counts[k] += 1;
        }
    }
    let mut out: Vec<(Move, f64)> = active
        .iter()
        .map(|&k| (candidates[k].clone(), sums[k] / counts[k].max(1) as f64))
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    Ok(out)
}

#[cfg(test)]
#[path = "baseline_tests.rs"]
mod baseline_tests;

#[cfg(test)]
#[path = "agent_tests.rs"]
mod agent_tests;
