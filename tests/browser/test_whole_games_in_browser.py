"""A whole game of each preset played by clicks, the other seats' moves paced quickly
(issue 31): basic, duel and classic here against a bot; palace against three bots in
test_table.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_table import DESKTOP, QUICK_PACE, OpenPage, open_page, play_now, play_whole_game

__all__ = ["open_page"]  # the fixture, shared with test_table


@pytest.mark.parametrize(
    ("preset", "ends"),
    [
        pytest.param("basic", lambda hands, totals: hands == 3, id="basic, three hands"),
        pytest.param("duel", lambda hands, totals: hands == 7, id="duel, seven hands"),
        pytest.param("classic", lambda hands, totals: max(totals) >= 100, id="classic, to 100"),
    ],
)
def test_a_whole_game_by_clicks_with_the_moves_paced(
    open_page: OpenPage,
    server: str,
    preset: str,
    ends: Callable[[int, list[int]], bool],
) -> None:
    page = open_page(DESKTOP, paced=True)
    page.context.add_init_script(QUICK_PACE)
    play_now(page, server, preset, 1, level=1)
    assert page.evaluate("localStorage.getItem('rummy.pace')") == "60"
    hands = play_whole_game(page, 2, 300)
    totals = [
        int(text.strip())
        for text in page.locator(
            "[data-testid=hand-end] .hand-scores tbody tr td:last-child"
        ).all_text_contents()
    ]
    assert ends(hands, totals), (hands, totals)
