"""Every endpoint of the service fuzzed from its own OpenAPI description by schemathesis: no
answer is a server error, every status is one the description lists, every body is JSON and
fits the schema described for its status, and a body the schema says is invalid is refused.

The ``/sessions/{sid}`` endpoints are fuzzed twice: as generated (an unknown session, with and
without a token), and against a live deal of each game, the case's session id replaced by that
deal's and its seat's token sent, so that the bodies reach the game itself.

A few examples per endpoint by default (the whole file in well under a minute);
``CHINESE_POKER_SLOW=1`` runs many more, as for the other hypothesis tests (tests/conftest.py).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

pytest.importorskip("fastapi")
schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis import checks  # noqa: E402

from chinese_poker.server import Limits, create_app  # noqa: E402

#: Examples per endpoint: few by default, many with CHINESE_POKER_SLOW=1.
EXAMPLES = 400 if os.environ.get("CHINESE_POKER_SLOW") else 15

#: Bounds that keep each request to milliseconds: a fuzzed strong solve, simulation, hint or
#: open-face bot still runs, only briefly. Every case against a live deal makes a session from
#: the one test client, so the rate limit of new sessions is out of the way (its own tests
#: are in tests/test_server_rate.py).
QUICK = Limits(
    session_burst=1_000_000,
    effort=64,
    solve_seconds=0.05,
    simulate_deals=200,
    simulate_seconds=0.05,
    bot_effort=1,
    hint_effort=4,
    hint_seconds=0.05,
)

app = create_app(QUICK)
schema = schemathesis.openapi.from_asgi("/openapi.json", app)

#: The checks left out, and why: the description cannot say which text is a hand of cards
#: (``"hand": "x"`` fits it), so a body that fits the schema may still be refused by the
#: engine with a 422, which is its documented answer, not a fault.
EXCLUDED = [checks.positive_data_acceptance]

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def json_body(response: Any) -> None:
    """Every answer, a refusal too, is a JSON document served as ``application/json``."""
    kind = response.headers.get("content-type", [""])
    kind = kind[0] if isinstance(kind, list) else kind
    assert kind.split(";")[0].strip() == "application/json", (response.status_code, kind)
    response.json()


def validated(case: Any, excluded: tuple[Any, ...] = ()) -> Any:
    """The case sent to the application, its answer checked (schemathesis' checks but
    `EXCLUDED` and `excluded`, and `json_body`)."""
    response = case.call_and_validate(excluded_checks=[*EXCLUDED, *excluded])
    json_body(response)
    return response


@schema.parametrize()
@FUZZ
def test_every_endpoint_as_described(case: Any) -> None:
    validated(case)


def live_seat(game: str) -> tuple[str, str]:
    """A new session of `game` and the token of seat 0: closed, four seats, three of them
    bots; open-face, two human seats (no bot to wait for)."""
    from fastapi.testclient import TestClient

    body = {"game": game, "seed": 7} | ({"humans": 2} if game == "ofc" else {})
    with TestClient(app) as client:
        made = client.post("/sessions", json=body)
    assert made.status_code == 201, made.text
    out = made.json()
    return out["session"], out["seats"][0]["token"]


sessions = schema.include(path_regex="^/sessions/")


@sessions.parametrize()
@FUZZ
@pytest.mark.parametrize("game", ["closed", "ofc"])
def test_session_endpoints_against_a_live_deal(case: Any, game: str) -> None:
    sid, token = live_seat(game)
    case.path_parameters["sid"] = sid
    # In the case itself: a header given to the call would yield to the generated one.
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    # Every case here carries the seat's valid token, so the checks that a missing or wrong
    # one is refused belong to the test above.
    response = validated(case, (checks.missing_required_header, checks.ignored_auth))
    # The seat's own session and token: never refused as unknown or not this seat's.
    assert response.status_code not in (401, 403, 404), response.text


# --- what the fuzzing found, each kept as a plain test --------------------------------------


def test_an_application_started_twice_keeps_its_sessions(tmp_path: Any) -> None:
    # The first lifespan's end closed the store, and every session request after a second
    # start was answered 503: a test client entered twice, or schemathesis, which reads the
    # description in a lifespan of its own before the cases.
    from fastapi.testclient import TestClient

    for database in (":memory:", str(tmp_path / "s.sqlite3")):
        again = create_app(database=database)
        with TestClient(again) as client:
            made = client.post("/sessions", json={"game": "closed", "seed": 1}).json()
        auth = {"Authorization": "Bearer " + made["seats"][0]["token"]}
        with TestClient(again) as client:
            r = client.get(f"/sessions/{made['session']}", headers=auth)
            assert r.status_code == 200, (database, r.text)
            assert client.post("/sessions", json={"game": "ofc"}).status_code == 201


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/simulate", {"deals": 1, "seed": False}),
        ("/sessions", {"game": "ofc", "seed": False}),
        ("/solve", {"hand": "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh", "opponents": "3"}),
        ("/solve", {"hand": "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh", "banker": 1}),
        ("/solve", {"hand": "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh", "candidates": 2.0}),
        ("/evaluate", {"cards": "As Ks Qs", "options": {"natural.enabled": None}}),
    ],
)
def test_a_value_of_another_json_type_is_refused(path: str, body: dict[str, Any]) -> None:
    # ``false`` was taken as the seed 0 and ``"3"`` as 3: the description says integer.
    from fastapi.testclient import TestClient

    r = TestClient(app).post(path, json=body)
    assert r.status_code == 422, r.text
    assert r.json()["detail"][0]["loc"][0] == "body"


def test_the_frameworks_refusals_are_in_the_services_words() -> None:
    from fastapi.testclient import TestClient

    client = TestClient(app)
    headers = {"Content-Type": "application/json"}
    r = client.post("/evaluate", content=b"\x80\x81", headers=headers)  # not UTF-8
    assert r.status_code == 400 and r.json()["error"] == "BadRequest", r.text
    r = client.get("/nowhere")
    assert r.status_code == 404 and r.json() == {"error": "NotFound", "message": "Not Found"}
    r = client.get("/solve")
    assert r.status_code == 405 and r.json()["error"] == "MethodNotAllowed"
    assert r.headers["allow"] == "POST"


def test_the_description_lists_every_refusal() -> None:
    paths = app.openapi()["paths"]
    assert set(paths["/solve"]["post"]["responses"]) == {"200", "400", "413", "422"}
    assert set(paths["/presets/{name}"]["get"]["responses"]) == {"200", "404", "422"}
    sessions = set(paths["/sessions"]["post"]["responses"])
    assert sessions == {"201", "400", "413", "422", "429", "503"}
    move = set(paths["/sessions/{sid}/move"]["post"]["responses"])
    assert move == {"200", "400", "401", "403", "404", "409", "413", "422", "500", "503"}
