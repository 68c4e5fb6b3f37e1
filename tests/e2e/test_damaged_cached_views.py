"""A seat's cached view is a projection: bytes written there by hand (torn, not a
view, another seat's view) are built again from the game's record, never served as
they are: the seat gets its own view, with no 500 and no other seat's hand."""

from __future__ import annotations

import anyio
import pytest
from http_table import auth
from litestar.testing import TestClient

from service.app.projections import viewer_key
from service.http.app import create_app
from service.store import InMemoryEventStore


@pytest.mark.parametrize("damage", ["torn", "not_a_view", "other_seat"])
def test_a_damaged_cached_view_is_built_again(store: InMemoryEventStore, damage: str) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    with TestClient(create_app(store)) as client:
        created = client.post("/games", json={"seats": seats}).json()
        game_id, token, other = created["game_id"], created["tokens"]["0"], created["tokens"]["1"]
        drawn = client.post(
            f"/games/{game_id}/commands",
            json={"type": "draw", "source": "stock"},
            headers=auth(token),
        )
        own = drawn.json()["view"]
        other_view = client.get(f"/games/{game_id}/view", headers=auth(other))
    version = drawn.json()["version"]
    written = {
        "torn": b'{"seat":0,"hand":["AS"',
        "not_a_view": b"\xff\xfe",
        "other_seat": other_view.content,
    }[damage]
    anyio.run(store.put_view, game_id, viewer_key(0), version, written)
    # A process that never read the game (one that did holds its record).
    with TestClient(create_app(store)) as client:
        served = client.get(f"/games/{game_id}/view", headers=auth(token))
    assert served.status_code == 200, served.text
    assert served.json()["seat"] == 0
    assert served.json()["hand"] == own["hand"]
