"""Embedding: many threads at once give serial results; a forked child keeps working."""

from __future__ import annotations

import multiprocessing as mp
import random
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import chinese_poker as cp
from chinese_poker.ofc import OfcGame


def workload(seed: int) -> tuple[object, ...]:
    rng = random.Random(seed)
    hands5 = np.array([rng.sample(range(52), 5) for _ in range(40_000)], dtype=np.uint8)
    deal = np.array(rng.sample(range(52), 52), dtype=np.uint8).reshape(4, 13)
    settings = [cp.Setting.from_codes(row) for row in deal]
    return (
        cp.evaluate_batch(hands5).tobytes(),
        [int(cp.evaluate(h)) for h in hands5[:200].tolist()],
        cp.score(settings, cp.Rules.preset("cp_pro_1_6")).totals,
        cp.pareto_settings(deal[0])[1].tobytes(),
        cp.score_batch(deal[None, :, :])[0].tobytes(),
        cp.find_natural(deal[1]) is None,
        cp.duplicate_match("fast", "greedy", 40, seed=seed),
        cp.solve_batch(deal)[0].tobytes(),
        cp.solve(deal[2]).ev,
        cp.solve(deal[3], strategy="strong", effort=24, seed=seed).ev,
        cp.simulate(40, seed=seed, threads=2, progress=False).stats,
        ofc_game(seed),
    )


def ofc_game(seed: int) -> str:
    """An open-face deal played out: the agent's first move, heuristic moves after."""
    g = OfcGame("ofc_pineapple", players=2, seed=seed)
    g.play_move(g.to_act, g.suggest(samples=4, seed=seed)[0][0])
    while not g.is_finished():
        g.play_move(g.to_act, g.heuristic_move())
    return g.to_json()


def test_threads_give_serial_results() -> None:
    seeds = list(range(16))
    serial = [workload(s) for s in seeds]
    with ThreadPoolExecutor(max_workers=8) as pool:
        parallel = list(pool.map(workload, seeds))
    assert parallel == serial


def _child(q: mp.Queue) -> None:  # type: ignore[type-arg]
    q.put(workload(3))


@pytest.mark.skipif(sys.platform != "linux", reason="fork start method")
def test_forked_child_keeps_working() -> None:
    expected = workload(3)  # the parent has used every thread pool before forking
    ctx = mp.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_child, args=(q,))
    p.start()
    got = q.get(timeout=60)
    p.join(timeout=60)
    assert p.exitcode == 0
    assert got == expected
