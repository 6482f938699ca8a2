"""Solver strength: duplicate heads-up matches and calibration.

Usage: python benches/strength.py [--deals 20000] [--strong-deals 200]

Prints a markdown table of edges in points per hand (± standard error) for the
fast solver against the greedy and royalty-maximising baselines under 2-4 and
1-6 scoring, the value of the row-correlation model, the strong solver against
the fast one, and the fast solver's calibration (predicted against realised
points). Nothing is asserted: this is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import chinese_poker as cp


def strong_vs_fast(deals: int, rules: cp.Rules, effort: int, seed: int) -> tuple[float, float]:
    """Duplicate matches: the strong solver against the fast one, heads-up."""
    rng = random.Random(seed)
    edges = []
    for _ in range(deals):
        cards = rng.sample(range(52), 26)
        h1, h2 = cards[:13], cards[13:]
        total = 0.0
        for mine, theirs in ((h1, h2), (h2, h1)):
            a = cp.solve(
                mine, rules, "strong", opponents=1, effort=effort, seed=rng.randrange(2**32)
            )
            b = cp.solve(theirs, rules, opponents=1)
            players = [
                ("natural", s.setting) if s.natural is not None else s.setting for s in (a, b)
            ]
            total += cp.score(players, rules).totals[0]  # type: ignore[arg-type]
        edges.append(total / 2)
    arr = np.array(edges, dtype=float)
    return float(arr.mean()), float(arr.std(ddof=1) / np.sqrt(len(arr)))


def calibration(deals: int, rules: cp.Rules, seed: int) -> list[tuple[str, int, float, float]]:
    """Predicted EV (3 opponents) against realised points in four-player deals, by EV bucket."""
    rng = np.random.default_rng(seed)
    hands = np.argsort(rng.random((deals, 52)), axis=1).astype(np.uint8)
    settings, ev, naturals = cp.solve_batch(hands.reshape(-1, 13), rules, return_naturals=True)
    # A natural's EV is its points: it is paid as one only if declared.
    realised, denominator = cp.score_batch(
        settings.reshape(deals, 4, 13), rules, naturals=naturals.reshape(deals, 4)
    )
    realised = realised.reshape(-1) / denominator
    rows = []
    edges = [-np.inf, -6, -3, 0, 3, 6, 12, np.inf]
    for lo, hi in zip(edges, edges[1:]):
        m = (ev >= lo) & (ev < hi)
        if m.sum() >= 50:
            rows.append(
                (f"[{lo:g}, {hi:g})", int(m.sum()), float(ev[m].mean()), float(realised[m].mean()))
            )
    rows.append(("all", len(ev), float(ev.mean()), float(realised.mean())))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--strong-deals", type=int, default=200)
    ap.add_argument("--effort", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    print(
        f"chinese-poker {cp.__version__}: duplicate heads-up matches, {args.deals:,} deals each\n"
    )
    print("| rules | match | edge (points/hand) | s.e. | seconds |")
    print("|---|---|---|---|---|")
    for preset in ("cp_pro_2_4", "cp_pro_1_6"):
        rules = cp.Rules.preset(preset)
        for a, b in (("fast", "greedy"), ("fast", "royalty_max"), ("fast", "fast_independent")):
            t = time.perf_counter()
            edge, se = cp.duplicate_match(a, b, args.deals, rules, seed=args.seed)  # type: ignore[arg-type]
            print(
                f"| {preset} | {a} v {b} | {edge:+.3f} | {se:.3f} | {time.perf_counter() - t:.1f} |"
            )
    if args.strong_deals:
        rules = cp.Rules.preset("cp_pro_2_4")
        t = time.perf_counter()
        edge, se = strong_vs_fast(args.strong_deals, rules, args.effort, args.seed)
        print(
            f"| cp_pro_2_4 | strong (effort {args.effort}) v fast, {args.strong_deals} deals "
            f"| {edge:+.3f} | {se:.3f} | {time.perf_counter() - t:.1f} |"
        )
    print("\nCalibration of the fast solver (cp_pro_1_6, four players, points per hand):\n")
    print("| predicted EV bucket | hands | mean predicted | mean realised |")
    print("|---|---|---|---|")
    for bucket, n, pred, real in calibration(
        max(args.deals // 4, 1000), cp.Rules.preset("cp_pro_1_6"), args.seed
    ):
        print(f"| {bucket} | {n:,} | {pred:+.2f} | {real:+.2f} |")


if __name__ == "__main__":
    main()
