"""Open-Face Chinese poker (RULES §7): the game engine, the placement agent,
the exact Fantasyland solver (all in the Rust core) and simulation at scale.

>>> from chinese_poker.ofc import OfcGame
>>> g = OfcGame("ofc_ru_main", players=2, seed=3)
>>> while not g.is_finished():
...     g.play_move(g.to_act, g.heuristic_move())
>>> sum(g.settle().totals)
0
"""

from __future__ import annotations

from typing import Any

from chinese_poker._core import OfcGame, OptionError, Rules, fantasyland_setting
from chinese_poker.ofc_match import OfcMatchResult, duplicate_match
from chinese_poker.ofc_simulate import (
    OFC_STRATEGIES,
    OFC_TABLE_HANDS,
    OfcSimulationResult,
    simulate,
)

#: The open-face presets: those whose rules score an open-face game, read from the core.
PRESETS: tuple[str, ...] = tuple(
    name for name in Rules.presets() if Rules.preset(name)["game"] != "closed"
)


def suggest(
    state: OfcGame,
    seat: int | None = None,
    effort: int = 96,
    seed: int = 0,
    *,
    time_budget: float | None = None,
) -> list[tuple[dict[str, Any], float]]:
    """The placement agent's ranked moves for `seat` (default: the player to act):
    `effort` (1 to 16,384) Monte-Carlo rollouts per finalist move deal the unseen cards, give every board
    the cards it would receive, place them the best way and settle exactly under the preset
    (a board entering Fantasyland counts its worth); the finalists best first, with
    estimated points. Seeded.
    `time_budget` (seconds, None for no limit) stops the rollouts early, the estimates
    averaging those done (at least one); Ctrl-C stops the call within a tenth of a second.

    >>> g = OfcGame("ofc_ru_main", players=2, seed=1)
    >>> best, ev = suggest(g, effort=8)[0]
    >>> sorted(best) == ["back", "discard", "front", "middle", "text"]
    True
    """
    if not isinstance(state, OfcGame):
        raise TypeError(f"state must be an OfcGame, got {type(state).__name__}")
    try:
        return state.suggest(samples=effort, seed=seed, seat=seat, time_budget=time_budget)
    except OptionError as exc:
        # The method calls the count `samples`; this function's caller wrote `effort`.
        raise OptionError(str(exc).replace("invalid samples", "invalid effort", 1)) from None


__all__ = [
    "OFC_STRATEGIES",
    "OFC_TABLE_HANDS",
    "PRESETS",
    "OfcGame",
    "OfcMatchResult",
    "OfcSimulationResult",
    "duplicate_match",
    "fantasyland_setting",
    "simulate",
    "suggest",
]
