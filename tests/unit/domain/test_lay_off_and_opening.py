"""Laying off, and what a seat must lay down first (lay_off_needs_own_meld, initial_meld_min)."""

from __future__ import annotations

import pytest
from rummy_table import Game, deal, small

from domain.commands import Discard, Draw, LayMelds, LayOff
from domain.events import CardLaidOff
from domain.melds import form_meld, meld_points
from domain.rules import RuleSet, build_ruleset


def _table_with_run(ruleset: RuleSet, second: list[str], stock: list[str] | None = None) -> Game:
    """Seat 0 lays 5H 6H 7H and discards; seat 1 (holding `second`) has drawn."""
    game = deal(ruleset, [["5H", "6H", "7H", "KC", "QD"], second], "2S", stock or ["9C", "JD"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("5H", "6H", "7H"),)))
    game.do(0, Discard("9C"))
    game.do(1, Draw("stock"))
    return game


def test_a_run_grows_at_either_end_on_anyones_meld() -> None:
    game = _table_with_run(small("basic", 5), ["4H", "8H", "9H", "KS", "KD"])
    (low,) = game.do(1, LayOff("4H", 1))
    assert isinstance(low, CardLaidOff) and low.end == "low"
    game.do(1, LayOff("8H", 1))
    game.do(1, LayOff("9H", 1))
    assert [p.card for p in game.state.table[0].cards] == ["4H", "5H", "6H", "7H", "8H", "9H"]
    assert game.state.table[0].owner == 0
    assert game.state.placed[1] == ("4H", "8H", "9H")


def test_a_card_that_fits_no_end_cannot_be_laid_off() -> None:
    game = _table_with_run(small("basic", 5), ["9H", "5C", "KS", "KD", "3H"])
    for card in ("9H", "5C", "3H"):
        error = game.rejects(1, LayOff(card, 1))
        assert error.code == "invalid_lay_off"
        assert error.facts == {"card": card, "meld_id": 1}
    assert game.rejects(1, LayOff("KS", 7)).code == "unknown_meld"
    assert game.rejects(1, LayOff("4H", 1)).code == "card_not_in_hand"


def test_a_set_of_three_takes_the_fourth_card_and_a_set_of_four_is_full() -> None:
    ruleset = small("basic", 5)
    game = deal(ruleset, [["8C", "8D", "8H", "KC", "QD"], ["8S", "2D"]], "2S", ["9C", "JD"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("8C", "8D", "8H"),)))
    game.do(0, Discard("9C"))
    game.do(1, Draw("stock"))
    game.do(1, LayOff("8S", 1))
    assert len(game.state.table[0].cards) == 4


def test_lay_off_off_forbids_adding_to_melds() -> None:
    game = _table_with_run(small("basic", 5, lay_off=False), ["4H", "8H", "9H", "KS", "KD"])
    assert game.rejects(1, LayOff("4H", 1)).code == "lay_off_not_allowed"


def test_lay_off_needs_own_meld_waits_for_a_meld_of_ones_own() -> None:
    ruleset = small("basic", 5, lay_off_needs_own_meld=True)
    game = _table_with_run(ruleset, ["4H", "JS", "QS", "KS", "2D"])
    assert game.rejects(1, LayOff("4H", 1)).code == "own_meld_required"
    game.do(1, LayMelds((("JS", "QS", "KS"),)))
    game.do(1, LayOff("4H", 1))


def test_without_lay_off_needs_own_meld_anyone_may_lay_off_at_once() -> None:
    game = _table_with_run(small("basic", 5), ["4H", "JS", "QS", "KS", "2D"])
    game.do(1, LayOff("4H", 1))


def test_an_initial_meld_minimum_holds_lay_offs_back_whatever_the_other_knob_says() -> None:
    # RULES.md: nothing else (lay-off, joker swap) before a player's initial meld.
    ruleset = small("basic", 5, lay_off_needs_own_meld=False, initial_meld_min=15)
    game = _table_with_run(ruleset, ["4H", "JS", "QS", "KS", "2D"])
    assert game.rejects(1, LayOff("4H", 1)).code == "initial_meld_required"
    game.do(1, LayMelds((("JS", "QS", "KS"),)))
    game.do(1, LayOff("4H", 1))


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("AH 2H 3H", 6),  # the ace counts 1 in A-2-3
        ("QH KH AH", 31),  # and 11 in Q-K-A
        ("AC AD AH", 33),  # and 11 in a set
        ("TS JS QS", 30),
        ("9D TD JD", 29),
        ("JK 9D TD", 27),  # a joker counts as the card it stands for
        ("QC JK AC", 31),
        ("KH JK KS", 30),
    ],
)
def test_initial_meld_points_follow_the_palace_values(cards: str, points: int) -> None:
    assert meld_points(form_meld(cards.split(), build_ruleset("palace"))) == points


