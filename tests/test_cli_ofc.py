"""``ofc play`` at its prompt, driven through a pipe as a person would type: hints that
can be typed back, the first Pineapple street without a discard, the players' names, the
end of the deal, and error messages worded for the person."""

from __future__ import annotations

import io
import os
import re
import selectors
import subprocess
import sys
import time
from contextlib import redirect_stdout

from chinese_poker import Rules, evaluate, format_cards
from chinese_poker.ofc import OfcGame

#: Seconds the game may take to print its next prompt before the test fails.
PROMPT_TIMEOUT = 60
HINT = re.compile(r"^\s+[+-]\d+\.\d\d  (.+)$")
CARDS = re.compile(r"^Your cards: (.+?)\s+\(place")


class Session:
    """``chinese-poker ofc play`` with its standard input and output on pipes."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "chinese_poker.cli", "ofc", "play", "--effort", "8", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,  # unbuffered reads, so that waiting on the pipe sees every byte
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.transcript = ""

    def until_prompt(self) -> str | None:
        """What is printed up to the next prompt; None when the game ended instead."""
        assert self.proc.stdout is not None
        chunk = b""
        waiting = selectors.DefaultSelector()
        waiting.register(self.proc.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + PROMPT_TIMEOUT
        while not chunk.endswith(b"\n> ") and chunk != b"> ":
            # A game that waits for input the test did not expect fails, never hangs.
            if not waiting.select(max(0.0, deadline - time.monotonic())):
                self.proc.kill()
                raise AssertionError(f"no prompt within {PROMPT_TIMEOUT} s: {chunk.decode()!r}")
            byte = self.proc.stdout.read(1)
            if not byte:
                self.transcript += chunk.decode()
                return None
            chunk += byte
        text = chunk.decode()
        self.transcript += text
        return text

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.transcript += line + "\n"
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def finish(self) -> str:
        """The rest of the output; the command must end with status 0 and no traceback."""
        out, err = self.proc.communicate(timeout=120)
        self.transcript += out.decode()
        assert self.proc.returncode == 0, err.decode()
        assert "Traceback" not in err.decode()
        return self.transcript


def play_hints(*args: str) -> tuple[str, list[str]]:
    """A whole deal in which every move typed is the first line the hint printed; returns
    the transcript and the moves typed."""
    s = Session(*args)
    typed = []
    while s.until_prompt() is not None:
        s.send("hint")
        shown = s.until_prompt()
        assert shown is not None
        hints = [m.group(1) for m in map(HINT.match, shown.splitlines()) if m]
        assert hints, shown
        typed.append(hints[0])
        s.send(hints[0])
    return s.finish(), typed


def test_every_hint_can_be_typed_back() -> None:
    out, typed = play_hints("--seed", "4")
    assert "not that" not in out, out  # each hint was accepted as typed
    assert len(typed) == 9  # five cards, then eight streets of one: thirteen placed
    assert all(t.count("/") == 2 for t in typed)
    assert "totals:" in out


def test_pineapple_first_street_needs_no_discard_part() -> None:
    out, typed = play_hints("--preset", "ofc_pineapple", "--seed", "4")
    assert "not that" not in out, out
    # Five cards placed and none discarded first, then two placed and one discarded.
    assert typed[0].count("/") == 2 and all(t.count("/") == 3 for t in typed[1:])
    assert len(typed) == 5
    # And the first street typed by hand, three parts only, is accepted.
    s = Session("--preset", "ofc_pineapple", "--seed", "4")
    first = s.until_prompt()
    assert first is not None
    match = next(m for m in map(CARDS.match, first.splitlines()) if m)
    held = match.group(1).split()
    s.send(f"- / {held[0]} {held[1]} / {' '.join(held[2:])}")
    second = s.until_prompt()
    s.send("quit")
    s.finish()
    assert second is not None and "not that" not in second
    assert "place 2, discard 1" in second


def test_players_have_one_name_on_the_boards_and_in_the_settlement() -> None:
    out, _ = play_hints("--players", "3", "--seed", "2")
    board_names = re.findall(r"^  (You|Bot \d)  ", out, re.M)
    assert {"You", "Bot 1", "Bot 2"} <= set(board_names)
    assert re.search(r"^You v Bot 1: ", out, re.M) and re.search(r"^Bot 1 v Bot 2: ", out, re.M)
    assert re.search(r"^totals: You [+-]?\d+, Bot 1 [+-]?\d+, Bot 2 [+-]?\d+", out, re.M)
    assert not re.search(r"\bP\d\b|\bBot\d|seat \d", out)


def test_errors_speak_to_the_person() -> None:
    s = Session("--seed", "4")
    first = s.until_prompt()
    assert first is not None
    held = next(m for m in map(CARDS.match, first.splitlines()) if m).group(1).split()
    absent = next(c for c in ("2c", "2d", "2h", "2s", "3c") if c not in held)
    attempts = [
        f"{' '.join(held)} / - / -",  # five cards into an empty front
        f"{held[0]} / {held[1]} / {held[2]} {held[3]}",  # four of the five
        f"{absent} / {held[1]} / {' '.join(held[2:])}",  # a card not held
        f"- / {held[0]} / {' '.join(held[1:])} / {held[0]}",  # a discard on a street without one
    ]
    replies = []
    for line in attempts:
        s.send(line)
        reply = s.until_prompt()
        assert reply is not None
        replies.append(reply)
    s.send("quit")
    s.finish()
    assert all("not that:" in r for r in replies), replies
    assert "the front has room for 3 more card(s) of its 3, not 5" in replies[0]
    assert "is full" not in replies[0]
    assert "place 5 card(s) this street, not 4" in replies[1]
    assert f"you do not hold {absent}" in replies[2]
    assert "nothing is discarded now" in replies[3]
    assert not any(re.search(r"seat \d", r) for r in replies)


def fouls(board: tuple[list[int], list[int], list[int]]) -> bool:
    """Whether a finished board fouls, by its rows' values (front ≤ middle ≤ back)."""
    front, middle, back = (int(evaluate(row)) for row in board)
    return not front <= middle <= back


