"""Dealing: who gets which card, the up-card, the stock, and who plays first."""

from __future__ import annotations

import pytest
from rummy_table import Game, deal, small, stacked_deck

from domain.cards import STANDARD_CARDS
from domain.commands import Deal, Draw, LayMelds
from domain.events import HandDealt
from domain.game import decide
from domain.rules import build_ruleset
from domain.state import new_game


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left_then_the_up_card() -> None:
    ruleset = build_ruleset("basic")
    deck = STANDARD_CARDS
    (dealt,) = decide(new_game(ruleset, 3), None, Deal(deck=deck, dealer=1))
    assert isinstance(dealt, HandDealt)
    assert dealt.first_seat == 2
    assert dealt.hands is not None
    assert dealt.hands[2] == deck[0:21:3]
    assert dealt.hands[0] == deck[1:21:3]
    assert dealt.hands[1] == deck[2:21:3]
    assert dealt.up_card == deck[21]
    assert dealt.stock_count == 52 - 22


@pytest.mark.parametrize(("seats", "size", "stock"), [(2, 10, 31), (3, 7, 30), (4, 7, 23)])
def test_basic_deals_the_seed_table_of_cards_and_stock(seats: int, size: int, stock: int) -> None:
    (dealt,) = decide(new_game(build_ruleset("basic"), seats), None, Deal(deck=STANDARD_CARDS))
    assert isinstance(dealt, HandDealt)
    assert dealt.hand_sizes == (size,) * seats
    assert dealt.stock_count == stock


@pytest.mark.parametrize("seats", [5, 6])
def test_five_or_six_players_get_six_cards(seats: int) -> None:
    (dealt,) = decide(new_game(build_ruleset("basic"), seats), None, Deal(deck=STANDARD_CARDS))
    assert isinstance(dealt, HandDealt)
    assert dealt.hand_sizes == (6,) * seats


def test_the_stock_top_is_the_card_after_the_up_card() -> None:
    game = Game(build_ruleset("basic"), 2)
    game.do(None, Deal(deck=STANDARD_CARDS))
    (drawn,) = game.do(0, Draw("stock"))
    assert drawn.cards == (STANDARD_CARDS[21],)  # type: ignore[union-attr]
    assert game.state.discard_pile == (STANDARD_CARDS[20],)


def _go_out_at_once(game: Game) -> None:
    """The seat to play holds 3C 3D and draws 3H from the stock: it melds out."""
    seat = game.state.turn
    game.do(seat, Draw("stock"))
    game.do(seat, LayMelds((("3C", "3D", "3H"),)))
    assert game.state.phase == "deal"


# `alternate` (RULES.md names it for two players) moves left at any table, as
# `left_of_dealer` does: with two seats the two are the same.
@pytest.mark.parametrize("first_player", ["left_of_dealer", "alternate"])
@pytest.mark.parametrize(
    ("seats", "dealers"), [(2, [1, 0, 1, 0]), (3, [2, 0, 1, 2]), (4, [3, 0, 1, 2])]
)
def test_the_first_hand_is_opened_by_seat_zero_and_the_deal_moves_left_each_hand(
    seats: int, dealers: list[int], first_player: str
) -> None:
    ruleset = small("basic", 2, game_end="hands:9", first_player=first_player)
    game = Game(ruleset, seats)
    for number, dealer in enumerate(dealers, start=1):
        first = (dealer + 1) % seats
        hands = [["3C", "3D"] if seat == first else [] for seat in range(seats)]
        (dealt,) = game.do(None, Deal(deck=stacked_deck(ruleset, hands, "4H", ["3H"], dealer)))
        assert isinstance(dealt, HandDealt)
        assert (dealt.hand_number, dealt.dealer, dealt.first_seat) == (number, dealer, first)
        assert game.state.turn == first
        _go_out_at_once(game)


def test_a_later_hand_may_not_pick_its_own_dealer() -> None:
    ruleset = small("basic", 2)
    game = deal(ruleset, [["3C", "3D"], []], "4H", ["3H"])
    _go_out_at_once(game)
    assert game.rejects(None, Deal(deck=STANDARD_CARDS, dealer=1)).code == "invalid_seat"
    game.do(None, Deal(deck=STANDARD_CARDS, dealer=0))


def test_a_random_first_player_is_the_dealer_the_service_drew() -> None:
    game = Game(build_ruleset("palace"), 3)
    (dealt,) = game.do(None, Deal(deck=build_ruleset("palace").pack(), dealer=0))
    assert isinstance(dealt, HandDealt)
    assert (dealt.dealer, dealt.first_seat, game.state.turn) == (0, 1, 1)


def test_a_deck_that_is_not_the_games_pack_is_rejected() -> None:
    game = Game(build_ruleset("basic"), 2)
    assert game.rejects(None, Deal(deck=STANDARD_CARDS[:-1])).code == "invalid_deck"
    assert game.rejects(None, Deal(deck=(*STANDARD_CARDS[:-1], "AS"))).code == "invalid_deck"
    palace = Game(build_ruleset("palace"), 2)
    assert palace.rejects(None, Deal(deck=STANDARD_CARDS)).code == "invalid_deck"


def test_a_hand_in_progress_cannot_be_dealt_again() -> None:
    game = Game(build_ruleset("basic"), 2)
    game.do(None, Deal(deck=STANDARD_CARDS))
    assert game.rejects(None, Deal(deck=STANDARD_CARDS)).code == "hand_in_progress"


def test_a_dealer_outside_the_table_is_rejected() -> None:
    game = Game(build_ruleset("basic"), 2)
    assert game.rejects(None, Deal(deck=STANDARD_CARDS, dealer=2)).code == "invalid_seat"


def test_player_commands_before_the_deal_are_rejected() -> None:
    game = Game(build_ruleset("basic"), 2)
    assert game.rejects(0, Draw("stock")).code == "hand_not_started"
