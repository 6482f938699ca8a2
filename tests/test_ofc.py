"""Open-face through the Python API: seed examples, illegal moves,
JSON round trip, zero-sum self-play, Fantasyland against brute force."""

from __future__ import annotations

import json
import random

import pytest

import chinese_poker as cp
from chinese_poker.ofc import PRESETS, OfcGame, fantasyland_setting


def play_out(g: OfcGame, agent: str = "heuristic") -> None:
    while not g.is_finished():
        seat = g.to_act
        assert seat is not None
        mv = g.heuristic_move() if agent == "heuristic" else g.suggest(samples=8, seed=1)[0][0]
        g.play_move(seat, mv)


def test_seed_royalties_48_under_ofc_ru_main() -> None:
    # RULES §11 vector 3: 555 / 4444+2 / 6-T straight flush = 13 + 20 + 15
    s = cp.Setting("5c 5d 5s", "4h 4c 4d 4s 2c", "6h 7h 8h 9h Th")
    assert s.royalties(cp.Rules.preset("ofc_ru_main")) == (13, 20, 15)
    best = fantasyland_setting("2c 4h 4c 4d 4s 5d 5s 5c 6h 7h 8h 9h Th Kd", "ofc_us", 0.0)
    assert best["royalty"] == 48 and not best["fouled"] and len(best["discards"]) == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_self_play_is_zero_sum_and_replays(preset: str) -> None:
    players = 3 if "pineapple" in preset else 2
    g = OfcGame(preset, players=players, seed=11)
    play_out(g)
    result = g.settle()
    assert sum(result.totals) == 0
    again = OfcGame.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    assert [again.board(i) for i in range(players)] == [g.board(i) for i in range(players)]


def test_illegal_moves_leave_the_state_unchanged() -> None:
    g = OfcGame("ofc_ru_main", players=2, seed=5)
    seat = g.to_act
    assert seat is not None
    hand = g.hand(seat)
    before = g.to_json()
    with pytest.raises(cp.ChinesePokerError):
        g.play(1 - seat, back=hand)  # wrong turn
    with pytest.raises(cp.ChinesePokerError):
        g.play(seat, front=hand[:4], back=hand[4:])  # front holds 3
    with pytest.raises(cp.ChinesePokerError):
        g.play(seat, back=hand[:4])  # must place all five
    other = next(c for c in range(52) if c not in hand)
    with pytest.raises(cp.ChinesePokerError):
        g.play(seat, back=hand[:4] + [other])  # a card not held
    assert g.to_json() == before
    g.play(seat, middle=hand[:2], back=hand[2:])
    assert g.to_json() != before
    view = json.loads(g.view(None))
    assert isinstance(view, dict)


def test_suggest_is_seeded_and_legal() -> None:
    g = OfcGame("ofc_pineapple", players=2, seed=2)
    a = g.suggest(samples=16, seed=4)
    b = g.suggest(samples=16, seed=4)
    assert [m["text"] for m, _ in a] == [m["text"] for m, _ in b]
    assert all(x[1] >= y[1] for x, y in zip(a, a[1:]))
    seat = g.to_act
    assert seat is not None
    g.play_move(seat, a[0][0])


def brute_fantasyland(cards: list[int], rules: cp.Rules) -> int:
    """Best royalties of a legal setting of 13 cards, by brute force over all settings."""
    best = -1
    for row in cp.all_settings(cards, rules):
        best = max(best, sum(cp.Setting.from_codes(row).royalties(rules)))
    return best


@pytest.mark.parametrize("seed", range(2))
def test_fantasyland_solver_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    # bias towards big hands so royalties are at stake
    cards = rng.sample(range(24, 52), 10) + rng.sample(range(0, 24), 3)
    rules = cp.Rules.preset("ofc_ru_main")
    got = fantasyland_setting(cards, "ofc_ru_main", 0.0)
    assert got["royalty"] == brute_fantasyland(cards, rules)
    assert not got["setting"].is_foul(rules)


def test_fantasyland_errors() -> None:
    with pytest.raises(cp.HandSizeError):
        fantasyland_setting("As Ks Qs", "ofc_us")
    with pytest.raises(cp.ChinesePokerError):
        fantasyland_setting(list(range(14)), "cp_pro_1_6")
    with pytest.raises(cp.ChinesePokerError):
        OfcGame("ofc_pineapple", players=4)


def test_settlement_rules_can_be_changed() -> None:
    """RULES §4.5 / §7.3: the Russian match system instead of 1-6 on the same boards."""
    main = cp.Rules.preset("ofc_ru_main")
    russian = main.replace(method="russian_match", score_russian_match_points=2)
    a = OfcGame("ofc_ru_main", players=2, seed=21)
    b = OfcGame("ofc_ru_main", players=2, seed=21, rules=russian)
    play_out(a)
    play_out(b)
    assert a.board(0) == b.board(0) and a.board(1) == b.board(1)  # same deal, same play
    boards = [cp.Setting(*a.board(i)) for i in range(2)]
    assert b.settle().totals == cp.score(boards, russian).totals
    assert a.settle().totals == cp.score(boards, main).totals
    with pytest.raises(cp.ChinesePokerError):
        OfcGame("ofc_ru_main", rules=cp.Rules.preset("cp_pro_1_6"))


def test_module_suggest_and_seat_check() -> None:
    from chinese_poker.ofc import suggest

    g = OfcGame("ofc_ru_main", players=2, seed=8)
    seat = g.to_act
    assert seat is not None
    assert suggest(g, effort=8, seed=2) == suggest(g, seat=seat, effort=8, seed=2)
    with pytest.raises(cp.ChinesePokerError, match="turn"):
        suggest(g, seat=1 - seat, effort=8)


def test_ofc_docstrings() -> None:
    import doctest

    import chinese_poker.ofc as ofc

    failures, tried = doctest.testmod(ofc)
    assert failures == 0 and tried >= 5
