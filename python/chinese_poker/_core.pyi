"""Type stubs of the compiled core (``chinese_poker._core``)."""

import os
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal, final, overload

import numpy as np
import numpy.typing as npt

from chinese_poker._types import Category

__version__: str

_Notation = Literal["intl", "ru_latin", "ru_cyrillic", "numeric", "numeric_1_13", "auto"]
_Wheel = Literal["lowest", "second_highest"]
_Cards = str | Iterable[int]

class ChinesePokerError(ValueError):
    """Base class of every error chinese-poker raises."""

class InvalidCardError(ChinesePokerError):
    """A token or code that is not a card."""

class AmbiguousNotationError(InvalidCardError):
    """``notation='auto'`` found more than one valid reading."""

class DuplicateCardError(ChinesePokerError):
    """The same card appears twice."""

class HandSizeError(ChinesePokerError):
    """A hand with the wrong number of cards."""

class OptionError(ChinesePokerError):
    """An unknown option value."""

class ArrayError(ChinesePokerError):
    """A numpy array of the wrong type, dtype or shape, or a batch above the batch limit."""

class InvalidValueError(ChinesePokerError):
    """An integer that is not the value of any hand."""

class RulesError(ChinesePokerError):
    """An unknown rules option or a contradictory combination; `.option` names it."""

class InvalidSettingError(ChinesePokerError):
    """A setting, declaration or table that the rules cannot score."""

class FileFormatError(ChinesePokerError):
    """Bytes that are not a valid file of their kind (a model file, a training block)."""

class InternalError(ChinesePokerError):
    """A bug inside chinese-poker (a caught panic)."""

@final
class HandValue:
    """The value of a 3- or 5-card hand on the scale shared by all rows."""

    def __new__(cls, value: int) -> HandValue: ...
    def __int__(self) -> int: ...
    def __lt__(self, other: HandValue, /) -> bool: ...
    def __le__(self, other: HandValue, /) -> bool: ...
    def __gt__(self, other: HandValue, /) -> bool: ...
    def __ge__(self, other: HandValue, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[int]]: ...
    @property
    def value(self) -> int: ...
    @property
    def category(self) -> Category: ...
    @property
    def size(self) -> int: ...
    def describe(self) -> str: ...

def parse_cards(text: str, notation: _Notation = "intl") -> list[int]: ...
def parse_ranks(text: str, notation: _Notation = "intl") -> list[int]: ...
def format_cards(cards: _Cards, style: Literal["ascii", "unicode"] = "ascii") -> str: ...
def notations() -> list[str]: ...
def deal(seed: int, index: int = 0) -> list[int]: ...
def deal_seed(seed: int, index: int) -> int: ...
def evaluate(
    cards: _Cards, *, wheel: _Wheel | None = None, notation: _Notation | None = None
) -> HandValue: ...
def value5(
    c0: int, c1: int, c2: int, c3: int, c4: int, /, *, wheel: _Wheel | None = None
) -> int: ...
def value3(c0: int, c1: int, c2: int, /, *, wheel: _Wheel | None = None) -> int: ...
def evaluate_batch(
    cards: npt.NDArray[np.uint8], *, wheel: _Wheel | None = None, threads: int | None = None
) -> npt.NDArray[np.uint32]: ...
def categories(values: npt.NDArray[np.uint32]) -> npt.NDArray[np.uint8]: ...

DEFAULT_BATCH_LIMIT: int
#: The preset of the rules used when a call is given none (`Rules()` starts from it).
DEFAULT_PRESET: str

def batch_limit() -> int: ...
def set_batch_limit(nbytes: int | None) -> int: ...
def _debug_panic(at: str = "detached") -> None: ...

_OptionValue = str | int | bool | Sequence[str] | Mapping[str, int]

@final
class Rules:
    """The rules of a deal: every option of RULES §9, immutable."""

    def __new__(cls, **options: _OptionValue) -> Rules: ...
    @staticmethod
    def preset(name: str) -> Rules: ...
    @staticmethod
    def presets() -> list[str]: ...
    @staticmethod
    def options() -> list[str]: ...
    def replace(self, **changes: _OptionValue) -> Rules: ...
    def to_dict(self) -> dict[str, str]: ...
    @staticmethod
    def from_dict(d: Mapping[str, _OptionValue]) -> Rules: ...
    def __getitem__(self, name: str, /) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[dict[str, str]]]: ...

