"""The ``chinese-poker`` command line.

One module per part: `parser` (the arguments), `options` (the rules they select),
`errors` (the wording of bad input), `term` (terminal styling and rendering), `jsonout`
(the layout of ``--json`` output), the commands `hands` (``eval``, ``score``), `solving`
(``solve``, ``demo``, ``simulate``), `training` (``train``), `catalog` (``presets``,
``rules``), `fantasyland` (``ofc fantasyland``) and `ofc_simulate` (``ofc simulate``,
``ofc match``), and the two terminal games `play` and `ofc_play`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from chinese_poker import ChinesePokerError
from chinese_poker.cli.errors import CliError, describe
from chinese_poker.cli.parser import build_parser
from chinese_poker.cli.term import setup

#: The exit status of a run stopped by Ctrl-C, as shells report a SIGINT.
INTERRUPTED = 130


def _fail(message: str) -> int:
    print(f"chinese-poker: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``chinese-poker`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    setup(args)
    try:
        status: int = args.func(args)
    except CliError as exc:
        return _fail(str(exc))
    except ChinesePokerError as exc:
        return _fail(describe(exc))
    except KeyboardInterrupt:
        # Ctrl-C at a prompt or during a long run: stop with the shell's status, no traceback.
        print("\ninterrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, like other tools.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except OSError as exc:
        # A file the command itself opens; the commands word the ones they know first.
        return _fail(f"cannot use the file {exc.filename or ''}: {exc.strerror or exc}")
    return status


__all__ = ["build_parser", "main"]
