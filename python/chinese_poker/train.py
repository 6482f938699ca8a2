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
import time
from collections.abc import Callable, Sequence
from contextlib import closing

from chinese_poker._blocks import (
    Executor,
    block_ranges,
    check_client,
    in_order,
    progress_callback,
)
from chinese_poker._core import (
    IterationReport,
    Model,
    OptionError,
    Rules,
    _train_block,
    _Trainer,
)


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
    check_client(client)
    trainer = _Trainer(rules, players, deals, iterations, seed, bool(average))
    show = progress_callback(progress, default=False)
    total = deals * (iterations + 1)
    done = 0
    # On a cluster the workers' task slots are the parallelism: one thread per
    # task unless told otherwise, so that tasks do not fight over cores.
    task_threads = 1 if threads is None and client is not None else threads

    while not trainer.finished:
        t0 = time.perf_counter()
        args = (rules, players, trainer.model, seed, trainer.iteration)
        kwargs = {"threads": task_threads}
        calls = (
            (first, _train_block, (*args, first, n), kwargs)
            for first, n in block_ranges(deals, block)
        )
        with closing(in_order(calls, client, in_flight)) as blocks:
            for first, data in blocks:
                trainer.add_block(first, data)
                done += min(block, deals - first)
                if show:
                    show(done, total)
        report = trainer.end_iteration(time.perf_counter() - t0)
        if on_iteration is not None:
            on_iteration(report)
    return trainer.finish()


__all__: Sequence[str] = ["IterationReport", "Model", "train_model"]
