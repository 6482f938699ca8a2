"""Open-face simulation at scale: tables of agents playing hand after hand, Fantasyland
carried over, statistics per seat.

The hands are played by `chinese_poker._core.ofc_simulate_range` (Rust, GIL released,
threaded) in tables of `OFC_TABLE_HANDS` hands; this module cuts a run into blocks of
whole tables, shows progress, stops cleanly on Ctrl-C and can farm the blocks out to a
Dask cluster (or any executor with ``submit``), like the closed game's `simulate`. Every
table is seeded by ``(seed, table index)`` and the statistics are integer sums, so the
result is identical whatever the block size, thread count or number of workers.
"""

from __future__ import annotations

import operator
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from chinese_poker._blocks import (
    Executor,
    block_ranges,
    check_client,
    in_order,
    progress_callback,
)
from chinese_poker._core import (
    OFC_STRATEGIES,
    OFC_TABLE_HANDS,
    OptionError,
    Rules,
    _merge_ofc_stats,
    ofc_simulate_range,
)
from chinese_poker._stats import BOARD_COUNTS, board_rates, means_and_errors

#: The most hands one run takes: the core numbers hands with 64-bit integers.
MAX_HANDS = 2**63 - 1


@dataclass(frozen=True)
class OfcSimulationResult:
    """Aggregated statistics of an open-face simulation (see `simulate`).

    `stats` holds the core's integer sums per seat ('points' and 'points_sq' in
    1/'units' points); the methods turn them into means, standard errors and rates.
    """

    stats: dict[str, Any]
    preset: str
    strategies: tuple[str, ...]
    seed: int
    requested: int
    interrupted: bool = False
    seconds: float = 0.0

    @property
    def hands(self) -> int:
        """Hands played (every seat plays every hand)."""
        return int(self.stats["hands"])

    @property
    def players(self) -> int:
        """Seats at every table."""
        return int(self.stats["players"])

    @property
    def decisions(self) -> int:
        """Moves chosen by the strategies (a Fantasyland setting counts as one)."""
        return int(self.stats["decisions"])

    def points_per_seat(self) -> list[tuple[float, float]]:
        """(mean points per hand, standard error) of each seat; (0.0, 0.0) when no hand
        was played. The error treats hands as independent, but Fantasyland carries from
        one hand to the next, so it can be too small (by up to 1.7 times in duplicate
        matches measured both ways); `duplicate_match` takes its error from whole tables."""
        s = self.stats
        return means_and_errors(s["points"], s["points_sq"], self.hands, s["units"])

    def seat_rates(self) -> list[dict[str, float]]:
        """Each seat's rates: fouled boards and royalty points per hand, the share of its
        hands played in Fantasyland, entries per hand played outside it, stays per hand
        played in it (0.0 where nothing was counted)."""
        s = self.stats
        return [
            board_rates([int(s[k][i]) for k in BOARD_COUNTS], self.hands)
            for i in range(self.players)
        ]

    def rates(self) -> dict[str, float]:
        """The rates of `seat_rates` over every seat together (self-play's figures)."""
        s = self.stats
        return board_rates([sum(s[k]) for k in BOARD_COUNTS], self.hands * self.players)

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready values."""
        return {
            "hands": self.hands,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "preset": self.preset,
            "players": self.players,
            "strategies": list(self.strategies),
            "seed": self.seed,
            "seconds": self.seconds,
            "decisions": self.decisions,
            "points_per_seat": [{"mean": m, "se": e} for m, e in self.points_per_seat()],
            "rates": self.rates(),
            "seat_rates": self.seat_rates(),
            "stats": dict(self.stats),
        }

    def table(self) -> str:
        """A readable summary: one line per seat, then the rates of all seats."""
        speed = (
            f", {self.decisions / self.seconds:,.0f} decisions/s"
            if self.seconds and self.decisions
            else ""
        )
        lines = [
            f"{self.hands:,} hands of {self.preset}, {self.players} players, seed {self.seed}"
            + (" (interrupted)" if self.interrupted else "")
            + speed,
            "",
            "seat  strategy    points/hand  ± s.e.   fouls  royalties  FL entry  FL stay",
        ]
        for i, ((m, e), r) in enumerate(zip(self.points_per_seat(), self.seat_rates())):
            lines.append(
                f"{i:>4}  {self.strategies[i]:<10}  {m:>+11.3f}  {e:6.3f}  "
                f"{r['foul_rate']:>6.1%}  {r['royalties_per_board']:>9.2f}  "
                f"{r['fantasyland_entry_rate']:>8.1%}  {r['fantasyland_stay_rate']:>7.1%}"
            )
        lines.append("")
        labels = {
            "foul_rate": "fouled boards",
            "royalties_per_board": "royalties per board",
            "fantasyland_hand_rate": "hands in Fantasyland",
            "fantasyland_entry_rate": "Fantasyland entries",
            "fantasyland_stay_rate": "Fantasyland stays",
        }
        for k, v in self.rates().items():
            lines.append(f"{labels[k]:<22} {v:.2f}" if k == "royalties_per_board" else
                         f"{labels[k]:<22} {v:.1%}")  # fmt: skip
        return "\n".join(lines)


def _strategies(strategy: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One strategy name per seat, from one name for all or a list of one per seat (the
    core checks the names)."""
    if isinstance(strategy, str):
        return (strategy,) * max(players, 0)
    return tuple(strategy)


