"""The command line, through its real entry point."""

from __future__ import annotations

import json
import re
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
    assert json.loads(r.stdout)["hands"][0]["description"] == "Flush, K-Q-8-6-3"


def test_eval_bad_input() -> None:
    r = run("eval", "As Ks Xs")
    assert r.returncode == 2
    assert "Xs" in r.stderr and "Traceback" not in r.stderr
    r = run("eval", "As Ks")
    assert r.returncode == 2 and "expected 3 or 5" in r.stderr
    r = run("nonsense")
    assert r.returncode == 2


NORTH = "Qs Qd 2d / 3s 3d 3h 4c 6s / 4h 5h 8h 9h Jh"
EAST = "Js Jd 2h / 4d 4s 5d 5s 7s / 8c 9s Td Jc Qc"
SOUTH = "Ks Kd 2c / 5c 6c 7d 8d 9c / 6h 7h 8s 9d Tc"
WEST = "7c 6d 3c / Kh Kc Ts Th Qh / As Ad Ah Ac 2s"


def test_score_four_players_per_row() -> None:
    plain = ["--option", "score.method=per_row", "--option", "royalty.table=none"]
    r = run("score", *plain, NORTH, EAST, SOUTH, WEST)
    assert r.returncode == 0, r.stderr
    assert "totals: P0 +3, P1 -5, P2 +3, P3 -1" in r.stdout
    r = run("score", "--json", *plain, NORTH, EAST, SOUTH, WEST)
    assert json.loads(r.stdout)["totals"] == [3, -5, 3, -1]


def test_score_from_stdin_json_and_preset() -> None:
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "chinese_poker.cli",
            "score",
            "--preset",
            "cp_pro_1_6",
            "--file",
            "-",
        ],
        input=json.dumps({"players": [NORTH, "surrender"]}),
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    assert "totals: P0 +3, P1 -3" in r.stdout


def test_score_bad_input() -> None:
    r = run("score", NORTH)
    assert r.returncode == 2 and "2 to 4 players" in r.stderr
    r = run("score", NORTH, NORTH)
    assert r.returncode == 2 and "held by players" in r.stderr
    r = run("score", "--preset", "nope", NORTH, EAST)
    assert r.returncode == 2 and "invalid choice" in r.stderr
    r = run("score", "--option", "colour=red", NORTH, EAST)
    assert r.returncode == 2 and "colour" in r.stderr
    r = run("score", "--file", "/nonexistent.json", NORTH)
    assert r.returncode == 2 and "cannot read" in r.stderr


def test_solve_command() -> None:
    r = run("solve", "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh")
    assert r.returncode == 0, r.stderr
    assert "front" in r.stdout and "expected points" in r.stdout and "runner-up" in r.stdout
    r = run("solve", "--json", "--preset", "cp_pro_2_4", "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    out = json.loads(r.stdout)
    assert out["natural"]["kind"] == "DRAGON"
    r = run("solve", "As Ad Kc")
    assert r.returncode == 2 and "13" in r.stderr


def test_demo_and_simulate_commands() -> None:
    r = run("demo", "--seed", "3")
    assert r.returncode == 0, r.stderr
    assert "North v East" in r.stdout and "West" in r.stdout
    r = run("simulate", "300", "--strategy", "greedy", "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["deals"] == 300 and abs(sum(p["mean"] for p in out["points_per_seat"])) < 1e-9
    r = run("simulate", "-5")
    assert r.returncode != 0


def test_ofc_fantasyland_command() -> None:
    r = run("ofc", "fantasyland", "--json", "2c 4h 4c 4d 4s 5d 5s 5c 6h 7h 8h 9h Th Kd")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["royalty"] == 48
    r = run("ofc", "fantasyland", "As Ks")
    assert r.returncode == 2 and "expected" in r.stderr


def test_ofc_play_through_stdin() -> None:
    """A whole game typed at the prompt: hints, bad input re-asked, then legal moves."""
    from chinese_poker.ofc import OfcGame

    # replay the same deal to know what to type: the agent's first suggestion each turn
    probe = OfcGame("ofc_ru_main", players=2, seed=4)
    lines = ["hint", "nonsense", "As / Ks"]
    answers = []
    while not probe.is_finished():
        seat = probe.to_act
        mv = probe.suggest(samples=8, seed=5 if seat else 4)[0][0]
        if seat == 0:
            rows = [cp_format(mv[k]) for k in ("front", "middle", "back")]
            answers.append(" / ".join(rows))
        probe.play_move(seat, mv)
    stdin = "\n".join(lines[:2] + answers) + "\n"
    r = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", "ofc", "play", "--seed", "4", "--effort", "8"],
        input=stdin, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "not that" in r.stdout  # the bad line was re-asked with a reason
    assert "totals:" in r.stdout and "Traceback" not in r.stderr
    r = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", "ofc", "play", "--seed", "4"],
        input="quit\n", capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert r.returncode == 0 and "bye" in r.stdout


def cp_format(cards: list[int]) -> str:
    from chinese_poker import format_cards

    return format_cards(cards) or "-"


def test_play_through_stdin() -> None:
    """Two deals typed at the prompt: a hint, bad input re-asked with the reason, then the
    solver's own setting; the settlement and running score are printed."""
    from chinese_poker import deal, solve

    answers = []
    for index in range(2):  # deal `index` of seed 6 is the game's deal index + 1
        deck = deal(6, index)
        answers.append(str(solve(sorted(deck[:13], reverse=True)).setting))
    merged_rows = answers[0].replace("/", "", 1)  # front and middle run together: 8 cards
    lines = ["hint", "As Ks", merged_rows, answers[0]]
    lines += [answers[1], "quit"]
    r = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", "play", "--seed", "6", "--deals", "3"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("not that") >= 2
    assert "running:" in r.stdout and "bye. Totals" in r.stdout
    assert "Traceback" not in r.stderr
    # Two deals played, each opponent's three rows shown with their descriptions.
    rows = row_lines(r.stdout)
    assert len(rows) == 2 * 3 * 3 and "  East:" in r.stdout
    assert all(len(line.split("  ")) >= 3 for line in rows)


def test_default_presets_do_not_leak_between_commands() -> None:
    from chinese_poker.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["solve", "x"]).preset == "cp_pro_1_6"
    assert parser.parse_args(["play"]).preset == "cp_pro_1_6"
    assert parser.parse_args(["ofc", "play"]).preset == "ofc_ru_main"
    assert parser.parse_args(["ofc", "fantasyland", "x"]).preset == "ofc_us"


def run_on_terminal(*args: str, env: dict[str, str] | None = None) -> str:
    """Runs the command with its stdout on a pseudo-terminal; returns what it printed."""
    import os
    import pty

    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "chinese_poker.cli", *args],
        stdout=child,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
    )
    os.close(child)
    chunks = []
    while True:
        try:
            data = os.read(main, 4096)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(main)
    assert proc.wait(timeout=60) == 0
    return b"".join(chunks).decode("utf-8")


