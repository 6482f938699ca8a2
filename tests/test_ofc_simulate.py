"""Open-face simulation through the binding: exact sums that merge, thread
independence, counts that agree with a hand-by-hand replay, bad input refused."""

from __future__ import annotations

import concurrent.futures as cf
import json

import pytest

from chinese_poker import ChinesePokerError, Rules, ofc
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


# --- chinese_poker.ofc.simulate: the run a user calls ----------------------------------


def test_simulate_is_the_sums_of_the_range_whatever_blocks_threads_and_executor() -> None:
    whole = ofc_simulate_range(0, 100, 2, "ofc_us", "heuristic", 5, threads=1)
    r = ofc.simulate(100, 2, "ofc_us", "heuristic", 5, threads=2, block=40, progress=False)
    assert r.stats == whole and r.hands == 100 and not r.interrupted
    assert ofc.simulate(100, 2, "ofc_us", "heuristic", 5, block=20).stats == whole
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        spread = ofc.simulate(100, 2, "ofc_us", "heuristic", 5, client=pool, block=20)
    assert spread.stats == whole
    assert ofc.simulate(100, 2, "ofc_us", "heuristic", 6).stats != whole


def test_simulate_on_a_dask_cluster_matches_the_local_run() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = ofc.simulate(80, 3, strategy="heuristic", seed=4, client=client, block=20)
    assert remote.stats == ofc.simulate(80, 3, strategy="heuristic", seed=4).stats


def test_means_rates_and_errors_from_the_counts() -> None:
    r = ofc.simulate(200, 3, "ofc_pineapple", "heuristic", 2, progress=False)
    s = r.stats
    means = r.points_per_seat()
    assert abs(sum(m for m, _ in means)) < 1e-9  # zero-sum
    # Seat 0's mean and error by the textbook formulas, from the sums in twelfths.
    n, total, sq = 200, s["points"][0] / 12, s["points_sq"][0] / 144
    assert means[0][0] == pytest.approx(total / n)
    sd = ((sq - total * total / n) / (n - 1)) ** 0.5
    assert means[0][1] == pytest.approx(sd / n**0.5)
    seat = r.seat_rates()[1]
    assert seat["foul_rate"] == s["fouls"][1] / 200
    assert seat["royalties_per_board"] == s["royalties"][1] / 200
    assert seat["fantasyland_entry_rate"] == s["fl_entries"][1] / (200 - s["fl_hands"][1])
    pooled = r.rates()
    assert pooled["foul_rate"] == sum(s["fouls"]) / 600
    # The heuristic fouls a real share of its boards and sometimes reaches Fantasyland.
    assert 0.1 < pooled["foul_rate"] < 0.6 and sum(s["fl_entries"]) > 0
    assert r.strategies == ("heuristic",) * 3
    assert "royalties per board" in r.table()


def test_one_strategy_per_seat_plays_agent_against_agent() -> None:
    r = ofc.simulate(40, 2, "ofc_us", ["baseline", "heuristic"], 1)
    assert r.strategies == ("baseline", "heuristic")
    assert r.stats == ofc_simulate_range(0, 40, 2, "ofc_us", ["baseline", "heuristic"], 1)
    # Looking ahead fouls less than placing by the board's heuristic alone.
    assert r.stats["fouls"][0] < r.stats["fouls"][1]


def test_no_hands_and_an_interrupted_run_still_report() -> None:
    empty = ofc.simulate(0)
    assert empty.hands == 0 and empty.points_per_seat() == [(0.0, 0.0)] * 3
    assert set(empty.rates().values()) == {0.0}
    json.dumps(empty.to_dict(), allow_nan=False)
    assert "0 hands" in empty.table()

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    r = ofc.simulate(100, 2, "ofc_us", "heuristic", 3, block=40, progress=stop)
    assert r.interrupted and r.hands == 40 and r.requested == 100
    assert r.stats == ofc_simulate_range(0, 40, 2, "ofc_us", "heuristic", 3)


