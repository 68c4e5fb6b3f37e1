"""The history keeps the whole hand, scrollable, its newest line in sight (issue 31, item 2)."""

from __future__ import annotations

import re

from table_setup import open_table, short, two_people_first_to_play
from test_table import DESKTOP, PHONE, OpenPage, open_page, wait_until

__all__ = ["open_page"]  # the fixture, shared with test_table


def test_the_history_keeps_every_move_of_the_hand(open_page: OpenPage, server: str) -> None:
    table = two_people_first_to_play(server)
    discarded = [table.draw_and_discard(turn % 2) for turn in range(10)]
    page = open_page(DESKTOP)
    open_table(page, server, table.player, table.game_id)
    history = page.locator(".log ol")
    wait_until(page, lambda: history.locator("li").count() >= 21)
    lines = history.locator("li").all_text_contents()
    # From the deal on: every draw and every discard, in order.
    assert lines[0].startswith("Hand 1 dealt")
    assert [line for line in lines if "discarded" in line] == [
        f"{'You' if turn % 2 == 0 else 'Seat 2 · player'} discarded {short(card)}."
        for turn, card in enumerate(discarded)
    ]
    # A draw from the stock names the card to the player who drew it, to nobody else.
    draws = [line for line in lines if " drew " in line]
    assert len(draws) == 10, draws
    for turn, line in enumerate(draws):
        if turn % 2 == 0:
            assert re.fullmatch(r"You drew (10|[2-9JQKA])[♣♦♥♠] from the stock\.", line), line
        else:
            assert line == "Seat 2 · player drew from the stock.", line
    # Scrollable, and scrolled to its newest line.
    sizes = history.evaluate("ol => [ol.scrollHeight, ol.clientHeight, ol.scrollTop]")
    assert sizes[0] > sizes[1] and sizes[2] + sizes[1] >= sizes[0] - 2, sizes
    # A long hand's line numbers stay whole: the list's margin holds a "999." marker.
    margin, widest_number = history.evaluate(
        """ol => {
            const style = getComputedStyle(ol);
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = style.font;
            return [parseFloat(style.paddingLeft), pen.measureText('999. ').width];
        }"""
    )
    assert margin >= widest_number, (margin, widest_number)


def test_the_others_latest_move_shows_on_the_felt(open_page: OpenPage, server: str) -> None:
    table = two_people_first_to_play(server)
    table.draw_and_discard(0)
    page = open_page(PHONE, is_mobile=True, has_touch=True)
    open_table(page, server, table.player, table.game_id)
    last = page.get_by_test_id("last-move")
    # Read back on opening: the deal (the page's own moves are not "the others'").
    last.filter(has_text="Hand 1 dealt").wait_for()
    table.play(1, {"type": "draw", "source": "stock"})
    last.filter(has_text="Seat 2 · player drew from the stock.").wait_for()
    hand = table.view(1)["hand"]
    table.play(1, {"type": "discard", "card": hand[0]})
    said = f"Seat 2 · player discarded {short(hand[0])}."
    last.filter(has_text=said).wait_for()
    # It stays through the player's own draw, on the felt, in view with the piles.
    page.wait_for_function("() => !document.querySelector('button.pile.stock:disabled')")
    page.locator("button.pile.stock").click()
    page.locator(".hand .drawn-tag").wait_for()
    assert last.text_content() == said
    box = last.bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"], box
