"""Thread scaling: Python threads calling the heavy functions at once (the GIL
is released during the work), and the internal thread pool (`threads=1`
against `threads=None`).

Run with the optimised extension: ``make bench-threads`` (builds --release
first) or ``python benches/bench_threads.py [--quick]``. Part 1 starts k
Python threads (k = 1, 2, 4) that each make the same call with `threads=1`
and reports the total throughput and the speed-up over one thread: with the
GIL released it approaches min(k, cores) on an idle machine. Part 2 makes one
call with `threads=1` and with `threads=None` (every core). Best of `--repeat`
runs. "Cores busy" is the process's CPU time over wall time: it exceeds 1 only
when threads really run at once, so it shows the GIL released even when other
load on the machine holds the speed-up down. Nothing is asserted (benchmarks
are not tests).
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from collections.abc import Callable

import numpy as np
from _hands import random_hands

import chinese_poker as cp


def random_deals(n: int, players: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8)
    return np.ascontiguousarray(decks[:, : 13 * players].reshape(n, players, 13))


def cpu_seconds() -> float:
    """CPU time of every thread of the process (nanosecond clock, unlike os.times)."""
    return time.process_time()


def in_threads(k: int, fn: Callable[[], object]) -> tuple[float, float]:
    """(seconds, cores busy on average) for k threads that each call `fn` once,
    started together. Cores busy is CPU time over wall time: above 1 only if
    the threads ran at once, i.e. the GIL was released."""
    barrier = threading.Barrier(k + 1)
    errors: list[BaseException] = []

    def run() -> None:
        barrier.wait()
        try:
            fn()
        except BaseException as e:  # reported below, not swallowed
            errors.append(e)

    workers = [threading.Thread(target=run) for _ in range(k)]
    for w in workers:
        w.start()
    barrier.wait()
    t0, c0 = time.perf_counter(), cpu_seconds()
    for w in workers:
        w.join()
    seconds, cpu = time.perf_counter() - t0, cpu_seconds() - c0
    if errors:
        raise errors[0]
    return seconds, cpu / seconds


def best(repeat: int, measure: Callable[[], tuple[float, float]]) -> tuple[float, float]:
    return min(measure() for _ in range(repeat))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="smaller workloads")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    scale = 10 if args.quick else 1
    print(f"chinese-poker {cp.__version__}, {os.cpu_count()} CPUs, numpy {np.__version__}")

    n_eval, n_solve, n_score, n_sim = 4_000_000 // scale, 2_000 // scale, 40_000 // scale, 2_000
    n_sim //= scale
    five = random_hands(n_eval, 5)
    hands = random_hands(n_solve, 13, seed=1)
    deals = random_deals(n_score, 4, seed=2)
    rules = cp.Rules.preset("cp_pro_1_6")
    # the lookup tables and the model are built on first use: not timed
    cp.evaluate_batch(five[:1])
    cp.solve_batch(hands[:1], rules)
    cp.score_batch(deals[:1], rules)

    per_thread: list[tuple[str, int, str, Callable[[], object]]] = [
        ("evaluate_batch 5-card", n_eval, "hands", lambda: cp.evaluate_batch(five, threads=1)),
        ("solve_batch (fast)", n_solve, "hands", lambda: cp.solve_batch(hands, rules, threads=1)),
        (
            "score_batch, 4 players",
            n_score,
            "deals",
            lambda: cp.score_batch(deals, rules, threads=1),
        ),
        (
            "simulate (fast, 4 players)",
            n_sim,
            "deals",
            lambda: cp.simulate(n_sim, rules=rules, seed=3, threads=1, progress=False),
        ),
    ]
    print("\n1. k Python threads, each making the call with threads=1 (GIL released)")
    print(
        f"{'call':<28} {'per call':>16} {'k':>2} {'seconds':>8} {'total/s':>12} "
        f"{'speed-up':>9} {'cores busy':>10}"
    )
    for name, n, unit, fn in per_thread:
        base = 0.0
        for k in (1, 2, 4):
            seconds, busy = best(args.repeat, lambda k=k, fn=fn: in_threads(k, fn))
            rate = k * n / seconds
            base = base or rate
            print(
                f"{name:<28} {n:>10,} {unit:<5} {k:>2} {seconds:>8.2f} {rate:>12,.0f} "
                f"{rate / base:>8.2f}x {busy:>10.2f}",
                flush=True,
            )

    big_five = np.concatenate([five] * 4)
    big_hands = random_hands(40_000 // scale, 13, seed=4)
    big_deals = np.concatenate([deals] * 5)
    n_big_sim = 10_000 // scale
    internal: list[tuple[str, int, str, Callable[[int | None], object]]] = [
        (
            "evaluate_batch 5-card",
            len(big_five),
            "hands",
            lambda t: cp.evaluate_batch(big_five, threads=t),
        ),
        (
            "solve_batch (fast)",
            len(big_hands),
            "hands",
            lambda t: cp.solve_batch(big_hands, rules, threads=t),
        ),
        (
            "score_batch, 4 players",
            len(big_deals),
            "deals",
            lambda t: cp.score_batch(big_deals, rules, threads=t),
        ),
        (
            "simulate (fast, 4 players)",
            n_big_sim,
            "deals",
            lambda t: cp.simulate(n_big_sim, rules=rules, seed=5, threads=t, progress=False),
        ),
    ]
    print("\n2. one call, the internal pool: threads=1 against threads=None (every core)")
    print(
        f"{'call':<28} {'size':>16} {'threads':>7} {'seconds':>8} {'per s':>12} "
        f"{'speed-up':>9} {'cores busy':>10}"
    )
    for name, n, unit, fn in internal:
        base = 0.0
        for t in (1, None):
            seconds, busy = best(args.repeat, lambda t=t, fn=fn: in_threads(1, lambda: fn(t)))
            rate = n / seconds
            base = base or rate
            print(
                f"{name:<28} {n:>10,} {unit:<5} {str(t):>7} {seconds:>8.2f} {rate:>12,.0f} "
                f"{rate / base:>8.2f}x {busy:>10.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
