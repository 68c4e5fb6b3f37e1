"""The OpenAPI document: Litestar's, plus what it cannot say (discriminators, closed objects)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

import msgspec
from litestar import Litestar
from litestar.openapi.spec import (
    Components,
    Discriminator,
    Link,
    OpenAPI,
    Reference,
    Schema,
    SecurityScheme,
)
from litestar.openapi.spec.enums import OpenAPIType

from domain.rules import KNOB_RANGES

__all__ = ["finish_document", "openapi_document", "security_components"]


def security_components() -> Components:
    return Components(
        security_schemes={
            "bearer": SecurityScheme(
                type="http",
                scheme="bearer",
                description="A seat token from POST /games or a seat claim.",
            )
        }
    )


def _schemas(document: OpenAPI) -> dict[str, Schema]:
    components = document.components
    return dict(components.schemas or {}) if components else {}


def _tag_of(schema: Schema | Reference, schemas: dict[str, Schema], field: str) -> str | None:
    if isinstance(schema, Reference):
        schema = schemas.get(schema.ref.rsplit("/", 1)[-1], Schema())
    tag = (schema.properties or {}).get(field)
    return tag.const if isinstance(tag, Schema) and isinstance(tag.const, str) else None


def _add_discriminator(schema: Schema, schemas: dict[str, Schema]) -> None:
    """Name the `type` tag of a union whose every member is a tagged struct."""
    members = schema.one_of or []
    if len(members) < 2 or not all(isinstance(member, Reference) for member in members):
        return
    mapping: dict[str, str] = {}
    for member in members:
        assert isinstance(member, Reference)
        tag = _tag_of(member, schemas, "type")
        if tag is None:
            return
        mapping[tag] = member.ref
    schema.discriminator = Discriminator(property_name="type", mapping=mapping)


def _walk(node: Any, schemas: dict[str, Schema], seen: set[int]) -> None:
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, Schema):
        _add_discriminator(node, schemas)
    if isinstance(node, dict):
        for value in node.values():
            _walk(value, schemas, seen)
    elif isinstance(node, list | tuple):
        for value in node:
            _walk(value, schemas, seen)
    elif is_dataclass(node) and not isinstance(node, type):
        for field in fields(node):
            _walk(getattr(node, field.name), schemas, seen)


def _state_seat_counts(schemas: dict[str, Schema]) -> None:
    """The RuleSet's seat-count maps and lists, with the bounds Litestar drops
    from a constrained integer inside a container."""
    ruleset = schemas.get("RuleSet")
    properties = ruleset.properties if ruleset is not None else None
    if not properties:
        return
    players, hand_size = properties.get("players"), properties.get("hand_size")
    low, high = KNOB_RANGES["players"]
    if isinstance(players, Schema):
        players.items = Schema(type=OpenAPIType.INTEGER, minimum=low, maximum=high)
        players.unique_items = True
    if isinstance(hand_size, Schema):
        cards_low, cards_high = KNOB_RANGES["hand_size"]
        hand_size.property_names = Schema(type=OpenAPIType.STRING, pattern=f"^[{low}-{high}]$")
        hand_size.additional_properties = Schema(
            type=OpenAPIType.INTEGER, minimum=cards_low, maximum=cards_high
        )


# Request fields that take knob overrides, read by build_ruleset (plain objects
# to Litestar, so that a bad knob is the rules' 422 naming it, not a 400).
_OVERRIDE_FIELDS = {"CreateGame": ("rules",), "SuggestRequest": ("rules", "ruleset")}


def _type_rule_overrides(document: OpenAPI, schemas: dict[str, Schema]) -> None:
    """`rules` as the document states it: any of the RuleSet's knobs, each in
    its range, and no other."""
    ruleset = schemas.get("RuleSet")
    if ruleset is None or not ruleset.properties or document.components is None:
        return
    knobs = {
        name: replace(knob, default=None) if isinstance(knob, Schema) else knob
        for name, knob in ruleset.properties.items()
    }
    overrides = Schema(
        type=OpenAPIType.OBJECT,
        properties=knobs,
        additional_properties=False,
        description="Knob overrides: any knobs of a RuleSet (GET /rulesets), each in its "
        "range; the preset gives the others.",
    )
    document.components.schemas = {
        **(document.components.schemas or {}),
        "RuleOverrides": overrides,
    }
    reference = Reference(ref="#/components/schemas/RuleOverrides")
    for struct, names in _OVERRIDE_FIELDS.items():
        properties = schemas[struct].properties if struct in schemas else None
        for name in names:
            if properties and name in properties:
                current = properties[name]
                nullable = isinstance(current, Schema) and bool(current.one_of)
                properties[name] = (
                    Schema(one_of=[reference, Schema(type=OpenAPIType.NULL)])
                    if nullable
                    else reference
                )


def finish_document(document: OpenAPI) -> OpenAPI:
    """Add discriminators to tagged unions and close the objects that refuse unknown fields."""
    schemas = _schemas(document)
    _walk(document, schemas, set())
    _state_seat_counts(schemas)
    _type_rule_overrides(document, schemas)
    _bound_views(schemas)
    _add_links(document)
    closed = _closed_structs()
    for name, schema in schemas.items():
        # Litestar names a component after the struct, or prefixes it with its module.
        if closed.get(name, closed.get(name.rsplit("_", 1)[-1], False)):
            schema.additional_properties = False
    return document


def _closed_structs() -> dict[str, bool]:
    """Each struct name, and whether every struct of that name refuses unknown fields
    (`forbid_unknown_fields`): the document's `additionalProperties: false` comes
    from the structs themselves."""
    closed: dict[str, bool] = {}
    pending: list[type[msgspec.Struct]] = [msgspec.Struct]
    while pending:
        struct = pending.pop()
        pending.extend(struct.__subclasses__())
        if struct is msgspec.Struct:
            continue
        forbids = bool(struct.__struct_config__.forbid_unknown_fields)
        closed[struct.__name__] = closed.get(struct.__name__, True) and forbids
    return closed


_SEATS_LOW, _SEATS_HIGH = KNOB_RANGES["players"]
# A View's fields and what the server accepts for each (the bots' /bots/suggest
# reads one): a seat number, a count, a list with one entry a seat.
_VIEW_COUNTS = ("hand_number", "stock_count", "reuses", "melds_this_turn", "jokers_to_play")
_VIEW_PER_SEAT = ("hand_sizes", "opened")


def _bound_views(schemas: dict[str, Schema]) -> None:
    """The View's seat numbers, seat count and card counts in the ranges the server
    accepts (a view consistent in shape but impossible is still the 422 `invalid_view`)."""
    view = schemas.get("View")
    properties = view.properties if view is not None else None
    if not properties:
        return
    seat = Schema(type=OpenAPIType.INTEGER, minimum=0, maximum=_SEATS_HIGH - 1)
    properties["turn"] = seat
    properties["dealer"] = Schema(
        type=OpenAPIType.INTEGER,
        minimum=-1,
        maximum=_SEATS_HIGH - 1,
        description="The hand's dealer; -1 before the first deal (phase `deal`).",
    )
    properties["seat"] = Schema(one_of=[seat, Schema(type=OpenAPIType.NULL)])
    properties["seats"] = Schema(type=OpenAPIType.INTEGER, minimum=_SEATS_LOW, maximum=_SEATS_HIGH)
    for name in _VIEW_COUNTS:
        properties[name] = Schema(type=OpenAPIType.INTEGER, minimum=0)
    for name in _VIEW_PER_SEAT:
        listed = properties.get(name)
        if isinstance(listed, Schema):
            listed.min_items, listed.max_items = _SEATS_LOW, _SEATS_HIGH
            if name == "hand_sizes":
                listed.items = Schema(type=OpenAPIType.INTEGER, minimum=0)


# How one answer's ids feed the next requests (OpenAPI links: what schemathesis'
# stateful phase follows). A created game's first token is seat 0's.
_GAME_ID = {"path.game_id": "$response.body#/game_id"}
_SEAT_ZERO = {**_GAME_ID, "header.Authorization": "Bearer {$response.body#/tokens/0}"}
_FROM_A_NEW_GAME: dict[str, tuple[str, dict[str, str]]] = {
    "summary": ("GamesGameIdGameSummary", _GAME_ID),
    "events": ("GamesGameIdEventsListEvents", _GAME_ID),
    "log": ("GamesGameIdLogGameLog", _GAME_ID),
    "fork": ("GamesGameIdForkForkGame", _GAME_ID),
    "state": (
        "GamesGameIdStatesVersionStateAt",
        {**_SEAT_ZERO, "path.version": "$response.body#/version"},
    ),
    "view": ("GamesGameIdViewSeatView", _SEAT_ZERO),
    "command": ("GamesGameIdCommandsPostCommand", _SEAT_ZERO),
    "start": ("GamesGameIdStartStartTable", _SEAT_ZERO),
    "resign": ("GamesGameIdResignResignSeat", _SEAT_ZERO),
    "rematch": ("GamesGameIdRematchRematchGame", _SEAT_ZERO),
    "bot": ("GamesGameIdSeatsBotHandSeatToBot", {**_SEAT_ZERO, "path.seat": "0"}),
    "take_back": ("GamesGameIdSeatsBotTakeSeatBack", {**_SEAT_ZERO, "path.seat": "0"}),
    "claim": ("GamesGameIdSeatsClaimSeat", {**_GAME_ID, "path.seat": "1"}),
}
_PLAYER = {"header.Authorization": "Bearer {$response.body#/token}"}
_LINKS: dict[tuple[str, str, str], dict[str, tuple[str, dict[str, str]]]] = {
    ("/games", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/import", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/{game_id}/fork", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/{game_id}/rematch", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/{game_id}/view", "get", "200"): {
        "suggest": ("BotsSuggestSuggest", {}),
    },
    ("/games/{game_id}/log", "get", "200"): {
        "import": ("GamesImportImportGame", {}),
    },
    ("/players", "post", "201"): {
        "me": ("PlayersMeGetMe", _PLAYER),
        "rename": ("PlayersMeRenameMe", _PLAYER),
        "games": ("PlayersMeGamesMyGames", _PLAYER),
    },
}
# Links that carry a body: the served view to the bots, the served log back in.
_LINK_BODIES = {
    "suggest": {"view": "$response.body"},
    "import": "$response.body",
}


def _add_links(document: OpenAPI) -> None:
    """The links between operations: a new game's id and seat 0's token to the game's
    routes, a player's token to /players/me, a view to the bots, a log to the import."""
    for (path, method, status), links in _LINKS.items():
        item = (document.paths or {}).get(path)
        operation = getattr(item, method, None) if item is not None else None
        response = (operation.responses or {}).get(status) if operation is not None else None
        if response is None or isinstance(response, Reference):
            continue
        response.links = {
            name: Link(
                operation_id=target,
                parameters=dict(parameters) or None,
                request_body=_LINK_BODIES.get(name),
            )
            for name, (target, parameters) in links.items()
        }


def openapi_document(app: Litestar) -> dict[str, Any]:
    """The document as served at /schema/openapi.json, as plain JSON data."""
    document: dict[str, Any] = msgspec.json.decode(
        msgspec.json.encode(app.openapi_schema.to_schema())
    )
    return document
