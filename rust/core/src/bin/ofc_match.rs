//! Measures the open-face agents: self-play statistics of one strategy, a
//! duplicate heads-up match of two, the worth of a Fantasyland deal, or the
//! table of Fantasyland values the agent counts.
//!
//! Commands (from the repository root):
//!
//! ```text
//! cargo run --release -p chinese-poker-core --bin ofc_match -- \
//!     --preset ofc_pineapple --players 3 --strategy default --hands 5000 --seed 1
//! cargo run --release -p chinese-poker-core --bin ofc_match -- \
//!     --a default --b baseline --preset ofc_us --hands 2000 --seed 1
//! cargo run --release -p chinese-poker-core --bin ofc_match -- \
//!     --fl-value 1 --preset ofc_pineapple --players 2 --strategy default --hands 400
//! cargo run --release -p chinese-poker-core --bin ofc_match -- \
//!     --fl-table rust/core/src/ofc/fl_values.txt --hands 300 --seed 1 --threads 1
//! ```
//!
//! Hands are played in tables of 20 (Fantasyland carried over inside a
//! table) seeded as [`simulate_ofc`] seeds them, so a strategy of
//! [`OfcStrategy::NAMES`] plays the same moves here and there. Standard
//! errors are over tables, which are independent. A duplicate match plays
//! every table twice with the seats swapped; a's edge per hand is the mean
//! of its two results. `--fl-value 1` deals seat 0 into Fantasyland every
//! hand (the exact solver) against `--strategy` and reports its points per
//! opponent and how often it stays. `--fl-table FILE` (`-` = standard
//! output) does that heads-up for every open-face preset and each card
//! count its Fantasyland deals (14, or 14 to 17 when progressive), all on
//! the same seed, and writes the table of
//! [`chinese_poker_core::ofc::fl_table`]; the result depends on the seed
//! alone, not on `--threads`. Agent options for the strategy (or `--a`;
//! b always plays its named strategy as it is): `--samples`,
//! `--candidates`, `--finalists`, `--opponents greedy|clairvoyant|sampled`,
//! `--own greedy|clairvoyant|blend|sampled|sampled_blend`, `--futures K`
//! (futures per street of a sampled completion), `--late-scale K` (rollouts
//! of a Pineapple street after the first, times), `--fl-per-opponent X`
//! (`0` = no Fantasyland value), `--fl-scale X` (factor on the table's
//! values), `--foul-penalty X`.
//! `--threads` (default 2) plays tables in parallel; times per decision are
//! wall times on a loaded machine.
//!
//! [`simulate_ofc`]: chinese_poker_core::ofc::simulate::simulate_ofc

mod common;

use chinese_poker_core::error::Error;
use chinese_poker_core::ofc::fl_table::{entering_values, fantasyland_counts, FlEntry, FlTable};
use chinese_poker_core::ofc::simulate::{play_table_with, OfcStrategy, TABLE_HANDS};
use chinese_poker_core::ofc::{suggest_with, AgentConfig, Completion, Move, OfcGame, OfcRules};
use chinese_poker_core::rules::{Rules, PRESET_NAMES};
use chinese_poker_core::score::Status;
use rayon::prelude::*;
use std::time::Instant;

/// A seat's player: a named strategy, or the agent with changed options.
#[derive(Clone, Copy, Debug)]
enum Player {
    Named(OfcStrategy),
    Agent(AgentConfig),
}

impl Player {
    fn choose(self, game: &OfcGame, seed: u64) -> Result<Move, String> {
        let e = |e: chinese_poker_core::error::Error| e.to_string();
        match self {
            Player::Named(s) => s.choose(game, seed).map_err(e),
            Player::Agent(cfg) => {
                let seat = game.to_act().ok_or("no seat to act")?;
                let ranked = suggest_with(game, seat, &cfg, seed, None).map_err(e)?;
                Ok(ranked.into_iter().next().ok_or("no legal move")?.0)
            }
        }
    }
}

