//! Simulation: deal, set every hand with a strategy, settle, and aggregate
//! statistics that merge exactly, so a run split into deal ranges (threads,
//! processes, Dask tasks) gives the same result as one run.
//!
//! Each deal's shuffle comes from a counter-based generator keyed by
//! `(seed, deal index)`, so results do not depend on how the range is split.

use crate::batch::{for_chunks_sized, Threads};
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::eval::category_of;
use crate::natural::{held_kinds, NaturalKind};
use crate::rules::Rules;
use crate::score::{score, PlayerHand, Status};
use crate::setting::Setting;

/// The deck's generator step and deal, at the paths callers have used.
pub use crate::cards::deck::{deal_deck, splitmix64};

/// Number of natural kinds counted by frequency.
pub const NATURAL_KINDS: usize = 15;

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
            return Err(Error::Internal(
                "merged runs with different denominators".into(),
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
    let base = Rules::default();
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
const WINDOW_DEALS: u64 = 1024 * CHUNK_DEALS;

#[allow(clippy::too_many_arguments)]
/// Plays deals `first .. first + count` of a run: `set(hand) -> (setting, declare)`
/// sets each 13-card hand (and says whether to declare its natural).
pub fn simulate_range(
    first: u64,
    count: u64,
    players: usize,
    rules: &Rules,
    seed: u64,
    count_naturals: bool,
    record_deals: bool,
    set: &(impl Fn(&[Card; 13]) -> Result<([Card; 13], bool)> + Sync),
    threads: Threads,
) -> Result<SimStats> {
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

/// `simulate_range` with `window` deals per window.
#[allow(clippy::too_many_arguments)]
fn simulate_windows(
    first: u64,
    count: u64,
    players: usize,
    rules: &Rules,
    seed: u64,
    (count_naturals, record_deals): (bool, bool),
    set: &(impl Fn(&[Card; 13]) -> Result<([Card; 13], bool)> + Sync),
    threads: Threads,
    window: u64,
) -> Result<SimStats> {
    if !(2..=4).contains(&players) {
        return Err(Error::InvalidSetting(format!(
            "a deal has 2 to 4 players, got {players}"
        )));
    }
    rules.validate()?;
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
        for_chunks_sized(&idx, 1, &mut out, 1, threads, 1, |_, ci, o| {
            let from = start + ci[0] * CHUNK_DEALS;
            let to = from.saturating_add(CHUNK_DEALS).min(stop);
            let mut st = SimStats::new(players);
            for d in from..to {
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
        })?;
        for st in out.into_iter().flatten() {
            total.merge(&st)?;
        }
        start = stop;
    }
    Ok(total)
}

#[allow(clippy::too_many_arguments)]
fn play_deal(
    index: u64,
    players: usize,
    rules: &Rules,
    seed: u64,
    count_naturals: bool,
    set: &(impl Fn(&[Card; 13]) -> Result<([Card; 13], bool)> + Sync),
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
        let (cards, declare) = set(&hand)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::HandSubsets;

    fn greedy(hand: &[Card; 13]) -> Result<([Card; 13], bool)> {
        let s = HandSubsets::new(hand, crate::eval::Wheel::Lowest);
        Ok((s.greedy().cards(hand), false))
    }

    #[test]
    fn decks_are_permutations_and_keyed_by_index() {
        let a = deal_deck(7, 3);
        let mut sorted = a;
        sorted.sort_unstable();
        assert_eq!(sorted, std::array::from_fn(|i| i as Card));
        assert_ne!(deal_deck(7, 3), deal_deck(7, 4));
        assert_eq!(deal_deck(7, 3), a);
    }

    #[test]
    fn split_runs_merge_to_the_whole_run_and_are_zero_sum() {
        let rules = Rules::preset("cp_pro_1_6").unwrap();
        let whole = simulate_range(
            0,
            600,
            4,
            &rules,
            11,
            true,
            true,
            &greedy,
            Threads::Count(1),
        )
        .unwrap();
        let mut parts = simulate_range(
            0,
            250,
            4,
            &rules,
            11,
            true,
            true,
            &greedy,
            Threads::Count(2),
        )
        .unwrap();
        parts
            .merge(
                &simulate_range(250, 350, 4, &rules, 11, true, true, &greedy, Threads::Auto)
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(whole, parts);
        assert_eq!(whole.deals, 600);
        assert_eq!(whole.points.iter().sum::<i128>(), 0);
        assert_eq!(whole.fouls, 0, "greedy never fouls (RULES §3.4)");
        assert_eq!(whole.hands, 2400);
        assert_eq!(whole.deal_totals.len(), 2400);
        assert_eq!(whole.deal_totals.iter().sum::<i64>(), 0);
    }

    #[test]
    fn windows_do_not_change_the_result() {
        let rules = Rules::preset("wiki_2_4").unwrap();
        let run = |window| {
            simulate_windows(
                5,
                1100,
                3,
                &rules,
                9,
                (true, true),
                &greedy,
                Threads::Count(2),
                window,
            )
            .unwrap()
        };
        let whole = run(WINDOW_DEALS);
        assert_eq!(whole.deals, 1100);
        for window in [1, 300, 512] {
            assert_eq!(run(window), whole, "window {window}");
        }
    }

    #[test]
    fn a_range_past_the_last_index_is_refused() {
        let rules = Rules::default();
        let r = simulate_range(
            u64::MAX - 3,
            10,
            2,
            &rules,
            0,
            false,
            false,
            &greedy,
            Threads::Count(1),
        );
        assert!(matches!(r, Err(Error::InvalidSetting(_))), "{r:?}");
    }

    /// Found through the Python API: `first + count` past 2^64 overflowed (a
    /// huge count now runs in windows, in constant memory).
    #[test]
    fn ranges_past_the_last_index_are_refused() {
        let rules = Rules::preset("cp_pro_1_6").unwrap();
        let run = |first: u64, count: u64| {
            simulate_range(
                first,
                count,
                2,
                &rules,
                0,
                false,
                false,
                &greedy,
                Threads::Count(1),
            )
        };
        assert!(matches!(run(u64::MAX, 2), Err(Error::InvalidSetting(_))));
        assert_eq!(run(u64::MAX - 1, 1).unwrap().deals, 1);
    }

    /// Found through the Python API: under rules with every amount near its
    /// limit, the sum of squared results outgrew u64 within 40,000 deals.
    #[test]
    fn sums_of_large_results_do_not_overflow() {
        let t: i64 = 100_000_000_000; // a seat's result far beyond any real deal
        let mut st = SimStats::new(2);
        let big = SimStats {
            deals: 1,
            points: vec![i128::from(t), -i128::from(t)],
            points_sq: vec![u128::from(t.unsigned_abs()).pow(2); 2],
            ..SimStats::new(2)
        };
        for _ in 0..1000 {
            st.merge(&big).unwrap();
        }
        assert_eq!(st.points[1], -1000 * i128::from(t));
        assert_eq!(st.points_sq[0], 1000 * u128::from(t.unsigned_abs()).pow(2));
    }
}
