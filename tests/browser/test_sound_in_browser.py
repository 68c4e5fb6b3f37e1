"""The table's sounds (issue 31, optional sound): a labelled switch on the status bar, kept
across a reload; with it on, the player's turn beginning is heard, but never before the
player has clicked or typed on the page; with it off, nothing is. The sounds are counted as
the notes the page starts (an init script wraps the Web Audio API's oscillators)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from table_setup import two_people_first_to_play
from test_table import (
    DESKTOP,
    PHONE,
    OpenPage,
    click_for,
    open_page,
    table_for_two_opened,
    wait_for_my_turn,
    wait_until,
)

__all__ = ["open_page"]  # the fixture, shared with test_table

# Every note the page plays is an oscillator started: told on the console (read with no
# script run in the page: each of Playwright's evaluations counts as a user's gesture).
COUNT_NOTES = """(() => {
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
        console.log('note started');
        return start.apply(this, args);
    };
})();"""


def sound_switch(page: Any) -> Any:
    return page.get_by_role("checkbox", name="Sound")


def test_the_sound_switch_is_labelled_on_at_first_and_kept_across_a_reload(
    open_page: OpenPage, server: str
) -> None:
    table, page = table_for_two_opened(open_page, server, DESKTOP)
    switch = sound_switch(page)
    assert switch.is_visible()
    assert switch.is_checked()
    switch.uncheck()
    assert page.evaluate("localStorage.getItem('rummy.sound')") == "off"
    page.reload()
    page.wait_for_selector(".table-screen")
    assert not sound_switch(page).is_checked()
    sound_switch(page).check()
    page.reload()
    page.wait_for_selector(".table-screen")
    assert sound_switch(page).is_checked()


def test_the_sound_switch_fits_the_phone_status_bar(open_page: OpenPage, server: str) -> None:
    table, page = table_for_two_opened(open_page, server, PHONE, has_touch=True, is_mobile=True)
    page.locator(".status .sound").wait_for()  # the status bar is drawn once the view is read
    # Both measured in one step: the page redraws its status bar as the game goes on.
    box, label = page.evaluate(
        """() => {
          const switcher = document.querySelector('.status .sound');
          return [switcher, switcher?.querySelector('label')].map((element) => {
            const box = element?.getBoundingClientRect();
            return box ? { x: box.x, width: box.width, height: box.height } : null;
          });
        }"""
    )
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # A finger's target: the label is part of it.
    assert label is not None and label["height"] >= 16
    page.locator(".status .sound label").tap()
    assert not sound_switch(page).is_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_turn_beginning_is_heard_once_the_player_has_touched_the_page(
    open_page: OpenPage, server: str
) -> None:
    table = two_people_first_to_play(server)
    page = open_page(DESKTOP)
    page.add_init_script(COUNT_NOTES)
    # The player kept as a first visit keeps it, set before the page runs: no script of the
    # test's may run in the page before its first click.
    player = json.dumps(table.player)
    page.add_init_script(f"localStorage.setItem('rummy.player', {json.dumps(player)})")
    notes: list[str] = []
    page.on("console", lambda message: notes.append(message.text))

    def heard() -> int:
        return notes.count("note started")

    def shown_after(move: Callable[[], object]) -> None:
        """Makes `move` and waits for the page to read its view again."""
        with page.expect_response(lambda answer: answer.url.endswith("/view")):
            move()
        page.wait_for_timeout(400)

    with page.expect_websocket():
        page.goto(f"{server}/#/game/{table.game_id}")
    page.wait_for_timeout(500)
    # Moves and a turn of the player's beginning before any click or key: silence (the
    # browser's autoplay rule).
    shown_after(lambda: table.draw_and_discard(0))
    shown_after(lambda: table.draw_and_discard(1))
    assert heard() == 0
    # The player's own draw, by a click: heard.
    click_for(page, page.locator("button.pile.stock"), "/commands")
    wait_until(page, lambda: heard() > 0)
    page.locator(".hand .card").first.click()
    click_for(page, page.locator(".you .actions button", has_text="Discard"), "/commands")
    page.wait_for_timeout(400)
    before_turn = heard()
    # The other seat plays and the player's turn begins: heard.
    table.draw_and_discard(1)
    wait_for_my_turn(page)
    wait_until(page, lambda: heard() > before_turn)
    # Turned off: a whole round goes by in silence.
    sound_switch(page).uncheck()
    page.wait_for_timeout(300)
    silent_from = heard()
    shown_after(lambda: table.draw_and_discard(0))
    shown_after(lambda: table.draw_and_discard(1))
    wait_for_my_turn(page)
    assert heard() == silent_from
