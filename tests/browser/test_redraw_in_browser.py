"""The table redraws by keeping each part that is drawn again: a part that comes or goes
above another (a banner, an invite code, the last move's line) leaves the parts below it
the very elements they were, so a card being tapped or dragged is not swapped under the
finger."""

from __future__ import annotations

from test_table import DESKTOP, OpenPage, open_page

__all__ = ["open_page"]  # the fixture, shared with test_table

# Draws a status line and a hand, then again with a banner above them (or without it),
# and says which of the hand's cards are the very elements drawn first.
REDRAWN = """async (banner) => {
    const { h, redraw } = await import('./web/dom.js');
    const table = document.createElement('div');
    const parts = (withBanner, status) => [
        withBanner ? h('p', { class: 'banner', text: 'Your turn' }) : null,
        h('p', { class: 'status', text: status }),
        h('div', { class: 'hand' }, h('button', { class: 'card', text: 'AS' }),
          h('button', { class: 'card', text: 'KD' })),
    ];
    redraw(table, ...parts(!banner, 'first'));
    const cards = [...table.querySelectorAll('.card')];
    redraw(table, ...parts(banner, 'second'));
    return {
        kept: [...table.querySelectorAll('.card')].map((card, index) => card === cards[index]),
        shown: [...table.children].map((part) => part.className + ':' + part.textContent),
    };
}"""


def test_a_banner_that_appears_above_the_hand_keeps_the_hands_cards(
    open_page: OpenPage, server: str
) -> None:
    page = open_page(DESKTOP)
    page.goto(f"{server}/")
    redrawn = page.evaluate(REDRAWN, True)
    assert redrawn == {
        "kept": [True, True],
        "shown": ["banner:Your turn", "status:second", "hand:ASKD"],
    }


def test_a_banner_that_goes_keeps_the_hands_cards(open_page: OpenPage, server: str) -> None:
    page = open_page(DESKTOP)
    page.goto(f"{server}/")
    redrawn = page.evaluate(REDRAWN, False)
    assert redrawn == {"kept": [True, True], "shown": ["status:second", "hand:ASKD"]}
