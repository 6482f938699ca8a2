"""The ``serve`` command: the HTTP/JSON service (`chinese_poker.server`) run by uvicorn, and
where its game sessions are kept (`DATABASE_ENV`, `default_database`, `database_path`)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from chinese_poker.cli.errors import CliError, check_output

#: What a user without the optional extra is told to run.
SERVER_EXTRA = 'serve needs FastAPI and uvicorn: pip install "chinese-poker[server]"'

#: The environment variable that names the sessions' database to `create_app`: uvicorn
#: builds the application in each worker by calling the factory without arguments.
DATABASE_ENV = "CHINESE_POKER_DATABASE"

#: The name of a database kept in memory only (lost when the process ends).
MEMORY = ":memory:"

#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def default_database() -> Path:
    """Where ``serve`` keeps the sessions when ``--database`` is not given:
    ``$XDG_STATE_HOME/chinese-poker/sessions.sqlite3``, or under ``~/.local/state`` when
    that variable is unset or not an absolute path (as the XDG base directory rules say)."""
    state = os.environ.get("XDG_STATE_HOME", "")
    base = Path(state) if os.path.isabs(state) else Path.home() / ".local" / "state"
    return base / "chinese-poker" / "sessions.sqlite3"


def database_path(database: str) -> str:
    """A database as `sqlite3` opens it: a path as it is, ``sqlite:///PATH`` as ``PATH``
    (``sqlite:////abs`` as ``/abs``), and ``:memory:``, ``sqlite://`` or
    ``sqlite:///:memory:`` as `MEMORY`.

    >>> database_path("sqlite:///games.sqlite3"), database_path("sqlite:////tmp/g.db")
    ('games.sqlite3', '/tmp/g.db')
    >>> database_path("sqlite://") == database_path(":memory:") == MEMORY
    True
    """
    if database.startswith("sqlite:"):
        rest = database[len("sqlite:") :]
        if not rest.startswith("//"):
            raise ValueError(f"expected sqlite:///PATH, got {database!r}")
        database = rest[3:] if rest.startswith("///") else rest[2:]
        if database == "":
            return MEMORY
    if database == "":
        raise ValueError("the database path is empty")
    return database


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

        import chinese_poker.server  # noqa: F401  (FastAPI, checked before uvicorn starts)
    except ImportError:
        raise CliError(SERVER_EXTRA) from None
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
    # The workers inherit the environment: the factory finds the database there.
    os.environ[DATABASE_ENV] = path
    # By import string, so that each worker process builds its own application.
    uvicorn.run(
        "chinese_poker.server:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
    )
    return 0
