"""Sets and runs under the ace, max_run, set_suits and strict_groups knobs; jokers in melds."""

from __future__ import annotations

from typing import Any

import pytest
from rummy_table import deal, small

from domain.commands import Discard, Draw, LayMelds, LayOff
from domain.errors import IllegalCommand
from domain.events import MeldLaid
from domain.layoffs import lay_off_options
from domain.melds import Meld, Placed, form_meld
from domain.rules import build_ruleset


def _is_meld(cards: str, preset: str = "basic", **overrides: Any) -> bool:
    try:
        form_meld(cards.split(), build_ruleset(preset, overrides))
    except IllegalCommand as error:
        assert error.code == "invalid_meld"
        return False
    return True


def _as(cards: str, preset: str = "palace", **overrides: Any) -> list[str]:
    return [p.as_ for p in form_meld(cards.split(), build_ruleset(preset, overrides)).cards]


@pytest.mark.parametrize(
    ("cards", "low", "high_or_low", "cyclic"),
    [
        ("AH 2H 3H", True, True, True),
        ("QH KH AH", False, True, True),
        ("KH AH 2H", False, False, True),
        ("QH KH AH 2H", False, False, True),
        ("JC QC KC", True, True, True),
        ("2H 3H 4H 5H", True, True, True),
        ("4C 5D 6C", False, False, False),
        ("4C 5C 7C", False, False, False),
        ("4C 5C", False, False, False),
    ],
)
def test_runs_follow_the_ace_knob(cards: str, low: bool, high_or_low: bool, cyclic: bool) -> None:
    assert _is_meld(cards, ace="low") is low
    assert _is_meld(cards, ace="high_or_low") is high_or_low
    assert _is_meld(cards, ace="cyclic") is cyclic


def test_a_run_of_natural_cards_may_be_listed_in_any_order() -> None:
    shape = form_meld(["7D", "5D", "6D"], build_ruleset())
    assert [p.card for p in shape.cards] == ["5D", "6D", "7D"]
    shape = form_meld(["AH", "KH", "QH"], build_ruleset("classic"))
    assert [p.card for p in shape.cards] == ["QH", "KH", "AH"]


def test_a_full_run_ace_to_king_is_allowed_and_ace_to_ace_only_when_high_or_low() -> None:
    full = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    assert _is_meld(full)
    assert _is_meld(full, ace="cyclic")


@pytest.mark.parametrize(("max_run", "length", "ok"), [(5, 5, True), (5, 6, False), (3, 3, True)])
def test_max_run_caps_the_length_of_a_run(max_run: int, length: int, ok: bool) -> None:
    cards = " ".join(f"{r}H" for r in "23456789"[:length])
    assert _is_meld(cards, max_run=max_run) is ok


def test_max_run_also_caps_a_lay_off() -> None:
    ruleset = small("basic", 5, max_run=4)
    game = deal(ruleset, [["4H", "5H", "6H", "7H", "QC"], ["8H", "3H"]], "2S", ["9C", "9D"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("4H", "5H", "6H", "7H"),)))
    game.do(0, Discard("9C"))
    game.do(1, Draw("stock"))
    assert game.rejects(1, LayOff("8H", 1)).code == ("invalid_lay_off")


@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        ("8C 8D 8H", True),
        ("8C 8D 8H 8S", True),
        ("8C 8D 8C", False),
        ("8C 8D", False),
        ("8C 8D 9H", False),
    ],
)
def test_a_set_holds_three_or_four_cards_of_a_rank_each_suit_once(cards: str, ok: bool) -> None:
    assert _is_meld(cards, "palace") is ok


def test_set_suits_off_lets_a_two_deck_set_repeat_a_suit() -> None:
    assert not _is_meld("8C 8C 8D", "palace")
    assert _is_meld("8C 8C 8D", "palace", set_suits=False)
    assert _is_meld("8C 8C 8D 8D 8H", "palace", set_suits=False)


@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        ("7C 7S 7H", True),
        ("7S 7H 7D", True),
        ("7C 7S 7H 7D", True),
        ("7C 7H 7D", False),  # a gap where spades go
        ("7S 7C 7H", False),  # out of order
        ("7C JK 7H", True),  # the joker fills the gap
        ("JK 7S 7H", True),  # the joker stands for clubs, the first suit
        ("JK 7C 7S", False),  # nothing stands before clubs
    ],
)
def test_strict_groups_keep_suits_in_order_c_s_h_d_without_gaps(cards: str, ok: bool) -> None:
    assert _is_meld(cards, "palace", strict_groups=True) is ok


@pytest.mark.parametrize(
    ("cards", "says"), [("JK 7C 7S", "before clubs"), ("7S 7H 7D JK", "after diamonds")]
)
def test_a_strict_group_with_no_room_for_its_joker_says_which_end(cards: str, says: str) -> None:
    # Before, a joker after diamonds was refused as "no joker before clubs".
    with pytest.raises(IllegalCommand, match=f"no joker {says}"):
        form_meld(cards.split(), build_ruleset("palace", {"strict_groups": True}))


def test_without_strict_groups_a_set_may_list_suits_in_any_order() -> None:
    assert _is_meld("7S 7C 7H", "palace")
    assert _is_meld("7C 7H 7D", "palace")


def test_a_joker_shows_the_card_it_stands_for() -> None:
    assert _as("5H JK 7H") == ["5H", "6H", "7H"]
    assert _as("JK 6H 7H") == ["5H", "6H", "7H"]
    assert _as("QD KD JK") == ["QD", "KD", "AD"]
    assert _as("7H 7S JK") == ["7H", "7S", "7C"]
    assert _as("7C JK 7H", strict_groups=True) == ["7C", "7S", "7H"]


