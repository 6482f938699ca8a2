"""A rate limit per client: a token bucket for each client address, kept in memory.

Each client's bucket holds at most `TokenBuckets.burst` tokens and gains `rate` tokens a
second; a request takes one, and a request that finds less than one is refused with the
whole seconds until one is there (the ``Retry-After`` of the 429 that ``POST /sessions``
answers, `chinese_poker.server.sessions`).

The buckets live in the process: with ``serve --workers N`` each worker keeps its own, so a
client may make up to N times as many requests (as many as reach each worker), and a restart
forgets them. The memory is bounded: a bucket that has refilled is the same as no bucket
and is dropped, and beyond `max_clients` addresses the one used least recently is dropped,
so that a flood of addresses cannot grow the table without end.

The address is the connection's (``request.client.host``): behind a reverse proxy it is the
proxy's, unless uvicorn takes the proxy's ``X-Forwarded-For`` (``--forwarded-allow-ips``);
requests without one share a single bucket.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from typing import Callable

#: The most client addresses tracked at once (each entry is a few hundred bytes).
MAX_CLIENTS = 10_000


class TokenBuckets:
    """A token bucket per key (a client address): `burst` tokens at most, `rate` tokens a
    second, the time read from `clock` (``time.monotonic``; a test gives its own).
    Thread-safe: the service's sync endpoints run in a thread pool.

    >>> now = [0.0]
    >>> b = TokenBuckets(rate=0.5, burst=2, clock=lambda: now[0])
    >>> b.take("a"), b.take("a"), b.take("a"), b.take("b")
    (None, None, 2, None)
    >>> now[0] += 2.0
    >>> b.take("a")
    """

    def __init__(
        self,
        rate: float,
        burst: int,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = MAX_CLIENTS,
    ) -> None:
        if not 0 < rate < math.inf:
            raise ValueError("the rate must be a positive number of tokens a second")
        if burst < 1 or max_clients < 1:
            raise ValueError("the burst and the most clients must be at least 1")
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.max_clients = max_clients
        self._lock = threading.Lock()
        #: Each key's tokens and when they were counted, least recently used first.
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def __len__(self) -> int:
        """How many clients are tracked now."""
        return len(self._buckets)

    def _level(self, tokens: float, since: float, now: float) -> float:
        """The tokens of a bucket counted at `since`, refilled up to `now`."""
        return min(float(self.burst), tokens + max(0.0, now - since) * self.rate)

    def take(self, key: str) -> int | None:
        """Take a token of `key`'s bucket: None when there was one, else the whole seconds
        (at least 1) until there is, and nothing is taken."""
        with self._lock:
            now = self.clock()
            held = self._buckets.pop(key, None)
            tokens = float(self.burst) if held is None else self._level(*held, now)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                # Less a hair: a float a little above a whole number does not round up.
                return max(1, math.ceil((1.0 - tokens) / self.rate - 1e-9))
            self._buckets[key] = (tokens - 1.0, now)
            self._trim(now)
            return None

    def _trim(self, now: float) -> None:
        """Drop the refilled buckets from the least recently used end, then, beyond
        `max_clients`, the least recently used ones (the lock held)."""
        buckets = self._buckets
        while buckets:
            oldest = next(iter(buckets))
            if self._level(*buckets[oldest], now) < self.burst:
                break
            del buckets[oldest]
        while len(buckets) > self.max_clients:
            buckets.popitem(last=False)
