"""What a screen reader hears and where the focus goes (issue 31, item 7): cards say their
meld and lay-off hints, seat chips read as a sentence, the focus goes to what can be done
next after "Play now" and at the player's turn."""

from __future__ import annotations

from typing import Any

from table_setup import Table, humans, new_player, open_table, pack, stacked_deck
from test_live_in_browser import GOING_OUT
from test_table import (
    DESKTOP,
    OpenPage,
    click_for,
    open_page,
    play_my_turn,
    play_now,
    wait_for_my_turn,
)

__all__ = ["open_page"]  # the fixture, shared with test_table

FOCUSED = "() => document.activeElement?.closest('.piles') !== null"


def test_focus_goes_to_the_piles_after_play_now_and_at_each_turn(
    open_page: OpenPage, server: str
) -> None:
    page = open_page(DESKTOP)
    play_now(page, server, "basic", 1, level=1)
    wait_for_my_turn(page)
    page.wait_for_function(FOCUSED, timeout=20_000)
    # A turn played by clicks leaves the focus on the hand; the next turn takes it to the piles.
    before = page.locator(".log li").count()
    play_my_turn(page)
    # The bot answers within milliseconds: its moves in the history say the turn went
    # round (a glimpse of "its turn" between two frames can be missed on a busy machine).
    page.wait_for_function(
        f"() => document.querySelectorAll('.log li').length >= {before + 3}"
        " || document.querySelector('[data-testid=hand-end]')",
        timeout=60_000,
    )
    wait_for_my_turn(page)
    if not page.get_by_test_id("hand-end").count():
        page.wait_for_function(FOCUSED, timeout=20_000)


def test_cards_and_seats_say_what_the_marks_show(open_page: OpenPage, server: str) -> None:
    player, page = _at_a_going_out_hand(open_page, server)
    me = page.locator('.seats li[data-seat="0"]').get_attribute("aria-label")
    assert me == f"You, {player['name']}, 10 cards in hand, 0 points, to play"
    click_for(page, page.locator("button.pile.stock"), "/commands")
    label = page.locator('.hand [data-card="AC"]').get_attribute("aria-label")
    assert label.startswith("ace of clubs") and "can go in a meld" in label, label


def test_a_stock_out_of_reach_has_no_ring_a_mouse_user_would_take_for_focus(
    open_page: OpenPage, server: str
) -> None:
    # Issue 31: the disabled buttons' dashed edge drew a ring round the stock while others
    # played; only the keyboard's :focus-visible ring may circle it.
    player, page = _at_a_going_out_hand(open_page, server)
    stock = page.locator("button.pile.stock")
    click_for(page, stock, "/commands")
    # Read in one go from the stock drawn now (each render draws it anew).
    ring = page.wait_for_function(
        "() => { const el = document.querySelector('button.pile.stock');"
        " if (!el?.disabled) return null; const s = getComputedStyle(el);"
        " return [s.borderTopStyle, s.outlineStyle, el.matches(':focus-visible')]; }"
    ).json_value()
    assert ring[0] == "none", ring
    assert ring[1] == "none" or not ring[2], ring


def _at_a_going_out_hand(open_page: OpenPage, server: str) -> tuple[dict[str, Any], Any]:
    """A player at their turn in basic with two seats, holding a hand that goes out."""
    player = new_player(server)
    deck = stacked_deck(pack(), [GOING_OUT, []], 10, up_card="2S", stock=["KS"])
    rules = {"first_player": "left_of_dealer"}
    table = Table(
        server, player, {"preset": "basic", "seats": humans(2), "deck": deck, "rules": rules}
    )
    page = open_page(DESKTOP)
    open_table(page, server, player, table.game_id)
    wait_for_my_turn(page)
    return player, page
