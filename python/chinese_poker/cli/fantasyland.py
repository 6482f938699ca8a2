"""The ``ofc fantasyland`` command: the exact best Fantasyland setting of 13-17 cards."""

from __future__ import annotations

import argparse

from chinese_poker.cli.jsonout import card_list, emit, setting_obj
from chinese_poker.cli.options import rules_of
from chinese_poker.cli.term import cards, setting_lines
from chinese_poker.ofc import fantasyland_setting


def cmd_fantasyland(args: argparse.Namespace) -> int:
    """Print the best setting, its discards, royalties and whether it stays."""
    best = fantasyland_setting(args.cards, args.preset, args.stay_value)
    if args.json:
        payload = {
            "preset": args.preset,
            "setting": setting_obj(best["setting"]),
            "discards": card_list(best["discards"]),
            "royalty": best["royalty"],
            "score": best["score"],
            "stays": best["stays"],
            "fouled": best["fouled"],
        }
        emit("ofc fantasyland", payload)
        return 0
    rules = rules_of(args)
    for line in setting_lines(best["setting"], rules):
        print(line)
    print(f"discard  {cards(best['discards']) or '-'}")
    print(f"royalties {best['royalty']}, stays in Fantasyland: {'yes' if best['stays'] else 'no'}")
    return 0
