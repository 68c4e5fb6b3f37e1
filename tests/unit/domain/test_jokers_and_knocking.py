"""Palace's custom rules: joker swaps, strict_jokers and knocking."""

from __future__ import annotations

from typing import Any

from rummy_table import Game, deal, small

from domain.commands import Discard, Draw, Knock, LayMelds, LayOff, SwapJoker
from domain.events import JokerSwapped, Knocked
from domain.legal import legal_commands
from domain.views import redact, view_for

SEAT0 = ["5H", "JK", "7H", "7C", "7S", "JK", "KC"]
SEAT1 = ["8S", "8H", "8D", "6H", "7H", "QC", "2D"]


def _melds_on_the_table(**overrides: Any) -> Game:
    """Seat 0 has laid 5H JK(6H) 7H and 7C 7S JK(7H); seat 1 has drawn and opened."""
    ruleset = small("palace", 7, initial_meld_min=0, **overrides)
    game = deal(ruleset, [SEAT0, SEAT1], "4S", ["9C", "TD"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("5H", "JK", "7H"), ("7C", "7S", "JK"))))
    game.do(0, Discard("9C"))
    game.do(1, Draw("stock"))
    game.do(1, LayMelds((("8S", "8H", "8D"),)))
    return game


def test_a_player_past_the_initial_meld_swaps_the_natural_card_for_the_joker() -> None:
    game = _melds_on_the_table()
    (swapped,) = game.do(1, SwapJoker("6H", 1))
    assert isinstance(swapped, JokerSwapped)
    assert [p.card for p in game.state.table[0].cards] == ["5H", "6H", "7H"]
    assert game.hand(1)["JK"] == 1


def test_a_joker_swap_needs_the_card_the_joker_stands_for() -> None:
    game = _melds_on_the_table()
    assert game.rejects(1, SwapJoker("QC", 1)).code == "invalid_joker_swap"
    assert game.rejects(1, SwapJoker("6H", 3)).code == "invalid_joker_swap"


def test_a_joker_swap_waits_for_the_seats_own_meld() -> None:
    ruleset = small("palace", 7, initial_meld_min=0)
    game = deal(ruleset, [SEAT0, SEAT1], "4S", ["9C", "TD"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("5H", "JK", "7H"),)))
    game.do(0, Discard("9C"))
    game.do(1, Draw("stock"))
    assert game.rejects(1, SwapJoker("6H", 1)).code == "own_meld_required"


def test_strict_jokers_forbids_discarding_a_joker() -> None:
    game = deal(small("palace", 7), [SEAT0, SEAT1], "4S", ["9C"])
    game.do(0, Draw("stock"))
    game.do(0, Discard("JK"))
    strict = deal(small("palace", 7, strict_jokers=True), [SEAT0, SEAT1], "4S", ["9C"])
    strict.do(0, Draw("stock"))
    assert strict.rejects(0, Discard("JK")).code == "joker_discard_forbidden"


def test_strict_jokers_a_group_must_hold_four_cards_before_its_joker_is_swapped() -> None:
    assert _melds_on_the_table().do(1, SwapJoker("7H", 2))
    game = _melds_on_the_table(strict_jokers=True)
    assert game.rejects(1, SwapJoker("7H", 2)).code == "invalid_joker_swap"


def test_strict_jokers_a_swapped_joker_must_be_played_the_same_turn() -> None:
    game = _melds_on_the_table(strict_jokers=True)
    game.do(1, SwapJoker("6H", 1))
    assert game.rejects(1, Discard("QC")).code == "joker_must_be_played"
    game.do(1, LayOff("JK", 1, "high"))
    game.do(1, Discard("QC"))


def test_without_strict_jokers_a_swapped_joker_may_stay_in_hand() -> None:
    game = _melds_on_the_table()
    game.do(1, SwapJoker("6H", 1))
    game.do(1, Discard("QC"))
    assert game.hand(1)["JK"] == 1


