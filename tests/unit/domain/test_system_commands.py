"""The service's own commands (reveal a deck, set a turn's deadline, time a turn out)
are decided by the rules like a seat's: refused when they do not fit the game."""

from __future__ import annotations

from rummy_table import deal, small

from domain.commands import Discard, Draw, LayMelds, RevealDeck, SetTurnDeadline, TimeOutTurn
from domain.events import DeckRevealed, TurnDeadlineSet, TurnTimedOut

HANDS = [["2C", "5D", "9H"], ["KS", "7H", "4C"]]
DEADLINE = "2026-12-01T20:00:00.000+00:00"


def test_a_deadline_is_set_for_the_turn_that_has_begun() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    assert game.do(None, SetTurnDeadline(DEADLINE)) == [TurnDeadlineSet(0, 1, DEADLINE)]


def test_no_deadline_once_the_seat_has_drawn() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    game.do(0, Draw("stock"))
    assert game.rejects(None, SetTurnDeadline(DEADLINE)).code == "wrong_phase"


def test_only_the_seat_to_play_can_time_out_and_only_in_the_hand_being_played() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    assert game.rejects(None, TimeOutTurn(seat=1, hand_number=1)).code == "not_your_turn"
    assert game.rejects(None, TimeOutTurn(seat=0, hand_number=2)).code == "not_your_turn"
    assert game.do(None, TimeOutTurn(seat=0, hand_number=1)) == [TurnTimedOut(0, 1)]


def test_a_seat_cannot_issue_the_services_commands() -> None:
    game = deal(small(), HANDS, "TD", ["8S"])
    assert game.rejects(0, TimeOutTurn(seat=0, hand_number=1)).code == "invalid_command"
    assert game.rejects(0, SetTurnDeadline(DEADLINE)).code == "invalid_command"


def test_a_deck_is_revealed_only_once_its_hand_has_ended() -> None:
    ruleset = small("basic", 4, game_end="hands:2")
    game = deal(ruleset, [["3C", "4C", "5C", "KD"], ["QS", "9H", "4D", "AC"]], "2S", ["6C"])
    assert game.rejects(None, RevealDeck(hand_number=1, salt="s")).code == "hand_in_progress"
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((("3C", "4C", "5C", "6C"),)))
    game.do(0, Discard("KD"))
    assert game.state.phase == "deal"
    assert game.rejects(None, RevealDeck(hand_number=2, salt="s")).code == "hand_in_progress"
    assert game.do(None, RevealDeck(hand_number=1, salt="s")) == [DeckRevealed(1, "s")]
