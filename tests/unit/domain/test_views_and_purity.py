"""What each viewer sees of a game, replay, and the domain's import boundary."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from rummy_table import deal, small

from domain.commands import Discard, Draw
from domain.events import CardsDrawn, HandDealt, StockRenewed
from domain.views import redact, redact_for_seats, view_for

DOMAIN = Path(__file__).resolve().parents[3] / "domain"
FORBIDDEN = {"random", "time", "uuid", "datetime", "os", "secrets"}


def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_domain_imports_only_the_standard_library_and_msgspec() -> None:
    files = sorted(DOMAIN.glob("*.py"))
    assert files
    for path in files:
        roots = _imported_roots(path)
        outside = {r for r in roots if r not in sys.stdlib_module_names} - {"msgspec", "domain"}
        assert not outside, f"{path.name} imports {outside}"
        assert not roots & FORBIDDEN, f"{path.name} imports {roots & FORBIDDEN}"


HANDS = [["2C", "5D", "9H"], ["KS", "7H", "4C"]]


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    view = view_for(game.state, 1)
    assert view.hand == ("4C", "7H", "KS")
    assert view.hand_sizes == (3, 3)
    assert view.discard_pile == ("TD",)
    assert view.stock_count == 52 - 7
    assert view_for(game.state, None).hand is None
    assert view_for(game.state, None).legal_commands == ()


def test_the_deal_shows_each_seat_only_its_own_hand_and_never_the_deck() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    dealt = game.log[1]
    assert isinstance(dealt, HandDealt)
    for viewer, expected in ((0, (HANDS[0], None)), (1, (None, HANDS[1])), (None, (None, None))):
        shown = redact(dealt, viewer)
        assert isinstance(shown, HandDealt)
        assert shown.deck is None
        assert shown.hands == tuple(tuple(h) if h else None for h in expected)
        assert shown.up_card == "TD"


def test_a_stock_draw_is_shown_only_to_the_seat_that_drew() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    (drawn,) = game.do(0, Draw("stock"))
    assert redact(drawn, 0) == drawn
    assert redact(drawn, 1) == CardsDrawn(0, "stock", 1, None)
    assert redact(drawn, None) == CardsDrawn(0, "stock", 1, None)


def test_the_holder_of_several_seats_sees_each_ones_cards_and_no_one_elses() -> None:
    # A hot-seat player holds several seats: the deal shows them their hands only.
    game = deal(small(), HANDS, "TD", ["8S"])
    dealt = game.log[1]
    assert isinstance(dealt, HandDealt)
    both = redact_for_seats(dealt, (0, 1))
    assert isinstance(both, HandDealt) and both.deck is None
    assert both.hands == tuple(tuple(h) for h in HANDS)
    assert redact_for_seats(dealt, ()) == redact(dealt, None)
    (drawn,) = game.do(0, Draw("stock"))
    assert redact_for_seats(drawn, (1, 0)) == drawn
    assert redact_for_seats(drawn, (1,)) == CardsDrawn(0, "stock", 1, None)


def test_a_pile_draw_is_public() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    (drawn,) = game.do(0, Draw("discard"))
    assert redact(drawn, 1) == drawn
    game.do(0, Discard("2C"))
    assert view_for(game.state, 1).discard_pile == ("2C",)


def test_a_renewed_stocks_order_is_hidden_from_everyone() -> None:
    renewed = StockRenewed(seat=0, count=2, shuffled=False, stock=("2C", "3C"))
    for viewer in (0, 1, None):
        assert redact(renewed, viewer) == StockRenewed(0, 2, False, None)


def test_replaying_the_log_gives_the_same_state() -> None:
    game = deal(small(), HANDS, "TD", ["8S", "3D"])
    game.do(0, Draw("discard"))
    game.do(0, Discard("2C"))
    game.do(1, Draw("stock"))
    assert game.replayed() == game.state
