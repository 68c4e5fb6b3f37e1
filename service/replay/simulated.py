"""Logs of simulated games, as the service would write them: commitments, reveals, envelopes."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta

from msgspec.structs import replace

from domain.commands import AnyCommand, Knock
from domain.events import AnyEvent, DeckRevealed, GameStarted, HandEnded
from domain.fairness import deck_commitment
from domain.game import decide, evolve
from domain.legal import legal_commands
from domain.rules import RuleSet, validate_seats
from domain.state import GameState, new_game
from service.envelope import Envelope
from service.replay.logfile import LogHeader, SeatKind
from service.simulation import Player, deal_command, random_player, with_shuffle

__all__ = ["deal_salt", "simulated_log", "simulated_commands"]

_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def deal_salt(seed: int, hand_number: int) -> str:
    """A salt fixed by the seed, so a simulated log is the same on every run."""
    return hashlib.sha256(f"rummy-sim:{seed}:{hand_number}".encode()).hexdigest()[:32]


def simulated_commands(
    ruleset: RuleSet,
    seats: int,
    seed: int,
    max_hands: int | None = None,
    knock_rate: float = 0.0,
    players: Sequence[Player] | None = None,
) -> Iterator[tuple[int | None, AnyCommand, list[AnyEvent], GameState]]:
    """service.simulation.play_game with committed deals and, under `knocking`,
    out-of-turn knocks at `knock_rate` whenever one is open. Without knocks it
    draws the same random numbers as play_game, so it plays the same game."""
    validate_seats(ruleset, seats)
    rng = random.Random(seed)
    chosen = players or [random_player] * seats
    state = new_game(ruleset, seats)
    while state.phase != "over":
        seat: int | None
        command: AnyCommand
        if state.phase == "deal":
            if max_hands is not None and state.hand_number >= max_hands:
                return
            deal = deal_command(state, rng)
            salt = deal_salt(seed, state.hand_number + 1)
            seat, command = None, replace(deal, commitment=deck_commitment(deal.deck, salt))
        else:
            seat, command = _next_move(state, rng, knock_rate, chosen)
        events = decide(state, seat, command)
        for event in events:
            state = evolve(state, event)
        yield seat, command, events, state


def _next_move(
    state: GameState, rng: random.Random, knock_rate: float, players: Sequence[Player]
) -> tuple[int, AnyCommand]:
    if state.ruleset.knocking and state.phase == "draw":
        knockers = [s for s in range(state.seats) if Knock() in legal_commands(state, s)]
        if knockers and rng.random() < knock_rate:
            return rng.choice(knockers), Knock()
    seat = state.turn
    return seat, with_shuffle(state, players[seat](state, seat, rng), rng)


def simulated_log(
    ruleset: RuleSet,
    seats: int,
    seed: int,
    max_hands: int | None = None,
    knock_rate: float = 0.0,
    game_id: str | None = None,
    players: Sequence[Player] | None = None,
) -> tuple[LogHeader, list[Envelope]]:
    """A whole simulated game as a log: each finished hand's deal is revealed
    right after the command that ended it."""
    header = LogHeader(
        game_id=game_id or f"sim-{seed}",
        ruleset=ruleset,
        seats=seats,
        seat_kinds=(SeatKind("bot", 1),) * seats,
        created_at=_at(0),
    )
    envelopes: list[Envelope] = []

    def add(seat: int | None, command_id: str | None, event: AnyEvent) -> None:
        version = len(envelopes) + 1
        envelopes.append(
            Envelope(
                version=version, at=_at(version), seat=seat, command_id=command_id, event=event
            )
        )

    add(None, None, GameStarted(ruleset=ruleset, seats=seats))
    commands = simulated_commands(ruleset, seats, seed, max_hands, knock_rate, players)
    for number, (seat, _, events, _) in enumerate(commands, 1):
        command_id = f"{header.game_id}-c{number}" if seat is not None else None
        for event in events:
            add(seat, command_id, event)
        for event in events:
            if isinstance(event, HandEnded):
                add(None, None, DeckRevealed(event.hand_number, deal_salt(seed, event.hand_number)))
    return header, envelopes


def _at(seconds: int) -> str:
    return (_EPOCH + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")
