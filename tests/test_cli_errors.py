"""Bad input to the command line: one clear message, exit status 2, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

HAND = "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"


def _default_sigint() -> None:
    """Runs in the child before the command: SIGINT back to its default action."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The command through ``python -m chinese_poker.cli``, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=None if env is None else {**os.environ, **env},
    )


def refused(r: subprocess.CompletedProcess[str], *words: str) -> None:
    """Asserts a refusal: status 2, no traceback, and the message names each of `words`."""
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode == 2, (r.returncode, r.stderr)
    for word in words:
        assert word in r.stderr, (word, r.stderr)


def test_simulate_refuses_zero_deals() -> None:
    refused(run("simulate", "0"), "argument deals", "out of range")


def test_simulate_of_no_deals_prints_from_python() -> None:
    from chinese_poker import simulate

    result = simulate(0)
    assert result.points_per_seat() == [(0.0, 0.0)] * 4
    assert "0 deals of 4 players" in result.table()
    json.dumps(result.to_dict(), default=str)  # and it serialises


def block_matplotlib(tmp_path: Path) -> dict[str, str]:
    """An environment in which ``import matplotlib`` fails, as on a machine without it."""
    shim = tmp_path / "shim" / "matplotlib"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError('No module named matplotlib')\n")
    path = os.pathsep.join(filter(None, [str(shim.parent), os.environ.get("PYTHONPATH")]))
    return {"PYTHONPATH": path}


def test_plot_without_matplotlib_is_refused_before_the_run(tmp_path: Path) -> None:
    # A billion deals would not finish within the timeout: the refusal must come first.
    r = run(
        "simulate", "1000000000", "--plot", str(tmp_path / "x.png"), env=block_matplotlib(tmp_path)
    )
    refused(r, "matplotlib", "pip install")


def test_simulate_checks_matplotlib_before_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_poker import simulate

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes the import fail
    with pytest.raises(ImportError, match="matplotlib"):
        simulate(10**12, block=1, plot="never-written.png", progress=started)


def started(done: int, total: int) -> None:
    """A progress callback that fails: deals were played before the check."""
    raise AssertionError(f"{done} deals were played before matplotlib was checked")


def test_simulate_refuses_a_bad_output_path_before_the_run(tmp_path: Path) -> None:
    refused(
        run("simulate", "1000000000", "--csv", "/nonexistent/x.csv"), "CSV file", "/nonexistent"
    )
    refused(run("simulate", "1000000000", "--plot", str(tmp_path)), "plot", "folder")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'{"players": 5}', ["expected a list", "players"]),
        (b"{}", ["expected a list"]),
        (
            b'["As Ks Qs / 2c 3c 4c 5c 6c / 7d 8d 9d Td Jd", 3]',
            ["each player a string or a setting"],
        ),
        (b"\xff\xfe not text", ["not UTF-8"]),
        (b"[" * 100_000 + b"]" * 100_000, ["nested too deeply"]),
        (b"{players", ["not JSON"]),
    ],
)
def test_score_file_of_the_wrong_shape(tmp_path: Path, content: bytes, words: list[str]) -> None:
    path = tmp_path / "deal.json"
    path.write_bytes(content)
    r = run("score", "--file", str(path))
    refused(r, "cannot read the file", str(path), *words)
    assert "cannot read the input" not in r.stderr


def test_score_file_missing() -> None:
    refused(run("score", "--file", "/nonexistent.json"), "cannot read the file", "No such file")


