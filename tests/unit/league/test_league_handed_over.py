"""Which human seats a bot played at its owner's request, and the hands each seat's
player played themselves (what experience credits), read from the game's log."""

from __future__ import annotations

from typing import Literal

from domain.events import AnyEvent, CardsDrawn, HandEnded, SeatControlChanged, SeatResigned
from service.app.envelope import ActorKind, Envelope
from service.app.league.game_end import handed_over_seats, hands_played

Reason = Literal["handed_over", "timeouts", "taken_back", "owner_returned"]


class Log:
    """A log written event by event: control changes, and moves by whoever played them."""

    def __init__(self) -> None:
        self.envelopes: list[Envelope] = []

    def _add(self, seat: int | None, event: AnyEvent, actor: ActorKind) -> Log:
        version = len(self.envelopes) + 1
        at = f"2026-12-01T12:00:{version:02d}.000+00:00"
        envelope = Envelope(
            version=version, at=at, seat=seat, command_id=None, event=event, actor=actor
        )
        self.envelopes.append(envelope)
        return self

    def control(self, seat: int, reason: Reason) -> Log:
        to_bot = reason in ("handed_over", "timeouts")
        event = SeatControlChanged(
            seat=seat,
            controller="autopilot" if to_bot else "owner",
            level=(4 if reason == "handed_over" else 2) if to_bot else None,
            reason=reason,
        )
        return self._add(None, event, "service")

    def move(self, seat: int, actor: ActorKind) -> Log:
        return self._add(seat, CardsDrawn(seat=seat, source="stock", count=1, cards=None), actor)

    def hand_ends(self) -> Log:
        ended = HandEnded(
            hand_number=1,
            reason="went_out",
            winner=0,
            rummy=False,
            hands=((), ()),
            hand_values=(0, 0),
            scores=(0, 0),
            totals=(0, 0),
        )
        return self._add(None, ended, "service")

    def resigns(self, seat: int) -> Log:
        return self._add(seat, SeatResigned(seat=seat), "player")


def test_a_seat_a_bot_played_after_its_owner_handed_it_over_is_handed_over():
    log = Log().move(0, "player").control(0, "handed_over").move(0, "bot").move(1, "player")
    assert handed_over_seats(log.envelopes) == {0}


def test_a_seat_taken_back_before_the_bot_moved_is_not():
    log = Log().control(0, "handed_over").control(0, "taken_back").move(0, "player")
    assert handed_over_seats(log.envelopes) == set()


def test_autopilot_after_timeouts_counts_as_the_owners_play():
    log = Log().move(0, "timer").move(0, "timer").control(0, "timeouts").move(0, "bot")
    assert handed_over_seats(log.envelopes) == set()
    # Back from autopilot, then handed over: that bot's moves are the owner's choice.
    log.move(0, "player").control(0, "owner_returned").control(0, "handed_over").move(0, "bot")
    assert handed_over_seats(log.envelopes) == {0}


def test_a_bot_move_no_control_event_explains_counts_as_handed_over():
    # The meta gave the seat to a bot and a crash lost the event that tells it.
    assert handed_over_seats(Log().move(1, "player").move(1, "bot").envelopes) == {1}


def test_a_hand_counts_for_a_seat_only_if_its_player_moved_in_it():
    log = Log().move(0, "player").move(1, "bot").hand_ends()  # seat 1 handed over at once
    log.move(0, "bot").move(1, "timer").hand_ends()  # nobody moved themselves
    log.move(0, "bot").move(1, "player").move(1, "bot").hand_ends()
    assert hands_played(log.envelopes) == {0: 1, 1: 1}


def test_a_resigned_seat_is_credited_no_hand_from_the_one_it_resigned_in():
    log = Log().move(0, "player").hand_ends().move(0, "player").resigns(0).move(0, "bot")
    assert hands_played(log.hand_ends().envelopes) == {0: 1}
