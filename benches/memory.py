"""Peak memory of the batch calls and of simulation, each case in a fresh process.

Run with the optimised extension: ``make bench-memory`` (builds --release first)
or ``python benches/memory.py [--quick] [--case NAME ...]``.

Each case runs in a child process that builds its input, warms the lookup
tables and the model with a one-row call, resets the kernel's peak-RSS mark
(``/proc/self/clear_refs``), makes the measured call and reads the peak
(``VmHWM``); freed heap is returned to the system first (glibc ``malloc_trim``)
so that the input's temporaries are not counted. Reported per case: the input and output sizes, the resident
memory before the call, the peak during it, and the **extra** memory: peak
minus (memory before the call + output), i.e. what the call needed beyond its
input and output. Linux only; nothing is asserted (benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import chain, combinations
from typing import Any

import numpy as np

MiB = 1024 * 1024


def status_kib(field: str) -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"{field} not in /proc/self/status")


def trim_heap() -> None:
    """Returns freed heap memory to the system (glibc), so that memory freed while
    building the input is not counted as resident before the call and reused by it."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def reset_peak() -> bool:
    """Resets VmHWM to the current RSS (Linux >= 4.0); False if not allowed."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


def hands5(n: int, seed: int = 0) -> np.ndarray:
    """`n` random 5-card hands, drawn from the table of all 2,598,960 (no big temporaries)."""
    table = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.uint8).reshape(-1, 5)
    rng = np.random.default_rng(seed)
    out = np.empty((n, 5), np.uint8)
    step = 1 << 20
    for i in range(0, n, step):
        j = min(n, i + step)
        out[i:j] = table[rng.integers(0, len(table), j - i)]
    return out


def deals(n: int, players: int, seed: int = 0) -> np.ndarray:
    """`n` random deals (N, players, 13), each player's cards in deal order as the setting."""
    rng = np.random.default_rng(seed)
    pool = np.argsort(rng.random((1 << 14, 52)), axis=1).astype(np.uint8)
    pool = pool[:, : 13 * players].reshape(-1, players, 13)
    out = np.empty((n, players, 13), np.uint8)
    step = 1 << 18
    for i in range(0, n, step):
        j = min(n, i + step)
        out[i:j] = pool[rng.integers(0, len(pool), j - i)]
    return out


def case(name: str, n: int) -> dict[str, Any]:
    """Builds the input of a case, warms up, and returns the measured call's figures."""
    import chinese_poker as cp

    call: Callable[[], object]
    inp: np.ndarray | None = None
    out_bytes = 0
    tmp: str | None = None
    if name in ("evaluate5", "evaluate5_fortran"):
        inp = hands5(n)
        if name == "evaluate5_fortran":
            inp = np.asfortranarray(inp)
        cp.evaluate_batch(inp[:1])
        out_bytes = 4 * n
        call = lambda: cp.evaluate_batch(inp)  # noqa: E731
    elif name == "categories":
        inp = cp.evaluate_batch(hands5(n))
        cp.categories(inp[:1])
        out_bytes = n
        call = lambda: cp.categories(inp)  # noqa: E731
    elif name == "score4":
        inp = deals(n, 4)
        cp.score_batch(inp[:1])
        out_bytes = 8 * 4 * n
        call = lambda: cp.score_batch(inp)  # noqa: E731
    elif name == "solve":
        inp = np.ascontiguousarray(deals((n + 3) // 4, 4).reshape(-1, 13)[:n])
        cp.solve_batch(inp[:1])
        out_bytes = 21 * n
        call = lambda: cp.solve_batch(inp)  # noqa: E731
    elif name.startswith("simulate_"):
        strategy = name.split("_")[1]
        csv = None
        if name.endswith("_csv"):
            fd, tmp = tempfile.mkstemp(suffix=".csv")
            os.close(fd)
            csv = tmp
        cp.simulate(10, strategy=strategy, progress=False)
        call = lambda: cp.simulate(n, strategy=strategy, csv=csv, progress=False)  # noqa: E731
    else:
        raise SystemExit(f"unknown case {name}")
    trim_heap()
    before = status_kib("VmRSS")
    exact = reset_peak()
    t0 = time.perf_counter()
    result = call()
    seconds = time.perf_counter() - t0
    peak = status_kib("VmHWM")
    del result
    if tmp is not None:
        os.unlink(tmp)
    return {
        "case": name,
        "n": n,
        "input_bytes": 0 if inp is None else inp.nbytes,
        "output_bytes": out_bytes,
        "rss_before": before * 1024,
        "peak": peak * 1024,
        "extra": peak * 1024 - before * 1024 - out_bytes,
        "seconds": seconds,
        "peak_is_call_only": exact,
    }


CASES = [
    ("evaluate5", [10**6, 10**7]),
    ("evaluate5_fortran", [10**7]),
    ("categories", [10**7]),
    ("score4", [10**6, 10**7]),
    ("solve", [10**5, 10**6]),
    ("simulate_greedy", [10**4, 10**5, 10**6]),
    ("simulate_greedy_csv", [10**4, 10**5, 10**6]),
    ("simulate_fast", [10**4, 10**5]),
]
QUICK = {
    "evaluate5": [10**6],
    "evaluate5_fortran": [10**6],
    "categories": [10**6],
    "score4": [10**5],
    "solve": [10**4],
    "simulate_greedy": [10**3, 10**4, 10**5],
    "simulate_greedy_csv": [10**4, 10**5],
    "simulate_fast": [10**3, 10**4],
}


def mib(b: float) -> str:
    return f"{b / MiB:,.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes (a minute or two)")
    ap.add_argument("--case", action="append", help="run only these cases (repeatable)")
    ap.add_argument("--child", nargs=2, metavar=("CASE", "N"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(case(args.child[0], int(args.child[1]))))
        return
    import chinese_poker as cp

    print(
        f"chinese-poker {cp.__version__}, {os.cpu_count()} CPUs, numpy {np.__version__}, "
        f"batch limit {cp.batch_limit() / MiB:,.0f} MiB; sizes in MiB"
    )
    header = (
        f"{'case':<20} {'n':>10} {'input':>8} {'output':>8} {'before':>8} "
        f"{'peak':>8} {'extra':>7} {'seconds':>8}"
    )
    print(header)
    for name, sizes in CASES:
        if args.case and name not in args.case:
            continue
        for n in QUICK[name] if args.quick else sizes:
            proc = subprocess.run(
                [sys.executable, __file__, "--child", name, str(n)],
                capture_output=True,
                text=True,
            )
            if proc.returncode != 0:
                print(f"{name:<20} {n:>10,}  failed: {proc.stderr.strip().splitlines()[-1:]}")
                continue
            r = json.loads(proc.stdout.strip().splitlines()[-1])
            note = "" if r["peak_is_call_only"] else "  (peak since start: clear_refs refused)"
            print(
                f"{name:<20} {n:>10,} {mib(r['input_bytes']):>8} {mib(r['output_bytes']):>8} "
                f"{mib(r['rss_before']):>8} {mib(r['peak']):>8} {mib(r['extra']):>7} "
                f"{r['seconds']:>8.1f}{note}",
                flush=True,
            )


if __name__ == "__main__":
    main()
