"""A live-channel ticket shown to another game's channel is refused and not spent:
it still opens its own game's channel once."""

from __future__ import annotations

from typing import Any

from http_table import auth, create
from litestar import Litestar
from litestar.testing import TestClient

TWO_HUMANS: dict[str, Any] = {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}


def test_a_ticket_shown_to_another_game_stays_good_for_its_own(
    client: TestClient[Litestar],
) -> None:
    own, other = create(client, **TWO_HUMANS), create(client, **TWO_HUMANS)
    ticket = client.post(
        f"/games/{own['game_id']}/tickets", headers=auth(own["tokens"]["0"])
    ).json()["ticket"]
    wrong = client.get(f"/games/{other['game_id']}/events", params={"ticket": ticket})
    assert (wrong.status_code, wrong.json()["code"]) == (403, "wrong_game")
    # Its own game's channel opens with it, as the seat it stands for (the seat's hand shows).
    first = client.get(f"/games/{own['game_id']}/events", params={"ticket": ticket})
    assert first.status_code == 200, first.text
    # Single use all the same: the second showing to its own game is refused.
    again = client.get(f"/games/{own['game_id']}/events", params={"ticket": ticket})
    assert (again.status_code, again.json()["code"]) == (401, "invalid_ticket")
