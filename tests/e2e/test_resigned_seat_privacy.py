"""A seat that resigned is its bot's from then on: its former holder sees the table
as a spectator does, through every read, while the bot plays on with the cards.
At three or more seats a resigned player could otherwise tell a friend still
playing what the bot holds."""

from __future__ import annotations

import random
from typing import Any

from http_players import open_table, play_one, player
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient

from domain.events import CardsDrawn
from service.app.envelope import Envelope
from service.app.games import GameService
from workers.turns import play_bots

Client = TestClient[Litestar]


def _view(client: Client, game_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/games/{game_id}/view", headers=auth(token))
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


def _events(client: Client, game_id: str, token: str) -> list[dict[str, Any]]:
    response = client.get(f"/games/{game_id}/events", headers=auth(token))
    assert response.status_code == 200, response.text
    events: list[dict[str, Any]] = response.json()["events"]
    return events


def _bot_stock_draw(envelope: Envelope, resigned_at: int) -> bool:
    event = envelope.event
    return (
        envelope.version > resigned_at
        and isinstance(event, CardsDrawn)
        and event.seat == 1
        and event.source == "stock"
    )


def _bot_draws_from_the_stock(client: Client, game_id: str, host: str, resigned_at: int) -> None:
    """Play on (the host by hand, the resigned seat's bot by the worker's own step)
    until the bot has drawn from the stock after the resignation."""
    games: GameService = client.app.state.games
    rng = random.Random(3)
    for _ in range(60):
        log = client.blocking_portal.call(games.log, game_id)
        if any(_bot_stock_draw(e, resigned_at) for e in log):
            return
        view = client.get(f"/games/{game_id}").json()["view"]
        if view["phase"] == "over":
            break
        if view["turn"] == 0:
            play_one(client, game_id, {0: host}, rng)
        else:
            client.blocking_portal.call(play_bots, games, games.commands, game_id, log[-1].version)
    raise AssertionError("the bot never drew from the stock")


def test_a_resigned_player_no_longer_sees_the_cards_their_bot_plays(client: Client) -> None:
    ada, bob = player(client, "Ada"), player(client, "Bob")
    game_id = open_table(client, ada)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"])).status_code == 201
    dealt = _view(client, game_id, bob["token"])
    assert dealt["seat"] == 1 and dealt["hand"]

    resigned = client.post(f"/games/{game_id}/resign", headers=auth(bob["token"]))
    assert resigned.status_code == 200, resigned.text
    # The resignation's own answer already shows the table as the bot's.
    assert resigned.json()["view"]["hand"] is None
    resigned_at = resigned.json()["version"]
    _bot_draws_from_the_stock(client, game_id, ada["token"], resigned_at)

    view = _view(client, game_id, bob["token"])
    assert view["seat"] == 1 and view["resigned"] == [1]
    assert view["hand"] is None and view["legal_commands"] == []
    served = _events(client, game_id, bob["token"])
    # What Bob held before resigning stays his to read back ...
    first_deal = next(e for e in served if e["event"]["type"] == "hand_dealt")
    assert first_deal["event"]["hands"][1] is not None
    # ... but nothing the bot drew after it.
    bot_draws = [
        e["event"]
        for e in served
        if e["version"] > resigned_at
        and e["event"]["type"] == "cards_drawn"
        and e["event"]["seat"] == 1
        and e["event"]["source"] == "stock"
    ]
    assert bot_draws and all(draw["cards"] is None for draw in bot_draws)
    latest = client.get(f"/games/{game_id}/states/{view['version']}", headers=auth(bob["token"]))
    assert latest.status_code == 200, latest.text
    assert latest.json()["view"]["hand"] is None
    # Ada, still playing, sees her own hand as before.
    assert _view(client, game_id, ada["token"])["hand"]
