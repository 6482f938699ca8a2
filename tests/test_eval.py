"""Evaluation: exact counts, brute force, eval7, wheel, cross-size (RULES §2–§3)."""

from __future__ import annotations

import pickle
import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import chinese_poker as cp
from chinese_poker import Category, evaluate, evaluate_batch, parse_cards

from brute import cross_cmp, key


def all_combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as a uint8 array, lexicographic."""
    return np.array(list(combinations(range(n), k)), dtype=np.uint8)


@pytest.fixture(scope="module")
def all5() -> np.ndarray:
    return all_combinations(52, 5)


EXPECTED_5 = {
    Category.HIGH_CARD: 1_302_540,
    Category.PAIR: 1_098_240,
    Category.TWO_PAIR: 123_552,
    Category.TRIPS: 54_912,
    Category.STRAIGHT: 10_200,
    Category.FLUSH: 5_108,
    Category.FULL_HOUSE: 3_744,
    Category.QUADS: 624,
    Category.STRAIGHT_FLUSH: 36,
    Category.ROYAL_FLUSH: 4,
}


@pytest.mark.parametrize("wheel", ["lowest", "second_highest"])
def test_every_five_card_hand(all5: np.ndarray, wheel: str) -> None:
    assert len(all5) == 2_598_960
    values = evaluate_batch(all5, wheel=wheel)
    assert values.dtype == np.uint32 and values.shape == (2_598_960,)
    assert len(np.unique(values)) == 7462
    counts = np.bincount(cp.categories(values), minlength=10)
    assert {Category(i): int(n) for i, n in enumerate(counts)} == EXPECTED_5


def test_every_three_card_hand() -> None:
    hands = all_combinations(52, 3)
    values = evaluate_batch(hands)
    assert len(np.unique(values)) == 455
    counts = np.bincount(cp.categories(values), minlength=10)
    # 52 trips, 13*6*48 pairs, the rest high cards; nothing else exists in a front
    assert counts[Category.TRIPS] == 52
    assert counts[Category.PAIR] == 3744
    assert counts[Category.HIGH_CARD] == 22100 - 52 - 3744
    assert counts.sum() == 22100


def random_hands(rng: random.Random, n: int, sizes: tuple[int, ...] = (3, 5)) -> list[list[int]]:
    return [rng.sample(range(52), rng.choice(sizes)) for _ in range(n)]


@pytest.mark.parametrize("wheel", ["lowest", "second_highest"])
def test_order_matches_brute_force(wheel: str) -> None:
    rng = random.Random(7)
    hands = random_hands(rng, 6000)
    # enrich with straights and wheels so the wheel option is exercised
    hands += [[48, 0 + s, 4, 8 + s, 12] for s in range(4)] + [
        [12, 16, 20, 24, 28 + s] for s in range(4)
    ]
    hands += [[48, 44, 40, 36, 32 + s] for s in range(4)] + [
        [44, 40, 36, 32, 28 + s] for s in range(3)
    ]
    ours = [int(evaluate(h, wheel=wheel)) for h in hands]
    ref = [key(h, wheel) for h in hands]
    for i in range(len(hands) - 1):
        a = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        b = (ref[i] > ref[i + 1]) - (ref[i] < ref[i + 1])
        assert a == b, (hands[i], hands[i + 1])
    # and a global check: sorting by either gives the same order of keys
    order = sorted(range(len(hands)), key=lambda i: ours[i])
    assert [ref[i] for i in order] == sorted(ref)


def test_order_matches_eval7() -> None:
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    rng = random.Random(11)
    hands = random_hands(rng, 20000)
    ours = np.array([int(evaluate(h)) for h in hands], dtype=np.int64)
    theirs = np.array([eval7.evaluate([deck[c] for c in h]) for h in hands], dtype=np.int64)
    # same ordering: ranks of the two value lists agree, ties included
    assert np.array_equal(np.sign(np.diff(ours)), np.sign(np.diff(theirs)))
    o = np.argsort(ours, kind="stable")
    assert np.all(np.diff(theirs[o]) >= 0)


def test_hand_value_object() -> None:
    v = evaluate("Kh Qh 8h 6h 3h")
    assert v.category is Category.FLUSH and v.size == 5
    assert v.describe() == "Flush, K-Q-8-6-3"
    assert str(evaluate("Qh Qs 5d")) == "Pair of Queens, 5 kicker"
    assert evaluate("Qh Qs 5d").category is Category.PAIR
    assert evaluate("Ah Kh Qh Jh Th").category is Category.ROYAL_FLUSH
    assert evaluate("9h Kh Qh Jh Th").category is Category.STRAIGHT_FLUSH
    w = evaluate([51, 47, 43])
    assert w == evaluate("As Ks Qs") and hash(w) == hash(evaluate("Qs As Ks"))
    assert len({evaluate("As Ks Qs"), evaluate("Ah Kh Qh")}) == 1
    assert sorted([evaluate("2c 2d 2h"), evaluate("3c 4d 5h")]) == [
        evaluate("3c 4d 5h"),
        evaluate("2c 2d 2h"),
    ]
    assert pickle.loads(pickle.dumps(v)) == v
    assert cp.HandValue(int(v)) == v
    with pytest.raises(cp.InvalidValueError):
        cp.HandValue(12345)
    with pytest.raises(cp.InvalidValueError):
        cp.HandValue(-1)
    assert (v == 5) is False


def test_wheel_option_rules_2_2() -> None:
    wheel, six, ace, king = "Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c", "Ac Kd Qh Js Tc", "9c Kd Qh Js Tc"
    assert evaluate(wheel) < evaluate(six) < evaluate(king) < evaluate(ace)
    sh = "second_highest"
    assert evaluate(six, wheel=sh) < evaluate(king, wheel=sh) < evaluate(wheel, wheel=sh)
    assert evaluate(wheel, wheel=sh) < evaluate(ace, wheel=sh)
    # straight flushes alike
    swheel, sking = "Ac 2c 3c 4c 5c", "9c Kc Qc Jc Tc"
    assert evaluate(swheel) < evaluate(sking)
    assert evaluate(swheel, wheel=sh) > evaluate(sking, wheel=sh)
    assert evaluate(swheel, wheel=sh) < evaluate("Ac Kc Qc Jc Tc", wheel=sh)
    assert evaluate(swheel).describe() == "Straight flush, 5-4-3-2-A"
    with pytest.raises(cp.OptionError):
        evaluate(wheel, wheel="middle")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("front", "middle", "front_stronger", "prefix_equal"),
    [
        ("Ks Kd Ac", "Kh Kc Qd Js 9h", True, False),
        ("Ks Kd 5c", "Kh Kc 5d 4s 3h", False, True),
        ("As Kd Qc", "Ah Kc Qd 7s 5h", False, True),
        ("Qs Qd Qc", "9h 9c 4d 4s 2h", True, False),
        ("As Ad 2c", "3h 3c 4d 4s 5h", False, False),
        ("7s 6d 5c", "2h 2c 4d 8s 9h", False, False),
    ],
)
def test_cross_size_rules_3_2(
    front: str, middle: str, front_stronger: bool, prefix_equal: bool
) -> None:
    f, m = parse_cards(front), parse_cards(middle)
    assert (evaluate(f) > evaluate(m)) is front_stronger
    assert (cross_cmp(f, m) == 0) is prefix_equal
    assert (cross_cmp(f, m) > 0) is front_stronger


def test_cross_size_against_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(20000):
        cards = rng.sample(range(52), 8)
        front, five = cards[:3], cards[3:]
        if rng.random() < 0.3:  # force shared prefixes: copy ranks into the five
            five = [c for c in range(52) if c not in front and c // 4 in {x // 4 for x in front}]
            five = (five + [c for c in cards[3:] if c not in five])[:5]
            if len(set(five)) < 5:
                continue
        assert (int(evaluate(front)) > int(evaluate(five))) == (cross_cmp(front, five) > 0)


hands5 = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
hands3 = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True)


@given(
    st.one_of(st.lists(hands5, max_size=40), st.lists(hands3, max_size=40)),
    st.sampled_from([None, 1, 2]),
)
def test_batch_equals_scalar(hands: list[list[int]], threads: int | None) -> None:
    width = len(hands[0]) if hands else 5
    arr = np.array(hands, dtype=np.uint8).reshape(-1, width)
    got = evaluate_batch(arr, threads=threads)
    assert got.tolist() == [int(evaluate(h)) for h in hands]
    fast = [cp.value5(*h) if len(h) == 5 else cp.value3(*h) for h in hands]
    assert got.tolist() == fast


def test_value5_value3_every_hand_and_any_integer_type(all5: np.ndarray) -> None:
    """Plain ints take the fast path; numpy integers, bools and int subclasses the
    general one; both give the batch's values under either wheel."""

    class Code(int):
        pass

    sample5 = all5[::97]
    sample3 = all_combinations(52, 3)
    for wheel in (None, "lowest", "second_highest"):
        want5 = evaluate_batch(sample5, wheel=wheel).tolist()
        want3 = evaluate_batch(sample3, wheel=wheel).tolist()
        assert [cp.value5(*h, wheel=wheel) for h in sample5.tolist()] == want5
        assert [cp.value3(*h, wheel=wheel) for h in sample3.tolist()] == want3
        assert [cp.value5(*h, wheel=wheel) for h in sample5[:500]] == want5[:500]
        assert [cp.value3(*h, wheel=wheel) for h in sample3[:500]] == want3[:500]
        sub = [cp.value5(*map(Code, h), wheel=wheel) for h in sample5[:500].tolist()]
        assert sub == want5[:500]
    assert cp.value5(True, 2, 3, 4, 5) == cp.value5(1, 2, 3, 4, 5)
    with pytest.raises(cp.DuplicateCardError):
        cp.value3(0, 1, False)  # False is the code 0
    assert type(cp.value5(0, 1, 2, 3, 4)) is int


