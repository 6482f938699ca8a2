"""Bad input of every kind raises the right exception (never a crash)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import chinese_poker as cp


def test_hierarchy() -> None:
    for exc in (
        cp.InvalidCardError,
        cp.DuplicateCardError,
        cp.HandSizeError,
        cp.AmbiguousNotationError,
        cp.OptionError,
        cp.ArrayError,
        cp.InvalidValueError,
        cp.InternalError,
    ):
        assert issubclass(exc, cp.ChinesePokerError)
    assert issubclass(cp.ChinesePokerError, ValueError)
    assert issubclass(cp.AmbiguousNotationError, cp.InvalidCardError)


@pytest.mark.parametrize("at", ["detached", "light", "worker"])
def test_panic_becomes_internal_error(at: str) -> None:
    """A panic with the GIL released, with it held, or on a pool thread of a
    batch call surfaces as InternalError naming it; nothing else crosses."""
    with pytest.raises(cp.InternalError, match="deliberate panic"):
        cp._core._debug_panic(at)
    # the interpreter, the engine and its thread pools keep working afterwards
    assert cp.evaluate("As Ks Qs").describe() == "High card, A-K-Q"
    hands = np.tile(np.array([[51, 47, 43, 39, 35]], np.uint8), (40_000, 1))
    assert (cp.evaluate_batch(hands, threads=2) == cp.value5(51, 47, 43, 39, 35)).all()


def test_evaluate_bad_hands() -> None:
    with pytest.raises(cp.HandSizeError):
        cp.evaluate("As Ks Qs Js")
    with pytest.raises(cp.HandSizeError):
        cp.evaluate([])
    with pytest.raises(cp.DuplicateCardError) as e:
        cp.evaluate([1, 2, 1])
    assert (e.value.position, e.value.first) == (2, 0)
    with pytest.raises(cp.InvalidCardError) as e2:
        cp.evaluate([1, 2, 52])
    assert (e2.value.code, e2.value.position) == (52, 2)
    with pytest.raises(cp.InvalidCardError):
        cp.evaluate([1, 2, -1])
    with pytest.raises(cp.InvalidCardError):
        cp.evaluate([1, 2, 2**70])
    with pytest.raises(TypeError):
        cp.evaluate([1, 2, "3"])
    with pytest.raises(TypeError):
        cp.evaluate(5)  # type: ignore[arg-type]
    with pytest.raises(cp.InvalidCardError):
        cp.value5(0, 1, 2, 3, 99)
    with pytest.raises(cp.DuplicateCardError):
        cp.value3(0, 1, 1)


def test_batch_bad_arrays() -> None:
    good = np.array([[0, 1, 2, 3, 4]], dtype=np.uint8)
    with pytest.raises(cp.ArrayError, match="dtype uint8"):
        cp.evaluate_batch(good.astype(np.int64))
    with pytest.raises(cp.ArrayError, match="shape"):
        cp.evaluate_batch(np.zeros((2, 4), dtype=np.uint8))
    with pytest.raises(cp.ArrayError, match="shape"):
        cp.evaluate_batch(np.zeros(5, dtype=np.uint8))
    with pytest.raises(cp.ArrayError, match="numpy"):
        cp.evaluate_batch([[0, 1, 2, 3, 4]])  # type: ignore[arg-type]
    bad = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 52]], dtype=np.uint8)
    with pytest.raises(cp.InvalidCardError) as e:
        cp.evaluate_batch(bad)
    assert e.value.row == 1
    dup = np.array([[0, 1, 2, 3, 4]] * 3 + [[9, 9, 10, 11, 12]], dtype=np.uint8)
    with pytest.raises(cp.DuplicateCardError) as e2:
        cp.evaluate_batch(dup)
    assert e2.value.row == 3
    big = np.tile(np.array([[0, 1, 2, 3, 4]], dtype=np.uint8), (100_000, 1))
    big[77_777, 2] = 200
    with pytest.raises(cp.InvalidCardError) as e3:
        cp.evaluate_batch(big)
    assert e3.value.row == 77_777
    for threads in (0, -3):
        with pytest.raises(cp.OptionError):
            cp.evaluate_batch(good, threads=threads)


def test_batch_names_each_kind_of_bad_row_anywhere() -> None:
    """A code of 52 or more, or a card twice in any two positions, at any row of a
    20-row batch (the rows the 8-row AVX2 kernel checks and the 4 after them) is
    named with its row, alone (the batch check alone must catch it) or before
    another bad row."""
    rng = np.random.default_rng(3)
    good = np.argsort(rng.random((20, 52)), axis=1)[:, :5].astype(np.uint8)
    assert cp.evaluate_batch(good, threads=1).tolist() == [int(cp.evaluate(r)) for r in good]
    for row in range(20):
        for p in range(5):
            kinds: list[tuple[int, type[Exception]]] = [
                (52 + row, cp.InvalidCardError),
                (255 - p, cp.InvalidCardError),
            ]
            kinds += [(int(good[row, q]), cp.DuplicateCardError) for q in range(p)]
            for (code, error), later in itertools.product(kinds, (False, True)):
                bad = good.copy()
                bad[row, p] = code
                if later and row < 19:
                    bad[19, 0] = 64
                with pytest.raises(error) as e:
                    cp.evaluate_batch(bad, threads=1)
                assert e.value.row == row, (row, p, code)


@given(
    hnp.arrays(
        dtype=st.sampled_from([np.uint8, np.int8, np.int64, np.float64, np.uint32, np.bool_]),
        shape=hnp.array_shapes(min_dims=0, max_dims=3, max_side=6),
        elements=None,
    )
)
def test_fuzz_batch_arrays(arr: np.ndarray) -> None:
    try:
        out = cp.evaluate_batch(arr)
    except cp.ChinesePokerError:
        return
    # only a valid uint8 (N, 3|5) array of distinct codes < 52 per row may succeed
    assert arr.dtype == np.uint8 and arr.ndim == 2 and arr.shape[1] in (3, 5)
    assert all(len(set(r)) == len(r) and max(r) < 52 for r in arr.tolist())
    assert out.tolist() == [int(cp.evaluate(r.tolist())) for r in arr]


@given(st.lists(st.integers(min_value=-(2**80), max_value=2**80), max_size=7))
def test_fuzz_evaluate_codes(codes: list[int]) -> None:
    try:
        v = cp.evaluate(codes)
    except cp.ChinesePokerError:
        return
    assert len(codes) in (3, 5) and len(set(codes)) == len(codes)
    assert all(0 <= c < 52 for c in codes)
    assert v.size == len(codes)
