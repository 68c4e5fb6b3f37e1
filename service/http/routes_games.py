"""Game routes: create, lobby, claim a seat, summary, seat view, commands."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, get, post, route
from litestar.di import NamedDependency
from litestar.enums import HttpMethod
from litestar.params import (
    FromQuery,
    JSONBody,
    PathParameter,
    QueryParameter,
    SkipValidation,
)

from domain.opening import TableOptions
from service.app.commands import SeatCommands
from service.app.errors import ServiceError
from service.app.games import GameService, lobby_status
from service.app.metrics import Metrics
from service.app.players import Player, PlayerService
from service.app.records import LobbyEntry, seated_by
from service.app.seating import TablePolicy, expired
from service.app.seats import Seats
from service.app.tables import caller_of, check_host, own_rematch
from service.app.tokens import bearer_token
from service.http.created import created_game
from service.http.encoded import encoded_json
from service.http.openapi_security import OPTIONAL_BEARER
from service.http.problems import problem_responses
from service.http.schemas import (
    ClaimedSeat,
    CreatedGameOut,
    CreateGame,
    GameSummary,
    Lobby,
    LobbyPreset,
    SeatOut,
)
from service.http.schemas_commands import COMMAND_TAGS, CommandBody, sent_command
from service.http.schemas_views import (
    CommandCheck,
    CommandResult,
    View,
    labels_of_view,
    seat_labels,
    view_out,
    with_labels,
)
from service.store import EventStore


class SeatPlay:
    """What a seat's command routes use: the seat the caller's token acts for, and the
    seats' commands. Handed out as one dependency, not two: Litestar resolves two or
    more dependencies of a route in a task group, a task each, on every request
    (measured: 0.18 ms of a command's 0.6 ms of CPU)."""

    __slots__ = ("commands", "seats")

    def __init__(self, seats: Seats, commands: SeatCommands) -> None:
        self.seats = seats
        self.commands = commands


# What `create_app` hands out, unchecked (SkipValidation): Litestar would check each
# instance of a type it does not know through a decoding hook, on every request.
Games = NamedDependency[SkipValidation[GameService]]
# The use cases a route uses by itself, as `create_app` hands them out.
Play = NamedDependency[SkipValidation[SeatPlay]]
Players = NamedDependency[SkipValidation[PlayerService]]
Policy = NamedDependency[SkipValidation[TablePolicy]]
MetricsDep = NamedDependency[SkipValidation[Metrics]]
# The event store itself, for the few routes whose use case writes it beside the game
# (a Protocol: Litestar cannot check an instance against it).
Store = NamedDependency[SkipValidation[EventStore]]
BEARER: list[dict[str, list[str]]] = [{"bearer": []}]
GameId = Annotated[str, PathParameter(description="The game's id (32 hex digits).", max_length=64)]
SeatNumber = Annotated[int, PathParameter(ge=0, le=5)]
InviteQuery = Annotated[
    str | None,
    QueryParameter(
        max_length=64,
        description="A private table's invite code: without it (or a seat's token) "
        "the table is a 404 `game_not_found`.",
    ),
]


def caller_token(request: Request[Any, Any, Any]) -> str | None:
    """The caller's Bearer token, if the request carries one (a malformed header is a 401)."""
    # From the scope's raw pairs (names in lower case): Litestar's `request.headers`
    # builds the map of every header first, on every command.
    sent = [
        value.decode("latin-1")
        for name, value in request.scope["headers"]
        if name == b"authorization"
    ]
    if len(sent) > 1:
        # Servers and proxies disagree on which of two wins (the first here, the
        # last elsewhere): as with a JSON key given twice, the service takes neither.
        raise ServiceError("invalid_token", "send one Authorization header, not several")
    return bearer_token(sent[0] if sent else None)


@route("/games", http_method=[HttpMethod.OPTIONS], include_in_schema=False, status_code=204)
async def games_options() -> Response[None]:
    # Litestar's own OPTIONS answer for a path of two handlers lists only the
    # first handler's method; this one lists both.
    return Response(None, status_code=204, headers={"Allow": "GET, OPTIONS, POST"})


@post(
    "/games",
    status_code=201,
    tags=["games"],
    summary="Create a table (dealt at once unless seats are left open)",
    description="A table with open seats waits (`status: waiting`) until every seat is "
    "taken or its host starts it (POST /games/{id}/start). With a player token the "
    "caller is the host and sits at the first human seat that is not open (at a "
    "`hot_seat` table, at every one: friends on the caller's screen). A `seed` or "
    "`deck` marks the table `stacked`; a server may refuse them on public tables "
    "(422 `stacked_public_table`).",
    security=OPTIONAL_BEARER,
    responses=problem_responses(400, 401, 413, 415, 422, 429, 503, 507),
)
async def create_game(
    data: JSONBody[CreateGame],
    request: Request[Any, Any, Any],
    games: Games,
    players: Players,
    table_policy: Policy,
) -> Response[CreatedGameOut]:
    table = TableOptions(
        private=data.private,
        hot_seat=data.hot_seat,
        expires_after_s=table_policy.waiting_expires_after_s,
    )
    created = await games.create(
        player=await _player(request, players),
        table=table,
        seats=data.seats,
        preset=data.preset,
        rules=data.rules,
        seed=data.seed,
        deck=data.deck,
        decks=data.decks,
        turn_time_limit_s=data.turn_time_limit_s,
        private_log=data.private_log,
    )
    return created_game(created)


@get(
    "/games",
    tags=["games"],
    summary="The lobby: public tables by status, newest first, with their open seats",
    description="`status=open` is the former name of `waiting`. Filters: `preset` "
    "(`imported`: games imported from a log), "
    "`seats` (the seat count), `rated`, `open_seats` (true: a seat anyone may claim; a "
    "rematch's seat kept for its player is not one). "
    "Private tables are never listed.",
    responses=problem_responses(400, 503),
)
async def list_games(
    games: Games,
    status: FromQuery[Literal["waiting", "open", "active", "finished"]] = "waiting",
    preset: FromQuery[LobbyPreset | None] = None,
    seats: Annotated[int | None, QueryParameter(ge=2, le=6)] = None,
    rated: Annotated[
        bool | None, QueryParameter(description="`true` or `false` (no other spelling).")
    ] = None,
    open_seats: Annotated[
        bool | None, QueryParameter(description="`true` or `false` (no other spelling).")
    ] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=100)] = 50,
    offset: Annotated[int, QueryParameter(ge=0, le=1_000_000)] = 0,
) -> Lobby:
    def keep(entry: LobbyEntry) -> bool:
        return (
            (preset is None or entry.preset == preset)
            and (seats is None or len(entry.seats) == seats)
            and (rated is None or entry.rated == rated)
            and (open_seats is None or bool(entry.open_seats) == open_seats)
        )

    filtered = any(value is not None for value in (preset, seats, rated, open_seats))
    listed = "waiting" if status == "open" else status
    entries = await games.lobby(listed, limit, offset, keep if filtered else None)
    return Lobby(games=tuple(entries), limit=limit, offset=offset)


