"""A spectator of an imported copy is not sent to its source's rematch: the copy's log
names it (`rematch_offered`), but it is not a table made from the copy. Before, the
finished copy's page offered "Watch the rematch" to the source's table (on another
server, a table that does not exist)."""

from __future__ import annotations

import time

import httpx
from test_table import DESKTOP, OpenPage, open_page

__all__ = ["open_page"]  # the fixture, shared with test_table

GAME_TIMEOUT_MS = 60_000
NDJSON = {"content-type": "application/x-ndjson"}


def _finished_with_a_rematch(server: str) -> str:
    seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
    body = {"preset": "basic", "seats": seats, "rules": {"game_end": "hands:1"}}
    created = httpx.post(f"{server}/games", json=body)
    assert created.status_code == 201, created.text
    game_id, token = created.json()["game_id"], created.json()["tokens"]["0"]
    auth = {"authorization": f"Bearer {token}"}
    handed = httpx.post(f"{server}/games/{game_id}/seats/0/bot", json={"level": 1}, headers=auth)
    assert handed.status_code == 200, handed.text
    deadline = time.monotonic() + GAME_TIMEOUT_MS / 1000
    while httpx.get(f"{server}/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    asked = httpx.post(f"{server}/games/{game_id}/rematch", headers=auth)
    assert asked.status_code == 201, asked.text
    return game_id


def test_a_copys_spectator_is_offered_no_rematch_of_its_source(
    open_page: OpenPage, server: str
) -> None:
    source = _finished_with_a_rematch(server)
    log = httpx.get(f"{server}/games/{source}/log").content
    imported = httpx.post(f"{server}/games/import", content=log, headers=NDJSON)
    assert imported.status_code == 201, imported.text
    copy = imported.json()["game_id"]

    page = open_page(DESKTOP)
    page.goto(f"{server}/#/game/{source}")
    page.get_by_test_id("game-over").wait_for(timeout=GAME_TIMEOUT_MS)
    page.get_by_role("link", name="Watch the rematch").wait_for()
    page.goto(f"{server}/#/game/{copy}")
    page.wait_for_function("id => location.hash.endsWith(id)", arg=copy)
    page.get_by_test_id("game-over").wait_for(timeout=GAME_TIMEOUT_MS)
    page.get_by_text("The game is over.").wait_for()
    assert not page.get_by_role("link", name="Watch the rematch").count()
    assert not page.get_by_role("link", name="watch it").count()
