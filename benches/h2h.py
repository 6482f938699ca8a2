"""Duplicate heads-up match between our solver and a peer solver's settings.

Every deal gives two 13-card hands, A and B, from one shuffled deck
(``chinese_poker.deal(seed, index)``: the first 26 cards). The deal is played
twice with the seats swapped (ours on A against the peer on B, then the peer
on A against ours on B) and both games are scored with ``score_batch``, so the
cards' luck cancels and what is left is the difference in play. The edge is in
points per hand (one heads-up game, half a deal's duplicate sum) with the
standard error over deals of the per-deal duplicate sum.

The peer reads a hands file and writes one setting a line. For
paulhankin/cpoker through its wrapper ``cpoker-play`` (built outside this
repository; docs/results.md says how it plays):

    python benches/h2h.py --write-hands hands.txt --deals 20000 --seed 1
    cpoker-play -out settings.txt hands.txt
    python benches/h2h.py --deals 20000 --seed 1 --peer-settings settings.txt

or, letting this script write the hands and run the peer in one go:

    python benches/h2h.py --deals 20000 --seed 1 \\
        --peer "cpoker-play -out {out} {hands}"

Files: the hands file holds 2 * deals lines, hand A of deal i on line 2i+1 and
hand B on line 2i+2, each 13 card codes ``4 * rank + suit`` (rank 0 = deuce ..
12 = ace, suit 0..3 = c, d, h, s) separated by blanks. The settings file holds
one line per hand, in the same order, 13 codes: front 3, middle 5, back 5.

Options: ``--rules KEY=VALUE`` (repeatable) changes the rules, which start as
plain 2-4, ``Rules(preset="plain", method="2-4")``, cpoker's own objective; ``--ours strong``
plays our strong solver (``--effort``) instead of ``solve_batch``. Our solver
is told it plays one opponent (``--opponents``), since the match is heads-up.
A setting that fouls under the rules is scored as a foul (it pays as if
scooped); a natural our solver declares (where the rules enable naturals) is
scored as one; a line whose cards are not the hand's is refused. Needs the
optimised extension for sensible times (``make release``).
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import chinese_poker as cp

#: A peer's timing line, as cpoker-play prints it ("... mean 3512.3 us ..." / "median 3470.1 us").
_TIMES = re.compile(r"\b(mean|median)\s+([0-9.]+)\s*(us|µs|ms)\b")


class PeerFileError(ValueError):
    """A settings file that does not fit the hands it answers (the message names the line)."""


@dataclass(frozen=True)
class MatchResult:
    """The figures of one duplicate match (hands = 2 * deals)."""

    deals: int
    #: Our edge in points per hand (one heads-up game), and its standard error.
    edge: float
    se: float
    #: Hands where both sides chose the same setting / the same back (cards, not order).
    same_setting: int
    same_back: int
    #: Hands each side fouled under the rules.
    fouls_ours: int
    fouls_peer: int


def deal_hands(deals: int, seed: int) -> np.ndarray:
    """The two hands of each deal, uint8 (deals, 2, 13), from the core's seeded deck.

    >>> deal_hands(2, 1).shape
    (2, 2, 13)
    """
    out = np.empty((deals, 2, 13), dtype=np.uint8)
    for i in range(deals):
        out[i] = np.asarray(cp.deal(seed, i)[:26], dtype=np.uint8).reshape(2, 13)
    return out


def format_lines(rows: np.ndarray) -> str:
    """One row of card codes a line, separated by blanks (the peer's hands format)."""
    return "".join(" ".join(map(str, r)) + "\n" for r in rows.tolist())


def parse_settings(text: str, hands: np.ndarray) -> np.ndarray:
    """The peer's settings, uint8 (len(hands), 13), each checked against its hand.

    Blank lines are skipped. A line must hold 13 distinct codes 0..51 that are
    exactly its hand's cards; any other line raises `PeerFileError` naming it.
    Fouls are not refused here: they are part of the match.

    >>> parse_settings("0 1 2 3 4 5 6 7 8 9 10 11 12\\n", np.arange(13).reshape(1, 13)).shape
    (1, 13)
    """
    rows: list[list[int]] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        where = f"line {lineno}"
        if len(fields) != 13:
            raise PeerFileError(
                f"{where}: {len(fields)} fields, a setting has 13: {line.strip()!r}"
            )
        try:
            codes = [int(f) for f in fields]
        except ValueError:
            raise PeerFileError(f"{where}: not a list of card codes: {line.strip()!r}") from None
        if any(not 0 <= c <= 51 for c in codes):
            raise PeerFileError(f"{where}: card codes are 0..51: {line.strip()!r}")
        if len(set(codes)) != 13:
            raise PeerFileError(f"{where}: a card appears twice: {line.strip()!r}")
        i = len(rows)
        if i < len(hands) and set(codes) != set(hands[i].tolist()):
            raise PeerFileError(
                f"{where}: the cards are not those of hand {i + 1} "
                f"({' '.join(map(str, hands[i].tolist()))})"
            )
        rows.append(codes)
    if len(rows) != len(hands):
        raise PeerFileError(f"{len(rows)} settings for {len(hands)} hands")
    return np.asarray(rows, dtype=np.uint8).reshape(len(hands), 13)


def our_settings(
    hands: np.ndarray,
    rules: cp.Rules,
    ours: str,
    *,
    opponents: int = 1,
    effort: int = 1024,
    threads: int | None = 1,
    model: cp.Model | None = None,
) -> np.ndarray:
    """Our settings for hands (N, 13): ``solve_batch`` (fast) or ``solve`` hand by hand
    (strong), priced with `model` (None: the shipped one)."""
    return our_play(
        hands, rules, ours, opponents=opponents, effort=effort, threads=threads, model=model
    )[0]


def our_play(
    hands: np.ndarray,
    rules: cp.Rules,
    ours: str,
    *,
    opponents: int = 1,
    effort: int = 1024,
    threads: int | None = 1,
    model: cp.Model | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """`our_settings` and, bool (N,), the hands our solver declares naturals (none unless
    the rules enable naturals), to be scored as naturals by `play_match`."""
    if ours == "fast":
        settings, _, naturals = cp.solve_batch(
            hands, rules, opponents=opponents, threads=threads, model=model, return_naturals=True
        )
        return settings, naturals
    out = np.empty_like(hands)
    declared = np.zeros(len(hands), dtype=bool)
    for i, hand in enumerate(hands.tolist()):
        s = cp.solve(
            hand,
            rules,
            "strong",
            opponents=opponents,
            effort=effort,
            seed=i,
            threads=threads,
            model=model,
        )
        out[i] = s.setting.codes
        declared[i] = s.natural is not None
    return out, declared


def _canonical(settings: np.ndarray) -> np.ndarray:
    """Settings with each row's cards sorted, so equal choices compare equal."""
    return np.concatenate(
        [np.sort(settings[:, a:b], axis=1) for a, b in ((0, 3), (3, 8), (8, 13))], axis=1
    )


def _fouls(settings: np.ndarray, rules: cp.Rules) -> int:
    """How many settings foul under the rules (the core decides, not this script)."""
    return sum(cp.Setting.from_codes(s).is_foul(rules) for s in settings.tolist())


def play_match(
    ours: np.ndarray, peer: np.ndarray, rules: cp.Rules, naturals: np.ndarray | None = None
) -> MatchResult:
    """Scores both seatings of every deal; ours and peer are (2 * deals, 13), A then B;
    `naturals` (bool, 2 * deals) flags our hands declared naturals (the peer declares none).

    >>> s = np.arange(26, dtype=np.uint8).reshape(2, 13)
    >>> play_match(s, s, cp.Rules(preset="plain", method="2-4")).edge
    0.0
    """
    if ours.shape != peer.shape or ours.ndim != 2 or ours.shape[0] % 2:
        raise ValueError(f"settings of shapes {ours.shape} and {peer.shape}: need (2N, 13) each")
    n = ours.shape[0] // 2
    a_ours, b_ours = ours[0::2], ours[1::2]
    a_peer, b_peer = peer[0::2], peer[1::2]
    # First the N games with us on A, then the N with us on B; we sit first, then second.
    games = np.concatenate([np.stack([a_ours, b_peer], 1), np.stack([a_peer, b_ours], 1)])
    flags = None
    if naturals is not None:
        none = np.zeros(n, dtype=bool)
        flags = np.concatenate(
            [np.stack([naturals[0::2], none], 1), np.stack([none, naturals[1::2]], 1)]
        )
    totals, denominator = cp.score_batch(
        np.ascontiguousarray(games), rules, naturals=flags, threads=1
    )
    duplicate = (totals[:n, 0] + totals[n:, 1]) / denominator
    per_hand = duplicate / 2
    se = float(per_hand.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan")
    co, cpeer = _canonical(ours), _canonical(peer)
    return MatchResult(
        deals=n,
        edge=float(per_hand.mean()) if n else float("nan"),
        se=se,
        same_setting=int((co == cpeer).all(axis=1).sum()),
        same_back=int((co[:, 8:] == cpeer[:, 8:]).all(axis=1).sum()),
        fouls_ours=_fouls(ours, rules),
        fouls_peer=_fouls(peer, rules),
    )


def make_rules(options: list[str]) -> cp.Rules:
    """Plain 2-4 with the ``KEY=VALUE`` changes applied (raises ChinesePokerError or ValueError)."""
    changes: dict[str, str] = {}
    for opt in options:
        key, sep, value = opt.partition("=")
        if not sep or not key:
            raise ValueError(f"expected KEY=VALUE, got {opt!r}")
        changes[key.strip()] = value.strip()
    return cp.Rules(preset="plain", method="2-4").replace(**changes)


def peer_times(text: str) -> dict[str, float]:
    """The ``mean``/``median`` per-hand times a peer printed, in microseconds."""
    out = {}
    for name, value, unit in _TIMES.findall(text):
        out[name] = float(value) * (1000.0 if unit == "ms" else 1.0)
    return out


def _fail(message: str) -> int:
    print(f"h2h: {message}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    """Writes hands, or plays a match against a peer's settings, and prints the figures."""
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--deals", type=int, required=True, help="deals (each gives two hands)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--write-hands", type=Path, metavar="FILE", help="write the hands and stop")
    what.add_argument("--peer-settings", type=Path, metavar="FILE", help="the peer's settings")
    what.add_argument("--peer", metavar="CMD", help='peer command with "{hands}" and "{out}"')
    ap.add_argument("--rules", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--ours", choices=("fast", "strong"), default="fast")
    ap.add_argument(
        "--effort", type=int, default=1024, help="strong solver's most samples (default 1024)"
    )
    ap.add_argument("--opponents", type=int, default=1, help="opponents our solver assumes")
    ap.add_argument(
        "--model",
        type=Path,
        metavar="FILE",
        help="opponent model file (default: the one shipped for the rules)",
    )
    ap.add_argument("--threads", type=int, default=1, help="our solver's threads (default 1)")
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be positive")
    if args.peer is not None and not ("{hands}" in args.peer and "{out}" in args.peer):
        ap.error("--peer must contain {hands} and {out}")
    try:
        rules = make_rules(args.rules)
    except ValueError as e:  # ChinesePokerError is a ValueError
        return _fail(f"--rules: {e}")

    hands = deal_hands(args.deals, args.seed).reshape(-1, 13)
    if args.write_hands is not None:
        try:
            args.write_hands.write_text(format_lines(hands))
        except OSError as e:
            return _fail(f"cannot write {args.write_hands}: {e}")
        print(
            f"wrote {len(hands)} hands ({args.deals} deals, seed {args.seed}) to {args.write_hands}"
        )
        return 0

    peer_note = ""
    if args.peer is not None:
        with tempfile.TemporaryDirectory() as tmp:
            hands_file, out_file = Path(tmp, "hands.txt"), Path(tmp, "settings.txt")
            hands_file.write_text(format_lines(hands))
            cmd = args.peer.replace("{hands}", str(hands_file)).replace("{out}", str(out_file))
            start = time.perf_counter()
            try:
                run = subprocess.run(shlex.split(cmd), capture_output=True, text=True)
            except OSError as e:
                return _fail(f"cannot run the peer: {e}")
            wall = time.perf_counter() - start
            if run.returncode != 0:
                return _fail(f"the peer exited with {run.returncode}:\n{run.stderr.strip()}")
            if not out_file.exists():
                return _fail(f"the peer exited without writing {{out}}: {run.stdout.strip()}")
            text = out_file.read_text()
        times = peer_times(run.stdout)
        peer_note = (
            f"peer: {wall:.1f} s wall, {1e6 * wall / len(hands):,.0f} us per hand"
            + "".join(f", its own {k} {v:,.0f} us" for k, v in sorted(times.items()))
        )
    else:
        try:
            text = args.peer_settings.read_text()
        except OSError as e:
            return _fail(f"cannot read {args.peer_settings}: {e}")
    try:
        peer = parse_settings(text, hands)
    except PeerFileError as e:
        # The usual cause: settings written for hands of another --deals or --seed.
        return _fail(f"peer settings: {e} (same --deals and --seed as the hands file?)")

    try:
        model = None if args.model is None else cp.Model.load(args.model)
    except (OSError, ValueError) as e:
        return _fail(f"--model: {e}")
    start = time.perf_counter()
    try:
        ours, naturals = our_play(
            hands,
            rules,
            args.ours,
            opponents=args.opponents,
            effort=args.effort,
            threads=args.threads,
            model=model,
        )
    except ValueError as e:
        return _fail(f"our solver: {e}")
    ours_wall = time.perf_counter() - start
    r = play_match(ours, peer, rules, naturals)
    n = 2 * r.deals
    print(f"rules {rules.to_dict()['score.method']}, ours {args.ours}, {r.deals} deals ({n} hands)")
    print(f"edge {r.edge:+.4f} +- {r.se:.4f} points per hand (ours against the peer)")
    print(f"same setting {r.same_setting / n:.1%}, same back {r.same_back / n:.1%}")
    print(
        f"fouls: ours {r.fouls_ours} ({r.fouls_ours / n:.2%}), peer {r.fouls_peer} ({r.fouls_peer / n:.2%})"
    )
    print(
        f"ours: {ours_wall:.1f} s, {1e6 * ours_wall / n:,.0f} us per hand ({args.threads} thread)"
    )
    if peer_note:
        print(peer_note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
