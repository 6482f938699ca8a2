"""The command's own errors and the wording of the core's: one message per class of bad
input (the cards, a rules option, an input file, an output path), never a traceback."""

from __future__ import annotations

import os
import re

from chinese_poker import (
    ChinesePokerError,
    DuplicateCardError,
    FileFormatError,
    HandSizeError,
    InvalidCardError,
    InvalidSettingError,
)

#: How many names of a long list of choices a message shows before it counts the rest.
SHOWN_CHOICES = 6

_CHOICES = re.compile(r"expected one of ((?:'[^']*'(?:, )?)+)")


class CliError(Exception):
    """A bad input the command explains in one line; `main` prints it and exits 2."""


def short_choices(message: str, listed_by: str | None = None) -> str:
    """`message` with a long "expected one of 'a', 'b', …" cut to a few names and a count,
    plus where to see them all (`listed_by`), so that an error fits on a screen."""

    def cut(match: re.Match[str]) -> str:
        names = re.findall(r"'[^']*'", match.group(1))
        if len(names) <= SHOWN_CHOICES:
            return match.group(0)
        where = f"; {listed_by} lists them all" if listed_by else ""
        return f"expected one of {', '.join(names[:SHOWN_CHOICES])}, … ({len(names)} in all{where})"

    return _CHOICES.sub(cut, message)


def describe(exc: ChinesePokerError) -> str:
    """The message of an error of the core that reached the command's entry point."""
    if isinstance(exc, FileFormatError):
        # The message names the file and what is wrong with it.
        return str(exc)
    if isinstance(exc, (InvalidCardError, DuplicateCardError, HandSizeError, InvalidSettingError)):
        return f"invalid cards: {short_choices(str(exc))}"
    return f"invalid input: {short_choices(str(exc))}"


def refuse_json(args: object, command: str) -> None:
    """The terminal games talk with a person at a prompt: ``--json`` has no meaning there,
    so it is refused rather than ignored."""
    if getattr(args, "json", False):
        raise CliError(f"{command} is an interactive game and has no JSON output; drop --json")


def table_error(exc: InvalidSettingError) -> CliError:
    """A table of open-face the rules cannot seat, in the command's words (the core calls
    it an invalid setting, which `describe` would word as bad cards)."""
    return CliError(f"cannot seat that table: {str(exc).removeprefix('invalid setting: ')}")


def check_output(path: str | None, what: str) -> None:
    """Refuse an output path whose folder is missing or not writable before any deal is
    played, so that a long run is not lost at its end."""
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise CliError(f"cannot write the {what} {path}: it is a folder")
    if not os.path.isdir(folder):
        raise CliError(f"cannot write the {what} {path}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise CliError(f"cannot write the {what} {path}: the folder is not writable")
