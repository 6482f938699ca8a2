"""``ofc play``: open-face Chinese poker in the terminal, against the placement agent."""

from __future__ import annotations

import argparse

from chinese_poker import ChinesePokerError, Rules, parse_cards
from chinese_poker.cli.errors import refuse_json
from chinese_poker.cli.term import cards
from chinese_poker.ofc import OfcGame

OFC_HELP = (
    "Place your cards as 'front / middle / back', e.g. 'Ah / Kd Kc / 2s 3s' (leave a row empty "
    "with '-'); in Pineapple add '/ discard', e.g. '- / Kd / 2s / 7c'. Commands: hint, board, quit."
)


def _parse_move(text: str, pineapple: bool) -> dict[str, list[int]]:
    """A typed move 'front / middle / back' (and '/ discard' in Pineapple) as a move dict."""
    parts = [p.strip() for p in text.split("/")]
    want = 4 if pineapple else 3
    if len(parts) != want:
        raise ChinesePokerError(
            f"expected {want} parts separated by '/', got {len(parts)}. " + OFC_HELP
        )
    rows = [parse_cards(p) if p not in ("", "-") else [] for p in parts]
    out = {"front": rows[0], "middle": rows[1], "back": rows[2]}
    out["discard"] = rows[3] if pineapple else []
    return out


def _show_boards(game: OfcGame, names: list[str]) -> None:
    """Every seat's board, one line each."""
    for seat, name in enumerate(names):
        rows = game.board(seat)
        shown = " / ".join(cards(r) or "-" for r in rows)
        print(f"  {name:<6} {shown}")


def cmd_ofc_play(args: argparse.Namespace) -> int:
    """One open-face deal: the player places at the prompt, the agent places the others."""
    refuse_json(args, "ofc play")
    # Pineapple (a discard each street) is the preset's `game` option, as the engine reads it.
    pineapple = Rules.preset(args.preset)["game"] == "ofc_pineapple"
    game = OfcGame(args.preset, players=args.players, seed=args.seed)
    names = ["You"] + [f"Bot{i}" for i in range(1, args.players)]
    print(f"Open-face ({args.preset}), seed {args.seed}. {OFC_HELP}")
    while not game.is_finished():
        seat = game.to_act
        if seat is None:
            break
        if seat != 0:
            game.play_move(seat, game.suggest(samples=args.effort, seed=args.seed + 1)[0][0])
            continue
        print()
        _show_boards(game, names)
        print(f"Your cards: {cards(game.hand(0))}")
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
                for mv, ev in game.suggest(samples=args.effort, seed=args.seed)[:3]:
                    print(f"  {ev:+6.2f}  {mv['text']}")
                continue
            try:
                game.play_move(0, _parse_move(line, pineapple))
                break
            except ChinesePokerError as exc:
                print(f"  not that: {exc}")
    print()
    _show_boards(game, names)
    result = game.settle()
    print(result.explain().replace("P0", "You"))
    return 0
