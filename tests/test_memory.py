"""Memory bounds of the batch calls: outputs above the batch limit
are refused before anything is allocated, non-contiguous inputs are read slab
by slab with the same results, and simulation keeps nothing per deal.

The huge inputs here are broadcast views (zero strides): they cost a few
bytes, so a test that passes allocates almost nothing and one that fails
(the limit not checked) would try to allocate terabytes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import chain, combinations
from typing import Any

import numpy as np
import pytest

import chinese_poker as cp

HAND5 = np.array([0, 5, 10, 15, 20], dtype=np.uint8)
EVAL_SLAB = 1 << 20  # rows per slab of a non-contiguous input (rust/python/src/limits.rs)
SCORE_SLAB = 1 << 16


@pytest.fixture
def limit() -> Iterator[Callable[[int | None], int]]:
    """Sets the batch limit for one test and restores it afterwards."""
    before = cp.batch_limit()
    yield cp.set_batch_limit
    cp.set_batch_limit(before)


def huge(row: np.ndarray, rows: int) -> np.ndarray:
    view = np.broadcast_to(row, (rows, *row.shape))
    assert view.strides[0] == 0
    return view


def random_deals(n: int, players: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8)
    return np.ascontiguousarray(decks[:, : 13 * players].reshape(n, players, 13))


def test_default_limit_is_documented() -> None:
    assert cp.DEFAULT_BATCH_LIMIT == 2**32
    assert cp.batch_limit() == cp.DEFAULT_BATCH_LIMIT


@pytest.mark.parametrize(
    ("call", "what"),
    [
        (lambda: cp.evaluate_batch(huge(HAND5, 2**40)), "evaluate_batch: 1099511627776 hands"),
        (lambda: cp.evaluate_batch(huge(HAND5[:3], 2**31)), "evaluate_batch"),
        (
            lambda: cp.categories(huge(np.array([cp.value5(0, 5, 10, 15, 20)], np.uint32), 2**33)),
            "categories",
        ),
        (lambda: cp.score_batch(huge(random_deals(1, 4, 0)[0], 2**30)), "score_batch"),
        (lambda: cp.solve_batch(huge(np.arange(13, dtype=np.uint8), 2**28)), "solve_batch"),
        (
            lambda: cp.simulate_range(0, 2**40, 4, None, "greedy", record_deals=True),
            "simulate_range(record_deals=True)",
        ),
        (lambda: cp.duplicate_match("greedy", "greedy", 2**40), "duplicate_match"),
    ],
)
def test_huge_batches_are_refused_before_allocating(call: Callable[[], Any], what: str) -> None:
    with pytest.raises(cp.ArrayError, match="above the batch limit of 4.0 GiB") as e:
        call()
    assert str(e.value).startswith(what)
    assert "set_batch_limit" in str(e.value)
    assert isinstance(e.value, cp.ChinesePokerError)


def test_limit_is_exact_and_adjustable(limit: Callable[[int | None], int]) -> None:
    assert limit(100) == cp.DEFAULT_BATCH_LIMIT
    assert cp.batch_limit() == 100
    assert cp.evaluate_batch(huge(HAND5, 25)).shape == (25,)  # 100 bytes: allowed
    with pytest.raises(cp.ArrayError, match="26 hands would need 104 bytes"):
        cp.evaluate_batch(huge(HAND5, 26))
    deals = random_deals(4, 3, 1)  # 4 deals x 3 players x 8 bytes = 96
    assert cp.score_batch(deals)[0].shape == (4, 3)
    with pytest.raises(cp.ArrayError):
        cp.score_batch(np.concatenate([deals, deals[:1]]))
    hands = deals[:, 0, :]  # 21 bytes per hand: 4 fit, 5 do not
    assert cp.solve_batch(hands)[0].shape == (4, 13)
    with pytest.raises(cp.ArrayError):
        cp.solve_batch(np.concatenate([hands, hands[:1]]))
    assert cp.simulate_range(0, 3, 4, None, "greedy", record_deals=True)["deals"] == 3
    with pytest.raises(cp.ArrayError):
        cp.simulate_range(0, 4, 4, None, "greedy", record_deals=True)
    assert cp.simulate_range(0, 40, 4, None, "greedy")["deals"] == 40  # nothing recorded
    assert limit(None) == 100
    assert cp.batch_limit() == cp.DEFAULT_BATCH_LIMIT
    big = limit(2**40)  # raising it lets bigger batches through (checked, not run)
    assert big == cp.DEFAULT_BATCH_LIMIT and cp.batch_limit() == 2**40
    with pytest.raises(cp.OptionError):
        limit(-1)
    assert cp.batch_limit() == 2**40


def test_empty_batches_still_work(limit: Callable[[int | None], int]) -> None:
    limit(0)
    assert cp.evaluate_batch(np.zeros((0, 5), np.uint8)).shape == (0,)
    assert cp.categories(np.zeros((0, 3), np.uint32)).shape == (0, 3)
    totals, denominator = cp.score_batch(np.zeros((0, 2, 13), np.uint8))
    assert totals.shape == (0, 2) and denominator == 1
    settings, ev = cp.solve_batch(np.zeros((0, 13), np.uint8))
    assert settings.shape == (0, 13) and ev.shape == (0,)


def test_outputs_are_fresh_writeable_c_arrays() -> None:
    values = cp.evaluate_batch(huge(HAND5, 10))
    assert values.flags["C_CONTIGUOUS"] and values.flags["WRITEABLE"] and values.flags["OWNDATA"]
    cats = cp.categories(values.reshape(2, 5))
    assert cats.shape == (2, 5) and cats.dtype == np.uint8 and cats.flags["WRITEABLE"]
    settings, ev = cp.solve_batch(np.arange(52, dtype=np.uint8).reshape(4, 13))
    assert settings.flags["C_CONTIGUOUS"] and ev.dtype == np.float64


@pytest.fixture(scope="module")
def many5() -> np.ndarray:
    """1.3 million distinct 5-card hands: more than one slab."""
    codes = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.uint8)
    return np.ascontiguousarray(codes.reshape(-1, 5)[::2])


def test_non_contiguous_hands_across_slabs(many5: np.ndarray) -> None:
    assert len(many5) > EVAL_SLAB
    expected = cp.evaluate_batch(many5)
    fortran = np.asfortranarray(many5)
    assert not fortran.flags["C_CONTIGUOUS"]
    assert np.array_equal(cp.evaluate_batch(fortran, threads=2), expected)
    assert np.array_equal(cp.evaluate_batch(many5[::-1]), expected[::-1])
    wide = np.zeros((len(many5), 7), np.uint8)
    wide[:, 1:6] = many5  # a strided column slice
    assert np.array_equal(cp.evaluate_batch(wide[:, 1:6], threads=1), expected)
    # a bad row in the second slab is named by its row in the whole batch
    bad = EVAL_SLAB + 12_345
    fortran[bad, 3] = fortran[bad, 0]
    with pytest.raises(cp.DuplicateCardError) as e:
        cp.evaluate_batch(fortran)
    assert e.value.row == bad


def test_non_contiguous_values_across_slabs(many5: np.ndarray) -> None:
    values = cp.evaluate_batch(many5)
    expected = cp.categories(values)
    grid = values[: 2 * 600_000].reshape(600_000, 2)
    assert np.array_equal(cp.categories(grid.T), expected[: 2 * 600_000].reshape(600_000, 2).T)
    assert np.array_equal(cp.categories(values[::-1]), expected[::-1])
    transposed = grid.T.copy().T  # Fortran order
    transposed[550_000, 1] = 0xFFFF_FFFF
    with pytest.raises(cp.InvalidValueError) as e:
        cp.categories(transposed)
    assert e.value.row == 2 * 550_000 + 1  # the flat index in logical order
    assert 2 * 550_000 + 1 > EVAL_SLAB


def test_non_contiguous_deals_across_slabs() -> None:
    base = random_deals(512, 2, 3)
    deals = base[np.arange(SCORE_SLAB + 1000) % 512]
    rules = cp.Rules(method="2-4")
    expected, denominator = cp.score_batch(deals, rules)
    fortran = np.asfortranarray(deals)
    got, d = cp.score_batch(fortran, rules)
    assert d == denominator and np.array_equal(got, expected)
    bad = SCORE_SLAB + 17
    fortran[bad, 1, 0] = fortran[bad, 0, 0]  # one card held by both players
    with pytest.raises(cp.ChinesePokerError) as e:
        cp.score_batch(fortran, rules)
    assert e.value.row == bad


def test_non_contiguous_hands_solve_the_same() -> None:
    hands = random_deals(24, 4, 5).reshape(96, 13)
    settings, ev = cp.solve_batch(hands)
    f_settings, f_ev = cp.solve_batch(np.asfortranarray(hands))
    assert np.array_equal(f_settings, settings) and np.array_equal(f_ev, ev)
    r_settings, r_ev = cp.solve_batch(hands[::-1])
    assert np.array_equal(r_settings, settings[::-1]) and np.array_equal(r_ev, ev[::-1])


class CountingExecutor:
    """Runs each task at submit time and records how many results are held
    (submitted but not yet collected) at once."""

    def __init__(self) -> None:
        self.held = 0
        self.most = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        value = fn(*args, **kwargs)
        self.held += 1
        self.most = max(self.most, self.held)
        owner = self

        class Done:
            def result(self) -> Any:
                owner.held -= 1
                return value

        return Done()


def test_executor_window_is_bounded() -> None:
    local = cp.simulate(3000, strategy="greedy", seed=6, block=100, progress=False)
    pool = CountingExecutor()
    spread = cp.simulate(
        3000, strategy="greedy", seed=6, block=100, client=pool, in_flight=4, progress=False
    )
    assert spread.stats == local.stats
    assert pool.most == 4 and pool.held == 0  # 30 blocks, never more than 4 held
    with pytest.raises(ValueError):
        cp.simulate(10, client=pool, in_flight=0)


def test_blocks_finished_are_a_range() -> None:
    r = cp.simulate(1000, strategy="greedy", seed=1, block=300, progress=False)
    assert list(r.blocks) == [0, 300, 600, 900]
    assert isinstance(r.blocks, range)  # constant size, whatever the number of blocks
