"""The committed document bounds what the server refuses: a body outside it is refused,
and what the server serves (a waiting table's view) is inside it and read back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from litestar.testing import TestClient

from service.http.app import create_app
from service.store import InMemoryEventStore

DOCUMENT = json.loads(
    (Path(__file__).resolve().parents[2] / "api-spec" / "openapi.json").read_text()
)


def _validator(component: str) -> jsonschema.Draft202012Validator:
    schema = {"$ref": f"#/components/schemas/{component}", "components": DOCUMENT["components"]}
    return jsonschema.Draft202012Validator(schema)


def _waiting_view(client: TestClient[Any]) -> dict[str, Any]:
    """Seat 0's view of a table still waiting for its second player (nobody dealt yet)."""
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]
    created = client.post("/games", json={"seats": seats}).json()
    assert created["status"] == "waiting"
    token = created["tokens"]["0"]
    view: dict[str, Any] = client.get(
        f"/games/{created['game_id']}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return view


def test_a_waiting_tables_view_is_in_the_schema_and_the_bots_read_it() -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        view = _waiting_view(client)
        assert view["phase"] == "deal" and view["dealer"] == -1
        _validator("View").validate(view)
        answer = client.post("/bots/suggest", json={"view": view})
    assert answer.status_code == 200, answer.text
    assert answer.json()["command"] is None


@pytest.mark.parametrize(
    "change",
    [{"seats": 0}, {"seats": 7}, {"turn": 6}, {"stock_count": -1}, {"hand_sizes": [5]}],
)
def test_a_view_the_server_refuses_is_outside_the_schema(change: dict[str, Any]) -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        view = {**_waiting_view(client), **change}
        assert not _validator("View").is_valid(view)
        answer = client.post("/bots/suggest", json={"view": view})
    assert answer.status_code == 422 and answer.json()["code"] == "invalid_view"


def test_an_empty_import_is_outside_the_schema_and_refused() -> None:
    body = DOCUMENT["paths"]["/games/import"]["post"]["requestBody"]
    text = body["content"]["text/plain"]["schema"]
    assert not jsonschema.Draft202012Validator(text).is_valid("")
    with TestClient(create_app(InMemoryEventStore())) as client:
        answer = client.post("/games/import", content=b"", headers={"Content-Type": "text/plain"})
    assert answer.status_code == 422 and answer.json()["code"] == "malformed_log"


def test_a_created_game_links_its_id_and_seat_zeros_token_to_its_routes() -> None:
    # What the stateful phase follows: without these links it only guesses ids.
    links = DOCUMENT["paths"]["/games"]["post"]["responses"]["201"]["links"]
    view = links["view"]
    assert view["operationId"] == DOCUMENT["paths"]["/games/{game_id}/view"]["get"]["operationId"]
    assert view["parameters"] == {
        "path.game_id": "$response.body#/game_id",
        "header.Authorization": "Bearer {$response.body#/tokens/0}",
    }
    with TestClient(create_app(InMemoryEventStore())) as client:
        created = client.post("/games", json={"seats": [{"kind": "human"}] * 2}).json()
        token = created["tokens"]["0"]
        answer = client.get(
            f"/games/{created['game_id']}/view", headers={"Authorization": f"Bearer {token}"}
        )
    assert answer.status_code == 200 and answer.json()["seat"] == 0
