"""Random hands for the benchmark scripts (one function, shared by them)."""

from __future__ import annotations

import numpy as np


def random_hands(n: int, size: int, seed: int = 0) -> np.ndarray:
    """`n` hands of `size` distinct card codes (0..51), uint8, from a seeded shuffle."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)