#[derive(Clone)]
struct Args {
    preset: String,
    options: Vec<(String, String)>,
    players: usize,
    hands: u64,
    seed: u64,
    threads: usize,
    strategy: String,
    a: Option<String>,
    b: String,
    fl_value: bool,
    fl_table: Option<String>,
    samples: Option<usize>,
    candidates: Option<usize>,
    finalists: Option<usize>,
    own: Option<Completion>,
    opponents: Option<Completion>,
    fl_per_opponent: Option<f64>,
    fl_scale: Option<f64>,
    foul_penalty: Option<f64>,
    futures: Option<usize>,
    late_scale: Option<usize>,
}

fn completion(flag: &str, v: &str) -> Result<Completion, String> {
    match v {
        "greedy" => Ok(Completion::Greedy),
        "clairvoyant" => Ok(Completion::Clairvoyant),
        "blend" => Ok(Completion::Blend),
        "sampled" => Ok(Completion::Sampled),
        "sampled_blend" => Ok(Completion::SampledBlend),
        _ => Err(format!(
            "{flag} {v}: greedy, clairvoyant, blend, sampled or sampled_blend"
        )),
    }
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        preset: "ofc_pineapple".into(),
        options: Vec::new(),
        players: 3,
        hands: 200,
        seed: 1,
        threads: 2,
        strategy: "default".into(),
        a: None,
        b: "baseline".into(),
        fl_value: false,
        fl_table: None,
        samples: None,
        candidates: None,
        finalists: None,
        own: None,
        opponents: None,
        fl_per_opponent: None,
        fl_scale: None,
        foul_penalty: None,
        futures: None,
        late_scale: None,
    };
    for pair in common::flags() {
        let (flag, value) = pair?;
        let num = |v: &str| common::num(&flag, v);
        match flag.as_str() {
            "--preset" => a.preset = value,
            "--option" => a.options.push(common::option(&value)?),
            "--players" => a.players = common::players(&value)?,
            "--hands" => a.hands = num(&value)?,
            "--seed" => a.seed = num(&value)?,
            "--threads" => a.threads = (num(&value)? as usize).max(1),
            "--strategy" => a.strategy = value,
            "--a" => a.a = Some(value),
            "--b" => a.b = value,
            "--fl-value" => a.fl_value = num(&value)? != 0,
            "--fl-table" => a.fl_table = Some(value),
            "--samples" => a.samples = Some(num(&value)? as usize),
            "--candidates" => a.candidates = Some(num(&value)? as usize),
            "--futures" => a.futures = Some((num(&value)? as usize).max(1)),
            "--late-scale" => a.late_scale = Some((num(&value)? as usize).max(1)),
            "--finalists" => a.finalists = Some(num(&value)? as usize),
            "--own" => a.own = Some(completion(&flag, &value)?),
            "--opponents" => a.opponents = Some(completion(&flag, &value)?),
            "--fl-per-opponent" => {
                a.fl_per_opponent = Some(
                    value
                        .parse::<f64>()
                        .map_err(|e| format!("--fl-per-opponent {value}: {e}"))?,
                )
            }
            "--fl-scale" => {
                a.fl_scale = Some(
                    value
                        .parse::<f64>()
                        .map_err(|e| format!("--fl-scale {value}: {e}"))?,
                )
            }
            "--foul-penalty" => {
                a.foul_penalty = Some(
                    value
                        .parse::<f64>()
                        .map_err(|e| format!("--foul-penalty {value}: {e}"))?,
                )
            }
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(a)
}

/// The player of a strategy name, with the agent options applied when the
/// name is one of the new agent's.
fn player(args: &Args, name: &str) -> Result<Player, String> {
    let s = OfcStrategy::parse(name).map_err(|e| e.to_string())?;
    let tuned = args.samples.is_some()
        || args.candidates.is_some()
        || args.finalists.is_some()
        || args.own.is_some()
        || args.opponents.is_some()
        || args.fl_per_opponent.is_some()
        || args.fl_scale.is_some()
        || args.foul_penalty.is_some()
        || args.futures.is_some()
        || args.late_scale.is_some();
    match s {
        OfcStrategy::Rollout(n) if tuned => {
            let mut c = AgentConfig::with_samples(args.samples.unwrap_or(n));
            if let Some(k) = args.candidates {
                c.candidates = k;
                c.classic_candidates = k;
            }
            if let Some(k) = args.finalists {
                c.finalists = k;
            }
            if let Some(x) = args.own {
                c.own = x;
            }
            if let Some(x) = args.opponents {
                c.opponents = x;
            }
            if let Some(v) = args.foul_penalty {
                c.foul_penalty = v;
            }
            if let Some(v) = args.futures {
                c.futures = v;
            }
            if let Some(v) = args.late_scale {
                c.late_sample_scale = v;
            }
            if let Some(v) = args.fl_per_opponent {
                c.fantasyland = v != 0.0;
                c.fl_per_opponent = Some(v);
            }
            if let Some(v) = args.fl_scale {
                c.fl_scale = v;
            }
            Ok(Player::Agent(c))
        }
        _ => Ok(Player::Named(s)),
    }
}

/// One seat's result in one hand.
#[derive(Clone, Copy, Default)]
struct SeatHand {
    points: f64,
    foul: bool,
    royalties: i64,
    in_fl: bool,
    qualifies: bool,
}

/// What a table gives: per hand, per seat; and the agent decision times.
struct TableResult {
    hands: Vec<Vec<SeatHand>>,
    /// Seconds of each decision of a normal (not Fantasyland) seat, by seat.
    times: Vec<(usize, f64)>,
}

/// Plays table `t` as [`chinese_poker_core::ofc::simulate::simulate_ofc`] does; with
/// `fl_seat0 = Some(cards)` seat 0 is dealt into Fantasyland with `cards`
/// cards every hand.
fn play_table(
    rules: &OfcRules,
    seats: &[Player],
    seed: u64,
    t: u64,
    hands: u64,
    fl_seat0: Option<u8>,
) -> Result<TableResult, String> {
    let n = seats.len();
    let mut fl = vec![0u8; n];
    fl[0] = fl_seat0.unwrap_or(0);
    let mut out = TableResult {
        hands: Vec::new(),
        times: Vec::new(),
    };
    let mut times = Vec::new();
    play_table_with(
        t,
        hands,
        rules,
        n,
        seed,
        fl_seat0.map(|_| fl.as_slice()),
        |g, s| {
            let seat = g
                .to_act()
                .ok_or_else(|| Error::Internal("no seat to act".into()))?;
            let t0 = Instant::now();
            let mv = seats[seat].choose(g, s).map_err(Error::Internal)?;
            if !g.in_fantasyland(seat) {
                times.push((seat, t0.elapsed().as_secs_f64()));
            }
            Ok(mv)
        },
        |g| {
            let res = g.settle()?;
            let next = g.next_fantasyland()?;
            out.hands.push(
                (0..n)
                    .map(|s| SeatHand {
                        points: res.totals[s] as f64 / res.denominator as f64,
                        foul: matches!(res.players[s].status, Status::Fouled(_)),
                        royalties: res.players[s].royalties.iter().sum(),
                        in_fl: g.in_fantasyland(s),
                        qualifies: next[s] > 0,
                    })
                    .collect(),
            );
            Ok(())
        },
    )
    .map_err(|e| e.to_string())?;
    out.times = times;
    Ok(out)
}

/// Plays tables `0 .. ceil(hands / 20)` on a pool of `threads` (the
/// results in table order, whatever the pool's size).
fn play_all(
    args: &Args,
    rules: &OfcRules,
    seats: &[Player],
    fl_seat0: Option<u8>,
) -> Result<Vec<TableResult>, String> {
    let tables: Vec<(u64, u64)> = (0..args.hands.div_ceil(TABLE_HANDS))
        .map(|t| (t, (args.hands - t * TABLE_HANDS).min(TABLE_HANDS)))
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| e.to_string())?;
    pool.install(|| {
        tables
            .par_iter()
            .map(|&(t, h)| play_table(rules, seats, args.seed, t, h, fl_seat0))
            .collect()
    })
}