@post(
    "/games/{game_id:str}/seats/{seat:int}",
    status_code=201,
    tags=["seats"],
    summary="Claim an open seat: its token, shown once",
    description="With a player token the seat becomes the player's: their token acts "
    "for it as the seat token does (409 `already_seated` if they hold a seat here). A "
    "hot-seat table's seats are its host's alone (403 `hot_seat_table` to anyone else).",
    security=OPTIONAL_BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 503),
)
async def claim_seat(
    game_id: GameId,
    seat: SeatNumber,
    request: Request[Any, Any, Any],
    games: Games,
    players: Players,
    invite: FromQuery[str | None] = None,
) -> ClaimedSeat:
    player = await _player(request, players)
    token = await games.claim(game_id, seat, player, invite_code=invite)
    return ClaimedSeat(game_id=game_id, seat=seat, token=token)


@get(
    "/games/{game_id:str}",
    tags=["games"],
    summary="Public summary and the spectator's view",
    description="A private table's needs its `invite` code or a token of one of its seats "
    "(as every route that reads a game: its events, log, states, forks and ratings). "
    "A public table's is anyone's: a token there only fills in `your_seat` (with "
    "`hosting` and `kept_for_you` while it waits), and one that opens no seat here "
    "(unknown, another game's, given back) reads as none, never a refusal.",
    security=OPTIONAL_BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 503),
)
async def game_summary(
    game_id: GameId,
    request: Request[Any, Any, Any],
    games: Games,
    invite: InviteQuery = None,
) -> GameSummary:
    await check_readable(games, game_id, request, invite)
    return await with_your_seat(games, await summary_of(games, game_id), request, invite)


