"""The FastAPI application of the service: `create_app` and its endpoints.

JSON in, JSON out, in the layouts of the command line's ``--json`` output (built by the
same functions of `chinese_poker.cli`).

Where each request runs: a call of the engine that takes microseconds (an evaluation, a
fast solve, a settlement, a batch of a few hands) runs on the event loop, since a hop to
FastAPI's thread pool and back costs more than the call itself (about twice over: FastAPI
also validates a plain ``def`` endpoint's answer in the pool). Everything that can take
milliseconds or seconds (a strong solve, a simulation, a larger batch, a game session's
database and bots) runs in the thread pool, where the engine releases the GIL, so that it
never blocks the event loop nor the other requests. The engine endpoints answer with a body
serialised once (`_json`), not validated again against their ``dict`` annotation.
"""

import json
import os
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import lru_cache
from http import HTTPStatus
from typing import Any, Optional, TypeVar, Union

import numpy as np
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from chinese_poker import (
    ChinesePokerError,
    HandSizeError,
    InternalError,
    OptionError,
    Rules,
    Setting,
    __version__,
    find_natural,
    parse_cards,
    score,
    simulate,
    solve,
    solve_batch,
)
from chinese_poker.cli.catalog import preset_options, preset_summaries
from chinese_poker.cli.hands import hand_obj, player_of, score_payload, setting_text
from chinese_poker.cli.jsonout import natural_obj, setting_obj, solution_obj
from chinese_poker.cli.service_env import DATABASE_ENV, LIMITS_ENV, MEMORY
from chinese_poker.server.limits import LimitExceeded, Limits
from chinese_poker.server.models import (
    BODY_REFUSALS,
    Cards,
    EvaluateBatchRequest,
    EvaluateRequest,
    RulesRequest,
    ScoreRequest,
    SettingRequest,
    SimulateRequest,
    SolveBatchRequest,
    SolveRequest,
    refusals,
)
from chinese_poker.server.sessions import SessionRefused, session_buckets, session_router
from chinese_poker.server.store import SessionStore, StoreFull
from chinese_poker.server.web import web_router

#: The strong solver's Monte-Carlo samples when a request gives none (the engine's default).
DEFAULT_EFFORT = 1024

#: Cards in a hand to set.
HAND_CARDS = 13

#: The most hands of a batch request answered on the event loop: eight hands take the fast
#: solver about half a millisecond; a larger batch goes to the thread pool.
INLINE_HANDS = 8

#: Distinct (preset, options) pairs whose rules are kept built (`_rules`).
RULES_CACHE = 256

#: The JSON type of every engine endpoint's answer, for the OpenAPI description.
ANSWER = dict[str, Any]

_T = TypeVar("_T")


def _error(status: int, name: str, message: str) -> JSONResponse:
    """The body of every refusal the service words itself: the error's name and message."""
    return JSONResponse({"error": name, "message": message}, status_code=status)


class BodyLimit:
    """ASGI middleware: a request body over `max_bytes` is answered 413 before the
    application parses it, whether it announces its length (Content-Length) or streams it."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                length = -1
            if length < 0:
                await _error(400, "BadRequest", "Content-Length is not a byte count")(
                    scope, receive, send
                )
                return
            if length > self.max_bytes:
                await self._refuse(scope, receive, send)
                return
        # Read (and count) the whole body here: no more than `max_bytes` is ever held.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = f"the request body is over this server's limit of {self.max_bytes} bytes"
        await _error(413, "PayloadTooLarge", message)(scope, receive, send)


def _engine_error(request: Request, exc: Exception) -> JSONResponse:
    """An input the engine refused: 422 with its class and message. An `InternalError` is
    a bug of the engine caught at its boundary, not bad input: 500."""
    status = 500 if isinstance(exc, InternalError) else 422
    return _error(status, type(exc).__name__, str(exc))


def _invalid_request(request: Request, exc: Exception) -> JSONResponse:
    """A body the request models refuse: 422 with FastAPI's ``detail`` list, less each
    error's ``input`` and ``ctx`` (an echoed input can be NaN, which JSON cannot carry, or
    the whole body back)."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    detail = [{"type": e["type"], "loc": list(e["loc"]), "msg": e["msg"]} for e in errors]
    return JSONResponse({"detail": detail}, status_code=422)


