"""Game sessions of the service: a deal of the closed game or of open-face, kept on the
server (`chinese_poker.server.store`) and played over HTTP by its human seats, the server
playing the others.

Each human seat holds a token; a request names its seat by nothing but that token. What a
seat is answered is what that seat may see at the table: its own cards, what is face up, and
the settlement at the end. The deck, the seed, the other seats' cards in hand or discarded
and the server's save of the deal are never sent.

The bots: in the closed game the fast solver, priced as the table is (`solver_player`),
a few milliseconds a hand; in open-face the placement agent at `Limits.bot_effort` rollouts
(16, seed 0), about a tenth of a second a move, so that a move and the bots' moves after it
are answered in under half a second.
"""

import hashlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Annotated, Any, Callable, Literal, Optional, Union

from fastapi import APIRouter, Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from chinese_poker import (
    DEFAULT_PRESET,
    ChinesePokerError,
    InvalidSettingError,
    OptionError,
    Rules,
    Setting,
    deal,
    deal_seed,
    parse_cards,
    score,
    solve,
)
from chinese_poker.cli.hands import score_payload, setting_text
from chinese_poker.cli.jsonout import card_list, setting_obj, solution_obj
from chinese_poker.cli.options import holds_bank
from chinese_poker.cli.play import solver_player
from chinese_poker.ofc import OfcGame
from chinese_poker.server.limits import Limits
from chinese_poker.server.models import BODY_REFUSALS, refusals
from chinese_poker.server.rate import TokenBuckets
from chinese_poker.server.session_models import (
    ClosedHint,
    ClosedMove,
    ClosedState,
    MoveRequest,
    OfcHint,
    OfcMove,
    OfcState,
    SeatToken,
    SessionCreated,
    SessionRequest,
)
from chinese_poker.server.store import DamagedSession, SessionRow, SessionStore

#: The preset of an open-face session that names none (the engine's default).
OFC_DEFAULT_PRESET = "ofc_ru_main"

#: Players at a table of a session that names none, per game (as ``play`` and ``ofc play``).
DEFAULT_PLAYERS = {"closed": 4, "ofc": 2}

#: Cards in a hand of the closed game.
HAND_CARDS = 13

#: The seed of the open-face agent's rollouts for the bots and the hints: fixed, so that a
#: seeded deal replays alike (the rollouts deal only the cards their seat cannot see).
AGENT_SEED = 0

#: Settings a closed-game hint lists besides the best.
HINT_CANDIDATES = 5

#: The rows of a board, front first.
ROWS = ("front", "middle", "back")

_log = logging.getLogger(__name__)

#: A player of a closed deal as `score` takes it.
Player = Union[Setting, tuple[Literal["natural"], Setting]]


