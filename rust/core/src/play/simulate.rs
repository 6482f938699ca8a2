//! Simulation: deal, set every hand with a strategy, settle, and aggregate
//! statistics that merge exactly, so a run split into deal ranges (threads,
//! processes, Dask tasks) gives the same result as one run.
//!
//! Each deal's shuffle comes from a counter-based generator keyed by
//! `(seed, deal index)`, so results do not depend on how the range is split.

use super::strategy::Strategy;
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::eval::category_of;
use crate::natural::{held_kinds, NaturalKind};
use crate::parallel::{for_chunks_sized, Threads};
use crate::rules::Rules;
use crate::score::{check_players, score, PlayerHand, Status};
use crate::search::HandSubsets;
use crate::setting::Setting;
use crate::solve::{Model, TableSolvers};

use crate::cards::deck::deal_deck;

/// Number of natural kinds counted by frequency (those of [`NaturalKind::ALL`], in its order).
pub const NATURAL_KINDS: usize = NaturalKind::ALL.len();

/// Statistics of a simulation; `merge` adds two runs exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimStats {
    /// Players per deal.
    pub players: usize,
    /// Deals played.
    pub deals: u64,
    /// Units are 1/denominator points.
    pub denominator: i64,
    /// Sum of each seat's result, in units.
    pub points: Vec<i128>,
    /// Sum of squares of each seat's result, in units² (for standard errors);
    /// integers, so that merging runs in any grouping gives identical sums.
    /// Both sums are 128-bit: under rules with amounts near their limits the
    /// squares outgrow 64 bits within tens of thousands of deals.
    pub points_sq: Vec<u128>,
    /// Pairs that compared rows / pairs with a scoop.
    pub pairs_compared: u64,
    /// Pairs with a scoop.
    pub scoops: u64,
    /// Hands set / hands fouled / hands declared as naturals / surrendered.
    pub hands: u64,
    /// Fouled hands.
    pub fouls: u64,
    /// Hands paid as a natural, by kind (RULES §6.2 order of `NaturalKind::ALL`).
    pub naturals_paid: Vec<u64>,
    /// Dealt hands holding each natural kind (any rules), by kind.
    pub naturals_dealt: Vec<u64>,
    /// Dealt hands with six pairs and an odd card exactly (no trips, no quads).
    pub six_pairs_strict: u64,
    /// Dealt hands with six pairs counting a four of a kind as two pairs.
    pub six_pairs_with_quads: u64,
    /// Rows paid a royalty, by row (front, middle, back) and category of the row.
    pub royalty_rows: Vec<[u64; 10]>,
    /// Row comparisons won by the lower seat / tied, per row, over compared pairs.
    pub row_decided: [u64; 3],
    /// Tied row comparisons per row.
    pub row_ties: [u64; 3],
    /// Each deal's totals in units, `players` per deal in deal order, when
    /// recording was asked for (empty otherwise).
    pub deal_totals: Vec<i64>,
}

impl SimStats {
    /// Empty statistics for `players` players.
    pub fn new(players: usize) -> SimStats {
        SimStats {
            players,
            deals: 0,
            denominator: 1,
            points: vec![0; players],
            points_sq: vec![0; players],
            pairs_compared: 0,
            scoops: 0,
            hands: 0,
            fouls: 0,
            naturals_paid: vec![0; NATURAL_KINDS],
            naturals_dealt: vec![0; NATURAL_KINDS],
            six_pairs_strict: 0,
            six_pairs_with_quads: 0,
            royalty_rows: vec![[0; 10]; 3],
            row_decided: [0; 3],
            row_ties: [0; 3],
            deal_totals: Vec::new(),
        }
    }

