"""The oldest CPython the package supports, stated once and checked everywhere.

pyproject's `requires-python`, ruff's `target-version` (which decides what
pyupgrade may rewrite) and the pyo3 feature that sets the abi3 wheel's floor
must name the same version, and vermin, which reads the code independently,
must find nothing in the package that a CPython of that version lacks.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict:
    """pyproject.toml, parsed."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def floor() -> tuple[int, int]:
    """The floor `requires-python` states, as (3, minor)."""
    spec = pyproject()["project"]["requires-python"]
    m = re.fullmatch(r">=\s*3\.(\d+)", spec)
    assert m, f"requires-python {spec!r} is not of the form '>=3.N'"
    return (3, int(m.group(1)))


def test_ruff_target_is_the_floor() -> None:
    major, minor = floor()
    assert pyproject()["tool"]["ruff"]["target-version"] == f"py{major}{minor}"


def test_pyo3_abi3_feature_is_the_floor() -> None:
    cargo = tomllib.loads((ROOT / "rust/python/Cargo.toml").read_text(encoding="utf-8"))
    major, minor = floor()
    assert cargo["features"]["abi3"] == [f"pyo3/abi3-py{major}{minor}"]


def test_vermin_finds_nothing_newer_than_the_floor() -> None:
    major, minor = floor()
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            # vermin has no `__main__`; this is what its console script runs.
            "import sys, vermin; sys.exit(vermin.main())",
            f"-t={major}.{minor}-",
            "--no-tips",
            "--eval-annotations",
            "--violations",
            str(ROOT / "python" / "chinese_poker"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
