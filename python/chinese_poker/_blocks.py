"""Running a long job as blocks, here or on a cluster: the part `simulate` and
`train_model` share.

Both cut their deals into blocks whose results do not depend on where they ran,
run them on this machine or as tasks of an executor (a Dask ``Client`` or a
``concurrent.futures`` executor), take the results back in block order with a
bounded number in flight, show a progress bar, and cancel what is still pending
when the caller stops (Ctrl-C).
"""

from __future__ import annotations

import os
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, Protocol


class Executor(Protocol):
    """Anything with ``submit(fn, *args, **kwargs)`` returning a future with ``result()``:
    a ``dask.distributed.Client`` or a ``concurrent.futures`` executor."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any: ...


def check_client(client: object) -> None:
    """Refuses a `client` that cannot run tasks, before any work starts."""
    if client is not None and not callable(getattr(client, "submit", None)):
        raise TypeError(
            "client must have a submit method (a dask Client or an executor), "
            f"got {type(client).__name__}"
        )


def default_in_flight(client: Executor) -> int:
    """Twice the task slots of a Dask client (its ``nthreads()``), else twice the CPUs."""
    slots = 0
    nthreads = getattr(client, "nthreads", None)
    if callable(nthreads):
        try:
            slots = sum(int(n) for n in nthreads().values())
        except Exception:  # not a Dask client after all
            slots = 0
    return 2 * max(slots or os.cpu_count() or 1, 1)


def progress_printer(unit: str = "deals") -> Callable[[int, int], None]:
    """A progress bar on stderr: `unit` done over those of the whole run."""
    start = time.perf_counter()

    def show(done: int, total: int) -> None:
        rate = done / max(time.perf_counter() - start, 1e-9)
        width = 30
        filled = int(width * done / max(total, 1))
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} {unit}  {rate:,.0f}/s"
        )
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def progress_callback(
    progress: bool | Callable[[int, int], None] | None, default: bool, unit: str = "deals"
) -> Callable[[int, int], None] | None:
    """The ``(done, total)`` callback of a `progress` argument: True a bar on stderr
    counting `unit`, False none, a callable itself, None the caller's `default`."""
    if progress is None:
        progress = default
    if progress is True:
        return progress_printer(unit)
    if progress is False:
        return None
    return progress


def block_ranges(deals: int, block: int) -> Iterator[tuple[int, int]]:
    """``(first, count)`` of each block of `block` deals, lazily: a huge `deals`
    must not build its list of blocks before the first one runs."""
    return ((first, min(block, deals - first)) for first in range(0, deals, block))


#: One block's call: its key (the first deal), the function and its arguments.
Call = tuple[int, Callable[..., Any], tuple[Any, ...], dict[str, Any]]


def in_order(
    calls: Iterable[Call], client: Executor | None, in_flight: int | None
) -> Generator[tuple[int, Any], None, None]:
    """``(key, result)`` of every call, in the calls' order: run here one after the
    other without `client`; with it submitted as tasks, at most `in_flight` (default
    `default_in_flight`) ahead of the one being collected, so that finished results
    are dropped as soon as the caller has taken them. Tasks still pending when the
    caller stops (an exception, Ctrl-C, or closing the iterator) are cancelled."""
    if client is None:
        for key, fn, args, kwargs in calls:
            yield key, fn(*args, **kwargs)
        return
    window = in_flight or default_in_flight(client)
    pending: deque[tuple[int, Any]] = deque()
    try:
        for key, fn, args, kwargs in calls:
            pending.append((key, client.submit(fn, *args, **kwargs)))
            if len(pending) >= window:
                k, fut = pending.popleft()
                yield k, fut.result()
        while pending:
            k, fut = pending.popleft()
            yield k, fut.result()
    finally:
        for _, fut in pending:
            cancel = getattr(fut, "cancel", None)
            if callable(cancel):
                cancel()