@pytest.mark.parametrize(
    ("args", "error", "position"),
    [
        ((0, 1, 2, 3, 52), cp.InvalidCardError, 4),
        ((0, 1, 2, 3, 64), cp.InvalidCardError, 4),
        ((-1, 1, 2, 3, 4), cp.InvalidCardError, 0),
        ((0, 1, 256, 3, 4), cp.InvalidCardError, 2),
        ((0, 1, 2, 3, 2**70), cp.InvalidCardError, 4),
        ((0, 1, 2, 3, 3), cp.DuplicateCardError, 4),
        ((7, 1, 2, 7, 4), cp.DuplicateCardError, 3),
        ((0, 1, 99), cp.InvalidCardError, 2),
        ((0, 1, 1), cp.DuplicateCardError, 2),
        ((0, 0, 0), cp.DuplicateCardError, 1),
    ],
)
def test_value5_value3_bad_cards(args: tuple[int, ...], error: type, position: int) -> None:
    f = cp.value5 if len(args) == 5 else cp.value3
    with pytest.raises(error) as e:
        f(*args)
    assert e.value.position == position
    with pytest.raises(TypeError):
        f(*args[:-1], "4")
    with pytest.raises(TypeError):
        f(*args[:-1], 4.0)
    with pytest.raises(cp.OptionError):
        f(*range(len(args)), wheel="highest")


