"""The ``presets`` and ``rules`` commands: which rules sets there are and what one sets."""

from __future__ import annotations

import argparse
from typing import Any

from chinese_poker import Rules
from chinese_poker.cli.jsonout import emit

#: The preset every other is compared with: no royalties, no naturals, 1-6 scoring.
BASE_PRESET = "plain"


def _naturals(value: str) -> str:
    """The ``natural.enabled`` value as a count of kinds ('none' when off)."""
    kinds = [k for k in value.split(",") if k and k != "none"]
    return f"{len(kinds)} kinds" if kinds else "none"


def _natural_list(value: str) -> list[dict[str, Any]]:
    """The ``natural.enabled`` value (``KIND:VALUE,...`` or ``none``) as a list of
    ``{"kind", "value"}`` objects."""
    out: list[dict[str, Any]] = []
    for item in value.split(","):
        kind, _, units = item.partition(":")
        if kind and kind != "none":
            out.append({"kind": kind, "value": int(units) if units.isdigit() else None})
    return out


def option_value(text: str) -> str | int | bool:
    """An option's value as JSON: whole numbers as numbers, ``true``/``false`` as booleans,
    anything else as the text `Rules` reads (each of the three is accepted back by
    `Rules.from_dict`)."""
    if text in ("true", "false"):
        return text == "true"
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def _rows() -> list[dict[str, str]]:
    """Every preset's game, scoring method, royalty table and naturals, as the core writes them."""
    rows: list[dict[str, str]] = []
    for name in Rules.presets():
        rules = Rules.preset(name)
        rows.append(
            {
                "name": name,
                "game": rules["game"],
                "method": rules["score.method"],
                "royalties": rules["royalty.table"],
                "naturals": rules["natural.enabled"],
            }
        )
    return rows


def preset_summaries() -> list[dict[str, Any]]:
    """Every preset as ``presets --json`` lists it: name, game, method, royalties and the
    naturals as ``{"kind", "value"}`` objects.

    >>> preset_summaries()[0]["name"] == Rules.presets()[0]
    True
    """
    return [{**r, "naturals": _natural_list(r["naturals"])} for r in _rows()]


def preset_options(name: str) -> dict[str, dict[str, Any]]:
    """Every option of preset `name` as ``rules NAME --json`` gives it: its value and whether
    it differs from `plain`.

    >>> preset_options("ofc_us")["game"]
    {'value': 'ofc', 'differs': True}
    """
    values = Rules.preset(name).to_dict()
    base = Rules.preset(BASE_PRESET).to_dict()
    return {k: {"value": option_value(v), "differs": base.get(k) != v} for k, v in values.items()}


def cmd_presets(args: argparse.Namespace) -> int:
    """A table of every preset: its game, scoring method, royalty table and naturals."""
    rows = _rows()
    if args.json:
        emit("presets", {"presets": preset_summaries()})
        return 0
    header = ("preset", "game", "method", "royalties", "naturals")
    shown = [
        (r["name"], r["game"], r["method"], r["royalties"], _naturals(r["naturals"])) for r in rows
    ]
    widths = [max(len(line[i]) for line in [header, *shown]) for i in range(len(header))]
    for line in [header, *shown]:
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip())
    print("\n`chinese-poker rules PRESET` shows every option a preset sets.")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """Every option of one preset with its value, those that differ from `plain` marked."""
    if args.json:
        emit("rules", {"preset": args.name, "options": preset_options(args.name)})
        return 0
    values = Rules.preset(args.name).to_dict()
    base = Rules.preset(BASE_PRESET).to_dict()
    width = max(len(k) for k in values)
    for name, value in values.items():
        mark = "*" if base.get(name) != value else " "
        print(f"{mark} {name:<{width}}  {value}")
    if args.name != BASE_PRESET:
        print(f"\n* differs from {BASE_PRESET}")
    return 0