def _http_error(request: Request, exc: Exception) -> JSONResponse:
    """A refusal of the framework's own (a body that is not text, no such path, a wrong
    method) in the service's words, as every other refusal, its headers (``Allow``) kept."""
    assert isinstance(exc, HTTPException)
    status = exc.status_code
    try:
        name = HTTPStatus(status).phrase.title().replace(" ", "").replace("-", "")
    except ValueError:
        name = "HTTPError"
    reply = _error(status, name, str(exc.detail))
    reply.headers.update(exc.headers or {})
    return reply


def _limit_error(request: Request, exc: Exception) -> JSONResponse:
    """A request beyond the server's `Limits`: 422 naming the limit."""
    return _error(422, "LimitExceeded", str(exc))


def _session_error(request: Request, exc: Exception) -> JSONResponse:
    """A session request refused (`SessionRefused`): its status, name, message and headers
    (a 429's ``Retry-After``); a 401 says how to authenticate."""
    assert isinstance(exc, SessionRefused)
    reply = _error(exc.status, exc.name, str(exc))
    reply.headers.update(exc.headers)
    if exc.status == 401:
        reply.headers["WWW-Authenticate"] = "Bearer"
    return reply


def _store_full(request: Request, exc: Exception) -> JSONResponse:
    """No room for a new session (`Limits.sessions`): 503 until some expire."""
    return _error(503, "TooManySessions", str(exc))


def _store_error(request: Request, exc: Exception) -> JSONResponse:
    """The database failed (locked past the busy timeout, disk full, unreadable): 503,
    without SQLite's wording, which can name the file."""
    return _error(503, "StoreUnavailable", "the session database cannot be used right now")


def _text(cards: Cards) -> str:
    """Cards of a request as the engine's text: a list of codes joined by spaces."""
    return cards if isinstance(cards, str) else " ".join(cards)


def _rules(request: RulesRequest) -> Rules:
    """The preset of a request with its options applied."""
    options = request.options or {}
    # Each value's type is part of the key: True and 1 are equal, and hash alike, but an
    # option may take one and refuse the other.
    key = tuple(sorted((name, type(v).__name__, v) for name, v in options.items()))
    return _built_rules(request.preset, key)


@lru_cache(maxsize=RULES_CACHE)
def _built_rules(preset: str, options: tuple[tuple[str, str, Union[bool, int, str]], ...]) -> Rules:
    """A preset with options applied, built once per distinct pair: rules are immutable
    values, and most requests name the same few. Bounded, so that requests naming ever
    new options cannot grow it; a refusal is not kept."""
    rules = Rules.preset(preset)
    if options:
        rules = rules.replace(**{name: value for name, _, value in options})
    return rules


