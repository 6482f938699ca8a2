"""The solvers through the public API: never fouled, on the frontier,
batch equals scalar, deterministic, naturals declared when worth it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import chinese_poker as cp
from chinese_poker import Rules, Setting, solve, solve_batch

PRESETS = ["cp_pro_1_6", "wiki_2_4", "pagat_classic", "mau_binh_modern", "ofc_ru_main"]


def dominated(values: np.ndarray, triple: tuple[int, int, int]) -> bool:
    t = np.array(triple, dtype=np.int64)
    v = values.astype(np.int64)
    return bool(np.any(np.all(v >= t, axis=1) & np.any(v > t, axis=1)))


@given(st.integers(0, 2**32), st.sampled_from(PRESETS))
def test_chosen_setting_is_legal_and_pareto_optimal(seed: int, preset: str) -> None:
    rules = Rules.preset(preset)
    hand = random.Random(seed).sample(range(52), 13)
    s = solve(hand, rules)
    assert sorted(s.setting.codes) == sorted(hand)
    if s.natural is not None:
        return  # the natural's own arrangement is shown
    if s.fouled:  # only possible under strict order, when no legal setting exists
        assert rules["order.mode"] != "non_strict"
        assert len(cp.all_settings(hand, rules)) == 0
        return
    assert not s.setting.is_foul(rules)
    _, values = cp.pareto_settings(hand, rules)
    triple = tuple(int(v) for v in s.setting.values_under(rules))
    assert not dominated(values, triple)  # type: ignore[arg-type]
    assert s.candidates[0][0] == s.setting and s.candidates[0][1] == pytest.approx(s.ev)
    assert all(a[1] >= b[1] for a, b in zip(s.candidates, s.candidates[1:]))


def test_candidates_count_and_best_alone() -> None:
    rng = random.Random(21)
    for _ in range(40):
        hand = rng.sample(range(52), 13)
        five = solve(hand)
        one = solve(hand, candidates=1)
        many = solve(hand, candidates=12)
        assert len(one.candidates) == 1
        # The stopped search keeps exactly the full ranking's head.
        assert (one.setting, one.ev) == (five.setting, five.ev)
        assert [c for c, _ in many.candidates[:5]] == [c for c, _ in five.candidates]
        # Every frontier setting is a candidate until the list is full.
        assert len(many.candidates) == min(12, len(cp.pareto_settings(hand)[1]))
    for bad in (0, -1, 101):
        with pytest.raises(cp.ChinesePokerError, match="candidates"):
            solve(hand, candidates=bad)


def test_solve_batch_equals_solve_and_ignores_thread_count() -> None:
    rng = random.Random(9)
    hands = np.array([rng.sample(range(52), 13) for _ in range(300)], dtype=np.uint8)
    rules = Rules.preset("cp_pro_2_4")
    settings, ev = solve_batch(hands, rules, threads=1)
    settings2, ev2 = solve_batch(hands, rules, threads=2)
    assert np.array_equal(settings, settings2) and np.array_equal(ev, ev2)
    for i in range(0, 300, 15):
        s = solve(hands[i], rules)
        assert s.setting.codes == settings[i].tolist()
        assert s.ev == pytest.approx(ev[i])


def test_solve_batch_flags_the_naturals_it_declares() -> None:
    """The flags are `solve`'s decision hand by hand; a natural's EV is its points, and
    `score_batch` given the flags pays it what `score` pays the declared natural."""
    rng = random.Random(13)
    dragon = cp.parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    six_pairs = cp.parse_cards("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac")
    hands = [rng.sample(range(52), 13) for _ in range(1500)] + [dragon, six_pairs]
    batch = np.array(hands, dtype=np.uint8)
    rules = Rules.preset("cp_pro_1_6")
    settings, ev, naturals = solve_batch(batch, rules, return_naturals=True, threads=2)
    assert naturals.dtype == np.bool_ and naturals.shape == (len(hands),)
    assert np.array_equal(settings, solve_batch(batch, rules)[0])
    expected = [solve(h, rules).natural is not None for h in hands]
    assert naturals.tolist() == expected
    assert 5 < sum(expected) < 100 and naturals[-2] and naturals[-1]
    assert ev[-2] == pytest.approx(39)  # a dragon takes 13 from each of three opponents
    # The dragon against three random hands: paid as the natural only when flagged.
    others = [h for h in rng.sample(range(52), 52) if h not in dragon][:39]
    deal = np.array([settings[-2]] + [solve(others[13 * i : 13 * i + 13], rules).setting.codes
                                      for i in range(3)], dtype=np.uint8)  # fmt: skip
    flags = np.array([[True, False, False, False]])
    totals, _ = cp.score_batch(deal[None], rules, naturals=flags)
    assert totals[0, 0] == 39
    assert cp.score_batch(deal[None], rules)[0][0, 0] != 39


def test_naturals_decision() -> None:
    dragon = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
    s = solve(dragon, Rules.preset("cp_pro_1_6"))
    assert s.natural is not None and s.natural.kind == "DRAGON"
    assert s.ev == pytest.approx(13 * 3)  # 13 from each of three opponents
    plain = solve(dragon, Rules(preset="plain"))  # no naturals: the hand is played
    assert plain.natural is None and not plain.setting.is_foul(Rules(preset="plain"))


def test_strong_solver_is_seeded_and_reports_error() -> None:
    hand = "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"
    a = solve(hand, strategy="strong", effort=64, seed=5)
    b = solve(hand, strategy="strong", effort=64, seed=5, threads=1)
    assert (a.setting, a.ev, a.se) == (b.setting, b.ev, b.se)
    assert a.se is not None and 0 < a.se < 10 and a.samples == 64
    fast = solve(hand)
    assert a.setting in [c for c, _ in fast.candidates]
    assert not a.setting.is_foul()


def test_solver_errors() -> None:
    with pytest.raises(cp.HandSizeError):
        solve("As Ad Kc")
    with pytest.raises(cp.DuplicateCardError):
        solve([0] * 13)
    with pytest.raises(cp.OptionError):
        solve(list(range(13)), strategy="magic")  # type: ignore[arg-type]
    with pytest.raises(cp.OptionError):
        solve(list(range(13)), opponents=7)
    with pytest.raises(cp.ArrayError):
        solve_batch(np.zeros((2, 12), dtype=np.uint8))
    bad = np.array([list(range(13)), list(range(12)) + [60]], dtype=np.uint8)
    with pytest.raises(cp.InvalidCardError) as e:
        solve_batch(bad)
    assert e.value.row == 1


def test_solution_setting_round_trips() -> None:
    s = solve("As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh")
    assert Setting(str(s.setting)) == s.setting


def test_the_bank_is_priced_apart_under_the_banker_topology() -> None:
    rules = Rules.preset("pusoy_ph_banker")
    hand = "AS KS QS JS 9H 8H 7D 6D 5C 4C 3C 2D 2H"
    bank = solve(hand, rules, opponents=3, banker=True)
    player = solve(hand, rules, opponents=3, banker=False)
    assert bank.ev != player.ev
    # solve_batch prices the same seat the same way.
    codes = np.array([cp.parse_cards(hand)], dtype=np.uint8)
    _, ev = solve_batch(codes, rules, opponents=3, banker=True)
    assert float(ev[0]) == pytest.approx(bank.ev)


def test_banker_under_rules_without_a_bank_is_refused() -> None:
    with pytest.raises(cp.ChinesePokerError, match="bank"):
        solve("AS KS QS JS 9H 8H 7D 6D 5C 4C 3C 2D 2H", Rules.preset("cp_pro_1_6"), banker=True)
