//! Batch evaluation over flat row-major slices, validated, split across
//! threads by [`crate::parallel`]: the slice functions the numpy calls use.

use crate::error::{Error, Result};
use crate::eval::{category_of, evaluator, Category, Wheel};
use crate::rules::Rules;
use crate::score::{DealScorer, MAX_PLAYERS, MIN_PLAYERS};
use std::collections::BTreeSet;
use std::sync::Mutex;

/// The thread controls at the path callers have used.
use crate::parallel::{filled, for_chunks, for_chunks_sized, Threads};

/// Deals per unit of parallel work in `score_deals` (a deal costs about as
/// much as a few hundred evaluations).
const SCORE_CHUNK_ROWS: usize = 1 << 10;

/// Finds the first invalid row of a chunk of `n`-card hands, for the error message.
fn first_bad_row<const N: usize>(rows: &[u8], base: usize) -> Error {
    for (i, row) in rows.chunks_exact(N).enumerate() {
        let codes: Vec<i64> = row.iter().map(|&c| c as i64).collect();
        if let Err(e) = crate::cards::check_hand(&codes, &[N]) {
            return Error::BatchRow {
                row: base + i,
                error: Box::new(e),
            };
        }
    }
    Error::Internal("batch validation flagged a chunk with no bad row".into())
}

/// Evaluates `N`-card hands (N = 3 or 5) given as a flat row-major slice.
/// Every row is checked: codes below 52, no card twice. Each chunk is
/// evaluated and checked as a whole by `Evaluator::value_rows_checked` (in
/// the same pass with AVX2, else by `eval::rows_valid` on the chunk, 80 KB
/// at most and still in cache), and only a chunk that fails is walked row
/// by row to name its first bad row.
pub fn evaluate_rows<const N: usize>(
    cards: &[u8],
    out: &mut [u32],
    wheel: Wheel,
    threads: Threads,
) -> Result<()> {
    if N != 3 && N != 5 {
        return Err(Error::HandSize {
            expected: "3 or 5".into(),
            got: N,
        });
    }
    if cards.len() != out.len() * N {
        return Err(Error::Array(format!(
            "{} codes do not make {} rows of {N}",
            cards.len(),
            out.len()
        )));
    }
    let e = evaluator(wheel);
    for_chunks(cards, N, out, 1, threads, |base, inp, o| {
        if e.value_rows_checked::<N>(inp, o) {
            Ok(())
        } else {
            Err(first_bad_row::<N>(inp, base))
        }
    })
}

/// Settles many deals: `deals` holds `players` settings of 13 codes (front 3,
/// middle 5, back 5) per deal, row-major. Returns the totals per deal and
/// player, in units of 1/denominator, and that denominator (the same for
/// every deal under one set of rules). Each deal is settled by
/// [`DealScorer`], which gives the totals and errors of `score`.
pub fn score_deals(
    deals: &[u8],
    players: usize,
    rules: &Rules,
    threads: Threads,
) -> Result<(Vec<i64>, i64)> {
    score_deals_declaring(deals, None, players, rules, threads)
}

/// [`score_deals`] with naturals declared: `declared`, one flag per player
/// per deal (`N * P`, deal by deal), declares that player's 13 cards a
/// natural; a declared hand that holds none fails its deal's row.
pub fn score_deals_declaring(
    deals: &[u8],
    declared: Option<&[bool]>,
    players: usize,
    rules: &Rules,
    threads: Threads,
) -> Result<(Vec<i64>, i64)> {
    let scorer = DealScorer::new(rules)?;
    let width = players * 13;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) || deals.len() % width != 0 {
        return Err(Error::Array(format!(
            "deals must have shape (N, P, 13) with {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players} players"
        )));
    }
    let n = deals.len() / width;
    if let Some(d) = declared {
        if d.len() != n * players {
            return Err(Error::Array(format!(
                "naturals must have shape (N, P) = ({n}, {players}), got {} flags",
                d.len()
            )));
        }
    }
    // One bit per seat of the deal: what `DealScorer::totals_declaring` takes.
    let bits = |deal: usize| -> u8 {
        declared.map_or(0, |d| {
            d[deal * players..(deal + 1) * players]
                .iter()
                .enumerate()
                .fold(0u8, |b, (i, &on)| b | (u8::from(on) << i))
        })
    };
    let mut out = filled(n * players, 0i64, "the totals")?;
    let denominators = Mutex::new(BTreeSet::new());
    for_chunks_sized(
        deals,
        width,
        &mut out,
        players,
        threads,
        SCORE_CHUNK_ROWS,
        |base, inp, o| {
            let mut local = BTreeSet::new();
            let mut last = 0;
            for (i, (deal, totals)) in inp
                .chunks_exact(width)
                .zip(o.chunks_exact_mut(players))
                .enumerate()
            {
                let d = scorer
                    .totals_declaring(deal, bits(base + i), totals)
                    .map_err(|e| Error::BatchRow {
                        row: base + i,
                        error: Box::new(e),
                    })?;
                if d != last {
                    local.insert(d);
                    last = d;
                }
            }
            if let Ok(mut d) = denominators.lock() {
                d.extend(local);
            }
            Ok(())
        },
    )?;
    let d = denominators
        .into_inner()
        .map_err(|_| Error::Internal("denominator set poisoned".into()))?;
    match d.len() {
        0 => Ok((out, 1)),
        1 => Ok((out, d.into_iter().next().unwrap_or(1))),
        _ => {
            // bring every deal to the largest denominator (they divide 12)
            Err(Error::Internal(format!(
                "deals settled with different denominators {d:?}"
            )))
        }
    }
}

/// Categories (0..9) of hand values; an impossible category is an error.
pub fn categories(values: &[u32], out: &mut [u8]) -> Result<()> {
    for (i, (&v, o)) in values.iter().zip(out.iter_mut()).enumerate() {
        // A million values take about a millisecond: a cancelled call stops there.
        if i % (1 << 20) == 0 {
            crate::cancel::check()?;
        }
        let c = category_of(v);
        if Category::from_u8(c).is_none() || v >> 24 != 0 {
            return Err(Error::BatchRow {
                row: i,
                error: Box::new(Error::InvalidValue(v as u64)),
            });
        }
        *o = c;
    }
    Ok(())
}

#[cfg(test)]
#[path = "batch_tests.rs"]
mod tests;
