"""Batch evaluation with numpy: every one of the 2,598,960 five-card hands in one call.

Builds the array of all 5-card combinations of the 52 card codes (``4 * rank + suit``),
evaluates it with ``evaluate_batch`` (the GIL is released and the rows are split across
threads), and counts each category with ``categories`` and ``numpy.bincount``. The counts
are the textbook ones (e.g. 3,744 full houses, 36 straight flushes and 4 royal flushes).

    python examples/batch_eval_numpy.py
"""

from __future__ import annotations

import itertools
import time
from math import comb

import numpy as np

from chinese_poker import Category, categories, evaluate, evaluate_batch, format_cards


def all_five_card_hands() -> np.ndarray:
    """Every 5-card hand as a row of card codes: a (2598960, 5) uint8 array."""
    n = comb(52, 5)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=5 * n,
    )
    return flat.reshape(n, 5)


def main() -> None:
    hands = all_five_card_hands()
    start = time.perf_counter()
    values = evaluate_batch(hands)
    seconds = time.perf_counter() - start
    counts = np.bincount(categories(values), minlength=len(Category))
    print(f"{len(hands):,} hands evaluated in {seconds:.3f} s")
    for category in Category:
        print(f"{category.name:<16} {counts[category]:>10,}")
    # The strongest and weakest hands of the deck, read back through the per-hand API.
    best, worst = hands[values.argmax()], hands[values.argmin()]
    print(f"best  {format_cards(best.tolist())}: {evaluate(best.tolist()).describe()}")
    print(f"worst {format_cards(worst.tolist())}: {evaluate(worst.tolist()).describe()}")


if __name__ == "__main__":
    main()
