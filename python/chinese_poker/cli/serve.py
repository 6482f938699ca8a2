"""The ``serve`` command: the HTTP/JSON service (`chinese_poker.server`) run by uvicorn."""

from __future__ import annotations

import argparse

from chinese_poker.cli.errors import CliError

#: What a user without the optional extra is told to run.
SERVER_EXTRA = 'serve needs FastAPI and uvicorn: pip install "chinese-poker[server]"'


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the application on ``--host``:``--port`` with ``--workers`` processes until
    stopped (Ctrl-C)."""
    try:
        import uvicorn

        import chinese_poker.server  # noqa: F401  (FastAPI, checked before uvicorn starts)
    except ImportError:
        raise CliError(SERVER_EXTRA) from None
    # By import string, so that each worker process builds its own application.
    uvicorn.run(
        "chinese_poker.server:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
    )
    return 0