@final
class Setting:
    """Thirteen cards set as front (3), middle (5) and back (5)."""

    def __new__(
        cls,
        front: _Cards,
        middle: _Cards | None = None,
        back: _Cards | None = None,
        *,
        notation: _Notation = "intl",
    ) -> Setting: ...
    @staticmethod
    def from_codes(codes: Iterable[int]) -> Setting: ...
    @property
    def codes(self) -> list[int]: ...
    @property
    def front(self) -> list[int]: ...
    @property
    def middle(self) -> list[int]: ...
    @property
    def back(self) -> list[int]: ...
    @property
    def values(self) -> tuple[HandValue, HandValue, HandValue]: ...
    def values_under(
        self, rules: Rules | None = None
    ) -> tuple[HandValue, HandValue, HandValue]: ...
    def is_foul(self, rules: Rules | None = None) -> bool: ...
    def foul_reason(self, rules: Rules | None = None) -> str | None: ...
    def royalties(self, rules: Rules | None = None) -> tuple[int, int, int]: ...
    def describe(
        self,
        rules: Rules | None = None,
        *,
        style: Literal["ascii", "unicode"] = "ascii",
        grouped: bool = False,
        royalties: bool = False,
        verdict: bool = True,
    ) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_Player = Setting | str | tuple[Literal["natural", "announce"], Setting]

@final
class Natural:
    """A detected natural (RULES §6)."""

    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def precedence(self) -> int: ...
    @property
    def key(self) -> list[int]: ...
    @property
    def setting(self) -> Setting | None: ...

@final
class ScoreResult:
    """The settlement of a deal."""

    @property
    def totals(self) -> list[int | Fraction]: ...
    @property
    def matrix(self) -> list[list[int | Fraction]]: ...
    @property
    def players(self) -> list[dict[str, Any]]: ...
    @property
    def pairs(self) -> list[dict[str, Any]]: ...
    def explain(self) -> str: ...

def find_natural(
    hand: _Cards, rules: Rules | None = None, *, notation: _Notation = "intl"
) -> Natural | None: ...
def score(
    players: Iterable[_Player],
    rules: Rules | None = None,
    stakes: Sequence[Sequence[int]] | None = None,
    pot: int = 0,
) -> ScoreResult: ...
def score_batch(
    deals: npt.NDArray[np.uint8],
    rules: Rules | None = None,
    *,
    naturals: npt.NDArray[np.bool_] | None = None,
    threads: int | None = None,
) -> tuple[npt.NDArray[np.int64], int]: ...
def all_settings(
    hand: _Cards,
    rules: Rules | None = None,
    legal_only: bool = True,
    *,
    notation: _Notation = "intl",
) -> npt.NDArray[np.uint8]: ...
def pareto_settings(
    hand: _Cards, rules: Rules | None = None, *, notation: _Notation = "intl"
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint32]]: ...

@final
class Model:
    """The fast solver's opponent model, trained by self-play."""

    @staticmethod
    def default() -> Model: ...
    @staticmethod
    def for_rules(rules: Rules | None = None, players: int = 4) -> Model: ...
    @staticmethod
    def load(path: str | os.PathLike[str]) -> Model: ...
    @staticmethod
    def from_bytes(data: bytes) -> Model: ...
    def to_bytes(self) -> bytes: ...
    def save(self, path: str | os.PathLike[str]) -> None: ...
    @property
    def samples(self) -> int: ...
    @property
    def foul_rate(self) -> float: ...
    @property
    def scoop_rate(self) -> float: ...
    @property
    def natural_rate(self) -> float: ...
    @property
    def rules(self) -> Rules | None: ...
    @property
    def players(self) -> int | None: ...
    @property
    def deals(self) -> int | None: ...
    @property
    def iterations(self) -> int | None: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def average(self) -> bool | None: ...
    @property
    def drift(self) -> float | None: ...
    @property
    def history(self) -> list[IterationReport]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[bytes]]: ...

@final
class IterationReport:
    """What one iteration of training played and how much the model moved."""

    @property
    def iteration(self) -> int: ...
    @property
    def deals(self) -> int: ...
    @property
    def rows(self) -> int: ...
    @property
    def fouls(self) -> int: ...
    @property
    def naturals(self) -> int: ...
    @property
    def scoop_rate(self) -> float: ...
    @property
    def drift(self) -> float | None: ...
    @property
    def seconds(self) -> float | None: ...

