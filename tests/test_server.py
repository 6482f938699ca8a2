"""The HTTP service (`chinese_poker.server`) through FastAPI's test client: each endpoint
against the library call it stands for, each limit, hostile input at every endpoint (never
a 500), ``chinese-poker serve`` without the extra, and one real uvicorn run."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chinese_poker as cp

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from chinese_poker.server import Limits, create_app, models  # noqa: E402

HAND = "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"
HAND_2 = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
NORTH = "Qs Qd 2d / 3s 3d 3h 4c 6s / 4h 5h 8h 9h Jh"
EAST = "Js Jd 2h / 4d 4s 5d 5s 7s / 8c 9s Td Jc Qc"
CARDS = [a + b for a in cp.RANKS for b in cp.SUITS]

client = TestClient(create_app())


def codes_of(setting: dict[str, list[str]]) -> list[int]:
    """A setting of the service's JSON as the engine's 13 codes."""
    return cp.parse_cards(" ".join(setting["front"] + setting["middle"] + setting["back"]))


def test_health_and_docs() -> None:
    r = client.get("/health")
    assert r.status_code == 200 and r.json() == {"status": "ok", "version": cp.__version__}
    assert client.get("/docs").status_code == 200
    paths = set(client.get("/openapi.json").json()["paths"])
    assert {"/evaluate", "/evaluate/batch", "/solve", "/solve/batch", "/score"} <= paths
    assert {"/simulate", "/presets", "/presets/{name}", "/health"} <= paths


def test_presets() -> None:
    listed = client.get("/presets").json()["presets"]
    assert [p["name"] for p in listed] == cp.Rules.presets()
    for p in listed:
        rules = cp.Rules.preset(p["name"])
        assert (p["game"], p["method"], p["royalties"]) == (
            rules["game"],
            rules["score.method"],
            rules["royalty.table"],
        )
    naturals = {p["name"]: p["naturals"] for p in listed}
    assert naturals["plain"] == [] and len(naturals["pagat_classic"]) == 4


def test_one_preset_has_every_option() -> None:
    out = client.get("/presets/ofc_us").json()
    values = cp.Rules.preset("ofc_us").to_dict()
    plain = cp.Rules.preset("plain").to_dict()
    assert out["preset"] == "ofc_us" and set(out["options"]) == set(values)
    for name, shown in out["options"].items():
        assert str(shown["value"]).lower() == values[name].lower(), name
        assert shown["differs"] == (values[name] != plain[name]), name
    # Accepted back by the rules: the layout round-trips.
    back = cp.Rules.from_dict({k: v["value"] for k, v in out["options"].items()})
    assert back == cp.Rules.preset("ofc_us")
    r = client.get("/presets/nope")
    assert r.status_code == 404 and r.json()["error"] == "NotFound"


def test_evaluate() -> None:
    r = client.post("/evaluate", json={"cards": "As Ks Qs Js Ts"})
    value = cp.evaluate("As Ks Qs Js Ts")
    assert r.status_code == 200
    assert r.json() == {
        "wheel": "lowest",
        "cards": ["As", "Ks", "Qs", "Js", "Ts"],
        "category": value.category.name,
        "description": value.describe(),
        "value": int(value),
    }
    # A list of codes, and the preset's wheel.
    wheel = "Ac 2d 3h 4s 5c".split()
    out = client.post("/evaluate", json={"cards": wheel, "preset": "mau_binh_modern"}).json()
    assert out["wheel"] == "second_highest"
    assert out["value"] == int(cp.evaluate(" ".join(wheel), wheel="second_highest"))
    assert out["value"] != int(cp.evaluate(" ".join(wheel)))


def test_evaluate_batch_and_its_limit() -> None:
    hands = ["As Ks Qs", "2c 2d 2h 3s 3c", ["Th", "9h", "8h", "7h", "6h"]]
    out = client.post("/evaluate/batch", json={"hands": hands}).json()
    assert [h["value"] for h in out["hands"]] == [
        int(cp.evaluate(h if isinstance(h, str) else " ".join(h))) for h in hands
    ]
    small = TestClient(create_app(Limits(batch=2)))
    r = small.post("/evaluate/batch", json={"hands": hands})
    assert r.status_code == 422 and r.json()["error"] == "LimitExceeded"
    assert "hands 3" in r.json()["message"] and "limit of 2" in r.json()["message"]
    assert small.post("/evaluate/batch", json={"hands": hands[:2]}).status_code == 200


def test_solve_fast_is_the_library_answer() -> None:
    r = client.post("/solve", json={"hand": HAND, "preset": "cp_pro_2_4", "opponents": 2})
    assert r.status_code == 200
    out = r.json()
    sol = cp.solve(HAND, cp.Rules.preset("cp_pro_2_4"), opponents=2)
    assert cp.Setting.from_codes(codes_of(out["setting"])) == sol.setting
    assert out["ev"] == sol.ev and out["fouled"] == sol.fouled
    assert [c["ev"] for c in out["candidates"]] == [ev for _, ev in sol.candidates]
    assert (out["strategy"], out["opponents"], out["preset"]) == ("fast", 2, "cp_pro_2_4")


def test_solve_strong_is_the_library_answer() -> None:
    body = {"hand": HAND, "strategy": "strong", "effort": 32, "seed": 5, "candidates": 2}
    out = client.post("/solve", json=body).json()
    sol = cp.solve(HAND, strategy="strong", effort=32, seed=5, candidates=2, time_budget=2.0)
    assert cp.Setting.from_codes(codes_of(out["setting"])) == sol.setting
    assert out["ev"] == sol.ev and out["se"] == sol.se and len(out["candidates"]) == 2


def test_solve_limits() -> None:
    def refused(body: dict[str, Any], error: str = "LimitExceeded") -> str:
        r = client.post("/solve", json={"hand": HAND, **body})
        assert r.status_code == 422, r.text
        assert r.json()["error"] == error, r.json()
        return str(r.json()["message"])

    assert "effort 4097" in refused({"strategy": "strong", "effort": 4097})
    assert "effort" in refused({"strategy": "strong", "effort": 10**30})
    assert "time_budget 2.5" in refused({"strategy": "strong", "time_budget": 2.5})
    assert "candidates 21" in refused({"candidates": 21})
    assert "strategy strong" in refused({"effort": 8}, error="OptionError")
    assert "strategy strong" in refused({"time_budget": 1.0}, error="OptionError")


def test_solve_batch() -> None:
    out = client.post("/solve/batch", json={"hands": [HAND, HAND_2], "opponents": 1}).json()
    codes = np.array([cp.parse_cards(HAND), cp.parse_cards(HAND_2)], dtype=np.uint8)
    settings_, evs = cp.solve_batch(codes, opponents=1)
    assert [codes_of(s["setting"]) for s in out["solutions"]] == settings_.tolist()
    assert [s["ev"] for s in out["solutions"]] == evs.tolist()
    # HAND_2, a dragon, is declared and named as /solve names it.
    for hand, got in zip((HAND, HAND_2), out["solutions"]):
        one = client.post("/solve", json={"hand": hand, "opponents": 1}).json()
        assert (got["natural"], got["ev"]) == (one["natural"], one["ev"])
    assert out["solutions"][0]["natural"] is None
    assert out["solutions"][1]["natural"] == {"kind": "DRAGON", "value": 13}
    r = client.post("/solve/batch", json={"hands": [HAND, "As Ks Qs"]})
    assert r.status_code == 422 and r.json()["error"] == "HandSizeError"
    assert "hand 1 has 3 cards" in r.json()["message"]
    r = client.post("/solve/batch", json={"hands": [HAND], "strategy": "strong"})
    assert r.status_code == 422  # fast only: an unknown field


def test_score_is_the_library_settlement() -> None:
    taken = set(cp.parse_cards(NORTH + " " + EAST))
    rest = " ".join(c for c in CARDS if cp.parse_cards(c)[0] not in taken)[: 3 * 13]
    solved = client.post("/solve", json={"hand": rest}).json()["setting"]
    players = [NORTH, solved, "surrender"]
    out = client.post("/score", json={"players": players, "preset": "cp_pro_2_4"}).json()
    setting = cp.Setting.from_codes(codes_of(solved))
    result = cp.score([cp.Setting(NORTH), setting, "surrender"], cp.Rules.preset("cp_pro_2_4"))
    assert out["totals"] == [int(t) for t in result.totals]
    assert out["matrix"] == [[int(x) for x in row] for row in result.matrix]
    assert [p["status"] for p in out["players"]] == [p["status"] for p in result.players]
    assert out["players"][2]["setting"] is None and len(out["pairs"]) == 3
    assert "P1" in out["pairs"][0]["explanation"]


def test_simulate_is_the_library_run() -> None:
    body = {"deals": 60, "players": 3, "strategy": "greedy", "seed": 9}
    out = client.post("/simulate", json=body).json()
    lib = cp.simulate(60, players=3, strategy="greedy", seed=9, progress=False).to_dict()
    assert out["deals"] == 60 and out["timed_out"] is False
    for key in ("points_per_seat", "rates", "naturals", "stats"):
        assert out[key] == lib[key], key


def test_simulate_limits() -> None:
    r = client.post("/simulate", json={"deals": 20_001})
    assert r.status_code == 422 and r.json()["error"] == "LimitExceeded"
    quick = TestClient(create_app(Limits(simulate_seconds=0.05)))
    start = time.monotonic()
    out = quick.post("/simulate", json={"deals": 20_000, "strategy": "fast"}).json()
    assert time.monotonic() - start < 5
    assert out["timed_out"] is True and 0 <= out["deals"] < out["requested"] == 20_000


def test_body_over_the_limit_is_413_before_parsing() -> None:
    small = TestClient(create_app(Limits(body_bytes=100)))
    big = json.dumps({"cards": "As Ks Qs", "preset": "x" * 200})
    r = small.post("/evaluate", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "PayloadTooLarge"
    assert "100 bytes" in r.json()["message"]

    # A streamed body announces no length: it is counted as it comes.
    def chunks() -> Any:
        yield big[:60].encode()
        yield big[60:].encode()

    r = small.post("/evaluate", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert small.post("/evaluate", json={"cards": "As Ks Qs"}).status_code == 200
    # A length that lies about the body is refused too.
    r = small.post("/evaluate", content=b"{}", headers={"Content-Length": "ten"})
    assert r.status_code == 400


def test_engine_errors_are_422_with_the_class_and_message() -> None:
    r = client.post("/evaluate", json={"cards": "As As Ks"})
    assert r.status_code == 422
    assert r.json() == {"error": "DuplicateCardError", "message": str(caught("As As Ks"))}
    r = client.post("/evaluate", json={"cards": "As Ks", "preset": "nope"})
    assert r.status_code == 422 and r.json()["error"] in ("RulesError", "OptionError")
    r = client.post("/evaluate", json={"cards": "As Ks Qs", "options": {"no.such": 1}})
    assert r.status_code == 422 and "no.such" in r.json()["message"]


def caught(cards: str) -> Exception:
    """The engine's error for `cards`."""
    try:
        cp.evaluate(cards)
    except cp.ChinesePokerError as exc:
        return exc
    raise AssertionError(f"{cards!r} was accepted")


