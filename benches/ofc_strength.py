"""Open-face strength: the Monte-Carlo placement agent against the heuristic agent.

Usage: python benches/ofc_strength.py [--hands 10000] [--preset ofc_us] [--samples 32]

Heads-up deals with the seats alternating; prints the agent's points per hand (± standard error)
against the heuristic, and for each agent its foul rate, average royalties per hand and
Fantasyland entry rate. A benchmark, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import time

from chinese_poker.ofc import OfcGame


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--preset", default="ofc_us")
    ap.add_argument("--samples", type=int, default=32, help="agent rollouts per move")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    points: list[float] = []
    stats = {"agent": [0, 0, 0], "heuristic": [0, 0, 0]}  # fouls, royalties, fantasyland entries
    t0 = time.perf_counter()
    for h in range(args.hands):
        agent_seat = h % 2
        g = OfcGame(args.preset, players=2, button=h % 2, seed=args.seed * 1_000_003 + h)
        while not g.is_finished():
            seat = g.to_act
            assert seat is not None
            if seat == agent_seat:
                mv = g.suggest(samples=args.samples, seed=h)[0][0]
            else:
                mv = g.heuristic_move()
            g.play_move(seat, mv)
        result = g.settle()
        points.append(float(result.totals[agent_seat]))
        nxt = g.next_deal(0)
        for seat, who in ((agent_seat, "agent"), (1 - agent_seat, "heuristic")):
            info = result.players[seat]
            stats[who][0] += info["status"].startswith("fouled")
            stats[who][1] += sum(info["royalties"])
            stats[who][2] += nxt.in_fantasyland(seat)  # earned Fantasyland for the next deal
    n = len(points)
    mean = sum(points) / n
    se = math.sqrt(sum((p - mean) ** 2 for p in points) / (n - 1) / n) if n > 1 else 0.0
    secs = time.perf_counter() - t0
    print(
        f"{args.preset}, {n:,} heads-up hands, agent {args.samples} rollouts/move, {secs:.0f} s\n"
    )
    print(f"agent v heuristic: {mean:+.3f} ± {se:.3f} points per hand\n")
    print("| player | foul rate | royalties per hand | Fantasyland entry rate |")
    print("|---|---|---|---|")
    for who, (fouls, royalties, entries) in stats.items():
        print(f"| {who} | {fouls / n:.1%} | {royalties / n:.2f} | {entries / n:.1%} |")


if __name__ == "__main__":
    main()
