"""Evaluation throughput from Python, beside phevaluator, eval7 and pkrbot (each if installed)
in the same run, and the settlement of solver-set four-player deals by ``score_batch``.

Run with the optimised extension: ``make bench-python`` (builds --release first).
Prints evaluations (or deals) per second; nothing is asserted (benchmarks are not tests).
``python benches/bench_eval.py against DIR`` instead compares ``evaluate_batch`` on one thread
with another build (see ``bench_against``).
"""

from __future__ import annotations

import glob
import importlib
import importlib.machinery
import importlib.util
import os
import sys
import time
from collections.abc import Callable
from functools import partial

import numpy as np
from _hands import random_hands

import chinese_poker as cp


def rate(fn: Callable[[], object], n: int, repeat: int = 5) -> float:
    """Best-of-`repeat` evaluations per second of `fn`, which evaluates `n` hands."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return n / best


def main() -> None:
    n = 2_000_000
    five, three = random_hands(n, 5), random_hands(n, 3, seed=1)
    print(f"chinese-poker {cp.__version__}, {os.cpu_count()} CPUs, numpy {np.__version__}")
    print(f"{'what':<52} {'evaluations/s':>14}")

    def show(name: str, r: float, note: str = "") -> None:
        print(f"{name:<52} {r / 1e6:>12.1f} M{note}")

    show("evaluate_batch 5-card, 1 thread", rate(lambda: cp.evaluate_batch(five, threads=1), n))
    show("evaluate_batch 5-card, all threads", rate(lambda: cp.evaluate_batch(five), n))
    show("evaluate_batch 3-card, 1 thread", rate(lambda: cp.evaluate_batch(three, threads=1), n))
    show("evaluate_batch 3-card, all threads", rate(lambda: cp.evaluate_batch(three), n))

    m = 200_000
    lists = five[:m].tolist()
    tuples = [tuple(h) for h in lists]
    tuples3 = [tuple(h) for h in three[:m].tolist()]
    value5, value3, evaluate = cp.value5, cp.value3, cp.evaluate

    # Per-hand calls: each case is a plain loop that unpacks the hand and calls
    # once, the same shape for us and the peers, so the figures compare calls.
    def per_hand5(f: Callable[..., object]) -> Callable[[], None]:
        def run() -> None:
            for a, b, c, d, e in tuples:
                f(a, b, c, d, e)

        return run

    def per_hand3(f: Callable[..., object]) -> Callable[[], None]:
        def run() -> None:
            for a, b, c in tuples3:
                f(a, b, c)

        return run

    def per_hand_cards(f: Callable[..., object], hands: list[list[object]]) -> Callable[[], None]:
        def run() -> None:
            for h in hands:
                f(h)

        return run

    def empty_loop() -> None:
        for _a, _b, _c, _d, _e in tuples:
            pass

    ours = {
        "value5(a, b, c, d, e) per hand (plain ints)": per_hand5(value5),
        "value3(a, b, c) per hand (plain ints)": per_hand3(value3),
    }
    peers: dict[str, Callable[[], None]] = {}
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        print("phevaluator not installed")
    else:
        peers["phevaluator.evaluate_cards(a, b, c, d, e) per hand"] = per_hand5(evaluate_cards)
    # eval7 and pkrbot share one interface: Card("As") objects, evaluate(list).
    for module in ("eval7", "pkrbot"):
        try:
            peer_module = importlib.import_module(module)
        except ImportError:
            print(f"{module} not installed")
            continue
        deck = [peer_module.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
        peers[f"{module}.evaluate(cards) per hand (cards pre-built)"] = per_hand_cards(
            peer_module.evaluate, [[deck[c] for c in h] for h in lists]
        )

    # Interleaved: the machine's speed drifts, so every case gets its best of
    # several passes taken in turns, not one block after another.
    cases = {**ours, **peers, "python loop alone, unpacking five ints (reference)": empty_loop}
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(7):
        for name, fn in cases.items():
            t0 = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t0)
    r5 = m / best["value5(a, b, c, d, e) per hand (plain ints)"]
    for name in cases:
        r = m / best[name]
        peer = name in peers
        show(name, r, f"  (value5 is {r5 / r:.2f}x this)" if peer else "")

    show(
        "[value5(*h) for h in tuples] (star call + list)",
        rate(lambda: [value5(*h) for h in tuples], m),
    )
    show(
        "evaluate(list of codes) per hand -> HandValue",
        rate(lambda: [evaluate(h) for h in lists], m),
    )
    texts = [cp.format_cards(h) for h in lists[:50_000]]
    show("evaluate(text) per hand", rate(lambda: [evaluate(t) for t in texts], len(texts)))


def bench_score_batch() -> None:
    """Four-player deals settled per second under cp_pro_1_6, solver-set hands."""
    rng = np.random.default_rng(2)
    hands = np.argsort(rng.random((2_000, 52)), axis=1).astype(np.uint8).reshape(-1, 13)
    rules = cp.Rules.preset("cp_pro_1_6")
    settings, _ = cp.solve_batch(hands, rules)
    # 2,000 deals repeated: a long batch without solving 200,000 deals first.
    deals = np.tile(settings.reshape(-1, 4, 13), (100, 1, 1))
    k = len(deals)
    print(f"{'what':<52} {'deals/s':>14}")
    for name, threads in (("1 thread", 1), ("all threads", None)):
        r = rate(partial(cp.score_batch, deals, rules, threads=threads), k)
        print(f"{'score_batch cp_pro_1_6, 4 players, ' + name:<52} {r / 1e6:>12.2f} M")


def bench_against(other: str, repeat: int = 30) -> None:
    """``evaluate_batch`` on one thread, 2M random hands of 5 and of 3 cards, by this build and
    by the one in `other`, a directory holding its ``chinese_poker`` package (for instance a
    copy of ``python/`` made after ``make release`` on another branch). Both extensions are
    loaded in this process and called in turn, best of `repeat`: the shared machine's drift,
    which swings separate runs by ±20 %, then falls on both alike."""
    found = [
        path
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        for path in glob.glob(os.path.join(other, "chinese_poker", "_core" + suffix))
    ]
    if not found:
        sys.exit(f"no chinese_poker/_core extension under {other}")
    loader = importlib.machinery.ExtensionFileLoader("other._core", found[0])
    spec = importlib.util.spec_from_loader("other._core", loader)
    if spec is None:
        sys.exit(f"cannot load {found[0]}")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    builds = {"this build": cp.evaluate_batch, other: module.evaluate_batch}
    n = 2_000_000
    hands = {5: random_hands(n, 5), 3: random_hands(n, 3, seed=1)}
    best = {(name, size): float("inf") for name in builds for size in hands}
    for _ in range(repeat):
        for size, arr in hands.items():
            for name, evaluate_batch in builds.items():
                t0 = time.perf_counter()
                evaluate_batch(arr, threads=1)
                best[name, size] = min(best[name, size], time.perf_counter() - t0)
    print(f"{'evaluate_batch, 1 thread, best of ' + str(repeat):<52} {'5-card':>9} {'3-card':>9}")
    for name in builds:
        print(f"{name:<52} {n / best[name, 5] / 1e6:>7.1f} M {n / best[name, 3] / 1e6:>7.1f} M")


if __name__ == "__main__":
    # `python benches/bench_eval.py score` runs only the settlement line,
    # `python benches/bench_eval.py against DIR` only the comparison of builds.
    if sys.argv[1:2] == ["against"] and len(sys.argv) == 3:
        bench_against(sys.argv[2])
    else:
        if sys.argv[1:] != ["score"]:
            main()
        bench_score_batch()
