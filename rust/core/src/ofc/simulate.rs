//! Open-face simulation: tables of seats, each played by a strategy, deal
//! after deal with Fantasyland carried over, and statistics that are integer
//! sums, so a run split over threads, processes or Dask tasks gives the same
//! result as one run.
//!
//! A run of `hands` hands is cut into tables of [`TABLE_HANDS`] consecutive
//! hands (the last one shorter). Table `t` is seeded with
//! `mix_seed(seed, t)`; its hand `h` is dealt from `mix_seed(table_seed, h)`
//! and its decisions use seeds drawn from that deal seed, so every table is
//! independent of every other and of the thread that plays it. Inside a
//! table the button moves one seat per hand and a seat that qualifies for
//! Fantasyland plays the next hand of the same table there, set by the exact
//! Fantasyland solver ([`OfcGame::next_deal`] applies the preset's entry
//! and staying rules). Every table starts with nobody in Fantasyland.

use super::agent::{suggest, suggest_baseline, DEFAULT_SAMPLES};
use super::heuristic::heuristic_move;
use super::state::{Move, OfcGame};
use super::OfcRules;
use crate::cards::deck::mix_seed;
use crate::error::{Error, Result};
use crate::parallel::{for_chunks_sized, Threads};
use crate::score::Status;

/// Hands per table: long enough that Fantasyland entries are mostly played
/// out inside the table, short enough that a run of a few hundred hands
/// still spreads over the threads.
pub const TABLE_HANDS: u64 = 20;

/// Points are summed in twelfths: the scorer's denominator is 1 or 12, so
/// every deal's totals are whole numbers of this unit.
pub const UNITS: i64 = 12;

/// Rollouts per candidate of the named baseline: the earlier agent at its
/// default effort, kept fixed so later agents can be measured against it.
pub const BASELINE_SAMPLES: usize = 96;

/// How a seat chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfcStrategy {
    /// [`heuristic_move`]: the best board by the heuristic, no look-ahead.
    Heuristic,
    /// The Monte-Carlo agent [`suggest`] with this many rollouts per finalist.
    Rollout(usize),
    /// The earlier Monte-Carlo agent [`suggest_baseline`] (greedy rollouts)
    /// with this many rollouts per candidate.
    Baseline(usize),
}

impl OfcStrategy {
    /// The strategy named `default`: the agent at its default effort.
    pub const DEFAULT: OfcStrategy = OfcStrategy::Rollout(DEFAULT_SAMPLES);

    /// The strategy names and what they stand for.
    pub const NAMES: [(&'static str, OfcStrategy); 5] = [
        ("heuristic", OfcStrategy::Heuristic),
        ("baseline", OfcStrategy::Baseline(BASELINE_SAMPLES)),
        ("fast", OfcStrategy::Rollout(16)),
        ("default", OfcStrategy::DEFAULT),
        ("strong", OfcStrategy::Rollout(288)),
    ];

    /// The strategy of a name among [`OfcStrategy::NAMES`].
    ///
    /// ```
    /// use chinese_poker_core::ofc::simulate::OfcStrategy;
    /// assert_eq!(OfcStrategy::parse("fast").unwrap(), OfcStrategy::Rollout(16));
    /// assert!(OfcStrategy::parse("greedy").is_err());
    /// ```
    pub fn parse(name: &str) -> Result<OfcStrategy> {
        OfcStrategy::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, s)| s)
            .ok_or_else(|| Error::UnknownOption {
                option: "strategy".into(),
                value: name.into(),
                allowed: OfcStrategy::NAMES
                    .iter()
                    .map(|(n, _)| format!("'{n}'"))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The move of the player to act, its randomness fixed by `seed`.
    pub fn choose(self, game: &OfcGame, seed: u64) -> Result<Move> {
        match self {
            OfcStrategy::Heuristic => heuristic_move(game),
            OfcStrategy::Rollout(samples) => {
                let seat = game
                    .to_act()
                    .ok_or_else(|| Error::Internal("no seat to act".into()))?;
                suggest(game, seat, samples, seed)?
                    .into_iter()
                    .next()
                    .map(|(m, _)| m)
                    .ok_or_else(|| Error::Internal("the agent found no legal move".into()))
            }
            OfcStrategy::Baseline(samples) => {
                let seat = game
                    .to_act()
                    .ok_or_else(|| Error::Internal("no seat to act".into()))?;
                suggest_baseline(game, seat, samples, seed)?
                    .into_iter()
                    .next()
                    .map(|(m, _)| m)
                    .ok_or_else(|| Error::Internal("the agent found no legal move".into()))
            }
        }
    }
}

/// Statistics of an open-face simulation, per seat; [`OfcSimStats::merge`]
/// adds two runs exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfcSimStats {
    /// Seats at every table.
    pub players: usize,
    /// Hands played (each seat plays every hand).
    pub hands: u64,
    /// Moves chosen by the strategies (a Fantasyland setting counts as one).
    pub decisions: u64,
    /// Sum of each seat's result, in 1/[`UNITS`] points.
    pub points: Vec<i128>,
    /// Sum of squares of each seat's result, in (1/[`UNITS`])², for
    /// standard errors; integers so that any grouping sums the same.
    pub points_sq: Vec<u128>,
    /// Fouled boards.
    pub fouls: Vec<u64>,
    /// Royalty points of the boards (rows of legal boards, as the scorer pays them).
    pub royalties: Vec<i64>,
    /// Hands played in Fantasyland.
    pub fl_hands: Vec<u64>,
    /// Hands played outside Fantasyland whose board qualifies for it.
    pub fl_entries: Vec<u64>,
    /// Hands played in Fantasyland whose board stays there.
    pub fl_stays: Vec<u64>,
}

impl OfcSimStats {
    /// Empty statistics for `players` seats.
    pub fn new(players: usize) -> OfcSimStats {
        OfcSimStats {
            players,
            hands: 0,
            decisions: 0,
            points: vec![0; players],
            points_sq: vec![0; players],
            fouls: vec![0; players],
            royalties: vec![0; players],
            fl_hands: vec![0; players],
            fl_entries: vec![0; players],
            fl_stays: vec![0; players],
        }
    }