async def with_your_seat(
    games: GameService, summary: GameSummary, request: Request[Any, Any, Any], invite: str | None
) -> GameSummary:
    """The summary with the seat the caller's token opens: a page asks for a seat's
    view only where it holds one (else a 403 it would have to swallow)."""
    token = caller_token(request)
    if token is None:
        return summary
    try:
        seat: int | None = await games.viewer_of(summary.game_id, token, invite_code=invite)
    except ServiceError:
        seat = None
    if summary.status != "waiting":
        return msgspec.structs.replace(summary, your_seat=seat)
    hosting, kept = await _at_waiting_table(games, summary.game_id, token)
    return msgspec.structs.replace(summary, your_seat=seat, hosting=hosting, kept_for_you=kept)


async def _at_waiting_table(
    games: GameService, game_id: str, token: str
) -> tuple[bool, int | None]:
    """Whether the token's holder hosts the table (may start it and remove its
    players), and the seat a rematch keeps for them: a page need not remember that
    it made the table, nor who sat where in the last game."""
    try:
        facts = await games.fresh_facts(game_id)
        caller = await caller_of(games, game_id, token, facts)
    except ServiceError:
        return False, None
    player_id = caller.player.player_id if caller.player is not None else None
    kept = min(
        (seat for seat, kept_for in facts.reserved.items() if kept_for == player_id), default=None
    )
    try:
        check_host(facts, game_id, caller)
    except ServiceError:
        return False, kept
    return True, kept


async def check_readable(
    games: GameService,
    game_id: str,
    request: Request[Any, Any, Any],
    invite: str | None,
    *,
    missing_ok: bool = False,
) -> None:
    """For a route that shows a game to anyone: a private table asks the one rule
    (`Seats.viewer_of`) every read route asks, a public one nothing. `missing_ok`:
    a game the store does not hold passes (the route has its own answer for it)."""
    try:
        # Whether a table is private is fixed when it is made: memory will do.
        facts, _ = await games.known_facts(game_id)
    except ServiceError as missing:
        token = caller_token(request)
        if missing.code == "game_not_found" and token is not None:
            # An unknown token is a 401 here as at a private table (`Seats.seat_found`).
            await games.known_token(token)
        if missing_ok:
            return
        raise
    if facts.info.table.private:
        await games.viewer_of(game_id, caller_token(request), invite_code=invite)


async def summary_of(games: GameService, game_id: str) -> GameSummary:
    game, view = await games.view(game_id, None)
    # The read of the game just took its meta along: its facts are in memory, fresh.
    facts, _ = await games.known_facts(game_id)
    labels = seat_labels(game.info, game.names, game.record.controllers, game.resigned)
    kept = seated_by(facts, game.record).reserved
    seats = tuple(
        SeatOut(
            seat=seat,
            kind=labels[seat].kind,
            level=labels[seat].level,
            open=spec.open,
            claimed=seat in game.claimed,
            name=game.names.get(seat),
            resigned=seat in game.resigned,
            reserved=seat in kept,
        )
        for seat, spec in enumerate(game.info.seats)
    )
    return GameSummary(
        game_id=game_id,
        status=lobby_status(game),
        preset=game.info.preset,
        ruleset=game.record.state.ruleset,
        seats=seats,
        version=game.record.version,
        created_at=game.info.created_at,
        turn_time_limit_s=game.info.turn_time_limit_s,
        view=msgspec.structs.replace(view_out(view, game.record), seat_labels=labels),
        stacked=game.info.stacked,
        private=game.info.table.private,
        rated=game.record.state.ruleset.rated,
        hot_seat=game.info.table.hot_seat,
        expired=expired(facts),
        rematch=await own_rematch(games, game),
        rematch_of=game.info.table.rematch_of,
    )


