"""The ``ofc simulate`` and ``ofc match`` commands: open-face hands played by agents, the
statistics of every seat or one agent's edge over another."""

from __future__ import annotations

import argparse

from chinese_poker import InvalidSettingError
from chinese_poker.cli.errors import CliError, table_error
from chinese_poker.cli.jsonout import emit
from chinese_poker.cli.options import rules_of
from chinese_poker.ofc import OFC_STRATEGIES, duplicate_match, simulate


def strategy_list(text: str) -> list[str]:
    """An argparse type: one strategy name, or names separated by commas (one per seat),
    each among `OFC_STRATEGIES`."""
    names = [n.strip() for n in text.split(",")]
    for n in names:
        if n not in OFC_STRATEGIES:
            raise argparse.ArgumentTypeError(
                f"unknown strategy {n!r} (expected {', '.join(OFC_STRATEGIES)})"
            )
    return names


def cmd_ofc_simulate(args: argparse.Namespace) -> int:
    """Play the hands and print (or emit) the statistics; 130 after Ctrl-C."""
    rules = rules_of(args)
    seats = args.strategy
    if len(seats) not in (1, args.players):
        raise CliError(
            f"--strategy needs one name for every seat or one per seat ({args.players}), "
            f"got {len(seats)}"
        )
    strategy = seats[0] if len(seats) == 1 else seats
    try:
        result = simulate(
            args.hands,
            players=args.players,
            preset=args.preset,
            strategy=strategy,
            seed=args.seed,
            threads=args.threads,
            rules=rules,
            progress=False if args.json else None,
        )
    except InvalidSettingError as exc:
        raise table_error(exc) from None
    if args.json:
        emit("ofc simulate", result.to_dict())
    else:
        print(result.table())
    return 130 if result.interrupted else 0


def cmd_ofc_match(args: argparse.Namespace) -> int:
    """A duplicate heads-up match of two strategies; 130 after Ctrl-C."""
    rules = rules_of(args)
    result = duplicate_match(
        args.hands,
        args.a,
        args.b,
        preset=args.preset,
        seed=args.seed,
        threads=args.threads,
        rules=rules,
        progress=False if args.json else None,
    )
    if args.json:
        emit("ofc match", result.to_dict())
    else:
        print(result.table())
    return 130 if result.interrupted else 0
