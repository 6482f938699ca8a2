"""The README's statements about the command line, each checked by running the command.

Claims tested elsewhere: the error wording and status 2 (test_cli_errors.py), colour and
suit symbols on a terminal, plain text when piped (test_cli.py), the default presets and
``python -m chinese_poker`` (test_cli.py, test_cli_discover.py), ``--json`` refused by the
games and its layouts (test_cli_discover.py, test_cli_json.py), ``ofc play`` at its prompt
(test_cli_ofc.py).
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
COMMAND = [sys.executable, "-m", "chinese_poker.cli"]


def _default_sigint() -> None:
    """Runs in the child before the command: SIGINT back to its default action."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], input=stdin, capture_output=True, text=True, check=False, timeout=120
    )


def cli_section() -> str:
    text = README.read_text("utf-8")
    return text[
        text.index("## Command line") : text.index("\n## ", text.index("## Command line") + 5)
    ]


def readme_command_lines() -> list[list[str]]:
    """The ``chinese-poker …`` lines of the section's shell blocks, continuation lines
    joined, comments and redirections dropped; lines with a '...' placeholder left out."""
    lines = []
    for block in re.findall(r"```bash\n(.*?)```", cli_section(), re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#.*$", "", line).split(" > ")[0].strip()
            if line.startswith("chinese-poker ") and "..." not in line:
                lines.append(shlex.split(line)[1:])
    return lines


def test_every_command_line_of_the_readme_runs() -> None:
    lines = readme_command_lines()
    assert len(lines) >= 12
    for args in lines:
        if args[0] == "simulate":
            args = ["simulate", "200", *args[2:]]  # the same command, fewer deals
        if args[:2] in (["ofc", "simulate"], ["ofc", "match"]):
            args = [*args[:2], "20", *args[3:]]  # one table
        r = run(*args, stdin="quit\n")  # the games stop at their first prompt
        assert r.returncode == 0, (args, r.stderr)
        assert r.stdout.strip() and "Traceback" not in r.stderr, args


def test_eval_in_the_russian_latin_alphabet() -> None:
    # T is the ace, B the jack and D the queen: ace to ten of spades, a royal flush.
    out = json.loads(run("eval", "--json", "--notation", "ru_latin", "Ts Bs Ds Ks 10s").stdout)
    assert out["hands"][0]["cards"] == ["As", "Js", "Qs", "Ks", "Ts"]
    assert out["hands"][0]["category"] == "ROYAL_FLUSH"


def test_eval_takes_the_wheel_of_the_preset() -> None:
    def value(preset: str, hand: str) -> int:
        out = json.loads(run("eval", "--json", "--preset", preset, hand).stdout)
        return int(out["hands"][0]["value"])

    wheel, king_high = "Ac 2d 3h 4s 5c", "9c Td Jh Qs Kc"
    # Lowest by default; second only to the ace-high straight under mau_binh_modern.
    assert value("cp_pro_1_6", wheel) < value("cp_pro_1_6", king_high)
    assert value("mau_binh_modern", wheel) > value("mau_binh_modern", king_high)


def test_score_players_may_surrender_or_declare_a_natural() -> None:
    dragon = "2c 3c 4c / 5c 6c 7c 8d 9d / Tc Jh Qd Kc Ac"  # 2 to A: a dragon
    other = "Js Jd 2h / 4d 4s 5d 5s 7s / 8c 9s Td Jc Qc"
    out = json.loads(run("score", "--json", f"natural:{dragon}", other, "surrender").stdout)
    statuses = [p["status"] for p in out["players"]]
    assert "DRAGON" in statuses[0] and statuses[1] == "played"
    assert statuses[2] == "surrendered"
    assert out["totals"][0] == 2 * 13  # a dragon collects 13 from each of two opponents


def test_score_reads_players_as_json_from_stdin() -> None:
    north = "Qs Qd 2d / 3s 3d 3h 4c 6s / 4h 5h 8h 9h Jh"
    east = "Js Jd 2h / 4d 4s 5d 5s 7s / 8c 9s Td Jc Qc"
    r = run("score", "--file", "-", "--json", stdin=json.dumps({"players": [north, east]}))
    assert r.returncode == 0, r.stderr
    # North's queens, trips and flush beat East's jacks, two pair and straight: every row.
    out = json.loads(r.stdout)
    assert out["pairs"][0]["rows"] == [1, 1, 1] and out["pairs"][0]["scoop"] == 0


def subcommands(parser: argparse.ArgumentParser, path: str = "") -> dict[str, set[str]]:
    """Every runnable sub-command of `parser` with the option strings it takes."""
    found: dict[str, set[str]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update(subcommands(sub, f"{path} {name}".strip()))
    if path and not found:
        found[path] = {s for a in parser._actions for s in a.option_strings}
    return found


MINIMAL = {
    "eval": ["As Ks Qs"],
    "score": ["Qs Qd 2d / 3s 3d 3h 4c 6s / 4h 5h 8h 9h Jh", "surrender"],
    "solve": ["As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"],
    "demo": [],
    "simulate": ["10"],
    "play": [],
    "ofc play": [],
    "ofc simulate": ["20", "--strategy", "heuristic"],
    "ofc match": ["20", "--a", "heuristic", "--b", "heuristic"],
    "ofc fantasyland": ["2c 4h 4c 4d 4s 5d 5s 5c 6h 7h 8h 9h Th Kd"],
    "train": ["--out", "model.bin", "--deals", "10"],
}


#: The commands that play no game of their own: no rules options.
NO_RULES = ("presets", "rules", "serve")


def test_every_command_but_presets_rules_and_serve_takes_the_rules_options() -> None:
    from chinese_poker.cli import build_parser

    commands = subcommands(build_parser())
    assert set(commands) == set(MINIMAL) | set(NO_RULES)
    for name, options in commands.items():
        common = {"--preset", "--option", "--notation", "--json"}
        assert common <= options or name in NO_RULES, name
    # And each one applies --option: an unknown option name is refused before any work.
    for name, args in MINIMAL.items():
        r = run(*name.split(), *args, "--option", "no.such.option=1", stdin="quit\n")
        assert r.returncode == 2, (name, r.stdout)
        assert "invalid rules option 'no.such.option=1'" in r.stderr, (name, r.stderr)


def test_piped_output_is_plain_ascii() -> None:
    for args in (["eval", "Q♠Q♦5♣"], ["solve", "A♠ A♦ Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"], ["demo"]):
        out = run(*args).stdout
        assert out.isascii() and "\x1b[" not in out, args


def test_the_play_default_is_three_solver_opponents() -> None:
    out = run("play", "--preset", "cp_pro_2_4", stdin="quit\n").stdout
    assert "against 3 solver opponents" in out
    assert "bye. Totals: You +0, East +0, South +0, West +0" in out


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT as a POSIX signal")
def test_ctrl_c_during_simulate_prints_the_deals_finished() -> None:
    proc = subprocess.Popen(
        [*COMMAND, "simulate", "1000000000", "--strategy", "greedy", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A child inherits an ignored SIGINT (a job started in the background), and
        # Python then never raises KeyboardInterrupt: the default action is restored.
        preexec_fn=_default_sigint,
    )
    time.sleep(3)  # the import and the first chunks of deals
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    result = json.loads(out)
    assert result["interrupted"] is True and 0 < result["deals"] < result["requested"]
