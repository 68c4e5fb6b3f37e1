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
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Reference,
    Schema,
    SecurityScheme,
    Tag,
)

from domain.rules import KNOB_RANGES, PRESETS
from service.app.errors import STATUS_BY_CODE
from service.http.openapi_security import state_optional_tokens

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


# Each operation's id (a verb, as generated clients name their functions) and its tag.
OPERATIONS: dict[tuple[str, str], tuple[str, str]] = {
    ("post", "/games"): ("createGame", "games"),
    ("get", "/games"): ("listGames", "games"),
    ("get", "/games/{game_id}"): ("getGame", "games"),
    ("post", "/games/{game_id}/seats/{seat}"): ("claimSeat", "seats"),
    ("get", "/games/{game_id}/view"): ("getSeatView", "seats"),
    ("post", "/games/{game_id}/commands"): ("postCommand", "seats"),
    ("post", "/games/{game_id}/tickets"): ("createTicket", "events"),
    ("get", "/games/{game_id}/events"): ("listEvents", "events"),
    ("get", "/games/{game_id}/events/stream"): ("streamEvents", "events"),
    ("get", "/games/{game_id}/states/{version}"): ("getStateAt", "logs"),
    ("get", "/games/{game_id}/log"): ("exportLog", "logs"),
    ("post", "/games/import"): ("importLog", "logs"),
    ("post", "/games/{game_id}/fork"): ("forkGame", "logs"),
    ("post", "/games/{game_id}/seats/{seat}/bot"): ("handSeatToBot", "bots"),
    ("delete", "/games/{game_id}/seats/{seat}/bot"): ("takeSeatBack", "bots"),
    ("post", "/bots/suggest"): ("suggestCommand", "bots"),
    ("get", "/rulesets"): ("listRulesets", "meta"),
    ("get", "/health"): ("getHealth", "meta"),
    ("get", "/metrics"): ("getMetrics", "meta"),
    ("post", "/games/{game_id}/start"): ("startTable", "tables"),
    ("delete", "/games/{game_id}/seats/{seat}"): ("leaveSeat", "tables"),
    ("post", "/games/{game_id}/resign"): ("resignSeat", "tables"),
    ("post", "/games/{game_id}/rematch"): ("rematchGame", "tables"),
    ("post", "/players"): ("createPlayer", "players"),
    ("get", "/players/me"): ("getMe", "players"),
    ("patch", "/players/me"): ("renameMe", "players"),
    ("get", "/players/me/games"): ("listMyGames", "players"),
    ("get", "/leaderboards/{ladder}"): ("getLeaderboard", "league"),
    ("get", "/players/{player_id}/profile"): ("getPlayerProfile", "league"),
    ("get", "/games/{game_id}/ratings"): ("getGameRatings", "league"),
}

TAGS = {
    "games": "Create games, list the lobby, read a game's public summary.",
    "seats": "Claim a seat, read its view, post its commands (a seat token).",
    "events": "Follow a game: long poll, server-sent events, tickets (and the WebSocket "
    "at /games/{game_id}/live, described above).",
    "logs": "Whole logs: export, import, fork, the state at any version.",
    "bots": "Hand a seat to a bot and take it back; ask a bot for a move.",
    "meta": "Rule presets, health, metrics.",
    "players": "Players: create one (or a guest), read and rename yourself, list your games.",
    "tables": "A table's lifecycle: start a waiting table, leave it, resign, a rematch.",
    "league": "Ratings per ladder, players' profiles, a finished game's rating changes.",
}

# Enums named once, so a generator makes one type of each (not one per place it occurs).
NAMED_ENUMS: dict[str, tuple[str, ...]] = {"RunEnd": ("low", "high")}


def _name_operations(document: OpenAPI) -> None:
    for path, item in (document.paths or {}).items():
        for method in ("get", "post", "put", "delete", "patch"):
            operation = getattr(item, method, None)
            if operation is None:
                continue
            operation_id, tag = OPERATIONS[(method, path)]
            operation.operation_id = operation_id
            operation.tags = [tag]
    document.tags = [Tag(name=name, description=text) for name, text in TAGS.items()]


def _hoist_enums(schemas: dict[str, Schema]) -> None:
    by_values = {frozenset(values): name for name, values in NAMED_ENUMS.items()}
    for name, named in NAMED_ENUMS.items():
        schemas[name] = Schema(type=OpenAPIType.STRING, enum=list(named), title=name)
    reference = {name: Reference(ref=f"#/components/schemas/{name}") for name in NAMED_ENUMS}
    for schema in list(schemas.values()):
        for field, property_schema in (schema.properties or {}).items():
            if not isinstance(property_schema, Schema) or not property_schema.enum:
                continue
            values = frozenset(value for value in property_schema.enum if value is not None)
            enum_name = by_values.get(values)
            if enum_name is None or enum_name == schema.title:
                continue
            nullable = None in property_schema.enum
            assert schema.properties is not None
            schema.properties[field] = (
                Schema(one_of=[reference[enum_name], Schema(type=OpenAPIType.NULL)])
                if nullable
                else reference[enum_name]
            )


