//! Training the fast solver's opponent [`Model`] by self-play, under any
//! rules and table size.
//!
//! Iteration 0 sets every hand greedily; each later iteration deals fresh
//! deals of `players` hands, solves every hand with the model of the
//! iteration before under the rules (against `players - 1` opponents), and
//! refits the model to the rows that were compared (naturals take no part,
//! R-NAT-1). With averaging (fictitious play) each fit uses the rows of every
//! solved iteration so far instead of the last one alone. The model's tables
//! hold no payout or royalty, so a model trained under one preset can be used
//! under any other; how well it fits is a question of the rules it was
//! trained under.
//!
//! Each deal's cards come from `(seed, iteration, deal)` and the fit uses
//! counts only, so a model is identical whatever the thread count or the
//! split of an iteration's deals into blocks: [`train_block`] plays one block
//! and returns its [`Tally`], which [`Tally::to_bytes`] ships between
//! processes; a [`Trainer`] takes the blocks of each iteration in order and
//! fits; [`train`] runs the whole loop on this machine's threads.

use crate::cards::deck::{deal_cards, splitmix64};
use crate::cards::Card;
use crate::error::{Error, Result};
use crate::eval::{evaluator, Wheel};
use crate::parallel::{for_chunks_sized, Threads};
use crate::rules::Rules;
use crate::search::HandSubsets;
use crate::solve::model::{classes, ordinal, Model, Reader, Tally, CLASSES3, CLASSES5};
use crate::solve::TableSolvers;
use std::time::Instant;

/// Most deals of one iteration: the rows of every averaged iteration are
/// kept until the last fit (6 bytes a played hand).
pub const MAX_DEALS: u64 = 10_000_000;
/// Most iterations after the greedy one.
pub const MAX_ITERATIONS: usize = 1000;
/// Deals per unit of parallel work within a block.
const CHUNK_DEALS: usize = 64;

/// The settings of a training run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainOptions {
    /// Deals per iteration (1 to [`MAX_DEALS`]).
    pub deals: u64,
    /// Iterations after the greedy iteration 0 (at most [`MAX_ITERATIONS`]):
    /// the run plays `iterations + 1` rounds of deals.
    pub iterations: usize,
    /// Seed of every deal.
    pub seed: u64,
    /// Fit each iteration to the rows of every solved iteration so far
    /// (fictitious play) rather than the last one alone.
    pub average: bool,
}

impl Default for TrainOptions {
    /// 50,000 deals, 12 averaged iterations, seed 1.
    fn default() -> TrainOptions {
        TrainOptions {
            deals: 50_000,
            iterations: 12,
            seed: 1,
            average: true,
        }
    }
}

/// What one iteration of training played and how much the model moved.
#[derive(Clone, Debug, PartialEq)]
pub struct IterationReport {
    /// The iteration (0: greedy play).
    pub iteration: usize,
    /// Deals played.
    pub deals: u64,
    /// Hands played out and compared (neither fouled nor declared natural).
    pub rows: u64,
    /// Hands that fouled.
    pub fouls: u64,
    /// Hands that declared a natural.
    pub naturals: u64,
    /// Scoop rate of the fitted model (per compared pair of played hands).
    pub scoop_rate: f64,
    /// Mean absolute change of the three row tables from the model before
    /// ([`drift`]); `None` for iteration 0, which has no model before it.
    pub drift: Option<f64>,
    /// Seconds the iteration took on the machine that ran it; `None` when
    /// read back from a model file (a file's bytes do not depend on timing).
    pub seconds: Option<f64>,
}

/// What a model was trained under: recorded in the model file (format 2).
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    /// Every rules option as `(name, value)` ([`Rules::to_pairs`]).
    pub rules: Vec<(String, String)>,
    /// Players at each table of self-play (2 to 4).
    pub players: usize,
    /// The run's settings; `options.iterations` counts the iterations
    /// finished, fewer than asked for when the run was stopped early.
    pub options: TrainOptions,
    /// One report per finished iteration, iteration 0 first.
    pub reports: Vec<IterationReport>,
}

