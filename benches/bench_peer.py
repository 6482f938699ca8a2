"""Times the fast solver beside a peer solver on the same hands, in the same run.

BENCHMARKS.md quotes the peers' times from another machine and asks for a peer
or a fixed reference measured in the same run, with the ratio. This script
does that for any peer program that takes a file of hands:

    python benches/bench_peer.py --peer "/path/to/peer-bench {hands}"

The peer command is run with ``{hands}`` replaced by a file of ``--hands``
random hands (one a line, 13 card codes ``4 * rank + suit``, rank 0 = deuce,
suit 0..3) and must print a line holding ``median <number> us`` (or ``ms``):
its median time per hand. The floors' own figures compare with the Go
solver paulhankin/cpoker at 2.7 ms a hand: 20 µs median is 135 times faster,
40,000 hands/s per thread is 108 hands in the time of one of its hands.

Each round times, one after the other:

- our solver in Rust, hand by hand (``CP_HANDS_FILE`` mode of
  ``benches/solver.rs``, best setting only, one thread), under each
  ``--preset``, on a file of ten times as many hands whose head is the peer's
  (a longer timed window: the machine's speed drifts within seconds);
- ``solve_batch`` from numpy on those hands under the first preset (one
  thread, best of two; needs the optimised extension, ``make release``), if
  the package imports;
- the peer.

Nothing of a peer is part of this repository; the README says which peer was
measured, how it was built, and what it gave.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _hands import random_hands

ROOT = Path(__file__).resolve().parent.parent
MEDIAN = re.compile(r"median\s+([0-9.]+)\s*(us|µs|ms)")
# The floors (BENCHMARKS.md) against the Go solver's 2.7 ms a hand there.
PEER_QUOTED_US = 2700.0
FLOOR_MEDIAN_US = 20.0
FLOOR_BATCH_PER_S = 40_000.0


def write_hands(path: Path, hands: np.ndarray) -> None:
    """Writes one hand a line, codes separated by blanks."""
    path.write_text("\n".join(" ".join(map(str, h)) for h in hands.tolist()) + "\n")


def median_us(text: str, what: str) -> float:
    """The ``median X us|ms`` figure of a program's output, in microseconds."""
    m = MEDIAN.search(text)
    if m is None:
        raise SystemExit(f"{what} printed no 'median <number> us|ms' line:\n{text}")
    value = float(m.group(1))
    return value * 1000.0 if m.group(2) == "ms" else value


def ours_rust(hands_file: Path, preset: str) -> float:
    """Median µs per hand of ``Solver::solve_top(hand, 1)`` over the file."""
    env = dict(os.environ, CP_HANDS_FILE=str(hands_file), CP_PRESET=preset)
    cmd = ["cargo", "bench", "-q", "--locked", "-p", "chinese-poker-core", "--bench", "solver"]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return median_us(out.stdout, "benches/solver.rs")


def ours_batch(hands: np.ndarray, preset: str) -> float | None:
    """``solve_batch`` hands/s on one thread (best of two), or None without the package."""
    try:
        import chinese_poker as cp
    except ImportError:
        return None
    rules = cp.Rules.preset(preset)
    cp.solve_batch(hands[:200], rules=rules, threads=1)
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        cp.solve_batch(hands, rules=rules, threads=1)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def main(argv: list[str] | None = None) -> int:
    """Runs the rounds and prints each one's figures and ratios."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--peer", required=True, help='peer command, "{hands}" standing for the file')
    ap.add_argument("--hands", type=int, default=2000, help="hands the peer times (default 2000)")
    ap.add_argument("--rounds", type=int, default=4, help="rounds (default 4)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the hands (default 1)")
    ap.add_argument(
        "--preset",
        action="append",
        help="rules presets for our solver (default wiki_2_4, the peer's 2-4 scoring)",
    )
    args = ap.parse_args(argv)
    presets = args.preset or ["wiki_2_4"]
    if "{hands}" not in args.peer:
        ap.error("--peer must contain {hands}")
    if args.hands < 1 or args.rounds < 1:
        ap.error("--hands and --rounds must be positive")
    ours = random_hands(10 * args.hands, 13, seed=args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        peer_file, ours_file = Path(tmp, "peer.txt"), Path(tmp, "ours.txt")
        write_hands(peer_file, ours[: args.hands])
        write_hands(ours_file, ours)
        peer_cmd = shlex.split(args.peer.replace("{hands}", str(peer_file)))
        ratios: dict[str, list[float]] = {p: [] for p in presets}
        batch_ratios: list[float] = []
        for r in range(1, args.rounds + 1):
            line = [f"round {r}:"]
            medians = {p: ours_rust(ours_file, p) for p in presets}
            line += [f"ours {p} {m:.1f} us" for p, m in medians.items()]
            rate = ours_batch(ours, presets[0])
            if rate is not None:
                line.append(f"solve_batch {rate:,.0f} hands/s")
            out = subprocess.run(peer_cmd, capture_output=True, text=True, check=True)
            peer = median_us(out.stdout, "the peer")
            line.append(f"peer {peer:,.0f} us")
            for p, m in medians.items():
                ratios[p].append(peer / m)
                line.append(f"x{peer / m:.0f} ({p})")
            if rate is not None:
                batch_ratios.append(rate * peer / 1e6)
                line.append(f"{rate * peer / 1e6:.0f} batch hands per peer hand")
            print("  ".join(line), flush=True)
    print(
        f"floors against the peer's quoted {PEER_QUOTED_US / 1000:.1f} ms: median "
        f"x{PEER_QUOTED_US / FLOOR_MEDIAN_US:.0f}, batch "
        f"{FLOOR_BATCH_PER_S * PEER_QUOTED_US / 1e6:.0f} hands per peer hand"
    )
    for p, xs in ratios.items():
        print(f"ours {p}: x{min(xs):.0f}-x{max(xs):.0f}, median x{statistics.median(xs):.0f}")
    if batch_ratios:
        print(
            f"solve_batch: {min(batch_ratios):.0f}-{max(batch_ratios):.0f} hands per peer hand, "
            f"median {statistics.median(batch_ratios):.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
