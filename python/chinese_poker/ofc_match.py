"""Duplicate heads-up matches of open-face agents: the same hands played twice, the seats
swapped, so that the luck of the cards cancels and what is left is the agents' difference.

Each table of `OFC_TABLE_HANDS` hands is played once with `a` in seat 0 and once with `a` in
seat 1 (the same seeds: the same cards to the same seats, until the agents' own choices of
Fantasyland make the tables differ). The edge's standard error comes from the spread of the
tables' paired results, so it counts what Fantasyland carries from hand to hand.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import operator
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from chinese_poker._blocks import Executor, check_client, in_order, progress_callback
from chinese_poker._core import (
    OFC_TABLE_HANDS,
    OptionError,
    Rules,
    _merge_ofc_stats,
    ofc_simulate_range,
)
from chinese_poker._stats import BOARD_COUNTS, board_rates
from chinese_poker.ofc_simulate import MAX_HANDS, OfcSimulationResult


@dataclass(frozen=True)
class OfcMatchResult:
    """The result of `duplicate_match`: `a`'s edge over `b` and both seatings' statistics."""

    a: str
    b: str
    preset: str
    seed: int
    #: `a`'s mean points per hand against `b`, over both seatings.
    edge: float
    #: The standard error of `edge`, from the spread of the tables' paired results.
    se: float
    #: `a` in seat 0, `b` in seat 1.
    ab: OfcSimulationResult
    #: `b` in seat 0, `a` in seat 1.
    ba: OfcSimulationResult
    interrupted: bool = False

    @property
    def hands(self) -> int:
        """Hands of each seating (every hand is played twice)."""
        return self.ab.hands

    def rates(self, agent: str) -> dict[str, float]:
        """The rates of `agent` ('a' or 'b') over its boards of both seatings (those of
        `OfcSimulationResult.rates`: fouls, royalties, Fantasyland)."""
        if agent not in ("a", "b"):
            raise OptionError(f"agent must be 'a' or 'b', got {agent!r}")
        first, second = (0, 1) if agent == "a" else (1, 0)
        x, y = self.ab.stats, self.ba.stats
        return board_rates(
            [int(x[k][first]) + int(y[k][second]) for k in BOARD_COUNTS], 2 * self.hands
        )

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready values."""
        return {
            "a": self.a,
            "b": self.b,
            "preset": self.preset,
            "seed": self.seed,
            "hands": self.hands,
            "edge": self.edge,
            "se": self.se,
            "interrupted": self.interrupted,
            "rates": {"a": self.rates("a"), "b": self.rates("b")},
            "ab": self.ab.to_dict(),
            "ba": self.ba.to_dict(),
        }

    def table(self) -> str:
        """A readable summary: the edge, then each agent's rates."""
        lines = [
            f"{self.a} v {self.b}, {self.preset}, {self.hands:,} hands each way, seed {self.seed}"
            + (" (interrupted)" if self.interrupted else ""),
            f"{self.a}'s edge: {self.edge:+.3f} ± {self.se:.3f} points per hand",
            "",
            "agent       fouls  royalties  FL entry  FL stay",
        ]
        for who, name in (("a", self.a), ("b", self.b)):
            r = self.rates(who)
            lines.append(
                f"{name:<10}  {r['foul_rate']:>5.1%}  {r['royalties_per_board']:>9.2f}  "
                f"{r['fantasyland_entry_rate']:>8.1%}  {r['fantasyland_stay_rate']:>7.1%}"
            )
        return "\n".join(lines)


def _paired_edge(tables: Sequence[tuple[int, int]], units: int) -> tuple[float, float]:
    """`a`'s mean points per hand and its standard error from each table's
    ``(a's points over both seatings in 1/units, hands)``: a ratio of sums, its variance
    estimated from the tables' residuals."""
    total = sum(t for t, _ in tables)
    hands = sum(n for _, n in tables)
    if not hands:
        return 0.0, 0.0
    edge = total / (2 * hands * units)
    k = len(tables)
    if k < 2:
        return edge, 0.0
    resid = sum((t / units - 2 * n * edge) ** 2 for t, n in tables)
    return edge, math.sqrt(k / (k - 1) * resid) / (2 * hands)


