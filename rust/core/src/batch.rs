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
    let scorer = DealScorer::new(rules)?;
    let width = players * 13;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) || deals.len() % width != 0 {
        return Err(Error::Array(format!(
            "deals must have shape (N, P, 13) with {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players} players"
        )));
    }
    let n = deals.len() / width;
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
                let d = scorer.totals(deal, totals).map_err(|e| Error::BatchRow {
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
mod tests {
    use super::*;
    use crate::parallel::CHUNK_ROWS;

    #[test]
    fn batch_equals_scalar_and_threads_agree() {
        let mut cards = Vec::new();
        let e = evaluator(Wheel::Lowest);
        let mut expect = Vec::new();
        e.for_each_hand5(|c, v| {
            if cards.len() < 5 * 100_000 {
                cards.extend_from_slice(&c);
                expect.push(v);
            }
        });
        for t in [Threads::Count(1), Threads::Count(3), Threads::Auto] {
            let mut out = vec![0u32; expect.len()];
            evaluate_rows::<5>(&cards, &mut out, Wheel::Lowest, t).unwrap();
            assert_eq!(out, expect);
        }
    }

    #[test]
    fn bad_rows_are_reported() {
        let mut cards: Vec<u8> = (0..40u8).map(|i| i % 40).collect();
        cards[7] = 5; // row 1 has 5 twice
        let mut out = vec![0u32; 8];
        match evaluate_rows::<5>(&cards, &mut out, Wheel::Lowest, Threads::Count(1)) {
            Err(Error::BatchRow { row: 1, error }) => {
                assert!(matches!(*error, Error::DuplicateCard { .. }))
            }
            other => panic!("{other:?}"),
        }
        let cards = [0u8, 1, 52];
        let mut out = [0u32; 1];
        assert!(matches!(
            evaluate_rows::<3>(&cards, &mut out, Wheel::Lowest, Threads::Count(1)),
            Err(Error::BatchRow { row: 0, .. })
        ));
    }

    /// Each kind of bad row (a code of 52 or more, a card twice in any pair
    /// of positions), alone or after an earlier bad row, in the first chunk,
    /// at the end of a chunk and in a later chunk: the error names the first
    /// bad row and the right problem, whatever the thread count.
    fn first_bad_row_is_named<const N: usize>() {
        let rows = 2 * CHUNK_ROWS + 7;
        let mut cards = Vec::with_capacity(rows * N);
        for i in 0..rows {
            cards.extend((0..N).map(|j| ((i * 7 + j * 11) % 52) as u8));
        }
        let mut out = vec![0u32; rows];
        assert!(evaluate_rows::<N>(&cards, &mut out, Wheel::Lowest, Threads::Count(1)).is_ok());
        let mut kinds: Vec<(usize, usize, bool)> = Vec::new(); // (position, copy of, invalid)
        for p in 0..N {
            kinds.push((p, p, true));
            for q in 0..p {
                kinds.push((p, q, false));
            }
        }
        for at in [0, 1, 2, 3, CHUNK_ROWS - 1, CHUNK_ROWS, rows - 1] {
            for &(p, q, invalid) in &kinds {
                let mut bad = cards.clone();
                bad[at * N + p] = if invalid {
                    52 + (at % 204) as u8
                } else {
                    bad[at * N + q]
                };
                if at < rows - 1 {
                    // a later bad row must not hide this one
                    bad[(rows - 1) * N] = 255;
                }
                for t in [Threads::Count(1), Threads::Count(2)] {
                    match evaluate_rows::<N>(&bad, &mut out, Wheel::Lowest, t) {
                        Err(Error::BatchRow { row, error }) => {
                            assert_eq!(row, at, "{p} {q} {invalid}");
                            if invalid {
                                assert!(matches!(*error, Error::CardCode { .. }), "{error:?}");
                            } else {
                                assert!(matches!(*error, Error::DuplicateCard { .. }), "{error:?}");
                            }
                        }
                        other => panic!("row {at}, {p} {q} {invalid}: {other:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn first_bad_row_is_named_five() {
        first_bad_row_is_named::<5>();
    }

    #[test]
    fn first_bad_row_is_named_three() {
        first_bad_row_is_named::<3>();
    }

    #[test]
    fn score_deals_threads_agree_and_name_the_bad_row() {
        use crate::cards::deck::deal_cards;
        use crate::search::greedy_setting;
        let rules = Rules::preset("russian_13_table").unwrap();
        let mut split = rules.clone();
        split
            .set("score.table_best_row_payer", "split_one_unit")
            .unwrap();
        let mut deals = Vec::new();
        for i in 0..3000u64 {
            let deck: [u8; 39] = deal_cards(i);
            for h in deck.chunks_exact(13) {
                deals.extend(greedy_setting(h.try_into().unwrap(), rules.wheel));
            }
        }
        let (one, d1) = score_deals(&deals, 3, &rules, Threads::Count(1)).unwrap();
        let (two, d2) = score_deals(&deals, 3, &rules, Threads::Count(2)).unwrap();
        assert_eq!((one.len(), d1), (3 * 3000, 1));
        assert_eq!((&one, d1), (&two, d2));
        // Table-best rows split between two payers: twelfths (RULES §4.5).
        let (twelfths, d) = score_deals(&deals, 3, &split, Threads::Count(2)).unwrap();
        assert_eq!(d, 12);
        assert!(twelfths.chunks(3).all(|t| t.iter().sum::<i64>() == 0));
        // A card held twice in deal 2500 (in the second chunk).
        deals[2500 * 39 + 20] = deals[2500 * 39];
        match score_deals(&deals, 3, &rules, Threads::Count(2)) {
            Err(Error::BatchRow { row: 2500, error }) => {
                assert!(matches!(*error, Error::InvalidSetting(_)), "{error:?}")
            }
            other => panic!("{other:?}"),
        }
    }
}
