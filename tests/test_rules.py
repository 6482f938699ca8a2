"""Rules, settings, naturals and settlement through the public API (RULES §3–§6, §8–§11).

The Rust core carries the exhaustive unit tests of every option; these tests
check the Python surface and compare the engine with independent facts: the
seeds' worked examples, a brute-force scorer for the plain game, and the
zero-sum property for every preset.
"""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import chinese_poker as cp
from chinese_poker import Rules, Setting, score

# RULES §11 vector 5 (seed 004, repaired middles)
V5_A = "As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc"
V5_B = "Ac Ah Ts / Qc Qs Jc Jh 3d / 2s 3s 4h 5c 6h"

# RULES §4.2 / §11 vector 7: the four-player example of seed 001 (rows per pairing as in the table)
NORTH = "Qs Qd 2d / 3s 3d 3h 4c 6s / 4h 5h 8h 9h Jh"
EAST = "Js Jd 2h / 4d 4s 5d 5s 7s / 8c 9s Td Jc Qc"
SOUTH = "Ks Kd 2c / 5c 6c 7d 8d 9c / 6h 7h 8s 9d Tc"
WEST = "7c 6d 3c / Kh Kc Ts Th Qh / As Ad Ah Ac 2s"


def test_every_preset_exists_and_round_trips_through_json() -> None:
    names = Rules.presets()
    for required in [
        "cp_pro_1_6", "wiki_2_4", "malay_banker", "mau_binh_modern", "hawaiian_gardens",
        "shisanshui_fujian", "russian_13", "ofc_ru_main", "pagat_classic", "hk_13zhang_banker",
        "pusoy_ph_banker", "pusoy_ph_pot", "capsa_susun_online", "singapore", "vietnamese_pagat",
        "ofc_us", "ofc_pineapple", "ofc_pineapple_progressive", "ofc_ru_alt1", "ofc_ru_alt2",
    ]:  # fmt: skip
        assert required in names
    for name in names:
        r = Rules.preset(name)
        again = Rules.from_dict(json.loads(json.dumps(r.to_dict())))
        assert again == r and hash(again) == hash(r)
        assert pickle.loads(pickle.dumps(r)) == r


def test_rules_construction_and_errors() -> None:
    assert Rules()["score.method"] == "1-6"
    assert Rules(method="2-4")["score.method"] == "2-4"
    assert Rules(order_mode="strict")["order.mode"] == "strict"
    assert Rules(**{"order.mode": "strict"}) == Rules(order_mode="strict")
    r = Rules.preset("cp_pro_1_6")
    assert r.replace(method="2-4")["score.method"] == "2-4"
    assert r["score.method"] == "1-6"  # immutable
    with pytest.raises(cp.RulesError, match="colour"):
        Rules(colour="red")
    with pytest.raises(cp.ChinesePokerError, match="score.method"):
        Rules(method="3-9")
    with pytest.raises(cp.ChinesePokerError, match="scoop_multiplier"):
        Rules(score_scoop_multiplier=0)
    with pytest.raises(cp.ChinesePokerError):
        Rules.preset("no_such_preset")