def strong_front_game(seed: int) -> tuple[OfcGame, list[str]]:
    """A deal in which seat 0 fills the front first with its highest cards (the others play
    the command's agent moves); the moves seat 0 made, as typed."""
    game = OfcGame("ofc_ru_main", players=2, seed=seed)
    typed = []
    while not game.is_finished():
        seat = game.to_act
        assert seat is not None
        if seat:
            game.play_move(seat, game.suggest(samples=8, seed=seed + 1)[0][0])
            continue
        rows: list[list[int]] = [[], [], []]
        room = [3 - len(game.board(0)[0]), 5 - len(game.board(0)[1]), 5 - len(game.board(0)[2])]
        for card in sorted(game.hand(0), reverse=True):
            i = next(i for i in range(3) if room[i] > len(rows[i]))
            rows[i].append(card)
        game.play_move(0, {"front": rows[0], "middle": rows[1], "back": rows[2], "discard": []})
        typed.append(" / ".join(format_cards(r) or "-" for r in rows))
    return game, typed


def test_the_end_says_who_fouled() -> None:
    seed, (game, typed) = next(
        (s, g) for s in range(50) if fouls((g := strong_front_game(s))[0].board(0))
    )
    r = subprocess.run(
        [sys.executable, "-m", "chinese_poker.cli", "ofc", "play", "--effort", "8",
         "--seed", str(seed)],
        input="\n".join(typed) + "\n", capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "not that" not in r.stdout
    assert re.search(r"^You: fouled \(the (front|middle) is stronger than the (middle|back)\)",
                     r.stdout, re.M), r.stdout  # fmt: skip
    assert "You fouled: Bot 1 wins every row" in r.stdout


def test_two_fouled_players_are_named_not_no_contest() -> None:
    """Every seat fills its front first: all foul, and each pair says so by name."""
    from chinese_poker.cli.ofc_play import _show_end, player_names

    game = OfcGame("ofc_ru_main", players=3, seed=1)
    while not game.is_finished():
        seat = game.to_act
        assert seat is not None
        rows: list[list[int]] = [[], [], []]
        board = game.board(seat)
        room = [3 - len(board[0]), 5 - len(board[1]), 5 - len(board[2])]
        for card in sorted(game.hand(seat), reverse=True):
            i = next(i for i in range(3) if room[i] > len(rows[i]))
            rows[i].append(card)
        game.play_move(seat, {"front": rows[0], "middle": rows[1], "back": rows[2]})
    assert all(fouls(game.board(seat)) for seat in range(3))
    out = io.StringIO()
    with redirect_stdout(out):
        _show_end(game, game.settle(), player_names(3), Rules.preset("ofc_ru_main"))
    text = out.getvalue()
    assert "no contest" not in text
    assert "You v Bot 1: both fouled, no points change hands" in text
    assert text.count("fouled (") == 3