    /// Adds another run's statistics (same players and rules).
    pub fn merge(&mut self, o: &SimStats) -> Result<()> {
        if o.players != self.players {
            return Err(Error::InvalidSetting(format!(
                "cannot merge statistics of {} and {} players",
                self.players, o.players
            )));
        }
        if o.deals > 0 && self.deals > 0 && o.denominator != self.denominator {
            return Err(Error::InvalidSetting(
                "cannot merge simulations of different tables or rules".into(),
            ));
        }
        if self.deals == 0 {
            self.denominator = o.denominator;
        }
        self.deals += o.deals;
        for i in 0..self.players {
            self.points[i] += o.points[i];
            self.points_sq[i] += o.points_sq[i];
        }
        self.pairs_compared += o.pairs_compared;
        self.scoops += o.scoops;
        self.hands += o.hands;
        self.fouls += o.fouls;
        for k in 0..NATURAL_KINDS {
            self.naturals_paid[k] += o.naturals_paid[k];
            self.naturals_dealt[k] += o.naturals_dealt[k];
        }
        self.six_pairs_strict += o.six_pairs_strict;
        self.six_pairs_with_quads += o.six_pairs_with_quads;
        for r in 0..3 {
            for c in 0..10 {
                self.royalty_rows[r][c] += o.royalty_rows[r][c];
            }
            self.row_decided[r] += o.row_decided[r];
            self.row_ties[r] += o.row_ties[r];
        }
        self.deal_totals.extend_from_slice(&o.deal_totals);
        Ok(())
    }
}

fn kind_index(kind: NaturalKind) -> usize {
    NaturalKind::ALL
        .iter()
        .position(|&k| k == kind)
        .unwrap_or(0)
}

/// Rules used only to count dealt naturals by their plain definitions.
fn counting_rules() -> (Rules, Rules, Rules) {
    let base = Rules::plain();
    let mut strict = base.clone();
    strict.six_pairs_quads_as_two_pairs = false;
    strict.six_pairs_allow_trips = false;
    let mut quads = strict.clone();
    quads.six_pairs_quads_as_two_pairs = true;
    (base, strict, quads)
}

/// Deals per unit of parallel work.
const CHUNK_DEALS: u64 = 256;
/// Deals per window: the chunks' statistics of one window (about 1 KB each)
/// are held until merged, so a window bounds the memory of any run length.
pub(super) const WINDOW_DEALS: u64 = 1024 * CHUNK_DEALS;

#[allow(clippy::too_many_arguments)]
/// Plays deals `first .. first + count` of a run: `set(seat, hand) -> (setting, declare)`
/// sets each 13-card hand (and says whether to declare its natural).
pub fn simulate_range(
    first: u64,
    count: u64,
    players: usize,
    rules: &Rules,
    seed: u64,
    count_naturals: bool,
    record_deals: bool,
    set: &(impl Fn(usize, &[Card; 13]) -> Result<([Card; 13], bool)> + Sync),
    threads: Threads,
) -> Result<SimStats> {
    simulate_range_run(
        first,
        count,
        players,
        rules,
        seed,
        count_naturals,
        record_deals,
        set,
        threads,
    )?
    .finished()
}

/// What a run that may be cancelled gives back: the statistics of the deals
/// it finished, which are always the first `stats.deals` of those asked for
/// (so a caller may keep them and go on from there), and whether the
/// cancel token stopped it before the end.
#[derive(Clone, Debug)]
pub struct SimRun {
    /// The deals finished, a prefix of the range.
    pub stats: SimStats,
    /// Stopped by [`crate::cancel`] before the end of the range.
    pub cancelled: bool,
}

impl SimRun {
    /// The statistics of the whole range, or `Error::Cancelled`.
    pub fn finished(self) -> Result<SimStats> {
        if self.cancelled {
            Err(Error::Cancelled)
        } else {
            Ok(self.stats)
        }
    }
}

