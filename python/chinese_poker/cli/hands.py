"""The ``eval`` and ``score`` commands: hands evaluated, a deal settled."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from chinese_poker import Setting, evaluate, format_cards, parse_cards, score
from chinese_poker.cli.errors import CliError
from chinese_poker.cli.options import rules_of
from chinese_poker.cli.term import ANSI, cards, pad


def cmd_eval(args: argparse.Namespace) -> int:
    """Print the category and description of each hand."""
    wheel = rules_of(args)["rank.wheel"]
    rows: list[dict[str, str | int]] = []
    for text in args.hands:
        codes = parse_cards(text, notation=args.notation)
        value = evaluate(codes, wheel=wheel)  # type: ignore[arg-type]
        rows.append(
            {
                "cards": format_cards(codes, style="unicode" if args.unicode else "ascii")
                if args.json
                else cards(codes),
                "category": value.category.name,
                "description": value.describe(),
                "value": int(value),
            }
        )
    if args.json:
        print(json.dumps(rows if len(rows) > 1 else rows[0], ensure_ascii=False))
    else:
        width = max(len(ANSI.sub("", str(r["cards"]))) for r in rows)
        for r in rows:
            print(f"{pad(str(r['cards']), width)}  {r['category']!s:<14}  {r['description']}")
    return 0


def _player(text: str, notation: str) -> Setting | str | tuple[str, Setting]:
    """One player of the command line: a setting, 'surrender' or 'natural:<setting>'."""
    t = text.strip()
    if t.lower() == "surrender":
        return "surrender"
    if t.lower().startswith("natural:"):
        return ("natural", Setting(t.split(":", 1)[1], notation=notation))  # type: ignore[arg-type]
    return Setting(t, notation=notation)  # type: ignore[arg-type]


def _players_file(path: str) -> list[str]:
    """The players of a ``--file``: a JSON list of strings or ``{"players": [...]}``."""
    name = "standard input" if path == "-" else f"the file {path}"
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                raw = f.read()
    except OSError as exc:
        raise CliError(f"cannot read {name}: {exc.strerror or exc}") from exc
    try:
        data: Any = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise CliError(f"cannot read {name}: not UTF-8 text (byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        raise CliError(f"cannot read {name}: not JSON ({exc})") from exc
    except RecursionError as exc:
        raise CliError(f"cannot read {name}: JSON nested too deeply") from exc
    players = data.get("players") if isinstance(data, dict) else data
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise CliError(
            f"cannot read {name}: expected a list of settings or "
            '{"players": [...]} with one string per player'
        )
    return players


def cmd_score(args: argparse.Namespace) -> int:
    """Settle a deal given on the command line or in a JSON file."""
    rules = rules_of(args)
    texts: list[str] = list(args.players)
    if args.file:
        texts += _players_file(args.file)
    players = [_player(t, args.notation) for t in texts]
    result = score(players, rules)  # type: ignore[arg-type]
    if args.json:
        out = {
            "preset": args.preset,
            "totals": [str(t) for t in result.totals],
            "matrix": [[str(x) for x in row] for row in result.matrix],
            "pairs": result.pairs,
            "players": [
                {**p, "values": [v.describe() for v in p["values"]] if p["values"] else None}
                for p in result.players
            ],
        }
        print(json.dumps(out, ensure_ascii=False, default=str))
        return 0
    for i, (player, info) in enumerate(zip(players, result.players)):
        label = player[1] if isinstance(player, tuple) else player
        print(f"P{i}  {info['status']:<28} {label}")
        if isinstance(label, Setting):
            for line in label.describe(rules).splitlines():
                print(f"      {line}")
    print()
    print(result.explain())
    return 0