/// Mean and standard error of the mean of `xs`.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (m, f64::NAN);
    }
    let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
    (m, (var / n).sqrt())
}

/// Per-hand mean and SE from per-table sums (tables are independent; the
/// hands of a table are not, through Fantasyland).
fn per_hand(table_sums: &[f64], table_hands: &[f64]) -> (f64, f64) {
    let total: f64 = table_hands.iter().sum();
    let mean = table_sums.iter().sum::<f64>() / total;
    // Ratio estimator: residuals of each table against the mean.
    let resid: Vec<f64> = table_sums
        .iter()
        .zip(table_hands)
        .map(|(s, h)| s - mean * h)
        .collect();
    let t = resid.len() as f64;
    let hbar = total / t;
    let var = resid.iter().map(|r| r * r).sum::<f64>() / (t - 1.0).max(1.0);
    (mean, (var / t).sqrt() / hbar)
}

fn median(mut xs: Vec<f64>) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn self_play(args: &Args, rules: &OfcRules) -> Result<(), String> {
    let p = player(args, &args.strategy)?;
    let seats = vec![p; args.players];
    let t0 = Instant::now();
    let tables = play_all(args, rules, &seats, None)?;
    let wall = t0.elapsed().as_secs_f64();
    let all: Vec<&SeatHand> = tables
        .iter()
        .flat_map(|t| t.hands.iter().flatten())
        .collect();
    let boards = all.len() as f64;
    let normal: Vec<&&SeatHand> = all.iter().filter(|s| !s.in_fl).collect();
    let fl: Vec<&&SeatHand> = all.iter().filter(|s| s.in_fl).collect();
    let count =
        |v: &[&&SeatHand], f: fn(&SeatHand) -> bool| v.iter().filter(|s| f(s)).count() as f64;
    println!(
        "self-play {} {}p strategy {} ({:?}): {} hands, seed {}",
        args.preset, args.players, args.strategy, p, args.hands, args.seed
    );
    // Fouls and royalties of every board; also per normal board.
    let tf = |f: fn(&SeatHand) -> f64| -> (f64, f64) {
        let sums: Vec<f64> = tables
            .iter()
            .map(|t| t.hands.iter().flatten().map(f).sum())
            .collect();
        let hs: Vec<f64> = tables
            .iter()
            .map(|t| (t.hands.len() * args.players) as f64)
            .collect();
        per_hand(&sums, &hs)
    };
    let (fr, fr_se) = tf(|s| f64::from(u8::from(s.foul)));
    let (ro, ro_se) = tf(|s| s.royalties as f64);
    println!(
        "  boards {boards}: foul {:.2}% ± {:.2}, royalties {ro:.3} ± {ro_se:.3} per board",
        100.0 * fr,
        100.0 * fr_se
    );
    println!(
        "  normal boards {}: foul {:.2}%, royalties {:.3}",
        normal.len(),
        100.0 * count(&normal, |s| s.foul) / normal.len() as f64,
        normal.iter().map(|s| s.royalties as f64).sum::<f64>() / normal.len() as f64
    );
    println!(
        "  Fantasyland entry {:.2}% of {} normal hands; stay {:.2}% of {} Fantasyland hands",
        100.0 * count(&normal, |s| s.qualifies) / normal.len() as f64,
        normal.len(),
        100.0 * count(&fl, |s| s.qualifies) / (fl.len() as f64).max(1.0),
        fl.len()
    );
    let hs: Vec<f64> = tables.iter().map(|t| t.hands.len() as f64).collect();
    for s in 0..args.players {
        let sums: Vec<f64> = tables
            .iter()
            .map(|t| t.hands.iter().map(|h| h[s].points).sum())
            .collect();
        let (m, se) = per_hand(&sums, &hs);
        println!("  seat {s}: {m:+.3} ± {se:.3} points per hand");
    }
    report_times(&tables, None, wall);
    Ok(())
}

