"""The ``chinese-poker`` command line.

One module per part: `parser` (the arguments), `options` (the rules they select),
`term` (terminal styling and rendering), the commands `hands` (``eval``, ``score``),
`solving` (``solve``, ``demo``, ``simulate``) and `fantasyland` (``ofc fantasyland``),
and the two terminal games `play` and `ofc_play`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence

from chinese_poker import ChinesePokerError
from chinese_poker.cli.parser import build_parser
from chinese_poker.cli.term import setup


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``chinese-poker`` command; returns the exit status."""
    args = build_parser().parse_args(argv)
    setup(args)
    try:
        status: int = args.func(args)
    except ChinesePokerError as exc:
        print(f"chinese-poker: error: cannot read the input: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, like other tools.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except (OSError, json.JSONDecodeError, KeyError) as exc:
        print(f"chinese-poker: error: cannot read the input: {exc}", file=sys.stderr)
        return 2
    return status


__all__ = ["build_parser", "main"]
