"""How much a peer's own play can be exploited: a best response to its settings.

Each of our hands picks, among the fast solver's top `--candidates` settings, the one
that scores best heads-up against a pool of `--pool` settings the peer chose for other
deals (cross-fitted: hands of the first half of the deals answer a pool drawn from the
second half, and back), and the result plays the usual duplicate match against the peer
(`benches/h2h.py`'s scoring). The pool ignores card removal (its hands may share our
cards), so this measures what the peer's tendencies are worth, not a player to ship: if
even a response fitted to the peer's own settings gains little over the fast solver,
the peer is close to unexploitable by pricing alone.

    python benches/h2h.py --write-hands hands.txt --deals 20000 --seed 1
    cpoker-play -out settings.txt hands.txt
    python benches/peer_response.py --deals 20000 --seed 1 --peer-settings settings.txt

Scores are plain 2-4 heads-up (cpoker's objective) computed from row values with
numpy; the script first checks them against ``score_batch`` on the real games and
stops if they differ. Needs the optimised extension (``make release``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

import chinese_poker as cp

sys.path.insert(0, str(Path(__file__).resolve().parent))
import h2h  # noqa: E402  (the sibling script, for dealing, parsing and scoring)


def row_values(settings: np.ndarray) -> np.ndarray:
    """(N, 3) int64 values of the front, middle and back rows of settings (N, 13)."""
    rows = [np.ascontiguousarray(settings[:, a:b]) for a, b in ((0, 3), (3, 8), (8, 13))]
    return np.stack([cp.evaluate_batch(r, threads=1) for r in rows], 1).astype(np.int64)


def points(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Plain 2-4 heads-up points of settings `a` against `b`, given as row values (last
    axis 3, broadcast): a point a row, the overall point to whoever wins two rows or
    more, a foul paying as a scoop (4) and two fouls nothing."""
    fa = (a[..., 0] > a[..., 1]) | (a[..., 1] > a[..., 2])
    fb = (b[..., 0] > b[..., 1]) | (b[..., 1] > b[..., 2])
    d = np.sign(a - b)
    pts = d.sum(-1) + ((d > 0).sum(-1) >= 2) - ((d < 0).sum(-1) >= 2)
    pts = np.where(fa & ~fb, -4, pts)
    pts = np.where(fb & ~fa, 4, pts)
    return np.where(fa & fb, 0, pts)


def main(argv: list[str] | None = None) -> int:
    """Runs the best response and prints its duplicate matches against the peer and fast."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--peer-settings", required=True, type=Path)
    ap.add_argument("--candidates", type=int, default=20, help="fast solver's top settings")
    ap.add_argument("--pool", type=int, default=4000, help="peer settings priced against")
    args = ap.parse_args(argv)
    rules = cp.Rules(preset="plain", method="2-4")
    hands = h2h.deal_hands(args.deals, args.seed).reshape(-1, 13)
    peer = h2h.parse_settings(args.peer_settings.read_text(), hands)
    fast, _ = cp.solve_batch(hands, rules, opponents=1, threads=1)
    vf, vp = row_values(fast), row_values(peer)
    games = np.ascontiguousarray(np.stack([fast[0::2], peer[1::2]], 1))
    totals, den = cp.score_batch(games, rules, threads=1)
    if not (totals[:, 0] / den == points(vf[0::2], vp[1::2])).all():
        print("the numpy scorer disagrees with score_batch", file=sys.stderr)
        return 1
    rng = np.random.default_rng(0)
    half = args.deals // 2
    chosen = fast.copy()
    t0 = time.perf_counter()
    for lo, hi, plo, phi in ((0, half, half, args.deals), (half, args.deals, 0, half)):
        size = min(args.pool, 2 * (phi - plo))
        pool = vp[rng.choice(np.arange(2 * plo, 2 * phi), size=size, replace=False)]
        for h in range(2 * lo, 2 * hi):
            sol = cp.solve(hands[h].tolist(), rules, opponents=1, candidates=args.candidates)
            cands = np.asarray([s.codes for s, _ in sol.candidates], dtype=np.uint8)
            ev = points(row_values(cands)[:, None, :], pool[None, :, :]).mean(1)
            chosen[h] = cands[int(np.argmax(ev))]
    seconds = time.perf_counter() - t0
    label = f"response (candidates {args.candidates}, pool {args.pool})"
    for name, ours, other in (
        ("fast v peer", fast, peer),
        (f"{label} v peer", chosen, peer),
        (f"{label} v fast", chosen, fast),
    ):
        r = h2h.play_match(ours, other, rules)
        print(f"{name}: {r.edge:+.4f} ± {r.se:.4f} points a hand, {r.deals} deals")
    print(f"{seconds:.0f} s for the response")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