ESC = "\x1b["


def test_plain_text_when_piped_colour_on_request() -> None:
    piped = run("demo", "--seed", "7")
    assert piped.returncode == 0
    assert ESC not in piped.stdout and "♥" not in piped.stdout
    forced = run("demo", "--seed", "7", "--color", "always", "--unicode")
    assert "\x1b[31mA♥\x1b[0m" in forced.stdout  # hearts in red
    # Stripped of colour, the forced output is the plain unicode output.
    plain = run("demo", "--seed", "7", "--unicode")
    assert re.sub(r"\x1b\[[0-9;]*m", "", forced.stdout) == plain.stdout
    assert ESC not in plain.stdout and "♥" in plain.stdout


def test_terminal_gets_colour_and_suits() -> None:
    out = run_on_terminal("solve", "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh")
    assert ESC in out and "♠" in out
    no_color = run_on_terminal(
        "solve", "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh", env={"NO_COLOR": "1"}
    )
    assert ESC not in no_color and "♠" in no_color
    ascii_only = run_on_terminal("eval", "--ascii", "--color", "never", "Ah Kh Qh Jh Th")
    assert "Ah Kh Qh Jh Th" in ascii_only and ESC not in ascii_only


def row_lines(text: str) -> list[str]:
    """The lines of `text` that show a row: its name, its cards and their description."""
    return [
        line.strip() for line in text.splitlines() if re.match(r"\s*(front|middle|back) ", line)
    ]


def test_score_renders_rows_like_the_solver() -> None:
    plain = run("score", NORTH, "surrender")
    assert plain.returncode == 0, plain.stderr
    rows = row_lines(plain.stdout)
    assert len(rows) == 3 and rows[0].startswith("front   Qs Qd 2d")
    assert rows[2].endswith("Flush, J-9-8-5-4") and "♠" not in plain.stdout
    symbols = run("score", "--unicode", NORTH, "surrender")
    assert "Q♠ Q♦ 2♦" in symbols.stdout and "Qs" not in symbols.stdout


def test_solve_describes_every_runner_up() -> None:
    r = run("solve", "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh")
    sol = json.loads(run("solve", "--json", "As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh").stdout)
    rows = row_lines(r.stdout)
    assert len(rows) == 3 * len(sol["candidates"])  # the chosen setting and each runner-up
    # The rows are grouped for reading (pairs first): compare them as sets of cards.
    backs = [set(line[8:22].split()) for line in rows if line.startswith("back")]
    assert backs == [set(c["setting"]["back"]) for c in sol["candidates"]]
    assert "#2  expected points" in r.stdout


def _first_cards(*args: str) -> tuple[str, str]:
    """The seed line and the first cards a game shows, quitting at the first prompt."""
    r = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", *args],
        input="quit\n", capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    seed = re.search(r"seed (\d+)", r.stdout)
    dealt = re.search(r"Your cards: (.+)", r.stdout)
    assert seed and dealt, r.stdout
    return seed.group(1), dealt.group(1)


def test_games_without_a_seed_deal_afresh_and_print_a_seed_that_replays() -> None:
    for game in (["play", "--ascii"], ["ofc", "play", "--ascii", "--effort", "4"]):
        seed_a, cards_a = _first_cards(*game)
        seed_b, cards_b = _first_cards(*game)
        # 13 (or 5) cards of 52 coincide by chance with probability below 1e-6
        assert seed_a != seed_b and cards_a != cards_b
        assert _first_cards(*game, "--seed", seed_a) == (seed_a, cards_a)
