"""Open-Face Chinese poker (RULES §7): the game engine, the placement agent
and the exact Fantasyland solver, all in the Rust core.

>>> from chinese_poker.ofc import OfcGame
>>> g = OfcGame("ofc_ru_main", players=2, seed=3)
>>> while not g.is_finished():
...     g.play_move(g.to_act, g.heuristic_move())
>>> sum(g.settle().totals)
0
"""

from __future__ import annotations

from chinese_poker._core import OfcGame, fantasyland_setting

#: The open-face presets.
PRESETS = (
    "ofc_ru_main",
    "ofc_ru_alt1",
    "ofc_ru_alt2",
    "ofc_us",
    "ofc_pineapple",
    "ofc_pineapple_progressive",
)

__all__ = ["PRESETS", "OfcGame", "fantasyland_setting"]
