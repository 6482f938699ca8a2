"""Open-face simulation through the binding: exact sums that merge, thread
independence, counts that agree with a hand-by-hand replay, bad input refused."""

from __future__ import annotations

import pytest

from chinese_poker import ChinesePokerError
from chinese_poker._core import (
    OFC_STRATEGIES,
    OFC_TABLE_HANDS,
    OfcGame,
    _merge_ofc_stats,
    ofc_simulate_range,
)


def test_the_strategies_and_the_table_size_are_the_cores() -> None:
    assert OFC_STRATEGIES == ("heuristic", "baseline", "fast", "default", "strong")
    assert OFC_TABLE_HANDS == 20


def test_points_are_zero_sum_and_counts_bounded() -> None:
    s = ofc_simulate_range(0, 200, 3, "ofc_pineapple", "heuristic", 4, threads=1)
    assert s["hands"] == 200 and s["players"] == 3 and s["units"] == 12
    assert sum(s["points"]) == 0
    for seat in range(3):
        assert 0 < s["fouls"][seat] < 200  # the heuristic fouls some boards, not all
        assert s["royalties"][seat] >= 0
        assert s["fl_entries"][seat] <= 200 - s["fl_hands"][seat]
        assert s["fl_stays"][seat] <= s["fl_hands"][seat]


def test_threads_and_splits_do_not_change_the_sums() -> None:
    whole = ofc_simulate_range(0, 120, 2, "ofc_us", "heuristic", 9, threads=1)
    assert ofc_simulate_range(0, 120, 2, "ofc_us", "heuristic", 9, threads=2) == whole
    a = ofc_simulate_range(0, 40, 2, "ofc_us", "heuristic", 9, threads=2)
    b = ofc_simulate_range(40, 80, 2, "ofc_us", "heuristic", 9, threads=1)
    assert _merge_ofc_stats(a, b) == whole
    assert _merge_ofc_stats(b, a) == whole


def test_decisions_count_every_move_of_a_hand() -> None:
    # Outside Fantasyland a hand of ofc_us is a fixed number of moves for
    # each seat (an initial five cards, then one card a street), whatever
    # the cards: a game played here counts them independently.
    sim = ofc_simulate_range(0, 1, 2, "ofc_us", "heuristic", 3, threads=1)
    assert sim["hands"] == 1 and sim["fl_hands"] == [0, 0]
    g = OfcGame("ofc_us", players=2, seed=3)
    moves = 0
    while not g.is_finished():
        g.play_move(g.to_act, g.heuristic_move())
        moves += 1
    assert sim["decisions"] == moves == 2 * 9


def test_one_strategy_per_seat() -> None:
    s = ofc_simulate_range(0, 20, 2, "ofc_us", ["heuristic", "heuristic"], 1)
    assert s == ofc_simulate_range(0, 20, 2, "ofc_us", "heuristic", 1)


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"first": 5}, "table"),
        ({"strategies": "greedy"}, "strategy"),
        ({"strategies": ["heuristic"]}, "one per seat"),
        ({"strategies": ["heuristic"] * 9}, "more than 4"),
        ({"preset": "cp_pro_1_6"}, "cp_pro_1_6"),
        ({"players": 9}, "player"),
    ],
)
def test_bad_input_is_refused_by_name(kwargs: dict[str, object], needle: str) -> None:
    args: dict[str, object] = {
        "first": 0,
        "count": 20,
        "players": 3,
        "preset": "ofc_pineapple",
        "strategies": "heuristic",
        "seed": 1,
    }
    args.update(kwargs)
    with pytest.raises(ChinesePokerError, match=needle):
        ofc_simulate_range(**args)  # type: ignore[arg-type]


def test_malformed_statistics_are_refused() -> None:
    s = ofc_simulate_range(0, 20, 2, "ofc_us", "heuristic", 1)
    with pytest.raises(ChinesePokerError, match="no fouls"):
        _merge_ofc_stats(s, {k: v for k, v in s.items() if k != "fouls"})
    with pytest.raises(ChinesePokerError, match="entries"):
        _merge_ofc_stats(s, {**s, "fouls": [0]})
    with pytest.raises(ChinesePokerError, match="units"):
        _merge_ofc_stats(s, {**s, "units": 1})
    three = ofc_simulate_range(0, 20, 3, "ofc_pineapple", "heuristic", 1)
    with pytest.raises(ChinesePokerError, match="2 and 3 seats"):
        _merge_ofc_stats(s, three)
    with pytest.raises(ChinesePokerError, match="at most 4"):
        _merge_ofc_stats(s, {**s, "players": 5})
