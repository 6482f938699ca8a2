"""The ``--json`` contract of the command line: every non-interactive command prints one
object that its schema in ``schemas/`` accepts, cards and numbers in one form throughout."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from chinese_poker import Rules, parse_cards

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
HAND = "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh"
# The four-player example of the rules reference (docs/rules.md §11, vector 7).
NORTH = "Qs Qd 2d / 3s 3d 3h 4c 6s / 4h 5h 8h 9h Jh"
EAST = "Js Jd 2h / 4d 4s 5d 5s 7s / 8c 9s Td Jc Qc"
SOUTH = "Ks Kd 2c / 5c 6c 7d 8d 9c / 6h 7h 8s 9d Tc"
WEST = "7c 6d 3c / Kh Kc Ts Th Qh / As Ad Ah Ac 2s"
# A Fantasyland hand whose best setting is the rules reference's vector 3 (48 royalties).
FANTASYLAND = "2c 4h 4c 4d 4s 5d 5s 5c 6h 7h 8h 9h Th Kd"


def run_json(*args: str) -> dict[str, Any]:
    """The command's JSON output; the command must succeed and print nothing else."""
    r = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    out: dict[str, Any] = json.loads(r.stdout)
    return out


def validator(command: str) -> Draft202012Validator:
    """The validator of one command's schema file (itself checked against draft 2020-12)."""
    schema = json.loads((SCHEMAS / f"{command.replace(' ', '-')}.schema.json").read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def valid(command: str, out: dict[str, Any]) -> dict[str, Any]:
    """Asserts that `out` is the command's layout; returns it."""
    errors = [e.message for e in validator(command).iter_errors(out)]
    assert not errors, errors
    assert out["schema"] == 1 and out["command"] == command
    return out


def setting_cards(setting: dict[str, list[str]]) -> list[str]:
    return setting["front"] + setting["middle"] + setting["back"]


def codes(cards: list[str]) -> list[int]:
    return sorted(parse_cards(" ".join(cards)))


def test_eval_has_one_shape_for_one_hand_and_several() -> None:
    one = valid("eval", run_json("eval", "--json", "As Ks Qs Js Ts"))
    several = valid("eval", run_json("eval", "--json", "As Ks Qs Js Ts", "Q♠Q♦5♣"))
    assert one["hands"] == several["hands"][:1]
    assert one["hands"][0]["category"] == "ROYAL_FLUSH"
    # Cards come back as ASCII codes whatever the input's suits or --unicode.
    assert several["hands"][1]["cards"] == ["Qs", "Qd", "5c"]
    uni = run_json("eval", "--json", "--unicode", "Q♠Q♦5♣")
    assert uni["hands"][0]["cards"] == ["Qs", "Qd", "5c"]
    # A ten is written T in every output.
    assert run_json("eval", "--json", "10h 10d 4c")["hands"][0]["cards"] == ["Th", "Td", "4c"]


def test_score_totals_are_numbers() -> None:
    per_row = ["--option", "score.method=per_row", "--option", "royalty.table=none"]
    out = valid("score", run_json("score", "--json", *per_row, NORTH, EAST, SOUTH, WEST))
    assert out["totals"] == [3, -5, 3, -1]  # the rules reference's worked example
    assert [sum(row) for row in out["matrix"]] == out["totals"]
    assert setting_cards(out["players"][3]["setting"]) == WEST.replace("/ ", "").split()
    surrender = valid("score", run_json("score", "--json", NORTH, "surrender"))
    assert surrender["players"][1]["setting"] is None and sum(surrender["totals"]) == 0


def test_solve_setting_is_the_hand() -> None:
    out = valid("solve", run_json("solve", "--json", HAND))
    assert codes(setting_cards(out["setting"])) == codes(HAND.split())
    assert out["candidates"][0]["setting"] == out["setting"]
    evs = [c["ev"] for c in out["candidates"]]
    assert evs == sorted(evs, reverse=True)
    strong = valid(
        "solve", run_json("solve", "--json", "--strategy", "strong", "--effort", "20", HAND)
    )
    assert strong["se"] > 0
    dragon = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
    assert valid("solve", run_json("solve", "--json", dragon))["natural"]["kind"] == "DRAGON"
    assert out["banker"] is False
    bank = valid(
        "solve", run_json("solve", "--json", "--preset", "pusoy_ph_banker", "--banker", HAND)
    )
    player = valid("solve", run_json("solve", "--json", "--preset", "pusoy_ph_banker", HAND))
    assert bank["banker"] is True and bank["ev"] != player["ev"]


def test_demo_seats_hold_their_dealt_cards() -> None:
    out = valid("demo", run_json("demo", "--json", "--seed", "3", "--players", "3"))
    dealt = [codes(s["dealt"]) for s in out["seats"]]
    assert len({c for d in dealt for c in d}) == 39  # three disjoint hands of 13
    for seat, cards in zip(out["seats"], dealt):
        assert codes(setting_cards(seat["setting"])) == cards
    assert sum(out["totals"]) == 0 and len(out["pairs"]) == 3
    assert all("P0" not in p["explanation"] for p in out["pairs"])  # seats by their names


def test_simulate() -> None:
    out = valid("simulate", run_json("simulate", "200", "--strategy", "greedy", "--json"))
    assert out["deals"] == out["requested"] == 200
    assert abs(sum(p["mean"] for p in out["points_per_seat"])) < 1e-9


def test_train(tmp_path: Path) -> None:
    out_file = tmp_path / "m.bin"
    out = valid(
        "train",
        run_json("train", "--deals", "40", "--iterations", "2", "--players", "2",
                 "--threads", "1", "--out", str(out_file), "--json"),
    )  # fmt: skip
    # iteration 0 (greedy) and two more, each of 40 two-player deals
    assert [r["iteration"] for r in out["iterations"]] == [0, 1, 2]
    assert all(r["deals"] == 40 and r["rows"] + r["fouls"] + r["naturals"] == 80
               for r in out["iterations"])  # fmt: skip
    assert out["iterations"][0]["drift"] is None and out_file.stat().st_size > 0


def test_ofc_fantasyland() -> None:
    out = valid("ofc fantasyland", run_json("ofc", "fantasyland", "--json", FANTASYLAND))
    assert out["royalty"] == 48
    placed = setting_cards(out["setting"])
    assert codes(placed + out["discards"]) == codes(FANTASYLAND.split())


def test_ofc_simulate() -> None:
    out = valid(
        "ofc simulate",
        run_json("ofc", "simulate", "40", "--players", "2", "--preset", "ofc_us",
                 "--strategy", "baseline,heuristic", "--json"),
    )  # fmt: skip
    assert out["hands"] == out["requested"] == 40 and out["strategies"] == ["baseline", "heuristic"]
    assert sum(out["stats"]["points"]) == 0 and len(out["seat_rates"]) == 2
    assert not validator("ofc simulate").is_valid({**out, "hands": "40"})


def test_ofc_match() -> None:
    out = valid(
        "ofc match",
        run_json("ofc", "match", "30", "--a", "baseline", "--b", "heuristic", "--preset",
                 "ofc_us", "--json"),
    )  # fmt: skip
    assert out["hands"] == 30 and out["ab"]["strategies"] == ["baseline", "heuristic"]
    a_points = out["ab"]["stats"]["points"][0] + out["ba"]["stats"]["points"][1]
    assert out["edge"] == pytest.approx(a_points / (2 * 30 * 12))
    assert not validator("ofc match").is_valid({**out, "ab": {**out["ab"], "stats": {}}})


def test_presets() -> None:
    out = valid("presets", run_json("presets", "--json"))
    assert [p["name"] for p in out["presets"]] == Rules.presets()
    dragon = {p["name"]: p["naturals"] for p in out["presets"]}["pagat_classic"][-1]
    assert dragon == {"kind": "DRAGON", "value": 13}  # the 13-card dragon is worth 13


@pytest.mark.parametrize("preset", ["plain", "cp_pro_1_6", "ofc_pineapple", "malay_banker"])
def test_rules_values_read_back_as_the_preset(preset: str) -> None:
    out = valid("rules", run_json("rules", preset, "--json"))
    values = {k: v["value"] for k, v in out["options"].items()}
    assert Rules.from_dict(values) == Rules.preset(preset)
    assert isinstance(values["tie.banker_wins_ties"], bool)
    assert isinstance(values["table.banker"], int)


def test_the_schemas_refuse_other_layouts() -> None:
    """The checks can fail: the layouts printed before the contract are refused."""
    old_eval = {
        "cards": "As Ks Qs Js Ts",
        "category": "ROYAL_FLUSH",
        "description": "x",
        "value": 1,
    }
    assert not validator("eval").is_valid(old_eval)
    out = run_json("score", "--json", NORTH, EAST)
    assert validator("score").is_valid(out)
    assert not validator("score").is_valid({**out, "totals": [str(t) for t in out["totals"]]})
    solve = run_json("solve", "--json", HAND)
    bad_card = {**solve, "setting": {**solve["setting"], "front": ["A♠", "Ad", "Jh"]}}
    assert not validator("solve").is_valid(bad_card)
    assert not validator("solve").is_valid({**solve, "setting": "As Ad Jh / ..."})
    assert not validator("solve").is_valid({**solve, "schema": 2})


def json_commands(parser: argparse.ArgumentParser, path: str = "") -> list[str]:
    """The sub-commands of `parser` (walked recursively) that take ``--json``."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += json_commands(sub, f"{path} {name}".strip())
        elif "--json" in action.option_strings and path:
            found.append(path)
    return found


INTERACTIVE = {"play", "ofc play"}


def test_every_json_command_has_a_schema_and_shares_the_definitions() -> None:
    from chinese_poker.cli import build_parser

    commands = set(json_commands(build_parser())) - INTERACTIVE
    files = {p.name.removesuffix(".schema.json").replace("-", " ") for p in SCHEMAS.glob("*.json")}
    assert commands == files
    # A card, a setting, a natural and a pair mean the same in every file.
    shared: dict[str, Any] = {}
    for path in SCHEMAS.glob("*.json"):
        for name, definition in json.loads(path.read_text("utf-8")).get("$defs", {}).items():
            assert shared.setdefault(name, definition) == definition, (path.name, name)
    assert {"card", "cards", "setting", "natural", "pair"} <= set(shared)


def test_printed_settings_are_read_back_by_score() -> None:
    """A setting as the JSON prints it is a player of ``score --file``: solve, then settle."""
    other = "Qs Qd 2h 3s 3d 3h 4c 6s 4h 8h 9c Js Ts"  # none of HAND's cards
    settings = [run_json("solve", "--json", h)["setting"] for h in (HAND, other)]
    r = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", "score", "--json", "--file", "-"],
        input=json.dumps({"players": settings}), capture_output=True, text=True, check=False,
        timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = valid("score", json.loads(r.stdout))
    assert [p["setting"] for p in out["players"]] == settings
    bad = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", "score", "--file", "-"],
        input=json.dumps([{"front": ["As"], "middle": 5}]), capture_output=True, text=True,
        check=False, timeout=120,
    )  # fmt: skip
    assert bad.returncode == 2 and '{"front": [...], "middle": [...], "back": [...]}' in bad.stderr
