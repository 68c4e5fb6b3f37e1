"""Logs of simulated games, as the service would write them: commitments, reveals, envelopes."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta

from domain.commands import AnyCommand
from domain.events import AnyEvent, DeckRevealed, GameStarted, HandEnded
from domain.rules import RuleSet
from domain.state import GameState
from service.app.envelope import Envelope
from service.logs.logfile import LogHeader, SeatKind
from service.tools.simulation import Player, play_game

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
    """service.tools.simulation.play_game with committed deals (salts fixed by the
    seed) and, under `knocking`, out-of-turn knocks at `knock_rate`; without
    the opening GameStarted."""
    game = play_game(
        ruleset,
        seats,
        seed,
        players,
        max_hands,
        knock_rate,
        salt=lambda hand_number: deal_salt(seed, hand_number),
    )
    next(game)
    yield from game


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
