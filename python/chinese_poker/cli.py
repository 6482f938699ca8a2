"""The ``chinese-poker`` command line."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from chinese_poker import (
    ChinesePokerError,
    Rules,
    Setting,
    __version__,
    evaluate,
    format_cards,
    parse_cards,
    score,
    simulate,
    solve,
)
from chinese_poker.simulate import SimulationResult

NOTATIONS = ["intl", "ru_latin", "ru_cyrillic", "numeric", "auto"]
DEFAULT_PRESET = "cp_pro_1_6"


class _Term:
    """How the command prints: suit symbols and colour on a terminal, plain text when piped."""

    color = False
    unicode = False


_TERM = _Term()
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_RED, _GREEN, _BOLD, _RESET = "\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[0m"


def _setup_terminal(args: argparse.Namespace) -> None:
    """Colour when stdout is a terminal (``--color auto``, unless NO_COLOR is set or
    TERM=dumb) or when forced; suit symbols on a terminal that can print them."""
    tty = sys.stdout.isatty()
    mode = getattr(args, "color", "auto")
    plain_env = bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"
    _TERM.color = mode == "always" or (mode == "auto" and tty and not plain_env)
    try:
        "♠♥♦♣".encode(sys.stdout.encoding or "ascii")
        can_suits = True
    except (LookupError, UnicodeEncodeError):
        can_suits = False
    _TERM.unicode = bool(getattr(args, "unicode", False)) or (
        tty and can_suits and not getattr(args, "ascii", False)
    )


def _paint(text: str, code: str) -> str:
    return f"{code}{text}{_RESET}" if _TERM.color else text


def _cards(codes: Sequence[int]) -> str:
    """Cards for the terminal: suit symbols when on, hearts and diamonds in red."""
    codes = list(codes)
    text = format_cards(codes, style="unicode" if _TERM.unicode else "ascii")
    parts = text.split(" ")
    if not _TERM.color or len(parts) != len(codes):
        return text
    return " ".join(_paint(p, _RED) if c % 4 in (1, 2) else p for p, c in zip(parts, codes))


def _pad(text: str, width: int) -> str:
    """Left-justify by the printed width (colour codes take no room)."""
    return text + " " * max(0, width - len(_ANSI.sub("", text)))


def _signed(x: float | Fraction, fmt: str = "+.2f") -> str:
    """A signed number, green when positive and red when negative on a terminal."""
    text = format(x, fmt)
    return _paint(text, _GREEN if x > 0 else _RED) if x else text


def _rules(args: argparse.Namespace) -> Rules:
    rules = Rules.preset(args.preset)
    for item in getattr(args, "option", None) or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise ChinesePokerError(f"--option expects NAME=VALUE, got {item!r}")
        rules = rules.replace(**{name.strip(): value.strip()})
    return rules


def _cmd_eval(args: argparse.Namespace) -> int:
    wheel = _rules(args)["rank.wheel"]
    rows: list[dict[str, str | int]] = []
    for text in args.hands:
        codes = parse_cards(text, notation=args.notation)
        value = evaluate(codes, wheel=wheel)  # type: ignore[arg-type]
        rows.append(
            {
                "cards": format_cards(codes, style="unicode" if args.unicode else "ascii")
                if args.json
                else _cards(codes),
                "category": value.category.name,
                "description": value.describe(),
                "value": int(value),
            }
        )
    if args.json:
        print(json.dumps(rows if len(rows) > 1 else rows[0], ensure_ascii=False))
    else:
        width = max(len(_ANSI.sub("", str(r["cards"]))) for r in rows)
        for r in rows:
            print(f"{_pad(str(r['cards']), width)}  {r['category']!s:<14}  {r['description']}")
    return 0


def _player(text: str, notation: str) -> Setting | str | tuple[str, Setting]:
    t = text.strip()
    if t.lower() == "surrender":
        return "surrender"
    if t.lower().startswith("natural:"):
        return ("natural", Setting(t.split(":", 1)[1], notation=notation))  # type: ignore[arg-type]
    return Setting(t, notation=notation)  # type: ignore[arg-type]


def _cmd_score(args: argparse.Namespace) -> int:
    rules = _rules(args)
    texts: list[str] = list(args.players)
    if args.file:
        raw = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
        data: Any = json.loads(raw)
        texts += [str(p) for p in (data["players"] if isinstance(data, dict) else data)]
    if not 2 <= len(texts) <= 4:
        raise ChinesePokerError(f"a deal has 2 to 4 players, got {len(texts)}")
    players = [_player(t, args.notation) for t in texts]
    result = score(players, rules)  # type: ignore[arg-type]
    if args.json:
        out = {
            "preset": args.preset,
            "totals": [str(t) for t in result.totals],
            "matrix": [[str(x) for x in row] for row in result.matrix],
            "pairs": result.pairs,
            "players": [
                {**p, "values": [v.describe() for v in p["values"]] if p["values"] else None}
                for p in result.players
            ],
        }
        print(json.dumps(out, ensure_ascii=False, default=str))
        return 0
    for i, (player, info) in enumerate(zip(players, result.players)):
        label = player[1] if isinstance(player, tuple) else player
        print(f"P{i}  {info['status']:<28} {label}")
        if isinstance(label, Setting):
            for line in label.describe(rules).splitlines():
                print(f"      {line}")
    print()
    print(result.explain())
    return 0


def _display_order(cards: list[int]) -> list[int]:
    """Cards as a player reads them: bigger groups first, then higher ranks (K K 5 4 3)."""
    counts = {c // 4: sum(1 for d in cards if d // 4 == c // 4) for c in cards}
    return sorted(cards, key=lambda c: (counts[c // 4], c // 4, c % 4), reverse=True)


def _setting_lines(setting: Setting, rules: Rules) -> list[str]:
    rows = tuple(_display_order(r) for r in (setting.front, setting.middle, setting.back))
    out = []
    for name, row, value, royalty in zip(
        ("front", "middle", "back"), rows, setting.values_under(rules), setting.royalties(rules)
    ):
        extra = f"  (royalty {royalty})" if royalty else ""
        out.append(f"{name:<6}  {_pad(_cards(row), 15)} {value.describe()}{extra}")
    return out


def _cmd_solve(args: argparse.Namespace) -> int:
    rules = _rules(args)
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
    print(_paint(head, _BOLD))
    if sol.natural is not None:
        print(f"NATURAL: {sol.natural.kind}, declared for {sol.natural.value} per opponent")
    for line in _setting_lines(sol.setting, rules):
        print("  " + line)
    print(
        f"expected points: {_signed(sol.ev)}{se}"
        + ("   (no legal setting: fouled)" if sol.fouled else "")
    )
    if len(sol.candidates) > 1:
        print("runner-up settings:")
        for s, ev in sol.candidates[1:]:
            print(f"  {_pad(_signed(ev), 7)}  {s}")
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    rules = _rules(args)
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


def _pair_lines(result: Any, names: list[str]) -> list[str]:
    """The settlement's pair explanations with the players' names for P0, P1, …."""
    lines = []
    for pair in result.pairs:
        text = pair["explanation"]
        for i, n in enumerate(names):
            text = text.replace(f"P{i}", n)
        lines.append(f"{names[pair['a']]} v {names[pair['b']]}: {text}")
    return lines


def _cmd_demo(args: argparse.Namespace) -> int:
    import random

    rules = _rules(args)
    deck = list(range(52))
    random.Random(args.seed).shuffle(deck)
    names = ["North", "East", "South", "West"][: args.players]
    players: list[Setting | tuple[str, Setting]] = []
    print(f"{args.preset}: a {args.players}-player deal, seed {args.seed}\n")
    for i, name in enumerate(names):
        hand = deck[13 * i : 13 * i + 13]
        sol = solve(hand, rules, opponents=args.players - 1)
        print(f"{_paint(name, _BOLD)}: dealt {_cards(sorted(hand, reverse=True))}")
        if sol.natural is not None:
            print(f"  declares {sol.natural.kind} ({sol.natural.value} per opponent)")
            players.append(("natural", sol.setting))
        else:
            players.append(sol.setting)
        for line in _setting_lines(sol.setting, rules):
            print("    " + line)
        print(f"    expected {_signed(sol.ev)}\n")
    result = score(players, rules)  # type: ignore[arg-type]
    for line in _pair_lines(result, names):
        print(line)
    print()
    print("  ".join(f"{n} {_signed(t, '+')}" for n, t in zip(names, result.totals)))
    return 0


def _cmd_ofc_fantasyland(args: argparse.Namespace) -> int:
    from chinese_poker.ofc import fantasyland_setting

    best = fantasyland_setting(args.cards, args.preset, args.stay_value)
    if args.json:
        out = dict(best, setting=str(best["setting"]))
        print(json.dumps(out))
        return 0
    rules = _rules(args)
    for line in _setting_lines(best["setting"], rules):
        print(line)
    print(f"discard  {_cards(best['discards']) or '-'}")
    print(f"royalties {best['royalty']}, stays in Fantasyland: {'yes' if best['stays'] else 'no'}")
    return 0


OFC_HELP = (
    "Place your cards as 'front / middle / back', e.g. 'Ah / Kd Kc / 2s 3s' (leave a row empty "
    "with '-'); in Pineapple add '/ discard', e.g. '- / Kd / 2s / 7c'. Commands: hint, board, quit."
)


def _parse_ofc_move(text: str, pineapple: bool) -> dict[str, list[int]]:
    parts = [p.strip() for p in text.split("/")]
    want = 4 if pineapple else 3
    if len(parts) != want:
        raise ChinesePokerError(
            f"expected {want} parts separated by '/', got {len(parts)}. " + OFC_HELP
        )
    cards = [parse_cards(p) if p not in ("", "-") else [] for p in parts]
    out = {"front": cards[0], "middle": cards[1], "back": cards[2]}
    out["discard"] = cards[3] if pineapple else []
    return out


def _show_boards(game: Any, names: list[str]) -> None:
    for seat, name in enumerate(names):
        rows = game.board(seat)
        shown = " / ".join(_cards(r) or "-" for r in rows)
        print(f"  {name:<6} {shown}")


def _cmd_ofc_play(args: argparse.Namespace) -> int:
    from chinese_poker.ofc import OfcGame

    pineapple = "pineapple" in args.preset
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
        print(f"Your cards: {_cards(game.hand(0))}")
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
                game.play_move(0, _parse_ofc_move(line, pineapple))
                break
            except ChinesePokerError as exc:
                print(f"  not that: {exc}")
    print()
    _show_boards(game, names)
    result = game.settle()
    print(result.explain().replace("P0", "You"))
    return 0


PLAY_HELP = (
    "Set your 13 cards as 'front / middle / back' (3 / 5 / 5 cards), e.g. "
    "'As Ad 2c / Kc Kd 9h 9s 3d / 7c 6d 5h 4s 3c'. Commands: hint, quit."
)


def _ask(prompt: str) -> str | None:
    try:
        return input(prompt).strip()
    except EOFError:
        return None


def _cmd_play(args: argparse.Namespace) -> int:
    import random

    rules = _rules(args)
    names = ["You", "East", "South", "West"][: args.players]
    totals = [0] * args.players
    rng = random.Random(args.seed)
    print(f"Chinese poker ({args.preset}) against {args.players - 1} solver opponents. {PLAY_HELP}")
    for deal in range(1, args.deals + 1):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[13 * i : 13 * i + 13] for i in range(args.players)]
        mine = sorted(hands[0], reverse=True)
        print(f"\nDeal {deal}. Your cards: {_cards(mine)}")
        while True:
            line = _ask("> ")
            if line is None or line.lower() in ("q", "quit", "exit"):
                print("bye. Totals: " + ", ".join(f"{n} {t:+}" for n, t in zip(names, totals)))
                return 0
            if line.lower() in ("h", "hint"):
                sol = solve(mine, rules, opponents=args.players - 1)
                if sol.natural is not None:
                    print(f"  you hold a natural: {sol.natural.kind}; type: natural")
                for cand, ev in sol.candidates[:3]:
                    print(f"  {ev:+6.2f}  {cand}")
                continue
            try:
                if line.lower() == "natural":
                    sol = solve(mine, rules, opponents=args.players - 1)
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
        for hand in hands[1:]:
            sol = solve(hand, rules, opponents=args.players - 1)
            players.append(("natural", sol.setting) if sol.natural is not None else sol.setting)
        for name, p in zip(names[1:], players[1:]):
            shown = p[1] if isinstance(p, tuple) else p
            tag = f" (natural {p[0]})" if isinstance(p, tuple) else ""
            print(f"  {name:<6} {shown}{tag}")
        result = score(players, rules)  # type: ignore[arg-type]
        for line in _pair_lines(result, names):
            print("  " + line)
        totals = [t + int(r) for t, r in zip(totals, result.totals)]
        print("  this deal: " + ", ".join(f"{n} {t:+}" for n, t in zip(names, result.totals)))
        print("  running:   " + ", ".join(f"{n} {t:+}" for n, t in zip(names, totals)))
    return 0


def _common_options(default_preset: str) -> argparse.ArgumentParser:
    """The options every command takes (a fresh parser per default: argparse parents share
    their actions, so one parser's defaults must not leak into another's)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--preset",
        default=default_preset,
        choices=Rules.presets(),
        metavar="PRESET",
        help=f"rules preset (default {default_preset}; see Rules.presets())",
    )
    common.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="change one rules option, e.g. --option score.method=2-4 (repeatable)",
    )
    common.add_argument("--notation", choices=NOTATIONS, default="intl", help="rank alphabet")
    common.add_argument("--json", action="store_true", help="print JSON for scripts")
    common.add_argument(
        "--color",
        choices=["auto", "always", "never"],
        default="auto",
        help="colour: auto (on a terminal, unless NO_COLOR is set), always, never",
    )
    suits = common.add_mutually_exclusive_group()
    suits.add_argument(
        "--unicode", action="store_true", help="suit symbols (default on a terminal)"
    )
    suits.add_argument("--ascii", action="store_true", help="suit letters even on a terminal")
    return common


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``chinese-poker`` command."""
    parser = argparse.ArgumentParser(
        prog="chinese-poker",
        description=(
            "Chinese poker engine. Cards are written like As, 10h/Th, Q♠; rows of a setting are "
            "separated by '/' (front 3 / middle 5 / back 5)."
        ),
    )
    parser.add_argument("--version", action="version", version=f"chinese-poker {__version__}")
    common = _common_options(DEFAULT_PRESET)
    sub = parser.add_subparsers(dest="command", required=True)

    ev = sub.add_parser(
        "eval",
        parents=[common],
        help="evaluate 3- or 5-card hands",
        description=(
            "Evaluate one or more 3- or 5-card hands, e.g. 'As Ks Qs Js Ts', 'Q♠Q♦5♣' or "
            "'10h 10d 4c'. Prints the category and a description. The preset's wheel applies."
        ),
    )
    ev.add_argument("hands", nargs="+", help="card text of one hand per argument")
    ev.set_defaults(func=_cmd_eval)

    sc = sub.add_parser(
        "score",
        parents=[common],
        help="settle a table of 2-4 set hands",
        description=(
            "Settle a deal. Each player is a setting 'front / middle / back', the word "
            "'surrender', or 'natural:<setting>' for a declared natural. Players can also come "
            "from a JSON file (a list, or {\"players\": [...]}) with --file, '-' for stdin."
        ),
    )
    sc.add_argument("players", nargs="*", help="one setting per player")
    sc.add_argument("--file", help="JSON file with the players ('-' reads stdin)")
    sc.set_defaults(func=_cmd_score)

    so = sub.add_parser(
        "solve",
        parents=[common],
        help="set 13 cards: the chosen setting, its EV, runner-ups, any natural",
        description=(
            "Set a 13-card hand for the best expected score under the preset. The fast solver "
            "ranks every Pareto-optimal setting by a self-play model; --strategy strong refines "
            "the best candidates by Monte Carlo (--effort samples, --time-budget seconds)."
        ),
    )
    so.add_argument("hand", help="the 13 cards, e.g. 'As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh'")
    so.add_argument("--strategy", choices=["fast", "strong"], default="fast")
    so.add_argument("--opponents", type=int, default=3, choices=[1, 2, 3])
    so.add_argument("--effort", type=int, default=400, help="Monte-Carlo samples (strong)")
    so.add_argument("--time-budget", type=float, default=None, help="seconds (strong)")
    so.add_argument("--seed", type=int, default=0, help="seed of the Monte-Carlo deals")
    so.set_defaults(func=_cmd_solve)

    de = sub.add_parser(
        "demo",
        parents=[common],
        help="deal a seeded table, solve every hand, settle it",
        description="Deal a seeded table, set every hand with the solver and settle the deal.",
    )
    de.add_argument("--seed", type=int, default=1)
    de.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    de.set_defaults(func=_cmd_demo)

    si = sub.add_parser(
        "simulate",
        parents=[common],
        help="play many deals and aggregate points, scoops, fouls, naturals",
        description=(
            "Deal, solve every hand, settle, and aggregate: points per seat with standard "
            "errors, scoop and foul rates, natural frequencies beside the exact ones. Results "
            "are identical for a seed whatever the thread count; Ctrl-C prints the partial result."
        ),
    )
    si.add_argument("deals", type=int, help="number of deals")
    si.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    si.add_argument("--strategy", choices=["fast", "greedy"], default="fast")
    si.add_argument("--seed", type=int, default=0)
    si.add_argument("--threads", type=int, default=None, help="threads (default: all cores)")
    si.add_argument("--csv", help="write one line per deal (each seat's points) to this file")
    si.add_argument("--plot", help="save a PNG of the points distribution (needs matplotlib)")
    si.set_defaults(func=_cmd_simulate)

    pg = sub.add_parser(
        "play",
        parents=[common],
        help="play the closed game against three solver opponents in the terminal",
        description="A terminal game of Chinese poker against solver opponents. " + PLAY_HELP,
    )
    pg.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    pg.add_argument("--deals", type=int, default=10)
    pg.add_argument("--seed", type=int, default=0)
    pg.set_defaults(func=_cmd_play)

    ofc = sub.add_parser("ofc", help="open-face Chinese poker: play, Fantasyland")
    ofc_sub = ofc.add_subparsers(dest="ofc_command", required=True)
    fl = ofc_sub.add_parser(
        "fantasyland",
        parents=[_common_options("ofc_us")],
        help="the exact best Fantasyland setting of 13-17 cards",
        description="Set 13-17 Fantasyland cards for the most royalties (plus --stay-value if "
        "the board stays in Fantasyland), discarding the extras. Default preset ofc_us.",
    )
    fl.add_argument("cards", help="13 to 17 cards")
    fl.add_argument("--stay-value", type=float, default=8.0, help="points for staying in FL")
    fl.set_defaults(func=_cmd_ofc_fantasyland)
    pl = ofc_sub.add_parser(
        "play",
        parents=[_common_options("ofc_ru_main")],
        help="play open-face against the placement agent in the terminal",
        description="A terminal game of open-face Chinese poker against agents. " + OFC_HELP,
    )
    pl.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--effort", type=int, default=48, help="agent rollouts per move")
    pl.set_defaults(func=_cmd_ofc_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``chinese-poker`` command; returns the exit status."""
    args = build_parser().parse_args(argv)
    _setup_terminal(args)
    try:
        status: int = args.func(args)
    except ChinesePokerError as exc:
        print(f"chinese-poker: error: cannot read the input: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, like other tools.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except (OSError, json.JSONDecodeError, KeyError) as exc:
        print(f"chinese-poker: error: cannot read the input: {exc}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
