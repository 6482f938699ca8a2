"""Means, standard errors and rates from the integer sums the simulations return."""

from __future__ import annotations

import math
from collections.abc import Sequence


def means_and_errors(
    totals: Sequence[int], squares: Sequence[int], n: int, unit: int
) -> list[tuple[float, float]]:
    """(mean per trial, standard error of the mean) of each seat, from its sum and sum of
    squares over `n` trials counted in 1/`unit` points; (0.0, 0.0) without a trial, so
    that an empty or at once interrupted run still prints."""
    out = []
    for s, sq in zip(totals, squares):
        mean = s / n / unit if n else 0.0
        var = (sq / unit / unit - n * mean * mean) / (n - 1) if n > 1 else 0.0
        out.append((mean, math.sqrt(max(var, 0.0) / n) if n else 0.0))
    return out


def _ratio(part: int, whole: int) -> float:
    """`part / whole`, 0.0 when there is nothing to divide (an empty run prints)."""
    return part / whole if whole else 0.0


#: The per-seat counts of an open-face statistics dict the rates are made of, in the
#: order `board_rates` takes them.
BOARD_COUNTS = ("fouls", "royalties", "fl_hands", "fl_entries", "fl_stays")


def board_rates(counts: Sequence[int], hands: int) -> dict[str, float]:
    """Foul rate, royalties per board and the Fantasyland rates of open-face boards'
    `counts` (in `BOARD_COUNTS` order) over `hands` boards."""
    fouls, royalties, fl, entries, stays = counts
    return {
        "foul_rate": _ratio(fouls, hands),
        "royalties_per_board": _ratio(royalties, hands),
        "fantasyland_hand_rate": _ratio(fl, hands),
        "fantasyland_entry_rate": _ratio(entries, hands - fl),
        "fantasyland_stay_rate": _ratio(stays, fl),
    }