/// [`simulate_range`] that keeps the deals finished when it is cancelled.
#[allow(clippy::too_many_arguments)]
pub fn simulate_range_run(
    first: u64,
    count: u64,
    players: usize,
    rules: &Rules,
    seed: u64,
    count_naturals: bool,
    record_deals: bool,
    set: &(impl Fn(usize, &[Card; 13]) -> Result<([Card; 13], bool)> + Sync),
    threads: Threads,
) -> Result<SimRun> {
    let flags = (count_naturals, record_deals);
    simulate_windows(
        first,
        count,
        players,
        rules,
        seed,
        flags,
        set,
        threads,
        WINDOW_DEALS,
    )
}

/// [`simulate_range`] with every hand set by `strategy`, one of
/// [`Strategy::SIMULATE`]: the fast solver (against `players - 1`
/// opponents, at least one), which declares the naturals it finds worth
/// it, or the greedy setting, which declares none. `model` is the fast
/// solver's opponent model; [`Model::for_rules`] gives the one that fits the
/// rules and table. Cancelled, it keeps the deals finished ([`SimRun`]).
///
/// ```
/// use chinese_poker_core::{parallel::Threads, play::{simulate::simulate_strategy, Strategy}};
/// use chinese_poker_core::{rules::Rules, solve::Model};
/// let rules = Rules::plain();
/// let model = Model::for_rules(&rules, 4).unwrap();
/// let s = simulate_strategy(0, 8, 4, &rules, 1, Strategy::Greedy, model, true, false, Threads::Count(1));
/// assert_eq!(s.unwrap().stats.deals, 8);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn simulate_strategy(
    first: u64,
    count: u64,
    players: usize,
    rules: &Rules,
    seed: u64,
    strategy: Strategy,
    model: &Model,
    count_naturals: bool,
    record_deals: bool,
    threads: Threads,
) -> Result<SimRun> {
    match strategy {
        Strategy::Fast => {
            // Under the banker topology the bank's hand is priced apart.
            let opponents = players.saturating_sub(1).max(1);
            let solvers = TableSolvers::new(rules, opponents, model)?;
            let set = |seat: usize, h: &[Card; 13]| -> Result<([Card; 13], bool)> {
                let s = solvers.seat(seat).solve_top(h, 1)?;
                Ok((s.setting, s.natural.is_some()))
            };
            simulate_range_run(
                first,
                count,
                players,
                rules,
                seed,
                count_naturals,
                record_deals,
                &set,
                threads,
            )
        }
        Strategy::Greedy => {
            let set = |_: usize, h: &[Card; 13]| -> Result<([Card; 13], bool)> {
                Ok((HandSubsets::new(h, rules.wheel).greedy().cards(h), false))
            };
            simulate_range_run(
                first,
                count,
                players,
                rules,
                seed,
                count_naturals,
                record_deals,
                &set,
                threads,
            )
        }
        other => Err(Strategy::unknown(other.name(), &Strategy::SIMULATE)),
    }
}

/// `simulate_range` with `window` deals per window.
#[allow(clippy::too_many_arguments)]
pub(super) fn simulate_windows(
    first: u64,
    count: u64,
    players: usize,
    rules: &Rules,
    seed: u64,
    (count_naturals, record_deals): (bool, bool),
    set: &(impl Fn(usize, &[Card; 13]) -> Result<([Card; 13], bool)> + Sync),
    threads: Threads,
    window: u64,
) -> Result<SimRun> {
    check_players(players)?;
    let end = first.checked_add(count).ok_or_else(|| {
        Error::InvalidSetting(format!(
            "deals {first} .. {first} + {count} run past the last deal index"
        ))
    })?;
    let (base, strict, quads) = counting_rules();
    let mut total = SimStats::new(players);
    // Windows of chunks, each chunk with its own SimStats merged in order:
    // memory stays bounded by the window, whatever `count` is.
    let mut start = first;
    while start < end {
        let stop = end.min(start.saturating_add(window.max(1)));
        let chunks = (stop - start).div_ceil(CHUNK_DEALS) as usize;
        let idx: Vec<u64> = (0..chunks as u64).collect();
        let mut out: Vec<Option<SimStats>> = vec![None; chunks];
        let done = for_chunks_sized(&idx, 1, &mut out, 1, threads, 1, |_, ci, o| {
            let from = start + ci[0] * CHUNK_DEALS;
            let to = from.saturating_add(CHUNK_DEALS).min(stop);
            let mut st = SimStats::new(players);
            for d in from..to {
                // A chunk of fast solves takes tens of milliseconds; checking
                // every deal keeps Ctrl-C prompt in a slow (debug) build too.
                crate::cancel::check()?;
                play_deal(
                    d,
                    players,
                    rules,
                    seed,
                    count_naturals,
                    set,
                    &mut st,
                    (&base, &strict, &quads),
                )?;
            }
            if !record_deals {
                st.deal_totals = Vec::new();
            }
            o[0] = Some(st);
            Ok(())
        });
        // Chunks finish out of order: only those before the first unfinished
        // one are kept, so what is kept is always a prefix of the range.
        for st in out.iter().map_while(Option::as_ref) {
            total.merge(st)?;
        }
        match done {
            Err(Error::Cancelled) => {
                return Ok(SimRun {
                    stats: total,
                    cancelled: true,
                })
            }
            other => other?,
        }
        start = stop;
    }
    Ok(SimRun {
        stats: total,
        cancelled: false,
    })
}

