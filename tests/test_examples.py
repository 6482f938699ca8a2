"""The scripts in ``examples/`` run as a user would run them, and print known facts."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(script: str, *args: str, env: dict[str, str] | None = None) -> str:
    """The script's standard output; it must succeed without a traceback."""
    r = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=None if env is None else {**os.environ, **env},
    )
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    return r.stdout


def test_every_example_is_tested_and_documented() -> None:
    scripts = sorted(p.name for p in EXAMPLES.glob("*.py"))
    assert scripts == ["batch_eval_numpy.py", "service.py", "simulation_study.py"]
    for name in scripts:
        assert (EXAMPLES / name).read_text("utf-8").startswith('"""'), name


def test_batch_eval_counts_every_category() -> None:
    out = run("batch_eval_numpy.py")
    counts = {
        m[0]: int(m[1].replace(",", "")) for m in re.findall(r"^(\w+)\s+([\d,]+)$", out, re.M)
    }
    # The textbook counts of the 2,598,960 five-card hands.
    assert counts == {
        "HIGH_CARD": 1_302_540,
        "PAIR": 1_098_240,
        "TWO_PAIR": 123_552,
        "TRIPS": 54_912,
        "STRAIGHT": 10_200,
        "FLUSH": 5_108,
        "FULL_HOUSE": 3_744,
        "QUADS": 624,
        "STRAIGHT_FLUSH": 36,
        "ROYAL_FLUSH": 4,
    }
    assert "Royal flush" in out and "High card, 7-5-4-3-2" in out


def block_matplotlib(tmp_path: Path) -> dict[str, str]:
    """An environment in which ``import matplotlib`` fails, as on a machine without it."""
    shim = tmp_path / "shim" / "matplotlib"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError('No module named matplotlib')\n")
    return {
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(shim.parent), os.environ.get("PYTHONPATH")])
        )
    }


def test_simulation_study_is_zero_sum_deterministic_and_plots(tmp_path: Path) -> None:
    plot = tmp_path / "rates.png"
    out = run("simulation_study.py", "--deals", "300", "--out", str(plot))
    sums = [float(x) for x in re.findall(r"sum of the seats' means: ([+-][\d.]+)", out)]
    assert sums == [0.0, 0.0, 0.0]  # every point won is lost by another seat
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = run("simulation_study.py", "--deals", "300", "--out", str(tmp_path / "b.png"))
    assert again.replace("b.png", "rates.png") == out  # seeded: the same figures every run
    # Without matplotlib the figures are still printed and the plot is skipped.
    bare = run("simulation_study.py", "--deals", "300", "--out", str(tmp_path / "c.png"),
               env=block_matplotlib(tmp_path))  # fmt: skip
    assert "the plot is skipped" in bare and not (tmp_path / "c.png").exists()
    assert bare.splitlines()[:8] == out.splitlines()[:8]


def test_service_answers_and_refuses() -> None:
    out = run("service.py")
    assert '/eval {"cards": "As Ks Qs Js Ts"} -> 200 {"category": "ROYAL_FLUSH"' in out
    # A dragon (2 to A) is a natural worth 13 against one opponent under cp_pro_1_6.
    assert re.search(r'"opponents": 1\} -> 200 \{"setting": ".*", "ev": 13\.0\}', out)
    assert re.search(r'-> 400 \{"error": "invalid card .*Xs', out)
    assert '/solve {} -> 400 {"error": "missing or unknown: hand"}' in out
