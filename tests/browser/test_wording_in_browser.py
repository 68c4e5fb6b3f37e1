"""What the page lets slip or breaks on (issue 31, items 6 and 9): the options form with
friends on this screen, the private table's code shown to others than its host, a stale
second tab of one seat."""

from __future__ import annotations

import httpx
from table_setup import new_player, open_table, two_people_first_to_play
from test_table import DESKTOP, PHONE, OpenPage, hand_cards, open_page

__all__ = ["open_page"]  # the fixture, shared with test_table


def test_friends_on_this_screen_hide_every_bot_level_and_keep_the_form_aligned(
    open_page: OpenPage, server: str
) -> None:
    for viewport in (DESKTOP, PHONE):
        page = open_page(viewport)
        page.goto(f"{server}/")
        page.get_by_text("Table options").click()
        page.select_option("#play-opponents", "3")
        assert page.locator("#play-level-3").is_visible()
        page.check("#play-friend")
        for level in ("#play-level", "#play-level-1", "#play-level-2", "#play-level-3"):
            assert not page.locator(level).is_visible(), level
        # Each label stays beside (or, on a phone, above) its own control.
        for control in ("play-preset", "play-opponents", "play-friend"):
            label = page.locator(f'label[for="{control}"]').bounding_box()
            box = page.locator(f"#{control}").bounding_box()
            beside = abs(label["y"] + label["height"] / 2 - box["y"] - box["height"] / 2) < 12
            above = 0 <= box["y"] - (label["y"] + label["height"]) < 24
            assert beside or above, control
        page.uncheck("#play-friend")
        assert page.locator("#play-level-3").is_visible()


def test_only_the_host_sees_the_private_tables_code(open_page: OpenPage, server: str) -> None:
    host = new_player(server)
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]
    created = httpx.post(
        f"{server}/games",
        json={"preset": "basic", "seats": seats, "private": True},
        headers={"authorization": f"Bearer {host['token']}"},
    )
    assert created.status_code == 201, created.text
    game_id, invite = created.json()["game_id"], created.json()["invite_code"]
    guest = open_page(DESKTOP)
    guest.goto(f"{server}/#/join/{game_id}/{invite}")
    guest.wait_for_selector(".table-screen")
    guest.wait_for_selector(".hand .card")
    assert guest.get_by_test_id("table-code").count() == 0
    assert guest.get_by_text("Private table").count() == 0


def test_a_stale_tab_redraws_from_the_view_when_its_move_is_refused(
    open_page: OpenPage, server: str
) -> None:
    table = two_people_first_to_play(server)
    page = open_page(DESKTOP)
    # This tab hears nothing live: it goes stale the moment the seat plays elsewhere.
    page.route_web_socket("**/live*", lambda socket: None)
    open_table(page, server, table.player, table.game_id)
    page.wait_for_selector(".hand .card")
    assert len(hand_cards(page)) == 10
    table.play(0, {"type": "draw", "source": "stock"})  # the other tab
    page.locator("button.pile.stock").click()
    page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 11")
    assert page.locator(".problem, [role=alert]").filter(has_text="drawn").count() >= 1
