"""The game sessions of the service (``/sessions``): deals played to the end against the
library playing the same seeded deal, the tokens, each rule of hidden information, the
entropy of unseeded deals, the SQLite store (a restart, a damaged row, two moves at once,
the bounds) and hostile input (never a 500)."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chinese_poker as cp
from chinese_poker.ofc import OfcGame

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from chinese_poker.server import Limits, create_app  # noqa: E402

#: Hints quick enough for tests; the bots play at the default effort.
QUICK = Limits(hint_effort=8, hint_seconds=5.0)
#: The placement agent's rollouts of a bot move (as the service documents it) and its seed.
BOT_EFFORT = Limits().bot_effort
BOT_SEED = 0
#: A seed no count, total or code of a response could be equal to by chance.
SEED = 0x5EED_1234_ABCD_9876
ROWS = ("front", "middle", "back")
CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
INT_LIST = re.compile(r"\[(\d+(?:\s*,\s*\d+)+)\]")


def bearer(token: str) -> dict[str, str]:
    """The header that names a seat."""
    return {"Authorization": f"Bearer {token}"}


class Seat:
    """A human seat of a session: its client and token, and every answer it was given."""

    def __init__(self, client: TestClient, sid: str, token: str) -> None:
        self.client, self.sid, self.token = client, sid, token
        self.answers: list[str] = []

    def _keep(self, r: Any) -> Any:
        self.answers.append(r.text)
        return r

    def state(self) -> dict[str, Any]:
        r = self._keep(self.client.get(f"/sessions/{self.sid}", headers=bearer(self.token)))
        assert r.status_code == 200, r.text
        return dict(r.json())

    def move(self, body: dict[str, Any]) -> Any:
        return self._keep(
            self.client.post(f"/sessions/{self.sid}/move", json=body, headers=bearer(self.token))
        )

    def hint(self) -> Any:
        return self._keep(self.client.get(f"/sessions/{self.sid}/hint", headers=bearer(self.token)))


def open_session(client: TestClient, **body: Any) -> tuple[dict[str, Any], list[Seat]]:
    """A new session and its human seats."""
    r = client.post("/sessions", json=body)
    assert r.status_code == 201, r.text
    out = r.json()
    return out, [Seat(client, out["session"], s["token"]) for s in out["seats"]]


def texts(codes: list[int]) -> list[str]:
    """Engine codes as the service's card text."""
    return cp.format_cards(codes).split() if codes else []


def ofc_body(mv: dict[str, Any]) -> dict[str, list[str]]:
    """An engine move as the body of ``/move``."""
    return {k: texts(mv[k]) for k in (*ROWS, "discard")}


def shown_cards(answer: str) -> set[int]:
    """Every card an answer shows, however it shows it: as card text anywhere (values, keys,
    inside longer text), or as engine codes, a list of three or more numbers of which at
    least three are the codes of `cards` (see `leaked`)."""
    return {cp.parse_cards(token)[0] for token in set(CARD.findall(answer))}


def leaked(answers: list[str], hidden: set[int]) -> set[int]:
    """The cards of `hidden` that any of `answers` shows, as card text or as a list of
    engine codes (three or more of them in one list: a count, a total or a seat number can
    equal one code by chance, not three distinct ones)."""
    found: set[int] = set()
    for a in answers:
        found |= shown_cards(a) & hidden
        for group in INT_LIST.findall(a):
            codes = {int(x) for x in group.split(",")} & hidden
            if len(codes) >= 3:
                found |= codes
    return found


