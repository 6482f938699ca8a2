"""Simulation at scale: deal, solve every hand, settle, aggregate.

The heavy lifting is `chinese_poker.simulate_range` (Rust, GIL released,
threaded); this module splits a run into blocks of deals, shows progress,
stops cleanly on Ctrl-C, and can farm the blocks out to a Dask cluster (or
any executor with ``submit``). Each deal's shuffle is keyed by ``(seed, deal
index)`` and the statistics are integer sums, so the result is identical
whatever the block size, thread count or number of workers.
"""

from __future__ import annotations

import math
import operator
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from chinese_poker._blocks import (
    Call,
    Executor,
    block_ranges,
    check_client,
    in_order,
    progress_callback,
)
from chinese_poker._core import (
    NATURAL_KINDS,
    ChinesePokerError,
    OptionError,
    Rules,
    _merge_stats,
    simulate_range,
)
from chinese_poker._stats import means_and_errors

#: Exact frequencies (1 in N) of naturals among 13-card hands, from BENCHMARKS.md.
EXACT_ONE_IN = {
    "DRAGON": 9462,
    "SIX_PAIRS (strict)": 283,
    "SIX_PAIRS (quads as two pairs)": 253,
    "FIVE_PAIRS_TRIPS": 1983,
    "THREE_STRAIGHTS": 313,
    "THREE_FLUSHES": 111,
    "FOUR_TRIPS": 96368,
    "ALL_SMALL": 16960,
}

_SUMMED = (
    "deals",
    "pairs_compared",
    "scoops",
    "hands",
    "fouls",
    "six_pairs_strict",
    "six_pairs_with_quads",
)
_LISTS = ("points", "points_sq", "naturals_paid", "naturals_dealt", "row_decided", "row_ties")
_KEYS = ("players", "denominator", *_SUMMED, *_LISTS, "royalty_rows")


def _deals_in(stats: Any, name: str) -> int:
    """The deal count of a statistics dict of `simulate_range` ({} counts as none)."""
    if not isinstance(stats, dict):
        raise TypeError(
            f"{name} must be a statistics dict of simulate_range, got {type(stats).__name__}"
        )
    if not stats:
        return 0
    missing = [k for k in _KEYS if k not in stats]
    if missing:
        raise ChinesePokerError(
            f"{name} is not a statistics dict of simulate_range (no {', '.join(missing)})"
        )
    return operator.index(stats["deals"])


