"""A selection that offers no move says why, in the rules' words, before anything is sent
(POST /games/{id}/commands/check, issue 31 item 1)."""

from __future__ import annotations

from table_setup import Table, humans, new_player, open_table, pack, stacked_deck
from test_table import DESKTOP, OpenPage, click_for, open_page, wait_for_my_turn

__all__ = ["open_page"]  # the fixture, shared with test_table

FIRST_SEAT_ZERO = {"first_player": "left_of_dealer"}


def test_a_card_taken_from_the_pile_says_why_it_cannot_go_back(
    open_page: OpenPage, server: str
) -> None:
    player = new_player(server)
    hands = [["2C", "9D", "KS"], []]
    deck = stacked_deck(pack(), hands, 10, up_card="5H")
    table = Table(
        server,
        player,
        {"preset": "basic", "seats": humans(2), "deck": deck, "rules": FIRST_SEAT_ZERO},
    )
    page = open_page(DESKTOP)
    open_table(page, server, player, table.game_id)
    wait_for_my_turn(page)
    click_for(page, page.get_by_test_id("discard-pile").locator('[data-card="5H"]'), "/commands")
    with page.expect_response(lambda response: "/commands/check" in response.url):
        page.locator('.hand .card[data-card="5H"]').first.click()
    why = page.get_by_test_id("why-not")
    why.wait_for(timeout=10_000)
    assert why.text_content() == "5♥ was taken from the pile this turn"
    # Three cards that are no meld: the rules' reason, not silence.
    page.locator('.hand .card[data-card="5H"]').first.click()
    with page.expect_response(lambda response: "/commands/check" in response.url):
        for code in ("2C", "9D", "KS"):
            page.locator(f'.hand .card[data-card="{code}"]').first.click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=why-not]')?.textContent?.length > 0"
    )
    assert "5♥" not in why.text_content()
    # Nothing was sent: the game is where the draw left it.
    assert table.view(0)["version"] == 3