ENDPOINTS = ["/evaluate", "/evaluate/batch", "/solve", "/solve/batch", "/score", "/simulate"]

#: Bodies no endpoint can take, as raw bytes.
RAW = [
    b"",
    b"null",
    b"[]",
    b"42",
    b'"text"',
    b"{",
    b"\xff\xfe\xfa not utf-8",
    b'{"cards": "\xff\xfe"}',
    b"[" * 5000 + b"]" * 5000,
    b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b'{"cards": NaN, "hand": Infinity}',
    b'{"hand": "' + b"As " * 20000 + b'"}',
]

#: Fields with hostile values, merged into a body of each endpoint.
HOSTILE: list[dict[str, Any]] = [
    {},
    {"cards": 1, "hand": 2, "hands": 3, "players": 4, "deals": "many"},
    {"cards": None, "hand": [1, 2], "hands": [None], "players": [{"front": 1}]},
    {"seed": 10**30},
    {"seed": -1},
    {"deals": 10**30},
    {"deals": 0},
    {"effort": 10**30, "strategy": "strong"},
    {"time_budget": 1e308, "strategy": "strong"},
    {"time_budget": -1.0, "strategy": "strong"},
    {"candidates": 10**30},
    {"candidates": 0},
    {"opponents": 10**30},
    {"players": 10**30},
    {"preset": "nope"},
    {"preset": 5},
    {"preset": "\ud800"},
    {"options": {"no.such.option": "1"}},
    {"options": {"score.method": 10**30}},
    {"options": {"": ""}},
    {"options": {"natural.enabled": [1]}},
    {"options": "score.method=2-4"},
    {"cards": "As As Ks", "hand": "As As Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"},
    {"cards": "As Ks", "hand": "As Ks Qs", "hands": ["As", "As Ks Qs Js Ts 9s"]},
    {"cards": "Xx Yy Zz", "hand": "Xx " * 13, "hands": ["Zz"]},
    {"cards": "\ud800\udfff", "hand": "\x00" * 13},
    {"players": ["surrender"]},
    {"players": [NORTH, NORTH]},
    {"players": [NORTH, "natural:" + EAST]},
    {"players": [{"front": ["As"], "middle": [], "back": []}, EAST]},
    {"players": [NORTH] * 17},
    {"hands": [HAND] * 1001},
    {"strategy": "nope"},
    {"unknown_field": 1},
]

