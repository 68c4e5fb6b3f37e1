"""The AsyncAPI 3 document of the live channels (the WebSocket and the event stream),
built from the very types they send and receive, as api-spec/asyncapi.json commits it.

The long poll is an HTTP operation and lives in the OpenAPI document; this one says
what the two pushing channels carry: the first message, every server message, and
how a connection ends (close codes, the 204 after the end).
"""

from __future__ import annotations

from typing import Any

import msgspec

from service.app.errors import STATUS_BY_CODE
from service.http.app import API_VERSION
from service.http.routes_events import (
    CLOSE_SERVICE_RESTART,
    FIRST_MESSAGE_S,
    IDLE_S,
    LiveEnd,
    LiveError,
    LiveEvent,
    LiveHello,
    StreamEnd,
)
from service.runtime.settings import Settings

__all__ = ["asyncapi_document"]

_SCHEMAS = "#/components/schemas/{name}"


def _ref(kind: str, name: str) -> dict[str, str]:
    return {"$ref": f"#/components/{kind}/{name}"}


def _close_codes() -> dict[str, str]:
    """Every code a WebSocket of /live closes with, and what the client does next."""
    # Every service code's status, and 422 for the rules' refusals.
    refusals = sorted({status for status in STATUS_BY_CODE.values() if status >= 400} | {422})
    codes = {
        "1000": "the game is over and every event was sent (after `end`): done",
        str(CLOSE_SERVICE_RESTART): "the server is restarting: reconnect with `after` the last "
        "version seen (a fresh ticket if you used one)",
        "1009": f"a message was larger than {Settings().max_body_bytes // 1024} KiB (a "
        "body's limit): the server read no further",
    }
    for status in refusals:
        example = _REFUSAL_EXAMPLES.get(status)
        codes[str(4000 + status)] = (
            f"refused with HTTP status {status}; the `error` message before it holds the "
            "problem" + (f" (e.g. {example})" if example else "")
        )
    return codes


# What each refusal a client meets on /live most often means (the problem says which).
_REFUSAL_EXAMPLES = {
    400: "an `after` or a first message out of its schema, or a first message with "
    "both a token and a ticket (`ambiguous_credentials`)",
    401: "a missing or unknown token, or a used or expired ticket: ask for a new one",
    403: "a token or ticket of another game, or a seat token whose seat was given back",
    404: "no such game, or a private table the caller may not see: also midway, once "
    "a credential opened without the table's code holds no seat there any more",
    409: "`after_beyond_log`: resume after `facts.version`",
    500: "an unexpected error, logged: reconnect",
    503: "the store is unavailable: reconnect later",
}