def test_evaluate_list_of_plain_ints_equals_batch(all5: np.ndarray) -> None:
    """A list of plain ints takes evaluate()'s identity path; tuples, numpy
    integers and int subclasses the general one: all agree with the batch."""

    class Code(int):
        pass

    sample5 = all5[::997]
    sample3 = all_combinations(52, 3)[::7]
    for wheel in (None, "second_highest"):
        for sample in (sample5, sample3):
            want = evaluate_batch(sample, wheel=wheel).tolist()
            rows = sample.tolist()
            assert [int(cp.evaluate(h, wheel=wheel)) for h in rows] == want
            assert [int(cp.evaluate(tuple(h), wheel=wheel)) for h in rows[:300]] == want[:300]
            assert [int(cp.evaluate(list(h), wheel=wheel)) for h in sample[:300]] == want[:300]
            sub = [int(cp.evaluate([Code(c) for c in h], wheel=wheel)) for h in rows[:300]]
            assert sub == want[:300]


@pytest.mark.parametrize(
    ("cards", "error", "position"),
    [
        ([0, 1, 2, 3, 52], cp.InvalidCardError, 4),
        ([0, 1, 2, 3, -1], cp.InvalidCardError, 4),
        ([0, 1, 2, 3, 3], cp.DuplicateCardError, 4),
        ([5, 1, 5], cp.DuplicateCardError, 2),
        ([0, 1, 60], cp.InvalidCardError, 2),
    ],
)
def test_evaluate_list_bad_cards(cards: list[int], error: type, position: int) -> None:
    with pytest.raises(error) as e:
        cp.evaluate(cards)
    assert e.value.position == position
    with pytest.raises(cp.OptionError):
        cp.evaluate(list(range(len(cards))), wheel="highest")


def test_batch_threads_agree_on_large_input(all5: np.ndarray) -> None:
    sample = all5[::3]
    one = evaluate_batch(sample, threads=1)
    assert np.array_equal(one, evaluate_batch(sample, threads=2))
    assert np.array_equal(one, evaluate_batch(sample))


def test_batch_accepts_non_contiguous() -> None:
    base = np.array([[0, 5, 10, 15, 20, 25], [1, 6, 11, 16, 21, 26]], dtype=np.uint8)
    view = base[:, ::-1][:, :5]
    assert not view.flags["C_CONTIGUOUS"]
    assert evaluate_batch(view).tolist() == [int(evaluate(r.tolist())) for r in view]
    fortran = np.asfortranarray(base[:, :5])
    assert (
        evaluate_batch(fortran).tolist() == evaluate_batch(np.ascontiguousarray(fortran)).tolist()
    )
    assert evaluate_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)


def test_categories_shape_and_errors() -> None:
    v = evaluate_batch(all_combinations(10, 5))
    assert cp.categories(v.reshape(-1, 4)).shape == (63, 4)
    with pytest.raises(cp.ArrayError):
        cp.categories(v.astype(np.int64))
    with pytest.raises(cp.InvalidValueError):
        cp.categories(np.array([0xF00000], dtype=np.uint32))


def test_hand_values_are_not_tracked_by_the_cycle_collector() -> None:
    # a list of millions of values must not slow every garbage collection
    import gc

    assert not gc.is_tracked(evaluate("As Ks Qs"))
    assert not gc.is_tracked(evaluate([0, 5, 10, 15, 20]))