/// Median and mean decision times (of `seat` only, if given).
fn report_times(tables: &[TableResult], seat: Option<usize>, wall: f64) {
    let times: Vec<f64> = tables
        .iter()
        .flat_map(|t| t.times.iter())
        .filter(|(s, _)| seat.is_none_or(|x| x == *s))
        .map(|&(_, x)| 1000.0 * x)
        .collect();
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let n = times.len();
    println!(
        "  {n} normal decisions: median {:.2} ms, mean {mean:.2} ms (wall {wall:.0} s)",
        median(times)
    );
}

fn duplicate(args: &Args, rules: &OfcRules, a_name: &str) -> Result<(), String> {
    let a = player(args, a_name)?;
    // The agent options are a's: b plays its named strategy as it is.
    let b = Player::Named(OfcStrategy::parse(&args.b).map_err(|e| e.to_string())?);
    let t0 = Instant::now();
    let ab = play_all(args, rules, &[a, b], None)?;
    let ba = play_all(args, rules, &[b, a], None)?;
    let wall = t0.elapsed().as_secs_f64();
    println!(
        "duplicate {} heads-up: a = {a_name} ({a:?}) vs b = {}, {} hands x 2 seatings, seed {}",
        args.preset, args.b, args.hands, args.seed
    );
    let sums: Vec<f64> = ab
        .iter()
        .zip(&ba)
        .map(|(x, y)| {
            let s1: f64 = x.hands.iter().map(|h| h[0].points).sum();
            let s2: f64 = y.hands.iter().map(|h| h[1].points).sum();
            (s1 + s2) / 2.0
        })
        .collect();
    let hs: Vec<f64> = ab.iter().map(|t| t.hands.len() as f64).collect();
    let (m, se) = per_hand(&sums, &hs);
    println!(
        "  a's edge {m:+.3} ± {se:.3} points per hand (SE over {} tables)",
        sums.len()
    );
    // Per-hand paired differences, for comparison (ignores the dependence
    // of a table's hands through Fantasyland).
    let diffs: Vec<f64> = ab
        .iter()
        .zip(&ba)
        .flat_map(|(x, y)| {
            x.hands
                .iter()
                .zip(&y.hands)
                .map(|(p, q)| (p[0].points + q[1].points) / 2.0)
        })
        .collect();
    let (m2, se2) = mean_se(&diffs);
    println!("  per-hand pairs: {m2:+.3} ± {se2:.3}");
    for (label, runs, seat_of_a) in [("ab", &ab, 0usize), ("ba", &ba, 1)] {
        let all: Vec<&Vec<SeatHand>> = runs.iter().flat_map(|t| t.hands.iter()).collect();
        let stat = |s: usize| {
            let v: Vec<&SeatHand> = all.iter().map(|h| &h[s]).collect();
            let normal: Vec<&&SeatHand> = v.iter().filter(|x| !x.in_fl).collect();
            (
                100.0 * v.iter().filter(|x| x.foul).count() as f64 / v.len() as f64,
                v.iter().map(|x| x.royalties as f64).sum::<f64>() / v.len() as f64,
                100.0 * normal.iter().filter(|x| x.qualifies).count() as f64
                    / normal.len().max(1) as f64,
            )
        };
        let (fa, ra, ea) = stat(seat_of_a);
        let (fb, rb, eb) = stat(1 - seat_of_a);
        println!(
            "  run {label}: a foul {fa:.1}% royalties {ra:.2} FL entry {ea:.1}% | b foul {fb:.1}% royalties {rb:.2} FL entry {eb:.1}%"
        );
    }
    let mut both: Vec<TableResult> = ab;
    for t in &mut both {
        t.times.retain(|&(s, _)| s == 0);
    }
    report_times(&both, Some(0), wall);
    Ok(())
}