_FACTS = (
    ("path", OpenAPIType.STRING, "The place in the body (`$.seats[0].kind`)."),
    ("knob", OpenAPIType.STRING, "The ruleset knob refused."),
    ("card", OpenAPIType.STRING, "The card refused."),
    ("seat", OpenAPIType.INTEGER, "The seat involved."),
    ("meld_id", OpenAPIType.INTEGER, "The meld involved."),
    ("version", OpenAPIType.INTEGER, "The version involved (a log's first bad event)."),
    ("current_version", OpenAPIType.INTEGER, "The game's version now."),
    ("limit_bytes", OpenAPIType.INTEGER, "The size limit passed."),
)


def _type_problems(schemas: dict[str, Schema]) -> None:
    """`Problem.code` as the enum of every stable code; `facts` with its common fields."""
    codes = sorted({*STATUS_BY_CODE, "http_error"})
    schemas["ProblemCode"] = Schema(
        type=OpenAPIType.STRING,
        enum=codes,
        title="ProblemCode",
        description="The stable reason of a problem; see the README's error table.",
    )
    problem = schemas["Problem"]
    assert problem.properties is not None
    problem.properties["code"] = Reference(ref="#/components/schemas/ProblemCode")
    facts = Schema(
        type=OpenAPIType.OBJECT,
        description="What the refusal is about; which fields depend on the code.",
        # Nullable: a fact may be known to be absent (`"knob": null`).
        properties={
            name: Schema(type=[kind, OpenAPIType.NULL], description=text)
            for name, kind, text in _FACTS
        },
        additional_properties=True,
    )
    problem.properties["facts"] = Schema(one_of=[facts, Schema(type=OpenAPIType.NULL)])


def _log_alternatives(document: OpenAPI) -> None:
    """The log's JSON-lines form beside its JSON one (Litestar states one media type)."""
    item = (document.paths or {}).get("/games/{game_id}/log")
    operation = item.get if item is not None else None
    if operation is None or operation.responses is None:
        return
    ok = operation.responses["200"]
    assert isinstance(ok, OpenAPIResponse) and ok.content is not None
    ok.content["application/x-ndjson"] = OpenAPIMediaType(
        schema=Schema(type=OpenAPIType.STRING, description="The log as JSON lines.")
    )


def finish_document(document: OpenAPI) -> OpenAPI:
    """Add discriminators to tagged unions and close the objects that refuse unknown fields;
    name operations, tags and shared enums; type problems and rule overrides."""
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
    preset = (schemas["CreateGame"].properties or {}).get("preset")
    if isinstance(preset, Schema):
        preset.enum = sorted(PRESETS)
    _name_operations(document)
    _hoist_enums(schemas)
    _type_problems(schemas)
    _log_alternatives(document)
    state_optional_tokens(document)
    if document.components is not None:
        # `schemas` is a copy: what was added to the document itself (RuleOverrides) stays.
        merged = {**(document.components.schemas or {}), **schemas}
        document.components.schemas = dict(sorted(merged.items()))
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
    "summary": ("getGame", _GAME_ID),
    "events": ("listEvents", _GAME_ID),
    "log": ("exportLog", _GAME_ID),
    "fork": ("forkGame", _GAME_ID),
    "state": (
        "getStateAt",
        {**_SEAT_ZERO, "path.version": "$response.body#/version"},
    ),
    "view": ("getSeatView", _SEAT_ZERO),
    "command": ("postCommand", _SEAT_ZERO),
    "start": ("startTable", _SEAT_ZERO),
    "resign": ("resignSeat", _SEAT_ZERO),
    "rematch": ("rematchGame", _SEAT_ZERO),
    "bot": ("handSeatToBot", {**_SEAT_ZERO, "path.seat": "0"}),
    "take_back": ("takeSeatBack", {**_SEAT_ZERO, "path.seat": "0"}),
    "claim": ("claimSeat", {**_GAME_ID, "path.seat": "1"}),
}
_PLAYER = {"header.Authorization": "Bearer {$response.body#/token}"}
_LINKS: dict[tuple[str, str, str], dict[str, tuple[str, dict[str, str]]]] = {
    ("/games", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/import", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/{game_id}/fork", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/{game_id}/rematch", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/{game_id}/view", "get", "200"): {
        "suggest": ("suggestCommand", {}),
    },
    ("/games/{game_id}/log", "get", "200"): {
        "import": ("importLog", {}),
    },
    ("/players", "post", "201"): {
        "me": ("getMe", _PLAYER),
        "rename": ("renameMe", _PLAYER),
        "games": ("listMyGames", _PLAYER),
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
