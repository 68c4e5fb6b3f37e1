"""Friends on one screen play their rematch at once: the rematch of a hot-seat game seats
its host at every seat they held (tests/e2e/test_hot_seat_rematch.py), and the page takes
it as it is. It claimed each seat the host held in the rematch one by one, which the
server now refuses (the table is dealt: 409 `table_started`), so the click ended on an
error instead of at the new table."""

from __future__ import annotations

import httpx
from table_setup import Table, new_player, open_table, pack, stacked_deck
from test_live_in_browser import GOING_OUT, MELDS
from test_table import DESKTOP, TURN_TIMEOUT_MS, OpenPage, click_for, open_page

__all__ = ["open_page"]  # the fixture, shared with test_table

GAME_TIMEOUT_MS = 60_000


def test_friends_on_one_screen_go_from_a_game_to_its_rematch(
    open_page: OpenPage, server: str
) -> None:
    player = new_player(server)
    deck = stacked_deck(pack(), [GOING_OUT, []], 10, up_card="2S", stock=["KS"])
    rules = {"first_player": "left_of_dealer", "game_end": "hands:1", "rated": False}
    body = {"preset": "basic", "seats": [{"kind": "human"}] * 2, "deck": deck, "rules": rules}
    table = Table(server, player, {**body, "hot_seat": True, "private": True})
    table.play(0, {"type": "draw", "source": "stock"})
    table.play(0, {"type": "lay_melds", "melds": MELDS})
    table.play(0, {"type": "discard", "card": "KS"})
    page = open_page(DESKTOP)
    open_table(page, server, player, table.game_id, seats=[0, 1])
    page.get_by_test_id("game-over").wait_for(timeout=GAME_TIMEOUT_MS)
    click_for(page, page.get_by_test_id("rematch"), "/rematch")
    page.wait_for_function(
        "old => location.hash.startsWith('#/game/') && !location.hash.endsWith(old)",
        arg=table.game_id,
    )
    rematch = page.url.rsplit("/", 1)[1]
    summary = httpx.get(
        f"{server}/games/{rematch}", headers={"authorization": f"Bearer {player['token']}"}
    ).json()
    assert (summary["rematch_of"], summary["status"]) == (table.game_id, "active")
    # Dealt at once, behind the cover of friends on one screen: no seat left to claim.
    page.get_by_role("dialog").get_by_text("Pass the device to").wait_for(timeout=TURN_TIMEOUT_MS)
    assert not page.locator(".error, [role=alert]").filter(has_text="409").count()
