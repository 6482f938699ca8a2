"""chinese-poker: a fast engine for Chinese poker and Open-Face Chinese poker.

Cards are integer codes ``4 * rank + suit`` (rank 0 = deuce … 12 = ace; suit
0..3 = clubs, diamonds, hearts, spades), the same in Python, numpy and Rust.

>>> from chinese_poker import evaluate
>>> evaluate("As Ks Qs Js Ts").describe()
'Royal flush'
"""

from __future__ import annotations

from chinese_poker._core import (
    DEFAULT_BATCH_LIMIT,
    DEFAULT_PRESET,
    AmbiguousNotationError,
    ArrayError,
    ChinesePokerError,
    DuplicateCardError,
    FileFormatError,
    HandSizeError,
    HandValue,
    InternalError,
    InvalidCardError,
    InvalidSettingError,
    InvalidValueError,
    IterationReport,
    Model,
    Natural,
    OptionError,
    Rules,
    RulesError,
    ScoreResult,
    Setting,
    Solution,
    __version__,
    all_settings,
    batch_limit,
    categories,
    deal,
    deal_seed,
    duplicate_match,
    evaluate,
    evaluate_batch,
    find_natural,
    format_cards,
    notations,
    pareto_settings,
    parse_cards,
    parse_ranks,
    score,
    score_batch,
    set_batch_limit,
    simulate_range,
    solve,
    solve_batch,
    value3,
    value5,
)
from chinese_poker._types import Category
from chinese_poker.simulate import SimulationResult, simulate
from chinese_poker.train import train_model

#: Rank characters in code order (rank 0 = deuce … 12 = ace).
RANKS = "23456789TJQKA"
#: Suit letters in code order (0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades).
SUITS = "cdhs"

__all__ = [
    "DEFAULT_BATCH_LIMIT",
    "DEFAULT_PRESET",
    "RANKS",
    "SUITS",
    "AmbiguousNotationError",
    "ArrayError",
    "Category",
    "ChinesePokerError",
    "DuplicateCardError",
    "HandSizeError",
    "FileFormatError",
    "HandValue",
    "InternalError",
    "InvalidCardError",
    "InvalidSettingError",
    "InvalidValueError",
    "IterationReport",
    "Model",
    "Natural",
    "OptionError",
    "Rules",
    "RulesError",
    "ScoreResult",
    "Setting",
    "SimulationResult",
    "Solution",
    "__version__",
    "all_settings",
    "batch_limit",
    "categories",
    "deal",
    "deal_seed",
    "duplicate_match",
    "evaluate",
    "evaluate_batch",
    "find_natural",
    "format_cards",
    "notations",
    "pareto_settings",
    "parse_cards",
    "parse_ranks",
    "score",
    "score_batch",
    "set_batch_limit",
    "simulate",
    "simulate_range",
    "solve",
    "solve_batch",
    "train_model",
    "value3",
    "value5",
]
