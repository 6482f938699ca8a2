//! The Monte-Carlo placement agent: it completes every board from the
//! unseen cards and scores the result exactly with [`crate::score::score`]
//! (the fast heuristic of [`super::heuristic`] keeps its candidate moves and
//! is its greedy rollout policy). The default agent
//! ([`suggest`]) completes boards clairvoyantly (blended with the greedy
//! policy for its own board) and counts a board that enters Fantasyland at
//! the worth measured for the preset and the card count its front earns
//! ([`super::fl_table`]); the earlier agent stays available as
//! [`suggest_baseline`]. The heuristic that keeps the candidate moves still
//! prices Fantasyland at its own constant, so the baseline plays as before.

use super::complete::{cards_to_come, complete_clairvoyant, complete_sampled};
use super::fantasyland::best_fantasyland_setting;
use super::fl_table::{FlTable, FlWorth};
use super::heuristic::{board_heuristic, complete, FANTASYLAND_VALUE};
use super::state::{Board, Move, OfcGame};
use super::OfcRules;
use crate::cards::deck::{mix_seed, SplitMix64};
use crate::cards::{Card, DECK_SIZE};
use crate::error::{Error, Result};
use crate::score::{score, PlayerHand, Status};
use std::time::{Duration, Instant};

/// Rollouts per finalist move at default effort.
pub const DEFAULT_SAMPLES: usize = 96;
/// Candidates kept (by heuristic) for the baseline's rollouts: 232
/// placements of five cards are too many to simulate each within the time floor.
pub const FIRST_STREET_CANDIDATES: usize = 16;

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
    /// Street by street as a player who does not know the cards to come:
    /// each street placed as the clairvoyant search would place it against
    /// a future drawn afresh from the cards unseen by then.
    Sampled,
    /// The mean of the sampled and the clairvoyant results (own board only).
    SampledBlend,
}

/// The default agent's factor on the measured Fantasyland values: at the
/// full values it played worse heads-up than at the constant it had before
/// (9 per opponent), most of all under progressive entry, whose 16- and
/// 17-card values tempt it into fronts it then fouls; 0.65 keeps the
/// Pineapple value at about 9 and scales the other card counts and presets
/// alike (docs/results.md).
pub const FL_SCALE: f64 = 0.65;

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
    /// Rollouts per finalist on a Pineapple street after the first are
    /// `samples` times this: a later street's rollouts have fewer cards to
    /// place and cost about a tenth of the first street's, and they decide
    /// what fouls.
    pub late_sample_scale: usize,
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
    /// Factor on the preset's measured Fantasyland values
    /// ([`fantasyland_value`]), [`FL_SCALE`] in the default agent; not
    /// applied to `fl_per_opponent`.
    pub fl_scale: f64,
    /// Points taken from a rollout whose own board fouls, on top of the
    /// settlement: rollouts see cards a real player does not, so they foul
    /// less than play does, and this makes up for part of it.
    pub foul_penalty: f64,
    /// Futures drawn for each street of a [`Completion::Sampled`] rollout;
    /// the placement most of them choose is played.
    pub futures: usize,
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
            late_sample_scale: 1,
            finalists: usize::MAX,
            own: Completion::Greedy,
            opponents: Completion::Greedy,
            fantasyland: false,
            fl_per_opponent: None,
            fl_scale: 1.0,
            foul_penalty: 0.0,
            futures: 1,
        }
    }

    /// The default agent at `samples` rollouts per finalist.
    pub const fn with_samples(samples: usize) -> AgentConfig {
        AgentConfig {
            samples,
            candidates: 24,
            classic_candidates: 256,
            classic_sample_scale: 3,
            late_sample_scale: 1,
            finalists: 8,
            own: Completion::Blend,
            opponents: Completion::Clairvoyant,
            fantasyland: true,
            fl_per_opponent: None,
            fl_scale: FL_SCALE,
            foul_penalty: 0.0,
            futures: 1,
        }
    }
}

impl AgentConfig {
    /// The points this agent counts for a board that earns `cards`
    /// Fantasyland cards (0 = none) at a table of `players`:
    /// `fl_per_opponent` per opponent if set, else `fl_scale` times
    /// [`fantasyland_value`]; nothing without `fantasyland`.
    ///
    /// ```
    /// use chinese_poker_core::ofc::{AgentConfig, OfcRules};
    /// let r = OfcRules::preset("ofc_pineapple").unwrap();
    /// let mut cfg = AgentConfig::with_samples(16);
    /// cfg.fl_per_opponent = Some(5.0);
    /// assert_eq!(cfg.fantasyland_value(&r, 3, 14), 10.0);
    /// assert_eq!(AgentConfig::baseline(16).fantasyland_value(&r, 3, 14), 0.0);
    /// ```
    pub fn fantasyland_value(&self, rules: &OfcRules, players: usize, cards: u8) -> f64 {
        if !self.fantasyland || cards == 0 {
            return 0.0;
        }
        match self.fl_per_opponent {
            Some(v) => v * players.saturating_sub(1) as f64,
            None => self.fl_scale * fantasyland_value(rules, players, cards),
        }
    }
}

