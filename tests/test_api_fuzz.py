"""The whole public API with arbitrary arguments.

Every public function, class and method of `chinese_poker`, `chinese_poker.ofc`
and `chinese_poker.simulate` is called with arbitrary values: strings (lone
surrogates too), integers of any size, NaN and infinities, None, lists, dicts,
and numpy arrays of every dtype and shape (0-d, empty, wrong rank,
non-contiguous, and broadcast views with 2**40 rows that must be refused
rather than allocated). The only acceptable outcomes are an answer, a
`ChinesePokerError` other than `InternalError` (a caught panic: a bug), or a
`TypeError` for an argument of the wrong Python type.

Arguments that set how long a call runs (sample counts, deal counts, thread
counts) are drawn small or out of range, so that no call runs long; file
arguments (`csv`, `plot`) are left out: an unwritable path is an OSError by
design, as with `open`.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import chinese_poker as cp
from chinese_poker import ofc

simulate_module = sys.modules["chinese_poker.simulate"]

ACCEPTED = (cp.ChinesePokerError, TypeError)


def call(f: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Calls `f`; an accepted exception is an answer, anything else propagates."""
    try:
        return f(*args, **kwargs)
    except cp.InternalError:
        raise  # a panic inside the engine: always a bug
    except ACCEPTED:
        return None


# --- values ------------------------------------------------------------------

HAND = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
SETTING = "As Kh Jd / 5h 5d 4c 4d 2d / 6s 7s 8c 9d Tc"
SETTING_2 = "Ac Ah Ts / Qc Qs Jc Jh 3d / 2s 3s 4h 5c 6h"
PRESETS = cp.Rules.presets()
NAMES = [
    "intl",
    "auto",
    "numeric",
    "ascii",
    "unicode",
    "lowest",
    "second_highest",
    "fast",
    "strong",
    "greedy",
    "royalty_max",
    "fast_independent",
    "surrender",
    *PRESETS[::4],
    "ofc_us",
    "ofc_pineapple",
]
EDGE_INTS = [
    -(2**64),
    -(2**63) - 1,
    -(2**63),
    -1,
    0,
    1,
    2,
    3,
    13,
    51,
    52,
    255,
    256,
    2**31,
    2**32,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    10**30,
    -(10**30),
]
STRINGS = [
    "",
    " ",
    "\x00",
    "\ud800",  # a lone surrogate: not encodable as UTF-8
    "As\udcff Kd",
    "As",
    "As Ks Qs",
    "As Ks Qs Js Ts",
    HAND,
    SETTING,
    "As As",
    "T-2-3-4-5-6-7-8-9-10-V-D-K",
    "{}",
    '{"preset":"ofc_us"}',
    "x" * 300,
]

ALL_DTYPES = [
    np.bool_,
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.float16,
    np.float32,
    np.float64,
    np.complex64,
    np.complex128,
]


def special_arrays() -> list[np.ndarray]:
    """Arrays a strategy would rarely build: views, odd layouts, huge broadcasts."""
    hands = np.array([np.random.default_rng(i).permutation(52)[:13] for i in range(6)], np.uint8)
    zero = np.zeros((), dtype=np.uint8)
    return [
        hands,
        hands[:, :5],  # non-contiguous
        hands[:, :3],
        hands[:, ::-1][:, :5],  # negative strides
        np.asfortranarray(hands[:, :5]),
        hands.reshape(3, 2, 13),  # (N, P, 13) deals
        hands.reshape(2, 3, 13)[:, ::-1],
        hands[:0],  # empty
        np.zeros((0, 5), np.uint8),
        np.zeros((0, 2, 13), np.uint8),
        np.zeros((5, 0), np.uint8),
        np.uint8(7),  # numpy scalar
        np.array(5, dtype=np.uint8),  # 0-d
        np.array(cp.evaluate_batch(hands[:, :5])),
        np.array([1, 2, 3], dtype=object),
        np.array([None, "As", 3.5], dtype=object),
        np.array(["As", "Ks", "Qs"]),
        np.array([b"As"], dtype="S2"),
        np.array(["2024-01-01"], dtype="datetime64[D]"),
        # 2**40 rows in a few bytes: must be refused, not copied or allocated
        np.broadcast_to(zero, (2**40, 5)),
        np.broadcast_to(zero, (2**40, 3)),
        np.broadcast_to(zero, (2**40, 13)),
        np.broadcast_to(zero, (2**38, 2, 13)),
        np.broadcast_to(np.zeros((), np.uint32), (2**40,)),
        np.broadcast_to(zero, (2**40,)),
    ]