/// Longest rules option name or value a model file may hold.
const MAX_TEXT: usize = 4096;
/// Most rules options a model file may hold.
const MAX_PAIRS: usize = 1024;

impl Training {
    /// The rules self-play used, rebuilt from the recorded options.
    pub fn rules(&self) -> Result<Rules> {
        Rules::from_pairs(&self.rules)
    }

    /// The drift of the last iteration (`None` when only iteration 0 ran).
    pub fn drift(&self) -> Option<f64> {
        self.reports.last().and_then(|r| r.drift)
    }

    /// Played hands behind the fitted model: the last iteration's, or with
    /// averaging every solved iteration's.
    pub fn samples(&self) -> u64 {
        let solved = self.reports.get(1..).unwrap_or(&[]);
        if self.options.average && !solved.is_empty() {
            solved.iter().map(|r| r.rows).sum()
        } else {
            self.reports.last().map_or(0, |r| r.rows)
        }
    }

    /// Appends the record: players, deals, iterations, seed, averaging, the
    /// rules options (length-prefixed UTF-8), then per iteration its
    /// counts, scoop rate and drift (NaN for iteration 0).
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        let o = &self.options;
        out.extend_from_slice(&(self.players as u32).to_le_bytes());
        out.extend_from_slice(&o.deals.to_le_bytes());
        out.extend_from_slice(&(o.iterations as u32).to_le_bytes());
        out.extend_from_slice(&o.seed.to_le_bytes());
        out.push(u8::from(o.average));
        out.extend_from_slice(&(self.rules.len() as u32).to_le_bytes());
        for (k, v) in &self.rules {
            for text in [k, v] {
                out.extend_from_slice(&(text.len() as u16).to_le_bytes());
                out.extend_from_slice(text.as_bytes());
            }
        }
        for r in &self.reports {
            for n in [r.rows, r.fouls, r.naturals] {
                out.extend_from_slice(&n.to_le_bytes());
            }
            out.extend_from_slice(&r.scoop_rate.to_le_bytes());
            out.extend_from_slice(&r.drift.unwrap_or(f64::NAN).to_le_bytes());
        }
    }

    /// Reads the record [`Training::write`] wrote, refusing any value that
    /// training cannot produce.
    pub(crate) fn read(r: &mut Reader<'_>) -> Result<Training> {
        let players = r.u32()? as usize;
        if !(2..=4).contains(&players) {
            return Err(r.bad(format!("{players} players recorded (a table has 2 to 4)")));
        }
        let deals = r.u64()?;
        if !(1..=MAX_DEALS).contains(&deals) {
            return Err(r.bad(format!("{deals} deals per iteration recorded")));
        }
        let iterations = r.u32()? as usize;
        if iterations > MAX_ITERATIONS {
            return Err(r.bad(format!("{iterations} iterations recorded")));
        }
        let seed = r.u64()?;
        let average = match r.u8()? {
            0 => false,
            1 => true,
            b => return Err(r.bad(format!("averaging flag {b} (0 or 1 expected)"))),
        };
        let count = r.u32()? as usize;
        if count > MAX_PAIRS {
            return Err(r.bad(format!("{count} rules options recorded")));
        }
        let mut rules = Vec::with_capacity(count);
        for _ in 0..count {
            let mut text = || -> Result<String> {
                let n = usize::from(r.u16()?);
                if n > MAX_TEXT {
                    return Err(r.bad(format!("a rules option of {n} bytes")));
                }
                let b = r.take(n)?.to_vec();
                String::from_utf8(b).map_err(|_| r.bad("a rules option that is not UTF-8"))
            };
            let k = text()?;
            let v = text()?;
            rules.push((k, v));
        }
        if let Err(e) = Rules::from_pairs(&rules) {
            return Err(r.bad(format!("the recorded rules are not valid: {e}")));
        }
        let mut reports = Vec::with_capacity(iterations + 1);
        for iteration in 0..=iterations {
            let (rows, fouls, naturals) = (r.u64()?, r.u64()?, r.u64()?);
            let (scoop_rate, drift) = (r.f64()?, r.f64()?);
            let hands = deals.saturating_mul(players as u64);
            if rows
                .checked_add(fouls)
                .and_then(|n| n.checked_add(naturals))
                != Some(hands)
            {
                return Err(r.bad(format!(
                    "iteration {iteration}: rows, fouls and naturals do not add up to {hands} hands"
                )));
            }
            if !(0.0..=1.0).contains(&scoop_rate) {
                return Err(r.bad(format!("iteration {iteration}: scoop rate {scoop_rate}")));
            }
            let drift = match (iteration, drift) {
                (0, d) if d.is_nan() => None,
                (i, d) if i > 0 && (0.0..=1.0).contains(&d) => Some(d),
                _ => return Err(r.bad(format!("iteration {iteration}: drift {drift}"))),
            };
            reports.push(IterationReport {
                iteration,
                deals,
                rows,
                fouls,
                naturals,
                scoop_rate,
                drift,
                seconds: None,
            });
        }
        Ok(Training {
            rules,
            players,
            options: TrainOptions {
                deals,
                iterations,
                seed,
                average,
            },
            reports,
        })
    }
}

