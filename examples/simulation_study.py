"""A simulation study: how often a player is scooped, by the number of players at the table.

Plays the same seeded deals at tables of 2, 3 and 4 players (every hand set by the fast
solver, the ``cp_pro_1_6`` rules), prints each table's scoop rate with its standard error
and the points per seat, and saves a bar chart of the scoop rates. The results are the same
on every run (seeded deals; the thread count does not change them). matplotlib is optional:
without it the figures are still computed and printed, and the plot is skipped.

    python examples/simulation_study.py [--deals 2000] [--out scoop_rates.png]
"""

from __future__ import annotations

import argparse
import math

from chinese_poker import Rules, simulate

PRESET = "cp_pro_1_6"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per table size")
    parser.add_argument("--out", default="scoop_rates.png", help="where to save the plot")
    args = parser.parse_args()

    rules = Rules.preset(PRESET)
    sizes, rates, errors = [], [], []
    print(f"{PRESET}, {args.deals} deals per table, seed 1")
    print("players  scoop rate  ± s.e.   points per seat (± s.e.)")
    for players in (2, 3, 4):
        result = simulate(args.deals, players=players, rules=rules, seed=1, progress=False)
        pairs = result.stats["pairs_compared"]
        rate = result.rates()["scoop_rate"]  # scoops per pair of players compared
        # Binomial error over the pairs compared; the pairs of one deal are not independent,
        # so at 3 and 4 players this is an approximation.
        se = math.sqrt(rate * (1 - rate) / pairs) if pairs else 0.0
        seats = "  ".join(f"{m:+.3f}±{e:.3f}" for m, e in result.points_per_seat())
        print(f"{players:>7}  {rate:>10.4f}  {se:.4f}   {seats}")
        # Every point won is lost by another seat: the seats' means add up to zero.
        total = sum(m for m, _ in result.points_per_seat())
        print(f"{'':>7}  sum of the seats' means: {total:+.6f}")
        sizes.append(players)
        rates.append(rate)
        errors.append(se)

    try:
        import matplotlib

        matplotlib.use("Agg")  # files only, no window
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: the plot is skipped (pip install matplotlib)")
        return
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.bar([str(s) for s in sizes], rates, yerr=errors, capsize=4)
    ax.set_xlabel("players at the table")
    ax.set_ylabel("scoops per pair compared")
    ax.set_title(f"Scoop rate under {PRESET} ({args.deals} deals each)")
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"plot saved to {args.out}")


if __name__ == "__main__":
    main()
