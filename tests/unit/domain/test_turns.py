"""A turn: draw from the stock or the pile, play, discard; and the errors a turn can raise."""

from __future__ import annotations

from collections import Counter

import pytest
from rummy_table import deal, small

from domain.commands import Discard, Draw, Knock, LayMelds, LayOff, SwapJoker
from domain.events import CardDiscarded, CardsDrawn

HANDS = [["2C", "5D", "9H"], ["KS", "7H", "4C"]]


def test_drawing_the_stock_gives_its_top_card_to_the_seat_only() -> None:
    game = deal(small(), HANDS, "TD", ["8S", "JC"])
    assert game.do(0, Draw("stock")) == [CardsDrawn(0, "stock", 1, ("8S",))]
    assert game.hand(0) == Counter(["2C", "5D", "9H", "8S"])
    assert game.state.phase == "play"
    assert game.state.stock[-1] == "JC"


def test_drawing_the_pile_takes_its_top_card() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    assert game.do(0, Draw("discard")) == [CardsDrawn(0, "discard", 1, ("TD",))]
    assert game.state.discard_pile == ()
    assert game.state.taken_from_pile == ("TD",)


def test_discarding_ends_the_turn_and_passes_to_the_left() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    game.do(0, Draw("stock"))
    assert game.do(0, Discard("5D")) == [CardDiscarded(0, "5D")]
    assert (game.state.turn, game.state.phase) == (1, "draw")
    assert game.state.discard_pile == ("TD", "5D")


def test_a_card_drawn_from_the_stock_may_be_discarded_at_once() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    game.do(0, Draw("stock"))
    game.do(0, Discard("8S"))
    assert game.state.discard_pile[-1] == "8S"


def test_no_same_discard_forbids_throwing_back_the_card_taken_from_the_pile() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    game.do(0, Draw("discard"))
    error = game.rejects(0, Discard("TD"))
    assert error.code == "same_discard"
    assert error.facts["card"] == "TD"
    game.do(0, Discard("2C"))


def test_the_card_taken_from_the_pile_may_be_discarded_on_a_later_turn() -> None:
    game = deal(small(), HANDS, "TD", ["8S", "3H"])
    game.do(0, Draw("discard"))
    game.do(0, Discard("2C"))
    game.do(1, Draw("stock"))
    game.do(1, Discard("8S"))
    game.do(0, Draw("stock"))
    game.do(0, Discard("TD"))


def test_no_same_discard_off_lets_the_taken_card_go_straight_back() -> None:
    game = deal(small(no_same_discard=False), HANDS, "TD", ["8S"])
    game.do(0, Draw("discard"))
    game.do(0, Discard("TD"))
    assert game.state.discard_pile == ("TD",)


def test_discard_pickup_top_takes_only_the_top_card() -> None:
    game = deal(small(), HANDS, "TD", ["8S", "3H"])
    game.do(0, Draw("stock"))
    game.do(0, Discard("8S"))
    error = game.rejects(1, Draw("discard", count=2))
    assert error.code == "invalid_pickup"
    assert error.facts["most"] == 1


def test_discard_pickup_any_takes_a_card_and_every_card_above_it() -> None:
    ruleset = small("classic")
    game = deal(ruleset, HANDS, "TD", ["8S", "3H", "6S"])
    game.do(0, Draw("stock"))
    game.do(0, Discard("8S"))
    game.do(1, Draw("stock"))
    game.do(1, Discard("3H"))
    assert game.state.discard_pile == ("TD", "8S", "3H")
    assert game.do(0, Draw("discard", count=2)) == [CardsDrawn(0, "discard", 2, ("8S", "3H"))]
    assert game.state.discard_pile == ("TD",)
    assert game.hand(0) == Counter(["2C", "5D", "9H", "8S", "3H"])
    # Every card taken from the pile is barred from this turn's discard.
    assert game.rejects(0, Discard("8S")).code == "same_discard"
    assert game.rejects(0, Discard("3H")).code == "same_discard"


def test_discard_pickup_any_cannot_take_more_cards_than_the_pile_holds() -> None:
    game = deal(small("classic"), HANDS, "TD", ["8S"])
    assert game.rejects(0, Draw("discard", count=2)).code == "invalid_pickup"
    assert game.rejects(0, Draw("discard", count=0)).code == "invalid_pickup"


def test_the_stock_gives_one_card_at_a_time() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    assert game.rejects(0, Draw("stock", count=2)).code == "invalid_pickup"


@pytest.mark.parametrize("command", [Draw("stock"), Discard("KS")], ids=["draw", "discard"])
def test_another_seat_may_not_play_out_of_turn(command: Draw | Discard) -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    error = game.rejects(1, command)
    assert error.code == "not_your_turn"
    assert (error.facts["seat"], error.facts["turn"]) == (1, 0)


@pytest.mark.parametrize(
    "command",
    [Discard("2C"), LayMelds((("2C", "3C", "4C"),)), LayOff("2C", 1), SwapJoker("2C", 1)],
    ids=["discard", "lay_melds", "lay_off", "swap_joker"],
)
def test_playing_before_drawing_is_the_wrong_phase(command: object) -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    assert game.rejects(0, command).code == "wrong_phase"  # type: ignore[arg-type]


def test_drawing_twice_is_the_wrong_phase() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    game.do(0, Draw("stock"))
    assert game.rejects(0, Draw("stock")).code == "wrong_phase"
    assert game.rejects(0, Draw("discard")).code == "wrong_phase"


def test_a_card_not_in_hand_cannot_be_discarded() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    game.do(0, Draw("stock"))
    error = game.rejects(0, Discard("KS"))
    assert error.code == "card_not_in_hand"


@pytest.mark.parametrize("code", ["XX", "1H", "", "jk", "10H"])
def test_a_code_that_is_no_card_is_rejected(code: str) -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    game.do(0, Draw("stock"))
    error = game.rejects(0, Discard(code))
    assert error.code == "invalid_card"
    assert game.rejects(0, LayMelds(((code, "2C", "5D"),))).code == "invalid_card"


@pytest.mark.parametrize("seat", [-1, 2, None])
def test_a_seat_outside_the_table_is_rejected(seat: int | None) -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    assert game.rejects(seat, Draw("stock")).code == "invalid_seat"


def test_knock_is_rejected_when_knocking_is_off() -> None:
    game = deal(small(), [*HANDS, ["AS", "AH", "AD"]], "TD", ["8S"])
    game.do(0, Draw("stock"))
    game.do(0, Discard("8S"))
    assert game.rejects(2, Knock()).code == "knock_not_allowed"
