//! Batch solving: many hands over threads, one answer per row.

use super::pricing::Solver;
use crate::error::{Error, Result};
use crate::parallel::{filled, for_chunks_sized, Threads};

/// Hands per unit of parallel work in [`solve_rows`].
pub(super) const SOLVE_UNIT: usize = 64;

/// Solves many hands with `solver`: `hands` holds N rows of 13 codes; writes each chosen
/// setting (13 codes, front/middle/back) to `out_settings` and its expected
/// points to `out_ev`. A bad row fails the call with [`Error::BatchRow`];
/// results do not depend on `threads`.
pub fn solve_rows(
    hands: &[u8],
    solver: &Solver,
    threads: Threads,
    out_settings: &mut [u8],
    out_ev: &mut [f64],
) -> Result<()> {
    solve_rows_declaring(hands, solver, threads, out_settings, out_ev, None)
}

/// [`solve_rows`], also writing to `out_naturals` (one flag per hand) whether
/// the solver declares the hand a natural: its `out_ev` is then the natural's
/// points, and its setting is scored as a natural only if declared as one
/// (`score_deals_declaring`).
pub fn solve_rows_declaring(
    hands: &[u8],
    solver: &Solver,
    threads: Threads,
    out_settings: &mut [u8],
    out_ev: &mut [f64],
    out_naturals: Option<&mut [bool]>,
) -> Result<()> {
    let n = out_ev.len();
    if hands.len() != n * 13
        || out_settings.len() != n * 13
        || out_naturals.as_ref().is_some_and(|o| o.len() != n)
    {
        return Err(Error::Array(format!(
            "hands ({} codes), settings ({} codes) and naturals must all hold {n} rows",
            hands.len(),
            out_settings.len()
        )));
    }
    let mut out = filled(n, ([0u8; 13], 0.0f64, false), "the solutions")?;
    // A solve costs tens of microseconds: small units keep every thread busy.
    for_chunks_sized(
        hands,
        13,
        &mut out,
        1,
        threads,
        SOLVE_UNIT,
        |base, inp, o| {
            for (i, (row, slot)) in inp.chunks_exact(13).zip(o.iter_mut()).enumerate() {
                let mut hand = [0u8; 13];
                hand.copy_from_slice(row);
                let s = solver.solve_top(&hand, 1).map_err(|e| Error::BatchRow {
                    row: base + i,
                    error: Box::new(e),
                })?;
                *slot = (s.setting, s.ev, s.natural.is_some());
            }
            Ok(())
        },
    )?;
    let mut naturals = out_naturals;
    for (i, ((s, e), (setting, ev, natural))) in out_settings
        .chunks_exact_mut(13)
        .zip(out_ev.iter_mut())
        .zip(out)
        .enumerate()
    {
        s.copy_from_slice(&setting);
        *e = ev;
        if let Some(o) = naturals.as_deref_mut() {
            o[i] = natural;
        }
    }
    Ok(())
}