def asyncapi_document() -> dict[str, Any]:
    """The document, at the API's version (the OpenAPI document's)."""
    _, components = msgspec.json.schema_components(
        (LiveHello, LiveEvent, LiveEnd, LiveError, StreamEnd), ref_template=_SCHEMAS
    )
    components = _asyncapi_schemas(components)
    after = {"type": "integer", "minimum": 0, "maximum": 2**31}
    query = {
        "type": "object",
        "properties": {
            "after": after | {"description": "Serve the events after this version."},
            "ticket": {
                "type": "string",
                "maxLength": 128,
                "description": "A ticket from POST /games/{game_id}/tickets (single use, "
                "60 s): the caller's token (a seat's or a player's), for clients that "
                "cannot send a header.",
            },
            "invite": {
                "type": "string",
                "description": "A private table's invite code: watch it as a spectator.",
            },
        },
    }
    messages: dict[str, Any] = {
        "Hello": {
            "name": "hello",
            "title": "Who is watching",
            "summary": f"The client's first message when the URL has no ticket (within "
            f"{FIRST_MESSAGE_S:g} s): a seat's or a player's token, a ticket, or nothing "
            "for a spectator (as is a player with no seat here); `after` wins over the "
            "query's.",
            "contentType": "application/json",
            "payload": _ref("schemas", "LiveHello"),
        },
        "Event": {
            "name": "event",
            "title": "One event",
            "summary": "An event envelope as the caller may see it (an opponent's cards "
            "redacted), in version order, each once. Resume after the last `version`. "
            "Event types may be added: a client passes over one it does not know.",
            "contentType": "application/json",
            "payload": _ref("schemas", "LiveEvent"),
        },
        "End": {
            "name": "end",
            "title": "The game is over",
            "summary": "After the game's last event; the server then closes with 1000.",
            "contentType": "application/json",
            "payload": _ref("schemas", "LiveEnd"),
        },
        "Error": {
            "name": "error",
            "title": "Refused",
            "summary": "A problem (RFC 9457, with its stable `code`); the server then closes "
            "with 4000 + its HTTP status.",
            "contentType": "application/json",
            "payload": _ref("schemas", "LiveError"),
        },
        "StreamEvent": {
            "name": "stream-event",
            "title": "One event (server-sent events)",
            "summary": "An unnamed message: `id:` the event's version (EventSource's "
            "Last-Event-ID on a reconnect), `data:` the envelope as the caller may see it.",
            "contentType": "application/json",
            "payload": {"$ref": "#/components/schemas/LiveEvent/properties/envelope"},
        },
        "StreamEnd": {
            "name": "end",
            "title": "The game is over (server-sent events)",
            "summary": "The message named `end` (`event: end`), after the last event; the "
            "stream then closes, and a reconnect at the last version is answered 204 No "
            "Content, which stops EventSource.",
            "contentType": "application/json",
            "payload": _ref("schemas", "StreamEnd"),
        },
        "KeepAlive": {
            "name": "keep-alive",
            "title": "Still here",
            "summary": f"The comment line `: keep-alive` every {IDLE_S:g} s without news "
            "(no `data:` line: EventSource delivers nothing).",
            "payload": {"type": "null"},
        },
    }
    game_id = {"description": "The game's id (32 lowercase hexadecimal characters)."}
    channels = {
        "live": {
            "address": "/games/{game_id}/live",
            "title": "The WebSocket",
            "description": "Every message is a JSON text frame with a `type`. Close codes: "
            + "; ".join(f"{code}: {meaning}" for code, meaning in _close_codes().items())
            + ".",
            "servers": [_ref_server("websocket")],
            "parameters": {"game_id": game_id},
            "messages": {
                "hello": _ref("messages", "Hello"),
                "event": _ref("messages", "Event"),
                "end": _ref("messages", "End"),
                "error": _ref("messages", "Error"),
            },
            "bindings": {"ws": {"method": "GET", "query": query, "bindingVersion": "0.1.0"}},
            "x-close-codes": _close_codes(),
        },
        "stream": {
            "address": "/games/{game_id}/events/stream",
            "title": "Server-sent events",
            "description": "`text/event-stream`, with `Authorization: Bearer` or `?ticket=` "
            "(and `?invite=`, a private table's code, for a spectator there); `Last-Event-ID` "
            "(an empty one is none) wins over `after`. Refusals are HTTP problems before "
            "the stream starts (see "
            "the OpenAPI document's `streamEvents`). A stream that closes without `end` "
            "(the server restarting, or a private table's credential, opened without its "
            "code, whose seat was given back) is resumed by reconnecting with "
            "`Last-Event-ID`: the reconnection is answered the refusal, if any. A HEAD "
            "answers a GET's headers at once and spends no ticket.",
            "servers": [_ref_server("http")],
            "parameters": {"game_id": game_id},
            "messages": {
                "event": _ref("messages", "StreamEvent"),
                "end": _ref("messages", "StreamEnd"),
                "keepAlive": _ref("messages", "KeepAlive"),
            },
        },
    }
    operations = {
        "receiveHello": {
            "action": "receive",
            "channel": {"$ref": "#/channels/live"},
            "summary": "The server reads who is watching.",
            "messages": [{"$ref": "#/channels/live/messages/hello"}],
        },
        "sendLive": {
            "action": "send",
            "channel": {"$ref": "#/channels/live"},
            "summary": "The server pushes the events, then `end`, or an `error`.",
            "messages": [
                {"$ref": "#/channels/live/messages/event"},
                {"$ref": "#/channels/live/messages/end"},
                {"$ref": "#/channels/live/messages/error"},
            ],
        },
        "sendStream": {
            "action": "send",
            "channel": {"$ref": "#/channels/stream"},
            "summary": "The server pushes the events, keep-alives, then `end`.",
            "messages": [
                {"$ref": "#/channels/stream/messages/event"},
                {"$ref": "#/channels/stream/messages/end"},
                {"$ref": "#/channels/stream/messages/keepAlive"},
            ],
        },
    }
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Rummy backend: live channels",
            "version": API_VERSION,
            "description": "How a game is followed as it is played: the WebSocket "
            "`/games/{game_id}/live` and the server-sent events `/games/{game_id}/events/"
            "stream`. Both serve the events after a version as the caller may see them, "
            "resume after the last version seen with no gap or repeat, and end with the "
            "game. The HTTP half of the contract is api-spec/openapi.json.",
        },
        "servers": {
            "websocket": {"host": "127.0.0.1:8000", "protocol": "ws"},
            "http": {"host": "127.0.0.1:8000", "protocol": "http"},
        },
        "channels": channels,
        "operations": operations,
        "components": {"messages": messages, "schemas": components},
    }


def _asyncapi_schemas(schema: Any) -> Any:
    """msgspec writes OpenAPI's discriminator object; AsyncAPI's schemas name the
    discriminating property alone."""
    if isinstance(schema, dict):
        return {
            key: value["propertyName"]
            if key == "discriminator" and isinstance(value, dict)
            else _asyncapi_schemas(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_asyncapi_schemas(value) for value in schema]
    return schema


def _ref_server(name: str) -> dict[str, str]:
    return {"$ref": f"#/servers/{name}"}