/// Seat 0's results when it is dealt `cards` Fantasyland cards every hand.
struct FlDeals {
    /// Points per hand, and their standard error.
    points: (f64, f64),
    stay: f64,
    foul: f64,
    royalties: f64,
}

/// Plays `args.hands` hands with seat 0 in Fantasyland with `cards` cards
/// against `args.strategy` in the other seats.
fn fl_deals(args: &Args, rules: &OfcRules, cards: u8) -> Result<FlDeals, String> {
    let p = player(args, &args.strategy)?;
    let seats = vec![p; args.players];
    let tables = play_all(args, rules, &seats, Some(cards))?;
    let sums: Vec<f64> = tables
        .iter()
        .map(|t| t.hands.iter().map(|h| h[0].points).sum())
        .collect();
    let hs: Vec<f64> = tables.iter().map(|t| t.hands.len() as f64).collect();
    let all: Vec<&SeatHand> = tables
        .iter()
        .flat_map(|t| t.hands.iter().map(|h| &h[0]))
        .collect();
    let share = |f: fn(&SeatHand) -> bool| {
        all.iter().filter(|s| f(s)).count() as f64 / all.len().max(1) as f64
    };
    Ok(FlDeals {
        points: per_hand(&sums, &hs),
        stay: share(|s| s.qualifies),
        foul: share(|s| s.foul),
        royalties: all.iter().map(|s| s.royalties as f64).sum::<f64>() / all.len().max(1) as f64,
    })
}