class SessionRefused(Exception):
    """A session request refused: answered `status` with ``{"error": name, "message"}``,
    and `headers` (a 429's ``Retry-After``)."""

    def __init__(
        self, status: int, name: str, message: str, headers: Optional[dict[str, str]] = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.name = name
        self.headers = headers or {}


def _not_now(message: str) -> SessionRefused:
    """A move the deal does not take now (not the seat's turn, already set, finished)."""
    return SessionRefused(409, "Conflict", message)


def _digest(token: str) -> str:
    """What the store keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _seat_of(row: SessionRow, token: str) -> int:
    """The seat whose token `token` is; 403 when it is none of them. Every digest is
    compared in constant time, so the answer's timing does not tell how close a guess was."""
    mine = _digest(token)
    seats = [s for s, d in enumerate(row.tokens) if hmac.compare_digest(mine, d)]
    if not seats:
        raise SessionRefused(403, "Forbidden", "that token is not a seat of this session")
    return seats[0]


def _damaged(sid: str, exc: Exception) -> SessionRefused:
    """A stored session that does not load: a fault of the server, logged with its cause
    and answered 500 without it (the cause may quote the save, which holds the deck)."""
    _log.error("session %.40s: the stored session does not load: %s", sid, exc)
    return SessionRefused(500, "DamagedSession", "the saved state of this session is damaged")


#: How a move of each game is written, for a move in the other game's shape.
_CLOSED_SHAPE = 'a move of the closed game is {"setting": ...} or {"natural": true}'
_OFC_SHAPE = "a move of open-face is {front, middle, back, discard}"


@dataclass
class ClosedDeal:
    """A deal of the closed game: the rules, each seat's 13 cards and each seat's play
    (None until it sets). Saved as JSON of card codes and the rules' options."""

    preset: str
    rules: Rules
    hands: list[list[int]]
    played: list[Optional[Player]]

    @staticmethod
    def new(
        preset: str, rules: Rules, players: int, humans: int, seed: Optional[int], number: int = 0
    ) -> "ClosedDeal":
        """A fresh deal (the session's `number`-th, 0 first), the bot seats set at once by the
        fast solver."""
        if seed is None:
            # The operating system's entropy: nothing a client sees tells the other hands.
            deck = secrets.SystemRandom().sample(range(52), 52)
        else:
            deck = deal(seed, number)
        hands = [sorted(deck[HAND_CARDS * i : HAND_CARDS * (i + 1)]) for i in range(players)]
        played: list[Optional[Player]] = [None] * players
        for seat in range(humans, players):
            played[seat] = solver_player(hands[seat], rules, players, seat)
        return ClosedDeal(preset, rules, hands, played)

    def to_json(self) -> str:
        """The save of the deal (server-side only: it holds every hand)."""

        def play(p: Optional[Player]) -> Any:
            if p is None:
                return None
            kind, setting = p if isinstance(p, tuple) else ("setting", p)
            return [kind, setting.codes]

        return json.dumps(
            {
                "rules": self.rules.to_dict(),
                "hands": self.hands,
                "played": [play(p) for p in self.played],
            }
        )

    @staticmethod
    def from_json(preset: str, text: str) -> "ClosedDeal":
        """A deal from its save; ValueError (or an engine error) when the save is damaged."""
        data = json.loads(text)
        rules = Rules.from_dict(data["rules"])
        hands = [[int(c) for c in h] for h in data["hands"]]
        if not 2 <= len(hands) <= 4 or len(data["played"]) != len(hands):
            raise ValueError("the seats do not match")
        played: list[Optional[Player]] = []
        for p in data["played"]:
            if p is None:
                played.append(None)
                continue
            kind, codes = p
            setting = Setting.from_codes(codes)
            if kind not in ("setting", "natural"):
                raise ValueError(f"unknown play {kind!r}")
            played.append(setting if kind == "setting" else ("natural", setting))
        return ClosedDeal(preset, rules, hands, played)

    @property
    def finished(self) -> bool:
        """Whether every seat has set: the deal is settled."""
        return all(p is not None for p in self.played)

    @property
    def players(self) -> int:
        """The seats at the table."""
        return len(self.hands)

    def points(self) -> list[float]:
        """Each seat's points in the settlement of the finished deal."""
        players = [p for p in self.played if p is not None]
        return [float(t) for t in score(players, self.rules).totals]

    def next(self, humans: int, seed: Optional[int], number: int, lim: Limits) -> "ClosedDeal":
        """The session's next deal at this table: new hands (of the session's seed and the
        deal's `number`, or of the system's entropy), the same rules."""
        return ClosedDeal.new(self.preset, self.rules, self.players, humans, seed, number)

    def move(self, seat: int, mv: MoveRequest, lim: Limits) -> None:
        """Set `seat`'s hand; refused when it has set already or the setting is not its
        13 cards."""
        if not isinstance(mv, ClosedMove) or mv.natural == (mv.setting is not None):
            raise SessionRefused(422, "InvalidMove", _CLOSED_SHAPE)
        if self.played[seat] is not None:
            raise _not_now("this seat has set its hand already")
        hand = self.hands[seat]
        if mv.natural:
            sol = solve(
                hand, self.rules, opponents=len(self.hands) - 1, banker=holds_bank(self.rules, seat)
            )
            if sol.natural is None:
                raise InvalidSettingError("this hand holds no natural under these rules")
            self.played[seat] = ("natural", sol.setting)
            return
        given = mv.setting
        text = given if isinstance(given, str) else setting_text(given and given.model_dump())
        setting = Setting(text or "")
        if sorted(setting.codes) != sorted(hand):
            raise InvalidSettingError("that setting is not this seat's 13 cards, each once")
        self.played[seat] = setting

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: its cards and play, which seats have set, and once every
        seat has, the settlement (every setting shown)."""
        mine = self.played[seat]
        setting = mine[1] if isinstance(mine, tuple) else mine
        out: dict[str, Any] = {
            "hand": card_list(sorted(self.hands[seat], reverse=True)),
            "setting": None if setting is None else setting_obj(setting),
            "natural": isinstance(mine, tuple),
            "has_set": [p is not None for p in self.played],
            "finished": self.finished,
            "settlement": None,
        }
        if self.finished:
            players = [p for p in self.played if p is not None]
            out["settlement"] = score_payload(list(players), score(players, self.rules))
        return out

    def hint(self, seat: int, lim: Limits) -> dict[str, Any]:
        """The strong solver's setting of `seat`'s hand and the runners-up, with their EVs,
        at the hint's bounded effort and seconds."""
        sol = solve(
            self.hands[seat],
            self.rules,
            strategy="strong",
            opponents=len(self.hands) - 1,
            banker=holds_bank(self.rules, seat),
            effort=lim.hint_effort,
            time_budget=lim.hint_seconds,
            candidates=min(HINT_CANDIDATES, lim.candidates),
        )
        return solution_obj(sol)


def _board(rows: Optional[list[list[int]]]) -> Optional[dict[str, list[str]]]:
    """A board of a view as ``{"front", "middle", "back"}``; None stays None (hidden)."""
    return None if rows is None else {r: card_list(c) for r, c in zip(ROWS, rows)}


def _move_obj(mv: dict[str, Any]) -> dict[str, list[str]]:
    """An engine move as the body ``/move`` takes."""
    return {k: card_list(mv[k]) for k in (*ROWS, "discard")}


class OfcDeal:
    """A deal of open-face: an `OfcGame`, saved as its `to_json` (which holds the seed or
    the deck: server-side only)."""

    def __init__(self, preset: str, game: OfcGame, humans: int) -> None:
        self.preset = preset
        self.game = game
        self.humans = humans

    @property
    def finished(self) -> bool:
        """Whether every board is complete: the deal is settled."""
        return bool(self.game.is_finished())

    @property
    def players(self) -> int:
        """The seats at the table."""
        return int(self.game.players)

    def points(self) -> list[float]:
        """Each seat's points in the settlement of the finished deal."""
        return [float(t) for t in self.game.settle().totals]

    def next(self, humans: int, seed: Optional[int], number: int, lim: Limits) -> "OfcDeal":
        """The session's next deal: the button moves on and Fantasyland carries over (the
        engine's `OfcGame.next_deal`), dealt from the session's seed and the deal's `number`
        or from the system's entropy; the bots play up to the first human's turn."""
        following = OfcDeal(self.preset, self.game.next_deal(seed=_deal_seed(seed, number)), humans)
        following.play_bots(lim)
        return following

    def play_bots(self, lim: Limits) -> None:
        """Play the bot seats until a human is to act or the deal is finished."""
        g = self.game
        while not g.is_finished() and g.to_act is not None and g.to_act >= self.humans:
            mv = g.suggest(samples=lim.bot_effort, seed=AGENT_SEED)[0][0]
            g.play_move(g.to_act, mv)

    def move(self, seat: int, mv: MoveRequest, lim: Limits) -> None:
        """Play `seat`'s move, then the bots'; refused when it is not the seat's turn."""
        if not isinstance(mv, OfcMove):
            raise SessionRefused(422, "InvalidMove", _OFC_SHAPE)
        g = self.game
        if g.is_finished():
            raise _not_now("the deal is finished")
        if g.to_act != seat:
            raise _not_now(f"it is seat {g.to_act}'s turn, not this seat's")
        g.play_move(seat, {k: parse_cards(" ".join(getattr(mv, k))) for k in (*ROWS, "discard")})
        self.play_bots(lim)

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see (the engine's `view`, cards as text), whose turn it is, what
        this seat's move must be when it is to act, and the settlement at the end."""
        g = self.game
        v = json.loads(g.view(seat))
        shape = g.move_shape() if g.to_act == seat else None
        finished = g.is_finished()
        out: dict[str, Any] = {
            "to_act": v["to_act"],
            "move": None if shape is None else {"place": shape[0], "discard": shape[1]},
            "hand": card_list(v["hand"]),
            "discards": card_list(v["discards"]),
            "boards": [_board(b) for b in v["boards"]],
            "discard_counts": v["discard_counts"],
            "button": v["button"],
            "fantasyland": v["fantasyland"],
            "finished": finished,
            "settlement": None,
        }
        if finished:
            boards = [
                Setting.from_codes([c for r in g.board(s) for c in r]) for s in range(g.players)
            ]
            out["settlement"] = score_payload(list(boards), g.settle())
        return out

    def hint(self, seat: int, lim: Limits) -> dict[str, Any]:
        """The placement agent's best moves for `seat` with their estimated points, at the
        hint's bounded rollouts and seconds; refused when it is not the seat's turn."""
        g = self.game
        if g.is_finished() or g.to_act != seat:
            raise _not_now("a hint is for the seat to act")
        ranked = g.suggest(
            samples=lim.hint_effort, seed=AGENT_SEED, seat=seat, time_budget=lim.hint_seconds
        )
        return {"moves": [{"move": _move_obj(mv), "ev": ev} for mv, ev in ranked]}


#: A session's deal, of either game.
Deal = Union[ClosedDeal, OfcDeal]


def _deal_seed(seed: Optional[int], number: int) -> Optional[int]:
    """The engine's seed of a seeded session's `number`-th open-face deal: the session's own
    seed first (so that a first deal replays as before), then the core's `deal_seed`, as a
    simulation seeds the hands of a table; None stays None (entropy)."""
    if seed is None or number == 0:
        return seed
    return deal_seed(seed, number)


@dataclass
class Table:
    """A session's table across its deals: the deal in play, its `number` (0 first), each
    seat's points over the deals settled before it (`carried`) and the session's seed (None:
    each deal from the system's entropy). Server-side only, as the deal's save is."""

    deal: Deal
    number: int
    carried: list[float]
    seed: Optional[int]

    def totals(self) -> list[float]:
        """Each seat's points over every settled deal of the session, this one included
        once it is finished."""
        if not self.deal.finished:
            return list(self.carried)
        return [c + p for c, p in zip(self.carried, self.deal.points())]


def _load_deal(game: str, preset: str, state: str, humans: int) -> Deal:
    """A deal from its save (ValueError or an engine error when the save is damaged)."""
    if game == "closed":
        return ClosedDeal.from_json(preset, state)
    if game == "ofc":
        return OfcDeal(preset, OfcGame.from_json(state), humans)
    raise ValueError(f"unknown game {game!r}")


def _load(row: SessionRow) -> Table:
    """The table of a stored session; a damaged one is answered 500 (`_damaged`). A save
    of a bare deal (of a server before sessions had more than one) is its first deal."""
    try:
        data = json.loads(row.state)
        if not isinstance(data, dict):
            raise ValueError("the save is not an object")
        if "table" not in data:
            deal_ = _load_deal(row.game, row.preset, row.state, len(row.tokens))
            return Table(deal_, 0, [0.0] * deal_.players, None)
        table = data["table"]
        deal_ = _load_deal(row.game, row.preset, data["deal"], len(row.tokens))
        number, carried, seed = table["number"], table["carried"], table["seed"]
        if not isinstance(number, int) or number < 0 or (seed is not None and seed < 0):
            raise ValueError("a damaged deal number or seed")
        if len(carried) != deal_.players:
            raise ValueError("the totals do not match the seats")
        return Table(deal_, number, [float(c) for c in carried], seed)
    except (ValueError, TypeError, KeyError, IndexError, ChinesePokerError) as exc:
        raise _damaged(row.id, exc) from None


def _save(table: Table) -> str:
    """The save of a table, as the store keeps it."""
    deal_ = table.deal
    state = deal_.to_json() if isinstance(deal_, ClosedDeal) else deal_.game.to_json()
    return json.dumps(
        {
            "table": {"number": table.number, "carried": table.carried, "seed": table.seed},
            "deal": state,
        }
    )


def _answer(row: SessionRow, table: Table, seat: int) -> dict[str, Any]:
    """A seat's answer: the session, the table's seats, the deal's number and the running
    totals, and what the seat may see of the deal."""
    players = table.deal.players
    humans = len(row.tokens)
    return {
        "session": row.id,
        "game": row.game,
        "preset": row.preset,
        "players": players,
        "seat": seat,
        "bots": list(range(humans, players)),
        "deal": table.number + 1,
        "totals": table.totals(),
        **table.deal.view(seat),
    }


def _new_deal(request: SessionRequest, lim: Limits) -> tuple[str, Deal]:
    """The preset and first state of a new session's deal (an open-face deal played up to
    the first human's turn)."""
    players = request.players or DEFAULT_PLAYERS[request.game]
    if request.humans > players:
        raise SessionRefused(
            422, "InvalidTable", f"humans {request.humans} is more than the {players} players"
        )
    if request.game == "closed":
        preset = request.preset or DEFAULT_PRESET
        rules = Rules.preset(preset)
        if rules["game"] != "closed":
            raise OptionError(f"preset {preset!r} is not one of the closed game")
        if request.options:
            rules = rules.replace(**request.options)
        return preset, ClosedDeal.new(preset, rules, players, request.humans, request.seed)
    preset = request.preset or OFC_DEFAULT_PRESET
    if request.options:
        raise OptionError("options change the rules of the closed game only")
    game = OfcGame(preset, players=players, seed=request.seed)
    ofc = OfcDeal(preset, game, request.humans)
    ofc.play_bots(lim)
    return preset, ofc


#: The bucket of the requests whose client address is unknown (all of them share it).
UNKNOWN_CLIENT = "?"


def session_buckets(lim: Limits) -> TokenBuckets:
    """The rate limit of ``POST /sessions`` per client: `Limits.session_burst` at once,
    `Limits.session_rate` a minute. In this process only: each worker keeps its own."""
    return TokenBuckets(rate=lim.session_rate / 60.0, burst=lim.session_burst)


def session_router(
    store: SessionStore, lim: Limits, buckets: Optional[TokenBuckets] = None
) -> APIRouter:
    """The ``/sessions`` endpoints over `store`, bounded by `lim`; new sessions paced per
    client address by `buckets` (`session_buckets` of `lim` when not given)."""
    router = APIRouter(prefix="/sessions", tags=["sessions"])
    paced = session_buckets(lim) if buckets is None else buckets
    bearer = HTTPBearer(auto_error=False, description="the seat's token, from POST /sessions")

    def token_of(
        credentials: Annotated[Optional[HTTPAuthorizationCredentials], Depends(bearer)],
    ) -> str:
        """The bearer token of a request; 401 without one."""
        if credentials is None or not credentials.credentials:
            raise SessionRefused(
                401, "Unauthorized", "send the seat's token: Authorization: Bearer <token>"
            )
        return credentials.credentials

    def found(row: Optional[SessionRow]) -> SessionRow:
        """The session read from the store; 404 when there is none."""
        if row is None:
            raise SessionRefused(404, "NotFound", "no such session (or it has expired)")
        return row

    def read(sid: str) -> SessionRow:
        """The session `sid` as it is now (for the requests that change nothing)."""
        try:
            return found(store.load(sid))
        except DamagedSession as exc:
            raise _damaged(sid, exc) from None

    @router.post(
        "",
        status_code=201,
        response_model=SessionCreated,
        responses=refusals(*BODY_REFUSALS, 429, 503),
    )
    def create_session(request: SessionRequest, http: Request) -> SessionCreated:
        """A new deal: a token for each human seat (seats 0 to humans-1), the bot seats
        played by the server. The tokens are in this answer only; the server keeps their
        digests. A client (an address) makes `Limits.session_burst` sessions at once and
        `Limits.session_rate` a minute; beyond, 429 with ``Retry-After``."""
        client = http.client.host if http.client is not None else UNKNOWN_CLIENT
        wait = paced.take(client)
        if wait is not None:
            raise SessionRefused(
                429,
                "TooManyRequests",
                f"this client makes new sessions too fast; try again in {wait} s",
                headers={"Retry-After": str(wait)},
            )
        preset, new = _new_deal(request, lim)
        players = new.players
        tokens = [secrets.token_urlsafe(32) for _ in range(request.humans)]
        now = time.time()
        sid = secrets.token_urlsafe(12)
        table = Table(new, 0, [0.0] * players, request.seed)
        row = SessionRow(
            sid, request.game, preset, now, now, _save(table), [_digest(t) for t in tokens]
        )
        store.create(row, lim.sessions, lim.session_seconds)
        return SessionCreated(
            session=sid,
            game=request.game,
            preset=preset,
            players=players,
            humans=request.humans,
            seats=[SeatToken(seat=s, token=t) for s, t in enumerate(tokens)],
            bots=list(range(request.humans, players)),
        )

    def change(sid: str, token: str, act: Callable[[Table, int, int], Table]) -> dict[str, Any]:
        """Apply `act` (the table, the token's seat, the human seats: the table after) to the
        session `sid` under the store's lock, save the table and answer it as the seat sees
        it."""
        try:
            with store.update(sid) as stored:
                row = found(stored)
                seat = _seat_of(row, token)
                current = act(_load(row), seat, len(row.tokens))
                row.state = _save(current)
        except DamagedSession as exc:
            raise _damaged(sid, exc) from None
        return _answer(row, current, seat)

    # What every request naming a session can be refused with: no token, another session's,
    # no such session, a damaged save, the database unavailable.
    seat_refusals = (401, 403, 404, 500, 503)

    @router.get(
        "/{sid}", response_model=Union[ClosedState, OfcState], responses=refusals(*seat_refusals)
    )
    def session_state(sid: str, token: Annotated[str, Depends(token_of)]) -> dict[str, Any]:
        """The deal as the token's seat may see it."""
        row = read(sid)
        seat = _seat_of(row, token)
        return _answer(row, _load(row), seat)

    @router.post(
        "/{sid}/move",
        response_model=Union[ClosedState, OfcState],
        responses=refusals(*BODY_REFUSALS, *seat_refusals, 409),
    )
    def session_move(
        sid: str, request: MoveRequest, token: Annotated[str, Depends(token_of)]
    ) -> dict[str, Any]:
        """The token's seat plays: closed, its setting (the deal is settled when the last
        seat sets); open-face, its placement, then the bots play up to the next human's turn.
        Answers the deal as the seat sees it after."""

        def play(table: Table, seat: int, humans: int) -> Table:
            table.deal.move(seat, request, lim)
            return table

        return change(sid, token, play)

    @router.post(
        "/{sid}/next",
        response_model=Union[ClosedState, OfcState],
        responses=refusals(*seat_refusals, 409),
    )
    def session_next(sid: str, token: Annotated[str, Depends(token_of)]) -> dict[str, Any]:
        """The next deal at the session's table, once this one is settled (409 before): the
        closed game deals new hands under the same rules; open-face moves the button on and
        carries Fantasyland over, a Fantasyland board hidden from the other seats until the
        end of the deal. The running `totals` go on; any human seat may call it, once per
        deal. Answers the new deal as the seat sees it."""

        def deal_on(table: Table, seat: int, humans: int) -> Table:
            if not table.deal.finished:
                raise _not_now("the deal is not finished")
            number = table.number + 1
            following = table.deal.next(humans, table.seed, number, lim)
            return Table(following, number, table.totals(), table.seed)

        return change(sid, token, deal_on)

    @router.get(
        "/{sid}/hint",
        response_model=Union[ClosedHint, OfcHint],
        responses=refusals(*seat_refusals, 409),
    )
    def session_hint(sid: str, token: Annotated[str, Depends(token_of)]) -> dict[str, Any]:
        """The engine's advice for the token's seat: closed, the strong solver's setting and
        runners-up with their EVs; open-face, the agent's best moves with estimated points
        (for the seat to act). Effort and seconds are bounded by `Limits`."""
        row = read(sid)
        seat = _seat_of(row, token)
        return {"session": sid, "seat": seat, **_load(row).deal.hint(seat, lim)}

    return router
