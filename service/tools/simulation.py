"""Whole games played by local players, with the service's randomness: the
engine's benchmark and the property tests' driver (a tool: the service imports none of it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import permutations
from typing import Any

import msgspec

from domain.commands import AnyCommand, Deal, Knock, PlayerCommand
from domain.drawing import may_knock
from domain.events import AnyEvent, GameStarted
from domain.fairness import deck_commitment
from domain.game import decide, evolve
from domain.legal import PLAY_KINDS, legal_commands, legal_of_kind
from domain.rules import RuleSet, validate_seats
from domain.state import GameState, new_game
from service.app.randomness import deal_command, with_shuffle

# Every order of the play kinds: picking one is cheaper than shuffling a list.
_KIND_ORDERS = tuple(permutations(PLAY_KINDS))

Player = Callable[[GameState, int, random.Random], PlayerCommand]


def random_player(state: GameState, seat: int, rng: random.Random) -> PlayerCommand:
    """Random legal play: a kind of command uniformly among the kinds the
    seat may issue now, then one command of that kind uniformly.

    Taking the first non-empty kind of a random order is uniform over the
    non-empty kinds, and spares enumerating the others. Indexing by
    rng.random() is cheaper than rng.choice and as uniform for a benchmark.
    """
    fraction = rng.random
    if state.phase == "draw":
        commands = legal_commands(state, seat)
        return commands[int(fraction() * len(commands))]
    for kind in _KIND_ORDERS[int(fraction() * len(_KIND_ORDERS))]:
        commands = legal_of_kind(state, seat, kind)
        if commands:
            return commands[int(fraction() * len(commands))]
    raise AssertionError(f"seat {seat} has no legal command: {state!r}")


def play_game(
    ruleset: RuleSet,
    seats: int,
    seed: int,
    players: Sequence[Player] | None = None,
    max_hands: int | None = None,
    knock_rate: float = 0.0,
    salt: Callable[[int], str] | None = None,
) -> Iterator[tuple[int | None, AnyCommand, list[AnyEvent], GameState]]:
    """Play a game to its end (or `max_hands`), yielding (seat, command, events,
    new state); the first item is the GameStarted that opens the log.

    Under `knocking`, an open knock is taken at `knock_rate` by a random seat
    that may knock. With `salt` (hand number -> salt), each deal carries its
    deck commitment. Neither draws random numbers when unused, so a game is
    the same with or without them.
    """
    validate_seats(ruleset, seats)
    rng = random.Random(seed)
    chosen = players or [random_player] * seats
    knocks = bool(knock_rate and ruleset.knocking)
    state = new_game(ruleset, seats)
    yield None, Deal(deck=()), [GameStarted(ruleset=ruleset, seats=seats)], state
    while state.phase != "over":
        seat: int | None
        command: AnyCommand
        knock = _knock(state, rng, knock_rate) if knocks else None
        if knock is not None:
            seat, command = knock
        elif state.phase != "deal":
            seat = state.turn
            command = with_shuffle(state, chosen[seat](state, seat, rng), rng)
        else:
            if max_hands is not None and state.hand_number >= max_hands:
                return
            seat, command = None, deal_command(state, rng)
            if salt is not None:
                deal = command
                commitment = deck_commitment(deal.deck, salt(state.hand_number + 1))
                command = msgspec.structs.replace(deal, commitment=commitment)
        events = decide(state, seat, command)
        for event in events:
            state = evolve(state, event)
        yield seat, command, events, state


def _knock(state: GameState, rng: random.Random, knock_rate: float) -> tuple[int, Knock] | None:
    """An open knock taken at `knock_rate` by a random seat that may knock."""
    if state.phase != "draw":
        return None
    knockers = [seat for seat in range(state.seats) if may_knock(state, seat)]
    if knockers and rng.random() < knock_rate:
        return rng.choice(knockers), Knock()
    return None


def simulate_hands(
    ruleset: RuleSet,
    seats: int,
    hands: int,
    seed: int = 0,
    on_hand: Callable[[], Any] | None = None,
) -> tuple[int, int]:
    """Play `hands` hands random-vs-random over as many games as it takes;
    return (hands played, commands decided)."""
    played = commands = 0
    game = 0
    while played < hands:
        for seat, _, _, state in play_game(ruleset, seats, seed + game, max_hands=hands - played):
            commands += 1
            # A seat's command that leaves the table waiting for a deal ended a hand.
            if seat is not None and state.phase in ("deal", "over"):
                played += 1
                if on_hand is not None:
                    on_hand()
        game += 1
    return played, commands
