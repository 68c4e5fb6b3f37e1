"""The live channels' AsyncAPI document (api-spec/asyncapi.json): no drift from the code,
valid to the reference parser, and every message a real session carries matches it."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.sync.client
from http_table import auth, finish
from httpx_sse import connect_sse
from jsonschema import Draft202012Validator
from live_server import serving
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.cli.openapi_spec import asyncapi_text
from service.http.app import create_app
from service.store import InMemoryEventStore

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "api-spec" / "asyncapi.json"
WEB_TOOLS = ROOT / "service" / "http" / "typecheck"


def test_the_committed_document_is_what_the_code_describes() -> None:
    # On failure: `make spec` (rummy asyncapi --write api-spec/asyncapi.json).
    assert DOCUMENT.read_text() == asyncapi_text()


def test_the_reference_parser_finds_no_error_in_it() -> None:
    checked = subprocess.run(
        ["node", "validate-asyncapi.mjs", str(DOCUMENT)],
        cwd=WEB_TOOLS,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    summary = json.loads(checked.stdout.splitlines()[-1])
    assert summary == {
        "parsed": True,
        "errors": 0,
        "channels": ["/games/{game_id}/live", "/games/{game_id}/events/stream"],
    }


def _validator(message: str) -> Draft202012Validator:
    """The documented payload of a message (components/messages/<message>)."""
    document = json.loads(DOCUMENT.read_text())
    registry: Registry[Any] = Registry().with_resource(
        "urn:asyncapi", Resource.from_contents(document, default_specification=DRAFT202012)
    )
    payload = document["components"]["messages"][message]["payload"]
    reference = payload["$ref"].replace("#", "urn:asyncapi#", 1)
    return Draft202012Validator({"$ref": reference}, registry=registry)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with serving(create_app(InMemoryEventStore())) as url:
        yield url


def _finished_game(base: str) -> tuple[str, dict[str, str]]:
    body = {"seats": [{"kind": "human"}] * 2, "seed": 3, "rules": {"game_end": "hands:1"}}
    with httpx.Client(base_url=base, timeout=30) as http:
        created = http.post("/games", json=body).json()
        finish(http, created, seed=3)
    return created["game_id"], created["tokens"]


def test_every_websocket_message_matches_its_documented_payload(base: str) -> None:
    game_id, tokens = _finished_game(base)
    documented = {kind: _validator(kind.capitalize()) for kind in ("event", "end", "error")}
    hello = _validator("Hello")
    url = "ws" + base.removeprefix("http") + f"/games/{game_id}/live"
    seen: list[str] = []
    for first in ({"token": tokens["0"], "after": 0}, {"ticket": "no-such-ticket"}):
        hello.validate(first)
        with websockets.sync.client.connect(url, open_timeout=10) as socket:
            socket.send(json.dumps(first))
            while True:
                message = json.loads(socket.recv(timeout=30))
                documented[message["type"]].validate(message)
                seen.append(message["type"])
                if message["type"] != "event":
                    break
    assert seen[0] == "event" and seen[-2:] == ["end", "error"]


def test_every_stream_message_matches_its_documented_payload(base: str) -> None:
    game_id, tokens = _finished_game(base)
    event, end = _validator("StreamEvent"), _validator("StreamEnd")
    with (
        httpx.Client(base_url=base, timeout=30) as http,
        connect_sse(
            http, "GET", f"/games/{game_id}/events/stream", headers=auth(tokens["1"])
        ) as source,
    ):
        names = []
        for message in source.iter_sse():
            (end if message.event == "end" else event).validate(message.json())
            names.append(message.event)
    assert names[-1] == "end" and set(names[:-1]) == {"message"}