    /// Adds another run's statistics (same number of seats).
    pub fn merge(&mut self, o: &OfcSimStats) -> Result<()> {
        if o.players != self.players {
            return Err(Error::InvalidSetting(format!(
                "cannot merge statistics of {} and {} seats",
                self.players, o.players
            )));
        }
        self.hands += o.hands;
        self.decisions += o.decisions;
        for s in 0..self.players {
            self.points[s] += o.points[s];
            self.points_sq[s] += o.points_sq[s];
            self.fouls[s] += o.fouls[s];
            self.royalties[s] += o.royalties[s];
            self.fl_hands[s] += o.fl_hands[s];
            self.fl_entries[s] += o.fl_entries[s];
            self.fl_stays[s] += o.fl_stays[s];
        }
        Ok(())
    }

    /// Adds one finished deal: its settlement, fouls, royalties, moves and
    /// the Fantasyland counts of the next deal.
    pub fn add_deal(&mut self, game: &OfcGame) -> Result<()> {
        if game.players() != self.players {
            return Err(Error::InvalidSetting(format!(
                "a deal of {} seats added to statistics of {}",
                game.players(),
                self.players
            )));
        }
        let res = game.settle()?;
        let next = game.next_fantasyland()?;
        if res.denominator <= 0 || UNITS % res.denominator != 0 {
            return Err(Error::Internal(format!(
                "unexpected score denominator {}",
                res.denominator
            )));
        }
        let scale = i128::from(UNITS / res.denominator);
        for (s, &carry) in next.iter().enumerate().take(self.players) {
            let x = i128::from(res.totals[s]) * scale;
            self.points[s] += x;
            self.points_sq[s] += x.unsigned_abs() * x.unsigned_abs();
            let p = &res.players[s];
            if matches!(p.status, Status::Fouled(_)) {
                self.fouls[s] += 1;
            }
            self.royalties[s] += p.royalties.iter().sum::<i64>();
            if game.in_fantasyland(s) {
                self.fl_hands[s] += 1;
                self.fl_stays[s] += u64::from(carry > 0);
            } else {
                self.fl_entries[s] += u64::from(carry > 0);
            }
        }
        self.hands += 1;
        self.decisions += game.moves().len() as u64;
        Ok(())
    }
}

/// Stream of the deal seed reserved for decisions (the deck uses the deal
/// seed itself), so that decisions and deck never share random numbers.
const DECISION_STREAM: u64 = u64::MAX;

/// Plays hands `0 .. hands` of table `table` of a run of `seed` at a table
/// of `players`: the seeds, the button and the dealing of every run.
/// `choose(game, seed)` picks the move of the seat to act (decision `k` of
/// a deal gets its own seed), and `on_hand` sees each finished deal. Without
/// `fantasyland` a board that qualifies plays the next hand of the table in
/// Fantasyland (the preset's entry and staying rules); with it every hand is
/// dealt afresh with those card counts, the button still moving (to measure
/// what a Fantasyland hand is worth).
#[allow(clippy::too_many_arguments)]
pub fn play_table_with(
    table: u64,
    hands: u64,
    rules: &OfcRules,
    players: usize,
    seed: u64,
    fantasyland: Option<&[u8]>,
    mut choose: impl FnMut(&OfcGame, u64) -> Result<Move>,
    mut on_hand: impl FnMut(&OfcGame) -> Result<()>,
) -> Result<()> {
    let table_seed = mix_seed(seed, table);
    let button = (table % players as u64) as usize;
    let mut game: Option<OfcGame> = None;
    for h in 0..hands {
        crate::cancel::check()?;
        let deal_seed = mix_seed(table_seed, h);
        let mut g = match (fantasyland, &game) {
            (Some(fl), _) => OfcGame::new(
                rules.clone(),
                players,
                (button + h as usize) % players,
                deal_seed,
                Some(fl),
            )?,
            (None, None) => OfcGame::new(rules.clone(), players, button, deal_seed, None)?,
            (None, Some(prev)) => prev.next_deal(deal_seed)?,
        };
        let decisions = mix_seed(deal_seed, DECISION_STREAM);
        let mut k = 0u64;
        while g.to_act().is_some() {
            let mv = choose(&g, mix_seed(decisions, k))?;
            let seat = g
                .to_act()
                .ok_or_else(|| Error::Internal("no seat to act".into()))?;
            g.play(seat, &mv)?;
            k += 1;
        }
        on_hand(&g)?;
        game = Some(g);
    }
    Ok(())
}

/// Plays hands `0 .. hands` of table `table` into `stats`, each seat's
/// moves chosen by its strategy.
fn play_table(
    table: u64,
    hands: u64,
    rules: &OfcRules,
    strategies: &[OfcStrategy],
    seed: u64,
    stats: &mut OfcSimStats,
) -> Result<()> {
    play_table_with(
        table,
        hands,
        rules,
        strategies.len(),
        seed,
        None,
        |g, s| {
            let seat = g
                .to_act()
                .ok_or_else(|| Error::Internal("no seat to act".into()))?;
            strategies[seat].choose(g, s)
        },
        |g| stats.add_deal(g),
    )
}

/// Refuses a table the rules cannot seat before any hand is played.
fn check_table(rules: &OfcRules, strategies: &[OfcStrategy]) -> Result<()> {
    rules.check_players(strategies.len())
}

/// Plays hands `first .. first + count` of a run with one strategy per
/// seat and returns their statistics. `first` must start a table (a
/// multiple of [`TABLE_HANDS`]) so that every table is played whole by one
/// call; the result does not depend on `threads` or on how a run is cut
/// into calls at table boundaries.
///
/// ```
/// use chinese_poker_core::ofc::simulate::{simulate_ofc, OfcStrategy};
/// use chinese_poker_core::ofc::OfcRules;
/// use chinese_poker_core::parallel::Threads;
/// let rules = OfcRules::preset("ofc_pineapple").unwrap();
/// let seats = [OfcStrategy::Heuristic; 3];
/// let s = simulate_ofc(0, 4, &rules, &seats, 1, Threads::Count(1)).unwrap();
/// assert_eq!(s.hands, 4);
/// assert_eq!(s.points.iter().sum::<i128>(), 0);
/// ```
pub fn simulate_ofc(
    first: u64,
    count: u64,
    rules: &OfcRules,
    strategies: &[OfcStrategy],
    seed: u64,
    threads: Threads,
) -> Result<OfcSimStats> {
    check_table(rules, strategies)?;
    if first % TABLE_HANDS != 0 {
        return Err(Error::InvalidSetting(format!(
            "first hand {first} does not start a table (a multiple of {TABLE_HANDS})"
        )));
    }
    let end = first
        .checked_add(count)
        .ok_or_else(|| Error::InvalidSetting("first + count overflows".into()))?;
    let tables: Vec<(u64, u64)> = (first / TABLE_HANDS..end.div_ceil(TABLE_HANDS))
        .map(|t| (t, (end - t * TABLE_HANDS).min(TABLE_HANDS)))
        .collect();
    let n = strategies.len();
    let mut out = vec![OfcSimStats::new(n); tables.len()];
    // One table per unit of work: a table is slow (seconds with rollouts).
    for_chunks_sized(&tables, 1, &mut out, 1, threads, 1, |_, inp, o| {
        for (&(t, hands), stats) in inp.iter().zip(o.iter_mut()) {
            play_table(t, hands, rules, strategies, seed, stats)?;
        }
        Ok(())
    })?;
    let mut total = OfcSimStats::new(n);
    for s in &out {
        total.merge(s)?;
    }
    Ok(total)
}

#[cfg(test)]
#[path = "simulate_tests.rs"]
mod tests;