SPECIAL_ARRAYS = special_arrays()

arrays = st.one_of(
    hnp.arrays(
        dtype=st.sampled_from(ALL_DTYPES),
        shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=14),
    ),
    hnp.arrays(
        dtype=st.sampled_from([np.uint8, np.int64]),
        shape=st.sampled_from([(4, 5), (4, 3), (3, 13), (2, 2, 13), (1, 4, 13), (13,)]),
        elements=st.integers(0, 60),
    ),
    st.sampled_from(SPECIAL_ARRAYS),
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(EDGE_INTS),
    st.floats(),  # NaN and the infinities included
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e300, -0.0, 0.5]),
    st.complex_numbers(),
    st.text(max_size=20),
    st.sampled_from(STRINGS + NAMES),
    st.binary(max_size=10),
)


def domain_objects() -> list[Any]:
    game = ofc.OfcGame("ofc_us", players=2, seed=3)
    return [
        cp.Rules(),
        cp.Rules.preset("malay_banker"),
        cp.Rules.preset("pusoy_ph_pot"),
        cp.Setting(SETTING),
        cp.evaluate("As Ks Qs"),
        game,
        cp.score([SETTING, SETTING_2]),
        object(),
        cp.Category.FLUSH,
    ]


DOMAIN = domain_objects()

anything = st.recursive(
    st.one_of(scalars, arrays, st.sampled_from(DOMAIN)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=14),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=8), st.sampled_from(NAMES)), inner, max_size=4),
    ),
    max_leaves=10,
)

codes = st.lists(st.integers(-2, 60), min_size=0, max_size=18)
cards = st.one_of(codes, st.sampled_from(STRINGS), arrays, anything)

# Arguments that set the amount of work: small, or out of every range (no long runs).
small_or_invalid = st.one_of(
    st.integers(max_value=6),
    st.integers(min_value=2**64),
    st.sampled_from([None, 1.5, float("nan"), "3", [3], True, np.int64(-1)]),
)
threads = st.sampled_from([None, 1, 2, 0, -1, 257, 4097, 2**70, -(2**70), 1.5, "2", True])

BY_NAME: dict[str, st.SearchStrategy[Any]] = {
    "effort": small_or_invalid,
    "samples": small_or_invalid,
    "deals": st.one_of(small_or_invalid, arrays, cards),
    "count": small_or_invalid,
    "block": st.one_of(st.integers(-2, 50), st.integers(min_value=2**64), scalars),
    "threads": threads,
    "client": st.one_of(st.none(), scalars),
    "progress": st.one_of(st.none(), st.booleans(), scalars),
    "csv": st.none(),
    "plot": st.none(),
    "rules": st.one_of(st.sampled_from(DOMAIN[:3]), anything),
    "hand": cards,
    "cards": cards,
    "codes": cards,
    "hands": cards,
    "values": cards,
    "text": st.one_of(st.sampled_from(STRINGS), st.text(max_size=40), anything),
    "front": cards,
    "middle": cards,
    "back": cards,
    "discard": cards,
    "players": st.one_of(
        st.lists(st.sampled_from([SETTING, SETTING_2, "surrender", ("natural", HAND)]), max_size=5),
        anything,
    ),
}


# Open-face hands take milliseconds each, not microseconds: fewer still.
OFC_HANDS = st.one_of(
    st.integers(max_value=2), st.integers(min_value=2**64), st.sampled_from([None, 1.5, "3"])
)

# Where one name means two things: `deals` is an array for score_batch, a count here.
BY_CALLABLE: dict[tuple[str, str], st.SearchStrategy[Any]] = {
    ("chinese_poker.simulate", "deals"): small_or_invalid,
    ("chinese_poker.simulate.simulate", "deals"): small_or_invalid,
    ("chinese_poker.duplicate_match", "deals"): small_or_invalid,
    ("chinese_poker.ofc.simulate", "hands"): OFC_HANDS,
    ("chinese_poker.ofc.duplicate_match", "hands"): OFC_HANDS,
}


def argument(callable_name: str, name: str) -> st.SearchStrategy[Any]:
    return BY_CALLABLE.get((callable_name, name), BY_NAME.get(name, st.one_of(scalars, anything)))


