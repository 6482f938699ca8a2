"""More than one deal a session (``POST /sessions/{id}/next``): the closed game's next hands
and running totals against the library's seeded deals and settlements; open-face's button
and Fantasyland carried over as the engine carries them, a Fantasyland board hidden from the
other seats until the deal ends; the refusals; and a save of a one-deal server still loading.

The seeds are ones the library plays to Fantasyland: found by playing seeds in order with the
library (the human seat by the heuristic, the bot by the agent), not by the server."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import chinese_poker as cp
from chinese_poker.ofc import OfcGame

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402
from test_server_sessions import (  # noqa: E402
    QUICK,
    Seat,
    bearer,
    fast_player,
    leaked,
    open_session,
    play_ofc,
    texts,
)

from chinese_poker.server import create_app  # noqa: E402

#: Seeds of two-player Pineapple whose first deal sends a seat to Fantasyland (14 cards).
BOT_TO_FANTASYLAND = 35
HUMAN_TO_FANTASYLAND = 41


def next_deal(seat: Seat) -> Any:
    """The seat asks for the next deal."""
    return seat.client.post(f"/sessions/{seat.sid}/next", headers=bearer(seat.token))


def test_the_closed_game_deals_on_and_keeps_the_totals() -> None:
    client = TestClient(create_app(QUICK))
    rules = cp.Rules.preset("cp_pro_2_4")
    seed, players = 7, 3
    _, (me,) = open_session(client, game="closed", preset="cp_pro_2_4", players=players, seed=seed)
    assert me.state()["deal"] == 1 and me.state()["totals"] == [0, 0, 0]
    refused = next_deal(me)
    assert refused.status_code == 409 and "not finished" in refused.json()["message"]
    running = [0.0] * players
    for number in range(3):
        deck = cp.deal(seed, number)
        hands = [sorted(deck[13 * s : 13 * s + 13]) for s in range(players)]
        state = me.state()
        assert state["deal"] == number + 1
        assert sorted(cp.parse_cards(" ".join(state["hand"]))) == hands[0]
        assert state["totals"] == running and state["settlement"] is None
        mine = fast_player(hands[0], rules, players, 0)
        setting = mine[1] if isinstance(mine, tuple) else mine
        body = {"natural": True} if isinstance(mine, tuple) else {"setting": str(setting)}
        r = me.move(body)
        assert r.status_code == 200, r.text
        played = [mine] + [fast_player(hands[s], rules, players, s) for s in (1, 2)]
        result = cp.score(played, rules)
        running = [t + float(x) for t, x in zip(running, result.totals)]
        assert r.json()["settlement"]["totals"] == [int(t) for t in result.totals]
        assert r.json()["totals"] == running
        assert sum(running) == 0
        if number < 2:
            following = next_deal(me)
            assert following.status_code == 200, following.text
            assert following.json()["deal"] == number + 2 and not following.json()["finished"]


def test_a_bot_in_fantasyland_is_hidden_until_the_deal_ends() -> None:
    client = TestClient(create_app(QUICK))
    seed = BOT_TO_FANTASYLAND
    _, (me,) = open_session(client, game="ofc", preset="ofc_pineapple", players=2, seed=seed)
    ref = OfcGame("ofc_pineapple", players=2, seed=seed)
    first = play_ofc([me], ref, 1)
    assert first["finished"] and first["button"] == 0
    # What the engine carries over, read from the library's own next deal.
    # The library's next deal of a seeded table: its seed is the core's deal_seed.
    following = ref.next_deal(seed=cp.deal_seed(seed, 1))
    carried = json.loads(following.view(0))
    assert carried["fantasyland"] == [0, 14]
    r = next_deal(me)
    assert r.status_code == 200, r.text
    state = r.json()
    assert state["deal"] == 2 and state["button"] == carried["button"] == 1
    assert state["fantasyland"] == carried["fantasyland"]
    assert state["totals"] == [float(t) for t in ref.settle().totals]
    # The bot has set its fourteen cards face down: nothing of them is shown to this seat.
    assert state["boards"][1] is None and state["to_act"] == 0
    assert state["hand"] == texts(following.hand(0))
    me.answers.clear()
    while not state["finished"]:
        hint = me.hint()
        assert hint.status_code == 200, hint.text
        moved = me.move(hint.json()["moves"][0]["move"])
        assert moved.status_code == 200, moved.text
        state = moved.json()
        if not state["finished"]:
            assert state["boards"][1] is None
    board = state["boards"][1]
    shown = {c for row in board.values() for c in cp.parse_cards(" ".join(row))}
    assert len(shown) == 13
    # Before the end, no answer to this seat showed any card of that board.
    assert leaked(me.answers[:-1], shown) == set()
    assert state["settlement"] is not None
    assert sum(state["totals"]) == 0


def test_a_human_in_fantasyland_is_dealt_fourteen_cards() -> None:
    client = TestClient(create_app(QUICK))
    seed = HUMAN_TO_FANTASYLAND
    _, (me,) = open_session(client, game="ofc", preset="ofc_pineapple", players=2, seed=seed)
    ref = OfcGame("ofc_pineapple", players=2, seed=seed)
    play_ofc([me], ref, 1)
    assert json.loads(ref.next_deal(seed=1).view(0))["fantasyland"] == [14, 0]
    state = next_deal(me).json()
    assert state["fantasyland"] == [14, 0]
    assert state["to_act"] == 0
    assert len(state["hand"]) == 14 and state["move"] == {"place": 13, "discard": 1}
    # The bot's board in progress is face up; the human's hand is its own.
    assert state["boards"][1] is not None


def test_next_is_refused_without_the_seat() -> None:
    client = TestClient(create_app(QUICK))
    out, (me,) = open_session(client, game="closed", seed=3)
    assert client.post(f"/sessions/{out['session']}/next").status_code == 401
    wrong = client.post(f"/sessions/{out['session']}/next", headers=bearer("x" * 43))
    assert wrong.status_code == 403
    assert client.post("/sessions/nosuch/next", headers=bearer(me.token)).status_code == 404


def test_unseeded_next_deals_differ() -> None:
    client = TestClient(create_app(QUICK))
    _, (me,) = open_session(client, game="closed", players=2)
    hands = []
    for _ in range(3):
        state = me.state()
        hands.append(state["hand"])
        # The hand as dealt, fouled or not: any setting of its 13 cards is played.
        codes = cp.parse_cards(" ".join(state["hand"]))
        mine = cp.Setting(codes[:3], codes[3:8], codes[8:])
        assert me.move({"setting": str(mine)}).status_code == 200
        assert next_deal(me).status_code == 200
    assert len({tuple(h) for h in hands}) == 3


def test_a_save_of_one_deal_loads_as_the_first(tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite3")
    client = TestClient(create_app(QUICK, database=db))
    _, (me,) = open_session(client, game="ofc", preset="ofc_pineapple", players=2, seed=5)
    before = me.state()
    # A server that kept one deal a session saved the bare deal: write it so.
    with sqlite3.connect(db) as con:
        (state,) = con.execute("SELECT state FROM sessions").fetchone()
        bare = json.loads(state)["deal"]
        con.execute("UPDATE sessions SET state = ?", (bare,))
    again = TestClient(create_app(QUICK, database=db))
    after = Seat(again, me.sid, me.token).state()
    assert before["deal"] == 1 and before["totals"] == [0, 0]
    assert after == before
