"""A two-seat view built by hand, for bot positions: seat 0 to play, the opponent unopened."""

from __future__ import annotations

from collections.abc import Sequence

from domain.commands import PlayerCommand
from domain.melds import Meld
from domain.views import SeatView


def two_seat_view(
    hand: Sequence[str],
    phase: str = "play",
    legal: Sequence[PlayerCommand] = (),
    discard_pile: tuple[str, ...] = ("KD",),
    table: tuple[Meld, ...] = (),
    opponent_cards: int = 10,
) -> SeatView:
    return SeatView(
        seat=0,
        seats=2,
        phase=phase,  # type: ignore[arg-type]
        hand_number=1,
        dealer=1,
        turn=0,
        hand=tuple(sorted(hand)),
        hand_sizes=(len(hand), opponent_cards),
        table=table,
        discard_pile=discard_pile,
        stock_count=20,
        reuses=0,
        opened=(False, False),
        totals=(0, 0),
        results=(),
        winners=(),
        taken_from_pile=(),
        melds_this_turn=0,
        jokers_to_play=0,
        knock_open=False,
        legal_commands=tuple(legal),
    )