def test_setting_basics_and_errors() -> None:
    s = Setting("Qs Qd 5c", "Kh Kc 5d 4s 3h", "As Ad Ac 9d 9c")
    assert s == Setting("Qs Qd 5c / Kh Kc 5d 4s 3h / As Ad Ac 9d 9c")
    assert s == Setting.from_codes(np.array(s.codes, dtype=np.uint8))
    assert len(s.codes) == 13 and s.front == cp.parse_cards("Qs Qd 5c")
    assert [v.category for v in s.values] == [
        cp.Category.PAIR, cp.Category.PAIR, cp.Category.FULL_HOUSE
    ]  # fmt: skip
    assert not s.is_foul() and s.foul_reason() is None
    assert "FOUL" not in s.describe()
    with pytest.raises(cp.HandSizeError):
        Setting("Qs Qd", "Kh Kc 5d 4s 3h", "As Ad Ac 9d 9c")
    with pytest.raises(cp.DuplicateCardError):
        Setting("Qs Qd 5c", "Kh Kc 5d 4s 3h", "As Ad Ac 9d Qs")
    with pytest.raises(TypeError):
        Setting("Qs Qd 5c", "Kh Kc 5d 4s 3h")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("front", "middle", "nonstrict_foul", "strict_foul"),
    [  # RULES §3.2 table (R-FOUL-3)
        ("Ks Kd Ac", "Kh Kc Qd Js 9h", True, True),
        ("Ks Kd 5c", "Kh Kc 5d 4s 3h", False, True),
        ("As Kd Qc", "Ah Kc Qd 7s 5h", False, True),
        ("Qs Qd Qc", "9h 9c 4d 4s 2h", True, True),
        ("As Ad 2c", "3h 3c 4d 4s 5h", False, False),
        ("7s 6d 5c", "2h 2c 4d 8s 9h", False, False),
    ],
)
def test_cross_size_foul_table(
    front: str, middle: str, nonstrict_foul: bool, strict_foul: bool
) -> None:
    back = [c for c in cp.parse_cards("Ts Tc Td Th 6c 6h 6s 7h 8h 9s Js Jh Jc 8c") if c not in cp.parse_cards(front + " " + middle)][:5]  # fmt: skip
    s = Setting(front, middle, back)
    # the back here is quads or a full house, above every middle in the table
    assert s.is_foul(Rules(preset="plain")) is nonstrict_foul
    assert s.is_foul(Rules(order_mode="strict")) is strict_foul
    prefix_legal = Rules(order_mode="strict", order_cross_size_prefix="five_card_higher")
    assert s.is_foul(prefix_legal) is nonstrict_foul


def test_vector_3_seed_royalties_ofc_ru_main() -> None:
    s = Setting("5c 5d 5s", "4h 4c 4d 4s 2c", "6h 7h 8h 9h Th")
    assert not s.is_foul(Rules.preset("ofc_ru_main"))
    assert s.royalties(Rules.preset("ofc_ru_main")) == (13, 20, 15)


def test_vector_5_russian_and_foreign_systems() -> None:
    a, b = Setting(V5_A), Setting(V5_B)
    assert score([a, b], Rules(method="russian_table")).totals == [-3, 3]
    assert score([a, b], Rules(method="2-4")).totals == [-2, 2]
    assert score([a, b], Rules(method="1-6")).totals == [-1, 1]
    # $10 a point: A loses $30 to B
    assert score([a, b], Rules(method="russian_table"), stakes=[[0, 10], [10, 0]]).totals == [
        -30,
        30,
    ]


def test_vector_6_ofc_scoop_with_royalties() -> None:
    a = Setting("Ks Qd 2c", "9c 9d 5h 6h 7s", "Ac Ad Ah As 3c")
    b = Setting("Js Td 3d", "8c 8d 4h 5d 7d", "2h 3h 9h Jh Qh")
    r = score([a, b], Rules.preset("ofc_ru_main"))
    assert r.totals == [12, -12]  # scoop 6 + quads 10 - flush 4


def test_vector_7_four_players() -> None:
    r = score([NORTH, EAST, SOUTH, WEST], Rules(preset="plain", method="per_row"))
    assert r.totals == [3, -5, 3, -1]
    m = r.matrix
    assert all(m[i][j] == -m[j][i] for i in range(4) for j in range(4))
    assert [p["rows"] for p in r.pairs] == [
        [1, 1, 1], [-1, -1, 1], [1, 1, -1], [-1, -1, 1], [1, -1, -1], [1, 1, -1]
    ]  # fmt: skip
    assert "front" in r.explain()
    # The repr names what can be read back: the totals, not the internal unit.
    assert repr(r) == "ScoreResult(totals=[3, -5, 3, -1])"


def test_vector_10_foul() -> None:
    fouled = Setting("As Ad Kc / Kh Qd Js 9c 8d / 2h 2s 3c 4h 5s")
    legal = Setting("2c 3d 5h / 7s 7d 7h 4c 4d / 9s 9d 9h 6c 6d")
    other_foul = Setting("Qs Qh Jd / Ts 8s 7c 6s 3h / Th Tc 5d 5c 2d")
    rules = Rules.preset("cp_pro_1_6")
    assert fouled.is_foul(rules) and not legal.is_foul(rules)
    assert score([fouled, legal], rules).totals == [-7, 7]
    assert score([fouled, other_foul], rules).totals == [0, 0]


