"""The ``serve`` command: the HTTP/JSON service (`chinese_poker.server`) run by uvicorn, where
its game sessions are kept (`chinese_poker.cli.service_env`) and the bounds of its requests
(`LIMIT_OPTIONS`)."""

from __future__ import annotations

import argparse
import json
import os

from chinese_poker.cli.errors import CliError, check_output
from chinese_poker.cli.options import positive_seconds, whole
from chinese_poker.cli.service_env import (
    DATABASE_ENV,
    LIMITS_ENV,
    MAX_ROLLOUTS,
    MEMORY,
    database_path,
    default_database,
)

#: What a user without the optional extra is told to run.
SERVER_EXTRA = 'serve needs FastAPI and uvicorn: pip install "chinese-poker[server]"'

#: The options of ``serve`` that set a field of `chinese_poker.server.Limits`: the flag, the
#: field, its kind (``count``, ``rollouts``, ``seconds`` or ``rate``), what it bounds and its
#: default (the field's own, which the tests check).
LIMIT_OPTIONS: tuple[tuple[str, str, str, str, str], ...] = (
    ("--max-body", "body_bytes", "count", "the most bytes of a request body", "1048576"),
    ("--max-batch", "batch", "count", "the most hands of a batch request", "1000"),
    ("--max-effort", "effort", "count", "the most Monte-Carlo samples of a strong /solve", "4096"),
    (
        "--solve-seconds",
        "solve_seconds",
        "seconds",
        "the most seconds of a strong /solve, and the budget of one that gives none",
        "2",
    ),
    ("--max-candidates", "candidates", "count", "the most settings one /solve lists", "20"),
    ("--max-deals", "simulate_deals", "count", "the most deals of one /simulate", "20000"),
    ("--simulate-seconds", "simulate_seconds", "seconds", "the seconds of every /simulate", "2"),
    ("--max-sessions", "sessions", "count", "the most game sessions kept", "10000"),
    (
        "--session-seconds",
        "session_seconds",
        "seconds",
        "the seconds a game session is kept after its last request",
        "86400",
    ),
    (
        "--session-rate",
        "session_rate",
        "rate",
        "the game sessions one client may make a minute, per worker",
        "30",
    ),
    (
        "--session-burst",
        "session_burst",
        "count",
        "the game sessions one client may make at once, per worker",
        "10",
    ),
    ("--bot-effort", "bot_effort", "rollouts", "the rollouts of each open-face bot move", "16"),
    ("--hint-effort", "hint_effort", "rollouts", "the samples of a session hint", "256"),
    ("--hint-seconds", "hint_seconds", "seconds", "the most seconds of a session hint", "0.5"),
)


def positive_rate(text: str) -> float:
    """An argparse type: a rate above zero (and finite)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return value


def add_serve_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve`` beyond where it listens and keeps its sessions: the access
    log and one per limit (`LIMIT_OPTIONS`), each refused by the parser outside its range."""
    parser.add_argument(
        "--no-access-log",
        dest="access_log",
        action="store_false",
        help="do not log each request (uvicorn's access log adds about a quarter to the "
        "server's CPU per small request)",
    )
    kinds = {
        "count": whole(1),
        "rollouts": whole(1, MAX_ROLLOUTS),
        "seconds": positive_seconds,
        "rate": positive_rate,
    }
    metavars = {"count": "N", "rollouts": "N", "seconds": "SECONDS", "rate": "PER_MINUTE"}
    for flag, name, kind, what, default in LIMIT_OPTIONS:
        parser.add_argument(
            flag,
            dest=f"limit_{name}",
            type=kinds[kind],
            default=None,
            metavar=metavars[kind],
            help=f"{what} (default {default}; Limits.{name})",
        )


def limits_given(args: argparse.Namespace) -> dict[str, int | float]:
    """The `Limits` fields set by the command's options, by name."""
    out: dict[str, int | float] = {}
    for _, name, *_ in LIMIT_OPTIONS:
        value = getattr(args, f"limit_{name}", None)
        if value is not None:
            out[name] = value
    return out


#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def _check_database(path: str, is_default: bool) -> None:
    """Refuse a database the workers could not open, before uvicorn starts them: the
    default folder is made when missing, any other must exist and be writable, and an
    existing file must be a SQLite database."""
    if is_default:
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
        except OSError as exc:
            raise CliError(f"cannot make the folder of the database {path}: {exc}") from exc
    check_output(path, "database")
    if os.path.isfile(path):
        try:
            with open(path, "rb") as f:
                head = f.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise CliError(f"cannot read the database {path}: {exc.strerror or exc}") from exc
        if head and head != SQLITE_HEADER:
            raise CliError(f"cannot use the database {path}: it is not a SQLite database")


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the application on ``--host``:``--port`` with ``--workers`` processes until
    stopped (Ctrl-C), the game sessions kept in ``--database``."""
    try:
        import uvicorn

        from chinese_poker.server import Limits  # FastAPI, checked before uvicorn starts
    except ImportError:
        raise CliError(SERVER_EXTRA) from None
    given_limits = limits_given(args)
    try:
        Limits(**given_limits)  # type: ignore[arg-type]
    except ValueError as exc:
        # The parser checks each option's range already; a value it let through that
        # `Limits` refuses is still told in one line, not as a worker's traceback.
        raise CliError(f"invalid limits: {exc}") from None
    given = args.database
    try:
        path = database_path(str(default_database()) if given is None else given)
    except ValueError as exc:
        raise CliError(f"invalid --database: {exc}") from None
    if path == MEMORY:
        if args.workers > 1:
            # Each worker would hold its own sessions: a move sent to another would be lost.
            raise CliError(
                "--database :memory: keeps the sessions in one process; with "
                "--workers above 1 give a database file"
            )
    else:
        _check_database(path, given is None)
    # The workers inherit the environment: the factory finds the database and limits there.
    os.environ[DATABASE_ENV] = path
    os.environ[LIMITS_ENV] = json.dumps(given_limits)
    # By import string, so that each worker process builds its own application.
    uvicorn.run(
        "chinese_poker.server:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        access_log=getattr(args, "access_log", True),
    )
    return 0
