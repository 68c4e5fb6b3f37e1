"""A hand-over or take-back that loses its race with a resignation says so.

`POST /games/{id}/seats/{seat}/bot` checks that the seat has not resigned, then
appends its SeatControlChanged through the write path, which decides again on the
game's latest version. A resignation landing between the two made the write path's
refusal (`seat_resigned`) a silent no-op, and the route still answered 200
`{"bot_level": 1}`: the caller believes a level-1 bot plays the seat while the
resignation's level-4 bot does, and nothing in the log says otherwise. The take-back
answered 200 `{"bot_level": null}` for a seat its owner can no longer play. The
same held for a game that ended between the check and the write (409 `game_over`).
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import problem
from http_table import auth, create

from service.app.tables import resign
from service.http import routes_bots


@pytest.mark.parametrize(("method", "body"), [("post", {"level": 1}), ("delete", None)])
def test_a_seat_change_that_a_resignation_overtakes_is_refused(
    client: Any, app: Any, monkeypatch: pytest.MonkeyPatch, method: str, body: Any
) -> None:
    game = create(client, seed=3)
    game_id, owner = game["game_id"], auth(game["tokens"]["1"])
    if method == "delete":
        handed = client.post(f"/games/{game_id}/seats/1/bot", json={"level": 3}, headers=owner)
        assert handed.status_code == 200, handed.text
    name = "hand_to_bot" if method == "post" else "take_back"
    change = getattr(routes_bots, name)

    async def resigned_first(games: Any, game_id: str, seat: int, *args: Any) -> Any:
        # The resignation lands after the route's checks, before the change's append.
        await resign(app.state.games, game_id, seat, 4)
        return await change(games, game_id, seat, *args)

    monkeypatch.setattr(routes_bots, name, resigned_first)
    path = f"/games/{game_id}/seats/1/bot"
    answer = client.request(method.upper(), path, json=body, headers=owner)
    problem(answer, 409, "seat_resigned")
    events = [e["event"] for e in client.get(f"/games/{game_id}/events").json()["events"]]
    assert events[-1]["type"] == "seat_resigned" and events[-1]["level"] == 4, events[-1]
