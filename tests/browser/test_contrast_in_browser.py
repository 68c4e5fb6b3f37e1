"""Every text on every screen reads at 4.5:1 at least (issue 31, item 8), measured from the
computed styles: the start, the options, the table (desktop and phone, the top discard
included), the lobby, a leaderboard and a replay."""

from __future__ import annotations

from contrast import low_contrast
from table_setup import Table, new_player, open_table
from test_table import DESKTOP, PHONE, OpenPage, open_page, wait_for_my_turn

__all__ = ["open_page"]  # the fixture, shared with test_table


def test_every_screen_has_enough_contrast(open_page: OpenPage, server: str) -> None:
    low: dict[str, list[str]] = {}
    for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = open_page(viewport)
        page.goto(f"{server}/")
        page.get_by_test_id("play").wait_for()
        page.get_by_text("Table options").click()
        low[f"start {size}"] = low_contrast(page)
        player = new_player(server)
        seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
        table = Table(server, player, {"preset": "basic", "seats": seats})
        open_table(page, server, player, table.game_id)
        page.wait_for_selector(".hand .card")
        wait_for_my_turn(page)
        low[f"table {size}"] = low_contrast(page)
        # Drawn: the piles are out of reach, and their labels and top card must still read.
        with page.expect_response(lambda response: "/commands" in response.url):
            page.locator("button.pile.stock").click()
        page.wait_for_selector("button.pile.stock:disabled")
        low[f"table drawn {size}"] = low_contrast(page)
        for screen in ("#/lobby", "#/leaderboard/basic", "#/new"):
            page.goto(f"{server}/{screen}")
            page.wait_for_load_state("networkidle")
            low[f"{screen} {size}"] = low_contrast(page)
        page.goto(f"{server}/#/replay/{table.game_id}")
        page.get_by_test_id("replay-at").wait_for()
        low[f"replay {size}"] = low_contrast(page)
    assert not any(low.values()), {screen: found for screen, found in low.items() if found}