#: A well-formed body of each endpoint, for the hostile fields to spoil.
VALID: dict[str, dict[str, Any]] = {
    "/evaluate": {"cards": "As Ks Qs"},
    "/evaluate/batch": {"hands": ["As Ks Qs"]},
    "/solve": {"hand": HAND},
    "/solve/batch": {"hands": [HAND]},
    "/score": {"players": [NORTH, EAST]},
    "/simulate": {"deals": 2, "strategy": "greedy"},
}


MODELS = {
    "/evaluate": models.EvaluateRequest,
    "/evaluate/batch": models.EvaluateBatchRequest,
    "/solve": models.SolveRequest,
    "/solve/batch": models.SolveBatchRequest,
    "/score": models.ScoreRequest,
    "/simulate": models.SimulateRequest,
}


def answered(r: Any) -> None:
    """A reply to bad input: below 500, with a JSON object for its body."""
    assert r.status_code < 500, (r.status_code, r.text[:300])
    assert isinstance(r.json(), dict), r.text[:300]


def test_no_input_is_a_server_error() -> None:
    quick = TestClient(create_app(Limits(simulate_seconds=0.2)))
    headers = {"Content-Type": "application/json"}
    for path in ENDPOINTS:
        for raw in RAW:
            answered(quick.post(path, content=raw, headers=headers))
        known = set(MODELS[path].model_fields)
        for fields in HOSTILE:
            # Only the endpoint's own fields: an unknown one is refused before the engine.
            mine = {k: v for k, v in fields.items() if k in known} or fields
            body = json.dumps({**VALID[path], **mine}, allow_nan=True)
            answered(
                quick.post(path, content=body.encode("utf-8", "surrogatepass"), headers=headers)
            )
        answered(quick.get(path))  # the wrong method
    for path in ["/presets/" + "x" * 5000, "/presets/%FF%FE", "/nowhere"]:
        answered(quick.get(path))
    # Redirected to /presets/.. (the slash dropped), which the client resolves to /: the
    # web table's page.
    r = quick.get("/presets/..%2f")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")


