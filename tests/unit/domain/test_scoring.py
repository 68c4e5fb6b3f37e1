"""Scoring a hand (card_values, scoring, rummy_bonus) and ending the game (game_end, tie_break)."""

from __future__ import annotations

import pytest
from rummy_table import Game, deal, small, stacked_deck

from domain.cards import CARD_VALUE_TABLES, CASINO_VALUES, hand_value
from domain.commands import Deal, Discard, Draw, LayMelds
from domain.events import GameEnded, HandEnded
from domain.rules import RuleSet, build_ruleset
from domain.scoring import game_winners, score_hand, value_table


@pytest.mark.parametrize(
    ("table", "values"),
    [
        ("A1", {"AS": 1, "2H": 2, "9D": 9, "TC": 10, "JH": 10, "QS": 10, "KD": 10, "JK": 20}),
        ("A11_JK20", {"AS": 11, "2H": 2, "9D": 9, "TC": 10, "KD": 10, "JK": 20}),
        ("A15", {"AS": 15, "2H": 2, "9D": 9, "TC": 10, "QS": 10}),
    ],
)
def test_card_values_knob_picks_the_hand_value_table(table: str, values: dict[str, int]) -> None:
    ruleset = build_ruleset("basic", {"card_values": table})
    for card, value in values.items():
        assert value_table(ruleset)[card] == value, card


def test_casino_values_queen_of_spades_40_ace_15_tens_10_small_cards_5_joker_0() -> None:
    expected = {"QS": 40, "QH": 10, "AC": 15, "TD": 10, "KS": 10, "2H": 5, "9C": 5, "JK": 0}
    for card, value in expected.items():
        assert CASINO_VALUES[card] == value, card


def test_seed_nobody_out_the_lowest_hand_scores_the_differences_4_12_9_gives_13() -> None:
    ruleset = build_ruleset("basic")
    values, scores = score_hand(ruleset, [["4C"], ["TC", "2D"], ["9H"]], None, False, [(), (), ()])
    assert values == (4, 12, 9)
    assert scores == (13, 0, 0)


def test_seed_nobody_out_tied_lowest_share_rounded_down_5_5_17_gives_6_each() -> None:
    ruleset = build_ruleset("basic")
    hands = [["5C"], ["5D"], ["TC", "7D"]]
    assert score_hand(ruleset, hands, None, False, [(), (), ()])[1] == (6, 6, 0)
    uneven = [["5C"], ["5D"], ["5H"], ["TC", "8D"]]  # 13 shared by three: 4 each
    assert score_hand(ruleset, uneven, None, False, [()] * 4)[1] == (4, 4, 4, 0)


def test_winner_takes_gives_the_winner_every_other_hand_and_others_nothing() -> None:
    ruleset = build_ruleset("basic")
    hands = [[], ["KS", "2C"], ["AH"]]
    assert score_hand(ruleset, hands, 0, False, [()] * 3)[1] == (13, 0, 0)


def test_zero_sum_winner_gains_what_the_others_lose_and_rummy_doubles_every_figure() -> None:
    ruleset = build_ruleset("palace")
    hands = [[], ["KS", "AC"], ["JK", "2C"]]
    values, scores = score_hand(ruleset, hands, 0, False, [()] * 3)
    assert values == (0, 21, 22)
    assert scores == (43, -21, -22)
    assert score_hand(ruleset, hands, 0, True, [()] * 3)[1] == (86, -42, -44)


def test_zero_sum_when_nobody_goes_out_every_player_loses_their_value() -> None:
    ruleset = build_ruleset("palace")
    assert score_hand(ruleset, [["KS"], ["3C"]], None, False, [(), ()])[1] == (-10, -3)


def test_casino_scores_casino_values_and_the_winners_table_cards_taken_evenly() -> None:
    ruleset = build_ruleset("palace", {"scoring": "casino"})
    hands = [[], ["QS", "2C"], ["AC", "JK"]]  # 45 and 15 by casino values
    placed = [("QS", "KS", "AS"), (), ()]  # 40 + 10 + 15 = 65, 32 from each (rounded down)
    values, scores = score_hand(ruleset, hands, 0, False, placed)
    assert values == (0, 45, 15)
    assert scores == (60 + 64, -45 - 32, -15 - 32)
    assert sum(scores) == 0


def test_penalty_everyone_scores_their_own_hand_and_the_lowest_total_wins_at_the_target() -> None:
    ruleset = build_ruleset("basic", {"scoring": "penalty", "game_end": "target:100"})
    assert score_hand(ruleset, [[], ["KS", "2C"]], 0, False, [(), ()])[1] == (0, 12)
    assert game_winners(ruleset, (40, 99), 5) is None
    assert game_winners(ruleset, (40, 100), 5) == (0,)


def test_melded_scores_cards_placed_minus_the_hand_and_25_for_going_out() -> None:
    ruleset = build_ruleset("classic", {"scoring": "melded", "game_end": "target:500"})
    hands = [[], ["KS", "2C"]]
    placed = [("AC", "AD", "AH", "5S"), ("7H", "8H", "9H")]
    values, scores = score_hand(ruleset, hands, 0, False, placed)
    assert values == (0, 12)
    assert scores == (45 + 5 + 25, 24 - 12)