def simulate(
    hands: int,
    players: int = 3,
    preset: str = "ofc_pineapple",
    strategy: str | Sequence[str] = "default",
    seed: int = 0,
    threads: int | None = None,
    *,
    rules: Rules | None = None,
    client: Executor | None = None,
    block: int | None = None,
    progress: bool | Callable[[int, int], None] | None = None,
    in_flight: int | None = None,
) -> OfcSimulationResult:
    """Play `hands` open-face hands at tables of `players` under `preset` (its
    settlement changed by `rules` when given), every seat placed by `strategy`: one of
    `OFC_STRATEGIES` for every seat (self-play) or a list of one per seat
    (agent against agent). 'heuristic' places without look-ahead, 'baseline' is the
    rollout agent as first released (kept fixed so that gains are measured against
    it), 'fast', 'default' and 'strong' are the placement agent at rising effort.

    Hands are played in tables of `OFC_TABLE_HANDS`: the button moves every hand and a
    board that qualifies plays the next hand of its table in Fantasyland, set by the
    exact Fantasyland solver. Results are identical for a seed whatever `threads`,
    `block` (hands per block, a multiple of `OFC_TABLE_HANDS`) or `client`. Ctrl-C
    returns the blocks finished so far (``interrupted=True``). With `client` (a Dask
    ``Client`` or any executor with ``submit``) blocks run as tasks, each on one thread
    unless `threads` is given, at most `in_flight` ahead of the one being collected.

    >>> r = simulate(40, players=2, preset="ofc_us", strategy="heuristic", seed=1)
    >>> r.hands, sum(m for m, _ in r.points_per_seat()) == 0
    (40, True)
    """
    hands = operator.index(hands)
    players = operator.index(players)
    if not 0 <= hands <= MAX_HANDS:
        raise OptionError(f"hands must be from 0 to {MAX_HANDS}, got {hands}")
    if block is None:
        # Enough tables per block to keep every thread busy; a task of a cluster plays
        # a few tables so that progress and Ctrl-C stay responsive.
        cores = threads or (1 if client is not None else os.cpu_count() or 1)
        block = OFC_TABLE_HANDS * max(2 * operator.index(cores), 5)
    block = operator.index(block)
    if block < 1 or block % OFC_TABLE_HANDS:
        raise OptionError(
            f"block must be a positive multiple of {OFC_TABLE_HANDS} hands (a table), got {block}"
        )
    if in_flight is not None and in_flight < 1:
        raise OptionError(f"in_flight must be >= 1, got {in_flight}")
    check_client(client)
    seats = _strategies(strategy, players)
    task_threads = 1 if threads is None and client is not None else threads
    args = (players, preset, list(seats), seed)
    kwargs: dict[str, Any] = {"rules": rules, "threads": task_threads}
    # An empty run checks every argument here, before a block is submitted anywhere.
    empty = ofc_simulate_range(0, 0, *args, **kwargs)

    show = progress_callback(
        progress, default=sys.stderr.isatty() and hands >= 10 * OFC_TABLE_HANDS, unit="hands"
    )
    stats = empty
    interrupted = False
    t0 = time.perf_counter()
    calls = (
        (first, ofc_simulate_range, (first, n, *args), kwargs)
        for first, n in block_ranges(hands, block)
    )
    blocks = in_order(calls, client, in_flight)
    try:
        for _, block_stats in blocks:
            stats = _merge_ofc_stats(stats, block_stats)
            if show:
                show(stats["hands"], hands)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        blocks.close()  # cancels the tasks still pending
    return OfcSimulationResult(
        stats=stats,
        preset=preset,
        strategies=seats,
        seed=seed,
        requested=hands,
        interrupted=interrupted,
        seconds=time.perf_counter() - t0,
    )


__all__: Sequence[str] = [
    "MAX_HANDS",
    "OFC_STRATEGIES",
    "OFC_TABLE_HANDS",
    "OfcSimulationResult",
    "simulate",
]
