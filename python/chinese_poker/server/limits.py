"""The bounds a request to the service must stay within, so that no request can hold the
server for long or make it allocate without end."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

from chinese_poker.cli.service_env import MAX_ROLLOUTS


@dataclass(frozen=True)
class Limits:
    """Per-request limits of the service, and the bounds of its game sessions; a request
    beyond one is answered 413 (the body) or 422 (a count or a duration), before any work;
    a client making sessions faster than `session_rate` is answered 429.

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
    #: The most game sessions the server keeps; a ``POST /sessions`` beyond them is answered
    #: 503 until some expire.
    sessions: int = 10_000
    #: Seconds after its last request that a game session expires: expired sessions are
    #: deleted when a new one is made (24 hours).
    session_seconds: float = 86_400.0
    #: The game sessions one client (one address) may make a minute, on average: a
    #: ``POST /sessions`` beyond its bucket is answered 429 with ``Retry-After``. Each worker
    #: of ``serve --workers`` counts apart (`chinese_poker.server.rate`).
    session_rate: float = 30.0
    #: The game sessions one client may make at once, before `session_rate` paces it.
    session_burst: int = 10
    #: The Monte-Carlo rollouts of each open-face move the server plays for a bot seat: at
    #: 16 the placement agent takes about a tenth of a second a move (0.15 s at most, the
    #: first street of four seats), so a move answered with three bots' moves after it stays
    #: under half a second.
    bot_effort: int = 16
    #: The Monte-Carlo samples of a ``/sessions/{id}/hint`` (the strong solver's effort in
    #: the closed game, the placement agent's rollouts in open-face).
    hint_effort: int = 256
    #: The most seconds a ``/sessions/{id}/hint`` refines its estimates.
    hint_seconds: float = 0.5

    def __post_init__(self) -> None:
        counts = (
            "body_bytes",
            "batch",
            "effort",
            "candidates",
            "simulate_deals",
            "sessions",
            "session_burst",
        )
        for name in (*counts, "bot_effort", "hint_effort"):
            if getattr(self, name) < 1:
                raise ValueError(f"Limits.{name} must be at least 1, got {getattr(self, name)}")
        for name in ("bot_effort", "hint_effort"):
            if getattr(self, name) > MAX_ROLLOUTS:
                raise ValueError(f"Limits.{name} must be at most {MAX_ROLLOUTS}")
        for name in ("solve_seconds", "simulate_seconds", "session_seconds", "hint_seconds"):
            if not 0 < getattr(self, name) < float("inf"):
                raise ValueError(f"Limits.{name} must be a positive number of seconds")
        if not 0 < self.session_rate < float("inf"):
            raise ValueError("Limits.session_rate must be a positive number of sessions a minute")

    @classmethod
    def from_json(cls, text: str) -> Limits:
        """Limits from a JSON object of some of their fields, the others at their defaults
        (how ``chinese-poker serve`` hands its options to each worker); ValueError for
        anything else.

        >>> Limits.from_json('{"batch": 10}') == Limits(batch=10)
        True
        """
        given = json.loads(text)
        if not isinstance(given, dict):
            raise ValueError("limits must be a JSON object of Limits fields")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(given) - known)
        if unknown:
            raise ValueError(f"no such limit: {', '.join(unknown)}")
        return cls(**given)


class LimitExceeded(Exception):
    """A request asks for more than the server's `Limits` allow; answered 422."""
