"""The rules a command plays under: its ``--preset`` with each ``--option`` applied."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable

from chinese_poker import DEFAULT_PRESET, ChinesePokerError, Rules
from chinese_poker.cli.errors import CliError, short_choices

__all__ = ["DEFAULT_PRESET", "rules_of"]

#: Where a message about an unknown option name sends the reader for the full list.
OPTIONS_LISTED_BY = "`chinese-poker rules plain`"


def rules_of(args: argparse.Namespace) -> Rules:
    """The rules of ``--preset`` changed by every ``--option NAME=VALUE``."""
    rules = Rules.preset(args.preset)
    for item in getattr(args, "option", None) or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise CliError(f"invalid rules option {item!r}: expected NAME=VALUE")
        try:
            rules = rules.replace(**{name.strip(): value.strip()})
        except ChinesePokerError as exc:
            # The core points Python users at Rules.options(); point a shell user at the CLI.
            message = short_choices(str(exc), OPTIONS_LISTED_BY).replace(
                "Rules.options()", OPTIONS_LISTED_BY
            )
            raise CliError(f"invalid rules option {item!r}: {message}") from exc
    return rules


def holds_bank(rules: Rules, seat: int) -> bool:
    """Whether `seat` holds the bank: under ``table.topology = banker`` the bank's hand
    is priced against every player, a player's against the bank alone."""
    return rules["table.topology"] == "banker" and int(rules["table.banker"]) == seat


def game_seed(args: argparse.Namespace) -> int:
    """The ``--seed`` given, or a fresh one from the operating system's entropy: a game
    started without a seed must not deal what the last one dealt, and the seed printed
    lets the player replay it."""
    seed = getattr(args, "seed", None)
    return secrets.randbits(64) if seed is None else int(seed)


#: The largest seed or count the core takes (an unsigned 64-bit integer).
U64_MAX = 2**64 - 1


def whole(low: int, high: int = U64_MAX) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, refused with the range
    otherwise, so that a meaningless count never reaches the core."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range (expected {low} to {high})")
        return value

    return parse


def positive_seconds(text: str) -> float:
    """An argparse type: a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a positive number of seconds")
    return value
