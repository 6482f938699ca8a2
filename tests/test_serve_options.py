"""The options of ``chinese-poker serve`` beyond where it listens: the access log and the
limits (`chinese_poker.server.Limits`), how they reach the workers, and bad values refused
with status 2 and one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from chinese_poker.cli import main  # noqa: E402
from chinese_poker.cli.serve import DATABASE_ENV, LIMIT_OPTIONS, LIMITS_ENV  # noqa: E402
from chinese_poker.server import Limits, create_app  # noqa: E402


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """`serve` run in this process with uvicorn's `run` replaced: what it would have been
    given. The environment the command sets is put back afterwards."""
    import uvicorn

    calls: dict[str, Any] = {}

    def run(app: str, **kwargs: Any) -> None:
        calls.update(kwargs, app=app)

    monkeypatch.setattr(uvicorn, "run", run)
    for name in (LIMITS_ENV, DATABASE_ENV):
        # Set first, so that monkeypatch records the variable's absence and deletes what
        # `serve` writes there when the test ends (a delenv of a variable not set records
        # nothing, and the limits would reach every later test's application).
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    calls["database"] = str(tmp_path / "s.sqlite3")
    return calls


def test_the_limits_reach_the_workers_through_the_environment(served: dict[str, Any]) -> None:
    args = ["serve", "--database", served["database"], "--workers", "2"]
    args += ["--max-batch", "10", "--solve-seconds", "0.5", "--bot-effort", "4", "--no-access-log"]
    assert main(args) == 0
    assert served["workers"] == 2 and served["access_log"] is False and served["factory"]
    assert json.loads(os.environ[LIMITS_ENV]) == {
        "batch": 10,
        "solve_seconds": 0.5,
        "bot_effort": 4,
    }
    # What a worker builds: the factory called without arguments.
    lim = create_app().state.limits
    assert lim == Limits(batch=10, solve_seconds=0.5, bot_effort=4)


def test_without_options_the_defaults_and_the_access_log(served: dict[str, Any]) -> None:
    assert main(["serve", "--database", served["database"]]) == 0
    assert served["access_log"] is True and served["workers"] == 1
    assert json.loads(os.environ[LIMITS_ENV]) == {}
    assert create_app().state.limits == Limits()


def test_every_limit_has_an_option_whose_help_tells_its_default() -> None:
    from dataclasses import fields

    from chinese_poker import OptionError
    from chinese_poker.cli.service_env import MAX_ROLLOUTS
    from chinese_poker.ofc import OfcGame

    # The bound is the engine's: one rollout more is refused by `suggest` itself.
    with pytest.raises(OptionError, match=f"1 to {MAX_ROLLOUTS}"):
        OfcGame("ofc_pineapple", players=2, seed=1).suggest(samples=MAX_ROLLOUTS + 1)
    defaults = Limits()
    assert {name for _, name, *_ in LIMIT_OPTIONS} == {f.name for f in fields(Limits)}
    for flag, name, _, _, default in LIMIT_OPTIONS:
        assert float(default) == getattr(defaults, name), flag


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--max-batch", "0"], ["argument --max-batch", "out of range"]),
        (["--max-body", "lots"], ["argument --max-body", "'lots' is not a whole number"]),
        (["--max-effort", "-1"], ["argument --max-effort", "out of range"]),
        (["--solve-seconds", "0"], ["argument --solve-seconds", "not a positive number"]),
        (["--hint-seconds", "inf"], ["argument --hint-seconds", "not a positive number"]),
        (["--simulate-seconds", "nan"], ["argument --simulate-seconds", "not a positive"]),
        (["--bot-effort", "20000"], ["argument --bot-effort", "expected 1 to 16384"]),
        (["--hint-effort", "0"], ["argument --hint-effort", "out of range"]),
        (["--max-sessions", "1.5"], ["argument --max-sessions", "not a whole number"]),
        (["--session-rate", "0"], ["argument --session-rate", "not a positive number"]),
        (["--session-rate", "inf"], ["argument --session-rate", "not a positive number"]),
        (["--session-rate", "fast"], ["argument --session-rate", "'fast' is not a number"]),
        (["--session-burst", "0"], ["argument --session-burst", "out of range"]),
        (["--session-burst", "2.5"], ["argument --session-burst", "not a whole number"]),
        (["--no-access-log=yes"], ["--no-access-log", "ignored explicit argument"]),
    ],
)
def test_bad_values_are_refused_in_one_line(
    args: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["serve", *args])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if "error:" in line]
    assert len(errors) == 1 and errors[0].startswith("chinese-poker serve: error: "), err
    for word in words:
        assert word in errors[0], (word, err)


def test_a_bad_value_exits_2_from_the_command() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", "serve", "--max-batch", "0"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr
    assert r.stderr.splitlines()[-1] == (
        "chinese-poker serve: error: argument --max-batch: 0 is out of range "
        "(expected 1 to 18446744073709551615)"
    )


def test_limits_from_json_refuse_what_is_not_theirs() -> None:
    assert Limits.from_json("{}") == Limits()
    for text, message in (
        ("[]", "a JSON object"),
        ('{"batch": 5, "nope": 1}', "no such limit: nope"),
        ('{"batch": 0}', "Limits.batch must be at least 1"),
        ("{", "Expecting"),
    ):
        with pytest.raises(ValueError, match=message):
            Limits.from_json(text)
