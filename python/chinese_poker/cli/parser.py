"""The argument parser of the ``chinese-poker`` command: the options every command
takes and one sub-command per job, each bound to its function."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import NoReturn

from chinese_poker import Rules, __version__, notations
from chinese_poker.cli.catalog import cmd_presets, cmd_rules
from chinese_poker.cli.errors import SHOWN_CHOICES
from chinese_poker.cli.fantasyland import cmd_fantasyland
from chinese_poker.cli.hands import cmd_eval, cmd_score
from chinese_poker.cli.ofc_play import OFC_HELP, cmd_ofc_play
from chinese_poker.cli.ofc_simulate import cmd_ofc_match, cmd_ofc_simulate, strategy_list
from chinese_poker.cli.options import DEFAULT_PRESET, positive_seconds, whole
from chinese_poker.cli.play import PLAY_HELP, cmd_play
from chinese_poker.cli.serve import add_serve_options, cmd_serve
from chinese_poker.cli.solving import cmd_demo, cmd_simulate, cmd_solve
from chinese_poker.cli.training import cmd_train
from chinese_poker.ofc import OFC_STRATEGIES
from chinese_poker.ofc import PRESETS as OFC_PRESETS

#: The rank alphabets `--notation` accepts, as the core names them.
NOTATIONS = notations()


#: Seeds of the core's deck: any unsigned 64-bit integer.
SEED = whole(0)


class _Parser(argparse.ArgumentParser):
    """argparse with a long list of choices cut to a few names and a count, so a mistyped
    preset gives one readable line instead of all thirty names."""

    def error(self, message: str) -> NoReturn:
        match = _INVALID_CHOICE.search(message)
        if match:
            names = [n.strip() for n in match.group(1).split(",")]
            if len(names) > 2 * SHOWN_CHOICES:
                where = (
                    "; `chinese-poker presets` lists them" if "PRESET" in message.upper() else ""
                )
                shown = ", ".join(names[:SHOWN_CHOICES])
                message = (
                    message[: match.start()]
                    + f"(choose from {shown}, … {len(names)} in all{where})"
                )
        super().error(message)


#: argparse's refusal of a value outside `choices` (3.9 to 3.13 word it alike).
_INVALID_CHOICE = re.compile(r"\(choose from (.*)\)$")


def _common_options(default_preset: str, presets: Sequence[str] | None = None) -> _Parser:
    """The options every command takes, `--preset` among `presets` (default: all) (a fresh
    parser per default: argparse parents share their actions, so one parser's defaults
    must not leak into another's)."""
    common = _Parser(add_help=False)
    common.add_argument(
        "--preset",
        default=default_preset,
        choices=list(presets or Rules.presets()),
        metavar="PRESET",
        help=f"rules preset (default {default_preset}; `chinese-poker presets` lists them)",
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
    parser = _Parser(
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
    ev.set_defaults(func=cmd_eval)

    sc = sub.add_parser(
        "score",
        parents=[common],
        help="settle a table of 2-4 set hands",
        description=(
            "Settle a deal. Each player is a setting 'front / middle / back', the word "
            "'surrender', or 'natural:<setting>' for a declared natural. Players can also come "
            'from a JSON file (a list, or {"players": [...]}; each a string or a setting as '
            "--json prints it) with --file, '-' for stdin."
        ),
    )
    sc.add_argument("players", nargs="*", help="one setting per player")
    sc.add_argument("--file", help="JSON file with the players ('-' reads stdin)")
    sc.set_defaults(func=cmd_score)

    so = sub.add_parser(
        "solve",
        parents=[common],
        help="set 13 cards: the chosen setting, its EV, runner-ups, any natural",
        description=(
            "Set a 13-card hand for the best expected score under the preset. The fast solver "
            "ranks every Pareto-optimal setting by a self-play model; --strategy strong races "
            "the best candidates by Monte Carlo (--effort samples, --time-budget seconds)."
        ),
    )
    so.add_argument("hand", help="the 13 cards, e.g. 'As Ad Kc Kd 9h 9s 7c 6d 5h 4s 3c 2d Jh'")
    so.add_argument(
        "--strategy",
        choices=["fast", "strong"],
        default="fast",
        help="fast: the self-play model (default); strong: Monte-Carlo refinement",
    )
    so.add_argument(
        "--opponents",
        type=int,
        default=3,
        choices=[1, 2, 3],
        help="opponents at the table (default 3)",
    )
    so.add_argument(
        "--effort",
        type=whole(1),
        default=None,
        help="Monte-Carlo samples at most (needs --strategy strong; default 1024)",
    )
    so.add_argument(
        "--time-budget",
        type=positive_seconds,
        default=None,
        help="seconds of Monte-Carlo refinement at most (needs --strategy strong)",
    )
    so.add_argument("--seed", type=SEED, default=0, help="seed of the Monte-Carlo deals")
    so.add_argument(
        "--model",
        metavar="FILE",
        default=None,
        help="opponent model file written by `chinese-poker train` (default: the one shipped for the rules and the table size)",
    )
    so.add_argument(
        "--banker",
        action="store_true",
        help="the hand holds the bank (table.topology = banker): priced against every player, not the bank alone",
    )
    so.set_defaults(func=cmd_solve)

    de = sub.add_parser(
        "demo",
        parents=[common],
        help="deal a seeded table, solve every hand, settle it",
        description="Deal a seeded table, set every hand with the solver and settle the deal.",
    )
    de.add_argument("--seed", type=SEED, default=1, help="seed of the deal (default 1)")
    de.add_argument("--players", type=int, default=4, choices=[2, 3, 4], help="players (default 4)")
    de.set_defaults(func=cmd_demo)

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
    si.add_argument("deals", type=whole(1), help="number of deals (at least 1)")
    si.add_argument("--players", type=int, default=4, choices=[2, 3, 4], help="players (default 4)")
    si.add_argument(
        "--strategy",
        choices=["fast", "greedy"],
        default="fast",
        help="how every hand is set: fast (the solver, default) or greedy",
    )
    si.add_argument("--seed", type=SEED, default=0, help="seed of the deals (default 0)")
    si.add_argument(
        "--threads",
        type=whole(1, 256),
        default=None,
        help="threads (default: all cores; at most 256)",
    )
    si.add_argument("--csv", help="write one line per deal (each seat's points) to this file")
    si.add_argument("--plot", help="save a PNG of the points distribution (needs matplotlib)")
    si.add_argument(
        "--time-budget",
        type=positive_seconds,
        default=None,
        help="stop after this many seconds, with the deals played by then",
    )
    si.set_defaults(func=cmd_simulate)

    tr = sub.add_parser(
        "train",
        parents=[common],
        help="train an opponent model for the rules by self-play and write it to a file",
        description=(
            "Train the fast solver's opponent model by self-play under the preset (and any "
            "--option) at tables of --players, printing one line per iteration (drift: the "
            "mean change of the row tables), and write it to --out for solve --model. "
            "Iteration 0 plays greedily; the model is identical for a seed whatever the "
            "thread count."
        ),
    )
    tr.add_argument("--out", required=True, metavar="FILE", help="the model file to write")
    tr.add_argument("--players", type=int, default=4, choices=[2, 3, 4], help="players (default 4)")
    tr.add_argument(
        "--deals",
        type=whole(1, 10_000_000),
        default=50_000,
        help="deals per iteration (default 50000)",
    )
    tr.add_argument(
        "--iterations",
        type=whole(0, 1000),
        default=12,
        help="iterations after the greedy one (default 12)",
    )
    tr.add_argument("--seed", type=SEED, default=1, help="seed of the deals (default 1)")
    tr.add_argument(
        "--no-average",
        action="store_true",
        help="fit each iteration to its own rows, not to every solved iteration's",
    )
    tr.add_argument(
        "--threads", type=whole(1, 4096), default=None, help="threads (default: all cores)"
    )
    tr.add_argument("--progress", action="store_true", help="a progress bar on stderr")
    tr.set_defaults(func=cmd_train)

    pg = sub.add_parser(
        "play",
        parents=[common],
        help="play the closed game against three solver opponents in the terminal",
        description="A terminal game of Chinese poker against solver opponents. " + PLAY_HELP,
    )
    pg.add_argument(
        "--players",
        type=int,
        default=4,
        choices=[2, 3, 4],
        help="players, you included (default 4)",
    )
    pg.add_argument("--deals", type=whole(1), default=10, help="deals to play (default 10)")
    pg.add_argument(
        "--seed",
        type=SEED,
        default=None,
        help="seed of the deals, to replay a session (default: a fresh one, printed)",
    )
    pg.set_defaults(func=cmd_play)

    ofc = sub.add_parser("ofc", help="open-face Chinese poker: play, simulate, Fantasyland")
    ofc_sub = ofc.add_subparsers(dest="ofc_command", required=True)
    fl = ofc_sub.add_parser(
        "fantasyland",
        parents=[_common_options("ofc_us", OFC_PRESETS)],
        help="the exact best Fantasyland setting of 13-17 cards",
        description="Set 13-17 Fantasyland cards for the most royalties (plus --stay-value if "
        "the board stays in Fantasyland), discarding the extras. Default preset ofc_us.",
    )
    fl.add_argument("cards", help="13 to 17 cards")
    fl.add_argument("--stay-value", type=float, default=8.0, help="points for staying in FL")
    fl.set_defaults(func=cmd_fantasyland)
    pl = ofc_sub.add_parser(
        "play",
        parents=[_common_options("ofc_ru_main", OFC_PRESETS)],
        help="play open-face against the placement agent in the terminal",
        description="A terminal game of open-face Chinese poker against agents. " + OFC_HELP,
    )
    pl.add_argument(
        "--players",
        type=int,
        default=2,
        choices=[2, 3, 4],
        help="players, you included (default 2)",
    )
    pl.add_argument(
        "--seed",
        type=SEED,
        default=None,
        help="seed of the deal, to replay a game (default: a fresh one, printed)",
    )
    pl.add_argument(
        "--effort", type=whole(1), default=48, help="agent rollouts per finalist move (default 48)"
    )
    pl.set_defaults(func=cmd_ofc_play)
    os_ = ofc_sub.add_parser(
        "simulate",
        parents=[_common_options("ofc_pineapple", OFC_PRESETS)],
        help="play many open-face hands with agents: points, fouls, royalties, Fantasyland",
        description=(
            "Play open-face hands at tables of --players, Fantasyland carried from one hand to "
            "the next, and print each seat's points per hand with standard errors, foul rate, "
            "royalties per board and Fantasyland entry and stay rates. Results are identical "
            "for a seed whatever the thread count; Ctrl-C prints the partial result. "
            "Default preset ofc_pineapple."
        ),
    )
    os_.add_argument("hands", type=whole(1, 2**63 - 1), help="number of hands (at least 1)")
    os_.add_argument(
        "--players", type=int, default=3, choices=[2, 3, 4], help="players (default 3)"
    )
    os_.add_argument(
        "--strategy",
        type=strategy_list,
        default=["default"],
        metavar="NAME[,NAME...]",
        help="how the seats place: one of " + ", ".join(OFC_STRATEGIES) + " for every seat "
        "(default: default), or one name per seat separated by commas, e.g. default,baseline",
    )
    os_.add_argument("--seed", type=SEED, default=0, help="seed of the deals (default 0)")
    os_.add_argument(
        "--threads",
        type=whole(1, 256),
        default=None,
        help="threads (default: all cores; at most 256)",
    )
    os_.set_defaults(func=cmd_ofc_simulate)
    om = ofc_sub.add_parser(
        "match",
        parents=[_common_options("ofc_pineapple", OFC_PRESETS)],
        help="a duplicate heads-up match of two agents: the edge with its standard error",
        description=(
            "Play HANDS heads-up hands twice on the same cards, strategy A in seat 0 and then "
            "in seat 1 against B, and print A's edge in points per hand with its standard "
            "error (from the spread of the 20-hand tables' paired results) and both agents' "
            "foul, royalty and Fantasyland rates. Default preset ofc_pineapple."
        ),
    )
    om.add_argument("hands", type=whole(1, 2**63 - 1), help="hands of each seating (at least 1)")
    om.add_argument("--a", choices=OFC_STRATEGIES, default="default", help="default: default")
    om.add_argument("--b", choices=OFC_STRATEGIES, default="baseline", help="default: baseline")
    om.add_argument("--seed", type=SEED, default=0, help="seed of the deals (default 0)")
    om.add_argument(
        "--threads", type=whole(1, 256), default=None, help="threads (default: all cores)"
    )
    om.set_defaults(func=cmd_ofc_match)

    ps = sub.add_parser(
        "presets",
        help="list the rules presets: game, scoring method, royalties, naturals",
        description="A table of every rules preset --preset accepts.",
    )
    ps.add_argument("--json", action="store_true", help="print JSON for scripts")
    ps.set_defaults(func=cmd_presets)
    ru = sub.add_parser(
        "rules",
        help="every option a preset sets, those that differ from plain marked",
        description="Every rules option of PRESET with its value; '*' marks the values "
        "that differ from the plain preset. Any of them can be changed with --option.",
    )
    ru.add_argument("name", metavar="PRESET", choices=Rules.presets(), help="a preset name")
    ru.add_argument("--json", action="store_true", help="print JSON for scripts")
    ru.set_defaults(func=cmd_rules)
    sv = sub.add_parser(
        "serve",
        help="the HTTP/JSON service: evaluate, solve, score, simulate, play (needs the server extra)",
        description="Serve the engine as JSON over HTTP (FastAPI, run by uvicorn; needs "
        'pip install "chinese-poker[server]"). The endpoints and their limits are listed at '
        "/docs.",
    )
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=whole(0, 65535), default=8000, help="port (default 8000)")
    sv.add_argument(
        "--workers", type=whole(1, 64), default=1, help="worker processes (default 1; at most 64)"
    )
    sv.add_argument(
        "--database",
        default=None,
        metavar="PATH",
        help="the SQLite file of the game sessions, or sqlite:///PATH (default: "
        "$XDG_STATE_HOME/chinese-poker/sessions.sqlite3, made when missing; :memory: keeps "
        "them in memory, one worker only)",
    )
    add_serve_options(sv)
    sv.set_defaults(func=cmd_serve)
    return parser
