"""Embedding the engine in a service: a small JSON-over-HTTP server from the standard
library, started on a free local port and queried by concurrent clients, all in this script.

``POST /eval`` with ``{"cards": "As Ks Qs Js Ts"}`` answers the hand's category and
description; ``POST /solve`` with ``{"hand": "<13 cards>", "preset": "cp_pro_1_6"}`` answers
the solver's setting and expected points. Bad input is a 400 reply whose body names the
problem (the engine's `ChinesePokerError` message), never a crash of the server.
`ThreadingHTTPServer` serves each request on its own thread; the engine releases the GIL
during the heavy calls, so concurrent requests run side by side.

    python examples/service.py
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from chinese_poker import ChinesePokerError, Rules, evaluate, solve


def answer(path: str, request: dict[str, Any]) -> dict[str, Any]:
    """The reply to one request; raises `ChinesePokerError` (or KeyError) on bad input."""
    if not isinstance(request, dict):
        raise ValueError("expected a JSON object")
    if path == "/eval":
        value = evaluate(request["cards"])
        return {"category": value.category.name, "description": value.describe()}
    if path == "/solve":
        rules = Rules.preset(request.get("preset", "cp_pro_1_6"))
        sol = solve(request["hand"], rules, opponents=int(request.get("opponents", 3)))
        return {"setting": str(sol.setting), "ev": round(sol.ev, 4)}
    raise KeyError(path)


class Handler(BaseHTTPRequestHandler):
    """JSON in, JSON out; a 400 reply with the reason for anything it cannot answer."""

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        try:
            request = json.loads(self.rfile.read(length) or b"{}")
            status, body = 200, answer(self.path, request)
        except KeyError as exc:
            status, body = 400, {"error": f"missing or unknown: {exc.args[0]}"}
        except (ChinesePokerError, ValueError) as exc:  # includes bad JSON
            status, body = 400, {"error": str(exc)}
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the script prints the replies itself."""


def post(url: str, request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """One client call: the reply's status and JSON body."""
    data = json.dumps(request).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def main() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)  # port 0: any free port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    jobs = [
        ("/eval", {"cards": "As Ks Qs Js Ts"}),
        ("/eval", {"cards": "Q♠ Q♦ 5♣"}),
        ("/solve", {"hand": "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"}),
        ("/solve", {"hand": "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", "opponents": 1}),
        ("/eval", {"cards": "As Ks Xs"}),  # not a card: a 400 naming it
        ("/solve", {}),  # no hand: a 400
    ]
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            replies = list(pool.map(lambda job: post(base + job[0], job[1]), jobs))
    finally:
        server.shutdown()
        server.server_close()
    for (path, request), (status, body) in zip(jobs, replies):
        print(f"{path} {json.dumps(request, ensure_ascii=False)} -> {status} {json.dumps(body)}")


if __name__ == "__main__":
    main()
