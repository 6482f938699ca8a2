"""A fingerprint of the engine's answers, to show that a refactor changes none.

It hashes what the solver, the scorer and the games answer on seeded inputs:
the settings, candidates and EVs of random hands under three presets, the
frontier of random hands, `score_batch` on random deals, a seeded `simulate`
and seeded open-face games. Run it before and after a change and compare, or
compare against the pinned file:

    python benches/fingerprint.py --check benches/fingerprint.json

A change that is meant to alter answers (a new deck, a better solver) re-pins
the file with `--write` and says so in the changelog.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import chinese_poker as cp
from chinese_poker.ofc import OfcGame

sys.path.insert(0, str(Path(__file__).parent))
from _hands import random_hands  # noqa: E402

SOLVE_PRESETS = ("wiki_2_4", "cp_pro_1_6", "shisanshui_fujian")


def _digest(parts: list[str]) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


def solve_part(preset: str, n: int) -> str:
    """Each hand's setting, natural, candidates and EV (repr keeps every bit)."""
    rules = cp.Rules.preset(preset)
    lines = []
    for hand in random_hands(n, 13, seed=11):
        s = cp.solve(hand.tolist(), rules)
        nat = s.natural.kind if s.natural is not None else "-"
        cands = ";".join(f"{c.codes}:{ev!r}" for c, ev in s.candidates)
        lines.append(f"{s.setting.codes}|{s.ev!r}|{nat}|{s.fouled}|{cands}")
    return _digest(lines)


def batch_part(preset: str, n: int) -> str:
    """`solve_batch` settings and EVs."""
    settings, evs = cp.solve_batch(random_hands(n, 13, seed=12), cp.Rules.preset(preset))
    return _digest([settings.tobytes().hex(), evs.tobytes().hex()])


def frontier_part(n: int) -> str:
    """The Pareto frontier (settings and their values) of each hand."""
    rules = cp.Rules.preset("cp_pro_1_6")
    lines = []
    for hand in random_hands(n, 13, seed=13):
        settings, values = cp.pareto_settings(hand.tolist(), rules)
        lines.append(settings.tobytes().hex() + values.tobytes().hex())
    return _digest(lines)


def score_part(n: int) -> str:
    """`score_batch` of random four-player deals, each row set as dealt."""
    deals = random_hands(n, 52, seed=14).reshape(n, 4, 13)
    lines = []
    for preset in ("cp_pro_1_6", "wiki_2_4", "malay_banker"):
        points, fouls = cp.score_batch(deals, cp.Rules.preset(preset))
        lines.append(points.tobytes().hex() + f"|{fouls}")
    return _digest(lines)


def simulate_part(deals: int) -> str:
    """A seeded simulation's statistics."""
    res = cp.simulate(deals, players=4, rules=cp.Rules.preset("cp_pro_1_6"), seed=7).to_dict()
    del res["seconds"]  # the only field that is not a function of the seed
    # A field of the layout added later (always False without a time budget): the answers
    # hashed stay those of the pinned runs.
    assert res.pop("timed_out") is False
    return _digest([json.dumps(res, sort_keys=True)])


def ofc_part(games: int) -> str:
    """Seeded open-face games played to the end by the agent and the heuristic."""
    lines = []
    for preset in ("ofc_ru_main", "ofc_pineapple"):
        for seed in range(games):
            g = OfcGame(preset, players=2, seed=seed)
            while not g.is_finished():
                seat = g.to_act
                assert seat is not None
                if seat == 0:
                    mv = g.suggest(samples=4, seed=seed)[0][0]
                else:
                    mv = g.heuristic_move()
                g.play_move(seat, mv)
            lines.append(g.to_json() + repr(g.settle().totals))
    return _digest(lines)


def fingerprint(scale: float) -> dict[str, str]:
    """Every part's digest; `scale` 1 is the size named in the refactor's check."""

    def k(n: int) -> int:
        return max(1, int(n * scale))

    out = {}
    for preset in SOLVE_PRESETS:
        out[f"solve {preset}"] = solve_part(preset, k(6_000))
        out[f"solve_batch {preset}"] = batch_part(preset, k(6_000))
    out["frontier"] = frontier_part(k(1_000))
    out["score_batch"] = score_part(k(2_000))
    out["simulate"] = simulate_part(k(4_000))
    out["ofc"] = ofc_part(k(20))
    return out


def main() -> int:
    """Print the fingerprint; `--write` pins it, `--check` compares with a pinned one."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the full sizes")
    ap.add_argument("--write", metavar="FILE", help="write the fingerprint to FILE")
    ap.add_argument("--check", metavar="FILE", help="compare with the fingerprint in FILE")
    args = ap.parse_args()
    got = fingerprint(args.scale)
    for name, digest in got.items():
        print(f"{name:32} {digest}")
    if args.write:
        Path(args.write).write_text(json.dumps(got, indent=1) + "\n")
    if args.check:
        want = json.loads(Path(args.check).read_text())
        bad = [name for name in want if want[name] != got.get(name)]
        if bad:
            print("differs: " + ", ".join(bad))
            return 1
        print("same as " + args.check)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
