//! Measures the strong solver: a duplicate match of the strong solver
//! against the fast one (each seat in turn played strong, the others fast,
//! against the same deal played fast by everyone), and optionally both
//! against a peer's settings (heads-up), with the strong solver's time per hand.
//!
//! Command (from the repository root):
//!
//! ```text
//! cargo run --release -p chinese-poker-core --bin strong_match -- \
//!     --preset plain --option score.method=2-4 --players 2 --deals 20000 --seed 1 \
//!     --model model.bin --peer-settings settings.txt --threads 2
//! ```
//!
//! Deal `i` is the first `13 * players` cards of `deal_deck(seed, i)`; hand
//! `h = players * i + seat` is solved with the strong seed `h`, one thread
//! each (as `benches/h2h.py --ours strong` does for heads-up). The edge is in
//! points per hand with the standard error over deals. `--model` reads a
//! model file (default: the embedded one), used by both solvers and by the
//! strong solver's simulated opponents. Effort: `--samples`, `--candidates`,
//! `--margin`, `--budget-ms`. `--peer-settings` reads one setting a line
//! (13 codes, in the order of the hands) for the deals from `--first`'s 0.
//! `--dump FILE` writes one line per hand with every raced candidate's
//! figures and its real gains (against the deal's fast opponents, and the
//! peer's), so rules of choice can be compared on the same races.

mod common;

use chinese_poker_core::cards::deck::deal_deck;
use chinese_poker_core::cards::Card;
use chinese_poker_core::parallel::Threads;
use chinese_poker_core::rules::Rules;
use chinese_poker_core::score::{score, PlayerHand};
use chinese_poker_core::setting::Setting;
use chinese_poker_core::solve::{solve_strong, Effort, Model, Solver};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

