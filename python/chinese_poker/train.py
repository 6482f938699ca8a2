"""Training an opponent model for your rules: self-play at scale.

The fast solver prices rows with a `Model` of how an opponent's rows fall. The
shipped one was trained under ``cp_pro_1_6`` at four players; `train_model`
trains one for any rules and table size. The loop is the core's (`_Trainer`):
this module cuts each iteration's deals into blocks, plays them with
`_train_block` (Rust, GIL released, threaded) here or on a Dask cluster (or any
executor with ``submit``), hands them back in deal order, shows progress and
reports each iteration. Each deal's cards come from ``(seed, iteration, deal)``
and the fit uses counts only, so the model is identical whatever the block
size, thread count or number of workers.
"""

from __future__ import annotations

import operator
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from chinese_poker._core import (
    IterationReport,
    Model,
    OptionError,
    Rules,
    _train_block,
    _Trainer,
)
from chinese_poker.simulate import Executor, _default_in_flight


def _progress_printer() -> Callable[[int, int], None]:
    """A progress bar on stderr: deals played over the run's deals, all iterations."""
    start = time.perf_counter()

    def show(done: int, total: int) -> None:
        rate = done / max(time.perf_counter() - start, 1e-9)
        width = 30
        filled = int(width * done / max(total, 1))
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} deals  {rate:,.0f}/s"
        )
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def train_model(
    rules: Rules | None = None,
    players: int = 4,
    *,
    deals: int = 50_000,
    iterations: int = 12,
    seed: int = 1,
    average: bool = True,
    threads: int | None = None,
    progress: bool | Callable[[int, int], None] = False,
    client: Executor | None = None,
    block: int = 10_000,
    in_flight: int | None = None,
    on_iteration: Callable[[IterationReport], None] | None = None,
) -> Model:
    """Train the fast solver's opponent model by self-play under `rules` (default
    ``cp_pro_1_6``) at tables of `players` (2-4), and return it.

    Iteration 0 sets every hand greedily; each of the `iterations` after it deals
    `deals` fresh tables, solves every hand with the model of the iteration before
    (against ``players - 1`` opponents) and refits the model to the rows played;
    with `average` (fictitious play) each fit uses the rows of every solved
    iteration so far. The returned `Model` records what it was trained under
    (``model.rules``, ``model.players``, ``model.drift`` …) and one
    `IterationReport` per iteration in ``model.history``; `on_iteration` is called
    with each report as its iteration ends. Pass the model to ``solve(...,
    model=...)`` or ``solve_batch``, or ``model.save(path)`` it.

    The result is identical for a seed whatever `threads`, `block` or `client`.
    With `client` (a Dask ``Client`` or any executor with ``submit``) the blocks of
    `block` deals run as tasks, each on one thread unless `threads` is given, at
    most `in_flight` ahead of the one being collected (default: twice the
    cluster's threads). `progress` is True for a bar on stderr, or a callable
    ``(done, total)`` in deals. Ctrl-C stops between blocks (KeyboardInterrupt is
    raised; a half-trained model is not returned).

    >>> m = train_model(Rules.preset("plain"), 2, deals=50, iterations=1)
    >>> m.players, m.iterations, len(m.history)
    (2, 1, 2)
    """
    players, deals, iterations = (operator.index(x) for x in (players, deals, iterations))
    block, seed = operator.index(block), operator.index(seed)
    if block < 1:
        raise OptionError(f"block must be >= 1 deals, got {block}")
    if in_flight is not None and in_flight < 1:
        raise OptionError(f"in_flight must be >= 1, got {in_flight}")
    if client is not None and not callable(getattr(client, "submit", None)):
        raise TypeError(
            "client must have a submit method (a dask Client or an executor), "
            f"got {type(client).__name__}"
        )
    trainer = _Trainer(rules, players, deals, iterations, seed, bool(average))
    show: Callable[[int, int], None] | None
    if progress is True:
        show = _progress_printer()
    elif progress is False or progress is None:
        show = None
    else:
        show = progress
    total = deals * (iterations + 1)
    done = 0
    # On a cluster the workers' task slots are the parallelism: one thread per
    # task unless told otherwise, so that tasks do not fight over cores.
    task_threads = 1 if threads is None and client is not None else threads
    window = in_flight or (_default_in_flight(client) if client is not None else 1)

    def ranges() -> Iterator[tuple[int, int]]:
        return ((first, min(block, deals - first)) for first in range(0, deals, block))

    def take(first: int, data: bytes, count: int) -> None:
        nonlocal done
        trainer.add_block(first, data)
        done += count
        if show:
            show(done, total)

    pending: deque[tuple[int, Any]] = deque()
    try:
        while not trainer.finished:
            t0 = time.perf_counter()
            args = (rules, players, trainer.model, seed, trainer.iteration)
            if client is None:
                for first, n in ranges():
                    take(first, _train_block(*args, first, n, threads=task_threads), n)
            else:
                for first, n in ranges():
                    fut = client.submit(_train_block, *args, first, n, threads=task_threads)
                    pending.append((first, (fut, n)))
                    if len(pending) >= window:
                        f, (fu, c) = pending.popleft()
                        take(f, fu.result(), c)
                while pending:
                    f, (fu, c) = pending.popleft()
                    take(f, fu.result(), c)
            report = trainer.end_iteration(time.perf_counter() - t0)
            if on_iteration is not None:
                on_iteration(report)
    except KeyboardInterrupt:
        for _, (fut, _n) in pending:
            cancel = getattr(fut, "cancel", None)
            if callable(cancel):
                cancel()
        pending.clear()
        raise
    return trainer.finish()


__all__: Sequence[str] = ["IterationReport", "Model", "train_model"]
