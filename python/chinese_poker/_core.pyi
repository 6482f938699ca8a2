"""Type stubs of the compiled core (``chinese_poker._core``)."""

from collections.abc import Iterable
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
