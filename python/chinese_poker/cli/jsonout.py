"""The ``--json`` output of the commands: one object per run, in one vocabulary.

Every object starts with ``"schema"`` (the version of its layout, `SCHEMA_VERSION`) and
``"command"``; each command's layout is the JSON Schema ``schemas/<command>.schema.json``
of the repository. Throughout, a card is its ASCII text code (``"As"``, ``"Td"``, ``"2c"``),
a list of cards is a JSON array of those codes, a setting is an object of three such
arrays (``front``, ``middle``, ``back``) and every number is a JSON number.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from chinese_poker import Natural, ScoreResult, Setting, Solution, format_cards
from chinese_poker.cli.term import named

#: The version of the layout of every command's JSON; raised when a layout changes in a way
#: a reader would notice (a field removed, renamed or retyped).
SCHEMA_VERSION = 1


def card_list(codes: Iterable[int]) -> list[str]:
    """Cards as a list of ASCII codes, e.g. ``["As", "Td"]``."""
    text = format_cards(list(codes))
    return text.split() if text else []


def setting_obj(setting: Setting) -> dict[str, list[str]]:
    """A setting as ``{"front": [...], "middle": [...], "back": [...]}``."""
    return {
        "front": card_list(setting.front),
        "middle": card_list(setting.middle),
        "back": card_list(setting.back),
    }


def number(x: int | float | Fraction) -> int | float:
    """A point count as a JSON number: an integer when whole, else the nearest float
    (a settlement can split a unit between players)."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


def natural_obj(natural: Natural | None) -> dict[str, Any] | None:
    """A natural as ``{"kind": ..., "value": ...}``, or None."""
    return None if natural is None else {"kind": natural.kind, "value": natural.value}


def solution_obj(sol: Solution) -> dict[str, Any]:
    """A solver's answer as ``solve --json`` gives it: the setting, its EV and standard
    error, any natural, whether every setting fouls, and the candidates with their EVs."""
    return {
        "setting": setting_obj(sol.setting),
        "ev": sol.ev,
        "se": sol.se,
        "natural": natural_obj(sol.natural),
        "fouled": sol.fouled,
        "candidates": [{"setting": setting_obj(s), "ev": ev} for s, ev in sol.candidates],
    }


def settlement(result: ScoreResult, names: Sequence[str]) -> dict[str, Any]:
    """The totals, the pair matrix and each pair of a settlement, players named by `names`
    in the explanations (the core writes P0, P1, …)."""
    pairs = []
    for p in result.pairs:
        text = named(str(p["explanation"]), names)
        pairs.append(
            {
                "a": p["a"],
                "b": p["b"],
                "kind": p["kind"],
                "rows": list(p["rows"]),
                "scoop": p["scoop"],
                "points": number(p["points"]),
                "explanation": text,
            }
        )
    return {
        "totals": [number(t) for t in result.totals],
        "matrix": [[number(x) for x in row] for row in result.matrix],
        "pairs": pairs,
    }


def emit(command: str, payload: dict[str, Any]) -> None:
    """Print one command's JSON object, its schema version and name first."""
    out = {"schema": SCHEMA_VERSION, "command": command, **payload}
    print(json.dumps(out, ensure_ascii=False, allow_nan=False))
