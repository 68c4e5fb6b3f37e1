"""Names at the table (issue 31, item 5): the first visit asks for one (skippable), the
server keeps it, and the table shows it; bots are "Bot · level N"."""

from __future__ import annotations

import json

import httpx
from test_table import DESKTOP, OpenPage, open_page, play_now

__all__ = ["open_page"]  # the fixture, shared with test_table


def test_the_first_visit_asks_for_a_name_and_the_table_shows_it(
    open_page: OpenPage, server: str
) -> None:
    page = open_page(DESKTOP)
    page.goto(f"{server}/")
    asked = page.get_by_test_id("name-ask")
    asked.wait_for()
    page.fill("#your-name", "Ada")
    with page.expect_response(lambda response: response.url.endswith("/players/me")):
        asked.get_by_role("button", name="Save").click()
    asked.wait_for(state="detached")
    player = json.loads(page.evaluate("localStorage.getItem('rummy.player')"))
    me = httpx.get(f"{server}/players/me", headers={"authorization": f"Bearer {player['token']}"})
    assert me.json()["name"] == "Ada" and player["name"] == "Ada"
    play_now(page, server, "basic", 1, level=2)
    seats = page.locator(".seats").text_content()
    assert "Ada" in seats and "Bot · level 2" in seats
    # Asked once: the next visit goes straight to the start.
    page.goto(f"{server}/")
    page.get_by_test_id("play").wait_for()
    assert page.get_by_test_id("name-ask").count() == 0


def test_the_name_question_can_be_skipped_for_good(open_page: OpenPage, server: str) -> None:
    page = open_page(DESKTOP)
    page.goto(f"{server}/")
    page.get_by_test_id("name-ask").get_by_role("button", name="Skip").click()
    page.get_by_test_id("name-ask").wait_for(state="detached")
    page.reload()
    page.get_by_test_id("play").wait_for()
    assert page.get_by_test_id("name-ask").count() == 0
