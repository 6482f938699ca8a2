"""``ofc play``: open-face Chinese poker in the terminal, against the placement agent."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any

from chinese_poker import (
    ChinesePokerError,
    InvalidSettingError,
    Rules,
    ScoreResult,
    Setting,
    format_cards,
    parse_cards,
)
from chinese_poker.cli.errors import refuse_json, table_error
from chinese_poker.cli.options import game_seed, rules_of
from chinese_poker.cli.term import cards, pair_lines, setting_lines, signed
from chinese_poker.ofc import OfcGame

OFC_HELP = (
    "Place your cards as 'front / middle / back', e.g. 'Ah / Kd Kc / 2s 3s' (leave a row empty "
    "with '-'); when a card must be discarded (Pineapple after the first street) add "
    "'/ discard', e.g. '- / Kd / 2s / 7c'. 'hint' shows the agent's best moves in the same "
    "form. Commands: hint, board, quit."
)

#: The rows of a board, in the order a move is typed.
ROWS = ("front", "middle", "back")


def player_names(players: int) -> list[str]:
    """How the players are named on the boards and in the settlement alike."""
    return ["You"] + [f"Bot {i}" for i in range(1, players)]


def move_text(mv: dict[str, Any], discards: int) -> str:
    """A move in the form the prompt reads: 'front / middle / back', '/ discard' added when
    the street discards a card (so that a hint can be typed as shown)."""
    parts = [format_cards(mv[row]) or "-" for row in ROWS]
    if discards:
        parts.append(format_cards(mv["discard"]) or "-")
    return " / ".join(parts)


def _parse_move(text: str, place: int, discards: int) -> dict[str, list[int]]:
    """A typed move as a move dict, checked against what the street asks: `place` cards
    placed and `discards` discarded. Without a discard the '/ discard' part may be left out."""
    parts = [p.strip() for p in text.split("/")]
    wanted = "'front / middle / back / discard'" if discards else "'front / middle / back'"
    if discards and len(parts) == 3:
        raise ChinesePokerError(
            f"this street discards {discards} card: type {wanted}, e.g. '- / Kd / 2s / 7c'"
        )
    if len(parts) not in (3, 4) or (not discards and len(parts) == 4 and parts[3] not in ("", "-")):
        why = "nothing is discarded now" if len(parts) == 4 else f"got {len(parts)} parts"
        raise ChinesePokerError(f"expected {wanted} separated by '/' ({why})")
    rows = [parse_cards(p) if p not in ("", "-") else [] for p in parts]
    out = {"front": rows[0], "middle": rows[1], "back": rows[2]}
    out["discard"] = rows[3] if len(rows) == 4 else []
    placed = len(rows[0]) + len(rows[1]) + len(rows[2])
    if placed != place:
        raise ChinesePokerError(f"place {place} card(s) this street, not {placed}")
    if len(out["discard"]) != discards:
        raise ChinesePokerError(
            f"discard {discards} card(s) this street, not {len(out['discard'])}"
        )
    return out


def _not_held(mv: dict[str, list[int]], hand: Sequence[int]) -> str | None:
    """The first typed card that is not among the player's cards, as text, or None."""
    for row in (*ROWS, "discard"):
        for c in mv[row]:
            if c not in hand:
                return format_cards([c])
    return None


def _for_you(message: str, names: Sequence[str]) -> str:
    """A message of the engine worded for the person at the prompt: seat numbers become
    the players' names ("seat 0 must" becomes "You must")."""
    message = re.sub(r"^invalid setting: (illegal move: )?", "", message)
    return re.sub(r"\bseat (\d)\b", lambda m: names[int(m.group(1))], message)


def _show_boards(game: OfcGame, names: Sequence[str]) -> None:
    """Every seat's board, one line each."""
    width = max(len(n) for n in names)
    for seat, name in enumerate(names):
        rows = game.board(seat)
        shown = " / ".join(cards(r) or "-" for r in rows)
        print(f"  {name:<{width}}  {shown}")


def _show_end(game: OfcGame, result: ScoreResult, names: Sequence[str], rules: Rules) -> None:
    """The finished boards row by row, who fouled and why, and the settlement by name."""
    for seat, name in enumerate(names):
        info = result.players[seat]
        status = str(info["status"])
        print(f"{name}: {status}" if status != "played" else f"{name}:")
        codes = [c for row in game.board(seat) for c in row]
        if len(codes) != 13:  # a board left unfinished has no rows to describe
            print("    " + " / ".join(cards(r) or "-" for r in game.board(seat)))
            continue
        for line in setting_lines(Setting.from_codes(codes), rules):
            print("    " + line)
    print()
    for pair, line in zip(result.pairs, pair_lines(result, names)):
        a, b = pair["a"], pair["b"]
        if all(str(result.players[s]["status"]).startswith("fouled") for s in (a, b)):
            # The engine says "no contest"; the player is told why.
            line = f"{names[a]} v {names[b]}: both fouled, no points change hands"
        print(line)
    print("totals: " + ", ".join(f"{n} {signed(t, '+')}" for n, t in zip(names, result.totals)))


def cmd_ofc_play(args: argparse.Namespace) -> int:
    """One open-face deal: the player places at the prompt, the agent places the others."""
    refuse_json(args, "ofc play")
    rules = rules_of(args)
    seed = game_seed(args)
    try:
        game = OfcGame(args.preset, players=args.players, seed=seed, rules=rules)
    except InvalidSettingError as exc:
        raise table_error(exc) from None
    names = player_names(args.players)
    print(f"Open-face ({args.preset}), seed {seed}. {OFC_HELP}")
    while not game.is_finished():
        seat = game.to_act
        if seat is None:
            break
        if seat != 0:
            game.play_move(seat, game.suggest(samples=args.effort, seed=(seed + 1) % 2**64)[0][0])
            continue
        place, discards = game.move_shape() or (0, 0)
        print()
        _show_boards(game, names)
        hand = game.hand(0)
        todo = f"place {place}" + (f", discard {discards}" if discards else "")
        print(f"Your cards: {cards(hand)}   ({todo})")
        while True:
            try:
                line = input("> ").strip()
            except EOFError:
                print("\nbye")
                return 0
            if line.lower() in ("q", "quit", "exit"):
                print("bye")
                return 0
            if line.lower() == "board":
                _show_boards(game, names)
                continue
            if line.lower() in ("h", "hint"):
                for mv, ev in game.suggest(samples=args.effort, seed=seed)[:3]:
                    print(f"  {ev:+6.2f}  {move_text(mv, discards)}")
                continue
            try:
                mv = _parse_move(line, place, discards)
                missing = _not_held(mv, hand)
                if missing is not None:
                    raise ChinesePokerError(f"you do not hold {missing}; your cards: {cards(hand)}")
                game.play_move(0, mv)
                break
            except ChinesePokerError as exc:
                print(f"  not that: {_for_you(str(exc), names)}")
    print()
    _show_end(game, game.settle(), names, rules)
    return 0
