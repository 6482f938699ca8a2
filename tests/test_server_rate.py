"""The rate limit of new game sessions per client (``POST /sessions``): a burst, then 429 with
``Retry-After``; the bucket refilled as the clock runs; each client address its own bucket; a
refused request deals and stores nothing; the limits' bounds, and the ``serve`` options that
set them."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from chinese_poker.cli import main  # noqa: E402
from chinese_poker.cli.serve import DATABASE_ENV, LIMITS_ENV  # noqa: E402
from chinese_poker.server import Limits, create_app  # noqa: E402
from chinese_poker.server import sessions as sessions_module  # noqa: E402
from chinese_poker.server.rate import TokenBuckets  # noqa: E402

#: A closed deal with its three bots: the quickest session to make.
BODY = {"game": "closed", "seed": 3}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def paced_app(clock: Clock, database: str = ":memory:", **limits: Any) -> Any:
    """An application whose session buckets read `clock`."""
    app = create_app(Limits(**limits), database=database)
    app.state.session_buckets.clock = clock
    return app


def stored(path: Path) -> int:
    """How many sessions the database file holds."""
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])


def test_a_burst_then_429_with_retry_after() -> None:
    clock = Clock()
    client = TestClient(paced_app(clock, session_rate=6.0, session_burst=3))
    for _ in range(3):
        assert client.post("/sessions", json=BODY).status_code == 201
    r = client.post("/sessions", json=BODY)
    assert r.status_code == 429, r.text
    assert r.json()["error"] == "TooManyRequests" and set(r.json()) == {"error", "message"}
    assert r.headers["content-type"].startswith("application/json")
    # 6 a minute: one token every 10 seconds.
    assert r.headers["Retry-After"] == "10"
    clock.now += 4.5
    r = client.post("/sessions", json=BODY)
    assert r.status_code == 429 and r.headers["Retry-After"] == "6"
    # The other endpoints are not paced.
    assert client.get("/presets").status_code == 200


def test_retry_after_is_whole_seconds_and_at_least_one() -> None:
    clock = Clock()
    client = TestClient(paced_app(clock, session_rate=600.0, session_burst=1))
    assert client.post("/sessions", json=BODY).status_code == 201
    clock.now += 0.09  # 0.9 of a token back: a tenth of a second to wait
    r = client.post("/sessions", json=BODY)
    assert r.status_code == 429 and r.headers["Retry-After"] == "1"


def test_the_bucket_refills_as_the_clock_runs() -> None:
    clock = Clock()
    client = TestClient(paced_app(clock, session_rate=60.0, session_burst=2))
    assert [client.post("/sessions", json=BODY).status_code for _ in range(3)] == [201, 201, 429]
    clock.now += 1.0  # one a second: one token back
    assert [client.post("/sessions", json=BODY).status_code for _ in range(2)] == [201, 429]
    clock.now += 3600.0  # never more than the burst
    codes = [client.post("/sessions", json=BODY).status_code for _ in range(3)]
    assert codes == [201, 201, 429]


def test_each_client_address_has_its_own_bucket() -> None:
    clock = Clock()
    app = paced_app(clock, session_burst=2)
    one = TestClient(app, client=("192.0.2.1", 1234))
    same = TestClient(app, client=("192.0.2.1", 4321))  # another port, the same client
    other = TestClient(app, client=("198.51.100.7", 1234))
    assert one.post("/sessions", json=BODY).status_code == 201
    assert same.post("/sessions", json=BODY).status_code == 201
    assert one.post("/sessions", json=BODY).status_code == 429
    assert [other.post("/sessions", json=BODY).status_code for _ in range(3)] == [201, 201, 429]


def test_a_refused_request_deals_and_stores_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "s.sqlite3"
    clock = Clock()
    client = TestClient(paced_app(clock, str(database), session_burst=2))
    for game in ("closed", "ofc"):
        assert client.post("/sessions", json={"game": game}).status_code == 201
    assert stored(database) == 2

    def no_deal(*args: Any) -> Any:
        raise AssertionError("a refused request was dealt")

    monkeypatch.setattr(sessions_module, "_new_deal", no_deal)
    for game in ("closed", "ofc"):
        r = client.post("/sessions", json={"game": game, "humans": 2})
        assert r.status_code == 429, r.text
        assert "token" not in r.text and "session" not in r.json()
    assert stored(database) == 2


def test_the_buckets_stay_bounded() -> None:
    clock = Clock()
    buckets = TokenBuckets(rate=1.0, burst=2, clock=clock, max_clients=3)
    for n in range(10):
        assert buckets.take(f"10.0.0.{n}") is None
    assert len(buckets) == 3
    # A bucket that has refilled is no bucket: dropped as the next client comes.
    clock.now += 10.0
    assert buckets.take("10.0.1.1") is None
    assert len(buckets) == 1


@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ({"session_rate": 0}, "Limits.session_rate must be a positive number"),
        ({"session_rate": -1.5}, "Limits.session_rate must be a positive number"),
        ({"session_rate": float("inf")}, "Limits.session_rate must be a positive number"),
        ({"session_rate": float("nan")}, "Limits.session_rate must be a positive number"),
        ({"session_burst": 0}, "Limits.session_burst must be at least 1"),
        ({"session_burst": -3}, "Limits.session_burst must be at least 1"),
    ],
)
def test_bad_rate_limits_are_refused(limits: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Limits(**limits)
    with pytest.raises(ValueError, match=message):
        Limits.from_json(json.dumps(limits))


def test_the_defaults_let_a_client_make_a_burst() -> None:
    assert (Limits().session_rate, Limits().session_burst) == (30.0, 10)
    client = TestClient(create_app())
    codes = [client.post("/sessions", json=BODY).status_code for _ in range(11)]
    assert codes == [201] * 10 + [429]


def test_the_serve_options_reach_the_workers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: None)
    for name in (LIMITS_ENV, DATABASE_ENV):
        monkeypatch.setenv(name, "")  # recorded, so that what `serve` writes is undone
        monkeypatch.delenv(name)
    database = str(tmp_path / "s.sqlite3")
    args = ["serve", "--database", database, "--session-rate", "7.5", "--session-burst", "2"]
    assert main(args) == 0
    assert json.loads(os.environ[LIMITS_ENV]) == {"session_rate": 7.5, "session_burst": 2}
    # What a worker builds: the factory called without arguments.
    app = create_app()
    assert app.state.limits == Limits(session_rate=7.5, session_burst=2)
    client = TestClient(app)
    assert [client.post("/sessions", json=BODY).status_code for _ in range(3)] == [201, 201, 429]


def test_the_description_lists_429() -> None:
    responses = create_app().openapi()["paths"]["/sessions"]["post"]["responses"]
    assert "429" in responses and "Retry-After" in responses["429"]["description"]
