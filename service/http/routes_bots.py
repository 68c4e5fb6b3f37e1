"""Bot routes: hand a seat to a bot and back; a bot's move for a view, with no game stored."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, delete, post, route
from litestar.di import NamedDependency
from litestar.enums import HttpMethod
from litestar.params import JSONBody, SkipValidation

from domain.cards import is_card, not_a_card
from domain.rules import RuleSet, build_ruleset
from domain.views import SeatView
from service.app.control import hand_to_bot, take_back
from service.app.errors import ServiceError
from service.app.suggestions import SuggestionPool
from service.http.problems import problem_responses
from service.http.routes_games import BEARER, GameId, Games, SeatNumber, caller_token
from service.http.schemas import PresetName
from service.http.schemas_commands import CommandBody, from_domain, to_domain
from service.http.schemas_views import View

__all__ = ["BOT_ROUTES"]

BotLevel = Annotated[
    int, msgspec.Meta(ge=1, le=4, description="1 random, 2 greedy, 3 careful, 4 search")
]
_MAX_VIEW_CARDS = 400
Suggestions = NamedDependency[SkipValidation[SuggestionPool]]  # as routes_games' own


class HandToBot(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The level of the bot that plays the seat until its owner acts again or takes it back."""

    level: BotLevel = 2


class SeatControl(msgspec.Struct, frozen=True, kw_only=True):
    """Who plays the seat: `bot_level` null means its owner."""

    game_id: str
    seat: int
    bot_level: int | None


class SuggestRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat view (as GET /games/{id}/view returns it) and the rules it is played under:
    a `preset` with `rules` overrides, or a whole `ruleset` (which wins)."""

    view: View
    level: BotLevel = 2
    preset: PresetName = "basic"
    rules: dict[str, Any] = msgspec.field(default_factory=dict)
    # Every knob of a RuleSet (as GET /rulesets shows them); a plain object, since
    # its integer-keyed maps cannot be stated in the schema.
    ruleset: dict[str, Any] | None = None
    seed: (
        Annotated[
            int, msgspec.Meta(ge=0, le=2**63 - 1, extra_json_schema={"extra": {"minimum": 0}})
        ]
        | None
    ) = None


class Suggestion(msgspec.Struct, frozen=True, kw_only=True):
    """The command the bot would play (post it as it is), or null: nothing to do
    (not the seat's turn, or it passes on a knock)."""

    command: CommandBody | None
    level: int


async def _owner_in_play(
    games: Games, game_id: str, seat: int, request: Request[Any, Any, Any]
) -> None:
    """The caller holds `seat` (a hot-seat player, any of theirs), the game is not over
    (a finished or archived game's seats are played by no one, and nothing may be
    written for them), and the seat has not resigned (its bot plays it to the end:
    nothing to hand over or take back)."""
    token = caller_token(request)
    caller = await games.seat_of(game_id, token)
    assert token is not None  # seat_of refuses a missing one
    # A hot-seat player's token opens the seat to play; the path may name another of theirs.
    if caller != seat and seat not in await games.other_seats(game_id, token, caller):
        raise ServiceError("wrong_seat", f"the token opens seat {caller}, not {seat}", seat=seat)
    if await games.finished(game_id):
        raise ServiceError("game_over", "the game is over: no seat can change hands")
    if seat in (await games.game(game_id)).resigned:
        raise ServiceError("seat_resigned", f"seat {seat} resigned: a bot plays it", seat=seat)


@route(
    "/games/{game_id:str}/seats/{seat:int}/bot",
    http_method=[HttpMethod.OPTIONS],
    include_in_schema=False,
    status_code=204,
)
async def seat_bot_options(game_id: GameId, seat: SeatNumber) -> Response[None]:
    # Litestar's own answer for a path of two handlers lists only the first's method.
    return Response(None, status_code=204, headers={"Allow": "DELETE, OPTIONS, POST"})


@post(
    "/games/{game_id:str}/seats/{seat:int}/bot",
    status_code=200,
    tags=["seats"],
    summary="Hand the caller's seat to a bot",
    description="A bot of `level` plays the seat from now on, until the owner issues any "
    "command or DELETEs this. Only once the table has been dealt: at a waiting table "
    "(409 `hand_not_started`) the seat would keep the bot for whoever claims it next.",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 413, 415, 422, 503),
)
async def hand_seat_to_bot(
    game_id: GameId,
    seat: SeatNumber,
    data: JSONBody[HandToBot],
    request: Request[Any, Any, Any],
    games: Games,
) -> SeatControl:
    await _owner_in_play(games, game_id, seat, request)
    if (await games.game(game_id)).record.state.hand_number == 0:
        # A waiting table: no cards to play, and a bot left at a seat would play it
        # for whoever claims it next (its holder may still leave).
        raise ServiceError(
            "hand_not_started", "the table has not started: a seat is handed over in play"
        )
    if await hand_to_bot(games, game_id, seat, data.level) is None:
        # A resignation or the game's end overtook the checks above: say which.
        await _owner_in_play(games, game_id, seat, request)
    # If the seat is to act now, the bot's job is made at once.
    await games.notify(game_id)
    return SeatControl(game_id=game_id, seat=seat, bot_level=data.level)


