"""What the page lets slip or breaks on (issue 31, items 6 and 9): the options form with
friends on this screen, the private table's code shown to others than its host, a stale
second tab of one seat, refusals logged at a game's end."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import expect
from table_setup import (
    Table,
    humans,
    new_player,
    open_table,
    pack,
    stacked_deck,
    two_people_first_to_play,
)
from test_live_in_browser import GOING_OUT, MELDS
from test_table import DESKTOP, PHONE, OpenPage, hand_cards, open_page

__all__ = ["open_page"]  # the fixture, shared with test_table


def refusals(page: Any) -> list[str]:
    """Every request of the page the server refused, and every error its console shows."""
    seen: list[str] = []
    page.on("console", lambda message: message.type == "error" and seen.append(message.text))
    page.on("response", lambda answer: answer.status >= 400 and seen.append(answer.url))
    return seen


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


def test_play_now_says_what_it_starts(open_page: OpenPage, server: str) -> None:
    """The table's options are folded away: under Play now one line says what it starts,
    and the button is described by it to a screen reader."""
    page = open_page(PHONE)
    page.goto(f"{server}/")
    play = page.get_by_test_id("play")
    summary = page.get_by_test_id("play-summary")
    expect(summary).to_have_text("Basic rules, against one bot at level 2", use_inner_text=True)
    expect(play).to_have_accessible_description(re.compile("against one bot at level 2"))
    page.get_by_text("Table options").click()
    page.select_option("#play-opponents", "3")
    page.select_option("#play-level-2", "4")
    expect(summary).to_have_text(
        "Basic rules, against 3 bots at levels 2, 4 and 2", use_inner_text=True
    )
    page.check("#play-friend")
    expect(summary).to_have_text(
        "Basic rules, you and 3 friends on this screen", use_inner_text=True
    )
    page.uncheck("#play-friend")
    # Other rules draw the bots' levels anew, each at the level for all: the line says so.
    page.select_option("#play-preset", "palace")
    expect(summary).to_have_text("Palace rules, against 3 bots at level 2", use_inner_text=True)


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


def test_a_game_end_logs_no_refusal_for_its_player_or_a_spectator(
    open_page: OpenPage, server: str
) -> None:
    player = new_player(server)
    deck = stacked_deck(pack(), [GOING_OUT, []], 10, up_card="2S", stock=["KS"])
    rules = {"first_player": "left_of_dealer", "game_end": "hands:1"}
    body = {"preset": "basic", "seats": humans(2), "deck": deck, "rules": rules}
    table = Table(server, player, body)
    page, watcher = open_page(DESKTOP), open_page(DESKTOP)
    seen = {"player": refusals(page), "spectator": refusals(watcher)}
    open_table(page, server, player, table.game_id)
    # The spectator has a player of their own (a visitor of other tables), seated nowhere here.
    watcher.goto(f"{server}/")
    visitor = json.dumps(new_player(server))
    watcher.evaluate("player => localStorage.setItem('rummy.player', player)", visitor)
    watcher.goto(f"{server}/#/game/{table.game_id}")
    for each in (page, watcher):
        each.wait_for_selector(".table-screen .pile.stock")
    # The game ends while both pages are open: the league's answer is still on its way.
    table.play(0, {"type": "draw", "source": "stock"})
    table.play(0, {"type": "lay_melds", "melds": MELDS})
    table.play(0, {"type": "discard", "card": "KS"})
    for each in (page, watcher):
        each.get_by_test_id("game-over").wait_for()
        each.get_by_test_id("league-result").get_by_text("not rated").wait_for(timeout=30_000)
    assert seen == {"player": [], "spectator": []}
