"""The command line, through its real entry point."""

from __future__ import annotations

import json
import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_eval_prints_category_and_description() -> None:
    r = run("eval", "As Ks Qs Js Ts", "Q♠Q♦5♣")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "ROYAL_FLUSH" in lines[0] and "Royal flush" in lines[0]
    assert "PAIR" in lines[1] and "Pair of Queens, 5 kicker" in lines[1]


def test_eval_json() -> None:
    r = run("eval", "--json", "Kh Qh 8h 6h 3h")
    assert r.returncode == 0
    assert json.loads(r.stdout)["description"] == "Flush, K-Q-8-6-3"


def test_eval_bad_input() -> None:
    r = run("eval", "As Ks Xs")
    assert r.returncode == 2
    assert "Xs" in r.stderr and "Traceback" not in r.stderr
    r = run("eval", "As Ks")
    assert r.returncode == 2 and "expected 3 or 5" in r.stderr
    r = run("nonsense")
    assert r.returncode == 2