def _json(answer: dict[str, Any]) -> Response:
    """An endpoint's answer as a JSON body, serialised here once (compact, UTF-8, as
    FastAPI's JSONResponse writes it): returning the dict would have FastAPI validate it
    against the endpoint's ``dict`` annotation first."""
    body = json.dumps(answer, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return Response(body.encode("utf-8"), media_type="application/json")


async def _off_loop(fn: Callable[[], _T]) -> _T:
    """`fn` run in the thread pool: for a call that can take long, so that the event loop
    keeps answering the other requests meanwhile (the engine releases the GIL)."""
    return await run_in_threadpool(fn)


def _at_most(what: str, value: Union[int, float], limit: Union[int, float]) -> None:
    """Refuse `value` above `limit` with a message naming both."""
    if value > limit:
        raise LimitExceeded(f"{what} {value} is over this server's limit of {limit}")


def _player(player: Union[str, SettingRequest]) -> Union[Setting, str, Any]:
    """One player of a ``/score`` request as `score` takes it."""
    text = player if isinstance(player, str) else setting_text(player.model_dump())
    return player_of(text or "")


def create_app(limits: Optional[Limits] = None, database: Optional[str] = None) -> FastAPI:
    """The service's application, each request bounded by `limits`, its game sessions kept
    in the SQLite `database`: a path or ``sqlite:///PATH``, or ``:memory:`` for a database
    of this application alone.

    Without `limits`, those of the environment variable ``CHINESE_POKER_LIMITS`` (a JSON
    object of `Limits` fields), else `Limits()`; without `database`, the one named by the
    environment variable ``CHINESE_POKER_DATABASE``, else ``:memory:`` (how ``chinese-poker
    serve`` tells its workers, which uvicorn builds by calling this without arguments).

    >>> from fastapi.testclient import TestClient
    >>> TestClient(create_app()).post("/evaluate", json={"cards": "As Ad Ac"}).json()["category"]
    'TRIPS'
    """
    lim = limits or Limits.from_json(os.environ.get(LIMITS_ENV) or "{}")
    store = SessionStore(database or os.environ.get(DATABASE_ENV) or MEMORY)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        # Closing the last connection of a WAL database folds its log back into the file (the
        # store connects again if the application is started again). A private in-memory
        # database is left open: closing it would delete every session.
        if store.path != MEMORY:
            store.close()

    app = FastAPI(
        lifespan=lifespan,
        title="chinese-poker",
        version=__version__,
        description="Evaluate, solve, score and simulate Chinese poker over HTTP, and play "
        "game sessions of the closed game and of open-face against the engine.",
    )
    app.state.limits = lim
    app.state.store = store
    app.add_middleware(BodyLimit, max_bytes=lim.body_bytes)
    app.add_exception_handler(ChinesePokerError, _engine_error)
    app.add_exception_handler(LimitExceeded, _limit_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(SessionRefused, _session_error)
    app.add_exception_handler(StoreFull, _store_full)
    app.add_exception_handler(sqlite3.Error, _store_error)

    @app.get("/health")
    async def health() -> dict[str, Any]:
        """Whether the service answers, and the engine's version."""
        return {"status": "ok", "version": __version__}

    @app.get("/presets")
    def presets() -> dict[str, Any]:
        """Every rules preset: name, game, scoring method, royalty table, naturals."""
        return {"presets": preset_summaries()}

    @app.get("/presets/{name}", response_model=None, responses=refusals(404))
    def preset(name: str) -> Union[dict[str, Any], JSONResponse]:
        """Every option of one preset, its value and whether it differs from `plain`."""
        if name not in Rules.presets():
            return _error(404, "NotFound", f"no preset {name!r}; GET /presets lists them")
        return {"preset": name, "options": preset_options(name)}

    # Every refusal an endpoint with a body can answer, for the OpenAPI description.
    BODY = refusals(*BODY_REFUSALS)

    # The endpoints below call the engine: `async def`, the work on the event loop when it
    # takes microseconds, in the thread pool (`_off_loop`) when it can take longer.

    @app.post("/evaluate", response_model=ANSWER, responses=BODY)
    async def evaluate(request: EvaluateRequest) -> Response:
        """One 3- or 5-card hand: its category, description and value under the wheel."""
        wheel = _rules(request)["rank.wheel"]
        return _json({"wheel": wheel, **hand_obj(parse_cards(_text(request.cards)), wheel)})

    @app.post("/evaluate/batch", response_model=ANSWER, responses=BODY)
    async def evaluate_batch(request: EvaluateBatchRequest) -> Response:
        """Several hands, each as ``/evaluate`` answers it, in order."""
        _at_most("hands", len(request.hands), lim.batch)
        wheel = _rules(request)["rank.wheel"]

        def work() -> dict[str, Any]:
            hands = [hand_obj(parse_cards(_text(h)), wheel) for h in request.hands]
            return {"wheel": wheel, "hands": hands}

        small = len(request.hands) <= INLINE_HANDS
        return _json(work() if small else await _off_loop(work))

    @app.post("/solve", response_model=ANSWER, responses=BODY)
    async def solve_hand(request: SolveRequest) -> Response:
        """Set one hand: the chosen setting, its EV, the candidates and any natural."""
        rules = _rules(request)
        _at_most("candidates", request.candidates, lim.candidates)
        monte_carlo: dict[str, Any] = {}
        if request.strategy == "strong":
            effort = min(DEFAULT_EFFORT, lim.effort) if request.effort is None else request.effort
            budget = lim.solve_seconds if request.time_budget is None else request.time_budget
            _at_most("effort", effort, lim.effort)
            _at_most("time_budget", budget, lim.solve_seconds)
            monte_carlo = {"effort": effort, "time_budget": budget}
        elif request.effort is not None or request.time_budget is not None:
            # As the command line does: a knob that would change nothing is refused.
            raise OptionError("effort and time_budget need strategy strong")

        def work() -> dict[str, Any]:
            sol = solve(
                _text(request.hand),
                rules,
                strategy=request.strategy,
                opponents=request.opponents,
                seed=request.seed,
                candidates=request.candidates,
                banker=request.banker,
                **monte_carlo,
            )
            return {
                "preset": request.preset,
                "strategy": request.strategy,
                "opponents": request.opponents,
                "banker": request.banker,
                **solution_obj(sol),
            }

        # The fast solver takes about 50 microseconds: less than the hop to the pool. The
        # strong one samples for up to `Limits.solve_seconds`.
        return _json(work() if request.strategy == "fast" else await _off_loop(work))

    @app.post("/solve/batch", response_model=ANSWER, responses=BODY)
    async def solve_hands(request: SolveBatchRequest) -> Response:
        """Set several hands with the fast solver: each one's setting, EV and any natural
        it declares (then the EV is the natural's points), in order."""
        _at_most("hands", len(request.hands), lim.batch)
        rules = _rules(request)

        def work() -> dict[str, Any]:
            codes = [parse_cards(_text(h)) for h in request.hands]
            for i, hand in enumerate(codes):
                if len(hand) != HAND_CARDS:
                    raise HandSizeError(f"hand {i} has {len(hand)} cards; a hand to set has 13")
            settings, evs, naturals = solve_batch(
                np.array(codes, dtype=np.uint8),
                rules,
                opponents=request.opponents,
                banker=request.banker,
                return_naturals=True,
            )
            solutions = [
                {
                    "setting": setting_obj(Setting.from_codes(row.tolist())),
                    "ev": float(ev),
                    "natural": natural_obj(find_natural(hand, rules)) if declared else None,
                }
                for hand, row, ev, declared in zip(codes, settings, evs, naturals)
            ]
            return {
                "preset": request.preset,
                "opponents": request.opponents,
                "banker": request.banker,
                "solutions": solutions,
            }

        small = len(request.hands) <= INLINE_HANDS
        return _json(work() if small else await _off_loop(work))

    @app.post("/score", response_model=ANSWER, responses=BODY)
    async def settle(request: ScoreRequest) -> Response:
        """Settle one deal: each player's rows, the totals, the pair matrix and each pair."""
        # At most 16 players (the model's bound): microseconds, answered on the event loop.
        rules = _rules(request)
        players = [_player(p) for p in request.players]
        result = score(players, rules)
        return _json({"preset": request.preset, **score_payload(players, result)})

    @app.post("/simulate", responses=BODY)
    def run_simulation(request: SimulateRequest) -> dict[str, Any]:
        """Play deals and aggregate them, as ``simulate --json``; the run stops at the
        server's time budget with the deals played by then (``timed_out``)."""
        # A plain `def`, run in the thread pool: a simulation takes up to seconds.
        _at_most("deals", request.deals, lim.simulate_deals)
        rules = _rules(request)
        result = simulate(
            request.deals,
            players=request.players,
            rules=rules,
            strategy=request.strategy,
            seed=request.seed,
            progress=False,
            time_budget=lim.simulate_seconds,
        )
        return {"preset": request.preset, **result.to_dict()}

    # The rate limit of new sessions, on the application's state so that a test can give
    # the buckets its own clock.
    app.state.session_buckets = session_buckets(lim)
    # Last: a request is matched against the routes in order, and the engine's are the
    # most requested.
    app.include_router(session_router(store, lim, app.state.session_buckets))
    app.include_router(web_router())
    return app
