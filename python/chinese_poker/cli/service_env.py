"""Where the service finds its settings: the environment variables through which ``serve``
hands the database and the limits to each worker (uvicorn builds the application in every
worker by calling the factory without arguments), and how a database is named.

Free of FastAPI, so that both the command line (before it knows the extra is installed) and
the service import it.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The environment variable that names the sessions' database to `create_app`: uvicorn
#: builds the application in each worker by calling the factory without arguments.
DATABASE_ENV = "CHINESE_POKER_DATABASE"

#: The environment variable that carries the server's limits to `create_app` in each worker,
#: as the JSON object of `chinese_poker.server.Limits`' fields that ``serve`` was given.
LIMITS_ENV = "CHINESE_POKER_LIMITS"

#: The name of a database kept in memory only (lost when the process ends).
MEMORY = ":memory:"

#: The most rollouts the open-face agent takes (`OfcGame.suggest`'s ``samples``): a bound
#: of the engine, checked by ``serve``'s parser and by `chinese_poker.server.Limits`.
MAX_ROLLOUTS = 16_384


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
