"""Going out (go_out), going rummy (rummy_bonus) and seed 001's worked scoring examples."""

from __future__ import annotations

import pytest
from rummy_table import Game, deal, small

from domain.commands import Discard, Draw, LayMelds, LayOff
from domain.events import CardDiscarded, HandEnded
from domain.rules import RuleSet, build_ruleset


def _ended(game: Game) -> HandEnded:
    ended = [e for e in game.log if isinstance(e, HandEnded)]
    assert ended, "the hand did not end"
    return ended[-1]


def test_seed_two_players_going_out_scores_the_rivals_24_points() -> None:
    ruleset = small("basic", 4)
    rival = ["QS", "9H", "4D", "AC"]
    game = deal(ruleset, [["3C", "4C", "5C", "KD"], rival], "2S", ["8H", "7S", "6C"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("3C", "4C", "5C"),)))
    game.do(0, Discard("KD"))
    game.do(1, Draw("stock"))
    game.do(1, Discard("7S"))
    game.do(0, Draw("stock"))
    game.do(0, LayOff("6C", 1))
    game.do(0, Discard("8H"))
    ended = _ended(game)
    assert (ended.winner, ended.rummy, ended.reason) == (0, False, "went_out")
    assert ended.hands[1] == tuple(rival)
    assert ended.hand_values == (0, 24)
    assert ended.scores == (24, 0)
    assert ended.totals == (24, 0)


def test_seed_three_players_only_the_player_who_went_out_scores_36() -> None:
    ruleset = small("basic", 4)
    purple, green = ["KS", "5D", "3H", "2C"], ["8S", "4H", "3D", "AC"]
    stock = ["9S", "JD", "7C", "6C"]
    game = deal(ruleset, [["3C", "4C", "5C", "KD"], purple, green], "2S", stock)
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("3C", "4C", "5C"),)))
    game.do(0, Discard("KD"))
    game.do(1, Draw("stock"))
    game.do(1, Discard("JD"))
    game.do(2, Draw("stock"))
    game.do(2, Discard("7C"))
    game.do(0, Draw("stock"))
    game.do(0, LayOff("6C", 1))
    game.do(0, Discard("9S"))
    ended = _ended(game)
    assert ended.hand_values == (0, 20, 16)
    assert ended.scores == (36, 0, 0)


PURPLE = ["AC", "AD", "AH", "6C", "7C", "8C", "9C", "QH", "QS", "5D"]
ORANGE = ["KS", "JS", "9S", "7S", "5S", "3S", "9D", "4H", "3C", "2D"]  # 62 points
RUMMY_MELDS = (("AC", "AD", "AH"), ("6C", "7C", "8C", "9C"), ("QH", "QS", "QD"))


def _purple_goes_rummy(ruleset: RuleSet) -> HandEnded:
    game = deal(ruleset, [PURPLE, ORANGE], "TH", ["QD"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds(RUMMY_MELDS))
    game.do(0, Discard("5D"))
    return _ended(game)


def test_seed_rummy_example_doubles_orange_62_points_to_124() -> None:
    ended = _purple_goes_rummy(build_ruleset("basic"))
    assert (ended.winner, ended.rummy) == (0, True)
    assert ended.hand_values == (0, 62)
    assert ended.scores == (124, 0)


@pytest.mark.parametrize(("bonus", "score"), [("double", 124), ("plus10", 72), ("none", 62)])
def test_rummy_bonus_knob_sets_what_going_rummy_adds(bonus: str, score: int) -> None:
    assert _purple_goes_rummy(build_ruleset("basic", {"rummy_bonus": bonus})).scores == (score, 0)


def test_laying_off_on_an_earlier_turn_spoils_a_rummy() -> None:
    ruleset = small("basic", 4)
    hands = [["3C", "4C", "5C", "KD"], ["2C", "9H", "9S", "QD"]]
    game = deal(ruleset, hands, "8S", ["JD", "7S", "9D"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("3C", "4C", "5C"),)))
    game.do(0, Discard("KD"))
    game.do(1, Draw("stock"))
    game.do(1, LayOff("2C", 1))
    game.do(1, Discard("7S"))
    game.do(0, Draw("stock"))
    game.do(0, Discard("9D"))
    game.do(1, Draw("discard"))
    game.do(1, LayMelds((("9H", "9S", "9D"),)))
    game.do(1, Discard("QD"))
    ended = _ended(game)
    assert (ended.winner, ended.rummy) == (1, False)
    assert ended.scores == (0, 10)


