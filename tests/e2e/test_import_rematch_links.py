"""A finished game's log imports elsewhere, and an imported game's log here again,
whatever rematch its players were offered.

A log's `rematch_offered` had to name a game that is, on the importing server,
the rematch of the game the header names. So the log of any game whose seats
asked for a rematch was refused (422 `invalid_log_field`, `event.game_id`) by
every other server, where its rematch is not; and the log of a game imported from
such a log was refused by its own server, its header naming the copy while the
rematch is the source's. A link to a table here that is no rematch of the log's
game is kept as history too, and leads nowhere (`test_import_claims.py`)."""

from __future__ import annotations

from typing import Any

import pytest
from http_table import auth, create, finish
from litestar.testing import TestClient

from service.http.app import create_app
from service.store import InMemoryEventStore

Client = TestClient[Any]
NDJSON = {"content-type": "application/x-ndjson"}


def _imported(client: Client, log: bytes) -> dict[str, Any]:
    answer = client.post("/games/import", content=log, headers=NDJSON)
    assert answer.status_code == 201, answer.text
    imported: dict[str, Any] = answer.json()
    return imported


@pytest.fixture
def source() -> Any:
    """A server with a finished game whose seat asked for a rematch: the client, the
    game's log and its rematch's id."""
    with TestClient(create_app(InMemoryEventStore())) as client:
        game = create(client, rules={"game_end": "hands:1"})
        finish(client, game, 2)
        asked = client.post(f"/games/{game['game_id']}/rematch", headers=auth(game["tokens"]["0"]))
        assert asked.status_code == 201, asked.text
        log = client.get(f"/games/{game['game_id']}/log").content
        yield client, log, asked.json()["game_id"]


def test_a_log_with_its_rematch_offered_imports_on_another_server(source: Any) -> None:
    _, log, _ = source
    with TestClient(create_app(InMemoryEventStore())) as elsewhere:
        copy = _imported(elsewhere, log)
        summary = elsewhere.get(f"/games/{copy['game_id']}").json()
        # The log's rematch is no table here: the summary names none (before, the
        # id, which answered 404).
        assert (summary["status"], summary["rematch"]) == ("finished", None)
        # Its players there are offered a rematch of their own.
        own = elsewhere.post(f"/games/{copy['game_id']}/rematch", headers=auth(copy["tokens"]["0"]))
        assert own.status_code == 201 and own.json()["created"] is True, own.text
        summary = elsewhere.get(f"/games/{copy['game_id']}").json()
        assert summary["rematch"] == own.json()["game_id"]


def test_an_import_is_not_its_own_rematch(source: Any) -> None:
    # The id the log names as its rematch, chosen for the imported game itself: a
    # client following the game's rematch would come back to it. (A chosen id is never
    # of the kind the service draws: the forger writes one of the other kind.)
    _, log, rematch = source
    chosen = "ab" * 16
    forged = log.replace(rematch.encode(), chosen.encode())
    with TestClient(create_app(InMemoryEventStore())) as elsewhere:
        answer = elsewhere.post(
            "/games/import", params={"game_id": chosen}, content=forged, headers=NDJSON
        )
        assert answer.status_code == 422, answer.text
        assert answer.json()["facts"]["field"] == "event.game_id"


def test_an_imported_games_log_imports_again_on_its_server(source: Any) -> None:
    client, log, rematch = source
    copy = _imported(client, log)
    again = _imported(client, client.get(f"/games/{copy['game_id']}/log").content)
    assert client.get(f"/games/{again['game_id']}").json()["status"] == "finished"
    # And once the copy's players asked a rematch of their own (a second link).
    own = client.post(f"/games/{copy['game_id']}/rematch", headers=auth(copy["tokens"]["1"]))
    assert own.status_code == 201 and own.json()["game_id"] != rematch, own.text
    _imported(client, client.get(f"/games/{copy['game_id']}/log").content)