const TALLY_MAGIC: &[u8; 8] = b"CPTALLY1";

impl Tally {
    /// The tally as bytes, to ship a block of self-play between processes:
    /// magic, the five counters, the row count, then each row's three
    /// ordinals, all little-endian.
    ///
    /// ```
    /// use chinese_poker_core::solve::model::Tally;
    /// let t = Tally { rows: vec![[1, 2, 3]], hands: 2, naturals: 1, ..Tally::default() };
    /// assert_eq!(Tally::from_bytes(&t.to_bytes()).unwrap(), t);
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(56 + 6 * self.rows.len());
        out.extend_from_slice(TALLY_MAGIC);
        for n in [
            self.hands,
            self.fouls,
            self.naturals,
            self.pairs,
            self.scoops,
            self.rows.len() as u64,
        ] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for row in &self.rows {
            for o in row {
                out.extend_from_slice(&o.to_le_bytes());
            }
        }
        out
    }

    /// Reads [`Tally::to_bytes`], refusing a wrong magic, a truncated or
    /// over-long input, ordinals beyond the classes and counts that do not
    /// add up (every dealt hand is played, fouled or declared).
    pub fn from_bytes(bytes: &[u8]) -> Result<Tally> {
        let mut r = Reader {
            bytes,
            pos: 0,
            what: "training block",
        };
        if r.take(8).ok() != Some(TALLY_MAGIC.as_slice()) {
            return Err(r.bad("not a training block (bad magic)"));
        }
        let (hands, fouls, naturals) = (r.u64()?, r.u64()?, r.u64()?);
        let (pairs, scoops, count) = (r.u64()?, r.u64()?, r.u64()?);
        // The length is checked before anything is allocated for the rows.
        if count.checked_mul(6) != Some(r.left() as u64) {
            return Err(r.bad(format!(
                "{count} rows announced, {} bytes of rows present",
                r.left()
            )));
        }
        let mut rows = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let row = [r.u16()?, r.u16()?, r.u16()?];
            let limits = [CLASSES3, CLASSES5, CLASSES5];
            if row.iter().zip(limits).any(|(&o, n)| usize::from(o) >= n) {
                return Err(r.bad(format!("row ordinals {row:?} beyond the classes")));
            }
            rows.push(row);
        }
        if count
            .checked_add(fouls)
            .and_then(|n| n.checked_add(naturals))
            != Some(hands)
        {
            return Err(r.bad("rows, fouls and naturals do not add up to the hands dealt"));
        }
        if scoops > pairs || pairs > count.saturating_mul(3) {
            return Err(r.bad("more scoops than pairs, or more pairs than rows allow"));
        }
        Ok(Tally {
            rows,
            hands,
            fouls,
            naturals,
            pairs,
            scoops,
        })
    }
}

fn check_players(players: usize) -> Result<()> {
    if (2..=4).contains(&players) {
        Ok(())
    } else {
        Err(Error::UnknownOption {
            option: "players".into(),
            value: players.to_string(),
            allowed: "2, 3 or 4".into(),
        })
    }
}

