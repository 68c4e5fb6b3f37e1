"""What the service adds after a write, as commands of its own decided by the rules:
the ended hand's reveal, the next hand's deal, and the deadline of the turn begun."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from domain.commands import AnyCommand, Deal, RevealDeck, SetTurnDeadline
from domain.events import AnyEvent, HandEnded
from domain.game import decide, evolve
from domain.state import GameState
from service.app.errors import stored_secret_used
from service.app.randomness import committed_deal, deal_command, hand_rng, hand_salt
from service.app.records import Game

__all__ = ["Clock", "Decided", "follow_ups", "salt_of", "system_clock", "turn_began"]

# Events with the seat that caused them (None: the service's own).
Decided = list[tuple[int | None, AnyEvent]]
# The service's clock: the domain reads none, so the instant is passed in.
Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


def salt_of(game: Game, hand: int) -> str | None:
    """The salt behind a hand's commitment, when this game owns it: an import or a
    fork knows the salts of hands dealt elsewhere only when they were revealed."""
    if hand in game.salts:
        return game.salts[hand]
    return hand_salt(game.seed, hand) if hand >= game.own_hands_from else None


def turn_began(before: GameState, after: GameState) -> bool:
    """Whether these events started a turn: a new hand, another seat, or a first draw phase."""
    return after.phase == "draw" and (
        before.phase not in ("draw", "play")
        or before.turn != after.turn
        or before.hand_number != after.hand_number
    )


def _apply(state: GameState, command: AnyCommand, decided: Decided) -> GameState:
    for event in decide(state, None, command):
        state = evolve(state, event)
        decided.append((None, event))
    return state


def follow_ups(
    game: Game, before: GameState, state: GameState, decided: Decided, clock: Clock
) -> tuple[GameState, Decided]:
    """`decided` (which took `before` to `state`) with the service's own commands after it."""
    decided = list(decided)
    for _, event in list(decided):
        if isinstance(event, HandEnded):
            salt = salt_of(game, event.hand_number)
            if salt is not None:
                # The hand is over: its deck may be checked against the commitment.
                state = _apply(state, RevealDeck(event.hand_number, salt), decided)
    if state.phase == "deal":
        # Players never deal: the service deals the next hand in the same append.
        hand = state.hand_number + 1
        stacked = game.info.decks  # the creator's decks for the first hands, if given
        if hand <= len(stacked):
            with stored_secret_used(game.game_id, f"deck of hand {hand}"):
                deal = committed_deal(Deal(deck=stacked[hand - 1]), game.seed, hand)
                state = _apply(state, deal, decided)
        else:
            deal = committed_deal(deal_command(state, hand_rng(game.seed, hand)), game.seed, hand)
            state = _apply(state, deal, decided)
    limit_s = game.info.turn_time_limit_s
    if limit_s is not None and turn_began(before, state):
        deadline = clock() + timedelta(seconds=limit_s)
        at = deadline.isoformat(timespec="milliseconds")
        state = _apply(state, SetTurnDeadline(deadline=at), decided)
    return state, decided