card_lists = st.lists(st.sampled_from(CARDS), min_size=0, max_size=14)
card_text = st.one_of(
    card_lists.map(" ".join),
    card_lists,
    st.text(alphabet="23456789TJQKAcdhs10♠♥♦♣ /x", max_size=40),
)


@settings(max_examples=40)
@given(cards=card_text, preset=st.sampled_from(["cp_pro_1_6", "mau_binh_modern", "nope"]))
def test_evaluate_answers_as_the_library_does(cards: Any, preset: str) -> None:
    r = client.post("/evaluate", json={"cards": cards, "preset": preset})
    answered(r)
    text = cards if isinstance(cards, str) else " ".join(cards)
    try:
        expected = cp.evaluate(text, wheel=cp.Rules.preset(preset)["rank.wheel"])  # type: ignore[arg-type]
    except cp.ChinesePokerError as exc:
        assert r.status_code == 422 and r.json()["error"] == type(exc).__name__
        return
    assert r.status_code == 200, r.text
    assert r.json()["value"] == int(expected)
    assert r.json()["description"].startswith(expected.describe())


hands = st.one_of(
    st.permutations(CARDS).map(lambda deck: deck[:13]),
    st.lists(st.sampled_from(CARDS), min_size=12, max_size=14),
)


@settings(max_examples=25)
@given(hand=hands, opponents=st.integers(0, 4), as_text=st.booleans())
def test_solve_answers_as_the_library_does(hand: list[str], opponents: int, as_text: bool) -> None:
    r = client.post(
        "/solve", json={"hand": " ".join(hand) if as_text else hand, "opponents": opponents}
    )
    answered(r)
    if not 1 <= opponents <= 3:
        assert r.status_code == 422  # refused by the model
        return
    try:
        expected = cp.solve(" ".join(hand), opponents=opponents)
    except cp.ChinesePokerError as exc:
        assert r.status_code == 422 and r.json()["error"] == type(exc).__name__
        return
    assert r.status_code == 200, r.text
    assert cp.Setting.from_codes(codes_of(r.json()["setting"])) == expected.setting
    assert r.json()["ev"] == expected.ev


