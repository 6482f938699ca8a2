//! Trains the fast solver's opponent model by self-play and writes
//! `rust/core/data/model.bin` (embedded by the crate; see `model.rs`).
//!
//! Command (from the repository root):
//!
//! ```text
//! cargo run --release -p chinese-poker-core --bin train_model -- \
//!     --seed 1 --iterations 4 --deals 50000 --out rust/core/data/model.bin
//! ```
//!
//! Options: `--preset NAME` (default `cp_pro_1_6`) and `--option KEY=VALUE`
//! (repeatable, applied after the preset) set the rules of self-play;
//! `--players N` (2 to 4, default 4) the table size, so each solved hand
//! faces `N - 1` opponents; `--average true` fits each iteration to the rows
//! of every solved iteration so far (fictitious play) instead of the last
//! one alone.
//!
//! The loop itself is the library's
//! ([`chinese_poker_core::solve::train`]); this command parses the flags,
//! prints one line per iteration and writes the model in the first file
//! format (the tables alone, as embedded), identical whatever the thread
//! count. `chinese-poker train` (the Python command line) writes the same
//! tables with the training recorded.

mod common;

use chinese_poker_core::parallel::Threads;
use chinese_poker_core::rules::Rules;
use chinese_poker_core::solve::train::{train, TrainOptions};
use std::time::Instant;

struct Args {
    seed: u64,
    iterations: usize,
    deals: usize,
    out: String,
    preset: String,
    options: Vec<(String, String)>,
    players: usize,
    average: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        seed: 1,
        iterations: 4,
        deals: 50_000,
        out: "rust/core/data/model.bin".into(),
        preset: "cp_pro_1_6".into(),
        options: Vec::new(),
        players: 4,
        average: false,
    };
    for pair in common::flags() {
        let (flag, value) = pair?;
        let num = |v: &str| common::num(&flag, v);
        match flag.as_str() {
            "--seed" => a.seed = num(&value)?,
            "--iterations" => a.iterations = num(&value)? as usize,
            "--deals" => a.deals = num(&value)? as usize,
            "--out" => a.out = value,
            "--preset" => a.preset = value,
            "--option" => a.options.push(common::option(&value)?),
            "--players" => a.players = common::players(&value)?,
            "--average" => {
                a.average = value
                    .parse::<bool>()
                    .map_err(|e| format!("--average {value}: {e}"))?
            }
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(a)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = parse_args()?;
    let rules = Rules::preset(&args.preset)?.with_pairs(&args.options)?;
    println!(
        "rules {} {:?}, {} players, averaged {}",
        args.preset, args.options, args.players, args.average
    );
    let start = Instant::now();
    let options = TrainOptions {
        deals: args.deals as u64,
        iterations: args.iterations,
        seed: args.seed,
        average: args.average,
    };
    let model = train(&rules, args.players, options, Threads::Auto, |r| {
        println!(
            "iteration {}: {} deals, {} rows, fouls {}, naturals {}, scoop rate {:.4}, \
             drift {:.5}, {:.1} s",
            r.iteration,
            r.deals,
            r.rows,
            r.fouls,
            r.naturals,
            r.scoop_rate,
            r.drift.unwrap_or(f64::NAN),
            r.seconds.unwrap_or(f64::NAN)
        );
        true
    })?;
    // The first file format, byte for byte as the embedded model's: the
    // tables without the training record.
    std::fs::write(&args.out, model.without_training().to_bytes())?;
    println!(
        "wrote {} ({} samples) in {:.1} s",
        args.out,
        model.samples,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
