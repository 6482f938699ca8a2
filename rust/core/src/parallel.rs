//! Threads for the batch calls: how many to use ([`Threads`]), the cache of
//! fork-safe pools, the split of flat row-major slices into chunks of work,
//! and allocation that refuses sizes beyond memory instead of aborting.

use crate::cancel;
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The most threads one call may use, whatever `threads=` or
/// `RAYON_NUM_THREADS` ask for: beyond a few per core more threads only cost
/// memory (each has its own stack) and start-up time.
pub const MAX_THREADS: usize = 256;

/// Pools kept alive between calls, one per size, the least recently used
/// released first: a caller cycling through sizes must not pile up threads.
pub const POOL_CACHE: usize = 4;

/// How many threads a batch call may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Threads {
    /// Every core (or `RAYON_NUM_THREADS`), at most [`MAX_THREADS`].
    #[default]
    Auto,
    /// Exactly this many, at most [`MAX_THREADS`]; 1 runs on the calling
    /// thread without rayon.
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
    /// Pools by size with the tick of their last use.
    pools: HashMap<usize, (Arc<rayon::ThreadPool>, u64)>,
    tick: u64,
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
        tick: 0,
    });
    if cache.pid != pid {
        std::mem::forget(std::mem::take(&mut cache.pools));
        cache.pid = pid;
    }
    cache.tick += 1;
    let tick = cache.tick;
    if let Some((p, used)) = cache.pools.get_mut(&n) {
        *used = tick;
        return Ok(p.clone());
    }
    if cache.pools.len() >= POOL_CACHE {
        // A released pool's threads exit once the calls still holding it
        // (its other `Arc`s) are done.
        let oldest = cache
            .pools
            .iter()
            .min_by_key(|(_, (_, used))| *used)
            .map(|(&k, _)| k);
        if let Some(k) = oldest {
            cache.pools.remove(&k);
        }
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("chinese-poker-{i}"))
            .build()
            .map_err(|e| Error::Internal(format!("cannot start {n} threads: {e}")))?,
    );
    cache.pools.insert(n, (p.clone(), tick));
    Ok(p)
}

/// Threads for `Threads::Auto`: `RAYON_NUM_THREADS` if set, else every core;
/// at most [`MAX_THREADS`] either way.
fn auto_threads() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(MAX_THREADS)
}

/// The threads a call with `threads` runs on (1 = the calling thread).
///
/// ```
/// use chinese_poker_core::parallel::{threads_used, Threads, MAX_THREADS};
/// assert_eq!(threads_used(Threads::Count(3)), 3);
/// assert_eq!(threads_used(Threads::Count(100_000)), MAX_THREADS);
/// assert!((1..=MAX_THREADS).contains(&threads_used(Threads::Auto)));
/// ```
pub fn threads_used(threads: Threads) -> usize {
    match threads {
        Threads::Auto => auto_threads(),
        Threads::Count(n) => n.clamp(1, MAX_THREADS),
    }
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
    let n = threads_used(threads);
    let serial = n <= 1 || rows <= chunk_rows;
    // The caller's cancel token, checked before every chunk and installed in
    // the pool's threads so that the work's own checks see it too.
    let token = cancel::current().unwrap_or_default();
    let work = |first: usize, inp: &[I], o: &mut [O]| -> Result<()> {
        token.check()?;
        cancel::scope(&token, || work(first, inp, o))
    };
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