def strings_in(answer: str) -> list[str]:
    """Every text of an answer: its keys and string values at any depth."""
    out: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                out.append(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(json.loads(answer))
    return out


def keys_in(x: Any) -> set[str]:
    """Every key of a JSON value, at any depth."""
    if isinstance(x, dict):
        return set(x).union(*(keys_in(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(*(keys_in(v) for v in x))
    return set()


def fast_player(hand: list[int], rules: cp.Rules, players: int, seat: int) -> Any:
    """The library's fast solver playing `hand` at `seat`, a natural declared."""
    banker = rules["table.topology"] == "banker" and int(rules["table.banker"]) == seat
    sol = cp.solve(hand, rules, opponents=players - 1, banker=banker)
    return ("natural", sol.setting) if sol.natural is not None else sol.setting


def closed_hands(seed: int, players: int) -> list[list[int]]:
    """The hands of the library's seeded deal."""
    deck = cp.deal(seed, 0)
    return [deck[13 * i : 13 * i + 13] for i in range(players)]


def bots_play(ref: OfcGame, humans: int) -> None:
    """The library's agent plays the bot seats of `ref` up to a human's turn."""
    while not ref.is_finished() and ref.to_act is not None and ref.to_act >= humans:
        ref.play_move(ref.to_act, ref.suggest(samples=BOT_EFFORT, seed=BOT_SEED)[0][0])


def rows_of(setting: cp.Setting | dict[str, list[str]]) -> list[list[int]]:
    """A setting's rows, each as sorted codes (a row's order is not part of it)."""
    if isinstance(setting, cp.Setting):
        return [sorted(setting.front), sorted(setting.middle), sorted(setting.back)]
    return [sorted(cp.parse_cards(" ".join(setting[r]))) for r in ROWS]


# --- creating, authenticating --------------------------------------------------------------


def test_the_endpoints_are_described() -> None:
    spec = TestClient(create_app()).get("/openapi.json").json()
    assert {"/sessions", "/sessions/{sid}", "/sessions/{sid}/move", "/sessions/{sid}/hint"} <= set(
        spec["paths"]
    )
    names = set(spec["components"]["schemas"])
    assert {"SessionRequest", "ClosedMove", "OfcMove", "ClosedState", "OfcState"} <= names
    assert spec["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"


def test_a_session_gives_each_human_seat_a_token() -> None:
    client = TestClient(create_app())
    out, seats = open_session(client, game="closed", players=4, humans=2, seed=1)
    assert (out["game"], out["preset"], out["players"], out["humans"]) == (
        "closed",
        cp.DEFAULT_PRESET,
        4,
        2,
    )
    assert [s["seat"] for s in out["seats"]] == [0, 1] and out["bots"] == [2, 3]
    assert seats[0].token != seats[1].token and len(seats[0].token) >= 40
    assert [s.state()["seat"] for s in seats] == [0, 1]
    out, _ = open_session(client, game="ofc")
    assert (out["preset"], out["players"], out["bots"]) == ("ofc_ru_main", 2, [1])


def test_the_token_decides_the_seat() -> None:
    client = TestClient(create_app())
    out, seats = open_session(client, game="closed", players=2, seed=1)
    other, _ = open_session(client, game="closed", players=2, seed=1)
    path = f"/sessions/{out['session']}"
    for headers in ({}, {"Authorization": "Basic abc"}, {"Authorization": "Bearer "}):
        r = client.get(path, headers=headers)
        assert r.status_code == 401 and r.json()["error"] == "Unauthorized", headers
        assert r.headers["WWW-Authenticate"] == "Bearer"
    for token in ("x", seats[0].token + "x", other["seats"][0]["token"]):
        for method, url in (("GET", path), ("GET", path + "/hint"), ("POST", path + "/move")):
            r = client.request(method, url, headers=bearer(token), json={"natural": True})
            assert r.status_code == 403 and r.json()["error"] == "Forbidden", (token, url)
    r = client.get("/sessions/nothing-here", headers=bearer(seats[0].token))
    assert r.status_code == 404 and r.json()["error"] == "NotFound"
    # No seat parameter to forge: a query cannot pick another seat.
    r = client.get(path + "?seat=1", headers=bearer(seats[0].token))
    assert r.json()["seat"] == 0


def test_tables_the_rules_cannot_seat_are_refused() -> None:
    client = TestClient(create_app())
    for body, error in (
        ({"game": "closed", "players": 2, "humans": 3}, "InvalidTable"),
        ({"game": "closed", "preset": "ofc_us"}, "OptionError"),
        ({"game": "ofc", "preset": "cp_pro_1_6"}, "RulesError"),
        ({"game": "ofc", "options": {"score.method": "2-4"}}, "OptionError"),
        ({"game": "ofc", "preset": "ofc_pineapple", "players": 4}, "InvalidSettingError"),
        ({"game": "closed", "options": {"no.such": 1}}, "OptionError"),
    ):
        r = client.post("/sessions", json=body)
        assert r.status_code == 422 and r.json()["error"] == error, (body, r.text)
    for body in ({"game": "poker"}, {"game": "closed", "players": 5}, {"game": "ofc", "x": 1}):
        assert client.post("/sessions", json=body).status_code == 422


# --- the closed game --------------------------------------------------------------------------


def test_a_closed_deal_settles_as_the_library_settles_it() -> None:
    client = TestClient(create_app(QUICK))
    rules = cp.Rules.preset("cp_pro_2_4")
    _, (me,) = open_session(client, game="closed", preset="cp_pro_2_4", players=3, seed=7)
    hands = closed_hands(7, 3)
    state = me.state()
    assert sorted(cp.parse_cards(" ".join(state["hand"]))) == sorted(hands[0])
    assert state["has_set"] == [False, True, True] and state["settlement"] is None
    hint = me.hint().json()
    sol = cp.solve(
        hands[0], rules, strategy="strong", opponents=2, effort=8, time_budget=5.0, candidates=5
    )
    assert rows_of(hint["setting"]) == rows_of(sol.setting) and hint["ev"] == sol.ev
    mine = cp.Setting(hands[0][:3], hands[0][3:8], hands[0][8:])  # fouls or not: it is played
    r = me.move({"setting": str(mine)})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["finished"] and rows_of(out["setting"]) == rows_of(mine)
    players = [mine] + [fast_player(hands[s], rules, 3, s) for s in (1, 2)]
    result = cp.score(players, rules)
    assert out["settlement"]["totals"] == [int(t) for t in result.totals]
    assert out["settlement"]["matrix"] == [[int(x) for x in row] for row in result.matrix]
    statuses = [p["status"] for p in out["settlement"]["players"]]
    assert statuses == [p["status"] for p in result.players]


def test_closed_moves_the_deal_does_not_take() -> None:
    client = TestClient(create_app(QUICK))
    _, (me, you) = open_session(client, game="closed", players=2, humans=2, seed=3)
    hands = closed_hands(3, 2)
    theirs = cp.Setting(hands[1][:3], hands[1][3:8], hands[1][8:])
    r = me.move({"setting": str(theirs)})
    assert r.status_code == 422 and r.json()["error"] == "InvalidSettingError"
    for body in ({}, {"natural": True, "setting": str(theirs)}, {"front": ["As"]}):
        r = me.move(body)
        assert r.status_code == 422, (body, r.text)
    mine = cp.Setting(hands[0][:3], hands[0][3:8], hands[0][8:])
    as_object = {r: texts(list(getattr(mine, r))) for r in ROWS}
    assert me.move({"setting": as_object}).status_code == 200
    r = me.move({"setting": as_object})
    assert r.status_code == 409 and r.json()["error"] == "Conflict"
    assert me.state()["has_set"] == [True, False]
    r = you.move({"setting": str(theirs)})
    assert r.status_code == 200 and r.json()["finished"]


def test_a_natural_is_declared() -> None:
    rules = cp.Rules.preset("pagat_classic")
    seed = next(s for s in range(1000) if cp.find_natural(closed_hands(s, 2)[0], rules))
    client = TestClient(create_app())
    _, (me,) = open_session(client, game="closed", preset="pagat_classic", players=2, seed=seed)
    out = me.move({"natural": True}).json()
    hands = closed_hands(seed, 2)
    declared = cp.solve(hands[0], rules, opponents=1).setting
    result = cp.score([("natural", declared), fast_player(hands[1], rules, 2, 1)], rules)
    assert out["natural"] is True and out["settlement"]["totals"] == [int(t) for t in result.totals]
    plain = next(s for s in range(1000) if not cp.find_natural(closed_hands(s, 2)[0], rules))
    _, (me,) = open_session(client, game="closed", preset="pagat_classic", players=2, seed=plain)
    r = me.move({"natural": True})
    assert r.status_code == 422 and "no natural" in r.json()["message"]


# --- open-face --------------------------------------------------------------------------------


def play_ofc(
    seats: list[Seat], ref: OfcGame, humans: int, until: int | None = None
) -> dict[str, Any]:
    """Play the session's human seats as the library's heuristic would, the library's `ref`
    kept in step (its bots played by the agent), checking each seat's boards against it;
    stops after `until` human moves, or at the end. The last answer."""
    bots_play(ref, humans)
    out: dict[str, Any] = seats[0].state()
    moves = 0
    while not ref.is_finished() and (until is None or moves < until):
        seat = ref.to_act
        assert seat is not None and seat < humans
        mv = ref.heuristic_move()
        r = seats[seat].move(ofc_body(mv))
        assert r.status_code == 200, r.text
        ref.play_move(seat, mv)
        bots_play(ref, humans)
        moves += 1
        out = r.json()
        for s, board in enumerate(out["boards"]):
            if board is not None:
                assert [board[r] for r in ROWS] == [texts(x) for x in ref.board(s)], s
        assert out["to_act"] == ref.to_act
    return out


def test_an_open_face_deal_is_the_library_deal() -> None:
    client = TestClient(create_app(QUICK))
    _, seats = open_session(client, game="ofc", preset="ofc_pineapple", players=3, seed=11)
    ref = OfcGame("ofc_pineapple", players=3, seed=11)
    bots_play(ref, 1)
    state = seats[0].state()
    assert state["hand"] == texts(ref.hand(0))
    place, discard = ref.move_shape() or (0, 0)
    assert state["move"] == {"place": place, "discard": discard}
    hint = seats[0].hint().json()
    ranked = ref.suggest(samples=8, seed=0, seat=0, time_budget=5.0)
    assert [m["move"] for m in hint["moves"]] == [ofc_body(mv) for mv, _ in ranked]
    out = play_ofc(seats, ref, 1)
    assert out["finished"] and out["to_act"] is None and out["move"] is None
    result = ref.settle()
    assert out["settlement"]["totals"] == [int(t) for t in result.totals]
    assert [p["status"] for p in out["settlement"]["players"]] == [
        p["status"] for p in result.players
    ]


def test_open_face_moves_the_deal_does_not_take() -> None:
    client = TestClient(create_app(QUICK))
    _, seats = open_session(client, game="ofc", players=2, humans=2, seed=4)
    ref = OfcGame("ofc_ru_main", players=2, seed=4)
    first = ref.to_act
    assert first is not None
    waiting = seats[1 - first]
    r = waiting.move({"front": texts(ref.hand(first))[:1]})
    assert r.status_code == 409 and r.json()["error"] == "Conflict"
    assert waiting.hint().status_code == 409
    r = seats[first].move({"front": texts(ref.hand(first))})  # five cards on a 3-card row
    assert r.status_code == 422 and r.json()["error"] == "InvalidSettingError"
    r = seats[first].move({"setting": "As"})
    assert r.status_code == 422 and r.json()["error"] == "InvalidMove"
    out = play_ofc(seats, ref, 2)
    assert out["finished"]
    r = seats[0].move({"front": []})
    assert r.status_code == 409 and "finished" in r.json()["message"]


# --- hidden information -----------------------------------------------------------------------


def test_the_leak_check_sees_cards_in_every_form() -> None:
    # The check the hidden-information tests rely on finds cards as text and as codes.
    hidden = set(cp.parse_cards("As Kd 2c 7h"))
    assert leaked(['{"hand": ["As", "Kd"]}'], hidden) == set(cp.parse_cards("As Kd"))
    assert leaked(['{"x": "7h>front 2c>back"}'], hidden) == set(cp.parse_cards("7h 2c"))
    assert leaked([json.dumps({"hand": sorted(hidden)})], hidden) == hidden
    assert leaked(['{"save": "[[51,0],[22,1],[0,2]]"}'], hidden) == set()  # two codes only
    assert leaked(['{"save": "{\\"moves\\":[[1,[51,0,22,25]]]}"}'], hidden) == {51, 0, 22}
    assert leaked(['{"totals": [0, 1, 2], "ace": "Ace"}'], hidden) == set()


def test_closed_another_seats_cards_stay_hidden_until_the_deal_settles() -> None:
    client = TestClient(create_app(QUICK))
    out, (me, you) = open_session(client, game="closed", players=3, humans=2, seed=SEED % 997)
    hands = closed_hands(SEED % 997, 3)
    others = set(hands[1]) | set(hands[2])  # a human's and the bot's (set at once)
    me.state()
    me.hint()
    r = me.move({"setting": str(cp.Setting(hands[0][:3], hands[0][3:8], hands[0][8:]))})
    assert r.status_code == 200 and not r.json()["finished"]
    me.move({"natural": True})
    me.state()
    assert leaked(me.answers, others) == set()
    # Every seat set: the settlement shows every setting.
    you.move({"setting": str(cp.Setting(hands[1][:3], hands[1][3:8], hands[1][8:]))})
    assert leaked([json.dumps(me.state())], others) == others


def test_closed_the_rest_of_the_deck_stays_hidden() -> None:
    client = TestClient(create_app(QUICK))
    _, (me,) = open_session(client, game="closed", players=2, seed=5)
    deck = cp.deal(5, 0)
    me.state()
    me.hint()
    me.move({"setting": str(cp.Setting(deck[:3], deck[3:8], deck[8:13]))})
    assert me.state()["finished"]
    assert leaked(me.answers, set(deck[26:])) == set()
    assert leaked(me.answers, set(deck[:26])) == set(deck[:26])  # both hands, once settled


def test_open_face_another_seats_hand_stays_hidden() -> None:
    client = TestClient(create_app(QUICK))
    _, seats = open_session(client, game="ofc", preset="ofc_pineapple", players=2, humans=2, seed=8)
    ref = OfcGame("ofc_pineapple", players=2, seed=8)
    checked = 0
    while not ref.is_finished():
        actor = ref.to_act
        assert actor is not None
        watcher = seats[1 - actor]
        hand = set(ref.hand(actor))
        watcher.state()
        watcher.hint()  # refused (not its turn), and says nothing of the hand
        assert leaked(watcher.answers, hand) == set(), ref.street
        assert set(cp.parse_cards(" ".join(seats[actor].state()["hand"]))) == hand
        mv = ref.heuristic_move()
        assert seats[actor].move(ofc_body(mv)).status_code == 200
        ref.play_move(actor, mv)
        checked += 1
    assert checked == 10


def test_open_face_another_seats_discards_stay_hidden() -> None:
    client = TestClient(create_app(QUICK))
    _, seats = open_session(client, game="ofc", preset="ofc_pineapple", players=2, humans=2, seed=9)
    ref = OfcGame("ofc_pineapple", players=2, seed=9)
    play_ofc(seats, ref, 2)
    for seat in (0, 1):
        view = json.loads(ref.view(1 - seat))
        theirs = set(view["discards"])
        assert len(theirs) == 4
        seats[seat].state()
        assert leaked(seats[seat].answers, theirs) == set(), seat
        # The seat's own discards it does see.
        assert set(cp.parse_cards(" ".join(seats[seat].state()["discards"]))) == set(
            json.loads(ref.view(seat))["discards"]
        )


def test_open_face_the_cards_to_come_stay_hidden() -> None:
    client = TestClient(create_app(QUICK))
    _, (me,) = open_session(client, game="ofc", preset="ofc_us", players=3, seed=SEED)
    ref = OfcGame("ofc_us", players=3, seed=SEED)
    bots_play(ref, 1)
    while not ref.is_finished():
        me.answers.clear()
        me.state()
        me.hint()
        seen = set(ref.hand(0)) | set(json.loads(ref.view(0))["discards"])
        seen |= {c for s in range(3) for row in ref.board(s) for c in row}
        unseen = set(range(52)) - seen
        assert leaked(me.answers, unseen) == set()
        mv = ref.heuristic_move()
        assert me.move(ofc_body(mv)).status_code == 200
        ref.play_move(0, mv)
        bots_play(ref, 1)


def test_the_seed_and_the_save_are_never_answered() -> None:
    client = TestClient(create_app(QUICK))
    answers: list[str] = []
    for game, preset in (("closed", "cp_pro_1_6"), ("ofc", "ofc_pineapple")):
        r = client.post(
            "/sessions", json={"game": game, "preset": preset, "seed": SEED, "humans": 2}
        )
        answers.append(r.text)
        seats = [Seat(client, r.json()["session"], s["token"]) for s in r.json()["seats"]]
        for seat in seats:
            seat.state()
            seat.hint()
            seat.move({"natural": True} if game == "closed" else {"front": []})
            answers += seat.answers
        if game == "ofc":
            ref = OfcGame(preset, players=2, seed=SEED)
            save = ref.to_json()
            play_ofc(seats, ref, 2, until=3)
            answers += [a for s in seats for a in s.answers]
            saves = [save, ref.to_json()]
            assert all(x not in t for a in answers for t in strings_in(a) for x in saves)
    for a in answers:
        assert str(SEED) not in a and f"{SEED:x}" not in a.lower(), a[:200]
        texts_ = strings_in(a)
        # The keys of the saves (the engine's and the closed game's), as keys of the answer
        # or inside any of its texts.
        for key in ("seed", "deck", "rules", "hands", "played"):
            assert key not in keys_in(json.loads(a)), (key, a[:200])
        assert not any('"seed"' in t or '"moves":[' in t for t in texts_), a[:200]


def test_a_seat_never_sees_another_seats_token() -> None:
    client = TestClient(create_app(QUICK))
    for game in ("closed", "ofc"):
        out, seats = open_session(client, game=game, players=3, humans=3, seed=2)
        tokens = [s["token"] for s in out["seats"]]
        digests = [hashlib.sha256(t.encode()).hexdigest() for t in tokens]
        for seat in seats:
            seat.state()
            seat.hint()
            seat.move({"natural": True} if game == "closed" else {"front": []})
            client.get(f"/sessions/{out['session']}/nowhere", headers=bearer(seat.token))
        for i, seat in enumerate(seats):
            for a in seat.answers:
                # Not even its own: a token is answered once, at creation.
                assert all(t not in a for t in tokens), (i, a[:200])
                assert all(d not in a for d in digests), (i, a[:200])


# --- entropy and seeds ------------------------------------------------------------------------


def test_unseeded_deals_differ_and_seeded_deals_repeat() -> None:
    client = TestClient(create_app())
    for game in ("closed", "ofc"):
        fresh = [open_session(client, game=game)[1][0].state()["hand"] for _ in range(2)]
        assert fresh[0] != fresh[1], game
        seeded = [open_session(client, game=game, seed=SEED)[1][0].state() for _ in range(2)]
        for state in seeded:
            del state["session"]
        assert seeded[0] == seeded[1], game
    closed = open_session(client, game="closed", seed=SEED)[1][0].state()["hand"]
    assert sorted(cp.parse_cards(" ".join(closed))) == sorted(cp.deal(SEED, 0)[:13])


# --- the store --------------------------------------------------------------------------------


def test_a_restart_resumes_the_game(tmp_path: Path) -> None:
    db = str(tmp_path / "sessions.sqlite3")
    first = TestClient(create_app(QUICK, database=db))
    ofc_out, ofc_seats = open_session(
        first, game="ofc", preset="ofc_us", players=2, humans=2, seed=21
    )
    ref = OfcGame("ofc_us", players=2, seed=21)
    play_ofc(ofc_seats, ref, 2, until=4)
    closed_out, (a, _) = open_session(first, game="closed", players=2, humans=2, seed=21)
    hands = closed_hands(21, 2)
    played = [cp.Setting(h[:3], h[3:8], h[8:]) for h in hands]
    assert a.move({"setting": str(played[0])}).status_code == 200
    first.app.state.store.close()

    again = TestClient(create_app(QUICK, database=f"sqlite:///{db}"))
    seats = [Seat(again, ofc_out["session"], s.token) for s in ofc_seats]
    out = play_ofc(seats, ref, 2)
    assert out["finished"]
    assert out["settlement"]["totals"] == [int(t) for t in ref.settle().totals]
    b = Seat(again, closed_out["session"], closed_out["seats"][1]["token"])
    out = b.move({"setting": str(played[1])}).json()
    expected = cp.score(played, cp.Rules.preset(cp.DEFAULT_PRESET))
    assert out["settlement"]["totals"] == [int(t) for t in expected.totals]


def test_the_environment_names_the_database(tmp_path: Path, monkeypatch: Any) -> None:
    db = tmp_path / "env.sqlite3"
    monkeypatch.setenv("CHINESE_POKER_DATABASE", str(db))
    out, (me,) = open_session(TestClient(create_app()), game="closed", seed=1)
    assert db.exists()
    monkeypatch.delenv("CHINESE_POKER_DATABASE")
    # Another application on the file sees the session; one in memory does not.
    assert Seat(TestClient(create_app(database=str(db))), out["session"], me.token).state()
    r = TestClient(create_app()).get(f"/sessions/{out['session']}", headers=bearer(me.token))
    assert r.status_code == 404


def damage(db: str, sid: str, column: str, value: str) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(f"UPDATE sessions SET {column} = ? WHERE id = ?", (value, sid))


def test_a_damaged_row_is_a_json_error(tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite3")
    client = TestClient(create_app(QUICK, database=db), raise_server_exceptions=False)
    cases = [
        ("closed", "state", "{not json"),
        ("closed", "state", '{"rules": {}, "hands": [[1, 2]], "played": [null]}'),
        ("ofc", "state", '{"preset": "ofc_us", "seed": 1}'),
        (
            "ofc",
            "state",
            OfcGame("ofc_us", seed=SEED)
            .to_json()
            .replace('"moves":[]', '"moves":[[0,[[99,0]],[]]]'),
        ),
        ("ofc", "tokens", "not a list"),
        ("closed", "created", "yesterday"),
    ]
    for game, column, value in cases:
        out, (me,) = open_session(client, game=game, seed=1)
        damage(db, out["session"], column, value)
        for r in (
            me.client.get(f"/sessions/{me.sid}", headers=bearer(me.token)),
            me.move({"natural": True}),
            me.hint(),
        ):
            assert r.status_code == 500, (column, value, r.text)
            assert r.json()["error"] == "DamagedSession", r.text
            assert str(SEED) not in r.text and "99" not in r.text


def race(apps: list[TestClient], path: str, body: Any, headers: dict[str, str]) -> list[Any]:
    """The replies to `body` posted to `path` by each client at once (a barrier lines the
    threads up)."""
    barrier = threading.Barrier(len(apps))
    replies: list[Any] = [None] * len(apps)

    def send(i: int) -> None:
        barrier.wait()
        replies[i] = apps[i].post(path, json=body, headers=headers)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(apps))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return replies


def test_two_identical_moves_at_once_one_succeeds(tmp_path: Path) -> None:
    db = str(tmp_path / "race.sqlite3")
    # Two applications on one file, as two workers of `serve`, each with its own connection.
    apps = [TestClient(create_app(QUICK, database=db)) for _ in range(2)]
    closed, _ = open_session(apps[0], game="closed", players=2, seed=6)
    ofc, _ = open_session(apps[0], game="ofc", players=2, seed=6)
    hands = closed_hands(6, 2)
    ref = OfcGame("ofc_ru_main", players=2, seed=6)
    bots_play(ref, 1)
    mv = ref.heuristic_move()
    for out, body in (
        (closed, {"setting": str(cp.Setting(hands[0][:3], hands[0][3:8], hands[0][8:]))}),
        (ofc, ofc_body(mv)),
    ):
        token = out["seats"][0]["token"]
        replies = race(apps, f"/sessions/{out['session']}/move", body, bearer(token))
        codes = sorted(r.status_code for r in replies)
        assert codes[0] == 200 and codes[1] in (409, 422), [r.text for r in replies]
    ref.play_move(0, mv)
    bots_play(ref, 1)
    state = Seat(apps[1], ofc["session"], ofc["seats"][0]["token"]).state()
    assert [[b[r] for r in ROWS] for b in state["boards"]] == [
        [texts(x) for x in ref.board(s)] for s in range(2)
    ]


def test_sessions_are_bounded_and_expire(tmp_path: Path) -> None:
    db = str(tmp_path / "few.sqlite3")
    client = TestClient(create_app(Limits(sessions=2), database=db))
    old, (a,) = open_session(client, game="closed", seed=1)
    used, (b,) = open_session(client, game="ofc", seed=1)
    r = client.post("/sessions", json={"game": "closed"})
    assert r.status_code == 503 and r.json()["error"] == "TooManySessions"
    assert "2 game sessions" in r.json()["message"]
    # Both untouched since the epoch; one is read again, which keeps it.
    damage(db, old["session"], "touched", "0")
    damage(db, used["session"], "touched", "0")
    assert b.state()["seat"] == 0
    open_session(client, game="closed")  # the expired one deleted: room for this one
    r = client.get(f"/sessions/{old['session']}", headers=bearer(a.token))
    assert r.status_code == 404
    assert b.state()["seat"] == 0


def test_limits_of_sessions_are_checked() -> None:
    for bad in ({"sessions": 0}, {"bot_effort": 0}, {"hint_effort": 16_385}, {"hint_seconds": 0}):
        with pytest.raises(ValueError):
            Limits(**bad)


# --- hostile input ----------------------------------------------------------------------------

HOSTILE_BODIES: list[Any] = [
    None,
    [],
    "x",
    {"game": None},
    {"game": "closed", "players": 10**30},
    {"game": "closed", "humans": -1},
    {"game": "closed", "seed": 2**64},
    {"game": "closed", "seed": -1},
    {"game": "closed", "preset": "\ud800"},
    {"game": "closed", "options": {"": ""}},
    {"game": "ofc", "players": 1},
    {"game": "ofc", "seed": 1.5},
    {"setting": None},
    {"setting": {"front": ["As"], "middle": [], "back": []}},
    {"setting": "Xx Yy"},
    {"setting": "As As Ks / 2c 3c 4c 5c 6c / 7c 8c 9c Tc Jc"},
    {"front": ["As"] * 18},
    {"front": [1, 2]},
    {"front": ["As As"], "middle": ["\x00"], "discard": ["10s"]},
    {"natural": "yes"},
    {"front": ["\ud800"], "discard": ["\udfff"]},
    {"setting": "\ud800 / \x00 / \uffff"},
    {"setting": {"front": ["\ud800"], "middle": ["As"] * 5, "back": ["Ks"] * 5}},
    {"game": "ofc", "preset": "ofc_\ud800"},
]


#: One application for every hostile example: the rate limit of new sessions is out of its way,
#: so that a body that makes a session reaches the deal each time (not a 429).
HOSTILE_CLIENT = TestClient(
    create_app(Limits(hint_effort=8, hint_seconds=5.0, session_burst=10**6))
)
HOSTILE_SEATS = [
    (o["session"], o["seats"][0]["token"])
    for o in (
        HOSTILE_CLIENT.post("/sessions", json={"game": g, "humans": 2, "seed": 1}).json()
        for g in ("closed", "ofc")
    )
]


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.one_of(
        st.sampled_from(HOSTILE_BODIES),
        st.dictionaries(
            st.sampled_from(
                [
                    "game",
                    "preset",
                    "players",
                    "humans",
                    "seed",
                    "options",
                    "setting",
                    "natural",
                    "front",
                    "middle",
                    "back",
                    "discard",
                    "x",
                ]
            ),
            st.one_of(
                st.none(),
                st.booleans(),
                st.integers(-(2**70), 2**70),
                st.text(max_size=20),
                st.lists(st.text(alphabet="23456789TJQKAcdhs ", max_size=4), max_size=6),
                st.lists(st.text(max_size=3), max_size=3),
            ),
            max_size=5,
        ),
    ),
    auth=st.one_of(
        st.none(), st.text(max_size=30), st.sampled_from(["Bearer", "Bearer  x", "bearer ok"])
    ),
)
def test_no_session_request_is_a_server_error(body: Any, auth: str | None) -> None:
    client = HOSTILE_CLIENT
    answers = [
        client.post(
            "/sessions",
            content=json.dumps(body).encode("utf-8", "surrogatepass"),
            headers={"Content-Type": "application/json"},
        )
    ]
    headers = {"Content-Type": "application/json"}
    if auth is not None and auth.isascii() and auth.isprintable():
        headers["Authorization"] = auth
    for sid, token in HOSTILE_SEATS:
        for h in (headers, {**headers, **bearer(token)}):
            data = json.dumps(body).encode("utf-8", "surrogatepass")
            answers.append(client.post(f"/sessions/{sid}/move", content=data, headers=h))
            answers.append(client.get(f"/sessions/{sid}", headers=h))
    for r in answers:
        assert r.status_code < 500, (r.status_code, r.text[:300])
        assert isinstance(r.json(), dict)


def test_serve_refuses_a_database_the_workers_could_not_use(tmp_path: Path, capsys: Any) -> None:
    from chinese_poker.cli import main

    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all")
    for args, message in (
        (["--database", ":memory:", "--workers", "2"], "keeps the sessions in one process"),
        (["--database", str(tmp_path / "no" / "s.sqlite3")], "no folder"),
        (["--database", str(junk)], "it is not a SQLite database"),
        (["--database", str(tmp_path)], "it is a folder"),
        (["--database", "sqlite:/x"], "invalid --database"),
    ):
        assert main(["serve", *args]) == 2, args
        assert message in capsys.readouterr().err, args


def test_the_default_database_follows_xdg(monkeypatch: Any, tmp_path: Path) -> None:
    from chinese_poker.cli.serve import default_database

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert default_database() == tmp_path / "chinese-poker" / "sessions.sqlite3"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/dir")  # not absolute: ignored
    assert default_database() == Path.home() / ".local/state/chinese-poker/sessions.sqlite3"


def test_docstring_examples() -> None:
    import doctest

    from chinese_poker.cli import service_env
    from chinese_poker.server import store

    for module in (store, service_env):
        failures, tries = doctest.testmod(module)
        assert failures == 0 and tries > 0, module.__name__
