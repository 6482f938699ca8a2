"""The HTTP/JSON service of ``chinese-poker serve``: `create_app` builds the FastAPI
application, `Limits` bounds each request and the game sessions (`sessions`, kept by
`store`).

Needs the ``server`` extra (``pip install "chinese-poker[server]"``); importing
`chinese_poker` alone never imports FastAPI.
"""

from __future__ import annotations

try:
    import fastapi  # noqa: F401
except ImportError as exc:
    raise ImportError(
        'chinese_poker.server needs FastAPI: pip install "chinese-poker[server]"'
    ) from exc

from chinese_poker.server.app import create_app
from chinese_poker.server.limits import LimitExceeded, Limits

__all__ = ["LimitExceeded", "Limits", "create_app"]