def test_strict_jokers_a_swap_must_leave_a_card_to_discard_after_the_joker_is_played() -> None:
    # Seat 1 keeps only 6H and the taken 9C: swapping would leave the joker and
    # a card it may not discard, so its turn could not end (go_out: discard).
    ruleset = small("palace", 4, initial_meld_min=0, strict_jokers=True)
    game = deal(ruleset, [["5H", "JK", "7H", "KC"], ["8S", "8H", "8D", "6H"]], "4S", ["9C"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("5H", "JK", "7H"),)))
    game.do(0, Discard("9C"))
    game.do(1, Draw("discard"))
    game.do(1, LayMelds((("8S", "8H", "8D"),)))
    assert game.rejects(1, SwapJoker("6H", 1)).code == "must_keep_discard"


def _knocking_table() -> Game:
    ruleset = small("palace", 4, knocking=True)
    hands = [["2C", "5D", "9H", "KS"], ["3C", "6D", "TH", "QS"], ["4C", "7D", "JH", "AS"]]
    game = deal(ruleset, hands, "8C", ["2H", "3H", "4H"])
    game.do(0, Draw("stock"))
    game.do(0, Discard("KS"))
    return game


def test_knocking_claims_the_last_discard_and_one_stock_card_out_of_turn() -> None:
    game = _knocking_table()
    (knocked,) = game.do(2, Knock())
    assert knocked == Knocked(seat=2, card="KS", stock_card="3H")
    assert game.hand(2)["KS"] == game.hand(2)["3H"] == 1
    assert len(game.state.hands[2]) == 6
    assert game.state.discard_pile == ("8C",)
    # The next player still draws normally; it is still their turn.
    assert (game.state.turn, game.state.phase) == (1, "draw")
    game.do(1, Draw("stock"))
    assert game.hand(1)["4H"] == 1


def test_nobody_knocks_for_their_own_discard_and_the_next_player_draws_instead() -> None:
    game = _knocking_table()
    assert game.rejects(0, Knock()).code == "knock_not_allowed"
    assert game.rejects(1, Knock()).code == "knock_not_allowed"


def test_the_first_knock_wins() -> None:
    game = _knocking_table()
    game.do(2, Knock())
    assert game.rejects(2, Knock()).code == "knock_not_allowed"


def test_the_knock_window_closes_when_the_next_player_draws() -> None:
    game = _knocking_table()
    game.do(1, Draw("discard"))
    assert game.rejects(2, Knock()).code == "knock_not_allowed"
    game = _knocking_table()
    game.do(1, Draw("stock"))
    assert game.rejects(2, Knock()).code == "knock_not_allowed"


def test_the_knockers_stock_card_is_hidden_from_everyone_else() -> None:
    game = _knocking_table()
    (knocked,) = game.do(2, Knock())
    assert redact(knocked, 2) == knocked
    for viewer in (0, 1, None):
        assert redact(knocked, viewer) == Knocked(seat=2, card="KS", stock_card=None)


def test_a_knock_that_empties_the_pile_leaves_nothing_to_draw_from_it() -> None:
    ruleset = small("palace", 4, knocking=True)
    hands = [["2C", "5D", "9H", "KS"], ["3C", "6D", "TH", "QS"], ["4C", "7D", "JH", "AS"]]
    game = deal(ruleset, hands, "8C", ["2H", "3H"])
    game.do(0, Draw("discard"))
    game.do(0, Discard("KS"))
    game.do(2, Knock())
    assert game.rejects(1, Draw("discard")).code == "discard_pile_empty"


def test_strict_jokers_a_hand_of_only_jokers_may_discard_a_joker() -> None:
    # RULES.md is silent; rather than a stuck turn, a joker may go when the
    # hand holds nothing else it may discard.
    game = deal(small("palace", 1, strict_jokers=True), [["JK"], ["2D"]], "5C", ["9C"])
    game.do(0, Draw("discard"))
    assert game.rejects(0, Discard("5C")).code == "same_discard"
    game.do(0, Discard("JK"))


