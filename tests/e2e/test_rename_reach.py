"""A rename reaches every table the player sits at, however many games they have."""

from __future__ import annotations

from http_players import player
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient

from service.app.games import GameService, SeatSpec
from service.app.player_games import SCAN_LIMIT

Client = TestClient[Litestar]
HUMAN = SeatSpec(kind="human")


def test_a_rename_reaches_more_games_than_a_listing_page_scans(client: Client) -> None:
    ada = player(client, "Ada")
    games: GameService = client.app.state.games
    count = SCAN_LIMIT + 30

    async def tables() -> list[str]:
        who = await games.players.authenticate(ada["token"])
        made = [await games.create(seats=(HUMAN, HUMAN), player=who) for _ in range(count)]
        return [created.game_id for created in made]

    with client.portal() as portal:
        game_ids = portal.call(tables)
    oldest, newest = game_ids[0], game_ids[-1]
    assert client.get(f"/games/{oldest}").json()["seats"][0]["name"] == "Ada"
    renamed = client.patch("/players/me", json={"name": "Countess"}, headers=auth(ada["token"]))
    assert renamed.status_code == 200, renamed.text
    # The newest and the oldest table alike, in the summary and in the lobby.
    for game_id in (newest, oldest):
        assert client.get(f"/games/{game_id}").json()["seats"][0]["name"] == "Countess"
    names = {
        entry["game_id"]: entry["names"][0]
        for offset in range(0, count, 100)
        for entry in client.get(
            "/games", params={"status": "active", "limit": 100, "offset": offset}
        ).json()["games"]
    }
    assert len(names) == count and set(names.values()) == {"Countess"}


def _labels(client: Client, game_id: str, token: str) -> list[str | None]:
    view = client.get(f"/games/{game_id}/view", headers=auth(token))
    assert view.status_code == 200, view.text
    return [label["name"] for label in view.json()["seat_labels"]]


def test_a_rename_shows_in_the_view_at_once(client: Client) -> None:
    ada = player(client, "Ada")
    created = client.post(
        "/games",
        json={"seats": [{"kind": "human"}, {"kind": "bot", "level": 1}]},
        headers=auth(ada["token"]),
    )
    game_id = created.json()["game_id"]
    assert _labels(client, game_id, ada["token"])[0] == "Ada"  # the facts are now in memory
    client.patch("/players/me", json={"name": "Countess"}, headers=auth(ada["token"]))
    assert _labels(client, game_id, ada["token"])[0] == "Countess"
