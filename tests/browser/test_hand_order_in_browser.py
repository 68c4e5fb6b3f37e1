"""The player arranges their hand: a card dragged (mouse or touch) or moved with Alt and an
arrow key keeps its place for the rest of the hand (issue 31, reorder the hand)."""

from __future__ import annotations

from typing import Any

from table_setup import open_table, two_people_first_to_play
from test_table import DESKTOP, PHONE, OpenPage, click_for, hand_cards, open_page, wait_for_my_turn

__all__ = ["open_page"]  # the fixture, shared with test_table


def moved(cards: list[str], origin: int, to: int) -> list[str]:
    rest = cards[:origin] + cards[origin + 1 :]
    return rest[:to] + [cards[origin]] + rest[to:]


def centre(page: Any, index: int) -> tuple[float, float]:
    box = page.locator(f'.hand .card[data-index="{index}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_card_dragged_keeps_its_place_for_the_rest_of_the_hand(
    open_page: OpenPage, server: str
) -> None:
    table = two_people_first_to_play(server)
    page = open_page(DESKTOP)
    open_table(page, server, table.player, table.game_id)
    wait_for_my_turn(page)
    before = hand_cards(page)
    (x, y), (to_x, to_y) = centre(page, 0), centre(page, 4)
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x + (to_x - x) * step / 10, y + (to_y - y) * step / 10)
    page.mouse.up()
    arranged = moved(before, 0, 4)
    assert hand_cards(page) == arranged
    # A drag is no tap: nothing is picked.
    assert page.locator(".hand .card.selected").count() == 0
    # The order holds through a draw (the new card at the end), a discard and the other's turn.
    click_for(page, page.locator("button.pile.stock"), "/commands")
    drawn = hand_cards(page)
    assert drawn[:-1] == arranged
    page.locator(f'.hand .card[data-card="{arranged[1]}"]').click()
    click_for(page, page.locator(".you .actions button", has_text="Discard"), "/commands")
    table.draw_and_discard(1)
    wait_for_my_turn(page)
    assert hand_cards(page) == [card for card in drawn if card != arranged[1]]


def test_alt_and_an_arrow_move_the_focused_card(open_page: OpenPage, server: str) -> None:
    table = two_people_first_to_play(server)
    page = open_page(DESKTOP)
    open_table(page, server, table.player, table.game_id)
    wait_for_my_turn(page)
    before = hand_cards(page)
    page.locator('.hand .card[tabindex="0"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Alt+ArrowRight")
    page.keyboard.press("Alt+ArrowRight")
    assert hand_cards(page) == moved(before, 2, 4)
    # The focus goes with the card, which keeps the hand's one Tab stop.
    assert page.evaluate("document.activeElement.dataset.card") == before[2]
    assert page.locator('.hand .card[tabindex="0"]').get_attribute("data-card") == before[2]
    page.keyboard.press("Alt+ArrowLeft")
    assert hand_cards(page) == moved(before, 2, 3)
    assert page.locator(".hand .card.selected").count() == 0


def test_a_card_dragged_by_touch_on_a_phone(open_page: OpenPage, server: str) -> None:
    table = two_people_first_to_play(server)
    page = open_page(PHONE, has_touch=True, is_mobile=True)
    open_table(page, server, table.player, table.game_id)
    wait_for_my_turn(page)
    before = hand_cards(page)
    (x, y), (to_x, to_y) = centre(page, 5), centre(page, 1)
    touch = page.context.new_cdp_session(page)
    start = {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    touch.send("Input.dispatchTouchEvent", start)
    for step in range(1, 11):
        point = {"x": x + (to_x - x) * step / 10, "y": y + (to_y - y) * step / 10}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function(
        """before => [...document.querySelectorAll('.hand .card')]
            .map((card) => card.dataset.card).join() !== before""",
        arg=",".join(before),
    )
    assert hand_cards(page) == moved(before, 5, 1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
