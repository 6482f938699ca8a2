"""One renderer of settings: `Setting.describe`, which the command line calls too."""

from __future__ import annotations

import json
import re

from chinese_poker import Rules, Setting

SETTING = Setting("Ks 5d Kd / 9d As 9h Ad Ac / 7c 8c 9c Tc Jc")
FOUL = Setting("As Ad Ac / 2c 3d 4h 5s 7c / 9c 9d 8h 6s 4c")


def test_default_rows_as_set_with_the_foul_line() -> None:
    assert SETTING.describe().splitlines() == [
        "front   Ks 5d Kd        Pair of Kings, 5 kicker",
        "middle  9d As 9h Ad Ac  Full house, Aces full of Nines",
        "back    7c 8c 9c Tc Jc  Straight flush, J-T-9-8-7",
    ]
    lines = FOUL.describe().splitlines()
    assert len(lines) == 4 and lines[3] == f"FOUL: {FOUL.foul_reason()}"
    assert "FOUL" not in FOUL.describe(verdict=False)


def test_grouped_rows_royalties_and_suit_symbols() -> None:
    text = SETTING.describe(Rules.preset("cp_pro_1_6"), grouped=True, royalties=True)
    assert text.splitlines()[1] == (
        "middle  As Ad Ac 9h 9d  Full house, Aces full of Nines  (royalty 2)"
    )
    unicode = SETTING.describe(style="unicode", grouped=True)
    assert unicode.splitlines()[0].startswith("front   K♠ K♦ 5♦  ")
    # the description starts in the same column whatever the style
    assert [line.index("Pair") for line in (text, unicode)] == [24, 24]


def _cli(*args: str) -> str:
    import contextlib
    import io

    from chinese_poker.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def test_the_cli_prints_describe_with_colour_added() -> None:
    cards = "Ks 5d Kd 9d As 9h Ad Ac 7c 8c 9c Tc Jc"
    rows_json = json.loads(_cli("ofc", "fantasyland", "--json", cards))["setting"]
    best = Setting(*(" ".join(rows_json[r]) for r in ("front", "middle", "back")))
    printed = _cli("ofc", "fantasyland", "--color", "always", "--unicode", cards)
    rows = printed.splitlines()[:3]
    assert any("\x1b[31m" in row and "♦" in row for row in rows)  # diamonds in red
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", row) for row in rows]
    rules = Rules.preset("ofc_us")
    assert (
        plain
        == best.describe(
            rules, style="unicode", grouped=True, royalties=True, verdict=False
        ).splitlines()
    )


def test_eval_says_where_the_wheel_ranks_when_the_preset_moves_it() -> None:
    # mau_binh_modern ranks 5-4-3-2-A just under the ace-high run (RULES §2.2).
    moved = _cli("eval", "--preset", "mau_binh_modern", "--ascii", "5s 4s 3s 2s Ah")
    assert "Straight, 5-4-3-2-A (second only to the ace-high run" in moved
    plain = _cli("eval", "--ascii", "5s 4s 3s 2s Ah")
    assert plain.rstrip().endswith("Straight, 5-4-3-2-A")
    # the JSON description carries the same words, and the wheel is named
    data = json.loads(_cli("eval", "--preset", "mau_binh_modern", "--json", "5s 4s 3s 2s Ah"))
    assert data["wheel"] == "second_highest"
    assert "second only" in data["hands"][0]["description"]