struct Args {
    preset: String,
    options: Vec<(String, String)>,
    players: usize,
    deals: usize,
    first: usize,
    seed: u64,
    model: Option<String>,
    effort: Effort,
    threads: usize,
    peer: Option<String>,
    dump: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        preset: "plain".into(),
        options: Vec::new(),
        players: 2,
        deals: 1000,
        first: 0,
        seed: 1,
        model: None,
        effort: Effort::default(),
        threads: 1,
        peer: None,
        dump: None,
    };
    for pair in common::flags() {
        let (flag, value) = pair?;
        let num = |v: &str| common::num(&flag, v);
        match flag.as_str() {
            "--preset" => a.preset = value,
            "--option" => a.options.push(common::option(&value)?),
            "--players" => a.players = common::players(&value)?,
            "--deals" => a.deals = num(&value)? as usize,
            "--first" => a.first = num(&value)? as usize,
            "--seed" => a.seed = num(&value)?,
            "--model" => a.model = Some(value),
            "--samples" => a.effort.samples = num(&value)? as usize,
            "--candidates" => a.effort.candidates = num(&value)? as usize,
            "--margin" => {
                a.effort.margin = value
                    .parse::<f64>()
                    .map_err(|e| format!("--margin {value}: {e}"))?
            }
            "--budget-ms" => a.effort.time_budget = Some(Duration::from_millis(num(&value)?)),
            "--threads" => a.threads = (num(&value)? as usize).max(1),
            "--peer-settings" => a.peer = Some(value),
            "--dump" => a.dump = Some(value),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(a)
}

/// A hand as played: declared natural or setting.
fn played(setting: &[Card; 13], natural: bool) -> Result<PlayerHand, String> {
    let s = Setting::from_cards(setting).map_err(|e| e.to_string())?;
    Ok(if natural {
        PlayerHand::Natural(s)
    } else {
        PlayerHand::Setting(s)
    })
}

/// Seat `seat`'s total (in points) at a table.
fn total(table: &[PlayerHand], seat: usize, rules: &Rules) -> Result<f64, String> {
    let r = score(table, rules, None).map_err(|e| e.to_string())?;
    Ok(r.totals[seat] as f64 / r.denominator as f64)
}

/// What one deal gives.
#[derive(Default)]
struct DealResult {
    /// Mean over seats of the strong seat's gain over playing fast.
    gain: f64,
    /// Heads-up against the peer: strong's and fast's duplicate per hand.
    peer_strong: f64,
    peer_fast: f64,
    /// Strong solve times, in seconds, one per seat.
    times: Vec<f64>,
    switched: usize,
    samples: usize,
    dump: String,
}

fn play_deal(
    args: &Args,
    rules: &Rules,
    model: &Model,
    peer: Option<&[[Card; 13]]>,
    deal: usize,
) -> Result<DealResult, String> {
    let n = args.players;
    let deck = deal_deck(args.seed, deal as u64);
    let hands: Vec<[Card; 13]> = (0..n)
        .map(|p| std::array::from_fn(|i| deck[13 * p + i]))
        .collect();
    let solver = Solver::new(rules, n - 1, model).map_err(|e| e.to_string())?;
    let mut fast = Vec::with_capacity(n);
    for h in &hands {
        let s = solver.solve_top(h, 1).map_err(|e| e.to_string())?;
        fast.push(played(&s.setting, s.natural.is_some())?);
    }
    let mut out = DealResult::default();
    for seat in 0..n {
        let h = n * deal + seat;
        let effort = Effort {
            seed: h as u64,
            ..args.effort
        };
        let start = Instant::now();
        let strong = solve_strong(&hands[seat], rules, n - 1, model, effort, Threads::Count(1))
            .map_err(|e| e.to_string())?;
        out.times.push(start.elapsed().as_secs_f64());
        out.samples += strong.samples;
        let base = total(&fast, seat, rules)?;
        let mut table = fast.clone();
        // The gain of playing candidate `setting` at this seat, against the
        // fast opponents and against the peer's setting of the other hand.
        let mut gains = |setting: &[Card; 13], natural: bool| -> Result<(f64, f64), String> {
            table[seat] = played(setting, natural)?;
            let g = total(&table, seat, rules)? - base;
            let p = match peer {
                Some(p) => {
                    let other = p[2 * deal + 1 - seat];
                    let mut t = vec![PlayerHand::Surrender; 2];
                    t[seat] = played(setting, natural)?;
                    t[1 - seat] = played(&other, false)?;
                    total(&t, seat, rules)?
                }
                None => 0.0,
            };
            Ok((g, p))
        };
        let natural = strong.natural.is_some();
        let (g, p) = gains(&strong.setting, natural)?;
        out.gain += g / n as f64;
        out.peer_strong += p / n as f64;
        let fast_setting = match &fast[seat] {
            PlayerHand::Setting(s) | PlayerHand::Natural(s) => *s.cards(),
            _ => strong.setting,
        };
        out.peer_fast += gains(&fast_setting, natural)?.1 / n as f64;
        if strong.setting != fast_setting {
            out.switched += 1;
        }
        if args.dump.is_some() {
            let _ = write!(out.dump, "{deal} {seat} {}", strong.samples);
            for c in &strong.candidates {
                let (g, p) = gains(&c.setting, natural)?;
                let _ = write!(
                    out.dump,
                    " | {:.5} {:.5} {:.5} {:.5} {} {} {} {}",
                    c.model_ev,
                    c.ev,
                    c.lead,
                    c.lead_se,
                    c.samples,
                    g,
                    p,
                    u8::from(c.setting == fast_setting)
                );
            }
            out.dump.push('\n');
        }
    }
    Ok(out)
}

fn read_peer(path: &str, hands: usize) -> Result<Vec<[Card; 13]>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let codes: Vec<Card> = line
            .split_whitespace()
            .map(|f| f.parse::<Card>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{path} line {}: {e}", i + 1))?;
        let row: [Card; 13] = codes
            .try_into()
            .map_err(|_| format!("{path} line {}: not 13 codes", i + 1))?;
        rows.push(row);
    }
    if rows.len() < hands {
        return Err(format!("{path}: {} settings for {hands} hands", rows.len()));
    }
    Ok(rows)
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let rules = Rules::preset(&args.preset)
        .and_then(|r| r.with_pairs(&args.options))
        .map_err(|e| e.to_string())?;
    let model = match &args.model {
        Some(p) => Model::from_bytes(&std::fs::read(p).map_err(|e| format!("{p}: {e}"))?)
            .map_err(|e| format!("{p}: {e}"))?,
        None => Model::embedded().map_err(|e| e.to_string())?.clone(),
    };
    let last = args.first + args.deals;
    let peer = match &args.peer {
        Some(p) if args.players == 2 => Some(read_peer(p, 2 * last)?),
        Some(_) => return Err("--peer-settings is for heads-up (--players 2)".into()),
        None => None,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let results: Vec<DealResult> = pool.install(|| {
        (args.first..last)
            .into_par_iter()
            .map(|d| play_deal(&args, &rules, &model, peer.as_deref(), d))
            .collect::<Result<_, _>>()
    })?;
    let wall = start.elapsed().as_secs_f64();
    let m = results.len() as f64;
    let mean_se = |f: &dyn Fn(&DealResult) -> f64| {
        let mean = results.iter().map(f).sum::<f64>() / m;
        let var = results.iter().map(|r| (f(r) - mean).powi(2)).sum::<f64>() / (m - 1.0);
        (mean, (var / m).sqrt())
    };
    let mut times: Vec<f64> = results.iter().flat_map(|r| r.times.clone()).collect();
    times.sort_by(f64::total_cmp);
    let hands = times.len();
    let (g, gse) = mean_se(&|r| r.gain);
    let e = args.effort;
    println!(
        "rules {} + {:?}, {} players, deals {}..{} (seed {}), model {}",
        args.preset,
        args.options,
        args.players,
        args.first,
        last,
        args.seed,
        args.model.as_deref().unwrap_or("embedded")
    );
    println!(
        "effort: samples {}, candidates {}, margin {}, budget {:?}",
        e.samples, e.candidates, e.margin, e.time_budget
    );
    println!("strong vs fast: {g:+.4} +- {gse:.4} points per hand");
    if peer.is_some() {
        let (s, sse) = mean_se(&|r| r.peer_strong);
        let (f, fse) = mean_se(&|r| r.peer_fast);
        let (d, dse) = mean_se(&|r| r.peer_strong - r.peer_fast);
        println!("vs peer: strong {s:+.4} +- {sse:.4}, fast {f:+.4} +- {fse:.4}, strong - fast {d:+.4} +- {dse:.4}");
    }
    let switched: usize = results.iter().map(|r| r.switched).sum();
    let samples: usize = results.iter().map(|r| r.samples).sum();
    let q = |p: f64| 1e3 * times[((hands - 1) as f64 * p) as usize];
    println!(
        "switched {:.2}% of hands, mean samples {:.0}",
        100.0 * switched as f64 / hands as f64,
        samples as f64 / hands as f64
    );
    println!(
        "strong time per hand: median {:.1} ms, 90% {:.1} ms, max {:.1} ms, mean {:.1} ms ({} threads, {:.0} s wall)",
        q(0.5),
        q(0.9),
        q(1.0),
        1e3 * times.iter().sum::<f64>() / hands as f64,
        args.threads,
        wall
    );
    if let Some(path) = &args.dump {
        let text: String = results.iter().map(|r| r.dump.as_str()).collect();
        std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("strong_match: {e}");
        std::process::exit(2);
    }
}
