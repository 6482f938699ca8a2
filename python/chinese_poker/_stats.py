"""Means and standard errors from the integer sums the simulations return."""

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
