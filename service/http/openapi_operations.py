"""Operations as clients see them: ids and tags, the links between them, the log's
second media type, the rate limits' 429s."""

from __future__ import annotations

from litestar.openapi.spec import (
    Link,
    OpenAPI,
    OpenAPIFormat,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Reference,
    Schema,
    Tag,
)

from service.http.rate_limits import request_kind

__all__ = [
    "OPERATIONS",
    "TAGS",
    "add_links",
    "document_rate_limits",
    "log_alternatives",
    "name_operations",
]


# Each operation's id (a verb, as generated clients name their functions) and its tag.
OPERATIONS: dict[tuple[str, str], tuple[str, str]] = {
    ("post", "/games"): ("createGame", "games"),
    ("get", "/games"): ("listGames", "games"),
    ("get", "/games/{game_id}"): ("getGame", "games"),
    ("post", "/games/{game_id}/seats/{seat}"): ("claimSeat", "seats"),
    ("get", "/games/{game_id}/view"): ("getSeatView", "seats"),
    ("post", "/games/{game_id}/commands"): ("postCommand", "seats"),
    ("post", "/games/{game_id}/commands/check"): ("checkCommand", "seats"),
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


def name_operations(document: OpenAPI) -> None:
    for path, item in (document.paths or {}).items():
        for method in ("get", "post", "put", "delete", "patch"):
            operation = getattr(item, method, None)
            if operation is None:
                continue
            operation_id, tag = OPERATIONS[(method, path)]
            operation.operation_id = operation_id
            operation.tags = [tag]
    document.tags = [Tag(name=name, description=text) for name, text in TAGS.items()]


def log_alternatives(document: OpenAPI) -> None:
    """The log's JSON-lines forms beside its JSON one (Litestar states one media type).

    JSON lines are the default answer, so they come first: a generator that reads one
    media type per response (openapi-python-client) takes the first it knows, and
    parsing the lines as one JSON document fails ("Extra data"). None knows
    `application/x-ndjson` at its default options, so the same lines as `text/plain`
    (served for `Accept: text/plain`) follow: every generator reads that as text."""
    item = (document.paths or {}).get("/games/{game_id}/log")
    operation = item.get if item is not None else None
    if operation is None or operation.responses is None:
        return
    ok = operation.responses["200"]
    assert isinstance(ok, OpenAPIResponse) and ok.content is not None
    lines = Schema(
        type=OpenAPIType.STRING, format=OpenAPIFormat.BINARY, description="The log as JSON lines."
    )
    text = Schema(type=OpenAPIType.STRING, description="The log as JSON lines, as text.")
    ok.content = {
        "application/x-ndjson": OpenAPIMediaType(schema=lines),
        "text/plain": OpenAPIMediaType(schema=text),
        **ok.content,
    }


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
# A rematch answers with the caller's own seat and token (`Rematch`), not every
# seat's tokens: its links use those, and leave the other seats' claims out.
_REMATCHER = {**_GAME_ID, **_PLAYER}
_FROM_A_REMATCH: dict[str, tuple[str, dict[str, str]]] = {
    "summary": ("getGame", _GAME_ID),
    "events": ("listEvents", _GAME_ID),
    "log": ("exportLog", _GAME_ID),
    "fork": ("forkGame", _GAME_ID),
    "state": ("getStateAt", _REMATCHER),
    "view": ("getSeatView", _REMATCHER),
    "command": ("postCommand", _REMATCHER),
    "start": ("startTable", _REMATCHER),
    "resign": ("resignSeat", _REMATCHER),
    "rematch": ("rematchGame", _REMATCHER),
    "bot": ("handSeatToBot", {**_REMATCHER, "path.seat": "$response.body#/seat"}),
    "take_back": ("takeSeatBack", {**_REMATCHER, "path.seat": "$response.body#/seat"}),
}
_LINKS: dict[tuple[str, str, str], dict[str, tuple[str, dict[str, str]]]] = {
    ("/games", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/import", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/{game_id}/fork", "post", "201"): _FROM_A_NEW_GAME,
    ("/games/{game_id}/rematch", "post", "201"): _FROM_A_REMATCH,
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


def add_links(document: OpenAPI) -> None:
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


def document_rate_limits(document: OpenAPI) -> None:
    """A 429 on every operation a rate limit counts (service/http/rate_limits.py
    says which), as the creation routes declare it."""
    operations = [
        (path, method, operation)
        for path, item in (document.paths or {}).items()
        for method in ("get", "post", "put", "delete", "patch")
        if (operation := getattr(item, method, None)) is not None
    ]
    declared = next(
        operation.responses["429"]
        for _, _, operation in operations
        if operation.responses and "429" in operation.responses
    )
    for path, method, operation in operations:
        if request_kind(method.upper(), path) is not None and operation.responses is not None:
            operation.responses.setdefault("429", declared)