#[allow(clippy::too_many_arguments)]
fn play_deal(
    index: u64,
    players: usize,
    rules: &Rules,
    seed: u64,
    count_naturals: bool,
    set: &(impl Fn(usize, &[Card; 13]) -> Result<([Card; 13], bool)> + Sync),
    st: &mut SimStats,
    counting: (&Rules, &Rules, &Rules),
) -> Result<()> {
    let deck = deal_deck(seed, index);
    let mut hands = Vec::with_capacity(players);
    for p in 0..players {
        let hand: [Card; 13] = std::array::from_fn(|i| deck[13 * p + i]);
        if count_naturals {
            for kind in held_kinds(&hand, NaturalKind::ALL, counting.0) {
                st.naturals_dealt[kind_index(kind)] += 1;
            }
            const SIX_PAIRS: &[NaturalKind] = &[NaturalKind::SixPairs];
            st.six_pairs_strict += held_kinds(&hand, SIX_PAIRS, counting.1).count() as u64;
            st.six_pairs_with_quads += held_kinds(&hand, SIX_PAIRS, counting.2).count() as u64;
        }
        let (cards, declare) = set(p, &hand)?;
        let setting = Setting::from_cards(&cards)?;
        hands.push(if declare {
            PlayerHand::Natural(setting)
        } else {
            PlayerHand::Setting(setting)
        });
    }
    let result = score(&hands, rules, None)?;
    if st.deals == 0 {
        st.denominator = result.denominator;
    }
    st.deals += 1;
    st.deal_totals.extend_from_slice(&result.totals);
    for (i, &t) in result.totals.iter().enumerate() {
        st.points[i] += i128::from(t);
        st.points_sq[i] += u128::from(t.unsigned_abs()).pow(2);
    }
    for p in &result.players {
        st.hands += 1;
        match &p.status {
            Status::Fouled(_) => st.fouls += 1,
            Status::Natural(n) => st.naturals_paid[kind_index(n.kind)] += 1,
            Status::Played => {
                if let Some(values) = p.values {
                    for (r, (&v, &royalty)) in values.iter().zip(&p.royalties).enumerate() {
                        if royalty > 0 {
                            st.royalty_rows[r][category_of(v) as usize % 10] += 1;
                        }
                    }
                }
            }
            Status::Surrendered => {}
        }
    }
    for pair in &result.pairs {
        if matches!(pair.kind, crate::score::PairKind::Rows) {
            st.pairs_compared += 1;
            if pair.scoop.is_some() {
                st.scoops += 1;
            }
            for r in 0..3 {
                if pair.rows[r] == 0 {
                    st.row_ties[r] += 1;
                } else {
                    st.row_decided[r] += 1;
                }
            }
        }
    }
    Ok(())
}
