"""The rules a command plays under: its ``--preset`` with each ``--option`` applied."""

from __future__ import annotations

import argparse

from chinese_poker import DEFAULT_PRESET, ChinesePokerError, Rules

__all__ = ["DEFAULT_PRESET", "rules_of"]


def rules_of(args: argparse.Namespace) -> Rules:
    """The rules of ``--preset`` changed by every ``--option NAME=VALUE``."""
    rules = Rules.preset(args.preset)
    for item in getattr(args, "option", None) or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise ChinesePokerError(f"--option expects NAME=VALUE, got {item!r}")
        rules = rules.replace(**{name.strip(): value.strip()})
    return rules
