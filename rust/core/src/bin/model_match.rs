//! Plays the fast solver with one opponent model against the fast solver
//! with another, duplicate (see `play::model_match`), and prints A's edge.
//!
//! ```text
//! cargo run --release -p chinese-poker-core --bin model_match -- \
//!     --a rust/core/data/models/plain24_2p.bin --b generic \
//!     --preset plain --option score.method=2-4 --players 2 --deals 20000 --seed 1
//! ```
//!
//! A model is a file written by `train_model`, or `generic` (the embedded
//! `data/model.bin`), `for_rules` (the model `Model::for_rules` picks for the
//! rules and table) or `uniform` (`Model::uniform()`). Flags: `--preset NAME`
//! (default `cp_pro_1_6`), `--option KEY=VALUE` (repeatable, after the
//! preset), `--players N` (2 to 4, default 2), `--deals N` (default 20000),
//! `--seed N` (default 1), `--threads N` (default: every core, or
//! `RAYON_NUM_THREADS`; the result does not depend on it).

mod common;

use chinese_poker_core::parallel::Threads;
use chinese_poker_core::play::model_match;
use chinese_poker_core::rules::Rules;
use chinese_poker_core::solve::Model;
use std::time::Instant;

struct Args {
    a: String,
    b: String,
    preset: String,
    options: Vec<(String, String)>,
    players: usize,
    deals: usize,
    seed: u64,
    threads: Threads,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        a: String::new(),
        b: String::new(),
        preset: "cp_pro_1_6".into(),
        options: Vec::new(),
        players: 2,
        deals: 20_000,
        seed: 1,
        threads: Threads::Auto,
    };
    for pair in common::flags() {
        let (flag, value) = pair?;
        let num = |v: &str| common::num(&flag, v);
        match flag.as_str() {
            "--a" => a.a = value,
            "--b" => a.b = value,
            "--preset" => a.preset = value,
            "--option" => a.options.push(common::option(&value)?),
            "--players" => a.players = common::players(&value)?,
            "--deals" => a.deals = num(&value)? as usize,
            "--seed" => a.seed = num(&value)?,
            "--threads" => a.threads = Threads::Count((num(&value)? as usize).max(1)),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if a.a.is_empty() || a.b.is_empty() {
        return Err(
            "--a and --b name the two models (a file, generic, for_rules or uniform)".into(),
        );
    }
    Ok(a)
}

/// The model a command-line name stands for.
fn load(name: &str, rules: &Rules, players: usize) -> Result<Model, String> {
    match name {
        "generic" => Model::embedded().cloned().map_err(|e| e.to_string()),
        "for_rules" => Model::for_rules(rules, players)
            .cloned()
            .map_err(|e| e.to_string()),
        "uniform" => Ok(Model::uniform()),
        path => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            Model::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
        }
    }
}

fn main() {
    if let Err(e) = run() {
        eprintln!("model_match: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let rules = Rules::preset(&args.preset)
        .and_then(|r| r.with_pairs(&args.options))
        .map_err(|e| e.to_string())?;
    let a = load(&args.a, &rules, args.players)?;
    let b = load(&args.b, &rules, args.players)?;
    let start = Instant::now();
    let r = model_match(
        &a,
        &b,
        &rules,
        args.players,
        args.deals,
        args.seed,
        args.threads,
    )
    .map_err(|e| e.to_string())?;
    println!(
        "rules {} {:?}, {} players, {} deals, seed {}: A {} vs B {}: edge {:+.4} ± {:.4} \
         points per hand, same setting {:.3}, {:.1} s",
        args.preset,
        args.options,
        r.players,
        r.deals,
        args.seed,
        args.a,
        args.b,
        r.edge,
        r.se,
        r.same_setting_rate,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
