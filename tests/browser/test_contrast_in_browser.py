"""Every text on every screen reads at 4.5:1 at least (issue 31, item 8), measured from the
computed styles: the start, the options, the table (desktop and phone, the top discard
included), a private table's waiting room, a hand's summary, a game's end with the
league's word, the cover between friends on one screen, the lobby, a leaderboard and a
replay."""

from __future__ import annotations

import json

import httpx
import pytest
from contrast import low_contrast
from table_setup import Table, humans, new_player, open_table, pack, stacked_deck
from test_live_in_browser import out_in_one_turn
from test_table import DESKTOP, PHONE, OpenPage, click_for, open_page, wait_for_my_turn

__all__ = ["open_page"]  # the fixture, shared with test_table
# Every screen at two sizes: handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

OPEN_SEAT = {"kind": "human", "open": True}


def test_every_screen_has_enough_contrast(open_page: OpenPage, server: str) -> None:
    low: dict[str, list[str]] = {}
    for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = open_page(viewport)
        page.goto(f"{server}/")
        page.get_by_test_id("play").wait_for()
        page.get_by_text("Table options").click()
        low[f"start {size}"] = low_contrast(page)
        player = new_player(server)
        seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
        table = Table(server, player, {"preset": "basic", "seats": seats})
        open_table(page, server, player, table.game_id)
        page.wait_for_selector(".hand .card")
        wait_for_my_turn(page)
        low[f"table {size}"] = low_contrast(page)
        # Drawn: the piles are out of reach, and their labels and top card must still read.
        with page.expect_response(lambda response: "/commands" in response.url):
            page.locator("button.pile.stock").click()
        page.wait_for_selector("button.pile.stock:disabled")
        low[f"table drawn {size}"] = low_contrast(page)
        for screen in ("#/lobby", "#/leaderboard/basic", "#/new"):
            page.goto(f"{server}/{screen}")
            page.wait_for_load_state("networkidle")
            low[f"{screen} {size}"] = low_contrast(page)
        page.goto(f"{server}/#/replay/{table.game_id}")
        page.get_by_test_id("replay-at").wait_for()
        low[f"replay {size}"] = low_contrast(page)
        waiting = httpx.post(
            f"{server}/games",
            json={"preset": "basic", "seats": [seats[0], OPEN_SEAT], "private": True},
            headers={"authorization": f"Bearer {player['token']}"},
        ).json()
        # As its host sees it (the page's notes say who hosts, and the code): Start now,
        # the seats and the private table's code to pass on.
        note = {"label": "t", "saved_at": "2026", "seats": [0], "host": True}
        notes = {waiting["game_id"]: {**note, "invite": waiting["invite_code"]}}
        page.evaluate("notes => localStorage.setItem('rummy.games', notes)", json.dumps(notes))
        page.goto(f"{server}/#/game/{waiting['game_id']}")
        page.get_by_test_id("start").wait_for()
        page.get_by_test_id("table-code").wait_for()
        low[f"private waiting room {size}"] = low_contrast(page)
        open_table(page, server, player, out_in_one_turn(server, player, hands=2).game_id)
        page.get_by_test_id("hand-end").wait_for()
        low[f"hand summary {size}"] = low_contrast(page)
        open_table(page, server, player, out_in_one_turn(server, player, hands=1).game_id)
        page.get_by_test_id("game-over").wait_for()
        page.get_by_test_id("league-result").locator("tr").first.wait_for(timeout=60_000)
        low[f"game over {size}"] = low_contrast(page)
        # Friends on one screen: the cover that hides the next player's hand.
        friends = Table(
            server, player, {"preset": "basic", "seats": [seats[0], OPEN_SEAT], "hot_seat": True}
        )
        claimed = httpx.post(
            f"{server}/games/{friends.game_id}/seats/1",
            headers={"authorization": f"Bearer {player['token']}"},
        )
        assert claimed.status_code == 201, claimed.text
        open_table(page, server, player, friends.game_id, seats=[0, 1])
        page.get_by_role("dialog").get_by_text("Pass the device to").wait_for()
        low[f"cover {size}"] = low_contrast(page)
    assert not any(low.values()), {screen: found for screen, found in low.items() if found}


def test_the_marks_of_a_first_meld_read_as_well(open_page: OpenPage, server: str) -> None:
    """A first meld's counter once it reaches the minimum, and the "down" mark of a seat
    that has laid its first meld: both were the meld's light green, at 3.2:1."""
    player = new_player(server)
    hearts = ["KH", "QH", "JH"]
    deck = stacked_deck(pack(), [hearts, []], 10, up_card="2S", stock=["3C"])
    rules = {"first_player": "left_of_dealer", "initial_meld_min": 30}
    table = Table(
        server, player, {"preset": "basic", "seats": humans(2), "deck": deck, "rules": rules}
    )
    page = open_page(DESKTOP)
    open_table(page, server, player, table.game_id)
    wait_for_my_turn(page)
    click_for(page, page.locator("button.pile.stock"), "/commands")
    for card in hearts:
        page.locator(f'.hand [data-card="{card}"]').click()
    page.locator('[data-testid="opening"].reached').wait_for()
    low = {"first meld reached": low_contrast(page)}
    click_for(page, page.get_by_role("button", name="Lay meld"), "/commands")
    page.locator(".seat-opened").first.wait_for()
    low["a seat down"] = low_contrast(page)
    assert not any(low.values()), low
