"""The end of a hand: going out, going rummy, scoring, and the end of the game."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import Card
from domain.events import (
    AnyEvent,
    GameEnded,
    HandEnded,
)
from domain.evolve import evolve
from domain.scoring import game_winners, score_hand
from domain.state import GameState


def went_out_if_empty(
    state: GameState, seat: int, hand: Sequence[Card], events: Sequence[AnyEvent]
) -> list[AnyEvent]:
    if hand:
        return []
    rummy = state.placed_before_turn == 0
    after = state
    for event in events:
        after = evolve(after, event)
    return end_hand(after, winner=seat, rummy=rummy)


def end_hand(state: GameState, winner: int | None, rummy: bool) -> list[AnyEvent]:
    ruleset = state.ruleset
    values, scores = score_hand(ruleset, state.hands, winner, rummy, state.placed)
    totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
    events: list[AnyEvent] = [
        HandEnded(
            hand_number=state.hand_number,
            reason="went_out" if winner is not None else "stock_exhausted",
            winner=winner,
            rummy=rummy,
            hands=state.hands,
            hand_values=values,
            scores=scores,
            totals=totals,
        )
    ]
    winners = game_winners(ruleset, totals, state.hand_number)
    if winners is not None:
        events.append(GameEnded(totals=totals, winners=winners))
    return events