/// Plays one deal of `players` hands and tallies the compared rows, fouls,
/// naturals and scoops. `solver` is `None` in iteration 0 (greedy play);
/// rows are valued with `wheel`, the rules' wheel.
fn play_deal(
    solvers: Option<&TableSolvers>,
    wheel: Wheel,
    players: usize,
    seed: u64,
    iteration: usize,
    deal: u64,
) -> Tally {
    let mut state = seed
        ^ (iteration as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407)
        ^ deal.wrapping_mul(0x9FB2_1C65_1E98_DF25);
    let cards: [Card; 52] = deal_cards(splitmix64(&mut state));
    let e = evaluator(wheel);
    let (c3, c5) = (classes(wheel, 3), classes(wheel, 5));
    let mut t = Tally {
        hands: players as u64,
        ..Tally::default()
    };
    let mut played: Vec<[u32; 3]> = Vec::with_capacity(players);
    for p in 0..players {
        let mut hand = [0; 13];
        hand.copy_from_slice(&cards[13 * p..13 * p + 13]);
        let setting = match solvers.map(|t| t.seat(p)) {
            None => HandSubsets::new(&hand, wheel).greedy().cards(&hand),
            Some(s) => match s.solve(&hand) {
                Ok(sol) if sol.natural.is_some() => {
                    t.naturals += 1;
                    continue;
                }
                Ok(sol) if sol.fouled => {
                    t.fouls += 1;
                    continue;
                }
                Ok(sol) => sol.setting,
                // A dealt hand always solves; were it not to, it counts as
                // fouled so that the counts still add up.
                Err(_) => {
                    t.fouls += 1;
                    continue;
                }
            },
        };
        let s = setting;
        played.push([
            e.value3([s[0], s[1], s[2]]),
            e.value5([s[3], s[4], s[5], s[6], s[7]]),
            e.value5([s[8], s[9], s[10], s[11], s[12]]),
        ]);
    }
    for (i, v) in played.iter().enumerate() {
        t.rows.push([
            ordinal(c3, v[0]) as u16,
            ordinal(c5, v[1]) as u16,
            ordinal(c5, v[2]) as u16,
        ]);
        for (j, u) in played.iter().enumerate() {
            if i != j {
                t.pairs += 1;
                t.scoops += u64::from(v[0] > u[0] && v[1] > u[1] && v[2] > u[2]);
            }
        }
    }
    t
}

/// Plays deals `first .. first + count` of one iteration of training and
/// tallies them, in deal order whatever `threads` is. `model` is the model
/// of the iteration before (`None`: iteration 0, greedy play); each hand is
/// solved under `rules` against `players - 1` opponents.
///
/// ```
/// use chinese_poker_core::{parallel::Threads, rules::Rules, solve::train::train_block};
/// let t = train_block(&Rules::plain(), 2, None, 1, 0, 0, 10, Threads::Count(1)).unwrap();
/// assert_eq!((t.hands, t.rows.len()), (20, 20));
/// ```
#[allow(clippy::too_many_arguments)]
pub fn train_block(
    rules: &Rules,
    players: usize,
    model: Option<&Model>,
    seed: u64,
    iteration: usize,
    first: u64,
    count: u64,
    threads: Threads,
) -> Result<Tally> {
    check_players(players)?;
    if first.checked_add(count).is_none_or(|end| end > MAX_DEALS) {
        return Err(Error::InvalidSetting(format!(
            "deals {first} .. {first} + {count} run past the last deal of an iteration \
             ({MAX_DEALS})"
        )));
    }
    let solvers = match model {
        Some(m) => Some(TableSolvers::new(rules, players - 1, m)?),
        None => None,
    };
    let wheel = rules.wheel();
    let deals: Vec<u64> = (first..first + count).collect();
    let mut out: Vec<Tally> = vec![Tally::default(); deals.len().div_ceil(CHUNK_DEALS)];
    for_chunks_sized(&deals, CHUNK_DEALS, &mut out, 1, threads, 1, |_, ds, o| {
        for &d in ds {
            o[0].merge(play_deal(
                solvers.as_ref(),
                wheel,
                players,
                seed,
                iteration,
                d,
            ));
        }
        Ok(())
    })?;
    let mut tally = Tally::default();
    for t in out {
        tally.merge(t);
    }
    Ok(tally)
}