def test_naturals() -> None:
    dragon = cp.find_natural("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    assert dragon is not None and (dragon.kind, dragon.value) == ("DRAGON", 13)
    six_pairs = cp.find_natural("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac")
    assert six_pairs is not None and six_pairs.kind == "SIX_PAIRS"
    flushes = cp.find_natural("2c 5c 9c / 3d 6d 8d Td Qd / 2h 7h Jh Kh Ah")
    assert flushes is not None and flushes.kind == "THREE_FLUSHES"
    assert flushes.setting is not None and not flushes.setting.is_foul()
    assert cp.find_natural("2c 2d 2h 4s 6c 6d 8h 8s Tc Jd Qh Qs Ac") is None
    assert cp.find_natural("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", Rules(preset="plain")) is None


def test_surrender_and_declared_natural() -> None:
    rules = Rules.preset("cp_pro_1_6")
    a = Setting(V5_A)
    assert score([a, "surrender"], rules).totals == [3, -3]
    assert score([a, "surrender"], Rules.preset("cp_pro_2_4")).totals == [2, -2]
    dragon = Setting("2c 3d 4h / 5s 6c 7d 8h 9s / Th Jc Qh Ks Ac")
    assert score([("natural", dragon), a], rules).totals == [13, -13]
    with pytest.raises(TypeError):
        score([a, 42], rules)  # type: ignore[list-item]


def plain_scorer(settings: list[Setting]) -> list[int]:
    """Brute-force 1-6 without royalties or naturals (RULES §4.3, R-FOUL-4/5)."""
    vals = [[int(v) for v in s.values] for s in settings]
    foul = [not (v[0] <= v[1] <= v[2]) for v in vals]
    totals = [0] * len(settings)
    for i in range(len(settings)):
        for j in range(i + 1, len(settings)):
            if foul[i] and foul[j]:
                pts = 0
            elif foul[i] or foul[j]:
                pts = -6 if foul[i] else 6
            else:
                rows = [(a > b) - (a < b) for a, b in zip(vals[i], vals[j])]
                pts = sum(rows) + (3 if rows == [1, 1, 1] else -3 if rows == [-1, -1, -1] else 0)
            totals[i] += pts
            totals[j] -= pts
    return totals


def random_deal(rng: random.Random, players: int) -> np.ndarray:
    deck = list(range(52))
    rng.shuffle(deck)
    return np.array([deck[13 * p : 13 * p + 13] for p in range(players)], dtype=np.uint8)


@given(st.integers(0, 2**32), st.integers(2, 4))
def test_plain_scoring_matches_brute_force(seed: int, players: int) -> None:
    deal = random_deal(random.Random(seed), players)
    settings = [Setting.from_codes(row) for row in deal]
    assert score(settings, Rules(preset="plain")).totals == plain_scorer(settings)


@given(st.integers(0, 2**32), st.integers(2, 4), st.sampled_from(Rules.presets()))
def test_zero_sum_and_fouls_never_paid(seed: int, players: int, preset: str) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng, players)
    rules = Rules.preset(preset)
    settings = []
    for row in deal:  # half the players set a Pareto setting, half at random (often fouled)
        if rng.random() < 0.5:
            options, _ = cp.pareto_settings(row, rules)
            settings.append(Setting.from_codes(options[rng.randrange(len(options))]))
        else:
            settings.append(Setting.from_codes(row))
    r = score(settings, rules)
    pot = 0
    if preset == "pusoy_ph_pot":
        pot = sum(r.totals)  # the unwon pot carries over, outside the deal's sum
    assert sum(r.totals) - pot == 0
    m = r.matrix
    assert all(m[i][j] == -m[j][i] for i in range(players) for j in range(players))
    for i, s in enumerate(settings):
        if s.is_foul(rules) and "natural" not in r.players[i]["status"]:
            assert all(m[i][j] <= 0 for j in range(players))


def test_score_batch_equals_score() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4):
        deals = np.stack([random_deal(rng, players) for _ in range(300)])
        for rules in (Rules(), Rules.preset("cp_pro_2_4"), Rules.preset("ofc_ru_main")):
            totals, denominator = cp.score_batch(deals, rules)
            assert totals.shape == (300, players) and denominator == 1
            expected = [score([Setting.from_codes(r) for r in d], rules).totals for d in deals]
            assert totals.tolist() == expected
            assert np.array_equal(totals, cp.score_batch(deals, rules, threads=1)[0])