/// What entering Fantasyland with `cards` cards (or staying, with the
/// repeat count) is worth, in points, at a table of `players`: each
/// opponent pays the value per opponent measured for the preset and card
/// count ([`FlTable::builtin`]); 0 for `cards == 0` or rules without
/// Fantasyland.
///
/// ```
/// use chinese_poker_core::ofc::{fantasyland_value, OfcRules};
/// let p = OfcRules::preset("ofc_pineapple").unwrap();
/// assert_eq!(fantasyland_value(&p, 3, 14), 2.0 * fantasyland_value(&p, 2, 14));
/// assert_eq!(fantasyland_value(&OfcRules::preset("ofc_ru_main").unwrap(), 2, 14), 0.0);
/// ```
pub fn fantasyland_value(rules: &OfcRules, players: usize, cards: u8) -> f64 {
    FlTable::builtin().per_opponent(rules, cards) * players.saturating_sub(1) as f64
}

/// Completes a board from the cards at `deck[*pos..]` with the given policy
/// (`futures` and `rng` serve the sampled one).
#[allow(clippy::too_many_arguments)]
fn complete_with(
    board: &mut Board,
    deck: &[Card],
    pos: &mut usize,
    rules: &OfcRules,
    how: Completion,
    worth: &FlWorth,
    futures: usize,
    rng: &mut SplitMix64,
) {
    match how {
        Completion::Greedy => complete(board, deck, pos, rules),
        Completion::Clairvoyant | Completion::Blend | Completion::SampledBlend => {
            let end = (*pos + cards_to_come(board, rules)).min(deck.len());
            complete_clairvoyant(board, &deck[*pos..end], rules, worth);
            *pos = end;
        }
        Completion::Sampled => {
            let end = (*pos + cards_to_come(board, rules)).min(deck.len());
            // What the player has not seen besides its own cards to come:
            // the rest of the rollout's deck, in a fixed order for every move.
            let others: Vec<Card> = deck[..*pos].iter().chain(&deck[end..]).copied().collect();
            complete_sampled(board, &deck[*pos..end], &others, rules, worth, futures, rng);
            *pos = end;
        }
    }
}

/// The settled result of a rollout for `seat`, plus the worth of the
/// Fantasyland cards its board earns.
fn rollout_result(
    boards: &[Board],
    seat: usize,
    rules: &OfcRules,
    worth: &FlWorth,
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
    if !worth.is_zero() {
        if let PlayerHand::Setting(s) = &hands[seat] {
            x += worth.of(rules.fantasyland.next_cards(s, &rules.rules, false));
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
/// [`AgentConfig::fantasyland_value`] of the card count the completed
/// board earns when it enters Fantasyland).
/// The heuristic keeps `cfg.candidates` moves; each rollout deals the
/// unseen cards at random, completes every board (`cfg.own`,
/// `cfg.opponents`) and settles the deal with [`crate::score::score`];
/// every candidate sees the same rollouts (common random numbers). After a
/// quarter of the rollouts only the `cfg.finalists` best moves go on, and
/// only they are returned, best first. The result is fixed by `seed`. A hidden Fantasyland board is
/// simulated as a normal one built from random cards. A Fantasyland player
/// gets the one exact best setting, with its royalties + the value of the
/// repeat deal if it stays.
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
    let worth = FlWorth::from_fn(|cards| cfg.fantasyland_value(rules, n, cards));
    if game.in_fantasyland(seat) {
        let stay = if cfg.fantasyland {
            worth.of(rules.fantasyland.repeat_cards)
        } else {
            FANTASYLAND_VALUE
        };
        let sol = best_fantasyland_setting(game.hand(seat), rules, stay)?;
        return Ok(vec![(
            Move::from_setting(&sol.setting, sol.discards),
            sol.score,
        )]);
    }
    let samples = if rules.pineapple && game.board(seat).count() > 0 {
        cfg.samples.saturating_mul(cfg.late_sample_scale)
    } else if rules.pineapple {
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
            let mut rng = SplitMix64::stream(mix_seed(seed, s as u64), 1 + p as u64);
            complete_with(
                &mut b,
                &deck,
                &mut pos,
                rules,
                cfg.opponents,
                &worth,
                cfg.futures,
                &mut rng,
            );
            boards.push(b);
        }
        let own_start = pos;
        for &k in &active {
            let ways: &[Completion] = match cfg.own {
                Completion::Blend => &[Completion::Greedy, Completion::Clairvoyant],
                Completion::SampledBlend => &[Completion::Sampled, Completion::Clairvoyant],
                Completion::Greedy => &[Completion::Greedy],
                Completion::Clairvoyant => &[Completion::Clairvoyant],
                Completion::Sampled => &[Completion::Sampled],
            };
            let mut x = 0.0;
            for &how in ways {
                let mut b = after[k];
                let mut pos = own_start;
                // The same futures for every move (common random numbers).
                let mut rng = SplitMix64::stream(mix_seed(seed, s as u64), 0);
                complete_with(
                    &mut b,
                    &deck,
                    &mut pos,
                    rules,
                    how,
                    &worth,
                    cfg.futures,
                    &mut rng,
                );
                boards[seat] = b;
                x += rollout_result(&boards, seat, rules, &worth, cfg.foul_penalty)?;
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
