"""The bodies the service reads: one pydantic model per request, in the vocabulary of the
command line's ``--json`` output (a card is its ASCII code, a setting is an object of three
lists of cards). Unknown fields are refused, so that a misspelt one is not silently ignored,
and every value must have the JSON type the OpenAPI description gives it (`REQUEST_CONFIG`):
``false`` is not a seed nor ``"3"`` a count of opponents.

(No ``from __future__ import annotations`` here: pydantic evaluates these annotations at
run time, and ``X | Y`` does not evaluate on Python 3.9.)
"""

from typing import Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from chinese_poker import DEFAULT_PRESET

#: The largest seed the core takes (an unsigned 64-bit integer).
U64_MAX = 2**64 - 1

#: Cards as text (``"As Ks Qs"``, any spelling the engine reads) or a list of codes
#: (``["As", "Ks", "Qs"]``).
Cards = Union[str, list[str]]

#: A rules option's value: a boolean, a whole number or text, as ``rules --json`` gives it.
OptionValue = Union[bool, int, str]

#: The configuration of every request model: unknown fields refused, and strict types (no
#: coercion of a boolean or a string into a number, nor of a number into a boolean), so that
#: what the service takes is what its description says it takes.
REQUEST_CONFIG = ConfigDict(extra="forbid", strict=True)


class RulesRequest(BaseModel):
    """The rules of a request: a preset, changed by any ``options`` (``{"NAME": VALUE}``)."""

    model_config = REQUEST_CONFIG

    preset: str = Field(DEFAULT_PRESET, description="a preset name, as GET /presets lists them")
    options: Optional[dict[str, OptionValue]] = Field(
        None, description='rules options to change, e.g. {"score.method": "2-4"}'
    )


class EvaluateRequest(RulesRequest):
    """``POST /evaluate``: one 3- or 5-card hand, valued under the rules' wheel."""

    cards: Cards


class EvaluateBatchRequest(RulesRequest):
    """``POST /evaluate/batch``: several 3- or 5-card hands."""

    hands: list[Cards] = Field(min_length=1)


class SolveRequest(RulesRequest):
    """``POST /solve``: one 13-card hand to set."""

    hand: Cards
    opponents: int = Field(3, ge=1, le=3, description="opponents at the table")
    strategy: Literal["fast", "strong"] = "fast"
    effort: Optional[int] = Field(
        None, ge=1, description="Monte-Carlo samples at most (strong only; default 1024)"
    )
    time_budget: Optional[float] = Field(
        None, gt=0, allow_inf_nan=False, description="seconds of refinement at most (strong only)"
    )
    candidates: int = Field(5, ge=1, description="settings listed with their EVs")
    seed: int = Field(0, ge=0, le=U64_MAX, description="seed of the Monte-Carlo deals")
    banker: bool = Field(False, description="the hand holds the bank (table.topology = banker)")


class SolveBatchRequest(RulesRequest):
    """``POST /solve/batch``: several 13-card hands, each set by the fast solver."""

    hands: list[Cards] = Field(min_length=1)
    opponents: int = Field(3, ge=1, le=3, description="opponents at the table")
    banker: bool = Field(False, description="every hand holds the bank")


class SettingRequest(BaseModel):
    """A setting as the ``--json`` output prints it."""

    model_config = REQUEST_CONFIG

    front: list[str]
    middle: list[str]
    back: list[str]


class ScoreRequest(RulesRequest):
    """``POST /score``: the players of one deal, each a setting, a setting's text,
    ``"surrender"`` or ``"natural:<setting>"``."""

    players: list[Union[str, SettingRequest]] = Field(min_length=1, max_length=16)


class SimulateRequest(RulesRequest):
    """``POST /simulate``: deals played by the solver and aggregated."""

    deals: int = Field(ge=1, description="deals to play")
    players: int = Field(4, ge=2, le=4, description="players at each table")
    strategy: Literal["fast", "greedy"] = "fast"
    seed: int = Field(0, ge=0, le=U64_MAX, description="seed of the deals")