def test_go_out_any_ends_the_hand_when_a_meld_empties_the_hand() -> None:
    ruleset = small("basic", 3)
    game = deal(ruleset, [["3C", "4C", "5C"], []], "8S", ["6C"])
    game.do(0, Draw("stock"))
    events = game.do(0, LayMelds((("3C", "4C", "5C", "6C"),)))
    assert isinstance(events[-1], HandEnded)
    assert events[-1].winner == 0 and events[-1].rummy
    assert game.state.phase == "deal"


def test_go_out_any_ends_the_hand_when_a_lay_off_empties_the_hand() -> None:
    ruleset = small("basic", 4)
    hands = [["3C", "4C", "5C", "KD"], ["2C", "9H", "9S", "9D"]]
    game = deal(ruleset, hands, "8S", ["JD", "6C"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("3C", "4C", "5C"),)))
    game.do(0, Discard("KD"))
    game.do(1, Draw("stock"))
    game.do(1, LayMelds((("9H", "9S", "9D"),)))
    game.do(1, LayOff("2C", 1))
    events = game.do(1, LayOff("6C", 1))
    assert isinstance(events[-1], HandEnded)
    # Everything went in one turn, so it is a rummy.
    assert (events[-1].winner, events[-1].rummy) == (1, True)
    assert events[-1].hand_values == (10, 0)


def test_go_out_discard_requires_a_final_discard() -> None:
    ruleset = small("classic", 3)
    game = deal(ruleset, [["3C", "4C", "5C"], []], "8S", ["6C"])
    game.do(0, Draw("stock"))
    error = game.rejects(0, LayMelds((("3C", "4C", "5C", "6C"),)))
    assert error.code == "must_keep_discard"
    game.do(0, LayMelds((("3C", "4C", "5C"),)))
    events = game.do(0, Discard("6C"))
    assert isinstance(events[0], CardDiscarded) and isinstance(events[1], HandEnded)
    assert events[1].winner == 0


def test_go_out_discard_forbids_keeping_only_the_card_taken_from_the_pile() -> None:
    ruleset = small("classic", 3)
    game = deal(ruleset, [["3C", "4C", "5C"], []], "6C", ["KD"])
    game.do(0, Draw("discard"))
    assert game.rejects(0, LayMelds((("3C", "4C", "5C"),))).code == "must_keep_discard"
    assert game.rejects(0, LayMelds((("3C", "4C", "5C", "6C"),))).code == "must_keep_discard"
    game.do(0, Discard("3C"))


def test_go_out_any_a_play_may_keep_only_the_taken_card_when_it_can_still_be_laid_off() -> None:
    # RULES.md, Turn: discard "unless the hand is already empty and go_out: any";
    # no_same_discard forbids the taken card's discard, not laying it off to go out.
    ruleset = small("basic", 3)
    game = deal(ruleset, [["3C", "4C", "5C"], []], "6C", ["KD"])
    game.do(0, Draw("discard"))
    game.do(0, LayMelds((("3C", "4C", "5C"),)))
    events = game.do(0, LayOff("6C", 1))
    assert isinstance(events[-1], HandEnded)
    assert (events[-1].winner, events[-1].rummy) == (0, True)


def test_go_out_any_lay_offs_that_empty_the_hand_may_come_in_any_order() -> None:
    # RULES.md, Turn: step 2 plays come "in any order"; the taken 8H goes last here.
    ruleset = small("basic", 5)
    hands = [["5H", "6H", "7H", "4H", "3H"], ["KD", "QC", "9S", "2S", "JD"]]
    game = deal(ruleset, hands, "TS", ["9C", "8H"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("5H", "6H", "7H"),)))
    game.do(0, Discard("9C"))
    game.do(1, Draw("stock"))
    game.do(1, Discard("8H"))
    game.do(0, Draw("discard"))
    game.do(0, LayOff("4H", 1))
    game.do(0, LayOff("3H", 1))
    events = game.do(0, LayOff("8H", 1))
    assert isinstance(events[-1], HandEnded) and events[-1].winner == 0


def test_go_out_any_still_refuses_a_play_that_strands_the_taken_card() -> None:
    ruleset = small("basic", 3)
    game = deal(ruleset, [["3C", "4C", "5C"], []], "9D", ["KD"])
    game.do(0, Draw("discard"))
    assert game.rejects(0, LayMelds((("3C", "4C", "5C"),))).code == "must_keep_discard"


def test_nobody_plays_after_a_seat_goes_out() -> None:
    ruleset = small("basic", 3)
    game = deal(ruleset, [["3C", "4C", "5C"], ["9H", "9S", "9D"]], "8S", ["6C"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("3C", "4C", "5C", "6C"),)))
    assert game.rejects(1, Draw("stock")).code == "hand_not_started"
    assert game.rejects(1, LayMelds((("9H", "9S", "9D"),))).code == "hand_not_started"