def duplicate_match(
    hands: int,
    a: str = "default",
    b: str = "baseline",
    preset: str = "ofc_pineapple",
    seed: int = 0,
    threads: int | None = None,
    *,
    rules: Rules | None = None,
    client: Executor | None = None,
    progress: bool | Callable[[int, int], None] | None = None,
) -> OfcMatchResult:
    """Play `hands` heads-up hands of `preset` twice, strategy `a` in seat 0 then in seat 1
    against `b` (names of `OFC_STRATEGIES`), on the same seeds, and return `a`'s edge in
    points per hand with its standard error. Tables of `OFC_TABLE_HANDS` hands run `threads` at a time here (default: the CPU count), or as
    tasks of `client` (a Dask ``Client`` or any executor); the result is the same. Ctrl-C
    returns the tables finished (``interrupted=True``).

    >>> m = duplicate_match(40, "baseline", "heuristic", "ofc_us", seed=1)
    >>> m.hands, m.edge > 0
    (40, True)
    """
    hands = operator.index(hands)
    if not 0 <= hands <= MAX_HANDS:
        raise OptionError(f"hands must be from 0 to {MAX_HANDS}, got {hands}")
    check_client(client)
    tables = -(-hands // OFC_TABLE_HANDS)
    kwargs: dict[str, Any] = {"rules": rules, "threads": 1}
    ab_args, ba_args = (2, preset, [a, b], seed), (2, preset, [b, a], seed)
    # Checks every argument here, before a table is played anywhere.
    empty = ofc_simulate_range(0, 0, *ab_args, **kwargs)
    workers = operator.index(threads) if threads is not None else os.cpu_count() or 1
    if workers < 1:
        raise OptionError(f"threads must be >= 1, got {workers}")
    show = progress_callback(progress, default=sys.stderr.isatty() and tables >= 10, unit="hands")

    def calls() -> Any:
        for t in range(tables):
            first = t * OFC_TABLE_HANDS
            count = min(OFC_TABLE_HANDS, hands - first)
            yield first, _both, (first, count, ab_args, ba_args), kwargs

    pool = cf.ThreadPoolExecutor(max_workers=workers) if client is None else None
    runner: Executor = client if client is not None else pool  # type: ignore[assignment]
    ab, ba, paired, interrupted = empty, empty, [], False
    blocks = in_order(calls(), runner, None if client is not None else 2 * workers)
    try:
        for _, (x, y) in blocks:
            ab, ba = _merge_ofc_stats(ab, x), _merge_ofc_stats(ba, y)
            paired.append((int(x["points"][0]) + int(y["points"][1]), int(x["hands"])))
            if show:
                show(ab["hands"], hands)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        blocks.close()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    edge, se = _paired_edge(paired, int(empty["units"]))

    def result(stats: dict[str, Any], seats: tuple[str, str]) -> OfcSimulationResult:
        return OfcSimulationResult(stats, preset, seats, seed, hands, interrupted)

    return OfcMatchResult(
        a=a,
        b=b,
        preset=preset,
        seed=seed,
        edge=edge,
        se=se,
        ab=result(ab, (a, b)),
        ba=result(ba, (b, a)),
        interrupted=interrupted,
    )


def _both(
    first: int, count: int, ab: tuple[Any, ...], ba: tuple[Any, ...], **kwargs: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One table played in both seatings (one task, so that its pair is never split)."""
    return (
        ofc_simulate_range(first, count, *ab, **kwargs),
        ofc_simulate_range(first, count, *ba, **kwargs),
    )


__all__: Sequence[str] = ["OfcMatchResult", "duplicate_match"]