def test_rules_change_the_settlement_not_the_deal() -> None:
    plain = ofc.simulate(40, 2, "ofc_us", "heuristic", 8)
    rules = Rules.preset("ofc_us").replace(**{"score.method": "1-4"})
    changed = ofc.simulate(40, 2, "ofc_us", "heuristic", 8, rules=rules)
    assert changed.stats["fouls"] == plain.stats["fouls"]  # the same boards
    assert changed.stats["points_sq"] != plain.stats["points_sq"]  # paid otherwise


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"hands": -1}, "hands must be"),
        ({"hands": 2**63}, "hands must be"),
        ({"hands": 40, "block": 30}, "multiple of 20"),
        ({"hands": 40, "block": 0}, "multiple of 20"),
        ({"hands": 40, "in_flight": 0}, "in_flight"),
        ({"hands": 40, "strategy": "greedy"}, "strategy"),
        ({"hands": 40, "strategy": ["default", "default"]}, "one per seat"),
        ({"hands": 40, "players": 4}, "2 to 3 players"),
        ({"hands": 40, "preset": "cp_pro_1_6"}, "not an open-face preset"),
    ],
)
def test_bad_runs_are_refused_before_a_hand_is_played(
    kwargs: dict[str, object], match: str
) -> None:
    with pytest.raises(ChinesePokerError, match=match):
        ofc.simulate(**kwargs)  # type: ignore[arg-type]


def test_a_client_without_submit_is_refused() -> None:
    with pytest.raises(TypeError, match="submit"):
        ofc.simulate(20, client=object())  # type: ignore[arg-type]


# --- chinese_poker.ofc.duplicate_match: both seatings of the same hands ----------------


def test_an_agent_against_itself_has_no_edge() -> None:
    m = ofc.duplicate_match(60, "heuristic", "heuristic", "ofc_us", seed=2)
    # Both seatings are the same run and heads-up is zero-sum: exactly nothing.
    assert m.edge == 0.0 and m.se == 0.0 and m.hands == 60
    assert m.ab.stats == m.ba.stats


def test_the_edge_and_its_error_from_the_two_seatings() -> None:
    m = ofc.duplicate_match(100, "baseline", "heuristic", "ofc_us", seed=3, threads=2)
    ab = ofc_simulate_range(0, 100, 2, "ofc_us", ["baseline", "heuristic"], 3)
    ba = ofc_simulate_range(0, 100, 2, "ofc_us", ["heuristic", "baseline"], 3)
    assert m.ab.stats == ab and m.ba.stats == ba
    assert m.edge == pytest.approx((ab["points"][0] + ba["points"][1]) / (2 * 100 * 12))
    # Five tables of 20 hands: the error is the spread of the tables' paired means.
    per_table = []
    for first in range(0, 100, 20):
        x = ofc_simulate_range(first, 20, 2, "ofc_us", ["baseline", "heuristic"], 3)
        y = ofc_simulate_range(first, 20, 2, "ofc_us", ["heuristic", "baseline"], 3)
        per_table.append((x["points"][0] + y["points"][1]) / (2 * 20 * 12))
    mean = sum(per_table) / 5
    sd = (sum((d - mean) ** 2 for d in per_table) / 4) ** 0.5
    assert m.se == pytest.approx(sd / 5**0.5)
    # Looking ahead beats the heuristic clearly, and fouls less.
    assert m.edge > 3 * m.se > 0
    assert m.rates("a")["foul_rate"] < m.rates("b")["foul_rate"]
    assert m.rates("a")["foul_rate"] == (ab["fouls"][0] + ba["fouls"][1]) / 200
    json.dumps(m.to_dict(), allow_nan=False)
    assert "baseline's edge" in m.table()


def test_a_match_is_the_same_on_an_executor_and_stops_on_ctrl_c() -> None:
    here = ofc.duplicate_match(45, "heuristic", "baseline", "ofc_us", seed=4, threads=1)
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        there = ofc.duplicate_match(45, "heuristic", "baseline", "ofc_us", seed=4, client=pool)
    assert (there.edge, there.se, there.ab.stats) == (here.edge, here.se, here.ab.stats)
    assert here.hands == 45  # the last table is shorter

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    cut = ofc.duplicate_match(100, "heuristic", "baseline", "ofc_us", seed=4, progress=stop)
    assert cut.interrupted and cut.hands == 20


def test_bad_matches_are_refused() -> None:
    with pytest.raises(ChinesePokerError, match="strategy"):
        ofc.duplicate_match(20, "greedy", "baseline")
    with pytest.raises(ChinesePokerError, match="hands must be"):
        ofc.duplicate_match(-1)
    with pytest.raises(ChinesePokerError, match="threads"):
        ofc.duplicate_match(20, threads=0)
    with pytest.raises(ChinesePokerError, match="'a' or 'b'"):
        ofc.duplicate_match(0).rates("c")
