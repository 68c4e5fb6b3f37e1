"""A claim of a seat that a start just removed is a 409 `table_started`, not a 500.

The claim checked the seat's number against the table it read first, then read the
table's meta again: a start with `{"fill": "remove"}` closing the seats up in
between left fewer seats there, and `check_can_claim` indexed past them
(IndexError, 500 `internal_error`; seen on a real server with five table requests at
once). The interleaving is made deterministic by running the start inside the
claim's second read. (It was then a 404 `seat_not_found`, as if the lobby had
never shown the seat; the contract says a claim landing just after a start finds the
table started.)
"""

from __future__ import annotations

from typing import Any

import pytest
from http_players import open_table, player, problem
from http_table import auth

from service.app.tables import caller_of, start


def test_a_claim_of_a_seat_removed_under_it_finds_the_table_started(
    client: Any, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, ada, bo = player(client, "Host"), player(client, "Ada"), player(client, "Bo")
    game_id: str = open_table(client, host, 4)["game_id"]
    assert client.post(f"/games/{game_id}/seats/1", headers=auth(ada["token"])).is_success
    games = app.state.games
    reader = games.seats._reader  # noqa: SLF001 (the claim's second read of the table)
    read_facts = reader.read_facts

    async def started_before_the_read(target: str) -> Any:
        monkeypatch.setattr(reader, "read_facts", read_facts)
        caller = await caller_of(games, game_id, host["token"])
        await start(games, game_id, caller, "remove", 2)
        return await read_facts(target)

    monkeypatch.setattr(reader, "read_facts", started_before_the_read)
    claimed = client.post(f"/games/{game_id}/seats/3", headers=auth(bo["token"]))
    assert claimed.status_code != 500, claimed.text
    problem(claimed, 409, "table_started")
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "active"
    assert [seat.get("name") for seat in summary["seats"]] == ["Host", "Ada"]
