"""Finding one's way in the command line: the presets, a preset's options, help on every
option, ``python -m chinese_poker``, and ``--json`` honoured or refused."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from chinese_poker import Rules


def run(*args: str, module: str = "chinese_poker.cli") -> subprocess.CompletedProcess[str]:
    """The command through ``python -m MODULE``, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_presets_lists_every_preset_with_its_game_and_method() -> None:
    r = run("presets")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["preset", "game", "method", "royalties", "naturals"]
    rows = {line.split()[0]: line.split() for line in lines[1:] if line.strip()}
    for name in Rules.presets():
        rules = Rules.preset(name)
        assert rows[name][1:4] == [rules["game"], rules["score.method"], rules["royalty.table"]]
    assert rows["plain"][4] == "none" and rows["pagat_classic"][4:] == ["4", "kinds"]


def test_presets_json() -> None:
    r = run("presets", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)["presets"]
    assert [p["name"] for p in out] == Rules.presets()
    assert out[0].keys() == {"name", "game", "method", "royalties", "naturals"}


def test_rules_shows_every_option_and_marks_the_changes() -> None:
    r = run("rules", "cp_pro_1_6")
    assert r.returncode == 0, r.stderr
    values = Rules.preset("cp_pro_1_6").to_dict()
    plain = Rules.preset("plain").to_dict()
    lines = {line[2:].split()[0]: line for line in r.stdout.splitlines() if line[2:3].strip()}
    assert set(values) <= set(lines)
    for name, value in values.items():
        assert lines[name].split()[-1] == value
        assert lines[name].startswith("*") == (plain[name] != value), lines[name]
    assert lines["royalty.table"].startswith("* ")
    assert "differs from plain" in r.stdout


def test_rules_json_and_unknown_preset() -> None:
    out = json.loads(run("rules", "ofc_us", "--json").stdout)
    assert out["options"]["game"] == {"value": "ofc", "differs": True}
    assert out["options"]["rank.wheel"]["differs"] is False
    assert out["options"]["fl.enabled"] == {"value": True, "differs": True}
    r = run("rules", "nope")
    assert r.returncode == 2 and "invalid choice" in r.stderr and "Traceback" not in r.stderr


def test_python_dash_m_chinese_poker_is_the_command() -> None:
    package = run("eval", "--json", "As Ks Qs Js Ts", module="chinese_poker")
    cli = run("eval", "--json", "As Ks Qs Js Ts")
    assert package.returncode == 0, package.stderr
    assert package.stdout == cli.stdout and "Royal flush" in package.stdout
    assert run("nonsense", module="chinese_poker").returncode == 2


def options_without_help(parser: argparse.ArgumentParser, path: str = "") -> list[str]:
    """Every argument of `parser` and its sub-commands that has no help text."""
    missing = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                missing += options_without_help(sub, f"{path} {name}".strip())
        elif not isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
            if not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{path or 'chinese-poker'}: {action.option_strings or action.dest}")
    return missing


def test_every_option_has_help() -> None:
    from chinese_poker.cli import build_parser

    assert options_without_help(build_parser()) == []
    # The walk finds a bare option: the check can fail.
    bare = argparse.ArgumentParser()
    bare.add_argument("--bare")
    assert options_without_help(bare) == ["chinese-poker: ['--bare']"]


def test_demo_json() -> None:
    r = run("demo", "--json", "--seed", "3", "--players", "3")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["seed"] == 3 and [s["name"] for s in out["seats"]] == ["North", "East", "South"]
    assert sum(out["totals"]) == 0
    for seat in out["seats"]:
        assert len(seat["dealt"]) == 13 and len(seat["setting"]["middle"]) == 5
    assert len(out["pairs"]) == 3


def test_terminal_games_refuse_json() -> None:
    for args in (["play", "--json"], ["ofc", "play", "--json"]):
        r = run(*args)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        assert "interactive" in r.stderr and "--json" in r.stderr