def merge_stats(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Adds two statistics dicts of `simulate_range` (same players and rules)."""
    deals_a, deals_b = _deals_in(a, "a"), _deals_in(b, "b")
    if deals_a == 0:
        return dict(b)
    if deals_b == 0:
        return dict(a)
    return _merge_stats(a, b)


@dataclass
class SimulationResult:
    """Aggregated statistics of a simulation (see `simulate`)."""

    stats: dict[str, Any]
    seed: int
    strategy: str
    requested: int
    interrupted: bool = False
    seconds: float = 0.0
    #: First deal of each finished block (blocks finish in order, so a range).
    blocks: Sequence[int] = field(default_factory=lambda: range(0))
    #: Stopped by `time_budget` before every deal was played (`interrupted` is Ctrl-C).
    timed_out: bool = False

    @property
    def deals(self) -> int:
        """Deals played."""
        return int(self.stats.get("deals", 0))

    def points_per_seat(self) -> list[tuple[float, float]]:
        """(mean points per deal, standard error) for each seat; (0.0, 0.0) when no
        deal was played, so that an empty or at once interrupted run still prints."""
        s = self.stats
        return means_and_errors(s["points"], s["points_sq"], self.deals, self.stats["denominator"])

    def rates(self) -> dict[str, float]:
        """Scoop rate (per compared pair), foul rate and natural-paid rate (per hand)."""
        s = self.stats
        hands = max(s["hands"], 1)
        return {
            "scoop_rate": s["scoops"] / max(s["pairs_compared"], 1),
            "foul_rate": s["fouls"] / hands,
            "natural_paid_rate": sum(s["naturals_paid"]) / hands,
            "front_tie_rate": s["row_ties"][0] / max(s["row_ties"][0] + s["row_decided"][0], 1),
        }

    def natural_frequencies(self) -> list[tuple[str, int, float | None, float | None]]:
        """(natural, dealt count, observed 1-in-N, exact 1-in-N) for the dealt hands."""
        s = self.stats
        hands = s["hands"]
        counts = dict(zip(NATURAL_KINDS, s["naturals_dealt"]))
        counts["SIX_PAIRS (strict)"] = s["six_pairs_strict"]
        counts["SIX_PAIRS (quads as two pairs)"] = s["six_pairs_with_quads"]
        rows: list[tuple[str, int, float | None, float | None]] = []
        for name, count in counts.items():
            if name == "SIX_PAIRS":
                continue
            observed = hands / count if count else None
            rows.append((name, count, observed, EXACT_ONE_IN.get(name)))
        return rows

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready values."""
        return {
            "deals": self.deals,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "timed_out": self.timed_out,
            "seed": self.seed,
            "strategy": self.strategy,
            "seconds": self.seconds,
            "points_per_seat": [{"mean": m, "se": e} for m, e in self.points_per_seat()],
            "rates": self.rates(),
            "naturals": [
                {"natural": n, "count": c, "one_in": o, "exact_one_in": x}
                for n, c, o, x in self.natural_frequencies()
            ],
            "stats": self.stats,
        }

    def table(self) -> str:
        """A readable summary."""
        lines = [
            f"{self.deals:,} deals of {self.stats['players']} players, strategy {self.strategy}, "
            f"seed {self.seed}"
            + (" (interrupted)" if self.interrupted else "")
            + (" (out of time)" if self.timed_out else "")
            + (f", {self.deals / self.seconds:,.0f} deals/s" if self.seconds else ""),
            "",
            "seat  points/deal  ± s.e.",
        ]
        for i, (m, e) in enumerate(self.points_per_seat()):
            lines.append(f"{i:>4}  {m:>+11.4f}  {e:.4f}")
        lines.append("")
        for k, v in self.rates().items():
            lines.append(f"{k:<18} {v:.4%}")
        lines += ["", f"{'natural (dealt)':<32} {'count':>8} {'1 in':>10} {'exact 1 in':>11}"]
        for name, count, observed, exact in self.natural_frequencies():
            o = f"{observed:,.0f}" if observed else "—"
            x = f"{exact:,}" if exact else ""
            lines.append(f"{name:<32} {count:>8} {o:>10} {x:>11}")
        return "\n".join(lines)


def _pyplot() -> Any:
    """matplotlib's pyplot on the file-only Agg backend, or an ImportError that says how
    to install it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ImportError('plotting needs matplotlib: pip install "chinese-poker[plot]"') from exc
    return plt


def _plot_histogram(histogram: dict[float, int], path: str, title: str) -> None:
    plt = _pyplot()
    xs = sorted(histogram)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.bar(xs, [histogram[x] for x in xs], width=0.8)
    ax.set_xlabel("points per deal (one seat)")
    ax.set_ylabel("seat-deals")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def simulate(
    deals: int,
    players: int = 4,
    rules: Rules | None = None,
    strategy: str = "fast",
    seed: int = 0,
    threads: int | None = None,
    *,
    client: Executor | None = None,
    block: int = 20_000,
    progress: bool | Callable[[int, int], None] | None = None,
    count_naturals: bool = True,
    csv: str | None = None,
    plot: str | None = None,
    in_flight: int | None = None,
    time_budget: float | None = None,
) -> SimulationResult:
    """Deal `deals` tables of `players`, set every hand with `strategy` ('fast'
    or 'greedy'), settle under `rules` (default `cp_pro_1_6`) and aggregate.

    Results are identical for a seed whatever `threads`, `block` or `client`.
    Ctrl-C returns the statistics of the deals finished so far (``interrupted=True``),
    always the first ones: the blocks finished and, run here, the first deals of the block
    it was in. `time_budget` (seconds, None for no limit) stops the run the same way when
    it runs out (``timed_out=True``) (within a tenth of a second here; with `client`, tasks get what is left
    when they are submitted). With `client` (a Dask ``Client`` or any executor
    with ``submit``), blocks run as tasks on the cluster, each on one thread
    unless `threads` is given (the workers' slots are the parallelism). `csv` writes one line
    per deal (deal index and each seat's points), block by block, so memory
    stays constant; `plot` saves a PNG of the distribution of points per deal
    (needs matplotlib: ``pip install "chinese-poker[plot]"``). Memory does not
    grow with `deals`: blocks are merged into integer sums as they finish, and
    with `client` at most `in_flight` blocks are submitted ahead of the one
    being collected (default: twice the cluster's threads for a Dask client,
    twice the CPU count otherwise).

    >>> r = simulate(200, strategy="greedy", seed=1, progress=False)
    >>> r.deals, sum(m for m, _ in r.points_per_seat()) == 0
    (200, True)
    """
    deals, block = operator.index(deals), operator.index(block)
    if deals < 0 or block < 1:
        raise OptionError(f"deals must be >= 0 and block >= 1, got deals={deals}, block={block}")
    if in_flight is not None and in_flight < 1:
        raise OptionError(f"in_flight must be >= 1, got {in_flight}")
    check_client(client)
    if time_budget is not None and not (math.isfinite(time_budget) and time_budget > 0):
        raise OptionError(
            f"time_budget must be None or a positive number of seconds, got {time_budget}"
        )
    deadline = None if time_budget is None else time.monotonic() + time_budget
    if plot is not None:
        # A missing matplotlib must stop the run before its deals are played, not after.
        _pyplot()

    # Lazily: a huge `deals` must not build its list of blocks before the first one runs.
    show = progress_callback(progress, default=sys.stderr.isatty() and deals >= 50_000)
    stats: dict[str, Any] = {}
    done = 0  # blocks finished, in order
    interrupted = timed_out = False
    t0 = time.perf_counter()
    args = (players, rules, strategy, seed)
    record = csv is not None or plot is not None
    # On a cluster the workers' task slots are the parallelism: one thread per
    # task unless told otherwise, so that tasks do not fight over cores.
    task_threads = 1 if threads is None and client is not None else threads
    kwargs = {"count_naturals": count_naturals, "threads": task_threads, "record_deals": record}
    histogram: dict[float, int] = {}
    out = open(csv, "w", encoding="utf-8") if csv else None  # noqa: SIM115 (closed below)

    def take(first: int, block_stats: dict[str, Any], whole: bool = True) -> None:
        nonlocal stats, done
        totals = block_stats.pop("deal_totals", None)
        if totals is not None:
            points = totals / block_stats["denominator"]
            if out is not None:
                if first == 0:
                    seats = ",".join(f"seat{i}" for i in range(players))
                    out.write(f"deal,{seats}\n")
                for i, row in enumerate(points.tolist()):
                    out.write(f"{first + i}," + ",".join(f"{x:g}" for x in row) + "\n")
            for x in points.reshape(-1).tolist():
                histogram[x] = histogram.get(x, 0) + 1
        stats = merge_stats(stats, block_stats)
        done += whole
        if show:
            show(stats["deals"], deals)

    def budgeted() -> Iterator[Call]:
        """The blocks' calls, each given the time left (none once it has run out)."""
        for first, n in block_ranges(deals, block):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return
            yield first, simulate_range, (first, n, *args), {**kwargs, "time_budget": left}

    blocks = in_order(budgeted(), client, in_flight)
    try:
        for first, block_stats in blocks:
            asked = min(block, deals - first)
            take(first, block_stats, whole=block_stats["deals"] == asked)
            if block_stats["deals"] < asked or (
                deadline is not None and time.monotonic() >= deadline
            ):
                # The budget ran out: in this block, or before the next one is taken.
                timed_out = stats["deals"] < deals
                break
        else:
            timed_out = deadline is not None and stats.get("deals", 0) < deals
    except KeyboardInterrupt as exc:
        interrupted = True
        # A block run here hands back its deals finished before Ctrl-C: the first ones
        # of the block, which starts where the blocks taken end.
        partial = getattr(exc, "partial", None)
        if partial and partial.get("deals"):
            take(stats.get("deals", 0) if stats else 0, partial, whole=False)
    finally:
        blocks.close()  # cancels the tasks still pending
        if out is not None:
            out.close()
    if plot is not None:
        _plot_histogram(histogram, plot, f"{deals:,} deals, {players} players, {strategy} solver")
    if not stats:
        stats = simulate_range(0, 0, *args, **kwargs)  # type: ignore[arg-type]
    return SimulationResult(
        stats=stats,
        seed=seed,
        strategy=strategy,
        requested=deals,
        interrupted=interrupted,
        timed_out=timed_out,
        seconds=time.perf_counter() - t0,
        blocks=range(0, done * block, block),
    )


__all__: Sequence[str] = ["SimulationResult", "merge_stats", "simulate", "EXACT_ONE_IN"]