@final
class _Trainer:
    """The core's training loop, driven block by block."""

    def __new__(
        cls,
        rules: Rules | None,
        players: int,
        deals: int,
        iterations: int,
        seed: int,
        average: bool,
    ) -> _Trainer: ...
    @property
    def iteration(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    @property
    def model(self) -> Model | None: ...
    def add_block(self, first: int, block: bytes) -> None: ...
    def end_iteration(self, seconds: float | None = None) -> IterationReport: ...
    def finish(self) -> Model: ...

def _train_block(
    rules: Rules | None,
    players: int,
    model: Model | None,
    seed: int,
    iteration: int,
    first: int,
    count: int,
    *,
    threads: int | None = None,
) -> bytes: ...

@final
class Solution:
    """The solver's answer."""

    @property
    def setting(self) -> Setting: ...
    @property
    def ev(self) -> float: ...
    @property
    def se(self) -> float | None: ...
    @property
    def natural(self) -> Natural | None: ...
    @property
    def candidates(self) -> list[tuple[Setting, float]]: ...
    @property
    def fouled(self) -> bool: ...
    @property
    def samples(self) -> int: ...

def solve(
    hand: _Cards,
    rules: Rules | None = None,
    strategy: Literal["fast", "strong"] = "fast",
    opponents: int = 3,
    *,
    effort: int = 1024,
    time_budget: float | None = None,
    seed: int = 0,
    threads: int | None = None,
    notation: _Notation = "intl",
    candidates: int = 5,
    model: Model | None = None,
    banker: bool = False,
) -> Solution: ...
@overload
def solve_batch(
    hands: npt.NDArray[np.uint8],
    rules: Rules | None = None,
    strategy: Literal["fast"] = "fast",
    opponents: int = 3,
    *,
    threads: int | None = None,
    model: Model | None = None,
    banker: bool = False,
    return_naturals: Literal[False] = False,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]: ...
@overload
def solve_batch(
    hands: npt.NDArray[np.uint8],
    rules: Rules | None = None,
    strategy: Literal["fast"] = "fast",
    opponents: int = 3,
    *,
    threads: int | None = None,
    model: Model | None = None,
    banker: bool = False,
    return_naturals: Literal[True],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64], npt.NDArray[np.bool_]]: ...
def simulate_range(
    first: int,
    count: int,
    players: int = 4,
    rules: Rules | None = None,
    strategy: Literal["fast", "greedy"] = "fast",
    seed: int = 0,
    *,
    count_naturals: bool = True,
    record_deals: bool = False,
    threads: int | None = None,
    time_budget: float | None = None,
) -> dict[str, Any]: ...
def _merge_stats(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]: ...

#: Natural kinds in the order of the statistics' lists (RULES §6.2).
NATURAL_KINDS: tuple[str, ...]

def ofc_simulate_range(
    first: int,
    count: int,
    players: int = 3,
    preset: str = "ofc_pineapple",
    strategies: str | Sequence[str] = "default",
    seed: int = 0,
    *,
    rules: Rules | None = None,
    threads: int | None = None,
) -> dict[str, Any]: ...
def _merge_ofc_stats(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]: ...

#: The open-face strategies' names, as `ofc_simulate_range` reads them.
OFC_STRATEGIES: tuple[str, ...]
#: Hands per open-face table (Fantasyland carries over inside one).
OFC_TABLE_HANDS: int

def duplicate_match(
    a: Literal["fast", "fast_independent", "greedy", "royalty_max"],
    b: Literal["fast", "fast_independent", "greedy", "royalty_max"],
    deals: int,
    rules: Rules | None = None,
    seed: int = 0,
) -> tuple[float, float]: ...

@final
class OfcGame:
    """An open-face deal."""

    def __new__(
        cls,
        preset: str = "ofc_ru_main",
        players: int = 2,
        button: int = 0,
        seed: int | None = None,
        fantasyland: Sequence[int] | None = None,
        rules: Rules | None = None,
    ) -> OfcGame: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def street(self) -> int | None: ...
    @property
    def players(self) -> int: ...
    def is_finished(self) -> bool: ...
    def board(self, seat: int) -> tuple[list[int], list[int], list[int]]: ...
    def hand(self, seat: int) -> list[int]: ...
    def in_fantasyland(self, seat: int) -> bool: ...
    def move_shape(self) -> tuple[int, int] | None: ...
    def legal_moves(self) -> list[dict[str, Any]]: ...
    def play(
        self,
        seat: int,
        front: _Cards | None = None,
        middle: _Cards | None = None,
        back: _Cards | None = None,
        discard: _Cards | None = None,
    ) -> None: ...
    def play_move(self, seat: int, mv: dict[str, Any]) -> None: ...
    def suggest(
        self,
        samples: int = 96,
        seed: int = 0,
        seat: int | None = None,
        *,
        time_budget: float | None = None,
    ) -> list[tuple[dict[str, Any], float]]: ...
    def heuristic_move(self) -> dict[str, Any]: ...
    def settle(self) -> ScoreResult: ...
    def next_deal(self, seed: int | None = None) -> OfcGame: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> OfcGame: ...
    def view(self, seat: int | None = None) -> str: ...

def fantasyland_setting(
    cards: _Cards, preset: str = "ofc_us", stay_value: float = 8.0
) -> dict[str, Any]: ...
