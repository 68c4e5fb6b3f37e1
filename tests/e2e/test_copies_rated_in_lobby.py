"""A fork or an import of a training table (`rated: false`) is listed in the lobby as
unrated, as its summary says: the lobby said `rated: true` of every fork and import
(their table options took the default), so `GET /games?rated=true` listed them and
`rated=false` left them out."""

from __future__ import annotations

from http_players import play_hand
from http_table import create
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]
NDJSON = {"content-type": "application/x-ndjson"}


def _lobby_rated(client: Client, status: str, game_id: str) -> list[bool]:
    """The `rated` of the game's line in each lobby filtered by `rated`, where listed."""
    found = []
    for rated in ("true", "false"):
        page = client.get("/games", params={"status": status, "rated": rated, "limit": 100})
        assert page.status_code == 200, page.text
        found += [line["rated"] for line in page.json()["games"] if line["game_id"] == game_id]
    return found


def _finished_training_game(client: Client) -> str:
    rules = {"game_end": "hands:1", "rated": False}
    created = create(client, preset="basic", seats=[{"kind": "human"}] * 2, seed=4, rules=rules)
    tokens = {int(seat): token for seat, token in created["tokens"].items()}
    play_hand(client, created["game_id"], tokens, seed=4)
    summary = client.get(f"/games/{created['game_id']}").json()
    assert summary["status"] == "finished" and summary["rated"] is False
    game_id: str = created["game_id"]
    return game_id


def test_a_fork_and_an_import_of_a_training_table_are_listed_unrated(client: Client) -> None:
    game_id = _finished_training_game(client)
    assert _lobby_rated(client, "finished", game_id) == [False]

    forked = client.post(f"/games/{game_id}/fork", json={"version": 6, "deck": "keep"})
    assert forked.status_code == 201, forked.text
    fork_id = forked.json()["game_id"]
    assert client.get(f"/games/{fork_id}").json()["rated"] is False
    assert _lobby_rated(client, "active", fork_id) == [False]

    log = client.get(f"/games/{game_id}/log")
    imported = client.post("/games/import", content=log.content, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    import_id: str = imported.json()["game_id"]
    assert client.get(f"/games/{import_id}").json()["rated"] is False
    assert _lobby_rated(client, "finished", import_id) == [False]


def test_the_lobby_filters_imported_games_by_their_preset(client: Client) -> None:
    # Before, `preset=imported` was a 400, though the lobby lists imports under it.
    game_id = _finished_training_game(client)
    log = client.get(f"/games/{game_id}/log")
    import_id = client.post("/games/import", content=log.content, headers=NDJSON).json()["game_id"]
    page = client.get("/games", params={"status": "finished", "preset": "imported"})
    assert page.status_code == 200, page.text
    assert [line["game_id"] for line in page.json()["games"]] == [import_id]
    basic = client.get("/games", params={"status": "finished", "preset": "basic"}).json()["games"]
    assert [line["game_id"] for line in basic] == [game_id]
