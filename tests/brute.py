"""An independent brute-force hand comparator, written from RULES §2–§3 only.

It shares no code or table with the engine: it sorts ranks and compares
tuples. Used as the reference the lookup tables are checked against.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def key(cards: Sequence[int], wheel: str = "lowest") -> tuple[int, tuple[float, ...]]:
    """(category, comparison key) of 3 or 5 card codes; larger is stronger."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    by_group = tuple(float(r) for r, _ in groups)
    shape = sorted(counts.values(), reverse=True)
    if len(cards) == 3:
        return ({3: 3, 2: 1, 1: 0}[shape[0]], by_group)
    flush = len({c % 4 for c in cards}) == 1
    straight_top: float | None = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            # lowest: a 5-high run; second_highest: between K-high (11) and A-high (12)
            straight_top = 3 if wheel == "lowest" else 11.5
    if straight_top is not None and flush:
        return (9, ()) if straight_top == 12 else (8, (straight_top,))
    if shape == [4, 1]:
        return (7, by_group)
    if shape == [3, 2]:
        return (6, by_group)
    if flush:
        return (5, by_group)
    if straight_top is not None:
        return (4, (straight_top,))
    if shape[0] == 3:
        return (3, by_group)
    if shape == [2, 2, 1]:
        return (2, by_group)
    if shape[0] == 2:
        return (1, by_group)
    return (0, by_group)


def cross_cmp(front: Sequence[int], five: Sequence[int]) -> int:
    """RULES R-FOUL-3: compare a front with a 5-card row; -1, 0 (prefix-equal), 1."""
    cf, kf = key(front)
    c5, k5 = key(five)
    if cf != c5:
        return 1 if cf > c5 else -1
    k5 = k5[: len(kf)]
    return (kf > k5) - (kf < k5)