fn fl_value(args: &Args, rules: &OfcRules) -> Result<(), String> {
    let d = fl_deals(args, rules, rules.fantasyland.cards)?;
    let ((m, se), stay, foul, roy) = (d.points, d.stay, d.foul, d.royalties);
    let opp = (args.players - 1) as f64;
    println!(
        "Fantasyland seat 0 vs {} x {}: {} hands of {}",
        args.players - 1,
        args.strategy,
        args.hands,
        args.preset
    );
    println!(
        "  points {m:+.3} ± {se:.3} per hand ({:+.3} per opponent); stay {:.1}%, foul {:.1}%, royalties {roy:.2}",
        m / opp,
        100.0 * stay,
        100.0 * foul
    );
    println!(
        "  value of entering per opponent, edge / (1 - stay): {:.2}",
        m / opp / (1.0 - stay)
    );
    Ok(())
}

/// Measures every open-face preset heads-up, each Fantasyland card count
/// in turn on the same seed, and writes the table [`FlTable::parse`] reads
/// to `path` (`-` for standard output).
fn fl_table(args: &Args, path: &str) -> Result<(), String> {
    let args = Args {
        players: 2,
        ..args.clone()
    };
    let mut table = FlTable::default();
    for name in PRESET_NAMES {
        let Ok(rules) = OfcRules::preset(name) else {
            continue;
        };
        let counts = fantasyland_counts(&rules);
        if counts.is_empty() {
            table.entries.push(FlEntry {
                preset: name.to_string(),
                cards: 0,
                value: 0.0,
                edge: 0.0,
                edge_se: 0.0,
                stay: 0.0,
                hands: 0,
            });
            continue;
        }
        let mut deals = Vec::new();
        for &cards in &counts {
            let t0 = Instant::now();
            let d = fl_deals(&args, &rules, cards)?;
            eprintln!(
                "{name} {cards} cards: edge {:+.3} ± {:.3}, stay {:.1}% ({:.0} s)",
                d.points.0,
                d.points.1,
                100.0 * d.stay,
                t0.elapsed().as_secs_f64()
            );
            deals.push((cards, d));
        }
        let measured: Vec<(u8, f64, f64)> = deals
            .iter()
            .map(|(c, d)| (*c, d.points.0, d.stay))
            .collect();
        let values = entering_values(&measured, rules.fantasyland.repeat_cards);
        for ((cards, d), value) in deals.iter().zip(values) {
            table.entries.push(FlEntry {
                preset: name.to_string(),
                cards: *cards,
                value,
                edge: d.points.0,
                edge_se: d.points.1,
                stay: d.stay,
                hands: args.hands,
            });
        }
    }
    let comments = [
        format!(
            "Generated by `cargo run --release -p chinese-poker-core --bin ofc_match -- \
             --fl-table FILE --hands {} --seed {} --strategy {}`; do not edit.",
            args.hands, args.seed, args.strategy
        ),
        "Heads-up: seat 0 is dealt `cards` Fantasyland cards every hand against the strategy;"
            .into(),
        "value = points per opponent of entering with `cards`, repeats included (fl_table.rs)."
            .into(),
    ];
    let text = table.to_text(&comments);
    if path == "-" {
        print!("{text}");
        Ok(())
    } else {
        std::fs::write(path, text).map_err(|e| format!("--fl-table {path}: {e}"))
    }
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    if let Some(path) = args.fl_table.clone() {
        return fl_table(&args, &path);
    }
    let r = Rules::preset(&args.preset)
        .and_then(|r| r.with_pairs(&args.options))
        .map_err(|e| e.to_string())?;
    let rules = OfcRules::with_rules(&args.preset, r).map_err(|e| e.to_string())?;
    if args.fl_value {
        fl_value(&args, &rules)
    } else if let Some(a) = args.a.clone() {
        let args = Args { players: 2, ..args };
        duplicate(&args, &rules, &a)
    } else {
        self_play(&args, &rules)
    }
}

fn main() {
    if let Err(e) = run() {
        eprintln!("ofc_match: {e}");
        std::process::exit(2);
    }
}
