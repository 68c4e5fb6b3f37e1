"""A hot-seat player's live channel shows them the cards of every seat they still play.

At a hot-seat table one player holds several seats. Their channel was redacted for
one seat, the one it opened as: once that seat resigned (its bot's from then on),
the channel served them what a spectator sees, though they still played another
seat, whose own stock draws it hid. Each event is now redacted for the seats the
player holds and still plays at it; a resigned seat's cards after its resignation
stay hidden from them, and a spectator sees none of anyone's."""

from __future__ import annotations

from typing import Any

from http_players import open_table, player
from http_table import auth
from litestar import Litestar
from litestar.testing import TestClient

from domain.events import CardsDrawn
from service.app.games import GameService
from workers.turns import play_bots

Client = TestClient[Litestar]


def _receive_through(socket: Any, version: int) -> list[dict[str, Any]]:
    """The socket's envelopes up to `version`."""
    envelopes: list[dict[str, Any]] = []
    while not envelopes or envelopes[-1]["version"] < version:
        message = socket.receive_json()
        assert message["type"] == "event", message
        envelopes.append(message["envelope"])
    return envelopes


def _play_on(client: Client, game_id: str, token: str, kept: int, resigned_at: int) -> int:
    """Play (the kept seat by the player's token, the resigned one by its bot) until the
    kept seat has drawn from the stock after the resignation: the game's version then."""
    games: GameService = client.app.state.games
    for _ in range(40):
        log = client.blocking_portal.call(games.log, game_id)
        if any(
            e.version > resigned_at
            and isinstance(e.event, CardsDrawn)
            and e.event.seat == kept
            and e.event.source == "stock"
            for e in log
        ):
            return log[-1].version
        view = client.get(f"/games/{game_id}").json()["view"]
        assert view["phase"] != "over"
        if view["turn"] != kept:
            client.blocking_portal.call(play_bots, games, games.commands, game_id, log[-1].version)
            continue
        drawn = client.post(
            f"/games/{game_id}/commands",
            json={"type": "draw", "source": "stock"},
            headers=auth(token),
        )
        assert drawn.status_code == 200, drawn.text
        legal = drawn.json()["view"]["legal_commands"]
        discard = next(c for c in legal if c["type"] == "discard")
        played = client.post(f"/games/{game_id}/commands", json=discard, headers=auth(token))
        assert played.status_code == 200, played.text
    raise AssertionError("the kept seat never drew from the stock")


def test_a_hot_seat_players_channel_shows_the_seat_they_still_play(client: Client) -> None:
    ada = player(client, "Ada")
    table = open_table(client, ada, hot_seat=True, seed=7, rules={"rated": False})
    game_id, token = table["game_id"], ada["token"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(token)).status_code == 201
    opened_as = client.get(f"/games/{game_id}/view", headers=auth(token)).json()["seat"]
    kept = 1 - opened_as
    # A ticket taken now stands for the token as it acted now (for `opened_as`).
    ticket = client.post(f"/games/{game_id}/tickets", headers=auth(token)).json()["ticket"]
    with (
        client.websocket_connect(f"/games/{game_id}/live") as mine,
        client.websocket_connect(f"/games/{game_id}/live") as spectators,
    ):
        mine.send_json({"token": token})
        spectators.send_json({})
        now = client.get(f"/games/{game_id}").json()["version"]
        before = _receive_through(mine, now)
        # The seat the channel opened as resigns: its bot plays it from here.
        resigned = client.post(f"/games/{game_id}/resign", headers=auth(token))
        assert resigned.status_code == 200, resigned.text
        resigned_at = resigned.json()["version"]
        assert resigned.json()["view"]["resigned"] == [opened_as]
        last = _play_on(client, game_id, token, kept, resigned_at)
        served = before + _receive_through(mine, last)
        watched = _receive_through(spectators, last)
    replayed = client.get(f"/games/{game_id}/events", params={"ticket": ticket})
    assert replayed.status_code == 200, replayed.text

    def events(envelopes: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
        return [e for e in envelopes if e["event"]["type"] == kind]

    def stock_draws(envelopes: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
        return [
            e
            for e in events(envelopes, "cards_drawn")
            if e["version"] > resigned_at
            and e["event"]["seat"] == seat
            and e["event"]["source"] == "stock"
        ]

    for channel in (served, replayed.json()["events"]):
        # The deal: both seats were hers and played by her then.
        (deal,) = events(channel, "hand_dealt")
        assert all(deal["event"]["hands"]), deal
        # After the resignation: the seat she still plays draws in her sight ...
        assert stock_draws(channel, kept)
        assert all(e["event"]["cards"] for e in stock_draws(channel, kept))
        # ... the bot's seat's (it drew from the stock too) no more.
        assert stock_draws(channel, opened_as)
        assert not any(e["event"]["cards"] for e in stock_draws(channel, opened_as))
    # A spectator sees no one's cards.
    (deal,) = events(watched, "hand_dealt")
    assert deal["event"]["hands"] == [None, None]
    assert stock_draws(watched, kept)
    assert not any(e["event"]["cards"] for e in stock_draws(watched, kept))
