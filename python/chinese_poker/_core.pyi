"""Type stubs of the compiled core (``chinese_poker._core``)."""

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal, final

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
    """A numpy array of the wrong type, dtype or shape."""

class InvalidValueError(ChinesePokerError):
    """An integer that is not the value of any hand."""

class RulesError(ChinesePokerError):
    """An unknown rules option or a contradictory combination; `.option` names it."""

class InvalidSettingError(ChinesePokerError):
    """A setting, declaration or table that the rules cannot score."""

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
def _debug_panic() -> None: ...

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
    def describe(self, rules: Rules | None = None) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_Player = Setting | str | tuple[Literal["natural"], Setting]

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
    deals: npt.NDArray[np.uint8], rules: Rules | None = None, *, threads: int | None = None
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
    effort: int = 400,
    time_budget: float | None = None,
    seed: int = 0,
    threads: int | None = None,
    notation: _Notation = "intl",
) -> Solution: ...
def solve_batch(
    hands: npt.NDArray[np.uint8],
    rules: Rules | None = None,
    strategy: Literal["fast"] = "fast",
    opponents: int = 3,
    *,
    threads: int | None = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]: ...
def simulate_range(
    first: int,
    count: int,
    players: int = 4,
    rules: Rules | None = None,
    strategy: Literal["fast", "greedy"] = "fast",
    seed: int = 0,
    *,
    count_naturals: bool = True,
    threads: int | None = None,
) -> dict[str, Any]: ...
def duplicate_match(
    a: Literal["fast", "fast_independent", "greedy", "royalty_max"],
    b: Literal["fast", "fast_independent", "greedy", "royalty_max"],
    deals: int,
    rules: Rules | None = None,
    seed: int = 0,
) -> tuple[float, float]: ...
