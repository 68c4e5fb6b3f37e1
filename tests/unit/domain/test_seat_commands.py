"""A seat's place at the table: resigning during play, naming a rematch after the game."""

from __future__ import annotations

import msgspec
from rummy_table import Game, deal, small

from domain.commands import OfferRematch, Resign
from domain.events import RematchOffered, SeatResigned
from domain.game import decide
from domain.views import view_for

HANDS = [["2C", "5D", "9H"], ["KS", "7H", "4C"]]


def test_a_seat_resigns_once_and_every_view_shows_it() -> None:
    game = deal(small(), HANDS, "TD", ["8S", "JC"])
    assert game.do(1, Resign()) == [SeatResigned(seat=1)]
    assert game.state.resigned == (1,)
    assert view_for(game.state, 0).resigned == (1,) == view_for(game.state, None).resigned
    assert game.rejects(1, Resign()).code == "seat_resigned"
    assert game.replayed() == game.state


def test_a_table_not_yet_dealt_is_left_not_resigned() -> None:
    assert Game(small(), 2).rejects(0, Resign()).code == "hand_not_started"


def test_a_rematch_is_named_only_after_the_game() -> None:
    game = deal(small(), HANDS, "TD", ["8S", "JC"])
    assert game.rejects(0, OfferRematch(game_id="next")).code == "game_not_over"
    over = msgspec.structs.replace(game.state, phase="over")
    assert decide(over, 0, OfferRematch(game_id="next")) == [RematchOffered(seat=0, game_id="next")]


def test_seats_are_removed_before_the_deal_down_to_an_allowed_count() -> None:
    from domain.commands import RemoveSeats
    from domain.events import SeatsRemoved

    game = Game(small(), 4)
    assert game.do(None, RemoveSeats(seats=(2, 1))) == [SeatsRemoved(seats=(1, 2))]
    assert (game.state.seats, game.state.totals) == (2, (0, 0))
    assert game.replayed() == game.state
    error = Game(small(), 2).rejects(None, RemoveSeats(seats=(1,)))
    assert (error.code, error.facts.get("knob")) == ("invalid_ruleset", "players")
    dealt = deal(small(), HANDS, "TD", ["8S"])
    assert dealt.rejects(None, RemoveSeats(seats=(1,))).code == "hand_in_progress"


def test_a_resigned_seat_names_its_bot_and_changes_hands_no_more() -> None:
    from domain.commands import ChangeSeatControl

    game = deal(small(), HANDS, "TD", ["8S", "JC"])
    assert game.rejects(1, Resign(level=5)).code == "invalid_command"
    assert game.do(1, Resign(level=3)) == [SeatResigned(seat=1, level=3)]
    hand_over = ChangeSeatControl(seat=1, controller="autopilot", level=2, reason="handed_over")
    assert game.rejects(None, hand_over).code == "seat_resigned"


def test_a_bot_fills_an_open_seat_only_before_the_deal() -> None:
    from domain.commands import FillSeat
    from domain.events import SeatFilled

    game = Game(small(), 3)
    assert game.do(None, FillSeat(seat=2, level=4)) == [SeatFilled(seat=2, level=4)]
    assert game.replayed() == game.state
    assert game.rejects(None, FillSeat(seat=3, level=1)).code == "invalid_seat"
    assert game.rejects(None, FillSeat(seat=1, level=0)).code == "invalid_command"
    assert game.rejects(0, FillSeat(seat=1, level=1)).code == "invalid_command"
    dealt = deal(small(), HANDS, "TD", ["8S"])
    assert dealt.rejects(None, FillSeat(seat=1, level=1)).code == "hand_in_progress"


def test_a_seat_is_claimed_and_left_only_before_the_deal() -> None:
    from domain.commands import ClaimSeat, LeaveSeat
    from domain.events import SeatClaimed, SeatLeft

    game = Game(small(), 3)
    assert game.do(None, ClaimSeat(seat=1, claim="a1b2c3d4")) == [
        SeatClaimed(seat=1, claim="a1b2c3d4")
    ]
    assert game.do(None, LeaveSeat(seat=1)) == [SeatLeft(seat=1)]
    # Who holds a seat is the service's: the rules' state is as it was.
    assert game.state == Game(small(), 3).state
    assert game.replayed() == game.state
    assert game.rejects(None, ClaimSeat(seat=3, claim="a1b2c3d4")).code == "invalid_seat"
    assert game.rejects(None, ClaimSeat(seat=1, claim="")).code == "invalid_command"
    assert game.rejects(1, ClaimSeat(seat=1, claim="a1b2c3d4")).code == "invalid_command"
    assert game.rejects(1, LeaveSeat(seat=1)).code == "invalid_command"
    dealt = deal(small(), HANDS, "TD", ["8S"])
    assert dealt.rejects(None, ClaimSeat(seat=1, claim="a1b2c3d4")).code == "hand_in_progress"
    assert dealt.rejects(None, LeaveSeat(seat=1)).code == "hand_in_progress"


def test_a_seat_is_kept_for_a_player_only_before_the_deal() -> None:
    from domain.commands import ReserveSeat
    from domain.events import SeatReserved

    game = Game(small(), 3)
    mark = "0123456789abcdef"
    assert game.do(None, ReserveSeat(seat=2, mark=mark)) == [SeatReserved(seat=2, mark=mark)]
    assert game.state == Game(small(), 3).state
    assert game.rejects(None, ReserveSeat(seat=3, mark=mark)).code == "invalid_seat"
    assert game.rejects(None, ReserveSeat(seat=1, mark="")).code == "invalid_command"
    assert game.rejects(0, ReserveSeat(seat=1, mark=mark)).code == "invalid_command"
    dealt = deal(small(), HANDS, "TD", ["8S"])
    assert dealt.rejects(None, ReserveSeat(seat=1, mark=mark)).code == "hand_in_progress"
