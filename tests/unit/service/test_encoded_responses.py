"""A body encoded already is sent as Litestar's own Response sends it: the same messages."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar, Response, get, post
from litestar.enums import MediaType
from litestar.types import Message

from service.http.encoded import encoded_json

pytestmark = pytest.mark.anyio

BODY = b'{"version":3,"view":{"seat":0},"events":[]}'


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@get("/litestar")
async def litestar_get() -> Response[Any]:
    return Response(BODY, media_type=MediaType.JSON)


@get("/encoded")
async def encoded_get() -> Response[Any]:
    return encoded_json(BODY)


@post("/litestar", status_code=200)
async def litestar_post() -> Response[Any]:
    return Response(BODY, media_type=MediaType.JSON)


@post("/encoded", status_code=200)
async def encoded_post() -> Response[Any]:
    return encoded_json(BODY)


@post("/litestar/created", response_headers={"X-Layer": "1"})
async def litestar_created() -> Response[Any]:
    return Response(BODY, media_type=MediaType.JSON)


@post("/encoded/created", response_headers={"X-Layer": "1"})
async def encoded_created() -> Response[Any]:
    return encoded_json(BODY)


APP = Litestar(
    [litestar_get, encoded_get, litestar_post, encoded_post, litestar_created, encoded_created]
)


async def _messages(method: str, path: str) -> list[Message]:
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    scope: Any = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"test")],
        "client": ("127.0.0.1", 1),
        "server": ("test", 80),
        "state": {},
    }
    await APP(scope, receive, send)
    return sent


@pytest.mark.parametrize(("method", "path"), [("GET", ""), ("POST", ""), ("POST", "/created")])
async def test_an_encoded_body_is_sent_as_litestar_sends_it(method: str, path: str) -> None:
    theirs = await _messages(method, f"/litestar{path}")
    ours = await _messages(method, f"/encoded{path}")
    assert ours == theirs
    assert theirs[0]["status"] in (200, 201) and theirs[-1]["body"] == BODY


def test_an_encoded_response_holds_what_litestar_sets_for_a_body() -> None:
    def held(response: Response[Any]) -> dict[str, Any]:
        return {name: getattr(response, name) for name in Response.__slots__}

    assert held(encoded_json(BODY)) == held(Response(BODY, media_type=MediaType.JSON))
