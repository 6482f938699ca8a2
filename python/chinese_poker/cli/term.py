"""How the command prints: suit symbols and colour on a terminal, plain text when piped;
settings and settlements rendered for it."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from chinese_poker import Rules, ScoreResult, Setting, format_cards


class _Term:
    """The output's styling, decided once per run by `setup`."""

    color = False
    unicode = False


TERM = _Term()
ANSI = re.compile(r"\x1b\[[0-9;]*m")
RED, GREEN, BOLD, RESET = "\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[0m"
#: A card of a red suit (diamonds, hearts) in ASCII or suit-symbol text.
_RED_CARD = re.compile(r"(?<!\S)\S+[dh♦♥](?!\S)")


def setup(args: argparse.Namespace) -> None:
    """Colour when stdout is a terminal (``--color auto``, unless NO_COLOR is set or
    TERM=dumb) or when forced; suit symbols on a terminal that can print them."""
    tty = sys.stdout.isatty()
    mode = getattr(args, "color", "auto")
    plain_env = bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"
    TERM.color = mode == "always" or (mode == "auto" and tty and not plain_env)
    try:
        "♠♥♦♣".encode(sys.stdout.encoding or "ascii")
        can_suits = True
    except (LookupError, UnicodeEncodeError):
        can_suits = False
    TERM.unicode = bool(getattr(args, "unicode", False)) or (
        tty and can_suits and not getattr(args, "ascii", False)
    )


def style() -> Literal["ascii", "unicode"]:
    """The card style of the output: 'unicode' or 'ascii'."""
    return "unicode" if TERM.unicode else "ascii"


def paint(text: str, code: str) -> str:
    """`text` in the ANSI style `code` when colour is on."""
    return f"{code}{text}{RESET}" if TERM.color else text


def cards(codes: Sequence[int]) -> str:
    """Cards for the terminal: suit symbols when on, hearts and diamonds in red."""
    codes = list(codes)
    text = format_cards(codes, style=style())
    parts = text.split(" ")
    if not TERM.color or len(parts) != len(codes):
        return text
    return " ".join(paint(p, RED) if c % 4 in (1, 2) else p for p, c in zip(parts, codes))


def pad(text: str, width: int) -> str:
    """Left-justify by the printed width (colour codes take no room)."""
    return text + " " * max(0, width - len(ANSI.sub("", text)))


def signed(x: float | Fraction, fmt: str = "+.2f") -> str:
    """A signed number, green when positive and red when negative on a terminal."""
    text = format(x, fmt)
    return paint(text, GREEN if x > 0 else RED) if x else text


#: Where a row's cards sit in a line of `Setting.describe`: after the row name.
_CARDS_COLUMNS = slice(8, 22)


def setting_lines(setting: Setting, rules: Rules) -> list[str]:
    """A setting as the solver commands show it: `Setting.describe` with each row's
    cards as a player reads them and its royalty, red suits in red on a terminal."""
    text = setting.describe(rules, style=style(), grouped=True, royalties=True, verdict=False)
    lines = text.splitlines()
    if not TERM.color:
        return lines
    columns = _CARDS_COLUMNS
    return [
        line[: columns.start]
        + _RED_CARD.sub(lambda m: paint(m.group(0), RED), line[columns])
        + line[columns.stop :]
        for line in lines
    ]


def named(text: str, names: Sequence[str]) -> str:
    """A settlement explanation with the players' names for the core's P0, P1, …."""
    for i, n in enumerate(names):
        text = text.replace(f"P{i}", n)
    return text


def pair_lines(result: ScoreResult, names: Sequence[str]) -> list[str]:
    """The settlement's pair explanations with the players' names for P0, P1, …."""
    return [
        f"{names[p['a']]} v {names[p['b']]}: {named(p['explanation'], names)}" for p in result.pairs
    ]
