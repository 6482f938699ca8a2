"""The bodies the service reads: one pydantic model per request, in the vocabulary of the
command line's ``--json`` output (a card is its ASCII code, a setting is an object of three
lists of cards). Unknown fields are refused, so that a misspelt one is not silently ignored,
and every value must have the JSON type the OpenAPI description gives it (`REQUEST_CONFIG`):
``false`` is not a seed nor ``"3"`` a count of opponents.

(No ``from __future__ import annotations`` here: pydantic evaluates these annotations at
run time, and ``X | Y`` does not evaluate on Python 3.9.)
"""

from typing import Any, Literal, Optional, Union

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


class Refusal(BaseModel):
    """The body of every refusal the service words itself (a limit, the engine's error, a
    session's state): the error's name and a message to show."""

    error: str = Field(description="LimitExceeded, the engine's error class, NotFound, ...")
    message: str


class FieldError(BaseModel):
    """One field of a body that the request model refused."""

    type: str = Field(description="pydantic's name for the error, e.g. missing, int_type")
    loc: list[Union[str, int]] = Field(description="where: body, then the field's path")
    msg: str


class InvalidBody(BaseModel):
    """A body that does not fit the request's fields: each field's error (FastAPI's
    ``detail`` list, without the input echoed back)."""

    detail: list[FieldError]


#: What each status the service answers with a refusal means, for the OpenAPI description.
REFUSALS: dict[int, str] = {
    400: "the Content-Length header is not a byte count",
    401: "no bearer token",
    403: "the token is not a seat of this session",
    404: "no such session (or it has expired)",
    409: "the deal does not take this now (not the seat's turn, already set, finished)",
    413: "the body is over the server's limit (Limits.body_bytes)",
    422: "a body that does not fit the request's fields (detail), or a request the "
    "engine or the server's limits refuse (error, message)",
    429: "this client makes new sessions too fast (Limits.session_rate, Limits.session_burst): "
    "try again after Retry-After seconds",
    500: "the saved state of this session is damaged (a fault of the server)",
    503: "the session database is full (Limits.sessions) or cannot be used now",
}


def refusals(*codes: int) -> dict[Union[int, str], dict[str, Any]]:
    """The OpenAPI ``responses`` of an endpoint for the refusals it can answer: each a
    `Refusal`, but a 422, which is an `InvalidBody` or a `Refusal`."""
    return {
        code: {
            "model": Union[InvalidBody, Refusal] if code == 422 else Refusal,
            "description": REFUSALS[code],
        }
        for code in codes
    }


#: The refusals of every endpoint that reads a JSON body (the body limit, the models).
BODY_REFUSALS = (400, 413, 422)