def test_strict_jokers_a_play_may_not_leave_only_jokers_to_go_out_on() -> None:
    # RULES.md: strict_jokers means "no joker discards". The exception above is for
    # a hand that holds nothing else; a seat that must go out by discarding
    # (go_out: discard) may not lay off or meld its way down to jokers alone,
    # which would end the hand on a joker discard (and a rummy here).
    knobs = {"initial_meld_min": 0, "lay_off_needs_own_meld": False, "strict_jokers": True}
    game = deal(
        small("palace", 4, **knobs),
        [["7C", "7S", "7H", "JK"], ["9C", "9D", "5H", "JS"]],
        "AC",
        ["7D"],
    )
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("7C", "7S", "7H"),)))
    assert game.rejects(0, LayOff("7D", 1)).code == "must_keep_discard"
    assert LayOff("7D", 1) not in legal_commands(game.state, 0)
    assert game.rejects(0, Discard("JK")).code == "joker_discard_forbidden"
    game.do(0, Discard("7D"))


def _strict_jokers_going_out_any(hands: list[list[str]], drawn: str) -> Game:
    """Palace with strict_jokers and go_out: any, no opening minimum; seat 0 has drawn."""
    knobs = {"initial_meld_min": 0, "strict_jokers": True, "go_out": "any"}
    game = deal(small("palace", 4, **knobs), hands, "AC", [drawn])
    game.do(0, Draw("stock"))
    return game


def test_strict_jokers_go_out_any_a_play_may_not_leave_only_a_joker_nothing_takes() -> None:
    # RULES.md: strict_jokers means "no joker discards". Under go_out: any a seat may
    # play down to jokers only while lay-offs can still empty its hand; here the set
    # is full once 7D joins it, so the lone joker could only be discarded (going out
    # on a joker, and a rummy). Laying the joker off and discarding 7D goes out instead.
    game = _strict_jokers_going_out_any([["7C", "7S", "7H", "JK"], ["9C", "9D", "5H", "JS"]], "7D")
    game.do(0, LayMelds((("7C", "7S", "7H"),)))
    assert game.rejects(0, LayOff("7D", 1)).code == "must_keep_discard"
    assert LayOff("7D", 1) not in legal_commands(game.state, 0)
    game.do(0, LayOff("JK", 1))
    game.do(0, Discard("7D"))
    assert game.state.phase == "deal"


def test_strict_jokers_go_out_any_a_play_may_leave_only_jokers_the_table_still_takes() -> None:
    # The lone joker still fits the run's low end: laying it off goes out.
    game = _strict_jokers_going_out_any([["7C", "8C", "9C", "JK"], ["9D", "9S", "5H", "JS"]], "TC")
    game.do(0, LayMelds((("7C", "8C", "9C"),)))
    assert LayOff("TC", 1) in legal_commands(game.state, 0)
    game.do(0, LayOff("TC", 1))
    game.do(0, LayOff("JK", 1, "low"))
    assert game.state.phase == "deal"


def test_strict_jokers_go_out_any_a_swap_may_leave_only_jokers_the_table_still_takes() -> None:
    # Swapping 8C in leaves two jokers, one owed: both still fit the run's ends, so
    # laying them off goes out. The swap was refused (must_keep_discard) and left out
    # of the legal commands: the owed jokers' check never looked at the table.
    game = _strict_jokers_going_out_any([["7C", "JK", "9C", "JK"], ["9D", "9S", "5H", "JS"]], "8C")
    game.do(0, LayMelds((("7C", "JK", "9C"),)))
    assert SwapJoker("8C", 1) in legal_commands(game.state, 0)
    game.do(0, SwapJoker("8C", 1))
    game.do(0, LayOff("JK", 1, "low"))
    game.do(0, LayOff("JK", 1, "high"))
    assert game.state.phase == "deal"


def test_a_view_says_the_knock_window_is_open_only_while_a_seat_may_knock() -> None:
    game = _knocking_table()
    assert view_for(game.state, 2).knock_open
    game.do(1, Draw("stock"))
    assert not view_for(game.state, 2).knock_open
    # Without `knocking` a discard opens no window: nobody may knock.
    plain = deal(
        small("palace", 4),
        [["2C", "5D", "9H", "KS"], ["3C", "6D", "TH", "QS"], ["4C", "7D", "JH", "AS"]],
        "8C",
        ["2H", "3H"],
    )
    plain.do(0, Draw("stock"))
    plain.do(0, Discard("KS"))
    assert Knock() not in legal_commands(plain.state, 2)
    assert not any(view_for(plain.state, seat).knock_open for seat in (None, 0, 1, 2))
