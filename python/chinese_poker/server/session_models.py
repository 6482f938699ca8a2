"""The bodies of the game-session endpoints (``/sessions``), in the service's vocabulary (a
card is its ASCII code, a setting three lists of cards). Unknown fields and values of
another JSON type are refused, as by every request model of the service (`REQUEST_CONFIG`).

(No ``from __future__ import annotations``: pydantic evaluates these annotations at run time.)
"""

from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, Field

from chinese_poker.server.models import REQUEST_CONFIG, U64_MAX, OptionValue, SettingRequest

#: The most cards of one row or of a discard in a move (a Fantasyland hand has 17 cards).
ROW_CARDS = 17


class SessionRequest(BaseModel):
    """``POST /sessions``: a new deal of the closed game or of open-face, its first
    `humans` seats played by people, the others by the server."""

    model_config = REQUEST_CONFIG

    game: Literal["closed", "ofc"] = Field(description="the closed game or open-face")
    preset: Optional[str] = Field(
        None,
        description="a preset of that game, as GET /presets lists them (default: cp_pro_1_6 "
        "for the closed game, ofc_ru_main for open-face)",
    )
    options: Optional[dict[str, OptionValue]] = Field(
        None, description="rules options to change (the closed game only)"
    )
    players: Optional[int] = Field(
        None,
        ge=2,
        le=4,
        description="seats at the table (default 4 for the closed game, 2 for open-face; "
        "open-face seats what its preset deals)",
    )
    humans: int = Field(1, ge=1, le=4, description="seats played by people: seats 0 to humans-1")
    seed: Optional[int] = Field(
        None,
        ge=0,
        le=U64_MAX,
        description="deal the engine's reproducible deck of this seed (for tests and replays: "
        "anyone who guesses it knows every card); default: the operating system's entropy",
    )


class SeatToken(BaseModel):
    """A human seat and its token, sent as ``Authorization: Bearer <token>``."""

    seat: int
    token: str


class SessionCreated(BaseModel):
    """The answer to ``POST /sessions``: the only answer that holds the seats' tokens."""

    session: str
    game: str
    preset: str
    players: int
    humans: int
    seats: list[SeatToken]
    bots: list[int]


class ClosedMove(BaseModel):
    """A move of the closed game: the seat's ``setting`` (its 13 cards as front, middle
    and back, or their text ``"front / middle / back"``), or ``{"natural": true}`` to
    declare the natural the hand holds (set as the solver sets it)."""

    model_config = REQUEST_CONFIG

    setting: Optional[Union[str, SettingRequest]] = None
    natural: bool = False


class OfcMove(BaseModel):
    """A move of open-face: the cards of the seat's hand placed on each row, and those
    discarded (Pineapple after the first street); a row left out places nothing."""

    model_config = REQUEST_CONFIG

    front: list[str] = Field(default_factory=list, max_length=ROW_CARDS)
    middle: list[str] = Field(default_factory=list, max_length=ROW_CARDS)
    back: list[str] = Field(default_factory=list, max_length=ROW_CARDS)
    discard: list[str] = Field(default_factory=list, max_length=ROW_CARDS)


#: The body of ``POST /sessions/{id}/move``: a move of the session's game.
MoveRequest = Union[ClosedMove, OfcMove]


class Board(BaseModel):
    """An open-face board: the cards placed on each row so far."""

    front: list[str]
    middle: list[str]
    back: list[str]


class MoveShape(BaseModel):
    """What the seat to act must do now: place `place` cards and discard `discard`."""

    place: int
    discard: int


class SessionState(BaseModel):
    """What one seat may see of its session's deal, with the session's table."""

    session: str
    game: str
    preset: str
    players: int
    seat: int = Field(description="the seat of the token")
    bots: list[int] = Field(description="the seats the server plays")
    deal: int = Field(description="the deal's number in the session, 1 first (POST /next)")
    totals: list[float] = Field(
        description="each seat's points over every settled deal of the session, this one "
        "included once it is finished"
    )
    hand: list[str] = Field(
        description="closed: the seat's 13 cards; open-face: its cards to place now"
    )
    finished: bool = Field(description="whether the deal is over")
    settlement: Optional[dict[str, Any]] = Field(
        description="once finished: each seat's setting and result, the totals, the pair "
        "matrix and each pair, as POST /score answers"
    )


class ClosedState(SessionState):
    """A seat's view of a closed deal: its cards, its setting once set, which seats have
    set; the others' settings only in the settlement, once every seat has set."""

    setting: Optional[SettingRequest] = Field(description="the seat's setting, once set")
    natural: bool = Field(description="whether the seat declared a natural")
    has_set: list[bool] = Field(description="for each seat, whether it has set")


class OfcState(SessionState):
    """A seat's view of an open-face deal (the engine's ``OfcGame.view``): the boards face
    up, each seat's discard count, the seat's own discards, whose turn it is."""

    to_act: Optional[int] = Field(description="the seat to act, None once finished")
    move: Optional[MoveShape] = Field(description="this seat's move now, when it is to act")
    discards: list[str] = Field(description="the seat's own discards")
    boards: list[Optional[Board]] = Field(
        description="each seat's board; None for a Fantasyland board still hidden"
    )
    discard_counts: list[int] = Field(description="how many cards each seat has discarded")
    button: int
    fantasyland: list[int] = Field(description="each seat's Fantasyland card count (0: none)")


class Candidate(BaseModel):
    """A setting and its expected points."""

    setting: SettingRequest
    ev: float


class ClosedHint(BaseModel):
    """The strong solver's advice for a closed hand, as ``POST /solve`` answers."""

    session: str
    seat: int
    setting: SettingRequest
    ev: float
    se: Optional[float]
    natural: Optional[dict[str, Any]]
    fouled: bool
    candidates: list[Candidate]


class RankedMove(BaseModel):
    """An open-face move, in the body ``POST /sessions/{id}/move`` takes, and its estimated
    points."""

    move: OfcMove
    ev: float


class OfcHint(BaseModel):
    """The placement agent's best moves for the seat to act, best first."""

    session: str
    seat: int
    moves: list[RankedMove]