# --- calls -------------------------------------------------------------------


def category(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        # Category is a plain IntEnum: the standard library looks a value up by ==, which
        # numpy broadcasts (a huge broadcast view then asks for terabytes): not the engine's.
        return None
    try:
        return cp.Category(value)
    except ValueError as e:
        if isinstance(e, cp.ChinesePokerError) or "is not a valid Category" not in str(e):
            raise
        return None


def public_callables() -> dict[str, Callable[..., Any]]:
    """Every public function and class, and every public method of a sample of each class."""
    out: dict[str, Callable[..., Any]] = {}
    for module, names in (
        (cp, cp.__all__),
        (ofc, ofc.__all__),
        (simulate_module, simulate_module.__all__),
    ):
        for name in names:
            obj = getattr(module, name)
            if obj is cp.Category:
                # A stdlib IntEnum: its lookup raises ValueError for a value that
                # is no category (the enum's contract), and its functional API
                # (`Category("Name", names=...)`) is the enum module's, not ours.
                obj = category
            if callable(obj):
                out[f"{module.__name__}.{name}"] = obj
    game = ofc.OfcGame("ofc_pineapple", players=3, seed=5, fantasyland=[0, 14, 0])
    samples = [
        cp.Rules.preset("cp_pro_1_6"),
        cp.Setting(SETTING),
        cp.evaluate("As Ks Qs Js Ts"),
        game,
        cp.score([SETTING, SETTING_2]),
        cp.solve(HAND),
        cp.find_natural(HAND),
        simulate_module.simulate(3, strategy="greedy", progress=False),
    ]
    for sample in samples:
        for name in dir(sample):
            if name.startswith("_") and name != "__getitem__":
                continue
            attr = getattr(sample, name)
            if callable(attr):
                out[f"{type(sample).__name__}.{name}"] = attr
    return out


CALLABLES = public_callables()


def parameters(f: Callable[..., Any]) -> list[inspect.Parameter]:
    try:
        return list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):  # exception classes have no signature
        return [inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL)]


@st.composite
def arguments(draw: st.DrawFn, name: str) -> tuple[list[Any], dict[str, Any]]:
    """Positional and keyword arguments for `f`, each drawn by its parameter's
    name; sometimes one too many, one too few, or an unknown keyword."""
    f = CALLABLES[name]
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    by_keyword = False  # after a skipped or keyword argument, positions would shift
    for p in parameters(f):
        if p.name == "self":
            continue
        if p.kind is p.VAR_POSITIONAL:
            args += draw(st.lists(small_or_invalid, max_size=3))
        elif p.kind is p.VAR_KEYWORD:
            keys = st.one_of(
                st.sampled_from(cp.Rules.options()),
                st.sampled_from([o.replace(".", "_") for o in cp.Rules.options()]),
                st.sampled_from(["method", "wheel", "order", "topology", "preset"]),
                st.text(max_size=8),
            )
            kwargs.update(draw(st.dictionaries(keys, anything, max_size=4)))
        elif p.default is not p.empty and draw(st.integers(0, 4)) == 0:
            by_keyword = True  # left at its default
        elif p.kind is p.POSITIONAL_ONLY or (
            p.kind is p.POSITIONAL_OR_KEYWORD and not by_keyword and draw(st.booleans())
        ):
            args.append(draw(argument(name, p.name)))
        else:
            by_keyword = True
            kwargs[p.name] = draw(argument(name, p.name))
    extra = draw(st.integers(0, 12))
    if extra == 0:
        args.append(draw(small_or_invalid))  # whatever slot it lands in, no long run
    elif extra == 1:
        kwargs["no_such_argument"] = draw(anything)
    elif extra == 2 and args:
        args.pop()
    return args, kwargs