@delete(
    "/games/{game_id:str}/seats/{seat:int}/bot",
    status_code=200,
    tags=["seats"],
    summary="Take the caller's seat back from a bot",
    security=BEARER,
    responses=problem_responses(400, 401, 403, 404, 409, 503),
)
async def take_seat_back(
    game_id: GameId, seat: SeatNumber, request: Request[Any, Any, Any], games: Games
) -> SeatControl:
    await _owner_in_play(games, game_id, seat, request)
    if await take_back(games, game_id, seat) is None:
        # Nothing recorded: no bot stood in (200), or a resignation or the game's end
        # overtook the checks above (say which).
        await _owner_in_play(games, game_id, seat, request)
    return SeatControl(game_id=game_id, seat=seat, bot_level=None)


def _ruleset(data: SuggestRequest) -> RuleSet:
    if data.ruleset is not None:
        # Through build_ruleset so a full ruleset meets the same checks as overrides.
        return build_ruleset("basic", data.ruleset)
    return build_ruleset(data.preset, data.rules)


def _check_consistent(view: View, ruleset: RuleSet) -> None:
    """Refuse a view no table of these rules could show (the bots assume a real one)."""
    per_seat = {"hand_sizes": len(view.hand_sizes), "opened": len(view.opened)}
    if view.seats not in ruleset.players:
        raise ServiceError(
            "invalid_view",
            f"{view.seats} seats cannot play these rules (allowed: {list(ruleset.players)})",
            field="seats",
        )
    for name, length in per_seat.items():
        if length != view.seats:
            raise ServiceError(
                "invalid_view", f"{name} has {length} entries for {view.seats} seats", field=name
            )
    # No dealer yet (-1) before a table's first deal, as a waiting game's view shows it.
    dealer = None if view.dealer == -1 and view.phase == "deal" else view.dealer
    for name, seat in (("seat", view.seat), ("turn", view.turn), ("dealer", dealer)):
        if seat is not None and not 0 <= seat < view.seats:
            raise ServiceError("invalid_view", f"{name} {seat} is not a seat", field=name)
    if view.stock_count < 0 or min(view.hand_sizes) < 0:
        raise ServiceError("invalid_view", "a card count is negative", field="stock_count")
    if (
        view.hand is not None
        and view.seat is not None
        and (len(view.hand) != view.hand_sizes[view.seat])
    ):
        raise ServiceError(
            "invalid_view",
            f"the hand holds {len(view.hand)} cards, hand_sizes says {view.hand_sizes[view.seat]}",
            field="hand",
        )


def _seat_view(view: View, ruleset: RuleSet) -> SeatView:
    _check_consistent(view, ruleset)
    cards = [*(view.hand or ()), *view.discard_pile, *view.taken_from_pile]
    if len(cards) > _MAX_VIEW_CARDS:
        raise ServiceError(
            "invalid_view", "the view holds more cards than any pack", cards=len(cards)
        )
    # No table shows more cards than its pack (the cards taken this turn are in the
    # hand): a larger hand only costs the bots time, levels 1-3 in the event loop.
    shown = len(view.hand or ()) + len(view.discard_pile)
    shown += sum(len(meld.cards) for meld in view.table)
    pack = len(ruleset.pack())
    if shown > pack or len(view.taken_from_pile) > pack:
        raise ServiceError(
            "invalid_view",
            f"the view holds {shown} cards, more than its rules' pack of {pack}",
            field="hand",
            cards=shown,
            pack=pack,
        )
    for card in cards:
        if not is_card(card):
            raise ServiceError("invalid_card", not_a_card(card), card=card)
    fields = msgspec.structs.asdict(view)
    fields["legal_commands"] = tuple(to_domain(command) for command in view.legal_commands)
    return msgspec.convert(fields, SeatView, from_attributes=True)


@post(
    "/bots/suggest",
    status_code=200,
    tags=["bots"],
    summary="The command a bot would play from a seat view (no game needed)",
    description="Stateless: the bot sees only the given view (no memory of earlier events). "
    "The answer is one of the view's `legal_commands`, or null.",
    responses=problem_responses(400, 413, 415, 422, 503),
)
async def suggest(
    data: JSONBody[SuggestRequest], request: Request[Any, Any, Any], suggestions: Suggestions
) -> Suggestion:
    try:
        # Strictly again: the framework's lax conversion would take 0 for false.
        data = _strict.decode(await request.body())
    except msgspec.ValidationError as exc:
        # 422, not 400: some of these (a ruleset's integer map keys) the schema cannot state.
        raise ServiceError("invalid_view", str(exc)) from exc
    ruleset = _ruleset(data)
    command = await suggestions.suggest(
        _seat_view(data.view, ruleset), ruleset, data.level, data.seed
    )
    return Suggestion(command=None if command is None else from_domain(command), level=data.level)


_strict = msgspec.json.Decoder(SuggestRequest)

BOT_ROUTES = [seat_bot_options, hand_seat_to_bot, take_seat_back, suggest]