/// Mean absolute change of the three rows' cumulative tables.
pub fn drift(a: &Model, b: &Model) -> f64 {
    let mut total = 0.0;
    let mut n = 0.0;
    for k in 0..3 {
        let (ra, rb) = (a.row(k), b.row(k));
        for o in 0..ra.len() {
            total += (ra.below(o) - rb.below(o)).abs();
            n += 1.0;
        }
    }
    total / n
}

/// The training loop as a state machine: the caller plays the blocks of
/// each iteration ([`train_block`] with [`Trainer::model`]) anywhere, hands
/// them back in deal order ([`Trainer::add_block`]) and closes the
/// iteration ([`Trainer::end_iteration`]), which fits the next model.
///
/// ```
/// use chinese_poker_core::{parallel::Threads, rules::Rules};
/// use chinese_poker_core::solve::train::{train_block, TrainOptions, Trainer};
/// let rules = Rules::plain();
/// let opts = TrainOptions { deals: 20, iterations: 1, ..TrainOptions::default() };
/// let mut trainer = Trainer::new(&rules, 2, opts).unwrap();
/// while !trainer.finished() {
///     for first in [0, 10] {
///         let (m, i) = (trainer.model(), trainer.iteration());
///         let t = train_block(&rules, 2, m, opts.seed, i, first, 10, Threads::Count(1)).unwrap();
///         trainer.add_block(first, t).unwrap();
///     }
///     trainer.end_iteration(None).unwrap();
/// }
/// assert_eq!(trainer.into_model().unwrap().training().unwrap().reports.len(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Trainer {
    rules: Rules,
    players: usize,
    options: TrainOptions,
    /// The model of the last finished iteration.
    model: Option<Model>,
    /// The rows of every solved iteration so far, when averaging.
    history: Tally,
    /// The blocks of the iteration being played.
    current: Tally,
    next_deal: u64,
    reports: Vec<IterationReport>,
}

impl Trainer {
    /// A run of `options` under `rules` at tables of `players` (2 to 4).
    pub fn new(rules: &Rules, players: usize, options: TrainOptions) -> Result<Trainer> {
        check_players(players)?;
        if !(1..=MAX_DEALS).contains(&options.deals) {
            return Err(Error::UnknownOption {
                option: "deals".into(),
                value: options.deals.to_string(),
                allowed: format!("1 to {MAX_DEALS} deals per iteration"),
            });
        }
        if options.iterations > MAX_ITERATIONS {
            return Err(Error::UnknownOption {
                option: "iterations".into(),
                value: options.iterations.to_string(),
                allowed: format!("0 to {MAX_ITERATIONS}"),
            });
        }
        Ok(Trainer {
            rules: rules.clone(),
            players,
            options,
            model: None,
            history: Tally::default(),
            current: Tally::default(),
            next_deal: 0,
            reports: Vec::new(),
        })
    }

    /// The iteration being played (0: greedy).
    pub fn iteration(&self) -> usize {
        self.reports.len()
    }

    /// True once every iteration has ended.
    pub fn finished(&self) -> bool {
        self.reports.len() > self.options.iterations
    }

    /// The model the current iteration plays with (`None` in iteration 0).
    pub fn model(&self) -> Option<&Model> {
        self.model.as_ref()
    }

    /// The first deal the next block must start at.
    pub fn next_deal(&self) -> u64 {
        self.next_deal
    }

    /// The reports of the iterations ended so far.
    pub fn reports(&self) -> &[IterationReport] {
        &self.reports
    }

