"""``play``: the closed game in the terminal, against solver opponents."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Literal

from chinese_poker import ChinesePokerError, Rules, Setting, deal, score, solve
from chinese_poker.cli.errors import refuse_json
from chinese_poker.cli.options import game_seed, holds_bank, rules_of
from chinese_poker.cli.term import cards, pair_lines, setting_lines

PLAY_HELP = (
    "Set your 13 cards as 'front / middle / back' (3 / 5 / 5 cards), e.g. "
    "'As Ad 2c / Kc Kd 9h 9s 3d / 7c 6d 5h 4s 3c'. Commands: hint, quit."
)


def solver_player(
    hand: Sequence[int], rules: Rules, players: int, seat: int
) -> Setting | tuple[Literal["natural"], Setting]:
    """How the fast solver plays `hand` at `seat` of a table of `players`, priced as the
    table is (its opponents, the bank): its setting, or ``("natural", setting)`` when the
    hand holds a natural, which it then declares."""
    sol = solve(hand, rules, opponents=players - 1, banker=holds_bank(rules, seat))
    return ("natural", sol.setting) if sol.natural is not None else sol.setting


def _ask(prompt: str) -> str | None:
    """A line typed at the prompt, or None at the end of the input."""
    try:
        return input(prompt).strip()
    except EOFError:
        return None


def cmd_play(args: argparse.Namespace) -> int:
    """Deal after deal from the core's seeded deck: the player sets, the solver sets the
    others, the deal is settled and the running totals printed."""
    refuse_json(args, "play")
    rules = rules_of(args)
    names = ["You", "East", "South", "West"][: args.players]
    totals = [0] * args.players
    seed = game_seed(args)
    print(
        f"Chinese poker ({args.preset}) against {args.players - 1} solver opponents, "
        f"seed {seed}. {PLAY_HELP}"
    )
    for number in range(1, args.deals + 1):
        deck = deal(seed, number - 1)
        hands = [deck[13 * i : 13 * i + 13] for i in range(args.players)]
        mine = sorted(hands[0], reverse=True)
        print(f"\nDeal {number}. Your cards: {cards(mine)}")
        while True:
            line = _ask("> ")
            if line is None or line.lower() in ("q", "quit", "exit"):
                print("bye. Totals: " + ", ".join(f"{n} {t:+}" for n, t in zip(names, totals)))
                return 0
            if line.lower() in ("h", "hint"):
                sol = solve(mine, rules, opponents=args.players - 1, banker=holds_bank(rules, 0))
                if sol.natural is not None:
                    print(f"  you hold a natural: {sol.natural.kind}; type: natural")
                for cand, ev in sol.candidates[:3]:
                    print(f"  {ev:+6.2f}  {cand}")
                continue
            try:
                if line.lower() == "natural":
                    sol = solve(
                        mine, rules, opponents=args.players - 1, banker=holds_bank(rules, 0)
                    )
                    if sol.natural is None:
                        raise ChinesePokerError("your hand holds no natural under these rules")
                    me: Setting | tuple[str, Setting] = ("natural", sol.setting)
                else:
                    setting = Setting(line, notation=args.notation)
                    if sorted(setting.codes) != sorted(mine):
                        raise ChinesePokerError("those are not your 13 cards")
                    if setting.is_foul(rules):
                        reason = setting.foul_reason(rules)
                        if _ask(f"  that setting fouls ({reason}); play it anyway? [y/N] ") != "y":
                            continue
                    me = setting
                break
            except ChinesePokerError as exc:
                print(f"  not that: {exc}")
        players: list[Setting | tuple[str, Setting]] = [me]
        for seat, hand in enumerate(hands[1:], start=1):
            players.append(solver_player(hand, rules, args.players, seat))
        for name, p in zip(names[1:], players[1:]):
            # Each opponent's rows as the solver commands show a setting, described.
            shown = p[1] if isinstance(p, tuple) else p
            tag = " declares a natural" if isinstance(p, tuple) else ""
            print(f"  {name}{tag}:")
            for row in setting_lines(shown, rules):
                print("    " + row)
        result = score(players, rules)  # type: ignore[arg-type]
        for text in pair_lines(result, names):
            print("  " + text)
        totals = [t + int(r) for t, r in zip(totals, result.totals)]
        print("  this deal: " + ", ".join(f"{n} {t:+}" for n, t in zip(names, result.totals)))
        print("  running:   " + ", ".join(f"{n} {t:+}" for n, t in zip(names, totals)))
    return 0