def run(code: str) -> subprocess.CompletedProcess[str]:
    """`code` in a fresh interpreter, its output captured."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )


def test_the_package_does_not_import_fastapi() -> None:
    r = run("import sys, chinese_poker, chinese_poker.cli; print('fastapi' in sys.modules)")
    assert r.returncode == 0 and r.stdout.strip() == "False", r.stderr


def test_serve_without_the_extra() -> None:
    block = "import sys; sys.modules['fastapi'] = None; "
    r = run(block + "from chinese_poker.cli import main; sys.exit(main(['serve']))")
    assert r.returncode == 2
    assert r.stderr.strip() == (
        'chinese-poker: error: serve needs FastAPI and uvicorn: pip install "chinese-poker[server]"'
    )
    assert r.stdout == ""
    r = run(block + "import chinese_poker.server")
    assert r.returncode == 1 and 'pip install "chinese-poker[server]"' in r.stderr


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_runs_uvicorn(tmp_path: Any) -> None:
    port = free_port()
    # Two workers on one database: a session made through one is played through either.
    command = ["serve", "--port", str(port), "--workers", "2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "chinese_poker.cli", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/health", timeout=2) as reply:
                    assert json.loads(reply.read())["status"] == "ok"
                    break
            except OSError:
                assert proc.poll() is None, proc.communicate()[1]
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        data = json.dumps({"cards": "As Ks Qs Js Ts"}).encode()
        request = urllib.request.Request(
            base + "/evaluate", data=data, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            assert json.loads(reply.read())["category"] == "ROYAL_FLUSH"
        data = json.dumps({"game": "closed", "players": 2}).encode()
        request = urllib.request.Request(
            base + "/sessions", data=data, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            made = json.loads(reply.read())
        auth = {"Authorization": "Bearer " + made["seats"][0]["token"]}
        for _ in range(6):
            request = urllib.request.Request(base + "/sessions/" + made["session"], headers=auth)
            with urllib.request.urlopen(request, timeout=10) as reply:
                assert len(json.loads(reply.read())["hand"]) == 13
        assert (tmp_path / "state" / "chinese-poker" / "sessions.sqlite3").is_file()
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    assert proc.returncode in (0, -15)


def test_docstring_examples() -> None:
    import doctest

    from chinese_poker.cli import catalog, hands
    from chinese_poker.server import app, limits, rate

    for module in (app, limits, rate, catalog, hands):
        failures, tries = doctest.testmod(module)
        assert failures == 0 and tries > 0, module.__name__


def test_a_long_request_does_not_hold_up_the_others() -> None:
    import threading

    body = {"deals": 20_000, "strategy": "fast"}
    # As a client, one event loop for every request (as under uvicorn).
    with TestClient(create_app(Limits(simulate_seconds=3.0))) as slow:
        worker = threading.Thread(target=lambda: slow.post("/simulate", json=body))
        worker.start()
        try:
            time.sleep(0.3)  # the simulation under way
            start = time.monotonic()
            assert slow.get("/health").status_code == 200
            assert slow.post("/evaluate", json={"cards": "As Ks Qs"}).status_code == 200
            assert time.monotonic() - start < 1.5 and worker.is_alive()
        finally:
            worker.join(timeout=30)