    /// Adds the tally of the block of the current iteration that starts at
    /// deal `first`: blocks come in deal order, each once, none past the
    /// iteration's last deal.
    pub fn add_block(&mut self, first: u64, tally: Tally) -> Result<()> {
        let refuse = |m: String| Err(Error::InvalidSetting(format!("training block: {m}")));
        if self.finished() {
            return refuse("every iteration has ended".into());
        }
        let players = self.players as u64;
        if tally.hands % players != 0 {
            return refuse(format!(
                "{} hands are not whole deals of {players}",
                tally.hands
            ));
        }
        let count = tally.hands / players;
        if first != self.next_deal {
            return refuse(format!(
                "a block starting at deal {first} where deal {} comes next (a block is \
                 missing, repeated or out of order)",
                self.next_deal
            ));
        }
        if count > self.options.deals - self.next_deal {
            return refuse(format!(
                "deals {first} .. {} run past the iteration's {} deals",
                first + count,
                self.options.deals
            ));
        }
        self.current.merge(tally);
        self.next_deal += count;
        Ok(())
    }

    /// Ends the current iteration once all its deals are in: fits the next
    /// model and reports (`seconds`: how long the iteration took, if timed).
    pub fn end_iteration(&mut self, seconds: Option<f64>) -> Result<&IterationReport> {
        if self.finished() {
            return Err(Error::InvalidSetting(
                "training: every iteration has ended".into(),
            ));
        }
        if self.next_deal != self.options.deals {
            return Err(Error::InvalidSetting(format!(
                "training: iteration {} has {} of its {} deals",
                self.iteration(),
                self.next_deal,
                self.options.deals
            )));
        }
        let iteration = self.iteration();
        let tally = std::mem::take(&mut self.current);
        // Iteration 0's greedy rows are a starting point, not a strategy to
        // average in.
        let fitted = if self.options.average && iteration > 0 {
            self.history.merge(tally.clone());
            Model::fit(&self.history)
        } else {
            Model::fit(&tally)
        };
        self.reports.push(IterationReport {
            iteration,
            deals: self.options.deals,
            rows: tally.rows.len() as u64,
            fouls: tally.fouls,
            naturals: tally.naturals,
            scoop_rate: fitted.scoop_rate,
            drift: self.model.as_ref().map(|m| drift(m, &fitted)),
            seconds,
        });
        self.model = Some(fitted);
        self.next_deal = 0;
        let last = self.reports.len() - 1;
        Ok(&self.reports[last])
    }

    /// The model of the last finished iteration, recording what it was
    /// trained under; an error when no iteration has ended.
    pub fn into_model(self) -> Result<Model> {
        let Some(model) = self.model else {
            return Err(Error::InvalidSetting(
                "training: no iteration has ended, so there is no model".into(),
            ));
        };
        let training = Training {
            rules: self.rules.to_pairs(),
            players: self.players,
            options: TrainOptions {
                iterations: self.reports.len() - 1,
                ..self.options
            },
            reports: self.reports,
        };
        Ok(model.with_training(training))
    }
}

/// Trains a model under `rules` at tables of `players` on this machine's
/// `threads`, calling `on_iteration` after each iteration (it returns
/// whether to go on; a run stopped early keeps the iterations it finished).
/// Returns the model, which records its training and the reports.
///
/// ```
/// use chinese_poker_core::{parallel::Threads, rules::Rules};
/// use chinese_poker_core::solve::train::{train, TrainOptions};
/// let opts = TrainOptions { deals: 30, iterations: 2, ..TrainOptions::default() };
/// let model = train(&Rules::plain(), 2, opts, Threads::Count(1), |_| true).unwrap();
/// assert_eq!(model.training().unwrap().reports.len(), 3);
/// ```
pub fn train(
    rules: &Rules,
    players: usize,
    options: TrainOptions,
    threads: Threads,
    mut on_iteration: impl FnMut(&IterationReport) -> bool,
) -> Result<Model> {
    let mut trainer = Trainer::new(rules, players, options)?;
    while !trainer.finished() {
        let t0 = Instant::now();
        let tally = train_block(
            rules,
            players,
            trainer.model(),
            options.seed,
            trainer.iteration(),
            0,
            options.deals,
            threads,
        )?;
        trainer.add_block(0, tally)?;
        let report = trainer.end_iteration(Some(t0.elapsed().as_secs_f64()))?;
        if !on_iteration(report) {
            break;
        }
    }
    trainer.into_model()
}

#[cfg(test)]
#[path = "train_tests.rs"]
mod tests;
