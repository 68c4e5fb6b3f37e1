"""A claim that races a start which removes open seats keeps its player at the seat.

A claim was a compare-and-set of the seat (with its token's hash), then a second
write seating the player there (`player:<seat>`, `name:<seat>`). A host's start with
`{"fill": "remove"}` that read the table between the two saw the seat claimed, kept
it and closed the seats up under their new numbers, with no player at it; the
claim's second write then named the player at the seat's old number. The claim
answered 201, yet the player's token was refused at the table (403 `not_seated`),
the seat showed no name, and their games listed the table with no seat: a seat in
play that its player's own client could not reach (only the seat token worked).

Now the claim is one append (`seat_claimed`, with its player kept under the claim's
id), and the start's renumbering follows it in the log. The interleaving is made
deterministic by running the start inside the claim, just after its append; in
production it is two requests a few milliseconds apart.
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import open_table, player
from http_table import auth

from service.app.tables import caller_of, start


def test_a_claim_racing_a_start_that_renumbers_keeps_its_player_seated(
    client: Any, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, dana = player(client, "Host"), player(client, "Dana")
    # Seat 1 stays open (removed at the start); seat 2 is Dana's and becomes seat 1.
    game_id: str = open_table(client, host, 3)["game_id"]
    games = app.state.games
    players = games.seats.players  # the claim's step after its append: its player's games
    file_game = players.file_game

    async def start_between_the_claims_writes(player_id: str, target: str, score: float) -> Any:
        monkeypatch.setattr(players, "file_game", file_game)
        caller = await caller_of(games, game_id, host["token"])
        await start(games, game_id, caller, "remove", 2)
        return await file_game(player_id, target, score)

    monkeypatch.setattr(players, "file_game", start_between_the_claims_writes)
    claimed = client.post(f"/games/{game_id}/seats/2", headers=auth(dana["token"]))
    assert claimed.status_code == 201, claimed.text
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "active"
    assert [seat.get("name") for seat in summary["seats"]] == ["Host", "Dana"]
    for token in (dana["token"], claimed.json()["token"]):
        view = client.get(f"/games/{game_id}/view", headers=auth(token))
        assert view.status_code == 200, view.text
        assert view.json()["seat"] == 1
    mine = client.get("/players/me/games", headers=auth(dana["token"])).json()["games"]
    assert [(game["game_id"], game["seats"]) for game in mine] == [(game_id, [1])]
