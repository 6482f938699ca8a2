"""The ``eval`` and ``score`` commands: hands evaluated, a deal settled."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from chinese_poker import ScoreResult, Setting, evaluate, parse_cards, score
from chinese_poker.cli.errors import CliError
from chinese_poker.cli.jsonout import card_list, emit, number, setting_obj, settlement
from chinese_poker.cli.options import rules_of
from chinese_poker.cli.term import ANSI, cards, pad, setting_lines


def hand_obj(codes: list[int], wheel: str) -> dict[str, Any]:
    """One hand as ``eval --json`` lists it: its cards, category, description (the wheel's
    place noted when the rules move it) and value under `wheel`.

    >>> hand_obj(parse_cards("As Ad Ac"), "lowest")["category"]
    'TRIPS'
    """
    value = evaluate(codes, wheel=wheel)  # type: ignore[arg-type]
    return {
        "cards": card_list(codes),
        "category": value.category.name,
        "description": _wheel_note(value.describe(), wheel),
        "value": int(value),
    }


def cmd_eval(args: argparse.Namespace) -> int:
    """Print the category and description of each hand."""
    wheel = rules_of(args)["rank.wheel"]
    rows = [
        {"codes": codes, **hand_obj(codes, wheel)}
        for codes in (parse_cards(text, notation=args.notation) for text in args.hands)
    ]
    if args.json:
        # One shape however many hands were given, so a script needs no special case.
        hands = [{k: v for k, v in r.items() if k != "codes"} for r in rows]
        emit("eval", {"wheel": wheel, "hands": hands})
        return 0
    shown = [cards(r["codes"]) for r in rows]
    width = max(len(ANSI.sub("", c)) for c in shown)
    for c, r in zip(shown, rows):
        print(f"{pad(c, width)}  {r['category']!s:<14}  {r['description']}")
    return 0


def _wheel_note(description: str, wheel: str) -> str:
    """Say where a wheel ranks when the rules move it, so the text matches the value."""
    if wheel == "second_highest" and description.endswith("5-4-3-2-A"):
        return f"{description} (second only to the ace-high run under rank.wheel=second_highest)"
    return description


def player_of(text: str, notation: str = "intl") -> Setting | str | tuple[str, Setting]:
    """One player as text: a setting, 'surrender' or 'natural:<setting>'.

    >>> player_of("surrender")
    'surrender'
    """
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
    texts = [setting_text(p) for p in players] if isinstance(players, list) else None
    if texts is None or None in texts:
        raise CliError(
            f"cannot read {name}: expected a list of settings or "
            '{"players": [...]}, each player a string or a setting '
            '{"front": [...], "middle": [...], "back": [...]}'
        )
    return [t for t in texts if t is not None]


def setting_text(player: Any) -> str | None:
    """One player of a ``--file`` (or of a request) as command-line text: a string as it is, or a setting in
    the layout the commands' JSON prints (so `solve --json` output can be settled); None
    when it is neither."""
    if isinstance(player, str):
        return player
    rows = ("front", "middle", "back")
    if not isinstance(player, dict) or set(player) != set(rows):
        return None
    if not all(
        isinstance(player[r], list) and all(isinstance(c, str) for c in player[r]) for r in rows
    ):
        return None
    return " / ".join(" ".join(player[r]) for r in rows)


def cmd_score(args: argparse.Namespace) -> int:
    """Settle a deal given on the command line or in a JSON file."""
    rules = rules_of(args)
    texts: list[str] = list(args.players)
    if args.file:
        texts += _players_file(args.file)
    players = [player_of(t, args.notation) for t in texts]
    result = score(players, rules)  # type: ignore[arg-type]
    if args.json:
        emit("score", {"preset": args.preset, **score_payload(players, result)})
        return 0
    for i, (player, info) in enumerate(zip(players, result.players)):
        setting = player[1] if isinstance(player, tuple) else player
        print(f"P{i}  {info['status']}")
        if isinstance(setting, Setting):
            for line in setting_lines(setting, rules):
                print(f"      {line}")
    print()
    print(result.explain())
    return 0


def score_payload(
    players: list[Setting | str | tuple[str, Setting]], result: ScoreResult
) -> dict[str, Any]:
    """A settled deal as ``score --json`` gives it (without its preset): each player's
    status, setting, row values, royalties and total, then the totals, the pair matrix and
    each pair, the players named P0, P1, …"""
    names = [f"P{i}" for i in range(len(players))]
    shown = []
    for player, info in zip(players, result.players):
        setting = player[1] if isinstance(player, tuple) else player
        shown.append(
            {
                "status": info["status"],
                "setting": setting_obj(setting) if isinstance(setting, Setting) else None,
                "values": [v.describe() for v in info["values"]] if info["values"] else None,
                "royalties": list(info["royalties"]),
                "dealt_royalty": number(info["dealt_royalty"]),
                "total": number(info["total"]),
            }
        )
    return {"players": shown, **settlement(result, names)}
