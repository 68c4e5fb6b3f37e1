"""The connection as the player sees it (issue 31, item 3): an offline notice while the page
cannot reach the server, gone the moment it can, and the table followed live again."""

from __future__ import annotations

import time
from typing import Any

from table_setup import open_table, two_people_first_to_play
from test_table import DESKTOP, OpenPage, hand_cards, open_page, table_for_two_opened

__all__ = ["open_page"]  # the fixture, shared with test_table


def test_an_offline_notice_stays_only_while_the_server_cannot_be_reached(
    open_page: OpenPage, server: str
) -> None:
    table, page = table_for_two_opened(open_page, server, DESKTOP)
    page.wait_for_selector(".hand .card")
    page.context.set_offline(True)
    page.locator("button.pile.stock").click()
    notice = page.get_by_test_id("offline")
    notice.wait_for()
    assert page.get_by_text("cannot be reached").count() >= 1
    page.context.set_offline(False)
    back = time.monotonic()
    notice.wait_for(state="detached", timeout=20_000)
    # Gone with the notice: no red "cannot be reached" is left behind.
    page.wait_for_function(
        "() => !document.body.textContent.includes('cannot be reached')", timeout=20_000
    )
    took = time.monotonic() - back
    # Followed live again: a move made elsewhere shows without a reload.
    table.play(0, {"type": "draw", "source": "stock"})
    page.wait_for_function(
        "() => document.querySelectorAll('.hand .card').length === 11", timeout=20_000
    )
    assert len(hand_cards(page)) == 11, took


def test_a_table_cut_off_while_it_loads_stays_and_is_followed_once_back(
    open_page: OpenPage, server: str
) -> None:
    """The connection drops after the table is first drawn but before its log is read: the
    table stays (no dead error page), and once the server answers again it is followed live."""
    table = two_people_first_to_play(server)
    page = open_page(DESKTOP)
    cut = {"now": False, "refused": 0}

    def cut_off_from_the_log_on(route: Any) -> None:
        if f"/games/{table.game_id}/events" in route.request.url and not cut["refused"]:
            cut["now"] = True
        if cut["now"]:
            cut["refused"] += 1
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/*", cut_off_from_the_log_on)
    open_table(page, server, table.player, table.game_id)
    page.wait_for_selector("[data-testid=offline]")
    # The table is still there to look at, with its hand, and no error in its place.
    assert len(hand_cards(page)) == 10
    assert page.get_by_text("Back to the start").count() == 0
    cut["now"] = False
    page.wait_for_selector("[data-testid=offline]", state="detached", timeout=20_000)
    table.play(0, {"type": "draw", "source": "stock"})
    page.wait_for_function(
        "() => document.querySelectorAll('.hand .card').length === 11", timeout=20_000
    )