# About 80 callables: a sixth of the profile's examples each (10 in the fast
# profile, 333 in the slow one) keeps the default run to a few seconds.
PER_CALLABLE = settings(max_examples=max(10, settings.default.max_examples // 6))


@pytest.mark.parametrize("name", sorted(CALLABLES))
@PER_CALLABLE
@given(data=st.data())
def test_any_arguments(name: str, data: st.DataObject) -> None:
    args, kwargs = data.draw(arguments(name), label="arguments")
    # set_batch_limit changes the process: put the limit back, or a huge
    # limit would let a later call try to run a refused batch.
    limit = cp.batch_limit()
    try:
        call(CALLABLES[name], *args, **kwargs)
    finally:
        cp.set_batch_limit(limit)


# --- a few cases that must be refused, by name ---------------------------------

HUGE = {
    "evaluate_batch": np.broadcast_to(np.zeros((), np.uint8), (2**40, 5)),
    "solve_batch": np.broadcast_to(np.zeros((), np.uint8), (2**40, 13)),
    "score_batch": np.broadcast_to(np.zeros((), np.uint8), (2**38, 2, 13)),
    "categories": np.broadcast_to(np.zeros((), np.uint32), (2**40,)),
}


@pytest.mark.parametrize("name", sorted(HUGE))
def test_huge_broadcast_arrays_are_refused(name: str) -> None:
    """A view of 2**40 rows is not copied or allocated: an ArrayError says why."""
    with pytest.raises(cp.ArrayError, match="too large|cannot allocate|batch limit"):
        getattr(cp, name)(HUGE[name])


def test_integers_out_of_range_are_chinese_poker_errors() -> None:
    """pyo3 would raise OverflowError; the API promises its own error."""
    for f, kwargs in [
        (ofc.OfcGame, {"players": -1}),
        (ofc.OfcGame, {"seed": 2**64}),
        (cp.solve, {"hand": HAND, "effort": 10**30}),
        (cp.simulate_range, {"first": -1, "count": 1}),
        (cp.value5, {}),
        (cp.HandValue, {"value": 2**70}),
        (cp.evaluate_batch, {"cards": np.zeros((1, 5), np.uint8), "threads": 2**70}),
    ]:
        args = (0, 1, 2, 3, 2**70) if f is cp.value5 else ()
        with pytest.raises(cp.ChinesePokerError):
            f(*args, **kwargs)


def test_lone_surrogates_are_chinese_poker_errors() -> None:
    with pytest.raises(cp.InvalidCardError):
        cp.parse_cards("As \ud800")
    with pytest.raises(cp.OptionError):
        cp.parse_cards("As", notation="\ud800")
    with pytest.raises(cp.ChinesePokerError):
        ofc.OfcGame.from_json('{"preset":"\ud800"}')


def test_odd_arguments_found_by_the_harness() -> None:
    """Each of these once raised an exception outside the contract (or worse)."""
    cyclic: list[Any] = []
    cyclic.append(cyclic)
    with pytest.raises(cp.RulesError):
        cp.Rules(method=cyclic)  # recursed in Rust until the stack overflowed
    with pytest.raises(TypeError):
        cp.score([()])  # IndexError
    with pytest.raises(cp.ChinesePokerError):
        cp.simulate_range(2**64 - 1, 2)  # first + count overflowed: a panic
    # simulate_range(0, 2**63) once aborted allocating per-chunk sums; it now
    # works through windows of deals in constant memory (so it simply runs).
    with pytest.raises(cp.ChinesePokerError):
        cp.duplicate_match("greedy", "greedy", 2**60)  # aborted allocating
    plain = "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"
    # Duration::from_secs_f64 panicked outside the guard (PanicException)
    assert cp.solve(plain, strategy="strong", effort=2, time_budget=1e300).samples > 0
    with pytest.raises(cp.OptionError):
        cp.simulate(-1)  # a plain ValueError
    with pytest.raises(TypeError):
        cp.simulate(np.array([]))  # numpy's ambiguous truth value
    with pytest.raises(TypeError):
        cp.simulate(3, client=5)  # AttributeError
    with pytest.raises(TypeError):
        simulate_module.merge_stats(True, None)  # AttributeError
    with pytest.raises(cp.ChinesePokerError):
        simulate_module.merge_stats({"deals": 1}, {"deals": 1})  # KeyError
    with pytest.raises(TypeError):
        ofc.suggest(None)  # type: ignore[arg-type]  # AttributeError
    with pytest.raises(cp.ChinesePokerError):
        ofc.OfcGame("ofc_us").view(seat=9)  # a view of a seat that does not exist
    with pytest.raises(cp.HandSizeError):
        cp.evaluate(np.broadcast_to(np.zeros((), np.uint8), (2**40,)))  # iterated 2**40 codes
    with pytest.raises(cp.HandSizeError):
        ofc.OfcGame(fantasyland=np.broadcast_to(np.zeros((), np.uint8), (2**40,)))
