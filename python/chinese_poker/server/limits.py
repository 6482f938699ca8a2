"""The bounds a request to the service must stay within, so that no request can hold the
server for long or make it allocate without end."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Per-request limits of the service; a request beyond one is answered 413 (the body)
    or 422 (a count or a duration), before any work.

    >>> Limits().batch, Limits(batch=10).batch
    (1000, 10)
    """

    #: The largest request body in bytes (1 MiB).
    body_bytes: int = 1 << 20
    #: The most hands of one ``/evaluate/batch`` or ``/solve/batch`` request.
    batch: int = 1000
    #: The most Monte-Carlo samples of one strong ``/solve``.
    effort: int = 4096
    #: The most seconds of Monte-Carlo refinement of one strong ``/solve``; a strong solve
    #: that gives no ``time_budget`` is given this one.
    solve_seconds: float = 2.0
    #: The most runner-up settings one ``/solve`` lists.
    candidates: int = 20
    #: The most deals of one ``/simulate`` request.
    simulate_deals: int = 20_000
    #: The time budget of every ``/simulate`` call: the deals played by then are answered,
    #: with ``timed_out``.
    simulate_seconds: float = 2.0

    def __post_init__(self) -> None:
        for name in ("body_bytes", "batch", "effort", "candidates", "simulate_deals"):
            if getattr(self, name) < 1:
                raise ValueError(f"Limits.{name} must be at least 1, got {getattr(self, name)}")
        for name in ("solve_seconds", "simulate_seconds"):
            if not 0 < getattr(self, name) < float("inf"):
                raise ValueError(f"Limits.{name} must be a positive number of seconds")


class LimitExceeded(Exception):
    """A request asks for more than the server's `Limits` allow; answered 422."""