def test_rummy_bonus_applies_under_every_scoring_that_has_a_winner() -> None:
    plus10 = build_ruleset("basic", {"rummy_bonus": "plus10"})
    assert score_hand(plus10, [[], ["KS"]], 0, True, [(), ()])[1] == (20, 0)
    none = build_ruleset("basic", {"rummy_bonus": "none"})
    assert score_hand(none, [[], ["KS"]], 0, True, [(), ()])[1] == (10, 0)


@pytest.mark.parametrize("scoring", ["zero_sum", "casino"])
def test_a_rummys_ten_points_are_paid_by_the_others_so_the_hand_stays_zero_sum(
    scoring: str,
) -> None:
    # Before, the winner got 10 that nobody paid: palace with plus10 summed to +10.
    ruleset = build_ruleset("palace", {"scoring": scoring, "rummy_bonus": "plus10"})
    hands = [[], ["KS"], ["2C"], ["5H"]]
    _, without = score_hand(ruleset, hands, 0, False, [(), (), (), ()])
    _, scores = score_hand(ruleset, hands, 0, True, [(), (), (), ()])
    assert sum(scores) == 0
    # Ten in equal shares, rounded down as the casino's table bonus is: 3 each.
    assert [s - w for s, w in zip(scores, without, strict=True)] == [9, -3, -3, -3]
    two = build_ruleset("palace", {"scoring": scoring, "rummy_bonus": "plus10"})
    assert score_hand(two, [[], ["KS"]], 0, True, [(), ()])[1] == (20, -20)


@pytest.mark.parametrize(
    ("game_end", "totals", "hands_played", "winners"),
    [
        ("hands:3", (10, 5), 2, None),
        ("hands:3", (10, 5), 3, (0,)),
        ("target:100", (99, 50), 7, None),
        ("target:100", (99, 100), 7, (1,)),
        ("target:100", (120, 105), 4, (0,)),
    ],
)
def test_game_end_knob_ends_after_n_hands_or_at_a_target(
    game_end: str, totals: tuple[int, ...], hands_played: int, winners: tuple[int, ...] | None
) -> None:
    ruleset = build_ruleset("basic", {"game_end": game_end})
    assert game_winners(ruleset, totals, hands_played) == winners


def test_tie_break_plays_on_while_leaders_tie_and_without_it_ties_share_the_win() -> None:
    tie_break = build_ruleset("basic", {"game_end": "hands:3"})
    assert game_winners(tie_break, (20, 20, 5), 3) is None
    assert game_winners(tie_break, (20, 21, 5), 4) == (1,)
    no_tie_break = build_ruleset("basic", {"game_end": "hands:3", "tie_break": False})
    assert game_winners(no_tie_break, (20, 20, 5), 3) == (0, 1)


def _out_at_once(game: Game, deck_ruleset: RuleSet) -> list[object]:
    """Deal a hand where the first seat holds 3C 3D and draws 3H: it melds out."""
    seats = game.state.seats
    dealer = (game.state.dealer + 1) % seats if game.state.hand_number else seats - 1
    first = (dealer + 1) % seats
    hands = [["3C", "3D"] if seat == first else [] for seat in range(seats)]
    game.do(None, Deal(deck=stacked_deck(deck_ruleset, hands, "4H", ["3H"], dealer)))
    game.do(first, Draw("stock"))
    return game.do(first, LayMelds((("3C", "3D", "3H"),)))


def test_a_game_of_hands_n_ends_with_game_ended_after_the_nth_hand() -> None:
    ruleset = small("basic", 2, game_end="hands:2", tie_break=False)
    game = Game(ruleset, 2)
    first = _out_at_once(game, ruleset)
    assert not any(isinstance(e, GameEnded) for e in first)
    second = _out_at_once(game, ruleset)
    assert isinstance(second[-1], GameEnded)
    assert game.state.phase == "over"
    assert game.rejects(None, Deal(deck=ruleset.pack())).code == "game_over"
    assert game.rejects(0, Draw("stock")).code == "game_over"


def test_tie_break_plays_extra_hands_until_one_seat_leads_alone() -> None:
    ruleset = small("basic", 2, game_end="hands:2")
    game = Game(ruleset, 2)
    _out_at_once(game, ruleset)  # seat 0 scores
    second = _out_at_once(game, ruleset)  # seat 1 scores the same
    hand_end = second[-1]
    assert isinstance(hand_end, HandEnded) and hand_end.totals[0] == hand_end.totals[1]
    assert game.state.phase == "deal"
    third = _out_at_once(game, ruleset)
    assert isinstance(third[-1], GameEnded)
    assert third[-1].winners == (0,)


def test_a_target_game_ends_when_a_total_reaches_it() -> None:
    ruleset = small("basic", 2, game_end="target:15")
    game = Game(ruleset, 2)
    events = _out_at_once(game, ruleset)
    assert isinstance(events[-1], GameEnded)
    assert events[-1].totals[0] >= 15


def test_hand_values_are_the_sum_of_the_card_values() -> None:
    assert hand_value(["AS", "KD", "7C"], CARD_VALUE_TABLES["A1"]) == 18
    assert hand_value(["AS", "KD", "7C"], CARD_VALUE_TABLES["A15"]) == 32


def test_discarding_leaves_a_hand_that_scores_by_value_table() -> None:
    ruleset = small("basic", 3, card_values="A15")
    game = deal(ruleset, [["3C", "4C", "5C"], ["AH", "AS", "KD"]], "8S", ["9C"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("3C", "4C", "5C"),)))
    events = game.do(0, Discard("9C"))
    assert isinstance(events[-1], HandEnded)
    assert events[-1].hand_values == (0, 40)