@get(
    "/games/{game_id:str}/view",
    tags=["seats"],
    summary="The caller's seat view, with its legal commands",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 503),
)
async def seat_view(
    game_id: GameId, request: Request[Any, Any, Any], games: Games
) -> Response[View]:
    # Served as cached (the bytes are a View already), with who sits where: from
    # the facts the seat was found in (a second look-up would give the same), their
    # names read with the view, to keep the read one round trip.
    seat, facts = await games.seat_found(game_id, caller_token(request))
    encoded, facts = await games.named_view(game_id, seat, facts)
    labels = labels_of_view(encoded, facts)
    return _encoded(with_labels(encoded, labels))


@post(
    "/games/{game_id:str}/commands",
    status_code=200,
    tags=["seats"],
    summary="Issue one command as the caller's seat",
    description="The body is one of the player commands, named by `type` ("
    + ", ".join(COMMAND_TAGS)
    + "). `expected_version` refuses the command (409 `version_conflict`) unless the "
    "game is at that version; a retry with the same `command_id` gets the original answer.",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 413, 415, 422, 429, 503, 507),
)
async def post_command(
    game_id: GameId,
    data: JSONBody[CommandBody],
    request: Request[Any, Any, Any],
    play: Play,
) -> Response[CommandResult]:
    token = caller_token(request)
    command = sent_command(data)
    seat, facts = await play.seats.command_seat(game_id, token, command)
    # A hot-seat player's token acts for the seat to play: a retry after the turn
    # passed to another of their seats looks for the command under the seat that made it.
    others = (
        await play.seats.other_seats(game_id, token, seat)
        if data.command_id is not None and token is not None
        else ()
    )
    # The answer is the bytes recorded with the command: a CommandResult already.
    executed = await play.commands.handle(
        game_id,
        seat,
        command,
        expected_version=data.expected_version,
        command_id=data.command_id,
        other_seats=others,
        facts=facts,
    )
    assert executed.body is not None  # a seat's command always has its answer
    return _encoded(executed.body)


@post(
    "/games/{game_id:str}/commands/check",
    status_code=200,
    tags=["seats"],
    summary="Whether the caller's seat may send a command now (nothing is written)",
    description="The same body as `POST /games/{game_id}/commands`, decided on the game as it "
    "stands, with nothing written: 200 `{accepted: true, version}` when the command would be "
    "taken now, else exactly the problem it would get (422 with the rules' reason, 409 "
    "`not_your_turn`, `version_conflict`, …). A user interface explains a selection with it "
    "before it is sent. What the command would reveal (the card a draw takes) is not shown; "
    "`command_id` is not looked up.",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 413, 415, 422, 429, 503),
)
async def check_command(
    game_id: GameId,
    data: JSONBody[CommandBody],
    request: Request[Any, Any, Any],
    play: Play,
) -> CommandCheck:
    command = sent_command(data)
    seat, facts = await play.seats.command_seat(game_id, caller_token(request), command)
    version = await play.commands.check(
        game_id, seat, command, expected_version=data.expected_version, facts=facts
    )
    return CommandCheck(accepted=True, version=version)


async def _player(request: Request[Any, Any, Any], players: PlayerService) -> Player | None:
    """The caller's player when the request carries a token (it must be a player token)."""
    token = caller_token(request)
    return None if token is None else await players.authenticate(token)


def _encoded(body: bytes) -> Response[Any]:
    """A response whose body is the declared schema's JSON already (sent as it is)."""
    return encoded_json(body)


GAME_ROUTES = [
    games_options,
    create_game,
    list_games,
    claim_seat,
    game_summary,
    seat_view,
    post_command,
    check_command,
]
