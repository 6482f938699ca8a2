//! Threads for the batch calls: how many to use ([`Threads`]), the cache of
//! fork-safe pools, the split of flat row-major slices into chunks of work,
//! and allocation that refuses sizes beyond memory instead of aborting.

use crate::error::{Error, Result};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How many threads a batch call may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Threads {
    /// Every core (or `RAYON_NUM_THREADS`).
    #[default]
    Auto,
    /// Exactly this many; 1 runs on the calling thread without rayon.
    Count(usize),
}

/// An empty vector with room for `n` items, or `Error::Array` when that much
/// memory cannot be had: a numpy view can describe 2**40 rows in a few bytes
/// (a broadcast), and its copy or its output must be refused, not attempted.
pub fn with_capacity<T>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        Error::Array(format!(
            "{what}: cannot allocate {n} items ({} bytes)",
            n.saturating_mul(std::mem::size_of::<T>())
        ))
    })?;
    Ok(v)
}

/// `n` copies of `value`, allocated as [`with_capacity`] does.
pub fn filled<T: Clone>(n: usize, value: T, what: &str) -> Result<Vec<T>> {
    let mut v = with_capacity(n, what)?;
    v.resize(n, value);
    Ok(v)
}

/// Rows per unit of parallel work.
pub(crate) const CHUNK_ROWS: usize = 1 << 14;

/// Thread pools by size, for the process that built them. Rayon's global
/// pool is never used: after a `fork` (Python's multiprocessing) the child
/// inherits a pool whose threads do not exist and would wait forever, so a
/// changed process id starts a fresh cache (the stale pools are leaked, not
/// dropped, since dropping would try to stop threads that are gone).
struct PoolCache {
    pid: u32,
    pools: HashMap<usize, Arc<rayon::ThreadPool>>,
}

fn pool(n: usize) -> Result<Arc<rayon::ThreadPool>> {
    static POOLS: Mutex<Option<PoolCache>> = Mutex::new(None);
    let pid = std::process::id();
    let mut guard = POOLS
        .lock()
        .map_err(|_| Error::Internal("thread pool cache poisoned".into()))?;
    let cache = guard.get_or_insert_with(|| PoolCache {
        pid,
        pools: HashMap::new(),
    });
    if cache.pid != pid {
        std::mem::forget(std::mem::take(&mut cache.pools));
        cache.pid = pid;
    }
    if let Some(p) = cache.pools.get(&n) {
        return Ok(p.clone());
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("chinese-poker-{i}"))
            .build()
            .map_err(|e| Error::Internal(format!("cannot start {n} threads: {e}")))?,
    );
    cache.pools.insert(n, p.clone());
    Ok(p)
}

/// Threads for `Threads::Auto`: `RAYON_NUM_THREADS` if set, else every core.
fn auto_threads() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Runs `work(first_row, input_chunk, output_chunk)` over chunks of
/// `CHUNK_ROWS` rows, serially or in parallel, and returns the error of the
/// lowest failing row. For cheap rows (evaluation); see `for_chunks_sized`.
pub fn for_chunks<I: Sync, O: Send>(
    input: &[I],
    in_row: usize,
    output: &mut [O],
    out_row: usize,
    threads: Threads,
    work: impl Fn(usize, &[I], &mut [O]) -> Result<()> + Sync,
) -> Result<()> {
    for_chunks_sized(input, in_row, output, out_row, threads, CHUNK_ROWS, work)
}

/// `for_chunks` with `chunk_rows` rows per unit of work: small for expensive
/// rows (a solve, a settlement) so that every thread gets a share. Results do
/// not depend on the thread count: each chunk sees the same rows either way.
pub fn for_chunks_sized<I: Sync, O: Send>(
    input: &[I],
    in_row: usize,
    output: &mut [O],
    out_row: usize,
    threads: Threads,
    chunk_rows: usize,
    work: impl Fn(usize, &[I], &mut [O]) -> Result<()> + Sync,
) -> Result<()> {
    let chunk_rows = chunk_rows.max(1);
    let rows = output.len() / out_row.max(1);
    let n = match threads {
        Threads::Auto => auto_threads(),
        Threads::Count(n) => n,
    };
    let serial = n <= 1 || rows <= chunk_rows;
    let run = |output: &mut [O]| -> Result<()> {
        output
            .par_chunks_mut(chunk_rows * out_row)
            .zip(input.par_chunks(chunk_rows * in_row))
            .enumerate()
            .map(|(i, (o, inp))| work(i * chunk_rows, inp, o))
            .collect::<Vec<_>>()
            .into_iter()
            .collect::<Result<()>>()
    };
    if serial {
        output
            .chunks_mut(chunk_rows * out_row)
            .zip(input.chunks(chunk_rows * in_row))
            .enumerate()
            .try_for_each(|(i, (o, inp))| work(i * chunk_rows, inp, o))
    } else {
        pool(n)?.install(|| run(output))
    }
}