def test_a_wrapping_runs_ace_counts_one_before_a_two() -> None:
    # K-A-2 (`ace: cyclic`): the ace is "before the Two" and "after the King";
    # the engine counts it low, as in A-2-3.
    cyclic = build_ruleset("palace", {"ace": "cyclic"})
    assert meld_points(form_meld(["KH", "AH", "2H"], cyclic)) == 13
    assert meld_points(form_meld(["QH", "KH", "AH"], cyclic)) == 31


def _palace(size: int = 8, **overrides: object) -> RuleSet:
    return small("palace", size, **overrides)


def test_initial_meld_min_rejects_a_first_meld_under_thirty_points() -> None:
    game = deal(_palace(), [["9D", "TD", "JD", "2C", "3C", "4C", "KS", "KH"], []], "5S", ["7H"])
    game.do(0, Draw("stock"))
    error = game.rejects(0, LayMelds((("9D", "TD", "JD"),)))
    assert error.code == "initial_meld_too_low"
    assert (error.facts["points"], error.facts["minimum"]) == (29, 30)


def test_several_melds_laid_in_one_turn_add_up_to_the_initial_minimum() -> None:
    game = deal(_palace(), [["9D", "TD", "JD", "2C", "3C", "4C", "KS", "KH"], []], "5S", ["7H"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("9D", "TD", "JD"), ("2C", "3C", "4C"))))
    assert game.state.opened[0]


def test_after_the_initial_meld_any_meld_is_allowed() -> None:
    hand = ["TS", "JS", "QS", "2C", "3C", "4C", "KH", "8D"]
    game = deal(_palace(), [hand, []], "5S", ["7H", "9C"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("TS", "JS", "QS"),)))
    game.do(0, LayMelds((("2C", "3C", "4C"),)))


def test_an_ace_counts_one_in_a_low_run_and_eleven_in_a_high_run_toward_the_minimum() -> None:
    hand = ["AH", "2H", "3H", "QC", "KC", "AC", "8D", "9S"]
    game = deal(_palace(initial_meld_min=31), [hand, []], "5S", ["7H"])
    game.do(0, Draw("stock"))
    assert game.rejects(0, LayMelds((("AH", "2H", "3H"),))).code == "initial_meld_too_low"
    game.do(0, LayMelds((("QC", "KC", "AC"),)))


def test_a_joker_counts_as_its_card_toward_the_minimum() -> None:
    hand = ["JK", "KS", "KH", "8D", "9S", "2C", "4H", "6D"]
    game = deal(_palace(), [hand, []], "5S", ["7H"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("KS", "JK", "KH"),)))


def test_nothing_else_is_allowed_before_the_initial_meld() -> None:
    ruleset = _palace(8)
    hands = [["TS", "JS", "QS", "2C", "3C", "7D", "8D", "9D"], ["KS", "5C", "9S", "9H"]]
    game = deal(ruleset, hands, "5S", ["8H", "4C"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("TS", "JS", "QS"),)))
    game.do(0, Discard("8H"))
    game.do(1, Draw("stock"))
    error = game.rejects(1, LayOff("KS", 1))
    assert error.code == "initial_meld_required"


def test_initial_meld_min_forty_is_a_knob_of_its_own() -> None:
    hand = ["TS", "JS", "QS", "KS", "3C", "7D", "8D", "9D"]
    game = deal(_palace(initial_meld_min=40), [hand, []], "5S", ["7H"])
    game.do(0, Draw("stock"))
    assert game.rejects(0, LayMelds((("TS", "JS", "QS"),))).code == "initial_meld_too_low"
    game.do(0, LayMelds((("TS", "JS", "QS", "KS"),)))


def test_initial_meld_min_zero_lets_any_meld_open() -> None:
    hand = ["2C", "3C", "4C", "KS", "3H", "7D", "8D", "9D"]
    game = deal(_palace(initial_meld_min=0), [hand, []], "5S", ["7H"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("2C", "3C", "4C"),)))
