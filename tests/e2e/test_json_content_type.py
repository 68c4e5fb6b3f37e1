"""A JSON body declared as something else (text/plain, a form) is refused with a 415
`unsupported_media_type` and writes nothing; JSON, a `+json` type, or no type at all
(clients that send none) is read as before."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest
from http_players import problem
from http_table import auth, create, finish
from litestar import Litestar
from litestar.testing import TestClient

GAME = json.dumps({"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4}).encode()


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "text/json"],
)
def test_a_new_game_declared_as_another_type_is_refused(
    client: TestClient[Litestar], content_type: str
) -> None:
    answer = client.post("/games", content=GAME, headers={"content-type": content_type})
    refused = problem(answer, 415, "unsupported_media_type")
    assert refused["facts"] == {"content_type": content_type.split(";")[0]}
    assert client.get("/games").json()["games"] == []


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"content-type": "application/json"},
        {"content-type": "Application/JSON; charset=utf-8"},
        {"content-type": "application/vnd.rummy+json"},
    ],
)
def test_a_new_game_as_json_or_untyped_is_read(
    client: TestClient[Litestar], headers: dict[str, str]
) -> None:
    assert client.post("/games", content=GAME, headers=headers).status_code == 201


def test_a_command_declared_as_text_is_refused_and_plays_nothing(
    client: TestClient[Litestar],
) -> None:
    game: dict[str, Any] = create(client, seed=4)
    game_id, version = game["game_id"], game["version"]
    view = client.get(f"/games/{game_id}/view", headers=auth(game["tokens"]["0"])).json()
    token = game["tokens"][str(view["turn"])]
    turn_view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
    body = json.dumps(turn_view["legal_commands"][0]).encode()
    text = {"content-type": "text/plain"} | auth(token)
    for path in (f"/games/{game_id}/commands", f"/games/{game_id}/commands/check"):
        answer = client.post(path, content=body, headers=text)
        problem(answer, 415, "unsupported_media_type")
    assert client.get(f"/games/{game_id}").json()["version"] == version


@pytest.fixture
def log(client: TestClient[Litestar]) -> bytes:
    game: dict[str, Any] = create(client, rules={"game_end": "hands:1"})
    finish(client, game, 3)
    served = client.get(f"/games/{game['game_id']}/log")
    assert served.status_code == 200, served.text
    return served.content


@pytest.mark.parametrize(
    "content_type",
    ["application/x-www-form-urlencoded", "multipart/form-data", "application/octet-stream"],
)
def test_a_log_declared_as_another_type_is_refused(
    client: TestClient[Litestar], log: bytes, content_type: str
) -> None:
    # The import read any body as JSON lines whatever it was declared as: a form (what
    # `curl --data-binary` sends by default, and a page on another origin unasked).
    answer = client.post("/games/import", content=log, headers={"content-type": content_type})
    assert problem(answer, 415, "unsupported_media_type")["facts"] == {"content_type": content_type}
    assert _imported(client) == []


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"content-type": "application/x-ndjson"},
        {"content-type": "text/plain"},
        {"content-type": "Text/Plain; charset=utf-8"},
    ],
)
def test_a_log_as_json_lines_text_or_untyped_is_imported(
    client: TestClient[Litestar], log: bytes, headers: dict[str, str]
) -> None:
    answer = client.post("/games/import", content=log, headers=headers)
    assert answer.status_code == 201, answer.text
    assert _imported(client) == [answer.json()["game_id"]]


def _imported(client: TestClient[Litestar]) -> list[str]:
    lobby = client.get("/games", params={"status": "finished", "preset": "imported"})
    return [game["game_id"] for game in lobby.json()["games"]]


@pytest.mark.parametrize("coding", ["gzip", "deflate", "br", "gzip, identity"])
def test_a_body_in_a_content_coding_is_refused_as_one(
    client: TestClient[Litestar], log: bytes, coding: str
) -> None:
    # The service reads bodies as sent: a gzipped game or log (what a client compressing
    # large uploads sends) was read as JSON and refused as `malformed_json` or
    # `malformed_log`, as if the client had written it wrong (RFC 9110, 8.4: a 415,
    # whose Accept-Encoding says the codings taken).
    sent = gzip.compress(GAME) if coding.startswith("gzip") else GAME
    answer = client.post(
        "/games",
        content=sent,
        headers={"content-type": "application/json", "content-encoding": coding},
    )
    assert problem(answer, 415, "unsupported_media_type")["facts"] == {
        "content_type": "application/json"
    }
    assert answer.headers["accept-encoding"] == "identity"
    imported = client.post(
        "/games/import",
        content=gzip.compress(log),
        headers={"content-type": "application/x-ndjson", "content-encoding": coding},
    )
    problem(imported, 415, "unsupported_media_type")
    assert client.get("/games").json()["games"] == [] and _imported(client) == []


@pytest.mark.parametrize("coding", ["identity", "Identity", ""])
def test_a_body_in_no_coding_is_read(client: TestClient[Litestar], coding: str) -> None:
    headers = {"content-type": "application/json", "content-encoding": coding}
    assert client.post("/games", content=GAME, headers=headers).status_code == 201
