"""The solver commands: ``solve`` (one hand), ``demo`` (one seeded table, solved and
settled) and ``simulate`` (many deals, aggregated)."""

from __future__ import annotations

import argparse
from typing import Any

from chinese_poker import Rules, Setting, deal, score, simulate, solve
from chinese_poker.cli.errors import CliError, check_output
from chinese_poker.cli.jsonout import (
    card_list,
    emit,
    natural_obj,
    setting_obj,
    settlement,
    solution_obj,
)
from chinese_poker.cli.options import holds_bank, rules_of
from chinese_poker.cli.term import BOLD, cards, paint, pair_lines, setting_lines, signed
from chinese_poker.cli.training import load_model
from chinese_poker.simulate import SimulationResult, _pyplot


def cmd_solve(args: argparse.Namespace) -> int:
    """Set one hand: the chosen setting, its EV, the runner-ups and any natural."""
    rules = rules_of(args)
    # The Monte-Carlo knobs mean nothing to the fast solver: refuse them rather than
    # let a user believe they changed the answer.
    monte_carlo: dict[str, Any] = {}
    if args.effort is not None:
        monte_carlo["effort"] = args.effort
    if args.time_budget is not None:
        monte_carlo["time_budget"] = args.time_budget
    if monte_carlo and args.strategy != "strong":
        given = " and ".join("--" + k.replace("_", "-") for k in monte_carlo)
        raise CliError(f"{given} needs --strategy strong (the fast solver takes no samples)")
    sol = solve(
        args.hand,
        rules,
        strategy=args.strategy,
        opponents=args.opponents,
        seed=args.seed,
        notation=args.notation,
        model=load_model(args.model),
        banker=args.banker,
        **monte_carlo,
    )
    if args.json:
        payload = {
            "preset": args.preset,
            "strategy": args.strategy,
            "opponents": args.opponents,
            "banker": args.banker,
            **solution_obj(sol),
        }
        emit("solve", payload)
        return 0
    se = f" ± {sol.se:.2f}" if sol.se is not None else ""
    head = f"{args.preset}, {args.opponents} opponents, {args.strategy} solver"
    if args.model is not None:
        head += f", model {args.model}"
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
        for rank, (s, ev) in enumerate(sol.candidates[1:], start=2):
            # Each runner-up as the chosen setting is shown, so that rows can be compared.
            print(f"  #{rank}  expected points {signed(ev)}")
            for line in setting_lines(s, rules):
                print("    " + line)
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Deal a seeded table from the core's deck, set every hand with the solver, settle."""
    rules = rules_of(args)
    deck = deal(args.seed)
    names = ["North", "East", "South", "West"][: args.players]
    players: list[Setting | tuple[str, Setting]] = []
    if args.json:
        return _demo_json(args, rules, deck, names)
    print(f"{args.preset}: a {args.players}-player deal, seed {args.seed}\n")
    for i, name in enumerate(names):
        hand = deck[13 * i : 13 * i + 13]
        sol = solve(hand, rules, opponents=args.players - 1, banker=holds_bank(rules, i))
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


def _demo_json(args: argparse.Namespace, rules: Rules, deck: list[int], names: list[str]) -> int:
    """The demo deal as one JSON object: each seat's cards, setting, natural and EV,
    then the settlement."""
    players: list[Setting | tuple[str, Setting]] = []
    seats = []
    for i, name in enumerate(names):
        hand = sorted(deck[13 * i : 13 * i + 13], reverse=True)
        sol = solve(hand, rules, opponents=args.players - 1, banker=holds_bank(rules, i))
        players.append(("natural", sol.setting) if sol.natural is not None else sol.setting)
        seats.append(
            {
                "name": name,
                "dealt": card_list(hand),
                "setting": setting_obj(sol.setting),
                "natural": natural_obj(sol.natural),
                "ev": sol.ev,
            }
        )
    result = score(players, rules)  # type: ignore[arg-type]
    emit(
        "demo",
        {
            "preset": args.preset,
            "seed": args.seed,
            "seats": seats,
            **settlement(result, names),
        },
    )
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play many deals and print (or write) the aggregate."""
    rules = rules_of(args)
    check_output(args.csv, "CSV file")
    check_output(args.plot, "plot")
    if args.plot is not None:
        try:
            _pyplot()
        except ImportError:
            raise CliError('--plot needs matplotlib: pip install "chinese-poker[plot]"') from None
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
        time_budget=args.time_budget,
    )
    if args.json:
        emit("simulate", {"preset": args.preset, **result.to_dict()})
    else:
        print(result.table())
    return 130 if result.interrupted else 0