def test_score_batch_equals_score_for_every_preset() -> None:
    """Random splits (mostly fouls), and solver-set hands played against their copy with
    clubs and diamonds, hearts and spades swapped (every row tied)."""
    rng = random.Random(11)
    pairs = []  # two hands of 13 cards, one from each pair {4r, 4r+1} or {4r+2, 4r+3}
    for _ in range(12):
        orbits = rng.sample(range(26), 26)
        pairs.append([[2 * o + rng.randrange(2) for o in orbits[h::2]] for h in (0, 1)])
    hands = np.array(pairs, dtype=np.uint8).reshape(-1, 13)
    for name in Rules.presets():
        rules = Rules.preset(name)
        solved = cp.solve_batch(hands, rules)[0].reshape(-1, 2, 13)
        for players in (2, 3, 4):
            deals = [random_deal(rng, players) for _ in range(30)]
            for a, b in solved:
                deals.append(np.array([a, a ^ 1, b, b ^ 1][:players]))
            batch = np.stack(deals).astype(np.uint8)
            totals, denominator = cp.score_batch(batch, rules, threads=1)
            for deal, row in zip(batch, totals):
                expected = score([Setting.from_codes(r) for r in deal], rules).totals
                assert row.tolist() == [t * denominator for t in expected], name


def test_score_batch_with_naturals_equals_score() -> None:
    """Hands the solver declares naturals, flagged, settle as `score` settles them
    declared; a flag on a hand that holds no natural fails its deal, named by its row."""
    rng = random.Random(17)
    rules = Rules.preset("cp_pro_1_6")
    hands = np.array([rng.sample(range(52), 52) for _ in range(1200)], dtype=np.uint8)
    settings, _, naturals = cp.solve_batch(hands.reshape(-1, 13), rules, return_naturals=True)
    deals, flags = settings.reshape(-1, 4, 13), naturals.reshape(-1, 4)
    assert flags.any(axis=1).sum() > 20
    totals, denominator = cp.score_batch(deals, rules, naturals=flags)
    for deal, flag, row in zip(deals, flags, totals):
        hands_ = [("natural", Setting.from_codes(s)) if f else Setting.from_codes(s)
                  for s, f in zip(deal, flag)]  # fmt: skip
        assert row.tolist() == [t * denominator for t in score(hands_, rules).totals]
    assert np.array_equal(totals, cp.score_batch(deals, rules, naturals=flags, threads=1)[0])
    # None is no natural declared.
    plain, _ = cp.score_batch(deals, rules)
    assert np.array_equal(plain, cp.score_batch(deals, rules, naturals=None)[0])
    assert not np.array_equal(plain, totals)
    wrong = flags.copy()
    row = int(np.flatnonzero(~flags.any(axis=1))[3])
    wrong[row, 2] = True
    with pytest.raises(cp.InvalidSettingError, match="declared a natural") as e:
        cp.score_batch(deals, rules, naturals=wrong)
    assert e.value.row == row
    with pytest.raises(cp.ArrayError, match=r"shape \(1200, 4\)"):
        cp.score_batch(deals, rules, naturals=flags[:, :3])
    with pytest.raises(cp.ArrayError, match="dtype bool"):
        cp.score_batch(deals, rules, naturals=flags.astype(np.uint8))
    with pytest.raises(cp.ArrayError, match="bool array"):
        cp.score_batch(deals, rules, naturals=flags.tolist())  # type: ignore[arg-type]


def test_score_batch_errors() -> None:
    with pytest.raises(cp.ArrayError):
        cp.score_batch(np.zeros((3, 5, 13), dtype=np.uint8))
    with pytest.raises(cp.ArrayError):
        cp.score_batch(np.zeros((3, 2, 13), dtype=np.int32))
    bad = np.stack([random_deal(random.Random(1), 2)] * 2)
    bad[1, 1, 0] = bad[1, 0, 0]  # one card held by both players
    with pytest.raises(cp.ChinesePokerError) as e:
        cp.score_batch(bad)
    assert e.value.row == 1