def test_a_meld_never_holds_more_jokers_than_natural_cards() -> None:
    assert not _is_meld("5H JK JK", "palace")
    assert _is_meld("5H JK JK 8H", "palace")
    assert not _is_meld("JK JK JK", "palace")
    assert not _is_meld("7H JK JK", "palace")


def test_two_adjacent_jokers_are_allowed_unless_strict_jokers() -> None:
    assert _is_meld("5H JK JK 8H", "palace")
    assert not _is_meld("5H JK JK 8H", "palace", strict_jokers=True)
    assert _is_meld("5H JK 7H JK", "palace", strict_jokers=True)


def test_a_joker_cannot_stretch_a_run_past_the_ace() -> None:
    assert not _is_meld("JK AH 2H", "basic", jokers=2)
    assert not _is_meld("KH AH JK", "palace")
    assert _is_meld("KH AH JK", "palace", ace="cyclic")


def test_laying_a_meld_moves_its_cards_from_the_hand_to_the_table() -> None:
    ruleset = small("basic", 4)
    game = deal(ruleset, [["3C", "4C", "5C", "KD"], []], "2S", ["9H"])
    game.do(0, Draw("stock"))
    (laid,) = game.do(0, LayMelds((("5C", "3C", "4C"),)))
    assert laid == MeldLaid(
        0, Meld(1, "run", 0, (Placed("3C", "3C"), Placed("4C", "4C"), Placed("5C", "5C")), 3)
    )
    assert sorted(game.state.hands[0]) == ["9H", "KD"]
    assert game.state.table == (laid.meld,)


def test_a_bad_meld_is_rejected_and_the_hand_is_untouched() -> None:
    ruleset = small("basic", 4)
    game = deal(ruleset, [["3C", "4C", "6C", "KD"], []], "2S", ["9H"])
    game.do(0, Draw("stock"))
    error = game.rejects(0, LayMelds((("3C", "4C", "6C"),)))
    assert error.code == "invalid_meld"
    assert error.facts["cards"] == ["3C", "4C", "6C"]
    assert game.rejects(0, LayMelds(())).code == "invalid_meld"


def test_a_meld_of_cards_not_held_is_rejected() -> None:
    ruleset = small("basic", 4)
    game = deal(ruleset, [["3C", "4C", "KD", "KH"], []], "2S", ["9H"])
    game.do(0, Draw("stock"))
    assert game.rejects(0, LayMelds((("3C", "4C", "5C"),))).code == "card_not_in_hand"
    # The same card twice is one card held once.
    assert game.rejects(0, LayMelds((("KD", "KH", "KD"),))).code == "card_not_in_hand"


def test_each_card_is_in_one_meld_only() -> None:
    ruleset = small("basic", 6)
    game = deal(ruleset, [["3C", "4C", "5C", "5D", "5H", "KD"], []], "2S", ["9H"])
    game.do(0, Draw("stock"))
    error = game.rejects(0, LayMelds((("3C", "4C", "5C"), ("5C", "5D", "5H"))))
    assert error.code == "card_not_in_hand"


def test_melds_per_turn_any_lays_several_melds_in_one_turn() -> None:
    ruleset = small("basic", 7)
    hand = ["3C", "4C", "5C", "8D", "8H", "8S", "KD"]
    game = deal(ruleset, [hand, []], "2S", ["9H"])
    game.do(0, Draw("stock"))
    events = game.do(0, LayMelds((("3C", "4C", "5C"), ("8D", "8H", "8S"))))
    assert [e.meld.id for e in events if isinstance(e, MeldLaid)] == [1, 2]


def test_melds_per_turn_one_allows_a_single_new_meld_a_turn() -> None:
    ruleset = small("duel", 7)
    hand = ["3C", "4C", "5C", "8D", "8H", "8S", "KD"]
    game = deal(ruleset, [hand, []], "2S", ["9H"])
    game.do(0, Draw("stock"))
    assert game.rejects(0, LayMelds((("3C", "4C", "5C"), ("8D", "8H", "8S")))).code == (
        "too_many_melds"
    )
    game.do(0, LayMelds((("3C", "4C", "5C"),)))
    assert game.rejects(0, LayMelds((("8D", "8H", "8S"),))).code == "too_many_melds"


def test_strict_jokers_forbids_two_adjacent_jokers_in_a_set_too() -> None:
    # RULES.md, palace custom rules: strict_jokers means "no two adjacent jokers",
    # in any meld; a set lies on the table in the order its cards are given.
    assert _is_meld("7H 7S JK JK", "palace")
    assert not _is_meld("7H 7S JK JK", "palace", strict_jokers=True)
    assert _is_meld("7H JK 7S JK", "palace", strict_jokers=True)


def test_strict_jokers_a_joker_laid_off_on_a_set_never_sits_beside_another() -> None:
    # RULES.md: strict_jokers, "no two adjacent jokers"; a lay-off goes at the end.
    ruleset = build_ruleset("palace", {"strict_jokers": True})
    beside = Meld(1, "set", 0, (Placed("7H", "7H"), Placed("7S", "7S"), Placed("JK", "7C")))
    apart = Meld(2, "set", 0, (Placed("7H", "7H"), Placed("JK", "7C"), Placed("7S", "7S")))
    assert lay_off_options(beside, "JK", ruleset) == []
    assert lay_off_options(beside, "JK", build_ruleset("palace")) != []
    assert lay_off_options(apart, "JK", ruleset) != []
