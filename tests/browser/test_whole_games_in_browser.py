"""A whole game of each preset played by clicks, the other seats' moves paced quickly
(issue 31): basic, classic and duel here against a bot; palace against three bots in
test_table.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from table_setup import Table, new_player, open_table, pack, runs_for_every_seat
from test_table import (
    DESKTOP,
    QUICK_PACE,
    OpenPage,
    open_page,
    play_my_turn,
    play_now,
    play_whole_game,
    wait_for_my_turn,
    wait_until,
)

__all__ = ["open_page"]  # the fixture, shared with test_table

# Whole games by clicks, the longest module: handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow


# Each hand dealt so that whoever plays first goes out at once (a ten-card run each: the
# page's player, first in hands 1 and 3, by clicks): the game's hands, their summaries
# and its end in seconds, not a minute of turns. Basic plays three hands, and more while
# the totals are tied (its tie break), so it ends with a sole leader; classic's runs of
# 4 to K are worth 79 to whoever goes out, so its target of 100 takes two hands won.
@pytest.mark.parametrize(
    ("preset", "level", "ranks", "ends"),
    [
        pytest.param(
            "basic",
            3,
            "A23456789T",
            lambda hands, totals: hands >= 3 and totals[0] != totals[1],
            id="basic, three hands or more to break a tie",
        ),
        pytest.param(
            "classic",
            1,
            "456789TJQK",
            lambda hands, totals: max(totals) >= 100,
            id="classic, to 100",
        ),
    ],
)
def test_a_whole_game_by_clicks_with_the_moves_paced(
    open_page: OpenPage,
    server: str,
    preset: str,
    level: int,
    ranks: str,
    ends: Callable[[int, list[int]], bool],
) -> None:
    page = open_page(DESKTOP, paced=True)
    page.context.add_init_script(QUICK_PACE)
    # Hands past the decks given (a long tie) are shuffled as usual.
    play_now(page, server, preset, 1, level=level, decks=[runs_for_every_seat(ranks, 2)] * 6)
    assert page.evaluate("localStorage.getItem('rummy.pace')") == "60"
    hands = play_whole_game(page, 2, 300)
    totals = [
        int(text.strip())
        for text in page.locator(
            "[data-testid=hand-end] .hand-scores tbody tr td:last-child"
        ).all_text_contents()
    ]
    assert ends(hands, totals), (hands, totals)


def _duel_of_runs(open_page: OpenPage, server: str) -> tuple[Table, Any]:
    """A duel against a level-1 bot, each hand dealt so that whoever plays first can go
    out at once (a ten-card run each, the clubs to the first seat dealt and the
    diamonds to the other), open at the page's player's seat, its moves paced quickly."""
    runs = [rank + suit for rank in "A23456789T" for suit in "CD"]
    rest = [card for card in pack() if card not in runs]
    player = new_player(server)
    seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
    table = Table(server, player, {"preset": "duel", "seats": seats, "decks": [runs + rest] * 7})
    page = open_page(DESKTOP, paced=True)
    page.context.add_init_script(QUICK_PACE)
    open_table(page, server, player, table.game_id)
    return table, page


def test_a_whole_duel_by_clicks_with_the_moves_paced(open_page: OpenPage, server: str) -> None:
    """Duel's seven hands by clicks in seconds, against a bot that may go out first."""
    _, page = _duel_of_runs(open_page, server)
    assert play_whole_game(page, 2, 300) == 7


def test_a_hand_ended_while_the_last_ones_summary_is_read_follows_it(
    open_page: OpenPage, server: str
) -> None:
    """While the player still reads hand 1's summary, hand 2 is played to its end (here by
    the player's other client; a bot that plays first and goes out at once does the
    same). Hand 1's stays up until it is closed, then hand 2's comes: before, hand 2's
    replaced it under the player's eyes, and Next hand closed a summary never read."""
    table, page = _duel_of_runs(open_page, server)
    heading = page.get_by_test_id("hand-end").locator("h2")
    while not heading.count():
        wait_for_my_turn(page)
        if not heading.count():
            play_my_turn(page)
    assert heading.text_content().startswith("Hand 1:")

    def hand_two_played_on() -> bool:
        view = table.view(0)
        if view["hand_number"] > 2:
            return True
        if view["turn"] == 0 and view["legal_commands"]:
            suggested = httpx.post(f"{server}/bots/suggest", json={"view": view, "preset": "duel"})
            table.play(0, suggested.json()["command"])
        return False

    wait_until(page, hand_two_played_on, timeout_s=60)
    page.wait_for_function(
        "() => document.querySelector('.log ol')?.textContent.includes('Hand 3')"
    )
    assert heading.text_content().startswith("Hand 1:")
    page.get_by_role("button", name="Next hand").click()
    assert heading.text_content().startswith("Hand 2:")
    page.get_by_role("button", name="Next hand").click()
    assert not page.get_by_test_id("hand-end").count()
