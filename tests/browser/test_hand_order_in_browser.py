"""The player arranges their hand: a card dragged (mouse or touch) or moved with Alt and an
arrow key keeps its place for the rest of the hand (issue 31, reorder the hand)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from test_table import (
    DESKTOP,
    PHONE,
    OpenPage,
    click_for,
    hand_cards,
    open_page,
    table_for_two_opened,
    wait_for_my_turn,
)

__all__ = ["open_page"]  # the fixture, shared with test_table


def moved(cards: list[str], origin: int, to: int) -> list[str]:
    rest = cards[:origin] + cards[origin + 1 :]
    return rest[:to] + [cards[origin]] + rest[to:]


def centre(page: Any, index: int) -> tuple[float, float]:
    """The card's centre, read in one go (a redraw between finding and measuring it, as a
    paced move or the turn's focus may make, would leave a locator's box empty)."""
    point = page.wait_for_function(
        """index => {
            const card = document.querySelector(`.hand .card[data-index="${index}"]`);
            if (!card) return null;
            const box = card.getBoundingClientRect();
            return [box.left + box.width / 2, box.top + box.height / 2];
        }""",
        arg=index,
    ).json_value()
    return point[0], point[1]


def _at_my_turn(
    open_page: OpenPage, server: str, viewport: dict[str, int], **options: Any
) -> tuple[Any, Any]:
    """A table for two people, opened by its first player, at their turn."""
    table, page = table_for_two_opened(open_page, server, viewport, **options)
    wait_for_my_turn(page)
    return table, page


def test_a_card_dragged_keeps_its_place_for_the_rest_of_the_hand(
    open_page: OpenPage, server: str
) -> None:
    table, page = _at_my_turn(open_page, server, DESKTOP)
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
    table, page = _at_my_turn(open_page, server, DESKTOP)
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
    # A screen reader is told where the card went (the page reads it only as a new place).
    said = page.get_by_test_id("announcer").text_content()
    assert said == f"{long_name(before[2])} moved to place 4 of {len(before)}", said


def long_name(card: str) -> str:
    """A card as a screen reader hears it: "queen of hearts"."""
    ranks = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    return "joker" if card == "JK" else f"{ranks.get(card[0], card[0])} of {suits[card[1]]}"


def touch_path(
    page: Any,
    points: list[tuple[float, float]],
    hold_ms: int = 0,
    meanwhile: Callable[[], object] = lambda: None,
) -> None:
    """A finger put down at the first point, held `hold_ms`, moved through the others and
    lifted (Chromium's own touch input: the page's touch-action and gestures apply);
    `meanwhile` is done as the finger goes down."""
    touch = page.context.new_cdp_session(page)
    (x, y), rest = points[0], points[1:]
    start = {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    touch.send("Input.dispatchTouchEvent", start)
    held_from = time.monotonic()
    meanwhile()
    if hold_ms:
        page.wait_for_timeout(max(0, hold_ms - (time.monotonic() - held_from) * 1000))
    for x, y in rest:
        touch.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    touch.detach()


def line(
    start: tuple[float, float], end: tuple[float, float], steps: int = 10
) -> list[tuple[float, float]]:
    (x, y), (to_x, to_y) = start, end
    return [
        (x + (to_x - x) * step / steps, y + (to_y - y) * step / steps) for step in range(steps + 1)
    ]


def test_a_card_long_pressed_and_moved_by_touch_on_a_phone(
    open_page: OpenPage, server: str
) -> None:
    table, page = _at_my_turn(open_page, server, PHONE, has_touch=True, is_mobile=True)
    table.draw_and_discard(0)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=whose-turn]').textContent !== 'Your turn'"
    )
    before = hand_cards(page)
    # Held still a moment (a long press, 350 ms), the card is lifted and goes with the finger;
    # the other's turn, shown meanwhile (the player's own beginning), takes it from nobody.
    touch_path(
        page,
        line(centre(page, 5), centre(page, 1)),
        hold_ms=450,
        meanwhile=lambda: table.draw_and_discard(1),
    )
    page.wait_for_function(
        """before => [...document.querySelectorAll('.hand .card')]
            .map((card) => card.dataset.card).join() !== before""",
        arg=",".join(before),
    )
    assert hand_cards(page) == moved(before, 5, 1)
    # A drag is no tap: nothing is picked.
    assert page.locator(".hand .card.selected").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_tap_picks_a_card_and_a_swipe_scrolls_the_page_on_a_phone(
    open_page: OpenPage, server: str
) -> None:
    # A short phone: the table's page is taller than its screen however the hand
    # lies (a hand of eleven keeps one row now), so there is a page to scroll.
    short_phone = {**PHONE, "height": 600}
    table, page = _at_my_turn(open_page, server, short_phone, has_touch=True, is_mobile=True)
    page.locator("button.pile.stock").tap()
    page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 11")
    before = hand_cards(page)
    # A short tap picks the card, as it always has.
    x, y = centre(page, 3)
    page.touchscreen.tap(x, y)
    page.wait_for_selector(f'.hand .card.selected[data-card="{before[3]}"]')
    assert hand_cards(page) == before
    # A swipe started on a card at once (no long press) scrolls the page and moves no card.
    assert page.evaluate("document.documentElement.scrollHeight") > short_phone["height"]
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    x, y = centre(page, 6)
    on_card = "([x, y]) => document.elementFromPoint(x, y)?.closest('.hand .card')?.dataset.index"
    assert page.evaluate(on_card, [x, y]) == "6"
    touch_path(page, line((x, y), (x + 4, y + 220), steps=8))
    page.wait_for_function("scrolled => window.scrollY < scrolled", arg=scrolled)
    assert hand_cards(page) == before
    assert page.locator(".hand .card.dragging").count() == 0


def test_a_click_on_a_card_is_not_lost_to_another_seats_move(
    open_page: OpenPage, server: str
) -> None:
    """The mouse pressed on a card while the other seat moves, and let go: the card is
    picked (the table, redrawn under the pointer, once lost the click)."""
    table, page = table_for_two_opened(open_page, server, DESKTOP)
    table.draw_and_discard(0)
    page.locator("[data-testid=whose-turn]", has_text="Seat 2 · player to play").wait_for()
    x, y = centre(page, 0)
    card = page.locator('.hand .card[data-index="0"]').get_attribute("data-card")
    page.mouse.move(x, y)
    page.mouse.down()
    # The other seat's draw reaches the page (it reads the view again) while the button is down.
    with page.expect_response(lambda answer: answer.url.endswith("/view")):
        table.play(1, {"type": "draw", "source": "stock"})
    page.wait_for_timeout(300)
    page.mouse.up()
    picked = page.locator(f'.hand .card[data-card="{card}"]')
    assert picked.get_attribute("aria-pressed") == "true"
    # Let go, the table shows the move it held back.
    page.wait_for_function(
        """() => document.querySelector('.seats [data-seat="1"]')
            ?.getAttribute('aria-label').includes('11 cards')"""
    )
