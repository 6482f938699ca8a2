"""A real ``chinese-poker serve`` (two uvicorn workers on loopback) under a short, bounded
load: concurrent clients whose every answer is the library's, clients that go away in the
middle of a request, and the limits given on the command line reaching every worker. Nothing
is timed: the speed is the benchmark's (benches/bench_server.py)."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import chinese_poker as cp

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

#: Concurrent clients, and the bounds of each one's loop: requests and seconds.
CLIENTS = 8
REQUESTS_EACH = 150
SECONDS = 3.0

#: The hands the clients send, round-robin (seeded deals), and the rules of every request.
HANDS = [cp.format_cards(cp.deal(11, i)[:13]) for i in range(100)]
PRESET = "cp_pro_2_4"

#: The batch limit the server is started with, to see it in every worker.
MAX_BATCH = 2


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The running service: its port and its log (stdout and stderr of every process)."""

    def __init__(self, port: int, log: Path) -> None:
        self.port, self.log = port, log

    def faults(self) -> list[str]:
        """The log's lines that tell of a fault."""
        words = ("ERROR", "Traceback", "Exception", "CRITICAL")
        text = self.log.read_text(errors="replace")
        return [line for line in text.splitlines() if any(w in line for w in words)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("load")
    port = free_port()
    log = folder / "server.log"
    command = [sys.executable, "-m", "chinese_poker.cli", "serve", "--port", str(port)]
    command += ["--workers", "2", "--database", str(folder / "s.sqlite3")]
    command += ["--no-access-log", "--max-batch", str(MAX_BATCH)]
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ))
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2):
                    break
            except OSError:
                assert proc.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        yield Server(port, log)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def expected(hand: str) -> tuple[list[int], float, list[float]]:
    """The library's answer: the setting's codes, its EV, the candidates' EVs."""
    sol = cp.solve(hand, cp.Rules.preset(PRESET), opponents=2)
    return list(sol.setting.codes), sol.ev, [ev for _, ev in sol.candidates]


def answered(out: dict[str, Any]) -> tuple[list[int], float, list[float]]:
    """A ``/solve`` answer in the terms of `expected`."""
    s = out["setting"]
    codes = cp.parse_cards(" ".join(s["front"] + s["middle"] + s["back"]))
    return codes, out["ev"], [c["ev"] for c in out["candidates"]]


def post(conn: http.client.HTTPConnection, path: str, body: Any) -> tuple[int, Any]:
    """One request on a kept-alive connection: the status and the JSON answer."""
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    reply = conn.getresponse()
    return reply.status, json.loads(reply.read())


def solve_once(port: int, hand: str) -> tuple[int, Any]:
    """A ``/solve`` of `hand` on a new connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        return post(conn, "/solve", {"hand": hand, "preset": PRESET, "opponents": 2})
    finally:
        conn.close()


def test_concurrent_clients_get_the_library_answers(server: Server) -> None:
    want = {h: expected(h) for h in HANDS}
    problems: list[str] = []
    counts = [0] * CLIENTS

    def client(k: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        stop = time.monotonic() + SECONDS
        try:
            for i in range(REQUESTS_EACH):
                if time.monotonic() > stop:
                    break
                hand = HANDS[(k * 37 + i) % len(HANDS)]
                status, out = post(conn, "/solve", {"hand": hand, "preset": PRESET, "opponents": 2})
                if status != 200 or answered(out) != want[hand]:
                    problems.append(f"{hand}: {status} {out}")
                counts[k] += 1
        except (OSError, http.client.HTTPException, ValueError) as exc:
            problems.append(f"client {k}: {exc!r}")
        finally:
            conn.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads)
    assert problems == []
    assert all(n > 0 for n in counts), counts
    assert server.faults() == []


def test_clients_that_go_away_mid_request_leave_the_server_answering(server: Server) -> None:
    body = json.dumps({"hand": HANDS[0], "preset": PRESET, "opponents": 2}).encode()
    head = (
        f"POST /solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    # Half a body, then gone; the headers alone, then gone; the head cut in its middle.
    for sent in (head + body[: len(body) // 2], head, head[:20]):
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(sent)
    # A whole strong solve of a second and a half, then gone before it is answered.
    strong = json.dumps(
        {"hand": HANDS[1], "strategy": "strong", "effort": 4096, "time_budget": 1.5}
    ).encode()
    for _ in range(2):
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(head.replace(str(len(body)).encode(), str(len(strong)).encode()) + strong)
            time.sleep(0.2)  # received, and being solved
    # Both workers still answer, rightly.
    for hand in HANDS[:6]:
        status, out = solve_once(server.port, hand)
        assert status == 200 and answered(out) == expected(hand), out
    time.sleep(1.5)  # the abandoned solves finish, their answers dropped
    status, out = solve_once(server.port, HANDS[2])
    assert status == 200 and answered(out) == expected(HANDS[2])
    assert server.faults() == []


def test_the_command_lines_limits_reach_every_worker(server: Server) -> None:
    # Each on a new connection, so that both workers are asked.
    hands = HANDS[: MAX_BATCH + 1]
    for _ in range(8):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            status, out = post(conn, "/solve/batch", {"hands": hands})
        finally:
            conn.close()
        assert status == 422 and out["error"] == "LimitExceeded", out
        assert f"limit of {MAX_BATCH}" in out["message"]
    assert server.faults() == []
