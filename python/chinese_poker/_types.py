"""Plain Python types shared by the package (no logic)."""

from __future__ import annotations

from enum import IntEnum


class Category(IntEnum):
    """Hand categories, weakest first; a front (3 cards) is only HIGH_CARD, PAIR or TRIPS.

    >>> Category.FLUSH > Category.STRAIGHT
    True
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