def prompt_then_ctrl_c(*args: str) -> subprocess.CompletedProcess[str]:
    """Starts a terminal game, waits for its prompt, sends SIGINT; returns the result."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "chinese_poker.cli", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        # A child inherits an ignored SIGINT (a job started in the background), and
        # Python then never raises KeyboardInterrupt: the default action is restored.
        preexec_fn=_default_sigint,
    )
    assert proc.stdout is not None
    seen = ""
    while not seen.endswith("> "):
        char = proc.stdout.read(1)
        assert char, f"the game ended before its prompt: {seen}"
        seen += char
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return subprocess.CompletedProcess(proc.args, proc.returncode, seen + out, err)


@pytest.mark.parametrize("command", [["play"], ["ofc", "play", "--effort", "4"]])
def test_ctrl_c_at_a_prompt(command: list[str]) -> None:
    r = prompt_then_ctrl_c(*command)
    assert r.returncode == 130, r.stderr
    assert "Traceback" not in r.stderr and "interrupted" in r.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", "99999999999999999999999"], ["argument deals", "out of range"]),
        (["simulate", "ten"], ["argument deals", "not a whole number"]),
        (["play", "--deals", "-1"], ["--deals", "out of range"]),
        (["play", "--deals", "0"], ["--deals", "out of range"]),
        (["demo", "--seed", "-1"], ["--seed", "out of range"]),
        (["demo", "--seed", str(2**64)], ["--seed", "out of range"]),
        (["solve", HAND, "--strategy", "strong", "--effort", "-5"], ["--effort", "out of range"]),
        (["solve", HAND, "--time-budget", "0", "--strategy", "strong"], ["--time-budget"]),
        (["solve", HAND, "--banker"], ["table.topology", "bank"]),
        (["ofc", "play", "--effort", "0"], ["--effort", "out of range"]),
        (["simulate", "10", "--threads", "0"], ["--threads", "out of range"]),
        (["ofc", "simulate", "0"], ["argument hands", "out of range"]),
        (["ofc", "simulate", "20", "--strategy", "greedy"], ["--strategy", "'greedy'", "baseline"]),
        (["ofc", "simulate", "20", "--strategy", "fast,default"], ["--strategy", "one per seat"]),
        (["ofc", "simulate", "20", "--preset", "cp_pro_1_6"], ["--preset", "ofc_pineapple"]),
    ],
)
def test_meaningless_numbers_are_refused(args: list[str], words: list[str]) -> None:
    refused(run(*args), *words)


@pytest.mark.parametrize("command", [["ofc", "play"], ["ofc", "simulate", "20"]])
def test_an_open_face_table_too_large_is_not_called_bad_cards(command: list[str]) -> None:
    r = run(*command, "--preset", "ofc_pineapple", "--players", "4")
    refused(r, "cannot seat that table", "Pineapple takes 2 to 3 players, got 4")
    assert "invalid cards" not in r.stderr


def test_effort_needs_the_strong_solver() -> None:
    refused(run("solve", HAND, "--effort", "10"), "--effort", "--strategy strong")
    refused(run("solve", HAND, "--time-budget", "1"), "--time-budget", "--strategy strong")


def test_each_class_of_error_has_its_own_words() -> None:
    cards = run("eval", "As Ks Xs")
    refused(cards, "invalid cards", "Xs")
    option = run("eval", "--option", "score.method=xx", "As Ks Qs")
    refused(option, "invalid rules option", "score.method=xx", "'per_row'")
    no_equals = run("eval", "--option", "score.method", "As Ks Qs")
    refused(no_equals, "invalid rules option", "NAME=VALUE")
    for r in (cards, option, no_equals):
        assert "cannot read the input" not in r.stderr


def test_a_long_list_of_names_is_cut_short() -> None:
    r = run("eval", "--option", "natural.set=1", "As Ks Qs")
    refused(r, "invalid rules option", "natural.set", "in all", "chinese-poker rules plain")
    assert len(r.stderr) < 400, r.stderr


def test_internal_wording_does_not_leak() -> None:
    from chinese_poker.cli.errors import short_choices

    # A number out of its range is invalid, not unknown, and its range is not a list.
    r = run("solve", "--strategy", "strong", "--effort", "10000000", HAND)
    refused(r, 'invalid effort "10000000"; expected a number of samples from 1 to')
    assert "one of" not in r.stderr and "unknown" not in r.stderr, r.stderr
    names = ", ".join(f"'n{i}'" for i in range(30))
    cut = short_choices(f"unknown x; expected one of {names}", "`see`")
    assert (
        cut
        == "unknown x; expected one of 'n0', 'n1', 'n2', 'n3', 'n4', 'n5', … (30 in all; `see` lists them all)"
    )


def test_a_mistyped_preset_gives_a_short_line_that_says_where_the_list_is() -> None:
    for args in (("solve", "--preset", "nope", "AsKsQsJsTs9s8s7s6s5s4s3s2s"), ("rules", "nope")):
        r = run(*args)
        last = r.stderr.strip().splitlines()[-1]
        assert r.returncode == 2 and "invalid choice: 'nope'" in last
        assert "in all; `chinese-poker presets` lists them" in last and len(last) < 250
    r = run("solve", "--option", "foo=bar", "AsKsQsJsTs9s8s7s6s5s4s3s2s")
    assert (
        r.returncode == 2 and "no such option (`chinese-poker rules plain` lists them)" in r.stderr
    )
    assert "Rules.options()" not in r.stderr
