"""The ``chinese-poker`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from chinese_poker import ChinesePokerError, __version__, evaluate, format_cards, parse_cards

NOTATIONS = ["intl", "ru_latin", "ru_cyrillic", "numeric", "auto"]


def _cmd_eval(args: argparse.Namespace) -> int:
    rows: list[dict[str, str | int]] = []
    for text in args.hands:
        codes = parse_cards(text, notation=args.notation)
        value = evaluate(codes, wheel=args.wheel)
        rows.append(
            {
                "cards": format_cards(codes, style="unicode" if args.unicode else "ascii"),
                "category": value.category.name,
                "description": value.describe(),
                "value": int(value),
            }
        )
    if args.json:
        print(json.dumps(rows if len(rows) > 1 else rows[0], ensure_ascii=False))
    else:
        width = max(len(str(r["cards"])) for r in rows)
        for r in rows:
            print(f"{r['cards']!s:<{width}}  {r['category']!s:<14}  {r['description']}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``chinese-poker`` command."""
    parser = argparse.ArgumentParser(
        prog="chinese-poker",
        description="Chinese poker engine: evaluate hands (more commands follow).",
    )
    parser.add_argument("--version", action="version", version=f"chinese-poker {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    ev = sub.add_parser(
        "eval",
        help="evaluate 3- or 5-card hands",
        description=(
            "Evaluate one or more 3- or 5-card hands given as text, e.g. "
            "'As Ks Qs Js Ts', 'Q♠Q♦5♣' or '10h 10d 4c'. Prints the category and a description."
        ),
    )
    ev.add_argument("hands", nargs="+", help="card text of one hand per argument")
    ev.add_argument("--notation", choices=NOTATIONS, default="intl", help="rank alphabet")
    ev.add_argument(
        "--wheel",
        choices=["lowest", "second_highest"],
        default="lowest",
        help="where A-2-3-4-5 ranks among straights",
    )
    ev.add_argument("--unicode", action="store_true", help="print suits as symbols")
    ev.add_argument("--json", action="store_true", help="print JSON")
    ev.set_defaults(func=_cmd_eval)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``chinese-poker`` command; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except ChinesePokerError as exc:
        print(f"chinese-poker: error: {exc}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
