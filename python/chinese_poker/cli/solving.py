"""The solver commands: ``solve`` (one hand), ``demo`` (one seeded table, solved and
settled) and ``simulate`` (many deals, aggregated)."""

from __future__ import annotations

import argparse
import json

from chinese_poker import Setting, deal, score, simulate, solve
from chinese_poker.cli.options import rules_of
from chinese_poker.cli.term import BOLD, cards, pad, paint, pair_lines, setting_lines, signed
from chinese_poker.simulate import SimulationResult


def cmd_solve(args: argparse.Namespace) -> int:
    """Set one hand: the chosen setting, its EV, the runner-ups and any natural."""
    rules = rules_of(args)
    sol = solve(
        args.hand,
        rules,
        strategy=args.strategy,
        opponents=args.opponents,
        effort=args.effort,
        time_budget=args.time_budget,
        seed=args.seed,
        notation=args.notation,
    )
    if args.json:
        print(
            json.dumps(
                {
                    "setting": str(sol.setting),
                    "ev": sol.ev,
                    "se": sol.se,
                    "natural": None
                    if sol.natural is None
                    else {"kind": sol.natural.kind, "value": sol.natural.value},
                    "fouled": sol.fouled,
                    "candidates": [{"setting": str(s), "ev": ev} for s, ev in sol.candidates],
                },
                ensure_ascii=False,
            )
        )
        return 0
    se = f" ± {sol.se:.2f}" if sol.se is not None else ""
    head = f"{args.preset}, {args.opponents} opponents, {args.strategy} solver"
    print(paint(head, BOLD))
    if sol.natural is not None:
        print(f"NATURAL: {sol.natural.kind}, declared for {sol.natural.value} per opponent")
    for line in setting_lines(sol.setting, rules):
        print("  " + line)
    print(
        f"expected points: {signed(sol.ev)}{se}"
        + ("   (no legal setting: fouled)" if sol.fouled else "")
    )
    if len(sol.candidates) > 1:
        print("runner-up settings:")
        for s, ev in sol.candidates[1:]:
            print(f"  {pad(signed(ev), 7)}  {s}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Deal a seeded table from the core's deck, set every hand with the solver, settle."""
    rules = rules_of(args)
    deck = deal(args.seed)
    names = ["North", "East", "South", "West"][: args.players]
    players: list[Setting | tuple[str, Setting]] = []
    print(f"{args.preset}: a {args.players}-player deal, seed {args.seed}\n")
    for i, name in enumerate(names):
        hand = deck[13 * i : 13 * i + 13]
        sol = solve(hand, rules, opponents=args.players - 1)
        print(f"{paint(name, BOLD)}: dealt {cards(sorted(hand, reverse=True))}")
        if sol.natural is not None:
            print(f"  declares {sol.natural.kind} ({sol.natural.value} per opponent)")
            players.append(("natural", sol.setting))
        else:
            players.append(sol.setting)
        for line in setting_lines(sol.setting, rules):
            print("    " + line)
        print(f"    expected {signed(sol.ev)}\n")
    result = score(players, rules)  # type: ignore[arg-type]
    for line in pair_lines(result, names):
        print(line)
    print()
    print("  ".join(f"{n} {signed(t, '+')}" for n, t in zip(names, result.totals)))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play many deals and print (or write) the aggregate."""
    rules = rules_of(args)
    result: SimulationResult = simulate(
        args.deals,
        players=args.players,
        rules=rules,
        strategy=args.strategy,
        seed=args.seed,
        threads=args.threads,
        progress=None if not args.json else False,
        csv=args.csv,
        plot=args.plot,
    )
    if args.json:
        print(json.dumps(result.to_dict(), default=str))
    else:
        print(result.table())
    return 130 if result.interrupted else 0
