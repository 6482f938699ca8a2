"""The ``eval`` and ``score`` commands: hands evaluated, a deal settled."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from chinese_poker import Setting, evaluate, format_cards, parse_cards, score
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


def cmd_score(args: argparse.Namespace) -> int:
    """Settle a deal given on the command line or in a JSON file."""
    rules = rules_of(args)
    texts: list[str] = list(args.players)
    if args.file:
        raw = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
        data: Any = json.loads(raw)
        texts += [str(p) for p in (data["players"] if isinstance(data, dict) else data)]
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