def brute_pareto(hand: list[int]) -> set[tuple[int, int, int]]:
    """Value triples of the Pareto frontier by brute force (legal = f <= m <= b)."""
    settings = cp.all_settings(hand, Rules(preset="plain"), legal_only=True)
    triples = {
        (int(cp.evaluate(s[:3].tolist())), int(cp.evaluate(s[3:8].tolist())), int(cp.evaluate(s[8:].tolist())))
        for s in settings
    }  # fmt: skip
    arr = np.array(sorted(triples), dtype=np.int64)
    frontier = set()
    for t in arr:
        dominated = np.any(np.all(arr >= t, axis=1) & np.any(arr > t, axis=1))
        if not dominated:
            frontier.add(tuple(int(x) for x in t))
    return frontier


@pytest.mark.parametrize("seed", range(4))
def test_settings_and_frontier_against_brute_force(seed: int) -> None:
    hand = random.Random(seed).sample(range(52), 13)
    every = cp.all_settings(hand, legal_only=False)
    assert every.shape == (72_072, 13)
    assert len({tuple(sorted(r)) for r in every.tolist()}) == 1  # each is a partition of the hand
    assert len({(frozenset(r[:3]), frozenset(r[3:8])) for r in every.tolist()}) == 72_072
    legal = cp.all_settings(hand)
    assert all(
        not Setting.from_codes(r).is_foul(Rules(preset="plain"))
        for r in legal[:: max(1, len(legal) // 200)]
    )
    settings, values = cp.pareto_settings(hand, Rules(preset="plain"))
    assert {tuple(v) for v in values.tolist()} == brute_pareto(hand)
    assert len(settings) == len({tuple(v) for v in values.tolist()})


def test_unannounced_royalties_forfeited_when_required() -> None:
    """RULES §4.0 step 5 / §9 royalty.declare_required."""
    a = Setting("2c 3d 5h / 7s 8d Tc Jc Kd / Ah Ac Qd Js 8h")
    b = Setting("Qc Qh 2d / 6s 6d 6c 4c 4d / 9s 9d 9h 9c 3s")  # middle full house 2, back quads 4
    rules = Rules.preset("cp_pro_1_3")
    assert score([a, b], rules).totals == [-7, 7]
    strict = rules.replace(royalty_declare_required=True)
    assert score([a, b], strict).totals == [-3, 3]
    assert score([a, ("announce", b)], strict).totals == [-7, 7]


PEER_PRESETS = [n for n in Rules.presets() if Rules.preset(n)["table.topology"] == "peer"]


@given(st.integers(0, 2**32), st.integers(2, 4), st.sampled_from(PEER_PRESETS))
def test_swapping_two_players_swaps_their_results(seed: int, players: int, preset: str) -> None:
    rng = random.Random(seed)
    rules = Rules.preset(preset)
    settings = []
    for row in random_deal(rng, players):
        options, _ = cp.pareto_settings(row, rules)
        settings.append(Setting.from_codes(options[rng.randrange(len(options))]))
    i, j = rng.sample(range(players), 2)
    swapped = list(settings)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    a, b = score(settings, rules).totals, score(swapped, rules).totals
    expected = list(a)
    expected[i], expected[j] = a[j], a[i]
    assert b == expected


def test_one_default_everywhere() -> None:
    # Rules(), rules=None and the CLI's preset are one and the same default (RULES §13.8).
    assert cp.DEFAULT_PRESET == "cp_pro_1_6"
    assert Rules() == Rules.preset(cp.DEFAULT_PRESET)
    assert Rules(method="2-4") == Rules.preset(cp.DEFAULT_PRESET).replace(method="2-4")
    dragon = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
    assert repr(cp.find_natural(dragon)) == repr(cp.find_natural(dragon, Rules()))
    assert cp.find_natural(dragon) is not None  # the default has naturals; plain has none
    assert cp.find_natural(dragon, Rules(preset="plain")) is None
    hand = "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"
    assert cp.solve(hand).ev == cp.solve(hand, Rules()).ev
    assert Rules.preset("plain") == Rules(preset="plain")
    assert repr(Rules()) == "Rules.from_dict({})"
