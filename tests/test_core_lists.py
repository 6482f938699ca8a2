"""The Python layer reads the core's lists instead of holding copies: the notation
names, the presets, the open-face presets and the deck all come from `_core`."""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
from pathlib import Path

import chinese_poker as cp
from chinese_poker import Rules, deal, notations
from chinese_poker.cli import build_parser
from chinese_poker.cli.parser import NOTATIONS
from chinese_poker.ofc import PRESETS

PACKAGE = Path(cp.__file__).resolve().parent


def _choices(parser: argparse.ArgumentParser, command: list[str], option: str) -> list[str]:
    """The choices of `option` of the sub-command reached by `command`."""
    for name in command:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    action = next(a for a in parser._actions if option in a.option_strings)
    assert action.choices is not None
    return list(action.choices)


def test_notations_are_the_cores() -> None:
    assert NOTATIONS == notations()
    for name in notations():
        assert cp.parse_cards("5s", notation=name) == [15]  # the name is one the core reads
    # every name the core lists is one the stub's `_Notation` type allows
    stub = ast.parse((PACKAGE / "_core.pyi").read_text(encoding="utf-8"))
    literal = next(
        node.value
        for node in stub.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == "_Notation"
    )
    assert isinstance(literal, ast.Subscript) and isinstance(literal.slice, ast.Tuple)
    typed = {e.value for e in literal.slice.elts if isinstance(e, ast.Constant)}
    assert set(notations()) <= typed


def test_cli_choices_are_the_cores() -> None:
    parser = build_parser()
    for command in (["eval"], ["score"], ["solve"], ["demo"], ["play"]):
        assert _choices(parser, command, "--notation") == notations()
        assert _choices(parser, command, "--preset") == Rules.presets()
    # The open-face commands take the open-face presets, as the core marks them.
    for command in (["ofc", "play"], ["ofc", "simulate"], ["ofc", "match"], ["ofc", "fantasyland"]):
        assert _choices(parser, command, "--notation") == notations()
        assert _choices(parser, command, "--preset") == list(PRESETS)


def test_ofc_presets_are_the_open_face_presets() -> None:
    assert list(PRESETS) == [n for n in Rules.presets() if Rules.preset(n)["game"] != "closed"]
    assert "ofc_legacy_gem" in PRESETS and "cp_pro_1_6" not in PRESETS


def test_no_list_of_core_names_is_typed_into_the_python_layer() -> None:
    """No list, tuple or set literal in the package holds two or more preset or
    notation names (a default names one; the stub's types may list them)."""
    names = set(Rules.presets()) | set(notations())
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
                held = {e.value for e in node.elts if isinstance(e, ast.Constant)} & names
                assert len(held) < 2, f"{path.name}:{node.lineno} copies {sorted(held)}"


def test_deal_is_the_cores_deck() -> None:
    deck = deal(7)
    assert sorted(deck) == list(range(52))
    assert deal(7) == deck and deal(7, 0) == deck
    assert deal(7, 1) != deck and deal(8) != deck


def test_demo_deals_from_the_core() -> None:
    from chinese_poker.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["demo", "--seed", "5", "--players", "2", "--ascii", "--color", "never"]) == 0
    dealt = [line.split("dealt ", 1)[1] for line in out.getvalue().splitlines() if "dealt" in line]
    deck = deal(5)
    assert dealt == [
        cp.format_cards(sorted(deck[13 * i : 13 * i + 13], reverse=True)) for i in (0, 1)
    ]
